import { ASPECT_RATIOS, GENERATION_STATUSES, GENERATION_TYPES, RESOLUTIONS } from '@atelier/shared';
import { z } from 'zod';

export const ZGenerationType = z.enum(GENERATION_TYPES);

/** Inputs a model may take (spec §3 model requirements), validated against the chosen model. */
export const ZGenerationExtras = z.object({
  aspectRatio: z.enum(ASPECT_RATIOS).optional(),
  resolution: z.enum(RESOLUTIONS).optional(),
  duration: z.number().min(1, 'duration must be at least 1 second').max(120, 'duration must be at most 120 seconds').optional(),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  negativePrompt: z.string().max(2000).optional(),
  image: z.string().max(300).optional(),
  voiceId: z.string().max(100).optional(),
  speed: z.number().min(0.5).max(2).optional(),
  pitch: z.number().min(0).max(100).optional(),
  language: z.string().max(20).optional(),
  stability: z.number().min(0).max(1).optional(),
  similarityBoost: z.number().min(0).max(1).optional(),
  genre: z.string().max(40).optional(),
  mood: z.string().max(40).optional(),
  bpm: z.number().int().min(40).max(220).optional(),
  key: z.string().max(20).optional(),
  referenceAudio: z.string().max(300).optional(),
  /** Sampler steps (ComfyUI workflows that map them). */
  steps: z.number().int().min(1, 'steps must be at least 1').max(150, 'steps must be at most 150').optional(),
});
export type GenerationExtras = z.infer<typeof ZGenerationExtras>;

export const ZGenerateInput = ZGenerationExtras.extend({
  prompt: z.string().trim().min(1, 'prompt is required').max(4000, 'prompt must be at most 4000 characters'),
  type: ZGenerationType,
  /** `provider/model`, or a bare model name together with `provider`. Defaults per type. */
  model: z.string().max(100).optional(),
  provider: z.string().max(40).optional(),
  projectId: z.uuid().optional(),
  /** Same as the Idempotency-Key header. */
  idempotencyKey: z.string().min(8).max(100).optional(),
  /** Append the user's brand kit to the prompt; the result is stored as the generation's effectivePrompt. */
  applyBrandKit: z.boolean().optional(),
}).strict();
export type GenerateInput = z.infer<typeof ZGenerateInput>;

export const ZGeneration = z.object({
  id: z.string(),
  type: ZGenerationType,
  prompt: z.string(),
  effectivePrompt: z.string().nullable(),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  outputUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  outputText: z.string().nullable(),
  provider: z.string(),
  model: z.string(),
  modelVersion: z.string().nullable(),
  projectId: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  seed: z.number().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  creditsUsed: z.number(),
  creditsRefunded: z.number(),
  providerCostUsd: z.number(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Generation = z.infer<typeof ZGeneration>;

export const ZHistoryInput = z
  .object({
    limit: z.number().int().min(1).max(100).default(50),
    offset: z.number().int().min(0).default(0),
    type: ZGenerationType.optional(),
    status: z.enum(GENERATION_STATUSES).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();

export const ZModel = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  type: z.enum(['VIDEO', 'IMAGE', 'AUDIO', 'TEXT']),
  category: z.string().nullable(),
  description: z.string(),
  requirements: z.object({
    aspectRatios: z.array(z.string()).optional(),
    resolutions: z.array(z.string()).optional(),
    requiredInputs: z.array(z.string()),
    optionalInputs: z.array(z.string()),
    maxDurationSeconds: z.number().optional(),
  }),
  pricing: z.array(z.object({ tier: z.string(), credits: z.number(), creditCost: z.number(), isDefault: z.boolean() })),
  credits: z.number(),
  isDefault: z.boolean(),
  isLocal: z.boolean(),
  /** `generation`: the price is per generation; `1k-tokens`: per 1,000 tokens of prompt and reply (self-hosted text models). */
  priceBasis: z.enum(['generation', '1k-tokens']),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
});
export type Model = z.infer<typeof ZModel>;

export const ZProvider = z.object({
  id: z.string(),
  name: z.string(),
  configured: z.boolean(),
  local: z.boolean(),
  reason: z.string().nullable(),
  modelCount: z.number(),
});

export const ZCompareRow = ZModel.extend({
  stats: z.object({ runs: z.number(), successRate: z.number().nullable(), avgLatencyMs: z.number().nullable() }),
});
