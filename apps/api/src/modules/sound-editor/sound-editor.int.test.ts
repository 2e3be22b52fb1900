import { randomUUID } from 'node:crypto';
import { measureLoudness, probeMedia } from '@atelier/ai';
import { DEMO_IDS } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { makeVideo, run, seedWorkspace, testEngines, waitUntil } from '../projects/projects.fixtures';

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

/** A sine tone as a WAV data URL; ffmpeg's sine source peaks at 1/8 (-18 dBFS). */
async function toneDataUrl(frequency: number, seconds: number): Promise<string> {
  const { readFile, rm, mkdtemp } = await import('node:fs/promises');
  const dir = await mkdtemp('/tmp/snd-tone-');
  const file = `${dir}/tone.wav`;
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}:sample_rate=44100`,
    '-y',
    file,
  ]);
  const data = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return `data:audio/wav;base64,${data.toString('base64')}`;
}

const waitForExport = (id: string, token: string) =>
  waitUntil(
    async () => (await t.rest('GET', `/api/projects/exports/${id}`, { token })).body,
    (e) => e.status === 'COMPLETED' || e.status === 'FAILED',
    120_000,
  );

async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const track = (name: string, clips: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name,
  volume: 1,
  muted: false,
  solo: false,
  clips,
  ...extra,
});
const clip = (sourceId: string, start: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  sourceId,
  start,
  trimStart: 0,
  trimEnd: 0,
  fadeIn: 0,
  fadeOut: 0,
  gain: 1,
  ...extra,
});

describe('sound editor', () => {
  it('mixes two overlapping tracks to MP3 and WAV: the length of the timeline, the overlap adds up, mute/solo/volume are heard', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Podcast intro', type: 'TEXT' } });
    expect(created.status).toBe(200);
    const projectId = created.body.project?.id ?? created.body.id;

    const empty = await t.rest('GET', `/api/sound-editor/projects/${projectId}`, { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.body.session).toMatchObject({ revision: 0, tracks: [], sources: [], durationSeconds: 0 });

    const a = await t.rest('POST', `/api/sound-editor/projects/${projectId}/sources/upload`, {
      token: u.token,
      body: { name: 'Tone A', audio: await toneDataUrl(440, 3) },
    });
    expect(a.status).toBe(200);
    expect(a.body.source).toMatchObject({ kind: 'upload', name: 'Tone A' });
    expect(a.body.source.durationSeconds).toBeCloseTo(3, 1);
    expect(a.body.source.peaks.length).toBeGreaterThan(100);
    expect(Math.max(...a.body.source.peaks)).toBeCloseTo(0.125, 1);
    const b = await t.rest('POST', `/api/sound-editor/projects/${projectId}/sources/upload`, {
      token: u.token,
      body: { name: 'Tone B', audio: await toneDataUrl(440, 3) },
    });
    const idA = a.body.source.id as string;
    const idB = b.body.source.id as string;

    // Track A at 0–3 s, track B at 2–5 s: one second of overlap.
    const trackA = track('A', [clip(idA, 0)]);
    const trackB = track('B', [clip(idB, 2)]);
    const saved = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, { token: u.token, body: { revision: 0, tracks: [trackA, trackB] } });
    expect(saved.status).toBe(200);
    expect(saved.body.session).toMatchObject({ revision: 1, durationSeconds: 5 });

    const mp3 = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, {
      token: u.token,
      body: { format: 'mp3', name: 'Intro mix' },
    });
    expect(mp3.status).toBe(200);
    expect(mp3.body).toMatchObject({ durationSeconds: 5, clips: 2, export: { type: 'audio/mpeg', name: 'Intro mix', status: 'PENDING' } });
    const doneMp3 = await waitForExport(mp3.body.export.id, u.token);
    expect(doneMp3).toMatchObject({ status: 'COMPLETED', error: null });
    const mp3Bytes = await download(doneMp3.downloadUrl);
    expect((await t.app.inject({ method: 'GET', url: doneMp3.downloadUrl })).headers['content-disposition']).toBe(
      'attachment; filename="intro-mix.mp3"',
    );
    const mp3Probe = await probeMedia(mp3Bytes);
    expect(mp3Probe.audioCodec).toBe('mp3');
    expect(Math.abs(mp3Probe.durationSeconds - 5)).toBeLessThanOrEqual(0.1);
    const mixLoud = await measureLoudness(mp3Bytes);
    // One tone peaks at -18 dBFS. B starts on a whole cycle of A (2 s × 440 Hz), so where they overlap the two add
    // in phase to twice the amplitude: -12 dBFS (normalize=0: amix scales nothing down).
    expect(mixLoud.maxVolumeDb).toBeGreaterThan(-13);
    expect(mixLoud.maxVolumeDb).toBeLessThan(-11);

    // Mute B: only A plays, 3 s, peaking at one tone's level.
    trackB.muted = true;
    const muted = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, { token: u.token, body: { revision: 1, tracks: [trackA, trackB] } });
    expect(muted.body.session).toMatchObject({ revision: 2, durationSeconds: 3 });
    const wav = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, { token: u.token, body: { format: 'wav' } });
    const doneWav = await waitForExport(wav.body.export.id, u.token);
    expect(doneWav).toMatchObject({ status: 'COMPLETED', type: 'audio/wav', name: 'Mixdown' });
    const wavBytes = await download(doneWav.downloadUrl);
    const wavProbe = await probeMedia(wavBytes);
    expect(wavProbe.audioCodec).toBe('pcm_s16le');
    expect(Math.abs(wavProbe.durationSeconds - 3)).toBeLessThanOrEqual(0.02);
    const single = await measureLoudness(wavBytes);
    expect(single.maxVolumeDb).toBeGreaterThan(-19);
    expect(single.maxVolumeDb).toBeLessThan(-17);

    // Solo B at half volume: B alone (ends at 5 s), 6 dB quieter.
    trackB.muted = false;
    (trackB as { solo: boolean }).solo = true;
    (trackB as { volume: number }).volume = 0.5;
    await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, { token: u.token, body: { revision: 2, tracks: [trackA, trackB] } });
    const solo = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, { token: u.token, body: { format: 'wav' } });
    const doneSolo = await waitForExport(solo.body.export.id, u.token);
    const soloBytes = await download(doneSolo.downloadUrl);
    expect(Math.abs((await probeMedia(soloBytes)).durationSeconds - 5)).toBeLessThanOrEqual(0.02);
    const soloLoud = await measureLoudness(soloBytes);
    expect(soloLoud.maxVolumeDb).toBeGreaterThan(-25);
    expect(soloLoud.maxVolumeDb).toBeLessThan(-23);

    // The mixdowns are project exports.
    const list = await t.rest('GET', `/api/projects/${projectId}/exports`, { token: u.token });
    expect(list.body.total).toBe(3);
    expect(list.body.exports.map((e: { type: string }) => e.type).sort()).toEqual(['audio/mpeg', 'audio/wav', 'audio/wav']);
  }, 180_000);

  it('trims and fades are rendered, and the session survives a reload with clips kept inside their audio', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Trims', type: 'IMAGE' } });
    const projectId = created.body.project?.id ?? created.body.id;
    const a = await t.rest('POST', `/api/sound-editor/projects/${projectId}/sources/upload`, {
      token: u.token,
      body: { audio: await toneDataUrl(440, 4) },
    });
    const id = a.body.source.id as string;
    // trimStart 1 s + trimEnd 1.5 s of a 4 s tone → 1.5 s at 0.5 s; a fade longer than the clip is shortened.
    const tr = track('Only', [clip(id, 0.5, { trimStart: 1, trimEnd: 1.5, fadeIn: 0.5, fadeOut: 5 })]);
    const saved = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, { token: u.token, body: { revision: 0, tracks: [tr] } });
    expect(saved.status).toBe(200);
    expect(saved.body.session.tracks[0].clips[0]).toMatchObject({ trimStart: 1, trimEnd: 1.5, fadeIn: 0.5, fadeOut: 1 });
    expect(saved.body.session.durationSeconds).toBe(2);
    const reloaded = await t.rest('GET', `/api/sound-editor/projects/${projectId}`, { token: u.token });
    expect(reloaded.body.session).toMatchObject({ revision: 1, durationSeconds: 2 });
    expect(reloaded.body.session.tracks).toEqual(saved.body.session.tracks);

    const res = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, { token: u.token, body: { format: 'wav' } });
    const done = await waitForExport(res.body.export.id, u.token);
    const bytes = await download(done.downloadUrl);
    expect(Math.abs((await probeMedia(bytes)).durationSeconds - 2)).toBeLessThanOrEqual(0.02);
    // The first half second is silence (the clip starts at 0.5 s), and the fades keep the mean well under a steady tone's (-21 dB).
    const loud = await measureLoudness(bytes);
    expect(loud.meanVolumeDb).toBeLessThan(-23);
  }, 120_000);

  it('adds the sound of a project video clip and a music generation; the music studio send puts it on a new track', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId, {
      video: await makeVideo({ width: 320, height: 240, seconds: 2, audio: true }),
    });
    const lib = await t.rest('GET', `/api/sound-editor/projects/${ws.videoProjectId}/library`, { token: u.token });
    expect(lib.status).toBe(200);
    expect(lib.body.videoClips).toHaveLength(1);
    const fromVideo = await t.rest('POST', `/api/sound-editor/projects/${ws.videoProjectId}/sources`, {
      token: u.token,
      body: { kind: 'video', originId: lib.body.videoClips[0].id },
    });
    expect(fromVideo.status).toBe(200);
    expect(fromVideo.body.source).toMatchObject({ kind: 'video', originId: ws.clipIds[0] });
    expect(fromVideo.body.source.url).toMatch(/\.mp3\?/);
    expect(fromVideo.body.source.durationSeconds).toBeCloseTo(2, 0);

    // A finished music generation of this user.
    const gen = await t.deps.db
      .insertInto('generations')
      .values({
        user_id: u.userId,
        type: 'audio',
        prompt: 'calm piano',
        model_id: 'local/music',
        provider: 'local',
        status: 'COMPLETED',
        progress: 100,
        output_url: `generations/${u.userId}/music-test.wav`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tone = Buffer.from((await toneDataUrl(330, 2)).split(',')[1] as string, 'base64');
    await t.deps.storage.put(`generations/${u.userId}/music-test.wav`, tone, 'audio/wav');
    const sent = await t.rest('POST', `/api/sound-editor/projects/${ws.videoProjectId}/clips/from-generation`, {
      token: u.token,
      body: { generationId: gen.id },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.session.tracks).toHaveLength(1);
    expect(sent.body.session.tracks[0]).toMatchObject({ name: 'Music: calm piano', clips: [{ sourceId: sent.body.source.id, start: 0 }] });
    expect(sent.body.session.revision).toBe(1);

    // A source a clip uses cannot be removed; an unused one can.
    const busy = await t.rest('DELETE', `/api/sound-editor/projects/${ws.videoProjectId}/sources/${sent.body.source.id}`, { token: u.token });
    expect(busy.status).toBe(400);
    const freed = await t.rest('DELETE', `/api/sound-editor/projects/${ws.videoProjectId}/sources/${fromVideo.body.source.id}`, { token: u.token });
    expect(freed.status).toBe(200);
    expect(freed.body.session.sources).toHaveLength(1);
  }, 120_000);

  it('bad input is a 400 naming the field and changes nothing; stale saves 409; strangers 404; guests read the demo but cannot write', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const created = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Checks', type: 'VIDEO' } });
    const projectId = created.body.project?.id ?? created.body.id;
    const a = await t.rest('POST', `/api/sound-editor/projects/${projectId}/sources/upload`, {
      token: u.token,
      body: { audio: await toneDataUrl(440, 1) },
    });
    await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, {
      token: u.token,
      body: { revision: 0, tracks: [track('T', [clip(a.body.source.id, 0)])] },
    });

    const unknown = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, {
      token: u.token,
      body: { revision: 1, tracks: [track('T', [clip(randomUUID(), 0)])] },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('tracks.0.clips.0.sourceId');
    const negative = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, {
      token: u.token,
      body: { revision: 1, tracks: [track('T', [clip(a.body.source.id, -1)])] },
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('start must not be negative');
    const stale = await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, { token: u.token, body: { revision: 0, tracks: [] } });
    expect(stale.status).toBe(409);
    const notAudio = await t.rest('POST', `/api/sound-editor/projects/${projectId}/sources/upload`, {
      token: u.token,
      body: { audio: `data:audio/wav;base64,${Buffer.from('<html>not audio</html>').toString('base64')}` },
    });
    expect(notAudio.status).toBe(400);
    expect(JSON.stringify(notAudio.body)).toContain('audio');
    const badFormat = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, { token: u.token, body: { format: 'flac' } });
    expect(badFormat.status).toBe(400);
    expect(JSON.stringify(badFormat.body)).toContain('format must be mp3 or wav');
    const after = await t.rest('GET', `/api/sound-editor/projects/${projectId}`, { token: u.token });
    expect(after.body.session.revision).toBe(1);
    expect(after.body.session.tracks[0].clips).toHaveLength(1);
    expect(after.body.session.sources).toHaveLength(1);

    // Nothing audible → nothing to export.
    await t.rest('PUT', `/api/sound-editor/projects/${projectId}`, {
      token: u.token,
      body: { revision: 1, tracks: [track('T', [clip(a.body.source.id, 0)], { muted: true })] },
    });
    const silent = await t.rest('POST', `/api/sound-editor/projects/${projectId}/export`, { token: u.token, body: {} });
    expect(silent.status).toBe(400);
    expect(silent.body.message ?? JSON.stringify(silent.body)).toContain('Nothing to export');

    for (const [method, url, body] of [
      ['GET', `/api/sound-editor/projects/${projectId}`, undefined],
      ['PUT', `/api/sound-editor/projects/${projectId}`, { revision: 2, tracks: [] }],
      ['POST', `/api/sound-editor/projects/${projectId}/export`, {}],
      ['GET', `/api/sound-editor/projects/${projectId}/library`, undefined],
    ] as const) {
      const res = await t.rest(method, url, { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }

    const guestWrite = await t.rest('PUT', `/api/sound-editor/projects/${DEMO_IDS.videoProject}`, { body: { revision: 1, tracks: [] } });
    expect(guestWrite.status).toBe(401);
    expect(JSON.stringify(guestWrite.body)).toContain('Please login to perform this action');
    const demo = await t.rest('GET', `/api/sound-editor/projects/${DEMO_IDS.videoProject}`);
    expect(demo.status).toBe(200);
    expect(demo.body.session.tracks.map((tr: { name: string }) => tr.name)).toEqual(['Voice-over', 'Music bed']);
    expect(demo.body.session.sources).toHaveLength(2);
    // Their files are rendered by the seed step (see modules/demo/demo.media.int.test.ts).
    for (const s of demo.body.session.sources) expect(s.url).toMatch(/^\/media\//);
    expect(demo.body.session.durationSeconds).toBeGreaterThanOrEqual(12);
  }, 120_000);
});
