/** Image-editor export: queues a project export the worker composites from the visible layers. */
import { queueExport, toExport } from '../projects/exports.service';
import { listAssetsOf } from './image-editor.assets';
import { listLayersOf } from './image-editor.layers';
import { imageProjectFor, invalid, type UserCtx } from './image-editor.shared';

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
