import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Db, type ExportRow, ROW_STATE, recordWebhookEvent } from '@atelier/db';
import { announceRow, type EventPublisher } from '@atelier/jobs';
import type { MediaStorage } from '@atelier/media';
import { type AspectRatio, dimensionsFor, type Resolution } from '@atelier/shared';
import { UnrecoverableError } from 'bullmq';
import { defineProcessor } from '../registry';
import { isImageEditorExport, processImageEditorExport } from './export.image';
import { exportMixdown, MIXDOWN_EXT, MIXDOWN_TYPES } from './export.mixdown';
import { buildZip, renderExportVideo, type ZipEntry } from './export.render';

export const EXPORT_TYPES = ['video/mp4', 'image/png', 'application/zip', 'text/markdown', ...MIXDOWN_TYPES] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const EXT: Record<ExportType, string> = {
  'video/mp4': 'mp4',
  'image/png': 'png',
  'application/zip': 'zip',
  'text/markdown': 'md',
  ...MIXDOWN_EXT,
};
const PROGRESS_INTERVAL_MS = 400;
/** A contact sheet of many images stays under this many pixels. */
const MAX_SHEET_PIXELS = 40_000_000;

/** What a render made: bytes in memory (small outputs) or a file in the temp folder (videos, mixes). */
type Produced = ({ data: Buffer } | { file: string }) & { metadata: Record<string, unknown> };

/** A deterministic, user-facing failure: no retry, the message is shown as the export's error. */
const fail = (message: string) => new UnrecoverableError(message);

/**
 * PENDING → PROCESSING → COMPLETED | FAILED. Idempotent (delivery is at least once): a finished
 * export is left alone and a re-run overwrites the same key. The worker re-checks that the
 * export's user still owns or edits the project and that every media key it reads is a project
 * member's (or the output of a generation made in this project).
 * A project deleted mid-render stops ffmpeg and discards the output.
 */
export const exportProcessor = defineProcessor({
  queue: 'export',
  async process(job, deps) {
    const { db, storage, events } = deps;
    const { exportId } = job.data;
    const row = await db.selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    if (!row) return { skipped: 'missing' };
    if (row.status === 'COMPLETED' || row.status === 'FAILED') return { skipped: row.status };
    const project = await db
      .selectFrom('projects')
      .select(['id', 'user_id', 'name', 'type', 'aspect_ratio', 'resolution'])
      .where('id', '=', row.project_id)
      .where((eb) =>
        eb.or([
          eb('user_id', '=', row.user_id),
          eb.exists(
            eb
              .selectFrom('project_collaborators as pc')
              .select('pc.user_id')
              .whereRef('pc.project_id', '=', 'projects.id')
              .where('pc.user_id', '=', row.user_id)
              .where('pc.role', '=', 'editor'),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!project) throw fail('Project not found');
    if (isImageEditorExport(row)) return processImageEditorExport({ db, storage, events }, row);
    const members = [
      project.user_id,
      ...(await db.selectFrom('project_collaborators').select('user_id').where('project_id', '=', project.id).execute()).map((m) => m.user_id),
    ];
    const projectOutputs = new Set(
      (await db.selectFrom('generations').select(['output_url', 'thumbnail_url']).where('project_id', '=', project.id).execute()).flatMap((g) =>
        [g.output_url, g.thumbnail_url].filter((k): k is string => Boolean(k)),
      ),
    );
    if (!(EXPORT_TYPES as readonly string[]).includes(row.type)) throw fail(`Exports of type ${row.type} are not supported`);

    const started = await db
      .updateTable('exports')
      .set((eb) => ({ status: 'PROCESSING', progress: 0, error: null, started_at: eb.fn.coalesce('started_at', eb.val(new Date())) }))
      .where('id', '=', exportId)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .returning(ROW_STATE)
      .executeTakeFirst();
    if (!started) return { skipped: 'not pending' };
    announceRow(events, 'export', started);

    const controller = new AbortController();
    const progress = progressWriter({ db, events }, exportId, controller, (p) => job.updateProgress(p));
    const tmp = await mkdtemp(path.join(tmpdir(), 'atelier-export-'));
    const key = `exports/${row.user_id}/${row.id}.${EXT[row.type as ExportType]}`;
    let produced: Produced;
    let bytes: number;
    try {
      const ctx: RenderCtx = { db, storage, row, project, members, projectOutputs, tmp, signal: controller.signal, onProgress: progress.report };
      const type = row.type as ExportType;
      produced =
        type === 'audio/mpeg' || type === 'audio/wav'
          ? await exportMixdown(ctx)
          : type === 'video/mp4'
            ? await exportVideo(ctx)
            : type === 'application/zip'
              ? await exportZip(ctx)
              : type === 'image/png'
                ? await exportContactSheet(ctx)
                : await exportMarkdown(ctx);
      // Large outputs go up from the temp file (multipart on S3) before the folder is removed.
      bytes = ('file' in produced ? await storage.putFile(key, produced.file, row.type) : await storage.put(key, produced.data, row.type)).size;
    } catch (e) {
      await progress.flush();
      if (controller.signal.aborted) return { skipped: 'deleted' };
      throw e;
    } finally {
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
    }
    await progress.flush();

    const done = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('exports')
        .set({
          status: 'COMPLETED',
          progress: 100,
          output_url: key,
          error: null,
          metadata: JSON.stringify({ ...produced.metadata, bytes }),
          completed_at: new Date(),
        })
        .where('id', '=', exportId)
        .where('status', '=', 'PROCESSING')
        .returning([...ROW_STATE, 'user_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      await recordWebhookEvent(trx, { userId: row.user_id, type: 'export.completed', objectType: 'export', objectId: exportId });
      const { user_id: _owner, ...state } = row;
      return state;
    });
    announceRow(events, 'export', done);
    if (!done) {
      await storage.remove(key).catch(() => {});
      return { skipped: 'deleted' };
    }
    return { completed: true, key };
  },
  async onFinalFailure(job, error, deps) {
    const failed = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('exports')
        .set({ status: 'FAILED', error: readableError(error), completed_at: new Date() })
        .where('id', '=', job.data.exportId)
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .returning([...ROW_STATE, 'user_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      await recordWebhookEvent(trx, { userId: row.user_id, type: 'export.failed', objectType: 'export', objectId: row.id });
      const { user_id: _owner, ...state } = row;
      return state;
    });
    announceRow(deps.events, 'export', failed);
  },
});

function readableError(error: Error): string {
  const msg = error.message || 'The export failed';
  return msg.length > 500 ? `${msg.slice(0, 500)}…` : msg;
}

/** Throttled progress writes; a vanished row (project deleted) aborts the render. */
function progressWriter(
  deps: { db: Db; events: EventPublisher },
  exportId: string,
  controller: AbortController,
  onJob: (p: number) => Promise<unknown>,
) {
  const { db, events } = deps;
  let last = -1;
  let lastWrite = 0;
  let chain: Promise<void> = Promise.resolve();
  return {
    report(percent: number) {
      const p = Math.max(0, Math.min(99, Math.round(percent)));
      const now = Date.now();
      if (p <= last || now - lastWrite < PROGRESS_INTERVAL_MS) return;
      last = p;
      lastWrite = now;
      chain = chain.then(async () => {
        const row = await db
          .updateTable('exports')
          .set({ progress: p })
          .where('id', '=', exportId)
          .where('status', '=', 'PROCESSING')
          .returning(ROW_STATE)
          .executeTakeFirst()
          .catch(() => ({ id: exportId }));
        if (!row) controller.abort();
        else if ('version' in row) announceRow(events, 'export', row);
        await onJob(p).catch(() => {});
      });
    },
    flush: () => chain.catch(() => {}),
  };
}

interface RenderCtx {
  db: Db;
  storage: MediaStorage;
  row: ExportRow;
  project: { id: string; user_id: string; name: string; type: string; aspect_ratio: string; resolution: string };
  /** The project's owner and collaborators: their uploads and generations may be in the project. */
  members: string[];
  /** Outputs of generations made in this project (kept when their maker leaves the project). */
  projectOutputs: Set<string>;
  tmp: string;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

/**
 * Media this export may read: the project members' uploads and generations (the exporting user's
 * own exports too), and outputs of generations made in this project — nothing else.
 */
function assertOwnKey(ctx: RenderCtx, key: string, what: string): string {
  const uid = ctx.row.user_id;
  const ok =
    key.startsWith(`exports/${uid}/`) ||
    ctx.projectOutputs.has(key) ||
    ctx.members.some((m) => key.startsWith(`uploads/${m}/`) || key.startsWith(`generations/${m}/`));
  if (!ok) throw fail(`${what} is not one of your files`);
  return key;
}

async function copyToTemp(ctx: RenderCtx, key: string, name: string, what: string): Promise<string> {
  if (!(await ctx.storage.stat(key))) throw fail(`${what} is missing from storage`);
  const file = path.join(ctx.tmp, name);
  await pipeline(ctx.storage.read(key), createWriteStream(file));
  return file;
}

async function readKey(ctx: RenderCtx, key: string, what: string): Promise<Buffer> {
  if (!(await ctx.storage.stat(key))) throw fail(`${what} is missing from storage`);
  return ctx.storage.readBuffer(key);
}

async function exportVideo(ctx: RenderCtx): Promise<Produced> {
  const clips = await ctx.db
    .selectFrom('video_clips as c')
    .leftJoin('generations as g', 'g.id', 'c.generation_id')
    .select(['c.id', 'c.position', 'c.start_trim', 'c.end_trim', 'c.video_url', 'g.status as gen_status', 'g.output_url as gen_output'])
    .where('c.project_id', '=', ctx.project.id)
    .orderBy('c.position')
    .orderBy('c.created_at')
    .execute();
  // The clip's video follows its generation (§4): the latest completed output, else the stored one.
  const playable = clips
    .map((c, i) => ({ ...c, number: i + 1, key: c.gen_status === 'COMPLETED' && c.gen_output ? c.gen_output : c.video_url }))
    .filter((c): c is typeof c & { key: string } => Boolean(c.key));
  if (!playable.length) throw fail('Nothing to export: no clip has a video yet');

  const inputs = [];
  for (const c of playable) {
    assertOwnKey(ctx, c.key, `Clip ${c.number}'s video`);
    const file = await copyToTemp(ctx, c.key, `clip-${c.number}${path.extname(c.key) || '.mp4'}`, `Clip ${c.number}'s video`);
    inputs.push({ path: file, startTrim: c.start_trim, endTrim: c.end_trim });
  }
  const audioKey = typeof ctx.row.params.audioKey === 'string' ? ctx.row.params.audioKey : null;
  const audioPath = audioKey
    ? await copyToTemp(ctx, assertOwnKey(ctx, audioKey, 'The audio track'), `audio${path.extname(audioKey)}`, 'The audio track')
    : null;
  ctx.onProgress(2);

  const { width, height } = dimensionsFor(ctx.project.aspect_ratio as AspectRatio, ctx.project.resolution as Resolution);
  const outputPath = path.join(ctx.tmp, 'export.mp4');
  let result: Awaited<ReturnType<typeof renderExportVideo>>;
  try {
    result = await renderExportVideo({
      clips: inputs,
      width,
      height,
      outputPath,
      audioPath,
      signal: ctx.signal,
      onProgress: (p) => ctx.onProgress(2 + p * 0.96),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    // Bad media and empty timelines will not get better on a retry.
    const msg = (e as Error).message;
    if (/^(Nothing to export|Clip \d+ )/.test(msg)) throw fail(msg);
    throw e;
  }
  return {
    file: outputPath,
    metadata: {
      durationSeconds: result.durationSeconds,
      width: result.width,
      height: result.height,
      clips: result.segments.length,
      skippedClips: result.skipped.length + (clips.length - playable.length),
      renderMs: result.wallMs,
      frameRate: result.frameRate,
      videoJoinedWithoutReencoding: result.videoCopied,
      hasAudioTrack: Boolean(audioPath),
    },
  };
}

interface SegmentOutput {
  number: number;
  name: string;
  type: 'IMAGE' | 'TEXT';
  key: string | null;
  text: string | null;
}

/** Each segment's selected version, when it is finished (its generation COMPLETED). */
async function selectedOutputs(ctx: RenderCtx): Promise<SegmentOutput[]> {
  const rows = await ctx.db
    .selectFrom('segments as s')
    .leftJoin('segment_versions as v', 'v.id', 's.selected_version_id')
    .leftJoin('generations as g', 'g.id', 'v.generation_id')
    .select([
      's.name',
      's.type',
      's.order',
      'v.id as version_id',
      'v.status as version_status',
      'v.output_url as version_output',
      'v.content as version_content',
      'v.generation_id',
      'g.status as gen_status',
      'g.output_url as gen_output',
      'g.output_text as gen_text',
    ])
    .where('s.project_id', '=', ctx.project.id)
    .orderBy('s.order')
    .orderBy('s.created_at')
    .execute();
  const out: SegmentOutput[] = [];
  rows.forEach((r, i) => {
    if (!r.version_id) return;
    const ready = r.gen_status ? r.gen_status === 'COMPLETED' : r.version_status === 'READY';
    if (!ready) return;
    const key = (r.gen_status ? r.gen_output : r.version_output) ?? null;
    const text = (r.gen_status ? r.gen_text : r.version_content) ?? null;
    if (!key && !text) return;
    out.push({ number: i + 1, name: r.name, type: r.type, key, text });
  });
  return out;
}

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'segment';

async function exportZip(ctx: RenderCtx): Promise<Produced> {
  const outputs = await selectedOutputs(ctx);
  if (!outputs.length) throw fail('Nothing to export: no segment has a finished selected version');
  const entries: ZipEntry[] = [];
  for (const [i, o] of outputs.entries()) {
    const base = `${String(o.number).padStart(2, '0')}-${slug(o.name)}`;
    if (o.key) {
      const ext = path.extname(o.key) || '.bin';
      entries.push({
        name: `${base}${ext}`,
        data: await readKey(ctx, assertOwnKey(ctx, o.key, `Segment ${o.number}'s output`), `Segment ${o.number}'s output`),
      });
    } else {
      entries.push({ name: `${base}.md`, data: Buffer.from(`# ${o.name}\n\n${o.text ?? ''}\n`, 'utf8') });
    }
    ctx.onProgress(((i + 1) / outputs.length) * 95);
  }
  return { data: buildZip(entries), metadata: { files: entries.length, names: entries.map((e) => e.name) } };
}

async function exportMarkdown(ctx: RenderCtx): Promise<Produced> {
  const outputs = (await selectedOutputs(ctx)).filter((o) => o.text);
  if (!outputs.length) throw fail('Nothing to export: no text segment has a finished selected version');
  const body = [`# ${ctx.project.name}`, ...outputs.map((o) => `## ${o.name}\n\n${(o.text ?? '').trim()}`)].join('\n\n');
  return { data: Buffer.from(`${body}\n`, 'utf8'), metadata: { sections: outputs.length } };
}

/** One image: that image as PNG. Several: a grid, each scaled to fit a cell of the project's ratio. */
async function exportContactSheet(ctx: RenderCtx): Promise<Produced> {
  const { default: sharp } = await import('sharp');
  const images = (await selectedOutputs(ctx)).filter((o): o is SegmentOutput & { key: string } =>
    Boolean(o.key && /\.(png|jpe?g|webp)$/i.test(o.key)),
  );
  if (!images.length) throw fail('Nothing to export: no image segment has a finished selected version');
  const buffers: Buffer[] = [];
  for (const o of images) buffers.push(await readKey(ctx, assertOwnKey(ctx, o.key, `Segment ${o.number}'s image`), `Segment ${o.number}'s image`));
  ctx.onProgress(40);
  const limit = { limitInputPixels: MAX_SHEET_PIXELS };
  if (buffers.length === 1) {
    const data = await sharp(buffers[0], limit).png().toBuffer();
    const meta = await sharp(data).metadata();
    return { data, metadata: { images: 1, width: meta.width, height: meta.height } };
  }
  const cols = Math.ceil(Math.sqrt(buffers.length));
  const rows = Math.ceil(buffers.length / cols);
  const gap = 16;
  let { width: cw, height: ch } = dimensionsFor(ctx.project.aspect_ratio as AspectRatio, ctx.project.resolution as Resolution);
  const scale = Math.min(1, Math.sqrt(MAX_SHEET_PIXELS / ((cols * cw + gap * (cols + 1)) * (rows * ch + gap * (rows + 1)))));
  cw = Math.floor(cw * scale);
  ch = Math.floor(ch * scale);
  const width = cols * cw + gap * (cols + 1);
  const height = rows * ch + gap * (rows + 1);
  const tiles = await Promise.all(
    buffers.map(async (b, i) => ({
      input: await sharp(b, limit)
        .resize(cw, ch, { fit: 'contain', background: { r: 17, g: 17, b: 17, alpha: 1 } })
        .png()
        .toBuffer(),
      left: gap + (i % cols) * (cw + gap),
      top: gap + Math.floor(i / cols) * (ch + gap),
    })),
  );
  ctx.onProgress(80);
  const data = await sharp({ create: { width, height, channels: 3, background: { r: 17, g: 17, b: 17 } } })
    .composite(tiles)
    .png()
    .toBuffer();
  return { data, metadata: { images: buffers.length, width, height, columns: cols, rows } };
}
