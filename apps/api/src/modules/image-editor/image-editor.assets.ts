/** Image-editor assets: the pixels layers show (uploads, generations, edits), their thumbnails and the demo's pixels. */
import { randomUUID } from 'node:crypto';
import type { Db } from '@atelier/db';
import { sql } from 'kysely';
import { touchProject } from '../projects/projects.access';
import { decodeImagePayload, MAX_IMAGE_PIXELS, storeUploadedImage } from '../projects/projects.media';
import { insertLayer, oneLayer } from './image-editor.layers';
import type { Asset, Layer, UploadAssetRequest } from './image-editor.schema';
import { canvasOf, type Deps, fitBox, imageProjectFor, layerNameFrom, type UserCtx } from './image-editor.shared';

const THUMB_WIDTH = 320;

export function assetQuery(db: Db) {
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
  const media = deps.media.forProject(r.project_id);
  return {
    id: r.id,
    type: r.kind,
    status: s.status,
    progress: s.progress,
    url: media.url(s.key),
    thumbnailUrl: media.url(s.thumb),
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

export async function listAssetsOf(deps: Deps, projectId: string): Promise<Asset[]> {
  await settleGeneratedAssets(deps.db, projectId);
  const rows = await assetQuery(deps.db).where('a.project_id', '=', projectId).orderBy('a.created_at', 'desc').orderBy('a.id').execute();
  return rows.map((r) => toAsset(deps, r));
}

export async function listAssets(deps: Deps, viewerId: string, projectId: string) {
  const project = await imageProjectFor(deps.db, viewerId, projectId, 'read');
  return { assets: await listAssetsOf(deps, project.id) };
}

export async function oneAsset(deps: Deps, id: string): Promise<Asset> {
  return toAsset(deps, await assetQuery(deps.db).where('a.id', '=', id).executeTakeFirstOrThrow());
}

export async function thumbnailFor(deps: Deps, ownerId: string, data: Buffer): Promise<string> {
  const { default: sharp } = await import('sharp');
  const thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const key = `uploads/${ownerId}/${randomUUID()}.thumb.webp`;
  await deps.storage.put(key, thumb, 'image/webp');
  return key;
}

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
