import { z } from 'zod';
import { ZGeneration } from '../generation/generation.schema';

export const VERSION_STATUSES = ['GENERATING', 'READY', 'FAILED'] as const;
export const SEGMENT_TYPES = ['IMAGE', 'TEXT'] as const;

export const ZSegmentVersion = z.object({
  id: z.string(),
  segmentId: z.string(),
  generationId: z.string().nullable(),
  status: z.enum(VERSION_STATUSES),
  progress: z.number(),
  outputUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  content: z.string().nullable(),
  prompt: z.string().nullable(),
  model: z.string().nullable(),
  error: z.string().nullable(),
  isSelected: z.boolean(),
  createdAt: z.string(),
});
export type SegmentVersion = z.infer<typeof ZSegmentVersion>;

export const ZSelectedVersion = z.object({
  id: z.string(),
  outputUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(VERSION_STATUSES),
});

export const ZSegment = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  prompt: z.string(),
  type: z.enum(SEGMENT_TYPES),
  order: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  selectedVersionId: z.string().nullable(),
  selectedVersion: ZSelectedVersion.nullable(),
  versionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof ZSegment>;

const ZMetadata = z
  .record(z.string().max(100), z.unknown(), { error: 'metadata must be an object' })
  .refine((v) => JSON.stringify(v).length <= 16_384, { error: 'metadata must be at most 16 KB of JSON' });
const name = z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters');
const prompt = z.string().trim().max(4000, 'prompt must be at most 4000 characters');

export const ZCreateSegmentRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    name,
    prompt: prompt.optional(),
    /** Defaults to the project's type. */
    type: z.enum(SEGMENT_TYPES, { error: 'type must be IMAGE or TEXT' }).optional(),
    metadata: ZMetadata.optional(),
  })
  .strict();

export const ZUpdateSegmentRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    segmentId: z.uuid({ error: 'segmentId must be a segment id' }),
    name: name.optional(),
    prompt: prompt.optional(),
    metadata: ZMetadata.optional(),
  })
  .strict();

export const ZSegmentRef = z
  .object({ id: z.uuid({ error: 'id must be a project id' }), segmentId: z.uuid({ error: 'segmentId must be a segment id' }) })
  .strict();

export const ZReorderSegmentsRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    segmentIds: z.array(z.uuid({ error: 'segmentIds must be segment ids' }), { error: 'segmentIds must be a list of segment ids' }).max(1000),
  })
  .strict();

export const ZSegmentId = z.object({ id: z.uuid({ error: 'id must be a segment id' }) }).strict();

export const ZGenerateVersionRequest = z
  .object({
    id: z.uuid({ error: 'id must be a segment id' }),
    /** `provider/model`; the default image or text model when absent. */
    model: z.string().max(100).optional(),
    provider: z.string().max(40).optional(),
    /** This version's prompt (default: the segment's). */
    prompt: prompt.optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

export const ZVersionRef = z
  .object({ id: z.uuid({ error: 'id must be a segment id' }), versionId: z.uuid({ error: 'versionId must be a version id' }) })
  .strict();

export const ZGenerateVersionResponse = z.object({
  version: ZSegmentVersion,
  segment: ZSegment,
  generation: ZGeneration,
  creditsBalance: z.number(),
  replayed: z.boolean(),
});
