import sharp, { type Blend, type Sharp } from 'sharp';

/**
 * Server-side compositing of image-editor layers (issue 9) with sharp. It follows what the web canvas
 * shows with CSS: layers bottom to top, hidden ones left out, each stretched to its box, rotated
 * about its centre, its alpha scaled by opacity, then blended with `mix-blend-mode` semantics
 * (sharp/libvips implement the same separable PDF blend formulas as CSS compositing).
 */

/** Blend modes both the canvas (CSS mix-blend-mode) and sharp support, by their CSS names. */
export const BLEND_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

const SHARP_BLEND: Record<BlendMode, Blend> = {
  normal: 'over',
  multiply: 'multiply',
  screen: 'screen',
  overlay: 'overlay',
  darken: 'darken',
  lighten: 'lighten',
  'color-dodge': 'color-dodge',
  'color-burn': 'color-burn',
  'hard-light': 'hard-light',
  'soft-light': 'soft-light',
  difference: 'difference',
  exclusion: 'exclusion',
};

export type ShapeKind = 'rectangle' | 'ellipse';

export interface ShapeStyle {
  kind: ShapeKind;
  /** CSS colour (#rgb, #rrggbb, #rrggbbaa) or 'transparent'. */
  fill: string;
  stroke: string;
  strokeWidth: number;
  /** Corner radius of rectangles, in canvas pixels. */
  radius?: number;
}

export interface CompositeLayer {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees, clockwise, about the box centre. */
  rotation: number;
  /** 0–100. */
  opacity: number;
  blendMode: BlendMode;
  visible: boolean;
  /** IMAGE layers: the encoded pixels (PNG/JPEG/WebP). */
  image?: Buffer;
  /** SHAPE layers. */
  shape?: ShapeStyle;
}

export interface CompositeOptions {
  width: number;
  height: number;
  /** CSS colour of the canvas under every layer; 'transparent' for none. */
  background: string;
  /** Layers bottom (first) to top (last). */
  layers: CompositeLayer[];
  format: 'png' | 'jpeg' | 'webp';
  quality?: number;
  /** Pixel cap for every decoded input. */
  limitInputPixels?: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A CSS hex colour or 'transparent' → RGBA (alpha 0–1). */
export function parseColor(value: string): { r: number; g: number; b: number; alpha: number } {
  const v = value.trim().toLowerCase();
  if (v === 'transparent' || v === 'none') return { r: 0, g: 0, b: 0, alpha: 0 };
  if (!HEX.test(v)) throw new Error(`Unsupported colour ${value}`);
  let hex = v.slice(1);
  if (hex.length === 3)
    hex = hex
      .split('')
      .map((c) => c + c)
      .join('');
  const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), alpha: hex.length === 8 ? n(6) / 255 : 1 };
}

export const isColor = (value: string) => {
  try {
    parseColor(value);
    return true;
  } catch {
    return false;
  }
};

const svgColor = (value: string) => {
  const c = parseColor(value);
  return { color: `rgb(${c.r},${c.g},${c.b})`, opacity: c.alpha };
};

/** The SVG of a shape filling a w×h box; the stroke sits inside the box, as on the canvas. */
export function shapeSvg(shape: ShapeStyle, w: number, h: number): string {
  const sw = Math.max(0, Math.min(shape.strokeWidth, Math.min(w, h) / 2));
  const fill = svgColor(shape.fill);
  const stroke = svgColor(shape.stroke);
  const paint = `fill="${fill.color}" fill-opacity="${fill.opacity}" stroke="${sw > 0 ? stroke.color : 'none'}" stroke-opacity="${stroke.opacity}" stroke-width="${sw}"`;
  const body =
    shape.kind === 'ellipse'
      ? `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${Math.max(0, w / 2 - sw / 2)}" ry="${Math.max(0, h / 2 - sw / 2)}" ${paint}/>`
      : `<rect x="${sw / 2}" y="${sw / 2}" width="${Math.max(0, w - sw)}" height="${Math.max(0, h - sw)}" rx="${Math.max(0, shape.radius ?? 0)}" ${paint}/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** One layer as raw RGBA pixels positioned on the canvas (clipped to it), or null when nothing shows. */
async function renderLayer(layer: CompositeLayer, canvasW: number, canvasH: number, limitInputPixels: number): Promise<Overlay | null> {
  if (!layer.visible || layer.opacity <= 0) return null;
  const w = Math.max(1, Math.round(layer.width));
  const h = Math.max(1, Math.round(layer.height));
  let img: Sharp;
  if (layer.shape) {
    img = sharp(Buffer.from(shapeSvg(layer.shape, w, h)), { limitInputPixels });
  } else if (layer.image) {
    img = sharp(layer.image, { limitInputPixels }).rotate().resize(w, h, { fit: 'fill' });
  } else {
    return null;
  }
  let buf = await img.ensureAlpha().png().toBuffer();
  let outW = w;
  let outH = h;
  const rotation = ((layer.rotation % 360) + 360) % 360;
  if (rotation !== 0) {
    const rotated = await sharp(buf)
      .rotate(rotation, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer({ resolveWithObject: true });
    buf = rotated.data;
    outW = rotated.info.width;
    outH = rotated.info.height;
  }
  // The rotated bounding box keeps the layer's centre.
  const left = Math.round(layer.x + layer.width / 2 - outW / 2);
  const top = Math.round(layer.y + layer.height / 2 - outH / 2);
  // Clip to the canvas: sharp only composites overlays that fit inside the base.
  const cx0 = Math.max(0, left);
  const cy0 = Math.max(0, top);
  const cx1 = Math.min(canvasW, left + outW);
  const cy1 = Math.min(canvasH, top + outH);
  if (cx1 <= cx0 || cy1 <= cy0) return null;
  const input = await sharp(buf)
    .extract({ left: cx0 - left, top: cy0 - top, width: cx1 - cx0, height: cy1 - cy0 })
    .png()
    .toBuffer();
  return { input, left: cx0, top: cy0, blend: SHARP_BLEND[layer.blendMode] ?? 'over', opacity: Math.max(0, Math.min(100, layer.opacity)) / 100 };
}

/** sharp's composite has no per-layer opacity: scale the alpha channel. */
const withOpacity = (input: Buffer, a: number) => sharp(input).ensureAlpha().linear([1, 1, 1, a], [0, 0, 0, 0]).png().toBuffer();

/**
 * Draws one layer onto `base`. CSS blends the layer at full strength and then mixes the result
 * with what is below by the layer's opacity; libvips would blend the alpha-scaled colours instead
 * (a 50 % multiply comes out darker). So a blended, partly transparent layer is drawn in two steps:
 * blend at full strength, then lay that over the base at the layer's opacity ('over' matches CSS).
 */
async function drawLayer(base: Buffer, o: Overlay): Promise<Buffer> {
  if (o.opacity >= 1 || o.blend === 'over') {
    const input = o.opacity >= 1 ? o.input : await withOpacity(o.input, o.opacity);
    return sharp(base)
      .composite([{ input, left: o.left, top: o.top, blend: o.blend }])
      .png()
      .toBuffer();
  }
  const blended = await sharp(base)
    .composite([{ input: o.input, left: o.left, top: o.top, blend: o.blend }])
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: await withOpacity(blended, o.opacity), blend: 'over' }])
    .png()
    .toBuffer();
}

interface Overlay {
  input: Buffer;
  left: number;
  top: number;
  blend: Blend;
  opacity: number;
}

export interface CompositeResult {
  data: Buffer;
  width: number;
  height: number;
  layersDrawn: number;
}

/** Renders the composition to PNG, JPEG or WebP. JPEG has no alpha: a transparent background becomes white there. */
export async function compositeLayers(options: CompositeOptions): Promise<CompositeResult> {
  const { width, height } = options;
  const limitInputPixels = options.limitInputPixels ?? 50_000_000;
  const bg = parseColor(options.background);
  const overlays: Overlay[] = [];
  for (const layer of options.layers) {
    const o = await renderLayer(layer, width, height, limitInputPixels);
    if (o) overlays.push(o);
  }
  let base: Buffer = await sharp({ create: { width, height, channels: 4, background: bg } })
    .png()
    .toBuffer();
  // One overlay at a time, so each blends with what is below it (as the canvas does).
  for (const o of overlays) base = await drawLayer(base, o);
  let out = sharp(base);
  const quality = options.quality ?? 90;
  if (options.format === 'jpeg') out = out.flatten({ background: '#ffffff' }).jpeg({ quality });
  else if (options.format === 'webp') out = out.webp({ quality });
  else out = out.png();
  const data = await out.toBuffer();
  return { data, width, height, layersDrawn: overlays.length };
}

export type QuickAction =
  | { kind: 'flip'; direction: 'horizontal' | 'vertical' }
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'crop'; left: number; top: number; width: number; height: number }
  | { kind: 'resize'; scale: number }
  | { kind: 'adjust'; brightness: number; contrast: number; saturation: number }
  | { kind: 'filter'; filter: 'grayscale' | 'sepia' | 'invert' | 'blur' | 'sharpen' };

/**
 * Applies one quick action to an image and returns the new PNG. Crop rectangles are in the
 * image's own pixels; adjust values are multipliers (1 = unchanged).
 */
export async function applyQuickAction(
  input: Buffer,
  action: QuickAction,
  limits: { maxPixels: number } = { maxPixels: 40_000_000 },
): Promise<{ data: Buffer; width: number; height: number }> {
  const src = sharp(input, { limitInputPixels: limits.maxPixels }).rotate();
  const meta = await sharp(input, { limitInputPixels: limits.maxPixels }).metadata();
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  let img = src.ensureAlpha();
  switch (action.kind) {
    case 'flip':
      img = action.direction === 'horizontal' ? img.flop() : img.flip();
      break;
    case 'rotate':
      img = img.rotate(action.degrees);
      break;
    case 'crop': {
      const left = Math.max(0, Math.min(w - 1, Math.round(action.left)));
      const top = Math.max(0, Math.min(h - 1, Math.round(action.top)));
      const width = Math.max(1, Math.min(w - left, Math.round(action.width)));
      const height = Math.max(1, Math.min(h - top, Math.round(action.height)));
      img = img.extract({ left, top, width, height });
      break;
    }
    case 'resize': {
      const width = Math.max(1, Math.round(w * action.scale));
      const height = Math.max(1, Math.round(h * action.scale));
      if (width * height > limits.maxPixels) throw new RangeError(`The result would exceed ${limits.maxPixels / 1_000_000} megapixels`);
      img = img.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
      break;
    }
    case 'adjust': {
      const c = action.contrast;
      img = img.modulate({ brightness: action.brightness, saturation: action.saturation });
      // Contrast about mid-grey: out = c * (in - 128) + 128 on the colour channels.
      if (c !== 1) img = img.linear([c, c, c, 1], [128 * (1 - c), 128 * (1 - c), 128 * (1 - c), 0]);
      break;
    }
    case 'filter':
      if (action.filter === 'grayscale') img = img.grayscale();
      else if (action.filter === 'invert') img = img.negate({ alpha: false });
      else if (action.filter === 'blur') img = img.blur(4);
      else if (action.filter === 'sharpen') img = img.sharpen({ sigma: 1.5 });
      else
        img = img.recomb([
          [0.393, 0.769, 0.189],
          [0.349, 0.686, 0.168],
          [0.272, 0.534, 0.131],
        ]);
      break;
  }
  const out = await img.png().toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}
