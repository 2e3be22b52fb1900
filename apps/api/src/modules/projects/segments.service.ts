import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { resolveModel } from '../generation/catalogue.service';
import type { GenerateInput } from '../generation/generation.schema';
import { generate } from '../generation/generation.service';
import { notFound, projectFor, segmentFor, touchProject } from './projects.access';
import type { Segment, SegmentVersion } from './segments.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };
type VersionStatus = SegmentVersion['status'];

/**
 * A version's state follows its generation (§4): PENDING/PROCESSING → GENERATING, COMPLETED →
 * READY, FAILED/CANCELLED → FAILED. A version whose generation was deleted keeps what it stored.
 */
function versionState(r: {
  v_status: string | null;
  v_output: string | null;
  v_content: string | null;
  g_status: string | null;
  g_output: string | null;
  g_thumb: string | null;
  g_text: string | null;
}): { status: VersionStatus; outputKey: string | null; thumbKey: string | null; content: string | null } {
  if (r.g_status) {
    const status: VersionStatus =
      r.g_status === 'COMPLETED' ? 'READY' : r.g_status === 'PENDING' || r.g_status === 'PROCESSING' ? 'GENERATING' : 'FAILED';
    return status === 'READY'
      ? { status, outputKey: r.g_output, thumbKey: r.g_thumb ?? r.g_output, content: r.g_text }
      : { status, outputKey: null, thumbKey: null, content: null };
  }
  const has = Boolean(r.v_output || r.v_content);
  return { status: has ? 'READY' : 'FAILED', outputKey: r.v_output, thumbKey: r.v_output, content: r.v_content };
}

function segmentQuery(db: Db) {
  return db
    .selectFrom('segments as s')
    .leftJoin('segment_versions as v', 'v.id', 's.selected_version_id')
    .leftJoin('generations as g', 'g.id', 'v.generation_id')
    .select([
      's.id',
      's.project_id',
      's.name',
      's.prompt',
      's.type',
      's.order',
      's.metadata',
      's.selected_version_id',
      's.created_at',
      's.updated_at',
      'v.status as v_status',
      'v.output_url as v_output',
      'v.content as v_content',
      'g.status as g_status',
      'g.output_url as g_output',
      'g.thumbnail_url as g_thumb',
      'g.output_text as g_text',
      sql<number>`(select count(*)::int from segment_versions sv where sv.segment_id = s.id)`.as('version_count'),
    ]);
}
type SegmentRow = Awaited<ReturnType<ReturnType<typeof segmentQuery>['executeTakeFirstOrThrow']>>;

function toSegment(deps: Pick<Deps, 'media'>, r: SegmentRow): Segment {
  const v = r.selected_version_id ? versionState(r) : null;
  const media = deps.media.forProject(r.project_id);
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    prompt: r.prompt,
    type: r.type,
    order: r.order,
    metadata: r.metadata,
    selectedVersionId: r.selected_version_id,
    selectedVersion:
      v && r.selected_version_id
        ? {
            id: r.selected_version_id,
            outputUrl: media.url(v.outputKey, { name: r.name }),
            thumbnailUrl: media.url(v.thumbKey),
            content: v.content,
            status: v.status,
          }
        : null,
    versionCount: r.version_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listSegmentsOf(deps: Deps, projectId: string): Promise<Segment[]> {
  const rows = await segmentQuery(deps.db).where('s.project_id', '=', projectId).orderBy('s.order').orderBy('s.created_at').execute();
  return rows.map((r) => toSegment(deps, r));
}

async function oneSegment(deps: Deps, segmentId: string): Promise<Segment> {
  return toSegment(deps, await segmentQuery(deps.db).where('s.id', '=', segmentId).executeTakeFirstOrThrow());
}

export async function listSegments(deps: Deps, viewerId: string, projectId: string) {
  await projectFor(deps.db, viewerId, projectId, { need: 'read' });
  return { segments: await listSegmentsOf(deps, projectId) };
}

function assertSegmentProject(type: string) {
  if (type === 'VIDEO') {
    throw new AppError('VALIDATION', 'Segments belong to image and text projects; video projects have clips', {
      fields: [{ path: 'id', message: 'Not an image or text project' }],
    });
  }
}

export async function createSegment(
  ctx: UserCtx,
  input: {
    id: string;
    name: string;
    prompt?: string | undefined;
    type?: 'IMAGE' | 'TEXT' | undefined;
    metadata?: Record<string, unknown> | undefined;
  },
) {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, ctx.user.id, input.id, { forUpdate: true, need: 'write' });
    assertSegmentProject(project.type);
    const last = await trx
      .selectFrom('segments')
      .select((eb) => eb.fn.max('order').as('max'))
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const row = await trx
      .insertInto('segments')
      .values({
        project_id: project.id,
        name: input.name,
        prompt: input.prompt ?? '',
        type: input.type ?? (project.type as 'IMAGE' | 'TEXT'),
        order: (last?.max ?? -1) + 1,
        metadata: JSON.stringify(input.metadata ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await touchProject(trx, project.id);
    return row.id;
  });
  return { segment: await oneSegment(ctx, id) };
}

async function segmentOfProject(db: Db, viewerId: string, projectId: string, segmentId: string) {
  await projectFor(db, viewerId, projectId, { need: 'write' });
  const row = await db
    .selectFrom('segments')
    .select(['id', 'selected_version_id'])
    .where('id', '=', segmentId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function updateSegment(
  ctx: UserCtx,
  input: { id: string; segmentId: string; name?: string | undefined; prompt?: string | undefined; metadata?: Record<string, unknown> | undefined },
) {
  await segmentOfProject(ctx.db, ctx.user.id, input.id, input.segmentId);
  await ctx.db
    .updateTable('segments')
    .set({
      updated_at: new Date(),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
      ...(input.metadata !== undefined ? { metadata: JSON.stringify(input.metadata) } : {}),
    })
    .where('id', '=', input.segmentId)
    .execute();
  await touchProject(ctx.db, input.id);
  return { segment: await oneSegment(ctx, input.segmentId) };
}

/** Deletes a segment and its versions (their generations stay in history); the rest close ranks. */
export async function deleteSegment(ctx: UserCtx, projectId: string, segmentId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    await projectFor(trx, ctx.user.id, projectId, { forUpdate: true, need: 'write' });
    const gone = await trx.deleteFrom('segments').where('id', '=', segmentId).where('project_id', '=', projectId).returning('id').executeTakeFirst();
    if (!gone) throw notFound();
    await renumber(trx, projectId);
    await touchProject(trx, projectId);
  });
  return { success: true as const, id: segmentId };
}

async function renumber(db: Db, projectId: string, ids?: string[]) {
  const order =
    ids ??
    (await db.selectFrom('segments').select('id').where('project_id', '=', projectId).orderBy('order').orderBy('created_at').execute()).map(
      (r) => r.id,
    );
  if (!order.length) return;
  // One statement: order = index in the given list.
  await sql`
    UPDATE segments AS s SET "order" = x.ord - 1
    FROM unnest(${sql.val(order)}::uuid[]) WITH ORDINALITY AS x(id, ord)
    WHERE s.id = x.id AND s.project_id = ${projectId} AND s."order" <> x.ord - 1`.execute(db);
}

/** PUT /projects/{id}/segments/reorder: segmentIds must list every segment of the project once. */
export async function reorderSegments(ctx: UserCtx, projectId: string, segmentIds: string[]) {
  await ctx.db.transaction().execute(async (trx) => {
    await projectFor(trx, ctx.user.id, projectId, { forUpdate: true, need: 'write' });
    const current = (await trx.selectFrom('segments').select('id').where('project_id', '=', projectId).execute()).map((r) => r.id);
    const given = new Set(segmentIds);
    const valid = given.size === segmentIds.length && given.size === current.length && current.every((id) => given.has(id));
    if (!valid) {
      const message = 'segmentIds must list every segment of this project exactly once';
      throw new AppError('VALIDATION', message, { fields: [{ path: 'segmentIds', message }], details: { expected: current.length } });
    }
    await renumber(trx, projectId, segmentIds);
    await touchProject(trx, projectId);
  });
  return { segments: await listSegmentsOf(ctx, projectId) };
}

function versionQuery(db: Db) {
  return db
    .selectFrom('segment_versions as v')
    .innerJoin('segments as s', 's.id', 'v.segment_id')
    .leftJoin('generations as g', 'g.id', 'v.generation_id')
    .select([
      'v.id',
      'v.segment_id',
      'v.generation_id',
      'v.created_at',
      's.project_id',
      's.name as segment_name',
      's.selected_version_id',
      'v.status as v_status',
      'v.output_url as v_output',
      'v.content as v_content',
      'g.status as g_status',
      'g.output_url as g_output',
      'g.thumbnail_url as g_thumb',
      'g.output_text as g_text',
      'g.prompt as g_prompt',
      'g.model_id as g_model',
      'g.progress as g_progress',
      'g.error as g_error',
    ]);
}
type VersionRow = Awaited<ReturnType<ReturnType<typeof versionQuery>['executeTakeFirstOrThrow']>>;

function toVersion(deps: Pick<Deps, 'media'>, r: VersionRow): SegmentVersion {
  const v = versionState(r);
  const media = deps.media.forProject(r.project_id);
  return {
    id: r.id,
    segmentId: r.segment_id,
    generationId: r.generation_id,
    status: v.status,
    progress: v.status === 'READY' ? 100 : v.status === 'GENERATING' ? (r.g_progress ?? 0) : 0,
    outputUrl: media.url(v.outputKey, { name: r.segment_name }),
    thumbnailUrl: media.url(v.thumbKey),
    content: v.content,
    prompt: r.g_prompt,
    model: r.g_model,
    error: r.g_status === 'FAILED' || r.g_status === 'CANCELLED' ? (r.g_error ?? 'The generation did not finish') : null,
    isSelected: r.selected_version_id === r.id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listVersions(deps: Deps, viewerId: string, segmentId: string) {
  await segmentFor(deps.db, viewerId, segmentId, 'read');
  const rows = await versionQuery(deps.db).where('v.segment_id', '=', segmentId).orderBy('v.created_at', 'desc').orderBy('v.id').execute();
  return { versions: rows.map((r) => toVersion(deps, r)) };
}

/**
 * POST /projects/segments/{id}/generate: a new version, queued through the one generation
 * pipeline (image or text by the segment's type; charged at the model's catalogue price,
 * refunded on failure). The first version of a segment becomes its selected one.
 */
export async function generateVersion(
  ctx: UserCtx,
  input: {
    id: string;
    model?: string | undefined;
    provider?: string | undefined;
    prompt?: string | undefined;
    seed?: number | undefined;
    idempotencyKey?: string | undefined;
  },
) {
  const segment = await segmentFor(ctx.db, ctx.user.id, input.id, 'write');
  const type = segment.type === 'IMAGE' ? 'image' : 'text';
  const prompt = (input.prompt ?? segment.prompt).trim();
  if (!prompt) {
    throw new AppError('VALIDATION', 'prompt is required: describe this segment first', {
      fields: [{ path: 'prompt', message: 'Describe the segment first' }],
    });
  }
  const model = await resolveModel(ctx, type, input.model, input.provider);
  const req = model.requirements;
  const result = await generate(ctx, {
    prompt,
    type,
    model: model.id,
    projectId: segment.project_id,
    ...(req.aspectRatios?.includes(segment.aspect_ratio) ? { aspectRatio: segment.aspect_ratio as GenerateInput['aspectRatio'] } : {}),
    ...(req.resolutions?.includes(segment.resolution) ? { resolution: segment.resolution as GenerateInput['resolution'] } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });

  const versionId = await ctx.db.transaction().execute(async (trx) => {
    // A replayed request (same idempotency key) returns the version it made the first time.
    const prior = await trx
      .selectFrom('segment_versions')
      .select('id')
      .where('segment_id', '=', segment.id)
      .where('generation_id', '=', result.generation.id)
      .executeTakeFirst();
    const id =
      prior?.id ??
      (
        await trx
          .insertInto('segment_versions')
          .values({ segment_id: segment.id, generation_id: result.generation.id, status: 'GENERATING' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // The new version becomes the selected one when there is none yet or the selected one failed.
    const locked = await trx.selectFrom('segments').select('selected_version_id').where('id', '=', segment.id).forUpdate().executeTakeFirst();
    const selected = locked?.selected_version_id
      ? await versionQuery(trx).where('v.id', '=', locked.selected_version_id).executeTakeFirst()
      : undefined;
    if (!selected || versionState(selected).status === 'FAILED') {
      await trx.updateTable('segments').set({ selected_version_id: id }).where('id', '=', segment.id).execute();
    }
    await touchProject(trx, segment.project_id);
    return id;
  });
  const version = await versionQuery(ctx.db).where('v.id', '=', versionId).executeTakeFirstOrThrow();
  return {
    version: toVersion(ctx, version),
    segment: await oneSegment(ctx, segment.id),
    generation: result.generation,
    creditsBalance: result.creditsBalance,
    replayed: result.replayed,
  };
}

async function versionOf(db: Db, segmentId: string, versionId: string): Promise<VersionRow> {
  const row = await versionQuery(db).where('v.id', '=', versionId).where('v.segment_id', '=', segmentId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Version not found');
  return row;
}

/** PUT /projects/segments/{id}/select/{versionId}: a failed version cannot be selected. */
export async function selectVersion(ctx: UserCtx, segmentId: string, versionId: string) {
  const segment = await segmentFor(ctx.db, ctx.user.id, segmentId, 'write');
  const version = toVersion(ctx, await versionOf(ctx.db, segmentId, versionId));
  if (version.status === 'FAILED') throw new AppError('CONFLICT', 'This version failed; choose a finished one');
  await ctx.db.updateTable('segments').set({ selected_version_id: versionId, updated_at: new Date() }).where('id', '=', segmentId).execute();
  await touchProject(ctx.db, segment.project_id);
  return { segment: await oneSegment(ctx, segmentId) };
}

/**
 * DELETE /projects/segments/{id}/versions/{versionId}: the selected version cannot be deleted
 * until another is chosen (409). The version's generation stays in history.
 */
export async function deleteVersion(ctx: UserCtx, segmentId: string, versionId: string) {
  const segment = await segmentFor(ctx.db, ctx.user.id, segmentId, 'write');
  await versionOf(ctx.db, segmentId, versionId);
  const gone = await ctx.db
    .deleteFrom('segment_versions')
    .where('id', '=', versionId)
    .where('segment_id', '=', segmentId)
    // Checked in the statement itself, so a concurrent select cannot slip between check and delete.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('segments').select('id').where('id', '=', segmentId).where('selected_version_id', '=', versionId))),
    )
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new AppError('CONFLICT', 'This is the selected version: choose another version before deleting it');
  await touchProject(ctx.db, segment.project_id);
  return { success: true as const, id: versionId, segment: await oneSegment(ctx, segmentId) };
}
