import { randomUUID } from 'node:crypto';
import { applyQuickAction, type QuickAction } from '@atelier/ai/composite';
import { type Db, DEMO_IDS, DEMO_USER_ID } from '@atelier/db';
import { AppError, type AspectRatio, dimensionsFor, type Resolution } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { resolveModel } from '../generation/catalogue.service';
import { generate } from '../generation/generation.service';
import { queueExport, toExport } from '../projects/exports.service';
import { notFound, type ProjectNeed, projectFor, readableBy, touchProject } from '../projects/projects.access';
import { decodeImagePayload, MAX_IMAGE_PIXELS, storeUploadedImage } from '../projects/projects.media';
import type {
  Asset,
  CreateImageProjectRequest,
  CreateLayerRequest,
  GenerateLayerRequest,
  ImageProject,
  Layer,
  QuickActionInput,
  Shape,
  SyncLayersRequest,
  UpdateImageProjectRequest,
  UpdateLayerRequest,
  UploadAssetRequest,
} from './image-editor.schema';
import { MAX_LAYERS } from './image-editor.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

const THUMB_WIDTH = 320;
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

// ---- projects -------------------------------------------------------------------------------

const ratioOf = (v: string): AspectRatio => (v === '9:16' || v === '1:1' ? v : '16:9');
const resolutionOf = (v: string): Resolution => (v === '480p' || v === '720p' ? v : '1080p');

function canvasOf(p: { aspect_ratio: string; resolution: string; settings: Record<string, unknown> }) {
  const aspectRatio = ratioOf(p.aspect_ratio);
  const resolution = resolutionOf(p.resolution);
  const { width, height } = dimensionsFor(aspectRatio, resolution);
  const background = typeof p.settings.background === 'string' ? p.settings.background : '#ffffff';
  return { aspectRatio, resolution, width, height, background };
}

/** An IMAGE project the viewer may access as `need`; any other type is 'Project not found' here. */
async function imageProjectFor(db: Db, viewerId: string, projectId: string, need: ProjectNeed, forUpdate = false) {
  const project = await projectFor(db, viewerId, projectId, { need, forUpdate });
  if (project.type !== 'IMAGE') throw notFound();
  return project;
}

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
    thumbnailUrl: deps.media.url(p.thumbnail_url),
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
  if (project.id === DEMO_IDS.imageProject) await ensureDemoPixels(deps);
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

// ---- assets ---------------------------------------------------------------------------------

function assetQuery(db: Db) {
  return db
    .selectFrom('image_assets as a')
    .leftJoin('generations as g', 'g.id', 'a.generation_id')
    .select([
      'a.id',
      'a.project_id',
      'a.kind',
      'a.key',
      'a.thumbnail_key',
      'a.width',
      'a.height',
      'a.generation_id',
      'a.source_asset_id',
      'a.operation',
      'a.created_at',
      'g.status as gen_status',
      'g.progress as gen_progress',
      'g.output_url as gen_output',
      'g.thumbnail_url as gen_thumb',
      'g.prompt as gen_prompt',
      'g.error as gen_error',
      'g.params as gen_params',
    ]);
}
type AssetRow = Awaited<ReturnType<ReturnType<typeof assetQuery>['executeTakeFirstOrThrow']>>;

/** A generation's asset follows its generation: its pixels are the generation's output once COMPLETED. */
export function assetState(r: AssetRow): {
  status: Asset['status'];
  key: string | null;
  thumb: string | null;
  progress: number;
  error: string | null;
} {
  if (r.kind !== 'generation') return { status: 'READY', key: r.key, thumb: r.thumbnail_key ?? r.key, progress: 100, error: null };
  if (r.key) return { status: 'READY', key: r.key, thumb: r.thumbnail_key ?? r.key, progress: 100, error: null };
  switch (r.gen_status) {
    case 'COMPLETED':
      return { status: 'READY', key: r.gen_output, thumb: r.gen_thumb ?? r.gen_output, progress: 100, error: null };
    case 'PROCESSING':
      return { status: 'PROCESSING', key: null, thumb: null, progress: r.gen_progress ?? 0, error: null };
    case 'PENDING':
      return { status: 'PENDING', key: null, thumb: null, progress: 0, error: null };
    case 'FAILED':
    case 'CANCELLED':
      return { status: 'FAILED', key: null, thumb: null, progress: 0, error: r.gen_error ?? 'The generation failed; your credits were refunded' };
    default:
      return { status: 'FAILED', key: null, thumb: null, progress: 0, error: 'The generation was deleted' };
  }
}

function toAsset(deps: Pick<Deps, 'media'>, r: AssetRow): Asset {
  const s = assetState(r);
  return {
    id: r.id,
    type: r.kind,
    status: s.status,
    progress: s.progress,
    url: deps.media.url(s.key),
    thumbnailUrl: deps.media.url(s.thumb),
    width: r.width,
    height: r.height,
    generationId: r.generation_id,
    sourceAssetId: r.source_asset_id,
    prompt: r.gen_prompt ?? null,
    error: s.error,
    operation: r.operation ?? null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * A finished generation's output becomes the asset's own key, so the layer keeps its pixels if
 * the generation is later removed from the history (its row goes; the file must stay referenced).
 */
async function settleGeneratedAssets(db: Db, projectId: string) {
  await sql`
    UPDATE image_assets a SET key = g.output_url, thumbnail_key = coalesce(g.thumbnail_url, g.output_url)
    FROM generations g
    WHERE a.generation_id = g.id AND a.project_id = ${projectId} AND a.key IS NULL
      AND g.status = 'COMPLETED' AND g.output_url IS NOT NULL`.execute(db);
}

async function listAssetsOf(deps: Deps, projectId: string): Promise<Asset[]> {
  await settleGeneratedAssets(deps.db, projectId);
  const rows = await assetQuery(deps.db).where('a.project_id', '=', projectId).orderBy('a.created_at', 'desc').orderBy('a.id').execute();
  return rows.map((r) => toAsset(deps, r));
}

export async function listAssets(deps: Deps, viewerId: string, projectId: string) {
  const project = await imageProjectFor(deps.db, viewerId, projectId, 'read');
  if (project.id === DEMO_IDS.imageProject) await ensureDemoPixels(deps);
  return { assets: await listAssetsOf(deps, project.id) };
}

async function oneAsset(deps: Deps, id: string): Promise<Asset> {
  return toAsset(deps, await assetQuery(deps.db).where('a.id', '=', id).executeTakeFirstOrThrow());
}

async function thumbnailFor(deps: Deps, ownerId: string, data: Buffer): Promise<string> {
  const { default: sharp } = await import('sharp');
  const thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const key = `uploads/${ownerId}/${randomUUID()}.thumb.webp`;
  await deps.storage.put(key, thumb, 'image/webp');
  return key;
}

/** A layer box showing a w×h image: the image's own size, scaled down to fit the canvas, centred. */
function fitBox(canvas: { width: number; height: number }, w: number, h: number) {
  const scale = Math.min(1, canvas.width / w, canvas.height / h);
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  return { x: Math.round((canvas.width - width) / 2), y: Math.round((canvas.height - height) / 2), width, height };
}

const layerNameFrom = (s: string, fallback: string) => {
  const base = s
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return base || fallback;
};

/**
 * POST /image-editor/projects/{id}/assets: an uploaded PNG, JPEG or WebP (type sniffed from the
 * bytes, size and pixel count capped, re-encoded to PNG) becomes an asset and, by default, a
 * new top layer fitted to the canvas.
 */
export async function uploadAsset(ctx: UserCtx, input: UploadAssetRequest): Promise<{ asset: Asset; layer: Layer | null }> {
  const project = await imageProjectFor(ctx.db, ctx.user.id, input.id, 'write');
  const stored = await storeUploadedImage(ctx.storage, ctx.user.id, input.image, 'image');
  const thumbKey = await thumbnailFor(ctx, ctx.user.id, decodeImagePayload(input.image, 'image')).catch(() => null);
  const canvas = canvasOf(project);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await imageProjectFor(trx, ctx.user.id, project.id, 'write', true);
    const asset = await trx
      .insertInto('image_assets')
      .values({
        project_id: project.id,
        user_id: ctx.user.id,
        kind: 'upload',
        key: stored.key,
        thumbnail_key: thumbKey,
        mime: 'image/png',
        width: stored.width,
        height: stored.height,
        bytes: stored.bytes,
        operation: input.fileName ? JSON.stringify({ fileName: input.fileName.slice(0, 200) }) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let layerId: string | null = null;
    if (input.addLayer) {
      layerId = await insertLayer(trx, project.id, {
        type: 'IMAGE',
        name: layerNameFrom(input.fileName ?? '', 'Image'),
        assetId: asset.id,
        ...fitBox(canvas, stored.width, stored.height),
      });
    }
    await touchProject(trx, project.id);
    return { assetId: asset.id, layerId };
  });
  return { asset: await oneAsset(ctx, result.assetId), layer: result.layerId ? await oneLayer(ctx.db, result.layerId) : null };
}

// ---- layers ---------------------------------------------------------------------------------

const layerColumns = [
  'id',
  'project_id',
  'name',
  'type',
  'visible',
  'opacity',
  'blend_mode',
  'asset_id',
  'x',
  'y',
  'width',
  'height',
  'rotation',
  'z_index',
  'shape',
  'created_at',
  'updated_at',
] as const;
type LayerRow = Awaited<ReturnType<ReturnType<typeof layerSelect>['executeTakeFirstOrThrow']>>;
const layerSelect = (db: Db) => db.selectFrom('image_layers').select(layerColumns);

function toLayer(r: LayerRow): Layer {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    type: r.type,
    visible: r.visible,
    opacity: r.opacity,
    blendMode: r.blend_mode as Layer['blendMode'],
    assetId: r.asset_id,
    x: Number(r.x),
    y: Number(r.y),
    width: Number(r.width),
    height: Number(r.height),
    rotation: Number(r.rotation),
    zIndex: r.z_index,
    shape: (r.shape as Shape | null) ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function listLayersOf(db: Db, projectId: string): Promise<Layer[]> {
  const rows = await layerSelect(db).where('project_id', '=', projectId).orderBy('z_index').orderBy('created_at').orderBy('id').execute();
  return rows.map(toLayer);
}

async function oneLayer(db: Db, id: string): Promise<Layer> {
  return toLayer(await layerSelect(db).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function listLayers(deps: Deps, viewerId: string, projectId: string) {
  const project = await imageProjectFor(deps.db, viewerId, projectId, 'read');
  return { layers: await listLayersOf(deps.db, project.id) };
}

/** A layer and its project, when the viewer may access the project as `need`. */
async function layerFor(db: Db, viewerId: string, layerId: string, need: ProjectNeed, forUpdate = false) {
  const row = await db.selectFrom('image_layers').select(['id', 'project_id']).where('id', '=', layerId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Layer not found');
  const project = await imageProjectFor(db, viewerId, row.project_id, need, forUpdate).catch((e) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'Layer not found');
    throw e;
  });
  return { layerId: row.id, project };
}

async function assertAssetOf(db: Db, projectId: string, assetId: string, field = 'assetId') {
  const a = await db.selectFrom('image_assets').select('id').where('id', '=', assetId).where('project_id', '=', projectId).executeTakeFirst();
  if (!a) throw invalid(field, `${field} must be an asset of this project`);
}

const DEFAULT_SHAPE: Shape = { kind: 'rectangle', fill: '#4c6ef5', stroke: 'transparent', strokeWidth: 0, radius: 0 };

interface NewLayer {
  id?: string;
  type: 'IMAGE' | 'SHAPE';
  name: string;
  assetId?: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  opacity?: number;
  blendMode?: string;
  visible?: boolean;
  shape?: Shape | null;
  zIndex?: number;
}

/** Inserts a layer at zIndex (default: the top), shifting the ones above. Call inside a transaction that locked the project. */
async function insertLayer(db: Db, projectId: string, l: NewLayer): Promise<string> {
  const count = await db
    .selectFrom('image_layers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const n = Number(count.n);
  if (n >= MAX_LAYERS) throw invalid('layers', `A project holds at most ${MAX_LAYERS} layers; delete one first`);
  const z = l.zIndex === undefined ? n : Math.min(l.zIndex, n);
  if (z < n) {
    await db
      .updateTable('image_layers')
      .set((eb) => ({ z_index: eb('z_index', '+', 1) }))
      .where('project_id', '=', projectId)
      .where('z_index', '>=', z)
      .execute();
  }
  const row = await db
    .insertInto('image_layers')
    .values({
      ...(l.id ? { id: l.id } : {}),
      project_id: projectId,
      name: l.name,
      type: l.type,
      asset_id: l.assetId ?? null,
      x: l.x,
      y: l.y,
      width: l.width,
      height: l.height,
      rotation: l.rotation ?? 0,
      opacity: l.opacity ?? 100,
      blend_mode: l.blendMode ?? 'normal',
      visible: l.visible ?? true,
      shape: l.type === 'SHAPE' ? JSON.stringify(l.shape ?? DEFAULT_SHAPE) : null,
      z_index: z,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Layers renumbered 0..n-1 in their current order (after deletes and moves). */
async function renumber(db: Db, projectId: string) {
  await sql`
    UPDATE image_layers l SET z_index = o.rn
    FROM (SELECT id, (row_number() OVER (ORDER BY z_index, created_at, id) - 1)::int AS rn FROM image_layers WHERE project_id = ${projectId}) o
    WHERE l.id = o.id AND l.z_index <> o.rn`.execute(db);
}

export async function createLayer(ctx: UserCtx, input: CreateLayerRequest): Promise<Layer> {
  if (input.type === 'IMAGE' && !input.assetId) throw invalid('assetId', 'assetId is required for an IMAGE layer');
  if (input.type === 'SHAPE' && input.assetId) throw invalid('assetId', 'A SHAPE layer has no assetId');
  if (input.type === 'IMAGE' && input.shape) throw invalid('shape', 'shape applies to SHAPE layers only');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const project = await imageProjectFor(trx, ctx.user.id, input.id, 'write', true);
    const canvas = canvasOf(project);
    let box = {
      x: Math.round(canvas.width / 4),
      y: Math.round(canvas.height / 4),
      width: Math.round(canvas.width / 2),
      height: Math.round(canvas.height / 2),
    };
    if (input.assetId) {
      await assertAssetOf(trx, project.id, input.assetId);
      const a = await trx.selectFrom('image_assets').select(['width', 'height']).where('id', '=', input.assetId).executeTakeFirstOrThrow();
      if (a.width && a.height) box = fitBox(canvas, a.width, a.height);
    }
    if (input.layerId) {
      const exists = await trx.selectFrom('image_layers').select('id').where('id', '=', input.layerId).executeTakeFirst();
      if (exists) throw new AppError('CONFLICT', 'A layer with this layerId already exists');
    }
    const layerId = await insertLayer(trx, project.id, {
      ...(input.layerId ? { id: input.layerId } : {}),
      type: input.type,
      name: input.name ?? (input.type === 'SHAPE' ? (input.shape?.kind === 'ellipse' ? 'Ellipse' : 'Rectangle') : 'Image'),
      assetId: input.assetId ?? null,
      x: input.x ?? box.x,
      y: input.y ?? box.y,
      width: input.width ?? box.width,
      height: input.height ?? box.height,
      rotation: input.rotation,
      opacity: input.opacity,
      blendMode: input.blendMode,
      visible: input.visible,
      shape: input.shape ?? null,
      ...(input.zIndex !== undefined ? { zIndex: input.zIndex } : {}),
    });
    await touchProject(trx, project.id);
    return layerId;
  });
  return oneLayer(ctx.db, id);
}

export async function updateLayer(ctx: UserCtx, input: UpdateLayerRequest): Promise<Layer> {
  await ctx.db.transaction().execute(async (trx) => {
    const { layerId, project } = await layerFor(trx, ctx.user.id, input.id, 'write', true);
    const current = await trx.selectFrom('image_layers').select(['type']).where('id', '=', layerId).executeTakeFirstOrThrow();
    if (input.shape && current.type !== 'SHAPE') throw invalid('shape', 'shape applies to SHAPE layers only');
    if (input.assetId !== undefined && current.type !== 'IMAGE') throw invalid('assetId', 'A SHAPE layer has no assetId');
    if (input.assetId) await assertAssetOf(trx, project.id, input.assetId);
    await trx
      .updateTable('image_layers')
      .set({
        updated_at: new Date(),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.visible !== undefined ? { visible: input.visible } : {}),
        ...(input.opacity !== undefined ? { opacity: Math.round(input.opacity) } : {}),
        ...(input.blendMode !== undefined ? { blend_mode: input.blendMode } : {}),
        ...(input.assetId !== undefined ? { asset_id: input.assetId } : {}),
        ...(input.x !== undefined ? { x: input.x } : {}),
        ...(input.y !== undefined ? { y: input.y } : {}),
        ...(input.width !== undefined ? { width: input.width } : {}),
        ...(input.height !== undefined ? { height: input.height } : {}),
        ...(input.rotation !== undefined ? { rotation: input.rotation } : {}),
        ...(input.shape !== undefined ? { shape: JSON.stringify(input.shape) } : {}),
      })
      .where('id', '=', layerId)
      .execute();
    await touchProject(trx, project.id);
  });
  return oneLayer(ctx.db, input.id);
}

export async function deleteLayer(ctx: UserCtx, layerId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const { project } = await layerFor(trx, ctx.user.id, layerId, 'write', true);
    await trx.deleteFrom('image_layers').where('id', '=', layerId).execute();
    await renumber(trx, project.id);
    await touchProject(trx, project.id);
  });
  return { success: true as const, id: layerId };
}

/** PUT /image-editor/projects/{id}/layers/order: every layer id exactly once, bottom to top. */
export async function reorderLayers(ctx: UserCtx, input: { id: string; layerIds: string[] }) {
  await ctx.db.transaction().execute(async (trx) => {
    const project = await imageProjectFor(trx, ctx.user.id, input.id, 'write', true);
    const existing = await trx.selectFrom('image_layers').select('id').where('project_id', '=', project.id).execute();
    const ids = new Set(existing.map((r) => r.id));
    const given = new Set(input.layerIds);
    if (given.size !== input.layerIds.length) throw invalid('layerIds', 'layerIds lists a layer twice');
    if (given.size !== ids.size || input.layerIds.some((id) => !ids.has(id))) {
      throw invalid('layerIds', 'layerIds must list every layer of this project exactly once');
    }
    for (const [i, id] of input.layerIds.entries()) {
      await trx.updateTable('image_layers').set({ z_index: i }).where('id', '=', id).where('z_index', '<>', i).execute();
    }
    await touchProject(trx, project.id);
  });
  return { layers: await listLayersOf(ctx.db, input.id) };
}

/**
 * PUT /image-editor/projects/{id}/layers: the editor's autosave, undo and redo. Each listed layer
 * is written as given (or created again with its id — undoing a delete); `remove` deletes; layers
 * not mentioned (e.g. one a generation added meanwhile) are kept above the listed ones' order.
 */
export async function syncLayers(ctx: UserCtx, input: SyncLayersRequest) {
  const ids = input.layers.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw invalid('layers', 'layers lists a layer twice');
  if (input.remove.some((id) => ids.includes(id))) throw invalid('remove', 'A layer cannot be both kept and removed');
  for (const [i, l] of input.layers.entries()) {
    if (l.type === 'IMAGE' && l.shape) throw invalid(`layers.${i}.shape`, 'shape applies to SHAPE layers only');
    if (l.type === 'SHAPE' && l.assetId) throw invalid(`layers.${i}.assetId`, 'A SHAPE layer has no assetId');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const project = await imageProjectFor(trx, ctx.user.id, input.id, 'write', true);
    const all = [...ids, ...input.remove];
    const rows = all.length ? await trx.selectFrom('image_layers').select(['id', 'project_id']).where('id', 'in', all).execute() : [];
    const foreign = rows.find((r) => r.project_id !== project.id);
    if (foreign) throw invalid('layers', 'A listed layer belongs to another project');
    const present = new Set(rows.map((r) => r.id));
    const assetIds = [...new Set(input.layers.map((l) => l.assetId).filter((a): a is string => Boolean(a)))];
    if (assetIds.length) {
      const found = await trx.selectFrom('image_assets').select('id').where('project_id', '=', project.id).where('id', 'in', assetIds).execute();
      const ok = new Set(found.map((a) => a.id));
      const bad = input.layers.findIndex((l) => l.assetId && !ok.has(l.assetId));
      if (bad >= 0) throw invalid(`layers.${bad}.assetId`, 'assetId must be an asset of this project');
    }
    if (input.remove.length) await trx.deleteFrom('image_layers').where('project_id', '=', project.id).where('id', 'in', input.remove).execute();
    const others = await trx
      .selectFrom('image_layers')
      .select(['id'])
      .where('project_id', '=', project.id)
      .$if(ids.length > 0, (q) => q.where('id', 'not in', ids))
      .orderBy('z_index')
      .execute();
    if (
      others.length + input.layers.filter((l) => !present.has(l.id)).length + present.size - input.remove.filter((id) => present.has(id)).length >
      MAX_LAYERS
    ) {
      throw invalid('layers', `A project holds at most ${MAX_LAYERS} layers`);
    }
    for (const [i, l] of input.layers.entries()) {
      const values = {
        name: l.name,
        type: l.type,
        visible: l.visible,
        opacity: Math.round(l.opacity),
        blend_mode: l.blendMode,
        asset_id: l.assetId,
        x: l.x,
        y: l.y,
        width: l.width,
        height: l.height,
        rotation: l.rotation,
        shape: l.type === 'SHAPE' ? JSON.stringify(l.shape ?? DEFAULT_SHAPE) : null,
        z_index: i,
      };
      if (present.has(l.id))
        await trx
          .updateTable('image_layers')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', l.id)
          .execute();
      else
        await trx
          .insertInto('image_layers')
          .values({ id: l.id, project_id: project.id, ...values })
          .execute();
    }
    // Layers the editor did not list (added elsewhere meanwhile) stay on top, in their order.
    for (const [j, o] of others.entries()) {
      await trx
        .updateTable('image_layers')
        .set({ z_index: input.layers.length + j })
        .where('id', '=', o.id)
        .execute();
    }
    await touchProject(trx, project.id);
  });
  return { layers: await listLayersOf(ctx.db, input.id) };
}

// ---- generation into a layer ------------------------------------------------------------------

/**
 * POST /image-editor/projects/{id}/generate: a generation through the one pipeline (charged at the
 * model's price in the transaction that records it, refunded if it fails), then — keyed by the
 * generation, so a replay never doubles — an asset that follows it and a top layer showing it.
 * A failed generation leaves a FAILED asset (refunded); a refresh finds the asset and its layer.
 */
export async function generateLayer(ctx: UserCtx, input: GenerateLayerRequest) {
  const project = await imageProjectFor(ctx.db, ctx.user.id, input.id, 'write');
  const canvas = canvasOf(project);
  const model = await resolveModel(ctx, 'image', input.model);
  const ratios = model.requirements.aspectRatios ?? [];
  if (input.aspectRatio && !ratios.includes(input.aspectRatio)) {
    throw invalid('aspectRatio', `${model.name} supports aspectRatio ${ratios.join(', ') || 'none'}`);
  }
  const aspectRatio = input.aspectRatio ?? (ratios.includes(canvas.aspectRatio) ? canvas.aspectRatio : undefined);
  const resolutions = model.requirements.resolutions ?? [];
  const resolution = resolutions.includes(canvas.resolution) ? canvas.resolution : undefined;
  const result = await generate(ctx, {
    prompt: input.prompt,
    type: 'image',
    model: model.id,
    ...(project.role === 'owner' ? { projectId: project.id } : {}),
    ...(aspectRatio ? { aspectRatio: aspectRatio as AspectRatio } : {}),
    ...(resolution ? { resolution } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.negativePrompt ? { negativePrompt: input.negativePrompt } : {}),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
  const generationId = result.generation.id;
  const ratio = (typeof result.generation.params.aspectRatio === 'string' ? result.generation.params.aspectRatio : aspectRatio) ?? '1:1';
  const dims = dimensionsFor(ratioOf(String(ratio)), resolution ?? '1080p');

  const ids = await ctx.db.transaction().execute(async (trx) => {
    await imageProjectFor(trx, ctx.user.id, project.id, 'write', true);
    const prior = await trx.selectFrom('image_assets').select(['id', 'project_id']).where('generation_id', '=', generationId).executeTakeFirst();
    if (prior) {
      const layer = await trx.selectFrom('image_layers').select('id').where('asset_id', '=', prior.id).orderBy('created_at').executeTakeFirst();
      return { assetId: prior.id, layerId: layer?.id ?? null };
    }
    const asset = await trx
      .insertInto('image_assets')
      .values({
        project_id: project.id,
        user_id: ctx.user.id,
        kind: 'generation',
        generation_id: generationId,
        width: dims.width,
        height: dims.height,
        operation: JSON.stringify({ prompt: input.prompt.slice(0, 500), model: model.id }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = await trx
      .selectFrom('image_layers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    // The asset is kept even when the project is full: the paid-for image is never lost.
    const layerId =
      Number(count.n) < MAX_LAYERS
        ? await insertLayer(trx, project.id, {
            type: 'IMAGE',
            name: layerNameFrom(input.prompt, 'Generated image').slice(0, 40),
            assetId: asset.id,
            ...fitBox(canvas, dims.width, dims.height),
          })
        : null;
    await touchProject(trx, project.id);
    return { assetId: asset.id, layerId };
  });
  return {
    asset: await oneAsset(ctx, ids.assetId),
    layer: ids.layerId ? await oneLayer(ctx.db, ids.layerId) : null,
    generation: result.generation,
    creditsBalance: result.creditsBalance,
    replayed: result.replayed,
  };
}

// ---- quick actions ----------------------------------------------------------------------------

async function readStored(deps: Deps, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of deps.storage.read(key)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/**
 * POST /image-editor/layers/{id}/quick-action: processes the layer's image on the server (flip,
 * rotate, crop, resize/upscale, adjust, filter) into a NEW asset and points the layer at it; the
 * original asset stays, so undo simply points the layer back.
 */
export async function quickAction(ctx: UserCtx, input: { id: string; action: QuickActionInput }) {
  const { layerId, project } = await layerFor(ctx.db, ctx.user.id, input.id, 'write');
  const layer = await oneLayer(ctx.db, layerId);
  if (layer.type !== 'IMAGE' || !layer.assetId) throw invalid('id', 'Quick actions work on image layers');
  const source = await assetQuery(ctx.db).where('a.id', '=', layer.assetId).executeTakeFirstOrThrow();
  const state = assetState(source);
  if (state.status !== 'READY' || !state.key) throw invalid('id', 'This layer’s image is not ready yet');
  if (!(await ctx.storage.stat(state.key))) throw invalid('id', 'This layer’s image is missing from storage');
  const data = await readStored(ctx, state.key);
  const { default: sharp } = await import('sharp');
  const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const srcW = meta.width ?? 1;
  const srcH = meta.height ?? 1;
  const a = input.action;
  const action: QuickAction =
    a.kind === 'crop'
      ? {
          kind: 'crop',
          left: a.left * srcW,
          top: a.top * srcH,
          width: Math.min(a.width, 1 - a.left) * srcW,
          height: Math.min(a.height, 1 - a.top) * srcH,
        }
      : a;
  if (a.kind === 'crop' && (a.left >= 1 || a.top >= 1 || Math.min(a.width, 1 - a.left) <= 0 || Math.min(a.height, 1 - a.top) <= 0)) {
    throw invalid('action', 'The crop rectangle must overlap the image');
  }
  let out: { data: Buffer; width: number; height: number };
  try {
    out = await applyQuickAction(data, action, { maxPixels: MAX_IMAGE_PIXELS });
  } catch (e) {
    if (e instanceof RangeError) throw invalid('action.scale', e.message);
    throw e;
  }
  const ownerId = ctx.user.id;
  const key = `uploads/${ownerId}/${randomUUID()}.png`;
  await ctx.storage.put(key, out.data, 'image/png');
  const thumbKey = await thumbnailFor(ctx, ownerId, out.data).catch(() => null);

  // The layer's box follows the pixels: a crop keeps the visible scale, a quarter turn swaps the sides.
  let box: { x: number; y: number; width: number; height: number } = { x: layer.x, y: layer.y, width: layer.width, height: layer.height };
  if (a.kind === 'crop') {
    const sx = layer.width / srcW;
    const sy = layer.height / srcH;
    box = {
      x: layer.x + (action.kind === 'crop' ? action.left : 0) * sx,
      y: layer.y + (action.kind === 'crop' ? action.top : 0) * sy,
      width: out.width * sx,
      height: out.height * sy,
    };
  } else if (a.kind === 'rotate' && a.degrees !== 180) {
    const cx = layer.x + layer.width / 2;
    const cy = layer.y + layer.height / 2;
    box = { x: cx - layer.height / 2, y: cy - layer.width / 2, width: layer.height, height: layer.width };
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  const ids = await ctx.db.transaction().execute(async (trx) => {
    await imageProjectFor(trx, ctx.user.id, project.id, 'write', true);
    const asset = await trx
      .insertInto('image_assets')
      .values({
        project_id: project.id,
        user_id: ownerId,
        kind: 'edit',
        key,
        thumbnail_key: thumbKey,
        width: out.width,
        height: out.height,
        bytes: out.data.length,
        source_asset_id: source.id,
        operation: JSON.stringify(input.action),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('image_layers')
      .set({
        asset_id: asset.id,
        x: round(box.x),
        y: round(box.y),
        width: Math.max(1, round(box.width)),
        height: Math.max(1, round(box.height)),
        updated_at: new Date(),
      })
      .where('id', '=', layerId)
      .execute();
    await touchProject(trx, project.id);
    return { assetId: asset.id };
  });
  return { asset: await oneAsset(ctx, ids.assetId), layer: await oneLayer(ctx.db, layerId) };
}

// ---- export -----------------------------------------------------------------------------------

const EXPORT_MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * POST /image-editor/projects/{id}/export: a project export (listed with the project's exports)
 * that the export worker renders by compositing the visible layers with sharp.
 */
export async function createImageExport(ctx: UserCtx, input: { id: string; format: 'png' | 'jpeg' | 'webp'; name: string; quality: number }) {
  const project = await imageProjectFor(ctx.db, ctx.user.id, input.id, 'write');
  const layers = await listLayersOf(ctx.db, project.id);
  if (!layers.some((l) => l.visible && l.opacity > 0)) {
    throw invalid('id', 'Nothing to export: add a visible layer first');
  }
  const warnings: string[] = [];
  const assets = await listAssetsOf(ctx, project.id);
  for (const l of layers) {
    if (!l.visible || l.type !== 'IMAGE') continue;
    const asset = assets.find((a) => a.id === l.assetId);
    if (asset?.status !== 'READY') warnings.push(`Layer "${l.name}" has no finished image and is left out`);
  }
  const row = await queueExport(ctx, {
    projectId: project.id,
    name: input.name,
    type: EXPORT_MIME[input.format],
    params: { editor: 'image', format: input.format, quality: input.quality },
  });
  return { export: toExport(ctx, row), warnings };
}

// ---- demo workspace ---------------------------------------------------------------------------

/**
 * The demo image project's assets are seeded without pixels (the seed has no storage); the first
 * read renders them with the local image engine, so guests see real images.
 */
async function ensureDemoPixels(deps: Deps) {
  const rows = await deps.db
    .selectFrom('image_assets')
    .select(['id', 'key', 'operation'])
    .where('project_id', '=', DEMO_IDS.imageProject)
    .where('user_id', '=', DEMO_USER_ID)
    .where('kind', '=', 'upload')
    .execute();
  for (const r of rows) {
    const demo = (r.operation as { demo?: { prompt?: string; seed?: number } } | null)?.demo;
    if (!r.key || !demo?.prompt || (await deps.storage.stat(r.key))) continue;
    try {
      const { renderImage } = await import('@atelier/ai');
      const img = await renderImage({ prompt: demo.prompt, seed: demo.seed ?? 1, aspectRatio: '16:9', resolution: '720p' });
      const { default: sharp } = await import('sharp');
      const png = await sharp(img.data).png().toBuffer();
      await deps.storage.put(r.key, png, 'image/png');
    } catch (e) {
      deps.log.warn({ err: String(e), assetId: r.id }, 'demo image could not be rendered');
    }
  }
}
