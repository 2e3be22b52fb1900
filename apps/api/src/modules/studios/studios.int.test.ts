import { measureLoudness, probeMedia } from '@atelier/ai';
import { localEngines, type RunningWorkers, startAllWorkers } from '@atelier/worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await createTestApp();
  workers = await startAllWorkers({
    env: t.env,
    db: t.deps.db,
    log: pino({ level: 'silent' }),
    storage: t.deps.storage,
    engines: await localEngines(),
  });
});
afterAll(async () => {
  await workers.close(5000);
  await t.close();
});

async function waitFor(id: string, token: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.rest('GET', `/api/generation/${id}`, { token });
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(res.body.status) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('music studio', () => {
  it('makes 12 s of music at 120 bpm in A minor (± 5 %)', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/music/generate', {
      token: u.token,
      body: { prompt: 'a calm lo-fi groove', duration: 12, bpm: 120, key: 'A minor', genre: 'lo-fi', mood: 'calm' },
    });
    expect(res.status).toBe(200);
    expect(res.body.generation.model).toBe('local/music');
    expect(res.body.generation.params).toMatchObject({ duration: 12, bpm: 120, key: 'A minor' });
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const key = new URL(done.outputUrl, 'http://x').pathname.replace(/^\/media\//, '');
    const probe = await probeMedia(await readStored(decodeURIComponent(key)));
    expect(Math.abs((probe.durationSeconds ?? 0) - 12)).toBeLessThanOrEqual(0.6);
  }, 120_000);

  it('rejects a reference that is not audio, naming the field', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/music/generate', {
      token: u.token,
      body: { prompt: 'x', duration: 5, referenceAudio: `data:audio/wav;base64,${Buffer.from('hello, not audio at all').toString('base64')}` },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('referenceAudio');
  });
});

describe('voice studio (built-in voices)', () => {
  it('speaks text with a local voice: non-silent audio', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/voice/generate', {
      token: u.token,
      body: { text: 'Hello from the voice studio.', voiceId: 'en-us+f3', speed: 1.1, pitch: 55 },
    });
    expect(res.status).toBe(200);
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const key = decodeURIComponent(new URL(done.outputUrl, 'http://x').pathname.replace(/^\/media\//, ''));
    const loud = await measureLoudness(await readStored(key));
    expect(loud.maxVolumeDb).toBeGreaterThan(-30);
    const bad = await t.rest('POST', '/api/advanced-features/voice/generate', { token: u.token, body: { text: 'x', voiceId: 'klingon' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('voiceId');
  }, 120_000);
});

async function readStored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of t.deps.storage.read(key)) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('voice studio (local cloning)', () => {
  const wav = async (text: string, voice: string) => {
    const { synthesizeSpeech } = await import('@atelier/ai');
    const r = await synthesizeSpeech({ text, voice, pitch: 70, format: 'wav' });
    return `data:audio/wav;base64,${r.data.toString('base64')}`;
  };

  it('rejects a non-audio sample with a 400 naming it', async () => {
    const u = await t.signUp();
    const good = await wav('A short sample.', 'en-us+f3');
    const res = await t.rest('POST', '/api/advanced-features/voice/clone', {
      token: u.token,
      body: { name: 'Bad', samples: [good, `data:audio/wav;base64,${Buffer.from('%PDF-1.4 definitely not audio').toString('base64')}`] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('samples.1');
  });

  it('clones from two WAV samples, charges 3 credits, lists the profile and speaks with it (non-silent)', async () => {
    const u = await t.signUp();
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const samples = [
      await wav('The quick brown fox jumps over the lazy dog.', 'en-us+f3'),
      await wav('She sells sea shells by the sea shore every summer.', 'en-us+f3'),
    ];
    const res = await t.rest('POST', '/api/advanced-features/voice/clone', { token: u.token, body: { name: 'My voice', samples } });
    expect(res.status).toBe(200);
    const profile = res.body.profile;
    expect(profile.name).toBe('My voice');
    expect(profile.meanPitchHz).toBeGreaterThan(150); // a female espeak voice at pitch 70
    expect(profile.voice).toBe('en-us+f3');
    expect(profile.sampleUrls).toHaveLength(2);
    expect(res.body.creditsBalance).toBe(before - 3);
    const list = await t.rest('GET', '/api/advanced-features/voice/profiles', { token: u.token });
    expect(list.body.profiles.map((p: { id: string }) => p.id)).toEqual([profile.id]);

    const gen = await t.rest('POST', '/api/advanced-features/voice/generate', {
      token: u.token,
      body: { text: 'Cloned voices speak too.', voiceId: profile.id },
    });
    expect(gen.status).toBe(200);
    expect(gen.body.generation.params).toMatchObject({ voiceId: 'en-us+f3', pitch: profile.pitch, speed: profile.speed });
    const done = await waitFor(gen.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const key = decodeURIComponent(new URL(done.outputUrl, 'http://x').pathname.replace(/^\/media\//, ''));
    expect((await measureLoudness(await readStored(key))).maxVolumeDb).toBeGreaterThan(-30);
  }, 120_000);
});

describe('avatar studio', () => {
  it('creates an avatar from a PNG (cropped square, normalised) and lists it; rejects a non-image naming photo', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Me', type: 'photo', photo: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toMatchObject({ name: 'Me', type: 'photo', width: 768, height: 768 });
    const list = await t.rest('GET', '/api/advanced-features/avatar/list', { token: u.token });
    expect(list.body.avatars.map((a: { id: string }) => a.id)).toEqual([res.body.avatar.id]);
    const bad = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Bad', photo: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(bad.body)).toContain('photo');
  });
});
