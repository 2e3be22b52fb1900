/** Image-editor actions that make new pixels: a generation into a new layer, and quick actions on a layer's image. */
import { randomUUID } from 'node:crypto';
import { applyQuickAction, type QuickAction } from '@atelier/ai/composite';
import { type AspectRatio, dimensionsFor } from '@atelier/shared';
import { resolveModel } from '../generation/catalogue.service';
import { generate } from '../generation/generation.service';
import { touchProject } from '../projects/projects.access';
import { MAX_IMAGE_PIXELS } from '../projects/projects.media';
import { assetQuery, assetState, oneAsset, thumbnailFor } from './image-editor.assets';
import { insertLayer, layerFor, oneLayer } from './image-editor.layers';
import type { GenerateLayerRequest, QuickActionInput } from './image-editor.schema';
import { MAX_LAYERS } from './image-editor.schema';
import { canvasOf, fitBox, imageProjectFor, invalid, layerNameFrom, ratioOf, type UserCtx } from './image-editor.shared';

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
  const data = await ctx.storage.readBuffer(state.key);
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
