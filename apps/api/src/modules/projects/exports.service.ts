import { type Db, type ExportRow, exportView, ROW_STATE } from '@atelier/db';
import { announceRow } from '@atelier/jobs';
import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { followRow } from '../../lib/live';
import { effectiveClip, listClipRows } from './clips.service';
import type { CreateExportRequest, Export, ExportType } from './exports.schema';
import { notFound, projectFor, readableBy } from './projects.access';
import { ownMediaKey } from './projects.media';
import { listSegmentsOf } from './segments.service';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string } };

/** Which outputs each project type can export; the first is the default. */
export const EXPORT_TYPES_BY_PROJECT: Record<'VIDEO' | 'IMAGE' | 'TEXT', ExportType[]> = {
  VIDEO: ['video/mp4'],
  IMAGE: ['application/zip', 'image/png'],
  TEXT: ['application/zip', 'text/markdown'],
};
/** Exports one user may have queued or rendering at once. */
export const MAX_EXPORTS_IN_FLIGHT = 3;

export function toExport(deps: Pick<Deps, 'media'>, r: ExportRow): Export {
  // Named after the export ("Poster v1" → poster-v1.png) for every download of it.
  const media = deps.media.forProject(r.project_id);
  return { ...exportView(r, (key, options) => media.url(key, options)), type: r.type as Export['type'] };
}

/** Exports of projects the viewer owns or collaborates on (the project join is the access check). */
function ownedExports(db: Db, viewerId: string) {
  return db.selectFrom('exports as e').innerJoin('projects as p', 'p.id', 'e.project_id').where(readableBy(viewerId));
}

const exportColumns = [
  'e.id',
  'e.project_id',
  'e.user_id',
  'e.name',
  'e.type',
  'e.status',
  'e.progress',
  'e.output_url',
  'e.error',
  'e.params',
  'e.metadata',
  'e.started_at',
  'e.completed_at',
  'e.created_at',
  'e.updated_at',
  'e.version',
] as const;

async function exportRow(deps: Deps, viewerId: string, exportId: string): Promise<ExportRow> {
  const row = await ownedExports(deps.db, viewerId).select(exportColumns).where('e.id', '=', exportId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getExport(deps: Deps, viewerId: string, exportId: string): Promise<Export> {
  return toExport(deps, await exportRow(deps, viewerId, exportId));
}

const TERMINAL_EXPORT = new Set(['COMPLETED', 'FAILED']);

/**
 * `projects.onExport`: the export, then every status and progress change until it ends — video,
 * segment, image-editor and sound-editor renders alike (lib/live.ts).
 */
export const followExport = (deps: Deps & Pick<Context, 'live'>, viewerId: string, exportId: string, signal?: AbortSignal) =>
  followRow(deps, {
    topic: 'export',
    key: exportId,
    load: () => exportRow(deps, viewerId, exportId),
    present: (r) => toExport(deps, r),
    terminal: TERMINAL_EXPORT,
    signal,
  });

export async function listExports(deps: Deps, viewerId: string, input: { projectId?: string; limit: number; offset: number }) {
  if (input.projectId) await projectFor(deps.db, viewerId, input.projectId, { need: 'read' });
  let q = ownedExports(deps.db, viewerId);
  if (input.projectId) q = q.where('e.project_id', '=', input.projectId);
  const [rows, total] = await Promise.all([
    q.select(exportColumns).orderBy('e.created_at', 'desc').orderBy('e.id').limit(input.limit).offset(input.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { exports: rows.map((r) => toExport(deps, r)), total: Number(total.n), limit: input.limit, offset: input.offset };
}

/**
 * POST /projects/{id}/export: checks there is something to export, records the export PENDING
 * (the row is the truth) and queues it; the worker renders it. Exports are free.
 */
export async function createExport(ctx: UserCtx, input: CreateExportRequest) {
  const project = await projectFor(ctx.db, ctx.user.id, input.id, { need: 'write' });
  const allowed = EXPORT_TYPES_BY_PROJECT[project.type];
  const type = input.type ?? allowed[0];
  if (!type || !allowed.includes(type)) {
    const message = `${project.type.toLowerCase()} projects export as ${allowed.join(' or ')}`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'type', message }] });
  }

  const warnings: string[] = [];
  const params: Record<string, unknown> = {};
  if (type === 'video/mp4') {
    const clips = (await listClipRows(ctx.db, project.id)).map(effectiveClip);
    if (!clips.some((c) => c.videoKey)) {
      throw new AppError('VALIDATION', 'Nothing to export: no clip has a video yet. Generate a clip first.', {
        fields: [{ path: 'id', message: 'No clip has a video yet' }],
      });
    }
    clips.forEach((c, i) => {
      if (c.status === 'GENERATING')
        warnings.push(`Clip ${i + 1} is still generating; ${c.videoKey ? 'its previous video is used' : 'it is left out'}`);
      else if (!c.videoKey) warnings.push(`Clip ${i + 1} has no video yet and is left out`);
    });
    if (input.audioUrl) params.audioKey = await ownMediaKey(ctx.storage, ctx.user.id, input.audioUrl, 'audioUrl', 'audio');
  } else {
    if (input.audioUrl) {
      throw new AppError('VALIDATION', 'audioUrl applies to video exports only', { fields: [{ path: 'audioUrl', message: 'Only for video/mp4' }] });
    }
    const segments = await listSegmentsOf(ctx, project.id);
    const ready = segments.filter((s) => s.selectedVersion?.status === 'READY');
    const usable =
      type === 'image/png'
        ? ready.filter((s) => s.selectedVersion?.outputUrl)
        : type === 'text/markdown'
          ? ready.filter((s) => s.selectedVersion?.content)
          : ready;
    if (!usable.length) {
      const what = type === 'image/png' ? 'image' : type === 'text/markdown' ? 'text' : 'finished';
      throw new AppError('VALIDATION', `Nothing to export: no segment has a ${what} selected version yet`, {
        fields: [{ path: 'type', message: 'Nothing to export yet' }],
      });
    }
    for (const s of segments) if (!usable.includes(s)) warnings.push(`Segment "${s.name}" has no finished selected version and is left out`);
  }

  const row = await queueExport(ctx, { projectId: project.id, name: input.name, type, params });
  return { export: toExport(ctx, row), warnings };
}

/**
 * Queues one project export — video, segments, image-editor composition or sound-editor mixdown:
 * at most MAX_EXPORTS_IN_FLIGHT per user (429 beyond), and a queue outage fails the row at once
 * and answers 503, so no export waits forever.
 */
export async function queueExport(
  ctx: UserCtx,
  values: { projectId: string; name: string; type: string; params: Record<string, unknown> },
): Promise<ExportRow> {
  const inFlight = await ctx.db
    .selectFrom('exports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', ctx.user.id)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirstOrThrow();
  if (Number(inFlight.n) >= MAX_EXPORTS_IN_FLIGHT) {
    throw new AppError('RATE_LIMITED', `You already have ${MAX_EXPORTS_IN_FLIGHT} exports in progress; wait for one to finish`, {
      retryAfterSeconds: 10,
    });
  }
  const row = await ctx.db
    .insertInto('exports')
    .values({ project_id: values.projectId, user_id: ctx.user.id, name: values.name, type: values.type, params: JSON.stringify(values.params) })
    .returningAll()
    .executeTakeFirstOrThrow();
  try {
    await ctx.queues.enqueue('export', { exportId: row.id }, { jobId: row.id });
  } catch (e) {
    ctx.log.error({ err: String(e), exportId: row.id }, 'export enqueue failed');
    const failed = await ctx.db
      .updateTable('exports')
      .set({ status: 'FAILED', error: 'The job queue was unavailable', completed_at: new Date() })
      .where('id', '=', row.id)
      .returning(ROW_STATE)
      .executeTakeFirst();
    announceRow(ctx.events, 'export', failed);
    throw new AppError('UNAVAILABLE', 'The job queue is unavailable right now; please try the export again shortly.');
  }
  return row;
}
