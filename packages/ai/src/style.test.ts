import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyStyle, LOCAL_STYLE_IDS, stylizeVariation, variationFromPrompt } from './style';

/** A 301 × 203 test card (odd sizes on purpose): gradient, coloured shapes and text-like stripes. */
async function testImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="301" height="203">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a6fdb"/><stop offset="1" stop-color="#f7c948"/></linearGradient></defs>
    <rect width="301" height="203" fill="url(#g)"/><circle cx="90" cy="100" r="55" fill="#e4572e"/>
    <rect x="170" y="40" width="100" height="120" fill="#29335c"/><rect x="185" y="60" width="70" height="8" fill="#fff"/>
    <rect x="185" y="80" width="50" height="8" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function rawPixels(png: Buffer) {
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('applyStyle', () => {
  for (const style of LOCAL_STYLE_IDS) {
    it(`${style}: same size as the input, visibly different pixels; strength 0 is the original`, async () => {
      const input = await testImage();
      const original = await rawPixels(input);
      const full = await applyStyle({ image: input, style, strength: 100, seed: 1 });
      expect(full.mime).toBe('image/png');
      expect([full.width, full.height]).toEqual([301, 203]);
      const styled = await rawPixels(full.data);
      expect([styled.info.width, styled.info.height]).toEqual([301, 203]);
      expect(meanAbsDiff(original.data, styled.data)).toBeGreaterThan(8);

      const none = await rawPixels((await applyStyle({ image: input, style, strength: 0, seed: 1 })).data);
      expect(meanAbsDiff(original.data, none.data)).toBeLessThan(0.5);

      const half = await rawPixels((await applyStyle({ image: input, style, strength: 50, seed: 1 })).data);
      const dHalf = meanAbsDiff(original.data, half.data);
      expect(dHalf).toBeGreaterThan(0.5);
      expect(dHalf).toBeLessThan(meanAbsDiff(original.data, styled.data));
      expect(full.metadata).toMatchObject({ engine: 'local', style, strength: 100 });
    });
  }

  it('is deterministic for the same seed and reports progress', async () => {
    const input = await testImage();
    const seen: number[] = [];
    const a = await applyStyle({ image: input, style: 'vintage', seed: 9, onProgress: (p) => void seen.push(p) });
    const b = await applyStyle({ image: input, style: 'vintage', seed: 9 });
    expect(a.data.equals(b.data)).toBe(true);
    expect(seen.at(-1)).toBe(100);
  });

  it('rejects an unknown style and a non-image', async () => {
    await expect(applyStyle({ image: await testImage(), style: 'cubism' as never })).rejects.toThrow(/unknown style/);
    await expect(applyStyle({ image: Buffer.from('not an image'), style: 'sketch' })).rejects.toThrow();
  });
});

describe('avatar variations', () => {
  it('reads the style and colour from the prompt', () => {
    expect(variationFromPrompt('a pencil sketch portrait', 1).style).toBe('sketch');
    expect(variationFromPrompt('retro 8-bit game hero', 1).style).toBe('pixel-art');
    expect(variationFromPrompt('andy warhol pop poster', 1).style).toBe('pop-art');
    expect(variationFromPrompt('blue duotone', 1)).toMatchObject({ style: 'duotone', colors: { light: [70, 130, 255] } });
  });

  it('renders a variation at the photo size', async () => {
    const r = await stylizeVariation({ image: await testImage(), prompt: 'soft watercolour painting', seed: 3 });
    expect([r.width, r.height]).toEqual([301, 203]);
    expect(r.metadata).toMatchObject({ style: 'watercolour', model: 'local/avatar-variation' });
  });
});
