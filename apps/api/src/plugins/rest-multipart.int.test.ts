import { synthesizeSpeech } from '@atelier/ai';
import { samplePortrait } from '@atelier/ai/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

/** §7's multipart uploads through the REST mirror: the same procedure, validation and limits as JSON. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, token: string, form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type') ?? '' },
    payload,
  });
  return { status: res.statusCode, body: res.json() as any };
}

const wav = async (text: string) => (await synthesizeSpeech({ text, voice: 'en-us+f3', pitch: 70, format: 'wav' })).data;

describe('multipart uploads on the REST mirror', () => {
  it('avatar/create takes name, type and the photo as form data', async () => {
    const u = await t.signUp();
    const photo = await samplePortrait();
    const form = new FormData();
    form.append('name', 'Form avatar');
    form.append('type', 'photo');
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const res = await post('/api/advanced-features/avatar/create', u.token, form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.avatar.name).toBe('Form avatar');
  });

  it('voice/clone takes repeated samples; a text file disguised as WAV is a 400 naming samples and charges nothing', async () => {
    const u = await t.signUp();
    const good = new FormData();
    good.append('name', 'Form voice');
    good.append('samples', new Blob([new Uint8Array(await wav('The quick brown fox.'))], { type: 'audio/wav' }), 'a.wav');
    good.append('samples', new Blob([new Uint8Array(await wav('Jumps over the lazy dog.'))], { type: 'audio/wav' }), 'b.wav');
    const ok = await post('/api/advanced-features/voice/clone', u.token, good);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.profile.sampleUrls).toHaveLength(2);

    const before = ok.body.creditsBalance as number;
    const bad = new FormData();
    bad.append('name', 'Fake');
    bad.append('samples', new Blob(['just some text, not audio'], { type: 'audio/wav' }), 'fake.wav');
    const refused = await post('/api/advanced-features/voice/clone', u.token, bad);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('samples');
    const me = await t.rest('GET', '/api/auth/me', { token: u.token });
    expect(me.body.user.credits).toBe(before);
  });

  it('a file over the limit is refused with 413', async () => {
    const u = await t.signUp();
    const form = new FormData();
    form.append('name', 'Huge');
    form.append('samples', new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'audio/wav' }), 'huge.wav');
    const res = await post('/api/advanced-features/voice/clone', u.token, form);
    expect(res.status).toBe(413);
  });
});
