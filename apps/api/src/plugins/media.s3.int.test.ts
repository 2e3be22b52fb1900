import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type S3TestServer, startS3Server } from '@atelier/media/testing/s3-server';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo, seedWorkspace, testEngines, waitUntil } from '../modules/projects/projects.fixtures';
import { buildServer } from '../server';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * STORAGE_DRIVER=s3 end to end, against a real S3 API server (s3rver): a generation and a project
 * export are written to the bucket by the workers and served through /media in both delivery
 * modes (proxy: Range, ETag, 304; redirect: 302 to a presigned URL that serves the same bytes,
 * ranges included). Deletes reach the bucket; the local media folder stays empty throughout.
 */
let s3: S3TestServer;
let t: TestApp;
let workers: RunningWorkers;
let mediaDir: string;
let redirecting: FastifyInstance;

beforeAll(async () => {
  s3 = await startS3Server();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-unused-media-'));
  t = await createTestApp({ ...s3.env, MEDIA_DIR: mediaDir });
  const { engines } = await testEngines();
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, engines });
  // The same app with MEDIA_DELIVERY=redirect (same database, same bucket).
  redirecting = await buildServer({ ...t.deps, env: { ...t.env, storage: { ...t.env.storage, delivery: 'redirect' } } });
  await redirecting.ready();
});
afterAll(async () => {
  await workers?.close(5000);
  await redirecting?.close();
  await t?.close();
  await s3?.stop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

/** A mono 16-bit PCM WAV of a 440 Hz tone. */
function wav(seconds: number): Buffer {
  const rate = 22050;
  const samples = Math.round(rate * seconds);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

const keyOf = (mediaUrl: string) => decodeURIComponent(new URL(mediaUrl, 'http://x').pathname.replace(/^\/media\//, ''));

/** /media/<key> through the api (proxy) and through a presigned redirect: same bytes, ranges work. */
async function expectServedBothWays(mediaUrl: string, stored: Buffer, mime: string) {
  const whole = await t.app.inject({ method: 'GET', url: mediaUrl });
  expect(whole.statusCode).toBe(200);
  expect(whole.headers['content-type']).toBe(mime);
  expect(Number(whole.headers['content-length'])).toBe(stored.length);
  expect(whole.headers['cache-control']).toMatch(/max-age=\d+/);
  expect(whole.rawPayload.equals(stored)).toBe(true);
  const etag = String(whole.headers.etag);
  expect(etag).toMatch(/^".+"$/);
  const again = await t.app.inject({ method: 'GET', url: mediaUrl, headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
  const part = await t.app.inject({ method: 'GET', url: mediaUrl, headers: { range: 'bytes=0-0' } });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 0-0/${stored.length}`);
  expect(part.rawPayload.equals(stored.subarray(0, 1))).toBe(true);
  const tail = await t.app.inject({ method: 'GET', url: mediaUrl, headers: { range: 'bytes=-100' } });
  expect(tail.statusCode).toBe(206);
  expect(tail.rawPayload.equals(stored.subarray(stored.length - 100))).toBe(true);

  const redirect = await redirecting.inject({ method: 'GET', url: mediaUrl });
  expect(redirect.statusCode).toBe(302);
  const location = String(redirect.headers.location);
  expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${keyOf(mediaUrl)}?`)).toBe(true);
  expect(location).toMatch(/X-Amz-Expires=60/);
  const direct = await fetch(location);
  expect(direct.status).toBe(200);
  expect(direct.headers.get('content-type')).toBe(mime);
  expect(Buffer.from(await direct.arrayBuffer()).equals(stored)).toBe(true);
  const directPart = await fetch(location, { headers: { range: 'bytes=10-19' } });
  expect(directPart.status).toBe(206);
  expect(Buffer.from(await directPart.arrayBuffer()).equals(stored.subarray(10, 20))).toBe(true);
  // The signature check comes first in either mode.
  expect((await redirecting.inject({ method: 'GET', url: mediaUrl.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
}

describe('media on S3 (STORAGE_DRIVER=s3)', () => {
  it('a generation is written to the bucket and served by proxy and by redirect; deleting it empties the bucket', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'a lighthouse at dawn', type: 'image', model: 'local/image', resolution: '480p' },
    });
    expect(res.status).toBe(200);
    const g = await waitUntil(
      async () => (await t.rest('GET', `/api/generation/${res.body.generation.id}`, { token: u.token })).body,
      (x) => x.status === 'COMPLETED' || x.status === 'FAILED',
      60_000,
    );
    expect(g.status).toBe('COMPLETED');
    const key = keyOf(g.outputUrl);
    expect(key).toMatch(new RegExp(`^generations/${u.userId}/`));
    const stored = await s3.storedBytes(key);
    expect(stored).not.toBeNull();
    expect((await sharp(stored as Buffer).metadata()).format).toBe('png');
    await expectServedBothWays(g.outputUrl, stored as Buffer, 'image/png');

    const thumbKey = keyOf(g.thumbnailUrl);
    expect(await s3.storedBytes(thumbKey)).not.toBeNull();
    const del = await t.rest('DELETE', `/api/generation/${g.id}`, { token: u.token });
    expect(del.status).toBe(200);
    expect(await s3.storedBytes(key)).toBeNull();
    expect(await s3.storedBytes(thumbKey)).toBeNull();
  });

  it('a project export is uploaded to the bucket and served both ways; deleting the account removes every object of the user', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId, { video: await makeVideo({ width: 320, height: 180, seconds: 2 }) });
    const res = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { type: 'video/mp4' } });
    expect(res.status).toBe(200);
    const done = await waitUntil(
      async () => (await t.rest('GET', `/api/projects/exports/${res.body.export.id}`, { token: u.token })).body,
      (e) => e.status === 'COMPLETED' || e.status === 'FAILED',
      120_000,
    );
    expect(done).toMatchObject({ status: 'COMPLETED' });
    const key = keyOf(done.outputUrl);
    expect(key).toBe(`exports/${u.userId}/${res.body.export.id}.mp4`);
    const stored = await s3.storedBytes(key);
    expect(stored?.subarray(4, 8).toString()).toBe('ftyp');
    const row = await t.deps.db.selectFrom('exports').select('metadata').where('id', '=', res.body.export.id).executeTakeFirstOrThrow();
    expect(row.metadata.bytes).toBe(stored?.length);
    await expectServedBothWays(done.outputUrl, stored as Buffer, 'video/mp4');
    const download = await redirecting.inject({ method: 'GET', url: done.downloadUrl });
    expect(download.statusCode).toBe(302);
    const attachment = await fetch(String(download.headers.location));
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.mp4"$/);

    const before = await s3.storage().list(`generations/${u.userId}/`);
    expect(before.items.length).toBeGreaterThan(0);
    const gone = await t.rest('POST', '/api/profile/delete', { token: u.token, body: { confirmEmail: u.email } });
    expect(gone.status).toBe(200);
    for (const area of ['generations', 'uploads', 'exports']) expect((await s3.storage().list(`${area}/${u.userId}/`)).items).toEqual([]);
  });

  it('deleting a sound source or a project removes their files from the bucket, but not what something else shows', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId, { video: await makeVideo({ width: 320, height: 180, seconds: 1 }) });
    const gen = await t.deps.db.selectFrom('generations').select('output_url').where('id', '=', ws.videoGenerationId).executeTakeFirstOrThrow();

    // A sound source uploaded to a project, then removed: its file goes.
    const sound = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Sound', type: 'TEXT' } });
    const soundId = sound.body.project?.id ?? sound.body.id;
    const up = await t.rest('POST', `/api/sound-editor/projects/${soundId}/sources/upload`, {
      token: u.token,
      body: { name: 'Tone', audio: `data:audio/wav;base64,${wav(0.5).toString('base64')}` },
    });
    expect(up.status).toBe(200);
    const sourceKey = keyOf(up.body.source.url);
    expect(await s3.storedBytes(sourceKey)).not.toBeNull();
    const removed = await t.rest('DELETE', `/api/sound-editor/projects/${soundId}/sources/${up.body.source.id}`, { token: u.token });
    expect(removed.status).toBe(200);
    expect(await s3.storedBytes(sourceKey)).toBeNull();

    // An image project's upload (and its thumbnail) go with the project; the video project's
    // generation output stays (the generation is kept in history), its export goes.
    const image = await t.rest('POST', '/api/image-editor/projects', { token: u.token, body: { name: 'Poster' } });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const asset = await t.rest('POST', `/api/image-editor/projects/${image.body.project.id}/assets`, {
      token: u.token,
      body: { image: `data:image/png;base64,${png.toString('base64')}`, fileName: 'poster.png' },
    });
    expect(asset.status).toBe(200);
    const assetKeys = [keyOf(asset.body.asset.url), keyOf(asset.body.asset.thumbnailUrl)];
    for (const k of assetKeys) expect(await s3.storedBytes(k), k).not.toBeNull();
    expect((await t.rest('DELETE', `/api/projects/${image.body.project.id}`, { token: u.token })).status).toBe(200);
    for (const k of assetKeys) expect(await s3.storedBytes(k), k).toBeNull();

    const exportKey = `exports/${u.userId}/${ws.exportId}.mp4`;
    await t.deps.storage.put(exportKey, Buffer.from('an old export'), 'video/mp4');
    await t.deps.db.updateTable('exports').set({ output_url: exportKey }).where('id', '=', ws.exportId).execute();
    expect((await t.rest('DELETE', `/api/projects/${ws.videoProjectId}`, { token: u.token })).status).toBe(200);
    expect(await s3.storedBytes(exportKey)).toBeNull();
    expect(await s3.storedBytes(gen.output_url as string)).not.toBeNull();
  });

  it('never writes to the local media folder', async () => {
    expect(await readdir(mediaDir)).toEqual([]);
  });
});
