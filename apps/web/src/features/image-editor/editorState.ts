import type { AppRouter } from '@atelier/api/router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['imageEditor'];
export type ImageProject = Outputs['byId'];
export type Asset = ImageProject['assets'][number];
export type Layer = ImageProject['layers'][number];
export type Shape = NonNullable<Layer['shape']>;
export type BlendMode = Layer['blendMode'];

/** What the editor holds per layer and saves (the server's layer state without bookkeeping). */
export interface LayerState {
  id: string;
  type: 'IMAGE' | 'SHAPE';
  name: string;
  visible: boolean;
  opacity: number;
  blendMode: BlendMode;
  assetId: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  shape: Shape | null;
}

export const BLEND_MODES: { value: BlendMode; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'multiply', label: 'Multiply' },
  { value: 'screen', label: 'Screen' },
  { value: 'overlay', label: 'Overlay' },
  { value: 'darken', label: 'Darken' },
  { value: 'lighten', label: 'Lighten' },
  { value: 'color-dodge', label: 'Color dodge' },
  { value: 'color-burn', label: 'Color burn' },
  { value: 'hard-light', label: 'Hard light' },
  { value: 'soft-light', label: 'Soft light' },
  { value: 'difference', label: 'Difference' },
  { value: 'exclusion', label: 'Exclusion' },
];

export function toState(l: Layer): LayerState {
  return {
    id: l.id,
    type: l.type,
    name: l.name,
    visible: l.visible,
    opacity: l.opacity,
    blendMode: l.blendMode,
    assetId: l.assetId,
    x: l.x,
    y: l.y,
    width: l.width,
    height: l.height,
    rotation: l.rotation,
    shape: l.shape,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Layer state as the server stores it (rounded numbers), for comparisons and saving. */
export function normalise(l: LayerState): LayerState {
  return {
    ...l,
    opacity: Math.round(Math.max(0, Math.min(100, l.opacity))),
    x: round2(l.x),
    y: round2(l.y),
    width: Math.max(1, round2(l.width)),
    height: Math.max(1, round2(l.height)),
    rotation: round2(((((l.rotation + 180) % 360) + 360) % 360) - 180),
  };
}

export const sameLayers = (a: LayerState[], b: LayerState[]) => JSON.stringify(a.map(normalise)) === JSON.stringify(b.map(normalise));

/** What a save must send to turn `saved` into `doc`: every layer in order, and the ids that went away. */
export function diffForSave(saved: LayerState[], doc: LayerState[]): { layers: LayerState[]; remove: string[] } | null {
  if (sameLayers(saved, doc)) return null;
  const ids = new Set(doc.map((l) => l.id));
  return { layers: doc.map(normalise), remove: saved.filter((l) => !ids.has(l.id)).map((l) => l.id) };
}

/** Moves the layer at `from` to `to` (indexes bottom to top). */
export function moveLayer(layers: LayerState[], from: number, to: number): LayerState[] {
  if (from === to || from < 0 || to < 0 || from >= layers.length || to >= layers.length) return layers;
  const next = layers.slice();
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

/**
 * Resizing from a handle keeps the opposite corner where it is, also on a rotated layer.
 * (sx, sy) is the dragged handle's side (-1 left/top, 0 none, 1 right/bottom); (dx, dy) the pointer's move in canvas pixels.
 */
export function resizeFrom(l: LayerState, sx: number, sy: number, dx: number, dy: number, keepRatio: boolean): LayerState {
  const t = (l.rotation * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  // The pointer's move in the layer's own (unrotated) frame.
  const lx = dx * cos + dy * sin;
  const ly = -dx * sin + dy * cos;
  let w = Math.max(4, l.width + sx * lx);
  let h = Math.max(4, l.height + sy * ly);
  if (keepRatio && sx !== 0 && sy !== 0) {
    const ratio = l.width / l.height;
    if (w / h > ratio) h = w / ratio;
    else w = h * ratio;
  }
  const shiftX = (sx * (w - l.width)) / 2;
  const shiftY = (sy * (h - l.height)) / 2;
  const cx = l.x + l.width / 2 + shiftX * cos - shiftY * sin;
  const cy = l.y + l.height / 2 + shiftX * sin + shiftY * cos;
  return { ...l, width: w, height: h, x: cx - w / 2, y: cy - h / 2 };
}

export function shapeSvgProps(shape: Shape, w: number, h: number) {
  const sw = Math.max(0, Math.min(shape.strokeWidth, Math.min(w, h) / 2));
  return { sw, inner: { w: Math.max(0, w - sw), h: Math.max(0, h - sw) } };
}
