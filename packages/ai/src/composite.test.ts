import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyQuickAction, compositeLayers, parseColor } from './composite';

const solid = (w: number, h: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: w, height: h, channels: 3, background } })
    .png()
    .toBuffer();

async function pixel(data: Buffer, x: number, y: number) {
  const raw = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * raw.info.width + x) * 3;
  return Array.from(raw.data.subarray(i, i + 3));
}

/** W3C compositing: the blend at full strength, then mixed with the backdrop by the layer's opacity. */
const mix = (b: number[], s: number[], f: (cb: number, cs: number) => number, a: number) => b.map((cb, i) => (1 - a) * cb + a * f(cb, s[i] ?? 0));

describe('compositeLayers', () => {
  const yellow = [255, 204, 0];
  const blue = [76, 110, 245];
  const layers = async (blendMode: 'normal' | 'multiply' | 'screen', opacity: number) => {
    const r = await compositeLayers({
      width: 60,
      height: 40,
      background: '#ffffff',
      format: 'png',
      layers: [
        {
          x: 0,
          y: 0,
          width: 60,
          height: 40,
          rotation: 0,
          opacity: 100,
          blendMode: 'normal',
          visible: true,
          image: await solid(10, 10, { r: 255, g: 204, b: 0 }),
        },
        {
          x: 20,
          y: 10,
          width: 20,
          height: 20,
          rotation: 0,
          opacity,
          blendMode,
          visible: true,
          shape: { kind: 'rectangle', fill: '#4c6ef5', stroke: 'transparent', strokeWidth: 0 },
        },
        {
          x: 0,
          y: 0,
          width: 60,
          height: 40,
          rotation: 0,
          opacity: 100,
          blendMode: 'normal',
          visible: false,
          shape: { kind: 'rectangle', fill: '#000', stroke: '#000', strokeWidth: 0 },
        },
      ],
    });
    expect(r.layersDrawn).toBe(2);
    return r.data;
  };

  it.each([
    ['normal', (_b: number, s: number) => s],
    ['multiply', (b: number, s: number) => (b * s) / 255],
    ['screen', (b: number, s: number) => 255 - ((255 - b) * (255 - s)) / 255],
  ] as const)('%s at 50 %% matches the CSS compositing formula', async (mode, f) => {
    const data = await layers(mode, 50);
    const got = await pixel(data, 30, 20);
    const want = mix(yellow, blue, f, 0.5);
    for (const [i, v] of got.entries()) expect(Math.abs(v - (want[i] ?? 0))).toBeLessThanOrEqual(2);
    expect(await pixel(data, 2, 2)).toEqual(yellow);
  });

  it('clips layers that leave the canvas and rotates about the centre', async () => {
    const r = await compositeLayers({
      width: 40,
      height: 40,
      background: 'transparent',
      format: 'png',
      layers: [
        {
          x: -20,
          y: -20,
          width: 40,
          height: 40,
          rotation: 45,
          opacity: 100,
          blendMode: 'normal',
          visible: true,
          shape: { kind: 'rectangle', fill: '#ff0000', stroke: 'transparent', strokeWidth: 0 },
        },
      ],
    });
    const raw = await sharp(r.data).raw().toBuffer({ resolveWithObject: true });
    expect(raw.info.width).toBe(40);
    expect(raw.data[3]).toBe(255); // (0,0) is inside the rotated square
    expect(raw.data[(39 * 40 + 39) * 4 + 3]).toBe(0); // the far corner stays transparent
  });
});

describe('quick actions', () => {
  it('flips, crops and inverts real pixels', async () => {
    const img = await sharp(await solid(20, 10, { r: 255, g: 0, b: 0 }))
      .composite([{ input: await solid(10, 10, { r: 0, g: 0, b: 255 }), left: 10, top: 0 }])
      .png()
      .toBuffer();
    const flipped = await applyQuickAction(img, { kind: 'flip', direction: 'horizontal' });
    expect(await pixel(flipped.data, 0, 0)).toEqual([0, 0, 255]);
    const cropped = await applyQuickAction(img, { kind: 'crop', left: 10, top: 0, width: 10, height: 10 });
    expect([cropped.width, cropped.height]).toEqual([10, 10]);
    expect(await pixel(cropped.data, 0, 0)).toEqual([0, 0, 255]);
    const inverted = await applyQuickAction(img, { kind: 'filter', filter: 'invert' });
    expect(await pixel(inverted.data, 0, 0)).toEqual([0, 255, 255]);
    await expect(applyQuickAction(img, { kind: 'resize', scale: 4 }, { maxPixels: 1000 })).rejects.toThrow(/megapixels/);
  });

  it('parses colours', () => {
    expect(parseColor('#f00')).toEqual({ r: 255, g: 0, b: 0, alpha: 1 });
    expect(parseColor('transparent').alpha).toBe(0);
    expect(() => parseColor('url(x)')).toThrow();
  });
});
