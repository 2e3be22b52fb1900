import { GENERATION_STATUSES } from '@atelier/shared';
import { z } from 'zod';
import { ZGeneration } from '../generation/generation.schema';
import { MAX_IMAGE_BYTES } from './projects.media';

export const CLIP_STATUSES = ['DRAFT', 'GENERATING', 'READY', 'FAILED'] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];

export const ZVideoClip = z.object({
  id: z.string(),
  projectId: z.string(),
  position: z.number(),
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds, normalised by the §5 rule. */
  duration: z.number(),
  startTrim: z.number(),
  endTrim: z.number(),
  /** Seconds that play after the trims. */
  playedDuration: z.number(),
  status: z.enum(CLIP_STATUSES),
  /** The linked generation's progress (0–100) while GENERATING. */
  progress: z.number(),
  error: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  generationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VideoClip = z.infer<typeof ZVideoClip>;

const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds (values above 1000 are read as milliseconds)` })
    .min(-86_400_000)
    .max(86_400_000);

/**
 * What a client may change on a clip. Timing is seconds — values above 1000 are milliseconds —
 * normalised by the §5 rule on save. `imageUrl` is one of the user's uploads or generations (a
 * key or the signed URL a response gave), or null to clear; `imageGenerationId` takes the image
 * of a finished image generation. Read-only fields a client echoes back from a GET are accepted
 * and ignored, so a clip can be sent back as it was read.
 */
const clipFields = {
  prompt: z.string().max(4000, 'prompt must be at most 4000 characters').optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  imageGenerationId: z.uuid({ error: 'imageGenerationId must be a generation id' }).optional(),
  duration: seconds('duration').optional(),
  startTrim: seconds('startTrim').optional(),
  endTrim: seconds('endTrim').optional(),
  // read-only, ignored:
  projectId: z.string().max(100).optional(),
  videoUrl: z.string().max(4000).nullable().optional(),
  thumbnailUrl: z.string().max(4000).nullable().optional(),
  playedDuration: z.number().optional(),
  status: z.string().max(40).optional(),
  progress: z.number().optional(),
  error: z.string().max(4000).nullable().optional(),
  provider: z.string().max(100).nullable().optional(),
  model: z.string().max(100).nullable().optional(),
  /** Ignored on an existing clip; on a new clip (no id), one of your video generations becomes its video (e.g. a deleted clip restored by undo). */
  generationId: z.string().max(100).nullable().optional(),
  createdAt: z.string().max(100).optional(),
  updatedAt: z.string().max(100).optional(),
};

export const ZTimelineClip = z
  .object({
    /** An existing clip of this project; absent for a new clip. */
    id: z.uuid({ error: 'id must be a clip id of this project' }).optional(),
    /** Ignored: the order of `clips` is the order of the timeline. */
    position: z.number().optional(),
    ...clipFields,
  })
  .strict();
export type TimelineClip = z.infer<typeof ZTimelineClip>;

export const ZSaveTimelineRequest = z
  .object({
    id: z.uuid({ error: 'id must be a project id' }),
    clips: z.array(ZTimelineClip, { error: 'clips must be a list of clips' }).max(200, 'a timeline holds at most 200 clips'),
  })
  .strict();

export const ZUpdateClipRequest = z
  .object({
    id: z.uuid({ error: 'id must be a clip id' }),
    /** Moves the clip to this index in the timeline (0-based). */
    position: z.number().int().min(0).max(10_000).optional(),
    ...clipFields,
  })
  .strict();
export type UpdateClipRequest = z.infer<typeof ZUpdateClipRequest>;

export const ZGenerateClipRequest = z
  .object({
    id: z.uuid({ error: 'id must be a clip id' }),
    /** `provider/model` (e.g. local/video); the default video model when absent. */
    model: z.string().max(100).optional(),
    provider: z.string().max(40).optional(),
    /** Replaces the clip's prompt (saved on the clip). */
    prompt: z.string().trim().max(4000, 'prompt must be at most 4000 characters').optional(),
    /** Image-to-video from the clip's image (default: when the clip has one and the model takes images). */
    useImage: z.boolean().optional(),
    /** Seconds to generate (default: the clip's duration), when the model takes a duration. */
    duration: z.number().min(1, 'duration must be at least 1 second').max(120, 'duration must be at most 120 seconds').optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();
export type GenerateClipRequest = z.infer<typeof ZGenerateClipRequest>;

/** ~8 MB decoded, as base64 (4/3) plus a data-URL prefix. */
const MAX_IMAGE_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200;

export const ZUploadClipImageRequest = z
  .object({
    id: z.uuid({ error: 'id must be a clip id' }),
    /** A base64 data URL (or bare base64) of a PNG, JPEG or WebP image, at most 8 MB. */
    image: z
      .string({ error: 'image must be a base64 data URL' })
      .min(1, 'image is required')
      .max(MAX_IMAGE_CHARS, `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  })
  .strict();

export const ZClipGenerationStatus = z.object({
  clipId: z.string(),
  projectId: z.string(),
  generationId: z.string().nullable(),
  /** The generation's status; without a generation, the §4 mapping of the clip's status. */
  status: z.enum(GENERATION_STATUSES),
  clipStatus: z.enum(CLIP_STATUSES),
  progress: z.number(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  error: z.string().nullable(),
  generation: ZGeneration.nullable(),
});

export const ZClipGenerationResponse = z.object({
  clip: ZVideoClip,
  generation: ZGeneration,
  creditsBalance: z.number(),
  replayed: z.boolean(),
});
