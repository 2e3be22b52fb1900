import { localEngines, measureLoudness, probeMedia } from '@atelier/ai';
import { samplePortrait } from '@atelier/ai/testing';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await createTestApp();
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
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

  it('follows a reference track: its tempo and key when the request sets none', async () => {
    const { synthesizeMusic } = await import('@atelier/ai');
    const ref = await synthesizeMusic({ prompt: 'reference', genre: 'rock', bpm: 140, key: 'D major', durationSeconds: 12, seed: 4 });
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/music/generate', {
      token: u.token,
      body: { prompt: 'something new', duration: 6, genre: 'electronic', referenceAudio: `data:audio/wav;base64,${ref.data.toString('base64')}` },
    });
    expect(res.status).toBe(200);
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    expect(done.metadata).toMatchObject({ bpm: 140, bpmSource: 'reference', key: 'D major', keySource: 'reference' });
    expect(done.metadata.reference).toMatchObject({ bpm: 140, key: 'D major', shapedDynamics: true });
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
    expect(res.body.generation.params.voiceName).toBe('English (US) — female');
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
    // the take carries the clone's name (what the studio labels it with), not the built-in espeak voice's
    expect(gen.body.generation.params).toMatchObject({
      voiceId: 'en-us+f3',
      pitch: profile.pitch,
      speed: profile.speed,
      voiceName: 'My voice',
      profileId: profile.id,
    });
    const done = await waitFor(gen.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const key = decodeURIComponent(new URL(done.outputUrl, 'http://x').pathname.replace(/^\/media\//, ''));
    expect((await measureLoudness(await readStored(key))).maxVolumeDb).toBeGreaterThan(-30);
  }, 120_000);
});

describe('avatar studio', () => {
  it('creates an avatar from a photo of a person (cropped square around the face, normalised) and lists it; rejects a non-image naming photo', async () => {
    const photo = await samplePortrait();
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Me', type: 'photo', photo: `data:image/jpeg;base64,${photo.toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toMatchObject({ name: 'Me', type: 'photo', width: 768, height: 768 });
    expect(res.body.warning).toBeNull();
    const list = await t.rest('GET', '/api/advanced-features/avatar/list', { token: u.token });
    expect(list.body.avatars.map((a: { id: string }) => a.id)).toEqual([res.body.avatar.id]);
    const bad = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Bad', photo: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(bad.body)).toContain('photo');
  });

  it('refuses a photo with no face ("No face found in this photo", naming photo) and keeps nothing', async () => {
    const { default: sharp } = await import('sharp');
    const beige = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#e6d3b3' } })
      .png()
      .toBuffer();
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Beige Host', type: 'photo', photo: `data:image/png;base64,${beige.toString('base64')}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('No face found in this photo');
    expect(res.body.error.fields).toEqual([{ path: 'photo', message: 'No face found in this photo' }]);
    const list = await t.rest('GET', '/api/advanced-features/avatar/list', { token: u.token });
    expect(list.body.avatars).toEqual([]);
    const { readdir } = await import('node:fs/promises');
    const uploads = await readdir(`${t.env.media.dir}/uploads/${u.userId}`).catch(() => []);
    expect(uploads).toEqual([]);
  });
});

/** A simple cartoon face, so the avatar has a mouth where the animation expects one. */
async function facePng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#9ec5e8"/>
    <ellipse cx="320" cy="600" rx="220" ry="120" fill="#35507a"/><ellipse cx="320" cy="320" rx="150" ry="185" fill="#f1c4a4"/>
    <circle cx="265" cy="310" r="10" fill="#3a2a1a"/><circle cx="375" cy="310" r="10" fill="#3a2a1a"/>
    <path d="M280 430 Q320 450 360 430" stroke="#b5524f" stroke-width="8" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/media\//, ''));

describe('avatar studio: variations and talking videos', () => {
  it('animates an avatar: an MP4 whose audio matches the speech within 0.2 s, charged once; variations; takes', async () => {
    const { synthesizeSpeech } = await import('@atelier/ai');
    const u = await t.signUp();
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const created = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Host', type: 'illustration', photo: `data:image/png;base64,${(await facePng()).toString('base64')}` },
    });
    expect(created.status).toBe(200);
    const avatarId = created.body.avatar.id as string;
    const text = 'Welcome to the studio. Today we make a talking avatar.';

    const res = await t.rest('POST', '/api/advanced-features/avatar/animate', {
      token: u.token,
      body: { avatarId, text, voiceId: 'en-gb', speed: 1.1, pitch: 40 },
    });
    expect(res.status).toBe(200);
    expect(res.body.generation).toMatchObject({ type: 'video', model: 'local/avatar', prompt: text, creditsUsed: 3 });
    expect(res.body.generation.params).toMatchObject({ avatarId, voiceId: 'en-gb', speed: 1.1, pitch: 40 });
    expect(res.body.creditsBalance).toBe(before - 3);
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const video = await readStored(keyOf(done.outputUrl));
    const probe = await probeMedia(video);
    expect(probe.videoCodec).toBe('h264');
    expect(probe.audioCodec).toBe('aac');
    const speech = await synthesizeSpeech({ text, voice: 'en-gb', speed: 1.1, pitch: 40, format: 'wav' });
    const { execFile } = await import('node:child_process');
    const { writeFile, rm } = await import('node:fs/promises');
    const path = `/tmp/avatar-int-${process.pid}.mp4`;
    await writeFile(path, video);
    const audioSeconds = await new Promise<number>((resolve, reject) =>
      execFile('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path], (err, out) =>
        err ? reject(err) : resolve(Number(out.trim())),
      ),
    );
    await rm(path, { force: true });
    expect(Math.abs(audioSeconds - speech.durationSeconds)).toBeLessThanOrEqual(0.2);
    expect(done.thumbnailUrl).toBeTruthy();
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits).toBe(before - 3);

    const vars = await t.rest('POST', '/api/advanced-features/avatar/generate', {
      token: u.token,
      body: { avatarId, prompt: 'a pencil sketch', count: 2 },
    });
    expect(vars.status).toBe(200);
    expect(vars.body.generations).toHaveLength(2);
    expect(vars.body.creditsBalance).toBe(before - 5);
    for (const g of vars.body.generations) {
      const v = await waitFor(g.id, u.token);
      expect(v.status).toBe('COMPLETED');
      expect(v.metadata).toMatchObject({ style: 'sketch', width: 768, height: 768 });
    }
    const takes = await t.rest('GET', `/api/advanced-features/avatar/takes?avatarId=${avatarId}`, { token: u.token });
    expect(takes.status).toBe(200);
    expect(takes.body.generations.map((g: { model: string }) => g.model).sort()).toEqual([
      'local/avatar',
      'local/avatar-variation',
      'local/avatar-variation',
    ]);
  }, 180_000);

  it('refuses bad input with a 400 naming the field and charges nothing; another user gets 404; guests 401', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/advanced-features/avatar/create', {
      token: u.token,
      body: { name: 'Me', photo: `data:image/png;base64,${(await facePng()).toString('base64')}` },
    });
    const avatarId = created.body.avatar.id as string;
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const badVoice = await t.rest('POST', '/api/advanced-features/avatar/animate', {
      token: u.token,
      body: { avatarId, text: 'hi', voiceId: 'klingon' },
    });
    expect(badVoice.status).toBe(400);
    expect(JSON.stringify(badVoice.body)).toContain('voiceId');
    const noText = await t.rest('POST', '/api/advanced-features/avatar/animate', {
      token: u.token,
      body: { avatarId, text: '  ', voiceId: 'en-us' },
    });
    expect(noText.status).toBe(400);
    expect(JSON.stringify(noText.body)).toContain('text');
    const tooMany = await t.rest('POST', '/api/advanced-features/avatar/generate', { token: u.token, body: { avatarId, prompt: 'x', count: 9 } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('count');
    const other = await t.signUp();
    const stolen = await t.rest('POST', '/api/advanced-features/avatar/animate', {
      token: other.token,
      body: { avatarId, text: 'hi', voiceId: 'en-us' },
    });
    expect(stolen.status).toBe(404);
    const stolenTakes = await t.rest('GET', `/api/advanced-features/avatar/takes?avatarId=${avatarId}`, { token: other.token });
    expect(stolenTakes.status).toBe(404);
    const guest = await t.rest('POST', '/api/advanced-features/avatar/generate', { body: { avatarId, prompt: 'x' } });
    expect(guest.status).toBe(401);
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits).toBe(before);
  });
});

describe('style transfer', () => {
  const cardPng = async () => {
    const { default: sharp } = await import('sharp');
    return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><circle cx="110" cy="100" r="60" fill="#f5b041"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
  };

  it('lists the styles, runs one on an upload (same size, different pixels) and on an own generation; lists results', async () => {
    const { default: sharp } = await import('sharp');
    const u = await t.signUp();
    const styles = await t.rest('GET', '/api/advanced-features/style-transfer/styles');
    expect(styles.body.styles.map((s: { id: string }) => s.id)).toEqual(['sketch', 'watercolour', 'pop-art', 'duotone', 'vintage', 'pixel-art']);
    const input = await cardPng();
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const res = await t.rest('POST', '/api/advanced-features/style-transfer', {
      token: u.token,
      body: { image: `data:image/png;base64,${input.toString('base64')}`, style: 'pop-art', strength: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body.generation).toMatchObject({ type: 'image', model: 'local/style-transfer', params: { style: 'pop-art', strength: 100 } });
    expect(res.body.generation.sourceUrl).toContain('/media/uploads/');
    expect(res.body.creditsBalance).toBe(before - 1);
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const out = await sharp(await readStored(keyOf(done.outputUrl)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([out.info.width, out.info.height]).toEqual([320, 200]);
    const orig = await sharp(input).removeAlpha().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < orig.length; i++) diff += Math.abs((orig[i] ?? 0) - (out.data[i] ?? 0));
    expect(diff / orig.length).toBeGreaterThan(10);

    // a second style on the first result (one of the user's own generations, by its signed URL)
    const again = await t.rest('POST', '/api/advanced-features/style-transfer', {
      token: u.token,
      body: { image: done.outputUrl, style: 'vintage', strength: 40 },
    });
    expect(again.status).toBe(200);
    expect((await waitFor(again.body.generation.id, u.token)).status).toBe('COMPLETED');
    const list = await t.rest('GET', '/api/advanced-features/style-transfer/results', { token: u.token });
    expect(list.body.results.map((r: { id: string }) => r.id)).toEqual([again.body.generation.id, res.body.generation.id]);
  }, 120_000);

  it('400s name the field and charge nothing: unknown style, strength out of range, not an image, someone else’s image', async () => {
    const u = await t.signUp();
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const image = `data:image/png;base64,${(await cardPng()).toString('base64')}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ image, style: 'cubism' }, 'style'],
      [{ image, style: 'sketch', strength: 140 }, 'strength'],
      [{ image: `data:image/png;base64,${Buffer.from('plain text').toString('base64')}`, style: 'sketch' }, 'image'],
      [{ image: 'generations/00000000-0000-4000-8000-000000000001/x.png', style: 'sketch' }, 'image'],
    ];
    for (const [body, field] of cases) {
      const res = await t.rest('POST', '/api/advanced-features/style-transfer', { token: u.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits).toBe(before);
    const guest = await t.rest('POST', '/api/advanced-features/style-transfer', { body: { image, style: 'sketch' } });
    expect(guest.status).toBe(401);
  });
});
