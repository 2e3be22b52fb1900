import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@atelier/ai';
import type { Db } from '@atelier/db';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { LocalDiskStorage, type MediaStorage } from '@atelier/media';
import { dimensionsFor } from '@atelier/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileExports } from '../maintenance/reconcile';
import { type RunningWorkers, startWorkers } from '../registry';
import { testWorkerDeps } from '../testing';
import { exportProcessor } from './export.processor';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `x${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let db: Db;
let storage: MediaStorage;
let mediaDir: string;
let deps: ReturnType<typeof testWorkerDeps>;
let queues: ReturnType<typeof testWorkerDeps>['queues'];
let running: RunningWorkers;
let userId: string;

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${code}: ${err.slice(-300)}`))));
  });
}

/** Makes a media file with ffmpeg's test sources and stores it under the user's generations. */
async function storeMedia(kind: 'video' | 'audio', spec: { width?: number; height?: number; fps?: number; seconds: number; audio?: boolean }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-x-'));
  try {
    const ext = kind === 'video' ? 'mp4' : 'wav';
    const out = path.join(dir, `m.${ext}`);
    const args = ['-hide_banner', '-loglevel', 'error', '-y'];
    if (kind === 'video') {
      args.push('-f', 'lavfi', '-i', `testsrc2=size=${spec.width}x${spec.height}:rate=${spec.fps ?? 25}:duration=${spec.seconds}`);
      if (spec.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${spec.seconds}`);
      args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
      if (spec.audio) args.push('-c:a', 'aac', '-shortest');
    } else {
      args.push('-f', 'lavfi', '-i', `sine=frequency=220:duration=${spec.seconds}`);
    }
    args.push(out);
    await run('ffmpeg', args);
    const key = `generations/${userId}/${randomUUID()}.${ext}`;
    await storage.put(key, await readFile(out), kind === 'video' ? 'video/mp4' : 'audio/wav');
    return key;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function videoProject(ratio: '16:9' | '9:16' | '1:1', resolution: '480p' | '720p' | '1080p') {
  return (
    await db
      .insertInto('projects')
      .values({ user_id: userId, name: 'Export test', type: 'VIDEO', aspect_ratio: ratio, resolution })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A clip whose video comes from a finished generation (as the pipeline leaves it). */
async function addClip(projectId: string, position: number, key: string, timing: { duration: number; startTrim: number; endTrim: number }) {
  const gen = await db
    .insertInto('generations')
    .values({
      user_id: userId,
      project_id: projectId,
      type: 'video',
      prompt: `clip ${position}`,
      model_id: 'local/video',
      provider: 'local',
      status: 'COMPLETED',
      output_url: key,
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('video_clips')
    .values({
      project_id: projectId,
      position,
      duration: timing.duration,
      start_trim: timing.startTrim,
      end_trim: timing.endTrim,
      generation_id: gen.id,
    })
    .execute();
}

async function startExport(projectId: string, type: string, params: Record<string, unknown> = {}) {
  const row = await db
    .insertInto('exports')
    .values({ project_id: projectId, user_id: userId, type, params: JSON.stringify(params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queues.enqueue('export', { exportId: row.id }, { jobId: row.id });
  return row.id;
}

async function waitForExport(id: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    const row = await db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) seen.add(`${row.status}`);
    if (!row || row.status === 'COMPLETED' || row.status === 'FAILED' || Date.now() > deadline) return { row, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function outputFile(key: string): Promise<string> {
  const file = path.join(mediaDir, key);
  await readFile(file); // exists
  return file;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-export-media-'));
  storage = new LocalDiskStorage(mediaDir);
  userId = (
    await db
      .insertInto('users')
      .values({ email: `export-${randomBytes(3).toString('hex')}@example.com`, password_hash: '!' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  deps = testWorkerDeps({ db, redisUrl: REDIS, prefix, storage });
  queues = deps.queues;
  running = startWorkers({
    redisUrl: REDIS,
    prefix,
    deps,
    processors: [exportProcessor],
    queues: ['export'],
  });
});
afterAll(async () => {
  await running?.close(5000);
  await deps.close();
  await database.drop();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('export worker: video/mp4', () => {
  it('renders three trimmed clips of mixed sizes into one H.264/AAC MP4: length = sum of trimmed lengths (±0.1 s), size = the project’s', async () => {
    const projectId = await videoProject('16:9', '720p');
    const clips = [
      { key: await storeMedia('video', { width: 1280, height: 720, fps: 25, seconds: 4, audio: true }), duration: 4, startTrim: 0.5, endTrim: 1 },
      { key: await storeMedia('video', { width: 640, height: 480, fps: 30, seconds: 3 }), duration: 3, startTrim: 0, endTrim: 0.6 },
      { key: await storeMedia('video', { width: 720, height: 1280, fps: 24, seconds: 2.5 }), duration: 2.5, startTrim: 0.25, endTrim: 0 },
    ];
    // stored out of order: position decides
    await addClip(projectId, 2, clips[2]!.key, clips[2]!);
    await addClip(projectId, 0, clips[0]!.key, clips[0]!);
    await addClip(projectId, 1, clips[1]!.key, clips[1]!);
    const expected = clips.reduce((s, c) => s + c.duration - c.startTrim - c.endTrim, 0); // 7.15

    const id = await startExport(projectId, 'video/mp4');
    const { row, seen } = await waitForExport(id);
    expect(row?.error ?? null).toBeNull();
    expect(row).toMatchObject({ status: 'COMPLETED', progress: 100, output_url: `exports/${userId}/${id}.mp4` });
    expect(seen.has('COMPLETED')).toBe(true);
    expect(row?.started_at).toBeInstanceOf(Date);
    expect(row?.completed_at).toBeInstanceOf(Date);

    const file = await outputFile(row!.output_url!);
    const probe = await probeMedia(file);
    expect(Math.abs(probe.durationSeconds - expected), `duration ${probe.durationSeconds} vs ${expected}`).toBeLessThanOrEqual(0.1);
    expect({ w: probe.width, h: probe.height }).toEqual({ w: 1280, h: 720 });
    expect(probe.videoCodec).toBe('h264');
    expect(probe.audioCodec).toBe('aac');
    // 25, 30 and 24 fps clips: the timeline runs at 30.
    expect(probe.frameRate).toBe('30/1');
    const bytes = await readFile(file);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat')); // +faststart
    expect(row?.metadata).toMatchObject({ clips: 3, width: 1280, height: 720, skippedClips: 0, frameRate: '30/1' });
    expect(Math.abs(Number(row?.metadata.durationSeconds) - expected)).toBeLessThanOrEqual(0.1);
  });

  it('portrait 480p: scaled and padded to 480×854; a silent track when no clip has sound; an audio track replaces it, cut or padded to the video', async () => {
    const projectId = await videoProject('9:16', '480p');
    await addClip(projectId, 0, await storeMedia('video', { width: 320, height: 240, seconds: 2 }), { duration: 2, startTrim: 0, endTrim: 0 });
    await addClip(projectId, 1, await storeMedia('video', { width: 1920, height: 1080, seconds: 2 }), { duration: 2, startTrim: 1, endTrim: 0 });
    const expected = dimensionsFor('9:16', '480p');

    const silent = await waitForExport(await startExport(projectId, 'video/mp4'));
    expect(silent.row?.status).toBe('COMPLETED');
    const p1 = await probeMedia(await outputFile(silent.row!.output_url!));
    expect({ w: p1.width, h: p1.height }).toEqual({ w: expected.width, h: expected.height });
    expect(p1.hasAudio).toBe(true);
    expect(Math.abs(p1.durationSeconds - 3)).toBeLessThanOrEqual(0.1);
    // Both clips are 25 fps: the export keeps their rate, no frame repeated.
    expect(p1.frameRate).toBe('25/1');

    const audioKey = await storeMedia('audio', { seconds: 1 });
    const withAudio = await waitForExport(await startExport(projectId, 'video/mp4', { audioKey }));
    expect(withAudio.row?.status).toBe('COMPLETED');
    const p2 = await probeMedia(await outputFile(withAudio.row!.output_url!));
    expect(p2.audioCodec).toBe('aac');
    expect(Math.abs(p2.durationSeconds - 3)).toBeLessThanOrEqual(0.1);
    expect(withAudio.row?.metadata).toMatchObject({ hasAudioTrack: true });
  });

  it('fails with a readable error — once, without retrying — when a clip’s video is missing or there is nothing to export', async () => {
    const projectId = await videoProject('16:9', '480p');
    await addClip(projectId, 0, `generations/${userId}/${randomUUID()}.mp4`, { duration: 5, startTrim: 0, endTrim: 0 });
    const missingId = await startExport(projectId, 'video/mp4');
    const missing = await waitForExport(missingId);
    expect(missing.row).toMatchObject({ status: 'FAILED', error: "Clip 1's video is missing from storage", output_url: null });
    expect((await queues.queues.export.getJob(missingId))?.attemptsMade).toBe(1);

    const empty = await videoProject('16:9', '480p');
    await db.insertInto('video_clips').values({ project_id: empty, position: 0, prompt: 'draft only' }).execute();
    const nothing = await waitForExport(await startExport(empty, 'video/mp4'));
    expect(nothing.row).toMatchObject({ status: 'FAILED', error: 'Nothing to export: no clip has a video yet' });

    // media that is not the user's own is refused even if a row points at it
    const foreign = await videoProject('16:9', '480p');
    const otherUser = randomUUID();
    await db
      .insertInto('video_clips')
      .values({ project_id: foreign, position: 0, video_url: `generations/${otherUser}/x.mp4`, status: 'READY' })
      .execute();
    const stolen = await waitForExport(await startExport(foreign, 'video/mp4'));
    expect(stolen.row).toMatchObject({ status: 'FAILED', error: "Clip 1's video is not one of your files" });

    // corrupt media: ffprobe refuses it
    const corrupt = await videoProject('16:9', '480p');
    const key = `generations/${userId}/${randomUUID()}.mp4`;
    await storage.put(key, Buffer.from('this is not a video'), 'video/mp4');
    await addClip(corrupt, 0, key, { duration: 5, startTrim: 0, endTrim: 0 });
    const bad = await waitForExport(await startExport(corrupt, 'video/mp4'));
    expect(bad.row?.status).toBe('FAILED');
    expect(bad.row?.error).toMatch(/^Clip 1 is not a readable video/);
  });

  it('a project deleted while rendering stops the export and leaves no file behind', async () => {
    const projectId = await videoProject('16:9', '1080p');
    // Another size than the project's, so the clip is re-encoded (a clip already 1080p would be joined as it is, in a blink).
    const key = await storeMedia('video', { width: 1280, height: 720, seconds: 12 });
    await addClip(projectId, 0, key, { duration: 12, startTrim: 0, endTrim: 0 });
    const id = await startExport(projectId, 'video/mp4');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = await db.selectFrom('exports').select(['status', 'progress']).where('id', '=', id).executeTakeFirst();
      if ((row?.status === 'PROCESSING' && row.progress > 2) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await db.deleteFrom('projects').where('id', '=', projectId).execute();
    await new Promise((r) => setTimeout(r, 3000));
    expect(await storage.stat(`exports/${userId}/${id}.mp4`)).toBeNull();
    // the worker is free again: a new export runs
    const next = await videoProject('1:1', '480p');
    await addClip(next, 0, await storeMedia('video', { width: 320, height: 320, seconds: 1 }), { duration: 1, startTrim: 0, endTrim: 0 });
    const after = await waitForExport(await startExport(next, 'video/mp4'), 60_000);
    expect(after.row?.status).toBe('COMPLETED');
  });
});

describe('export worker: start-up reconcile', () => {
  it('re-queues an export whose job was lost, and fails one too old to run', async () => {
    const projectId = await videoProject('1:1', '480p');
    await addClip(projectId, 0, await storeMedia('video', { width: 320, height: 320, seconds: 1 }), { duration: 1, startTrim: 0, endTrim: 0 });
    const lost = await db
      .insertInto('exports')
      .values({ project_id: projectId, user_id: userId, type: 'video/mp4', created_at: new Date(Date.now() - 120_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ancient = await db
      .insertInto('exports')
      .values({ project_id: projectId, user_id: userId, type: 'video/mp4', status: 'PROCESSING', created_at: new Date(Date.now() - 7 * 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await reconcileExports(deps);
    expect(result).toEqual({ requeued: 1, failed: 1 });
    expect((await waitForExport(lost.id, 60_000)).row?.status).toBe('COMPLETED');
    const old = await db.selectFrom('exports').select(['status', 'error']).where('id', '=', ancient.id).executeTakeFirstOrThrow();
    expect(old).toEqual({ status: 'FAILED', error: 'The export was interrupted; please export again' });
    // running it again changes nothing
    expect(await reconcileExports(deps)).toEqual({ requeued: 0, failed: 0 });
  });
});

describe('export worker: segment outputs', () => {
  async function imageProject(count: number, withText = false) {
    const projectId = (
      await db
        .insertInto('projects')
        .values({ user_id: userId, name: 'Board', type: withText ? 'TEXT' : 'IMAGE', aspect_ratio: '1:1', resolution: '480p' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < count; i++) {
      const seg = await db
        .insertInto('segments')
        .values({ project_id: projectId, name: `Shot ${i + 1} / ünïcode`, type: withText ? 'TEXT' : 'IMAGE', order: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      const genValues = withText
        ? { type: 'text' as const, output_text: `Paragraph ${i + 1}` }
        : { type: 'image' as const, output_url: `generations/${userId}/${randomUUID()}.png` };
      if (genValues.type === 'image') {
        const png = await sharp({ create: { width: 100 + i * 10, height: 80, channels: 3, background: { r: 40 * i, g: 100, b: 200 } } })
          .png()
          .toBuffer();
        await storage.put(genValues.output_url, png, 'image/png');
      }
      const gen = await db
        .insertInto('generations')
        .values({
          user_id: userId,
          project_id: projectId,
          prompt: 'p',
          model_id: 'local/image',
          provider: 'local',
          status: 'COMPLETED',
          ...genValues,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const v = await db
        .insertInto('segment_versions')
        .values({ segment_id: seg.id, generation_id: gen.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('segments').set({ selected_version_id: v.id }).where('id', '=', seg.id).execute();
    }
    // a segment without a version is left out
    await db
      .insertInto('segments')
      .values({ project_id: projectId, name: 'Empty', type: withText ? 'TEXT' : 'IMAGE', order: count })
      .execute();
    return projectId;
  }

  it('application/zip holds each selected output in order, readable by unzip', async () => {
    const projectId = await imageProject(3);
    const done = await waitForExport(await startExport(projectId, 'application/zip'));
    expect(done.row?.status).toBe('COMPLETED');
    const file = await outputFile(done.row!.output_url!);
    const listing = await new Promise<string>((resolve, reject) => {
      const child = spawn('unzip', ['-l', file]);
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`unzip ${code}`))));
    });
    expect(listing).toMatch(/01-shot-1-unicode\.png/);
    expect(listing).toMatch(/03-shot-3-unicode\.png/);
    expect(listing).not.toMatch(/empty/i);
    await run('unzip', ['-tq', file]);
    expect(done.row?.metadata).toMatchObject({ files: 3 });
  });

  it('image/png: one image as PNG, several as a contact sheet; text/markdown joins the text versions', async () => {
    const one = await waitForExport(await startExport(await imageProject(1), 'image/png'));
    expect(one.row?.status).toBe('COMPLETED');
    const m1 = await sharp(await readFile(await outputFile(one.row!.output_url!))).metadata();
    expect([m1.format, m1.width, m1.height]).toEqual(['png', 100, 80]);

    const sheet = await waitForExport(await startExport(await imageProject(4), 'image/png'));
    const m4 = await sharp(await readFile(await outputFile(sheet.row!.output_url!))).metadata();
    expect(m4.format).toBe('png');
    expect(sheet.row?.metadata).toMatchObject({ images: 4, columns: 2, rows: 2 });
    expect(m4.width).toBe(2 * 480 + 3 * 16);

    const text = await waitForExport(await startExport(await imageProject(2, true), 'text/markdown'));
    expect(text.row?.status).toBe('COMPLETED');
    const md = await readFile(await outputFile(text.row!.output_url!), 'utf8');
    expect(md).toBe('# Board\n\n## Shot 1 / ünïcode\n\nParagraph 1\n\n## Shot 2 / ünïcode\n\nParagraph 2\n');
  });

  it('a zip with nothing selected fails readably', async () => {
    const projectId = (
      await db.insertInto('projects').values({ user_id: userId, name: 'Empty', type: 'IMAGE' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const done = await waitForExport(await startExport(projectId, 'application/zip'));
    expect(done.row).toMatchObject({ status: 'FAILED', error: 'Nothing to export: no segment has a finished selected version' });
  });
});
