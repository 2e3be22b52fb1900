import { BLEND_MODES, type BlendMode, type CompositeLayer, compositeLayers, type ShapeStyle } from '@atelier/ai/composite';
import { type Db, type ExportRow, ROW_STATE } from '@atelier/db';
import { announceRow, type EventPublisher } from '@atelier/jobs';
import type { MediaStorage } from '@atelier/media';
import { type AspectRatio, dimensionsFor, type Resolution } from '@atelier/shared';
import { UnrecoverableError } from 'bullmq';

/**
 * Image-editor exports (issue 9): the project's visible layers composited with sharp, bottom to
 * top, as the canvas shows them (opacity, blend modes, rotation; hidden layers left out), written
 * as PNG, JPEG or WebP. Dispatched from export.processor.ts for rows with params.editor 'image'.
 */
export const isImageEditorExport = (row: Pick<ExportRow, 'params'>) => row.params?.editor === 'image';

const FORMATS = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
const EXT = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;
const MAX_INPUT_PIXELS = 50_000_000;
const fail = (message: string) => new UnrecoverableError(message);

async function readKey(storage: MediaStorage, key: string): Promise<Buffer | null> {
  if (!(await storage.stat(key))) return null;
  return storage.readBuffer(key);
}

/** The layers as the compositor takes them; an image layer whose pixels are not there is left out. */
export async function loadComposition(db: Db, storage: MediaStorage, projectId: string) {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'aspect_ratio', 'resolution', 'settings'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw fail('Project not found');
  const ratio = (['16:9', '9:16', '1:1'].includes(project.aspect_ratio) ? project.aspect_ratio : '16:9') as AspectRatio;
  const resolution = (['480p', '720p', '1080p'].includes(project.resolution) ? project.resolution : '1080p') as Resolution;
  const { width, height } = dimensionsFor(ratio, resolution);
  const background = typeof project.settings.background === 'string' ? project.settings.background : '#ffffff';
  const rows = await db
    .selectFrom('image_layers as l')
    .leftJoin('image_assets as a', (j) => j.onRef('a.id', '=', 'l.asset_id').onRef('a.project_id', '=', 'l.project_id'))
    .leftJoin('generations as g', 'g.id', 'a.generation_id')
    .select([
      'l.id',
      'l.name',
      'l.type',
      'l.visible',
      'l.opacity',
      'l.blend_mode',
      'l.x',
      'l.y',
      'l.width',
      'l.height',
      'l.rotation',
      'l.shape',
      'a.key as asset_key',
      'g.status as gen_status',
      'g.output_url as gen_output',
    ])
    .where('l.project_id', '=', projectId)
    .orderBy('l.z_index')
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  const layers: CompositeLayer[] = [];
  const skipped: string[] = [];
  for (const r of rows) {
    if (!r.visible || r.opacity <= 0) continue;
    const blendMode: BlendMode = (BLEND_MODES as readonly string[]).includes(r.blend_mode) ? (r.blend_mode as BlendMode) : 'normal';
    const base = {
      x: Number(r.x),
      y: Number(r.y),
      width: Number(r.width),
      height: Number(r.height),
      rotation: Number(r.rotation),
      opacity: r.opacity,
      blendMode,
      visible: true,
    };
    if (r.type === 'SHAPE') {
      layers.push({
        ...base,
        shape: (r.shape ?? { kind: 'rectangle', fill: '#4c6ef5', stroke: 'transparent', strokeWidth: 0 }) as unknown as ShapeStyle,
      });
      continue;
    }
    const key = r.asset_key ?? (r.gen_status === 'COMPLETED' ? r.gen_output : null);
    const image = key ? await readKey(storage, key) : null;
    if (!image) {
      skipped.push(r.name);
      continue;
    }
    layers.push({ ...base, image });
  }
  return { width, height, background, layers, skipped, total: rows.length };
}

/** PENDING → PROCESSING → COMPLETED (FAILED is the export processor's onFinalFailure). Idempotent per export id. */
export async function processImageEditorExport(deps: { db: Db; storage: MediaStorage; events: EventPublisher }, row: ExportRow): Promise<unknown> {
  const { db, storage, events } = deps;
  const format = FORMATS[row.type as keyof typeof FORMATS];
  if (!format) throw fail(`Image exports are PNG, JPEG or WebP, not ${row.type}`);
  const started = await db
    .updateTable('exports')
    .set((eb) => ({ status: 'PROCESSING', progress: 5, error: null, started_at: eb.fn.coalesce('started_at', eb.val(new Date())) }))
    .where('id', '=', row.id)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .returning(ROW_STATE)
    .executeTakeFirst();
  if (!started) return { skipped: 'not pending' };
  announceRow(events, 'export', started);

  const t0 = Date.now();
  const composition = await loadComposition(db, storage, row.project_id);
  if (!composition.layers.length) throw fail('Nothing to export: no visible layer has anything to show');
  announceRow(
    events,
    'export',
    await db
      .updateTable('exports')
      .set({ progress: 40 })
      .where('id', '=', row.id)
      .where('status', '=', 'PROCESSING')
      .returning(ROW_STATE)
      .executeTakeFirst(),
  );
  const quality = typeof row.params.quality === 'number' ? row.params.quality : 90;
  const result = await compositeLayers({ ...composition, format, quality, limitInputPixels: MAX_INPUT_PIXELS });

  const key = `exports/${row.user_id}/${row.id}.${EXT[format]}`;
  await storage.put(key, result.data, row.type);
  const done = await db
    .updateTable('exports')
    .set({
      status: 'COMPLETED',
      progress: 100,
      output_url: key,
      error: null,
      metadata: JSON.stringify({
        width: result.width,
        height: result.height,
        format,
        layers: result.layersDrawn,
        skippedLayers: composition.skipped,
        bytes: result.data.length,
        renderMs: Date.now() - t0,
      }),
      completed_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'PROCESSING')
    .returning(ROW_STATE)
    .executeTakeFirst();
  announceRow(events, 'export', done);
  if (!done) {
    await storage.remove(key).catch(() => {});
    return { skipped: 'deleted' };
  }
  return { completed: true, key };
}
