import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { probeMedia } from './media-probe';
import { renderVideo } from './video';

async function videoTempDirs(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((n) => n.startsWith('atelier-video-'));
}

describe('renderVideo', () => {
  it('renders a 3 s 480p 16:9 H.264 clip from a prompt (no image), with thumbnail and progress', async () => {
    const before = await videoTempDirs();
    const seen: number[] = [];
    const result = await renderVideo({
      prompt: 'sunset over the ocean',
      durationSeconds: 3,
      aspectRatio: '16:9',
      resolution: '480p',
      motion: 'zoom-in',
      seed: 7,
      onProgress: (p) => void seen.push(p),
    });
    expect(result.mime).toBe('video/mp4');
    const probe = await probeMedia(result.data);
    expect(probe.videoCodec).toBe('h264');
    expect(probe.pixelFormat).toBe('yuv420p');
    expect([probe.width, probe.height]).toEqual([854, 480]);
    expect(Math.abs(probe.durationSeconds - 3)).toBeLessThan(0.1);
    expect(probe.fps).toBe(24);
    expect(probe.hasAudio).toBe(false);
    // +faststart: the moov atom comes before mdat
    const moov = result.data.indexOf('moov');
    const mdat = result.data.indexOf('mdat');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
    const thumb = await sharp(result.thumbnail).metadata();
    expect(thumb.format).toBe('jpeg');
    expect([thumb.width, thumb.height]).toEqual([854, 480]);
    expect(result.metadata).toMatchObject({ engine: 'local', source: 'rendered-from-prompt', motion: 'zoom-in', frames: 72, fps: 24 });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((p) => p > 15 && p < 92)).toBe(true); // ffmpeg -progress parsed
    expect(await videoTempDirs()).toEqual(before);
  }, 30_000);

  it('animates an input image (other aspect ratio, cover-cropped) at 30 fps', async () => {
    const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366aa' } })
      .composite([{ input: Buffer.from('<svg width="640" height="400"><circle cx="320" cy="200" r="120" fill="#ffcc00"/></svg>') }])
      .png()
      .toBuffer();
    const result = await renderVideo({ image, durationSeconds: 3, aspectRatio: '16:9', resolution: '480p', fps: 30, motion: 'pan-right', seed: 1 });
    const probe = await probeMedia(result.data);
    expect(probe.videoCodec).toBe('h264');
    expect([probe.width, probe.height]).toEqual([854, 480]);
    expect(Math.abs(probe.durationSeconds - 3)).toBeLessThan(0.1);
    expect(probe.fps).toBe(30);
    expect(result.metadata).toMatchObject({ source: 'input-image', motion: 'pan-right', frames: 90 });
  }, 30_000);

  it('aborts a running render, kills ffmpeg and cleans up its temp folder', async () => {
    const before = await videoTempDirs();
    const controller = new AbortController();
    let abortedAt = -1;
    const pending = renderVideo({
      prompt: 'forest',
      durationSeconds: 20,
      resolution: '480p',
      aspectRatio: '9:16',
      seed: 2,
      signal: controller.signal,
      // abort once ffmpeg is encoding (progress past the still-image stage)
      onProgress: (p) => {
        if (p > 16 && abortedAt < 0) {
          abortedAt = p;
          controller.abort();
        }
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBeGreaterThan(16);
    expect(abortedAt).toBeLessThan(90);
    expect(await videoTempDirs()).toEqual(before);
    const already = new AbortController();
    already.abort();
    await expect(renderVideo({ prompt: 'x', durationSeconds: 1, signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  }, 30_000);

  it('validates its inputs', async () => {
    await expect(renderVideo({ durationSeconds: 2 })).rejects.toThrow(/prompt or an image/);
    await expect(renderVideo({ prompt: 'x', durationSeconds: 0 })).rejects.toThrow(RangeError);
  });
});
