import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { makeVideo, probeBuffer, run, seedWorkspace, testEngines, waitUntil } from './projects.fixtures';

let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await createTestApp();
  const { engines } = await testEngines();
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, engines });
});
afterAll(async () => {
  await workers?.close(5000);
  await t.close();
});

const waitForExport = (id: string, token: string) =>
  waitUntil(
    async () => (await t.rest('GET', `/api/projects/exports/${id}`, { token })).body,
    (e) => e.status === 'COMPLETED' || e.status === 'FAILED',
    120_000,
  );

describe('exports', () => {
  it('POST /projects/{id}/export renders the timeline with its trims to an MP4 of the project size, downloadable; listed per project and overall', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId, {
      video: await makeVideo({ width: 640, height: 480, seconds: 3, audio: true }),
    });
    await t.deps.db
      .updateTable('generations')
      .set({ metadata: JSON.stringify({ durationSeconds: 3 }) })
      .where('id', '=', ws.videoGenerationId)
      .execute();
    // trims in milliseconds, normalised on save (§5)
    const saved = await t.rest('PUT', `/api/projects/video-clips/${ws.clipIds[0]}`, { token: u.token, body: { startTrim: 1200, endTrim: 0.3 } });
    expect(saved.body.clip).toMatchObject({ duration: 3, startTrim: 1.2, endTrim: 0.3, playedDuration: 1.5 });

    const res = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { type: 'video/mp4' } });
    expect(res.status).toBe(200);
    expect(res.body.export).toMatchObject({
      name: 'Export',
      type: 'video/mp4',
      status: 'PENDING',
      progress: 0,
      outputUrl: null,
      projectId: ws.videoProjectId,
    });
    expect(res.body.warnings).toEqual(['Clip 2 has no video yet and is left out']);
    const done = await waitForExport(res.body.export.id, u.token);
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 100, error: null });
    expect(done.completedAt).toEqual(expect.any(String));

    const file = await t.app.inject({ method: 'GET', url: done.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    const probe = await probeBuffer(file.rawPayload);
    expect([probe.width, probe.height]).toEqual([854, 480]); // 16:9 480p
    expect(probe.videoCodec).toBe('h264');
    expect(probe.audioCodec).toBe('aac');
    expect(probe.faststart).toBe(true);
    expect(Math.abs(probe.durationSeconds - 1.5)).toBeLessThanOrEqual(0.1);
    // range requests work for players
    const range = await t.app.inject({ method: 'GET', url: done.outputUrl, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);

    const mine = await t.rest('GET', `/api/projects/${ws.videoProjectId}/exports`, { token: u.token });
    expect(mine.body.total).toBe(2); // the seeded one and this one
    expect(mine.body.exports[0].id).toBe(res.body.export.id);
    const all = await t.rest('GET', '/api/projects/exports?limit=1', { token: u.token });
    expect(all.body).toMatchObject({ total: 2, limit: 1 });
    expect(all.body.exports).toHaveLength(1);
    const project = await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: u.token });
    expect(project.body.counts.exports).toBe(2);
  });

  it('takes a name and an audio track of the user’s own; refuses foreign audio, wrong types and empty timelines', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    const audioKey = `generations/${u.userId}/${randomUUID()}.wav`;
    const wav = `/tmp/atelier-test-${randomUUID()}.wav`;
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=5', wav]);
    await t.deps.storage.put(audioKey, await readFile(wav), 'audio/wav');
    await rm(wav, { force: true });
    const res = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, {
      token: u.token,
      body: { name: 'Final cut', audioUrl: t.deps.media.for({ kind: 'user', userId: u.userId }).url(audioKey) },
    });
    expect(res.status).toBe(200);
    expect(res.body.export).toMatchObject({ name: 'Final cut', type: 'video/mp4' });
    const done = await waitForExport(res.body.export.id, u.token);
    expect(done.status).toBe('COMPLETED');
    expect(done.metadata).toMatchObject({ hasAudioTrack: true });
    const probe = await probeBuffer((await t.app.inject({ method: 'GET', url: done.outputUrl })).rawPayload);
    expect(Math.abs(probe.durationSeconds - 2)).toBeLessThanOrEqual(0.1); // the 5 s track is cut to the video

    const otherAudio = `generations/${other.userId}/${randomUUID()}.wav`;
    const foreign = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { audioUrl: otherAudio } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields[0].path).toBe('audioUrl');
    const videoAsAudio = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, {
      token: u.token,
      body: { audioUrl: `generations/${u.userId}/${ws.videoGenerationId}.mp4` },
    });
    expect(videoAsAudio.status).toBe(400);
    const wrongType = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { type: 'application/zip' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.fields[0].path).toBe('type');
    const unknownType = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { type: 'text/html' } });
    expect(unknownType.status).toBe(400);
    const emptyName = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: { name: ' ' } });
    expect(emptyName.status).toBe(400);
    expect(emptyName.body.error.fields[0].path).toBe('name');

    const empty = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'empty', type: 'VIDEO' } });
    const nothing = await t.rest('POST', `/api/projects/${empty.body.project.id}/export`, { token: u.token, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toMatch(/^Nothing to export/);
    const exportsLeft = await t.deps.db.selectFrom('exports').select('id').where('project_id', '=', empty.body.project.id).execute();
    expect(exportsLeft).toHaveLength(0);
  });

  it('IMAGE projects export a zip of the selected images (default) or one PNG', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    const zip = await t.rest('POST', `/api/projects/${ws.imageProjectId}/export`, { token: u.token, body: { name: 'Board' } });
    expect(zip.body.export.type).toBe('application/zip');
    const zipped = await waitForExport(zip.body.export.id, u.token);
    expect(zipped.status).toBe('COMPLETED');
    const bytes = (await t.app.inject({ method: 'GET', url: zipped.downloadUrl })).rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('01-hero.png'))).toBe(true);

    const png = await t.rest('POST', `/api/projects/${ws.imageProjectId}/export`, { token: u.token, body: { type: 'image/png' } });
    const shown = await waitForExport(png.body.export.id, u.token);
    const image = (await t.app.inject({ method: 'GET', url: shown.outputUrl })).rawPayload;
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64]);
  });

  it('one user may have at most 3 exports in flight', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    await t.deps.db
      .insertInto('exports')
      .values([0, 1, 2].map(() => ({ project_id: ws.videoProjectId, user_id: u.userId, type: 'video/mp4', status: 'PROCESSING' })))
      .execute();
    const res = await t.rest('POST', `/api/projects/${ws.videoProjectId}/export`, { token: u.token, body: {} });
    expect(res.status).toBe(429);
  });
});
