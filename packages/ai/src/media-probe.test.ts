import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { wavHeader } from './common';
import { measureLoudness, probeMedia } from './media-probe';

const execFileAsync = promisify(execFile);

function tone(seconds: number, amplitude: number): Buffer {
  const rate = 8000;
  const pcm = Buffer.alloc(seconds * rate * 2);
  for (let i = 0; i < seconds * rate; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * amplitude * 32767), i * 2);
  return Buffer.concat([wavHeader(pcm.length, rate, 1, 16), pcm]);
}

describe('media-probe', () => {
  it('probes buffers and paths', async () => {
    const wav = tone(2, 0.5);
    const fromBuffer = await probeMedia(wav);
    expect(fromBuffer).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: 'pcm_s16le', sampleRate: 8000, channels: 1 });
    expect(fromBuffer.durationSeconds).toBeCloseTo(2, 2);
    const dir = await mkdtemp(join(tmpdir(), 'atelier-probe-test-'));
    try {
      const path = join(dir, 'tone.wav');
      await writeFile(path, wav);
      expect((await probeMedia(path)).durationSeconds).toBeCloseTo(2, 2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('measures loudness (a half-scale sine peaks near -6 dB; silence is far below)', async () => {
    const loud = await measureLoudness(tone(1, 0.5));
    expect(loud.maxVolumeDb).toBeGreaterThan(-7);
    expect(loud.maxVolumeDb).toBeLessThan(-5);
    const silent = await measureLoudness(tone(1, 0));
    expect(silent.maxVolumeDb).toBeLessThan(-80);
  });

  it('reads a video’s frame rate as a rounded number and as the exact fraction', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-probe-test-'));
    try {
      for (const [rate, fps, exact] of [
        ['30000/1001', 29.97, '30000/1001'],
        ['24', 24, '24/1'],
      ] as const) {
        const path = join(dir, `clip-${fps}.mp4`);
        await execFileAsync('ffmpeg', [
          '-v',
          'error',
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=64x64:rate=${rate}:duration=0.5`,
          '-pix_fmt',
          'yuv420p',
          '-y',
          path,
        ]);
        const probe = await probeMedia(path);
        expect(probe).toMatchObject({ hasVideo: true, fps, frameRate: exact, width: 64, height: 64 });
        expect(probe.video).toMatchObject({ rotation: 0, sampleAspectRatio: '1:1' });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails clearly on non-media input', async () => {
    await expect(probeMedia(Buffer.from('definitely not media'))).rejects.toThrow();
  });
});
