import { BLEND_MODES, isColor } from '@atelier/ai/composite';
import { ASPECT_RATIOS, RESOLUTIONS } from '@atelier/shared';
import { z } from 'zod';

/** Layers one project may hold; coordinates are canvas pixels and may leave the canvas a little. */
export const MAX_LAYERS = 100;
const COORD = 20_000;

const uuid = (what: string) => z.uuid({ error: `${what} must be a ${what.replace(/Id$/, '')} id` });
const color = (field: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine(isColor, { message: `${field} must be a hex colour (#rgb, #rrggbb, #rrggbbaa) or transparent` });

export const ZBlendMode = z.enum(BLEND_MODES, { error: `blendMode must be one of ${BLEND_MODES.join(', ')}` });

export const ZShape = z
  .object({
    kind: z.enum(['rectangle', 'ellipse'], { error: 'shape.kind must be rectangle or ellipse' }),
    fill: color('shape.fill'),
    stroke: color('shape.stroke'),
    strokeWidth: z.number().min(0, 'shape.strokeWidth must be at least 0').max(500, 'shape.strokeWidth must be at most 500'),
    radius: z.number().min(0).max(5000).default(0),
  })
  .strict();
export type Shape = z.infer<typeof ZShape>;

export const ZAsset = z.object({
  id: z.string(),
  /** upload, generation (from a prompt) or edit (a quick action's result). */
  type: z.enum(['upload', 'generation', 'edit']),
  /** READY when the pixels exist; a generation's asset follows its generation. */
  status: z.enum(['PENDING', 'PROCESSING', 'READY', 'FAILED']),
  progress: z.number(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  generationId: z.string().nullable(),
  sourceAssetId: z.string().nullable(),
  prompt: z.string().nullable(),
  error: z.string().nullable(),
  operation: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof ZAsset>;

export const ZLayer = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  type: z.enum(['IMAGE', 'SHAPE']),
  visible: z.boolean(),
  opacity: z.number(),
  blendMode: ZBlendMode,
  assetId: z.string().nullable(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  /** 0 is the bottom layer. */
  zIndex: z.number(),
  shape: ZShape.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Layer = z.infer<typeof ZLayer>;

export const ZImageProject = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.literal('IMAGE'),
  status: z.string(),
  width: z.number(),
  height: z.number(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  resolution: z.enum(RESOLUTIONS),
  background: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assets: z.array(ZAsset),
  layers: z.array(ZLayer),
});
export type ImageProject = z.infer<typeof ZImageProject>;

export const ZImageProjectSummary = ZImageProject.omit({ assets: true, layers: true }).extend({ layerCount: z.number() });

const name = z.string().trim().min(1, 'name must not be empty').max(120, 'name must be at most 120 characters');
const description = z.string().trim().max(2000, 'description must be at most 2000 characters');
const aspectRatio = z.enum(ASPECT_RATIOS, { error: `aspectRatio must be one of ${ASPECT_RATIOS.join(', ')}` });
const resolution = z.enum(RESOLUTIONS, { error: `resolution must be one of ${RESOLUTIONS.join(', ')}` });

export const ZCreateImageProjectRequest = z
  .object({
    name: name.default('Untitled image'),
    description: description.optional(),
    /** Defaults 16:9 at 1080p: a 1920×1080 canvas. */
    aspectRatio: aspectRatio.default('16:9'),
    resolution: resolution.default('1080p'),
    background: color('background').default('#ffffff'),
  })
  .strict();
export type CreateImageProjectRequest = z.infer<typeof ZCreateImageProjectRequest>;

export const ZUpdateImageProjectRequest = z
  .object({
    id: uuid('id'),
    name: name.optional(),
    description: description.optional(),
    aspectRatio: aspectRatio.optional(),
    resolution: resolution.optional(),
    background: color('background').optional(),
  })
  .strict();
export type UpdateImageProjectRequest = z.infer<typeof ZUpdateImageProjectRequest>;

export const ZProjectId = z.object({ id: z.uuid({ error: 'id must be a project id' }) }).strict();
export const ZLayerId = z.object({ id: z.uuid({ error: 'id must be a layer id' }) }).strict();
export const ZListImageProjectsRequest = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

const coord = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(-COORD, `${field} must be at least ${-COORD}`)
    .max(COORD, `${field} must be at most ${COORD}`);
const size = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(1, `${field} must be at least 1 pixel`)
    .max(COORD, `${field} must be at most ${COORD}`);

/** What a layer's editable fields look like on the wire (all optional: partial updates). */
const layerFields = {
  name: z.string().trim().min(1, 'name must not be empty').max(80, 'name must be at most 80 characters'),
  visible: z.boolean({ error: 'visible must be true or false' }),
  opacity: z.number({ error: 'opacity must be a number' }).min(0, 'opacity must be between 0 and 100').max(100, 'opacity must be between 0 and 100'),
  blendMode: ZBlendMode,
  assetId: uuid('assetId').nullable(),
  x: coord('x'),
  y: coord('y'),
  width: size('width'),
  height: size('height'),
  rotation: z
    .number({ error: 'rotation must be a number' })
    .min(-360, 'rotation must be between -360 and 360')
    .max(360, 'rotation must be between -360 and 360'),
  shape: ZShape,
};

export const ZCreateLayerRequest = z
  .object({
    id: uuid('id'),
    /** Optional client-made id (lets an offline edit and its undo refer to the layer before the answer arrives). */
    layerId: uuid('layerId').optional(),
    type: z.enum(['IMAGE', 'SHAPE'], { error: 'type must be IMAGE or SHAPE' }),
    name: layerFields.name.optional(),
    visible: layerFields.visible.default(true),
    opacity: layerFields.opacity.default(100),
    blendMode: ZBlendMode.default('normal'),
    assetId: uuid('assetId').optional(),
    x: layerFields.x.optional(),
    y: layerFields.y.optional(),
    width: layerFields.width.optional(),
    height: layerFields.height.optional(),
    rotation: layerFields.rotation.default(0),
    shape: ZShape.optional(),
    /** Where in the stack (0 = bottom); defaults to the top. */
    zIndex: z.number().int().min(0).optional(),
  })
  .strict();
export type CreateLayerRequest = z.infer<typeof ZCreateLayerRequest>;

export const ZUpdateLayerRequest = z
  .object({
    id: uuid('id'),
    name: layerFields.name.optional(),
    visible: layerFields.visible.optional(),
    opacity: layerFields.opacity.optional(),
    blendMode: ZBlendMode.optional(),
    assetId: layerFields.assetId.optional(),
    x: layerFields.x.optional(),
    y: layerFields.y.optional(),
    width: layerFields.width.optional(),
    height: layerFields.height.optional(),
    rotation: layerFields.rotation.optional(),
    shape: ZShape.optional(),
  })
  .strict();
export type UpdateLayerRequest = z.infer<typeof ZUpdateLayerRequest>;

export const ZReorderLayersRequest = z
  .object({
    id: uuid('id'),
    /** Every layer of the project, bottom to top. */
    layerIds: z.array(uuid('layerIds')).max(MAX_LAYERS),
  })
  .strict();

/** One layer's full state, as the editor holds it (autosave, undo and redo send these). */
export const ZLayerState = z
  .object({
    id: uuid('layers.id'),
    type: z.enum(['IMAGE', 'SHAPE'], { error: 'type must be IMAGE or SHAPE' }),
    name: layerFields.name,
    visible: layerFields.visible,
    opacity: layerFields.opacity,
    blendMode: ZBlendMode,
    assetId: uuid('assetId').nullable(),
    x: layerFields.x,
    y: layerFields.y,
    width: layerFields.width,
    height: layerFields.height,
    rotation: layerFields.rotation,
    shape: ZShape.nullable(),
  })
  .strict();
export type LayerState = z.infer<typeof ZLayerState>;

export const ZSyncLayersRequest = z
  .object({
    id: uuid('id'),
    /** Layers bottom to top: updated in place, or created again with the same id (undoing a delete). */
    layers: z.array(ZLayerState).max(MAX_LAYERS, `a project holds at most ${MAX_LAYERS} layers`),
    /** Layers to delete (undoing a create, or a delete made in the editor). */
    remove: z.array(uuid('remove')).max(MAX_LAYERS).default([]),
  })
  .strict();
export type SyncLayersRequest = z.infer<typeof ZSyncLayersRequest>;

export const ZUploadAssetRequest = z
  .object({
    id: uuid('id'),
    /** A base64 data URL (or bare base64) of a PNG, JPEG or WebP image — sniffed from its bytes (≤ 8 MB, ≤ 40 megapixels). */
    image: z.string().min(1, 'image is required').max(12_000_000, 'image is larger than 8 MB'),
    /** The file's name, for the layer's name only. */
    fileName: z.string().trim().max(200).optional(),
    /** Also add a layer showing the upload (default true). */
    addLayer: z.boolean().default(true),
  })
  .strict();
export type UploadAssetRequest = z.infer<typeof ZUploadAssetRequest>;

export const ZGenerateLayerRequest = z
  .object({
    id: uuid('id'),
    prompt: z.string().trim().min(1, 'prompt is required').max(2000, 'prompt must be at most 2000 characters'),
    /** An IMAGE model id (provider/model); defaults to the default image model. */
    model: z.string().trim().min(1).max(120).optional(),
    aspectRatio: aspectRatio.optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    negativePrompt: z.string().trim().max(1000).optional(),
    /** Same key, same generation and layer: a retried request never charges twice. */
    idempotencyKey: z.string().trim().min(8).max(100).optional(),
  })
  .strict();
export type GenerateLayerRequest = z.infer<typeof ZGenerateLayerRequest>;

export const ZQuickAction = z.discriminatedUnion(
  'kind',
  [
    z
      .object({ kind: z.literal('flip'), direction: z.enum(['horizontal', 'vertical'], { error: 'direction must be horizontal or vertical' }) })
      .strict(),
    z
      .object({
        kind: z.literal('rotate'),
        degrees: z.union([z.literal(90), z.literal(180), z.literal(270)], { error: 'degrees must be 90, 180 or 270' }),
      })
      .strict(),
    z
      .object({
        kind: z.literal('crop'),
        /** Fractions of the image (0–1), so the client needs no pixel sizes. */
        left: z.number().min(0).max(1),
        top: z.number().min(0).max(1),
        width: z.number().gt(0, 'crop width must be more than 0').max(1),
        height: z.number().gt(0, 'crop height must be more than 0').max(1),
      })
      .strict(),
    z.object({ kind: z.literal('resize'), scale: z.number().min(0.1, 'scale must be at least 0.1').max(4, 'scale must be at most 4') }).strict(),
    z
      .object({
        kind: z.literal('adjust'),
        brightness: z.number().min(0.2).max(3).default(1),
        contrast: z.number().min(0.2).max(3).default(1),
        saturation: z.number().min(0).max(3).default(1),
      })
      .strict(),
    z
      .object({
        kind: z.literal('filter'),
        filter: z.enum(['grayscale', 'sepia', 'invert', 'blur', 'sharpen'], { error: 'filter must be grayscale, sepia, invert, blur or sharpen' }),
      })
      .strict(),
  ],
  { error: 'action.kind must be flip, rotate, crop, resize, adjust or filter' },
);
export type QuickActionInput = z.infer<typeof ZQuickAction>;

export const ZQuickActionRequest = z.object({ id: uuid('id'), action: ZQuickAction }).strict();

export const IMAGE_EXPORT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export const ZImageExportRequest = z
  .object({
    id: uuid('id'),
    format: z.enum(IMAGE_EXPORT_FORMATS, { error: 'format must be png, jpeg or webp' }).default('png'),
    name: z.string().trim().min(1, 'name must not be empty').max(120).default('Export'),
    quality: z.number().int().min(1).max(100).default(90),
  })
  .strict();
