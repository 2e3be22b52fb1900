import { describe, expect, it } from 'vitest';
import { diffForSave, type LayerState, moveLayer, resizeFrom } from './editorState';

const layer = (id: string, patch: Partial<LayerState> = {}): LayerState => ({
  id,
  type: 'SHAPE',
  name: id,
  visible: true,
  opacity: 100,
  blendMode: 'normal',
  assetId: null,
  x: 100,
  y: 100,
  width: 200,
  height: 100,
  rotation: 0,
  shape: { kind: 'rectangle', fill: '#ff0000', stroke: 'transparent', strokeWidth: 0, radius: 0 },
  ...patch,
});

describe('editor state', () => {
  it('saves nothing when nothing changed, else every layer in order and what went away', () => {
    const a = layer('a');
    const b = layer('b');
    expect(diffForSave([a, b], [a, b])).toBeNull();
    const diff = diffForSave([a, b], [{ ...b, opacity: 50.4 }]);
    expect(diff?.layers.map((l) => [l.id, l.opacity])).toEqual([['b', 50]]);
    expect(diff?.remove).toEqual(['a']);
  });

  it('moves layers within bounds', () => {
    const list = [layer('a'), layer('b'), layer('c')];
    expect(moveLayer(list, 0, 2).map((l) => l.id)).toEqual(['b', 'c', 'a']);
    expect(moveLayer(list, 2, 3)).toBe(list);
  });

  it('resizes from a corner keeping the opposite corner, also when rotated', () => {
    const l = layer('a');
    const r = resizeFrom(l, 1, 1, 50, 20, false);
    expect([r.x, r.y, r.width, r.height]).toEqual([100, 100, 250, 120]);
    const left = resizeFrom(l, -1, 0, -30, 999, false);
    expect([left.x, left.width, left.height]).toEqual([70, 230, 100]);
    // Rotated 90°: the bottom-right handle's fixed corner (top-left in the layer's frame) stays put on screen.
    const rot = layer('r', { rotation: 90 });
    const corner = (s: LayerState, lx: number, ly: number) => {
      const t = (s.rotation * Math.PI) / 180;
      const cx = s.x + s.width / 2;
      const cy = s.y + s.height / 2;
      return [cx + lx * Math.cos(t) - ly * Math.sin(t), cy + lx * Math.sin(t) + ly * Math.cos(t)].map((n) => Math.round(n * 1000) / 1000);
    };
    const before = corner(rot, -rot.width / 2, -rot.height / 2);
    const after = resizeFrom(rot, 1, 1, -10, 40, false);
    expect(corner(after, -after.width / 2, -after.height / 2)).toEqual(before);
    expect([after.width, after.height]).toEqual([240, 110]);
  });

  it('keeps proportions when asked', () => {
    const r = resizeFrom(layer('a'), 1, 1, 100, 0, true);
    expect(r.width / r.height).toBeCloseTo(2, 5);
  });
});
