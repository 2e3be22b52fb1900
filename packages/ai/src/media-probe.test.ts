import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavHeader } from './common';
import { measureLoudness, probeMedia } from './media-probe';

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

  it('fails clearly on non-media input', async () => {
    await expect(probeMedia(Buffer.from('definitely not media'))).rejects.toThrow();
  });
});
