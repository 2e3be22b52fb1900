import type { Database, Db } from '@atelier/db';
import { removeUnreferenced } from '@atelier/media';
import { AppError, playedSeconds, unitsToCredits } from '@atelier/shared';
import { type Insertable, sql } from 'kysely';
import type { Context } from '../../context';
import { effectiveClip, listClipRows, toClip } from './clips.service';
import { type ProjectRole, projectFor, readableBy } from './projects.access';
import { ownCopies } from './projects.media';
import type { CreateProjectRequest, ListProjectsRequest, Project, UpdateProjectRequest } from './projects.schema';
import { listSegmentsOf } from './segments.service';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string } };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The latest finished output of the project (clip videos' thumbnails, images), else the stored one. */
const latestThumb = sql<string | null>`coalesce((
  select coalesce(g.thumbnail_url, case when g.type = 'image' then g.output_url end)
  from generations g
  where g.project_id = p.id and g.status = 'COMPLETED'
    and (g.thumbnail_url is not null or (g.type = 'image' and g.output_url is not null))
  order by g.completed_at desc nulls last, g.created_at desc
  limit 1), p.thumbnail_url)`;

/** Projects with the viewer's role on each ('owner', 'editor', 'viewer') and the owner's e-mail. */
function projectQuery(db: Db, viewerId: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as owner', 'owner.id', 'p.user_id')
    .select([
      'owner.email as owner_email',
      sql<ProjectRole>`case when p.user_id = ${viewerId} then 'owner' else coalesce((select pc.role from project_collaborators pc where pc.project_id = p.id and pc.user_id = ${viewerId}), 'viewer') end`.as(
        'viewer_role',
      ),
      sql<number>`(select count(*)::int from project_collaborators pc where pc.project_id = p.id)`.as('member_count'),
      'p.id',
      'p.user_id',
      'p.name',
      'p.type',
      'p.description',
      'p.status',
      'p.global_prompt',
      'p.aspect_ratio',
      'p.resolution',
      'p.settings',
      'p.created_at',
      'p.updated_at',
      latestThumb.as('thumb'),
      sql<number>`(select count(*)::int from segments s where s.project_id = p.id)`.as('segment_count'),
      sql<number>`(select count(*)::int from video_clips c where c.project_id = p.id)`.as('clip_count'),
      sql<number>`(select count(*)::int from exports e where e.project_id = p.id)`.as('export_count'),
    ]);
}
type ProjectQueryRow = Awaited<ReturnType<ReturnType<typeof projectQuery>['executeTakeFirstOrThrow']>>;

function toProject(deps: Pick<Deps, 'media'>, r: ProjectQueryRow): Project {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    description: r.description,
    status: r.status,
    thumbnailUrl: deps.media.forProject(r.id).url(r.thumb),
    globalPrompt: r.global_prompt,
    aspectRatio: r.aspect_ratio,
    resolution: r.resolution,
    settings: r.settings,
    counts: { segments: r.segment_count, videoClips: r.clip_count, exports: r.export_count },
    access: { role: r.viewer_role, shared: r.viewer_role !== 'owner', ownerEmail: r.owner_email, members: r.member_count },
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function oneProject(deps: Deps, viewerId: string, id: string): Promise<Project> {
  return toProject(deps, await projectQuery(deps.db, viewerId).where('p.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * GET /projects: the viewer's projects and the projects shared with them (marked by `access`),
 * most recently changed first, with type filter and search.
 */
export async function listProjects(deps: Deps, viewerId: string, input: ListProjectsRequest) {
  let q = projectQuery(deps.db, viewerId).where(readableBy(viewerId));
  if (input.type) q = q.where('p.type', '=', input.type);
  if (input.search) {
    const like = `%${escapeLike(input.search)}%`;
    q = q.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.description', 'ilike', like)]));
  }
  let count = deps.db.selectFrom('projects as p').where(readableBy(viewerId));
  if (input.type) count = count.where('p.type', '=', input.type);
  if (input.search) {
    const like = `%${escapeLike(input.search)}%`;
    count = count.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.description', 'ilike', like)]));
  }
  const [rows, total] = await Promise.all([
    q.orderBy('p.updated_at', 'desc').orderBy('p.id').limit(input.limit).offset(input.offset).execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { success: true as const, projects: rows.map((r) => toProject(deps, r)), total: Number(total.n), limit: input.limit, offset: input.offset };
}

/** GET /projects/{id}: the project with its timeline (VIDEO) or segments (IMAGE, TEXT). */
export async function getProject(deps: Deps, viewerId: string, id: string) {
  await projectFor(deps.db, viewerId, id, { need: 'read' });
  const [project, clips, segments] = await Promise.all([oneProject(deps, viewerId, id), listClipRows(deps.db, id), listSegmentsOf(deps, id)]);
  return { ...project, videoClips: clips.map((r) => toClip(deps, r)), segments };
}

export async function createProject(ctx: UserCtx, input: CreateProjectRequest) {
  const row = await ctx.db
    .insertInto('projects')
    .values({
      user_id: ctx.user.id,
      name: input.name,
      type: input.type,
      description: input.description ?? '',
      global_prompt: input.globalPrompt ?? null,
      settings: JSON.stringify(input.settings ?? {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.aspectRatio ? { aspect_ratio: input.aspectRatio } : {}),
      ...(input.resolution ? { resolution: input.resolution } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { success: true as const, project: await oneProject(ctx, ctx.user.id, row.id) };
}

export async function updateProject(ctx: UserCtx, input: UpdateProjectRequest) {
  await projectFor(ctx.db, ctx.user.id, input.id, { need: 'write' });
  await ctx.db
    .updateTable('projects')
    .set({
      updated_at: new Date(),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.globalPrompt !== undefined ? { global_prompt: input.globalPrompt } : {}),
      ...(input.aspectRatio !== undefined ? { aspect_ratio: input.aspectRatio } : {}),
      ...(input.resolution !== undefined ? { resolution: input.resolution } : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
    })
    .where('id', '=', input.id)
    .execute();
  return { success: true as const, project: await oneProject(ctx, ctx.user.id, input.id) };
}

/**
 * Deletes the project with its clips, segments, versions and exports (and the exports' files).
 * Its generations stay in the user's history, unlinked. A running export stops on its own.
 */
export async function deleteProject(ctx: UserCtx, id: string) {
  await projectFor(ctx.db, ctx.user.id, id, { need: 'owner' });
  // An article being written carries its charge until it ends (READY, or FAILED and refunded):
  // deleting the project under it would take the charge's record with it.
  const writing = await ctx.db
    .selectFrom('seo_article_runs as r')
    .innerJoin('seo_articles as a', 'a.id', 'r.article_id')
    .innerJoin('seo_projects as sp', 'sp.id', 'a.seo_project_id')
    .select('r.id')
    .where('sp.project_id', '=', id)
    .where('r.status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirst();
  if (writing) throw new AppError('CONFLICT', 'Articles are still being written for this project: delete it once they have finished');
  const keys = await projectMediaKeys(ctx.db, id);
  await ctx.db.deleteFrom('projects').where('id', '=', id).where('user_id', '=', ctx.user.id).execute();
  // Its exports, uploads, editor layers and mixes go with it; files something else still shows
  // (its generations, kept in history; a duplicate's clips) stay. A store that is down now leaves
  // them to the orphan sweep.
  await removeUnreferenced(ctx, keys).catch((e: unknown) =>
    ctx.log.warn({ err: String(e), projectId: id }, 'media removal deferred to the orphan sweep'),
  );
  return { success: true as const, id };
}

/** Every media key a project's own rows hold (exports, clips, versions, editor assets, sound sources). */
async function projectMediaKeys(db: Db, projectId: string): Promise<string[]> {
  const [exports, clips, versions, assets, sources] = await Promise.all([
    db.selectFrom('exports').select('output_url').where('project_id', '=', projectId).execute(),
    db.selectFrom('video_clips').select(['image_url', 'video_url', 'thumbnail_url']).where('project_id', '=', projectId).execute(),
    db
      .selectFrom('segment_versions as v')
      .innerJoin('segments as s', 's.id', 'v.segment_id')
      .select('v.output_url')
      .where('s.project_id', '=', projectId)
      .execute(),
    db.selectFrom('image_assets').select(['key', 'thumbnail_key']).where('project_id', '=', projectId).execute(),
    db
      .selectFrom('sound_sources as s')
      .innerJoin('sound_sessions as ss', 'ss.id', 's.session_id')
      .select('s.media_key')
      .where('ss.project_id', '=', projectId)
      .execute(),
  ]);
  return [
    ...exports.map((e) => e.output_url),
    ...clips.flatMap((c) => [c.image_url, c.video_url, c.thumbnail_url]),
    ...versions.map((v) => v.output_url),
    ...assets.flatMap((a) => [a.key, a.thumbnail_key]),
    ...sources.map((s) => s.media_key),
  ].filter((k): k is string => Boolean(k));
}

/**
 * POST /projects/{id}/duplicate: a deep copy — settings, clips (with their current videos and
 * trims), segments and their versions (the selection carried over) — but not exports. The copy is
 * the caller's own project: media of other accounts it shows (a member copying someone else's
 * project) is copied into the caller's own files, so the copy never points at media the caller
 * may lose access to; generations of others are not linked (a finished one's output is copied, an
 * unfinished one is left out).
 */
export async function duplicateProject(ctx: UserCtx, id: string) {
  // A member may copy what they can read; the copy is the caller's own project.
  const source = await projectFor(ctx.db, ctx.user.id, id, { need: 'read' });
  const sourceThumb = await projectQuery(ctx.db, ctx.user.id).where('p.id', '=', id).executeTakeFirstOrThrow();
  const clips = await listClipRows(ctx.db, id);
  const segments = await ctx.db.selectFrom('segments').selectAll().where('project_id', '=', id).orderBy('order').orderBy('created_at').execute();
  const versions = segments.length
    ? await ctx.db
        .selectFrom('segment_versions as v')
        .leftJoin('generations as g', 'g.id', 'v.generation_id')
        .select([
          'v.id',
          'v.segment_id',
          'v.generation_id',
          'v.output_url',
          'v.content',
          'v.status',
          'v.created_at',
          'g.user_id as g_user',
          'g.status as g_status',
          'g.output_url as g_output',
          'g.output_text as g_text',
        ])
        .where(
          'v.segment_id',
          'in',
          segments.map((sg) => sg.id),
        )
        .orderBy('v.created_at')
        .execute()
    : [];
  const clipGenerations = [...new Set(clips.map((c) => c.generation_id).filter((g): g is string => g !== null))];
  const clipGenerationOwners = new Map(
    clipGenerations.length
      ? (await ctx.db.selectFrom('generations').select(['id', 'user_id']).where('id', 'in', clipGenerations).execute()).map((g) => [g.id, g.user_id])
      : [],
  );

  // Files first (outside the transaction); discarded again if the copy is not made.
  const files = ownCopies(ctx.storage, ctx.user.id);
  try {
    const thumb = await files.own(sourceThumb.thumb);
    const clipValues: Omit<Insertable<Database['video_clips']>, 'project_id'>[] = [];
    for (const [i, c] of clips.entries()) {
      const e = effectiveClip(c);
      const ownGeneration = c.generation_id !== null && clipGenerationOwners.get(c.generation_id) === ctx.user.id;
      // Someone else's generation is not linked: the copy keeps its output (or the clip's previous video).
      const videoKey = await files.own(e.videoKey);
      clipValues.push({
        position: i,
        prompt: c.prompt,
        image_url: await files.own(c.image_url),
        video_url: videoKey,
        thumbnail_url: await files.own(e.thumbKey),
        duration: e.timing.duration,
        start_trim: e.timing.startTrim,
        end_trim: e.timing.endTrim,
        status: ownGeneration ? (e.status === 'GENERATING' ? 'DRAFT' : e.status) : videoKey ? 'READY' : 'DRAFT',
        provider: e.provider,
        model: e.model,
        // The caller's own in-flight generation keeps updating the copy too.
        generation_id: ownGeneration ? c.generation_id : null,
      });
    }
    const versionValues = new Map<
      string,
      { id: string; generation_id: string | null; output_url: string | null; content: string | null; status: string; created_at: Date }[]
    >();
    for (const v of versions) {
      const list = versionValues.get(v.segment_id) ?? [];
      if (!v.generation_id || v.g_user === ctx.user.id) {
        list.push({
          id: v.id,
          generation_id: v.generation_id,
          output_url: await files.own(v.output_url),
          content: v.content,
          status: v.status,
          created_at: v.created_at,
        });
      } else if (v.g_status === 'COMPLETED') {
        const output = await files.own(v.g_output);
        if (output || v.g_text)
          list.push({ id: v.id, generation_id: null, output_url: output, content: v.g_text, status: 'READY', created_at: v.created_at });
      } else if (!v.g_status && (v.output_url || v.content)) {
        // Its generation was deleted: the version keeps what it stored.
        list.push({
          id: v.id,
          generation_id: null,
          output_url: await files.own(v.output_url),
          content: v.content,
          status: v.status,
          created_at: v.created_at,
        });
      }
      versionValues.set(v.segment_id, list);
    }

    const copyId = await ctx.db.transaction().execute(async (trx) => {
      const suffix = ' (copy)';
      const copy = await trx
        .insertInto('projects')
        .values({
          user_id: ctx.user.id,
          name: source.name.slice(0, 200 - suffix.length) + suffix,
          type: source.type,
          description: source.description,
          status: source.status,
          thumbnail_url: thumb,
          global_prompt: source.global_prompt,
          aspect_ratio: source.aspect_ratio,
          resolution: source.resolution,
          settings: JSON.stringify(source.settings ?? {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (clipValues.length)
        await trx
          .insertInto('video_clips')
          .values(clipValues.map((c) => ({ ...c, project_id: copy.id })))
          .execute();
      for (const [i, sg] of segments.entries()) {
        const seg = await trx
          .insertInto('segments')
          .values({ project_id: copy.id, name: sg.name, prompt: sg.prompt, type: sg.type, order: i, metadata: JSON.stringify(sg.metadata ?? {}) })
          .returning('id')
          .executeTakeFirstOrThrow();
        let selected: string | null = null;
        for (const { id: versionId, ...v } of versionValues.get(sg.id) ?? []) {
          const nv = await trx
            .insertInto('segment_versions')
            .values({ ...v, segment_id: seg.id })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (versionId === sg.selected_version_id) selected = nv.id;
        }
        if (selected) await trx.updateTable('segments').set({ selected_version_id: selected }).where('id', '=', seg.id).execute();
      }
      return copy.id;
    });
    return { success: true as const, project: await getProject(ctx, ctx.user.id, copyId) };
  } catch (e) {
    await files.discard();
    throw e;
  }
}

/** GET /projects/{id}/stats. */
export async function projectStats(deps: Deps, viewerId: string, id: string) {
  const project = await projectFor(deps.db, viewerId, id, { need: 'read' });
  const [counts, gens, clips] = await Promise.all([
    deps.db
      .selectNoFrom([
        sql<number>`(select count(*)::int from segments where project_id = ${id})`.as('segments'),
        sql<number>`(select count(*)::int from segment_versions v join segments s on s.id = v.segment_id where s.project_id = ${id})`.as('versions'),
        sql<number>`(select count(*)::int from exports where project_id = ${id})`.as('exports'),
        sql<number>`(select count(*)::int from exports where project_id = ${id} and status = 'COMPLETED')`.as('completed_exports'),
      ])
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('generations')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where status = 'COMPLETED'))::int`.as('completed'),
        sql<number>`(count(*) filter (where status = 'FAILED'))::int`.as('failed'),
        sql<string>`coalesce(sum(credit_units_charged - credit_units_refunded), 0)::text`.as('units'),
        sql<Date | null>`max(created_at)`.as('last'),
      ])
      // Every member's generations in this project (charged to whoever made them).
      .where('project_id', '=', id)
      .executeTakeFirstOrThrow(),
    listClipRows(deps.db, id),
  ]);
  const effective = clips.map(effectiveClip);
  const last = [project.updated_at, gens.last].filter(Boolean).map((d) => new Date(d as Date).getTime());
  return {
    projectId: id,
    segments: counts.segments,
    videoClips: clips.length,
    readyClips: effective.filter((c) => c.status === 'READY').length,
    versions: counts.versions,
    exports: counts.exports,
    completedExports: counts.completed_exports,
    generations: gens.total,
    completedGenerations: gens.completed,
    failedGenerations: gens.failed,
    creditsSpent: unitsToCredits(Number(gens.units)),
    timelineSeconds: Math.round(effective.filter((c) => c.videoKey).reduce((s, c) => s + playedSeconds(c.timing), 0) * 1000) / 1000,
    lastActivityAt: new Date(Math.max(...last)).toISOString(),
  };
}
