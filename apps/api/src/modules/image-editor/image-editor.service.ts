/**
 * The image editor (issue 9), projects: list, create, read and update IMAGE projects. Its other roles
 * live beside it: assets (uploads, pixels, thumbnails), layers, actions (generation into a layer,
 * quick actions) and export.
 */
import { dimensionsFor } from '@atelier/shared';
import { sql } from 'kysely';
import { readableBy } from '../projects/projects.access';
import { listAssetsOf } from './image-editor.assets';
import { listLayersOf } from './image-editor.layers';
import type { CreateImageProjectRequest, ImageProject, UpdateImageProjectRequest } from './image-editor.schema';
import { canvasOf, type Deps, imageProjectFor, ratioOf, resolutionOf, type UserCtx } from './image-editor.shared';

function projectSummary(
  deps: Pick<Deps, 'media'>,
  p: {
    id: string;
    name: string;
    description: string;
    status: string;
    aspect_ratio: string;
    resolution: string;
    settings: Record<string, unknown>;
    thumbnail_url: string | null;
    created_at: Date | string;
    updated_at: Date | string;
  },
) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: 'IMAGE' as const,
    status: p.status,
    ...canvasOf(p),
    thumbnailUrl: deps.media.forProject(p.id).url(p.thumbnail_url),
    createdAt: new Date(p.created_at).toISOString(),
    updatedAt: new Date(p.updated_at).toISOString(),
  };
}

export async function listImageProjects(deps: Deps, viewerId: string, input: { limit: number; offset: number }) {
  const base = deps.db.selectFrom('projects as p').where('p.type', '=', 'IMAGE').where(readableBy(viewerId));
  const [rows, total] = await Promise.all([
    base
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.status',
        'p.aspect_ratio',
        'p.resolution',
        'p.settings',
        'p.thumbnail_url',
        'p.created_at',
        'p.updated_at',
        sql<number>`(select count(*)::int from image_layers l where l.project_id = p.id)`.as('layer_count'),
      ])
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    projects: rows.map((r) => ({ ...projectSummary(deps, r), layerCount: r.layer_count })),
    total: Number(total.n),
    limit: input.limit,
    offset: input.offset,
  };
}

export async function createImageProject(ctx: UserCtx, input: CreateImageProjectRequest): Promise<ImageProject> {
  const { width, height } = dimensionsFor(input.aspectRatio, input.resolution);
  const row = await ctx.db
    .insertInto('projects')
    .values({
      user_id: ctx.user.id,
      name: input.name,
      type: 'IMAGE',
      description: input.description ?? '',
      aspect_ratio: input.aspectRatio,
      resolution: input.resolution,
      settings: JSON.stringify({ editor: 'image', width, height, background: input.background }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getImageProject(ctx, ctx.user.id, row.id);
}

export async function getImageProject(deps: Deps, viewerId: string, projectId: string): Promise<ImageProject> {
  const project = await imageProjectFor(deps.db, viewerId, projectId, 'read');
  const [assets, layers] = await Promise.all([listAssetsOf(deps, project.id), listLayersOf(deps.db, project.id)]);
  const thumb = assets.find((a) => a.status === 'READY')?.thumbnailUrl ?? null;
  const summary = projectSummary(deps, project);
  return { ...summary, thumbnailUrl: summary.thumbnailUrl ?? thumb, assets, layers };
}

export async function updateImageProject(ctx: UserCtx, input: UpdateImageProjectRequest): Promise<ImageProject> {
  await ctx.db.transaction().execute(async (trx) => {
    const project = await imageProjectFor(trx, ctx.user.id, input.id, 'write', true);
    const settings = { ...project.settings };
    if (input.background !== undefined) settings.background = input.background;
    const before = canvasOf(project);
    const canvas = dimensionsFor(input.aspectRatio ?? ratioOf(project.aspect_ratio), input.resolution ?? resolutionOf(project.resolution));
    settings.width = canvas.width;
    settings.height = canvas.height;
    if (canvas.width !== before.width || canvas.height !== before.height) {
      // The composition follows the canvas: scaled uniformly (nothing distorts) and centred.
      const s = Math.min(canvas.width / before.width, canvas.height / before.height);
      const dx = (canvas.width - before.width * s) / 2;
      const dy = (canvas.height - before.height * s) / 2;
      await sql`
        UPDATE image_layers SET
          x = round((x * ${s} + ${dx})::numeric, 2), y = round((y * ${s} + ${dy})::numeric, 2),
          width = greatest(1, round((width * ${s})::numeric, 2)), height = greatest(1, round((height * ${s})::numeric, 2)),
          updated_at = now()
        WHERE project_id = ${project.id}`.execute(trx);
    }
    await trx
      .updateTable('projects')
      .set({
        updated_at: new Date(),
        settings: JSON.stringify(settings),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.aspectRatio !== undefined ? { aspect_ratio: input.aspectRatio } : {}),
        ...(input.resolution !== undefined ? { resolution: input.resolution } : {}),
      })
      .where('id', '=', project.id)
      .execute();
  });
  return getImageProject(ctx, ctx.user.id, input.id);
}

// The other roles, one file each; the router reaches them all through this module.
export { generateLayer, quickAction } from './image-editor.actions';
export { listAssets, uploadAsset } from './image-editor.assets';
export { createImageExport } from './image-editor.export';
export { createLayer, deleteLayer, listLayers, reorderLayers, syncLayers, updateLayer } from './image-editor.layers';
