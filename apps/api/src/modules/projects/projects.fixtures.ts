/**
 * Test helpers for the projects module's integration tests: engines, ffprobe, and waiting.
 * Not imported by application code.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Engine, localEngines } from '@atelier/ai';
import type { Db } from '@atelier/db';
import type { MediaStorage } from '@atelier/media';
import { type AspectRatio, dimensionsFor, type Resolution } from '@atelier/shared';
import sharp from 'sharp';

export function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${err.slice(-500)}`))));
  });
}

/** ffprobe of a buffer: duration (format), size, codecs, audio presence, faststart (moov before mdat). */
export async function probeBuffer(data: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-probe-'));
  try {
    const file = path.join(dir, 'media');
    await writeFile(file, data);
    const json = JSON.parse(await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])) as {
      format: { duration: string; format_name: string };
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    };
    const video = json.streams.find((s) => s.codec_type === 'video');
    const audio = json.streams.find((s) => s.codec_type === 'audio');
    const moov = data.indexOf('moov');
    const mdat = data.indexOf('mdat');
    return {
      durationSeconds: Number(json.format.duration),
      formatName: json.format.format_name,
      width: video?.width ?? null,
      height: video?.height ?? null,
      videoCodec: video?.codec_name ?? null,
      audioCodec: audio?.codec_name ?? null,
      hasAudio: Boolean(audio),
      faststart: moov >= 0 && mdat >= 0 && moov < mdat,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A test video made by ffmpeg (testsrc2, a sine tone when `audio`). */
export async function makeVideo(options: { width: number; height: number; seconds: number; fps?: number; audio?: boolean }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-video-'));
  try {
    const out = path.join(dir, 'v.mp4');
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i'];
    args.push(`testsrc2=size=${options.width}x${options.height}:rate=${options.fps ?? 25}:duration=${options.seconds}`);
    if (options.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=330:duration=${options.seconds}`);
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
    if (options.audio) args.push('-c:a', 'aac', '-shortest');
    args.push(out);
    await run('ffmpeg', args);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const pngOf = (width: number, height: number, color = { r: 200, g: 80, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Stand-ins used only when packages/ai's local engines cannot be loaded: an ffmpeg video of the
 * requested size and length (from the input image when given), a sharp PNG, a text echo. When
 * the real local engines load, they are used instead.
 */
const standInVideo: Engine = async ({ params, storage, onProgress }) => {
  const { width, height } = dimensionsFor((str(params.aspectRatio) ?? '16:9') as AspectRatio, (str(params.resolution) ?? '720p') as Resolution);
  const seconds = typeof params.duration === 'number' ? params.duration : 5;
  onProgress(10);
  let data: Buffer;
  const imageKey = str(params.image);
  if (imageKey) {
    const chunks: Buffer[] = [];
    for await (const c of storage.read(imageKey)) chunks.push(c as Buffer);
    const dir = await mkdtemp(path.join(tmpdir(), 'atelier-i2v-'));
    try {
      await writeFile(path.join(dir, 'in.png'), Buffer.concat(chunks));
      await run('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-loop',
        '1',
        '-i',
        path.join(dir, 'in.png'),
        '-t',
        String(seconds),
        '-r',
        '25',
        '-vf',
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        path.join(dir, 'out.mp4'),
      ]);
      data = await readFile(path.join(dir, 'out.mp4'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    data = await makeVideo({ width, height, seconds });
  }
  onProgress(90);
  const thumb = await sharp(await pngOf(64, 36))
    .webp()
    .toBuffer();
  return {
    file: { data, ext: 'mp4', mime: 'video/mp4' },
    thumbnail: { data: thumb, ext: 'webp' },
    metadata: { engine: 'stand-in', width, height, durationSeconds: seconds, imageToVideo: Boolean(imageKey) },
  };
};
const standInImage: Engine = async ({ params }) => {
  const { width, height } = dimensionsFor((str(params.aspectRatio) ?? '1:1') as AspectRatio, (str(params.resolution) ?? '480p') as Resolution);
  const data = await pngOf(width, height);
  return { file: { data, ext: 'png', mime: 'image/png' }, metadata: { engine: 'stand-in', width, height } };
};
const standInText: Engine = async ({ prompt }) => ({ text: `Draft: ${prompt}`, metadata: { engine: 'stand-in' } });

export const failingEngine: Engine = async () => {
  throw new Error('The video engine exploded on purpose');
};

/** The real local engines when packages/ai loads, else the stand-ins; plus a failing video model. */
export async function testEngines(): Promise<{ engines: Record<string, Engine>; real: boolean }> {
  let real: Record<string, Engine> | null = null;
  try {
    real = await localEngines();
  } catch {
    real = null;
  }
  return {
    engines: {
      'local/video': standInVideo,
      'local/image': standInImage,
      'local/text': standInText,
      ...(real ?? {}),
      'local/failing-video': failingEngine,
    },
    real: real !== null,
  };
}

/** The catalogue row the failing engine answers to (a VIDEO model, 4 credits). */
export const FAILING_VIDEO_MODEL = {
  id: 'local/failing-video',
  provider: 'local',
  name: 'Failing video engine',
  type: 'VIDEO' as const,
  description: 'Test-only: always fails',
  requirements: JSON.stringify({
    aspectRatios: ['16:9', '9:16', '1:1'],
    resolutions: ['480p', '720p', '1080p'],
    requiredInputs: ['prompt'],
    optionalInputs: ['image', 'duration'],
  }),
  pricing: JSON.stringify([{ tier: 'standard', credits: 4, creditCost: 400, isDefault: true }]),
  credit_units: 400,
  is_local: true,
};

export async function waitUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A user's workspace written straight to the database: a VIDEO project with two clips (the first
 * with a finished generation and its video in storage), an IMAGE project with a segment and two
 * finished versions (the first selected), and a finished export.
 */
export async function seedWorkspace(db: Db, storage: MediaStorage, userId: string, options: { video?: Buffer } = {}) {
  const video = await db
    .insertInto('projects')
    .values({ user_id: userId, name: 'Teaser', type: 'VIDEO', description: 'A teaser', aspect_ratio: '16:9', resolution: '480p' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gen = await db
    .insertInto('generations')
    .values({
      user_id: userId,
      project_id: video.id,
      type: 'video',
      prompt: 'a clip',
      model_id: 'local/video',
      provider: 'local',
      status: 'COMPLETED',
      progress: 100,
      credit_units_charged: 300,
      metadata: JSON.stringify({ durationSeconds: 2 }),
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const videoKey = `generations/${userId}/${gen.id}.mp4`;
  await storage.put(videoKey, options.video ?? (await makeVideo({ width: 320, height: 180, seconds: 2 })), 'video/mp4');
  await db.updateTable('generations').set({ output_url: videoKey }).where('id', '=', gen.id).execute();
  const clips = await db
    .insertInto('video_clips')
    .values([
      { project_id: video.id, position: 0, prompt: 'first', duration: 2, generation_id: gen.id },
      { project_id: video.id, position: 1, prompt: 'second', duration: 5 },
    ])
    .returning('id')
    .execute();

  const image = await db
    .insertInto('projects')
    .values({ user_id: userId, name: 'Moodboard', type: 'IMAGE', aspect_ratio: '1:1', resolution: '480p' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const segment = await db
    .insertInto('segments')
    .values({ project_id: image.id, name: 'Hero', prompt: 'a hero image', type: 'IMAGE', order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const versionIds: string[] = [];
  for (const color of [
    { r: 255, g: 0, b: 0 },
    { r: 0, g: 0, b: 255 },
  ]) {
    const g = await db
      .insertInto('generations')
      .values({
        user_id: userId,
        project_id: image.id,
        type: 'image',
        prompt: 'a hero image',
        model_id: 'local/image',
        provider: 'local',
        status: 'COMPLETED',
        progress: 100,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = `generations/${userId}/${g.id}.png`;
    await storage.put(key, await pngOf(64, 64, color), 'image/png');
    await db.updateTable('generations').set({ output_url: key, thumbnail_url: key }).where('id', '=', g.id).execute();
    const v = await db
      .insertInto('segment_versions')
      .values({ segment_id: segment.id, generation_id: g.id, status: 'GENERATING' })
      .returning('id')
      .executeTakeFirstOrThrow();
    versionIds.push(v.id);
  }
  await db.updateTable('segments').set({ selected_version_id: versionIds[0] }).where('id', '=', segment.id).execute();
  const exp = await db
    .insertInto('exports')
    .values({ project_id: video.id, user_id: userId, name: 'Old export', type: 'video/mp4', status: 'COMPLETED', progress: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    videoProjectId: video.id,
    clipIds: clips.map((c) => c.id),
    videoGenerationId: gen.id,
    imageProjectId: image.id,
    segmentId: segment.id,
    versionIds: versionIds as [string, string],
    exportId: exp.id,
  };
}
