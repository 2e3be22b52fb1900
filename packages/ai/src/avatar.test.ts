import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animateAvatar, findMouth, loudnessEnvelope } from './avatar';
import { probeMedia } from './media-probe';
import { synthesizeSpeech } from './speech';

describe('animateAvatar', () => {
  it('makes an H.264 + AAC MP4 whose audio is the speech (± 0.2 s) and whose mouth moves with it', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 220, g: 180, b: 150 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="90" fill="#a0522d"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const text = 'Hello there, this is a short test of the talking avatar.';
    const speech = await synthesizeSpeech({ text, voice: 'en-us', format: 'wav' });
    const seen: number[] = [];
    const r = await animateAvatar({ image: photo, text, voice: 'en-us', size: 256, onProgress: (p) => void seen.push(p) });
    expect(Math.abs(r.speechSeconds - speech.durationSeconds)).toBeLessThan(0.01);
    const probe = await probeMedia(r.data);
    expect(probe.videoCodec).toBe('h264');
    expect(probe.audioCodec).toBe('aac');
    expect([probe.width, probe.height]).toEqual([256, 256]);
    expect(Math.abs(probe.durationSeconds - speech.durationSeconds)).toBeLessThan(0.2);
    expect(seen.at(-1)).toBe(100);
    expect((await sharp(r.thumbnail).metadata()).format).toBe('jpeg');
    const env = loudnessEnvelope(speech.data, 25);
    expect(Math.max(...env)).toBeGreaterThan(0.8);
    expect(Math.min(...env)).toBeLessThan(0.2);
  }, 60_000);

  it('stops when aborted', async () => {
    const ac = new AbortController();
    const p = animateAvatar({
      image: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      text: 'A longer sentence that takes a few seconds to speak out loud for the test.',
      signal: ac.signal,
      size: 128,
    });
    setTimeout(() => ac.abort(), 50);
    await expect(p).rejects.toThrow(/abort/i);
  }, 30_000);
});

describe('findMouth', () => {
  it('finds the lip line of a face and falls back on a picture without one', async () => {
    const face = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#9ec5e8"/>
      <ellipse cx="200" cy="390" rx="150" ry="70" fill="#8e3b46"/><ellipse cx="200" cy="190" rx="110" ry="140" fill="#f1c4a4"/>
      <circle cx="160" cy="170" r="7" fill="#333"/><circle cx="240" cy="170" r="7" fill="#333"/>
      <path d="M170 262 Q200 278 230 262" stroke="#b5524f" stroke-width="7" fill="none"/></svg>`;
    const raw = await sharp(Buffer.from(face)).removeAlpha().raw().toBuffer();
    const m = findMouth(raw, 400);
    expect(m.found).toBe(true);
    expect(Math.abs(m.y * 400 - 268)).toBeLessThan(14);
    expect(Math.abs(m.x - 0.5)).toBeLessThan(0.05);
    const flat = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#6a8' } })
      .raw()
      .toBuffer();
    expect(findMouth(flat, 200).found).toBe(false);
  });
});
