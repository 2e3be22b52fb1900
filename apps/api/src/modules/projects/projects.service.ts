import type { Db } from '@atelier/db';
import { AppError, playedSeconds, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { effectiveClip, listClipRows, toClip } from './clips.service';
import { type ProjectRole, projectFor, readableBy } from './projects.access';
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
    thumbnailUrl: deps.media.url(r.thumb),
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
  const files = await ctx.db.selectFrom('exports').select('output_url').where('project_id', '=', id).where('output_url', 'is not', null).execute();
  await ctx.db.deleteFrom('projects').where('id', '=', id).where('user_id', '=', ctx.user.id).execute();
  for (const f of files) if (f.output_url) await ctx.storage.remove(f.output_url).catch(() => {});
  return { success: true as const, id };
}

/**
 * POST /projects/{id}/duplicate: a deep copy — settings, clips (with their current videos and
 * trims), segments and their versions (the selection carried over) — but not exports. Media is
 * shared by key, not copied.
 */
export async function duplicateProject(ctx: UserCtx, id: string) {
  // A member may copy what they can read; the copy is the caller's own project.
  const source = await projectFor(ctx.db, ctx.user.id, id, { need: 'read' });
  const sourceThumb = await projectQuery(ctx.db, ctx.user.id).where('p.id', '=', id).executeTakeFirstOrThrow();
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
        thumbnail_url: sourceThumb.thumb,
        global_prompt: source.global_prompt,
        aspect_ratio: source.aspect_ratio,
        resolution: source.resolution,
        settings: JSON.stringify(source.settings ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const clips = await listClipRows(trx, id);
    if (clips.length) {
      await trx
        .insertInto('video_clips')
        .values(
          clips.map((c, i) => {
            const e = effectiveClip(c);
            return {
              project_id: copy.id,
              position: i,
              prompt: c.prompt,
              image_url: c.image_url,
              video_url: e.videoKey,
              thumbnail_url: e.thumbKey,
              duration: e.timing.duration,
              start_trim: e.timing.startTrim,
              end_trim: e.timing.endTrim,
              status: e.status === 'GENERATING' ? 'DRAFT' : e.status,
              provider: e.provider,
              model: e.model,
              // An in-flight generation keeps updating the copy too; a finished one is already copied above.
              generation_id: c.generation_id,
            };
          }),
        )
        .execute();
    }

    const segments = await trx.selectFrom('segments').selectAll().where('project_id', '=', id).orderBy('order').orderBy('created_at').execute();
    for (const [i, s] of segments.entries()) {
      const seg = await trx
        .insertInto('segments')
        .values({ project_id: copy.id, name: s.name, prompt: s.prompt, type: s.type, order: i, metadata: JSON.stringify(s.metadata ?? {}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const versions = await trx.selectFrom('segment_versions').selectAll().where('segment_id', '=', s.id).orderBy('created_at').execute();
      let selected: string | null = null;
      for (const v of versions) {
        const nv = await trx
          .insertInto('segment_versions')
          .values({
            segment_id: seg.id,
            generation_id: v.generation_id,
            output_url: v.output_url,
            content: v.content,
            status: v.status,
            created_at: v.created_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (v.id === s.selected_version_id) selected = nv.id;
      }
      if (selected) await trx.updateTable('segments').set({ selected_version_id: selected }).where('id', '=', seg.id).execute();
    }
    return copy.id;
  });
  return { success: true as const, project: await getProject(ctx, ctx.user.id, copyId) };
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
