import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, type AspectRatio, dimensionsFor, RESOLUTIONS, type Resolution } from './common';
import { buildImageSvg, renderImage } from './image';

const EXPECTED: Record<AspectRatio, Record<Resolution, [number, number]>> = {
  '16:9': { '480p': [854, 480], '720p': [1280, 720], '1080p': [1920, 1080] },
  '9:16': { '480p': [480, 854], '720p': [720, 1280], '1080p': [1080, 1920] },
  '1:1': { '480p': [480, 480], '720p': [720, 720], '1080p': [1080, 1080] },
};

describe('renderImage', () => {
  for (const ratio of ASPECT_RATIOS) {
    for (const resolution of RESOLUTIONS) {
      it(`renders a ${ratio} ${resolution} PNG with the right pixel size`, async () => {
        const [width, height] = EXPECTED[ratio][resolution];
        expect(dimensionsFor(ratio, resolution)).toEqual({ width, height });
        const result = await renderImage({ prompt: 'moonlit mountains at night', seed: 11, aspectRatio: ratio, resolution });
        const meta = await sharp(result.data).metadata();
        expect(meta.format).toBe('png');
        expect([meta.width, meta.height]).toEqual([width, height]);
        expect([result.width, result.height]).toEqual([width, height]);
        expect(result.mime).toBe('image/png');
        expect(result.ext).toBe('png');
        expect(result.metadata.engine).toBe('local');
      }, 20_000);
    }
  }

  it('is deterministic: same prompt + seed → byte-identical PNG; another seed → different image', async () => {
    const opts = { prompt: 'a sunset over the ocean with waves', seed: 1234, aspectRatio: '16:9' as const, resolution: '480p' as const };
    const a = await renderImage(opts);
    const b = await renderImage(opts);
    const c = await renderImage({ ...opts, seed: 1235 });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(a.metadata.seed).toBe(1234);
  }, 20_000);

  it('picks and reports a random 32-bit seed when none is given, and that seed reproduces the image', async () => {
    const first = await renderImage({ prompt: 'neon city skyline', aspectRatio: '1:1', resolution: '480p' });
    const seed = first.metadata.seed;
    expect(typeof seed).toBe('number');
    expect(Number.isInteger(seed)).toBe(true);
    expect(seed as number).toBeGreaterThanOrEqual(0);
    expect(seed as number).toBeLessThan(2 ** 32);
    const again = await renderImage({ prompt: 'neon city skyline', seed: seed as number, aspectRatio: '1:1', resolution: '480p' });
    expect(again.data.equals(first.data)).toBe(true);
  }, 20_000);

  it('derives the scene from prompt words and honours the negative prompt', () => {
    const ocean = buildImageSvg('sunset over the ocean', 5, 854, 480);
    expect(ocean.time).toBe('sunset');
    expect(ocean.scenes).toContain('ocean');
    expect(ocean.features).toContain('water with waves');
    const night = buildImageSvg('starry night over the mountains', 5, 854, 480);
    expect(night.features).toContain('stars');
    const noStars = buildImageSvg('starry night over the mountains', 5, 854, 480, 'stars');
    expect(noStars.features).not.toContain('stars');
    const abstract = buildImageSvg('quarterly synergy', 5, 854, 480);
    expect(abstract.scenes).toEqual(['abstract']);
    // no prompt text is drawn into the image
    expect(buildImageSvg('Hello <world> & friends', 1, 100, 100).svg).not.toMatch(/<text|Hello/);
  });

  it('reports increasing progress ending at 100 and honours abort', async () => {
    const seen: number[] = [];
    await renderImage({ prompt: 'forest', seed: 1, aspectRatio: '16:9', resolution: '480p', onProgress: (p) => void seen.push(p) });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen).size).toBe(seen.length);

    const controller = new AbortController();
    controller.abort();
    await expect(renderImage({ prompt: 'forest', signal: controller.signal, resolution: '480p' })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects an empty prompt', async () => {
    await expect(renderImage({ prompt: '  ', resolution: '480p' })).rejects.toThrow(/prompt/);
  });
});
