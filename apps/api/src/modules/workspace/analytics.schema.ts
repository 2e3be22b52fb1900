import { GENERATION_TYPES } from '@atelier/shared';
import { z } from 'zod';

export const PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const ZPeriodInput = z.object({ period: z.enum(['7d', '30d', '90d']).default('30d') }).strict();
export type Period = keyof typeof PERIODS;

const ZType = z.enum(GENERATION_TYPES);

export const ZAnalytics = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  overview: z.object({
    totalGenerations: z.number(),
    creditsUsed: z.number(),
    projectsCreated: z.number(),
    /** Seconds, over completed generations; null when none completed. */
    avgGenerationTime: z.number().nullable(),
  }),
  generationsByType: z.array(z.object({ type: ZType, count: z.number() })),
  creditUsage: z.array(z.object({ date: z.string(), credits: z.number() })),
  popularModels: z.array(z.object({ id: z.string(), name: z.string(), uses: z.number(), type: ZType })),
});

export const ZUsageStats = z.object({
  period: z.string(),
  totalGenerations: z.number(),
  completed: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  inProgress: z.number(),
  /** Completed ÷ (completed + failed); null without finished generations. */
  successRate: z.number().nullable(),
  creditsUsed: z.number(),
  creditsAdded: z.number(),
  chatMessages: z.number(),
  activeDays: z.number(),
});

export const ZUsageTrend = z.object({
  period: z.string(),
  days: z.array(
    z.object({ date: z.string(), image: z.number(), video: z.number(), text: z.number(), audio: z.number(), total: z.number(), credits: z.number() }),
  ),
});

export const ZModelPerformance = z.object({
  period: z.string(),
  models: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: ZType,
      uses: z.number(),
      completed: z.number(),
      failed: z.number(),
      successRate: z.number().nullable(),
      /** Seconds, over completed runs. */
      avgTime: z.number().nullable(),
      creditsUsed: z.number(),
    }),
  ),
});

export const ZCreditBreakdown = z.object({
  period: z.string(),
  total: z.number(),
  byType: z.array(z.object({ type: z.string(), credits: z.number() })),
  byModel: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), credits: z.number() })),
});

export const ZRecommendations = z.object({
  period: z.string(),
  recommendations: z.array(
    z.object({
      kind: z.enum(['cheaper_model', 'reliability', 'get_started', 'top_up', 'brand_kit', 'prompt_library']),
      title: z.string(),
      message: z.string(),
      modelId: z.string().nullable(),
      alternativeModelId: z.string().nullable(),
      /** Credits per generation saved by the switch, when it is one. */
      savingsPerGeneration: z.number().nullable(),
    }),
  ),
});
