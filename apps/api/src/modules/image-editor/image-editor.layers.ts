/** Image-editor layers: create, update, delete, reorder and sync a project's layer stack. */
import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import { type ProjectNeed, touchProject } from '../projects/projects.access';
import type { CreateLayerRequest, Layer, Shape, SyncLayersRequest, UpdateLayerRequest } from './image-editor.schema';
import { MAX_LAYERS } from './image-editor.schema';
import { canvasOf, type Deps, fitBox, imageProjectFor, invalid, type UserCtx } from './image-editor.shared';

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

export async function listLayersOf(db: Db, projectId: string): Promise<Layer[]> {
  const rows = await layerSelect(db).where('project_id', '=', projectId).orderBy('z_index').orderBy('created_at').orderBy('id').execute();
  return rows.map(toLayer);
}

export async function oneLayer(db: Db, id: string): Promise<Layer> {
  return toLayer(await layerSelect(db).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function listLayers(deps: Deps, viewerId: string, projectId: string) {
  const project = await imageProjectFor(deps.db, viewerId, projectId, 'read');
  return { layers: await listLayersOf(deps.db, project.id) };
}

/** A layer and its project, when the viewer may access the project as `need`. */
export async function layerFor(db: Db, viewerId: string, layerId: string, need: ProjectNeed, forUpdate = false) {
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
export async function insertLayer(db: Db, projectId: string, l: NewLayer): Promise<string> {
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
