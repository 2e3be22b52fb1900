import { GENERATION_STATUSES, GENERATION_TYPES, WORKFLOW_OUTPUT_TYPES } from '@atelier/shared';
import { z } from 'zod';

/** Request and response shapes of the admin console (issue 13). Money is USD, credits are credits (units / 100). */

/**
 * trpc-to-openapi's REST adapter switches every top-level number/boolean schema of an input to
 * coercion the first time the path is called (for everyone, tRPC too), so `"false"` would become
 * `true` and `""` would become 0. A pipe is left alone: these inputs stay exact JSON types.
 */
const exactBoolean = () => z.boolean().pipe(z.boolean());
const exactNumber = <T extends z.ZodType<number, number>>(inner: T, name: string) => z.number({ error: `${name} must be a number` }).pipe(inner);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ZDateParam = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => (isoDate.test(v) || isoDateTime.test(v)) && !Number.isNaN(Date.parse(v)), {
      message: `${name} must be a date (YYYY-MM-DD) or an ISO date-time`,
    });

/** A period: `from` inclusive, `to` inclusive when a date, exclusive when a date-time. Default: the last 30 days. */
export const ZPeriodInput = z
  .object({
    from: ZDateParam('from').optional(),
    to: ZDateParam('to').optional(),
  })
  .strict();
export type PeriodInput = z.infer<typeof ZPeriodInput>;

export const ZPeriod = z.object({ from: z.string(), to: z.string(), bucket: z.enum(['day', 'week', 'month']) });

const ZCount = z.object({ key: z.string(), count: z.number() });

export const ZQueueStats = z.object({
  name: z.string(),
  paused: z.boolean(),
  counts: z.object({
    waiting: z.number(),
    active: z.number(),
    delayed: z.number(),
    prioritized: z.number(),
    completed: z.number(),
    failed: z.number(),
  }),
  failedLast24h: z.number(),
});
export type QueueStats = z.infer<typeof ZQueueStats>;

export const ZQueuesResponse = z.object({ available: z.boolean(), error: z.string().nullable(), queues: z.array(ZQueueStats) });

export const ZSummary = z.object({
  period: ZPeriod,
  users: z.object({ total: z.number(), new: z.number(), active: z.number(), admins: z.number(), disabled: z.number() }),
  generations: z.object({
    total: z.number(),
    byStatus: z.array(ZCount),
    byType: z.array(ZCount),
    byTypeAndStatus: z.array(z.object({ type: z.string(), status: z.string(), count: z.number() })),
    adminTests: z.number(),
    failedLast24h: z.number(),
  }),
  credits: z.object({ sold: z.number(), spent: z.number(), refunded: z.number(), granted: z.number() }),
  money: z.object({
    currency: z.literal('usd'),
    revenueUsd: z.number(),
    providerCostUsd: z.number(),
    adminTestCostUsd: z.number(),
    grossMarginUsd: z.number(),
    /** (revenue − cost) / revenue; null without revenue. */
    grossMarginRate: z.number().nullable(),
    payments: z.number(),
  }),
  series: z.array(
    z.object({
      date: z.string(),
      signups: z.number(),
      generations: z.number(),
      revenueUsd: z.number(),
      providerCostUsd: z.number(),
      creditsSpent: z.number(),
    }),
  ),
  campaigns: z.array(z.object({ source: z.string(), signups: z.number(), payments: z.number(), revenueUsd: z.number() })),
  queues: ZQueuesResponse,
});
export type Summary = z.infer<typeof ZSummary>;

const ZProfitRow = z.object({
  generations: z.number(),
  creditsSpent: z.number(),
  /** Credits spent × the average sale price of a credit in the period. */
  revenueUsd: z.number(),
  providerCostUsd: z.number(),
  marginUsd: z.number(),
  /** USD of margin per credit spent; null when no credits were spent. */
  marginPerCreditUsd: z.number().nullable(),
});

export const ZCreditPrice = z.object({
  /** USD one credit sold for on average. */
  usdPerCredit: z.number(),
  basis: z.enum(['period', 'all-time', 'list-price']),
});

export const ZUsage = z.object({
  period: ZPeriod,
  creditPrice: ZCreditPrice,
  totals: z.object({
    revenueUsd: z.number(),
    creditsSold: z.number(),
    creditsSpent: z.number(),
    providerCostUsd: z.number(),
    adminTestCostUsd: z.number(),
    grossMarginUsd: z.number(),
    grossMarginRate: z.number().nullable(),
    /** Sale price of a credit minus the provider cost of a credit spent. */
    marginPerCreditUsd: z.number().nullable(),
  }),
  byModel: z.array(ZProfitRow.extend({ modelId: z.string(), name: z.string(), provider: z.string(), type: z.string() })),
  byType: z.array(ZProfitRow.extend({ type: z.string() })),
  byUser: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      revenueUsd: z.number(),
      creditsBought: z.number(),
      creditsSpent: z.number(),
      generations: z.number(),
      providerCostUsd: z.number(),
      marginUsd: z.number(),
    }),
  ),
  series: z.array(z.object({ date: z.string(), revenueUsd: z.number(), providerCostUsd: z.number(), marginUsd: z.number() })),
});
export type Usage = z.infer<typeof ZUsage>;

export const ZUserProfitInput = ZPeriodInput.extend({ id: z.uuid({ error: 'id must be a user id' }) }).strict();

export const ZUserProfitability = z.object({
  period: ZPeriod,
  creditPrice: ZCreditPrice,
  user: z.object({
    id: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    disabled: z.boolean(),
    credits: z.number(),
    createdAt: z.string(),
    lastActiveAt: z.string().nullable(),
  }),
  totals: z.object({
    revenueUsd: z.number(),
    creditsBought: z.number(),
    creditsSpent: z.number(),
    generations: z.number(),
    providerCostUsd: z.number(),
    marginUsd: z.number(),
    marginPerCreditUsd: z.number().nullable(),
  }),
  purchases: z.array(
    z.object({
      id: z.string(),
      packageId: z.string(),
      status: z.string(),
      amountUsd: z.number(),
      credits: z.number(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  byModel: z.array(ZProfitRow.extend({ modelId: z.string(), name: z.string(), type: z.string() })),
  series: z.array(z.object({ date: z.string(), creditsSpent: z.number(), providerCostUsd: z.number(), revenueUsd: z.number() })),
});

// ——— users ———

export const ZUsersInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).default(0),
    search: z.string().trim().max(200).optional(),
  })
  .strict();

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  creditUnits: z.number(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  /** Net credits spent (spends minus refunds), all time. */
  creditsSpent: z.number(),
  generations: z.number(),
  purchasesUsd: z.number(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

export const ZUsersResponse = z.object({ users: z.array(ZAdminUser), total: z.number(), limit: z.number(), offset: z.number() });

const ZUserId = z.uuid({ error: 'id must be a user id' });

export const ZAdjustCreditsInput = z
  .object({
    id: ZUserId,
    /** Credits to add (positive) or remove (negative), at most two decimals. */
    amount: exactNumber(
      z
        .number()
        .finite()
        .refine((v) => v !== 0, 'amount must not be 0')
        .refine((v) => Math.abs(v) <= 1_000_000, 'amount must be at most 1,000,000 credits either way')
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'amount has at most two decimals'),
      'amount',
    ),
    reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
    /** Makes a retried submit safe: the same key adjusts once. */
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

export const ZSetAdminInput = z.object({ id: ZUserId, isAdmin: exactBoolean() }).strict();
export const ZSetDisabledInput = z.object({ id: ZUserId, disabled: exactBoolean() }).strict();

export const ZUserActionResponse = z.object({ user: ZAdminUser });
export const ZAdjustResponse = z.object({ user: ZAdminUser, applied: z.boolean(), balance: z.number() });

// ——— AI control ———

export const ZAdminProvider = z.object({
  id: z.string(),
  name: z.string(),
  local: z.boolean(),
  /** A key is set in the server configuration (the key itself is never sent). */
  configured: z.boolean(),
  envVar: z.string().nullable(),
  enabled: z.boolean(),
  available: z.boolean(),
  reason: z.string().nullable(),
  modelCount: z.number(),
  enabledModelCount: z.number(),
});

export const ZAdminModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  type: z.enum(['VIDEO', 'IMAGE', 'AUDIO', 'TEXT']),
  outputType: z.enum(GENERATION_TYPES),
  category: z.string().nullable(),
  enabled: z.boolean(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  isDefault: z.boolean(),
  /** An admin chose this model as the default for its output type. */
  defaultChosen: z.boolean(),
  isLocal: z.boolean(),
  credits: z.number(),
  /** `1k-tokens`: the price is per 1,000 tokens (Ollama models). */
  priceBasis: z.enum(['generation', '1k-tokens']),
});

export const ZAiControl = z.object({
  providers: z.array(ZAdminProvider),
  models: z.array(ZAdminModel),
  defaults: z.array(z.object({ outputType: z.enum(GENERATION_TYPES), modelId: z.string().nullable(), chosenByAdmin: z.boolean() })),
});

export const ZProviderInput = z.object({ provider: z.string().trim().min(1).max(40) }).strict();
export const ZSetProviderEnabledInput = z.object({ provider: z.string().trim().min(1).max(40), enabled: exactBoolean() }).strict();
export const ZSetModelEnabledInput = z.object({ modelId: z.string().trim().min(1).max(100), enabled: exactBoolean() }).strict();
export const ZSetDefaultModelInput = z
  .object({
    outputType: z.enum(GENERATION_TYPES),
    /** null: back to the automatic default (the spec's hosted default when available, else the local engine). */
    modelId: z.string().trim().min(1).max(100).nullable(),
  })
  .strict();

export const ZHealthCheck = z.object({
  provider: z.string(),
  status: z.enum(['ok', 'failed', 'configured', 'unconfigured', 'not-installed', 'no-api']),
  message: z.string(),
  checkedAt: z.string(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), latencyMs: z.number(), detail: z.string() })),
});

export const ZQueueActionInput = z.object({ queue: z.string().trim().min(1).max(40), action: z.enum(['pause', 'resume', 'retry-failed']) }).strict();
export const ZQueueActionResponse = z.object({ queue: ZQueueStats, retried: z.number() });

export const ZDashboardLinkInput = z.object({}).strict();
export const ZDashboardLink = z.object({ url: z.string(), expiresAt: z.string() });

// ——— model pricing ———

export const ZPricingRow = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  available: z.boolean(),
  isDefault: z.boolean(),
  tiers: z.array(z.object({ tier: z.string(), credits: z.number(), creditCost: z.number(), isDefault: z.boolean() })),
  credits: z.number(),
  providerCostUsd: z.number(),
  /** Provider cost in credits at the average credit sale price. */
  costCredits: z.number(),
  /** withMargin(costCredits): +20 %, rounded up; 0 gives 0. */
  suggestedCredits: z.number(),
  /** (price − cost) in USD per generation at the average credit price. */
  marginUsd: z.number(),
  /** (price − cost) / price; null when the model is free. */
  marginRate: z.number().nullable(),
  updatedAt: z.string(),
});
export const ZPricing = z.object({ creditPrice: ZCreditPrice, marginRate: z.number(), models: z.array(ZPricingRow) });

const priceNumber = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} must not be negative`)
    .max(max, `${name} must be at most ${max}`);

export const ZUpdatePriceInput = z
  .object({
    modelId: z.string().trim().min(1).max(100),
    credits: exactNumber(
      priceNumber('credits', 100_000).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'credits has at most two decimals'),
      'credits',
    ),
    providerCostUsd: exactNumber(priceNumber('providerCostUsd', 10_000), 'providerCostUsd'),
  })
  .strict();
export const ZUpdatePriceResponse = z.object({ model: ZPricingRow });

// ——— model test ———

export const ZModelTestInput = z
  .object({
    prompt: z.string().trim().min(1, 'prompt is required').max(2000),
    modelIds: z
      .array(z.string().trim().min(1).max(100))
      .min(1, 'Pick at least one model')
      .max(6, 'Pick at most 6 models')
      .refine((ids) => new Set(ids).size === ids.length, 'Each model once'),
  })
  .strict();

export const ZModelTestRun = z.object({
  generationId: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  provider: z.string(),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  outputUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  outputText: z.string().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().nullable(),
  providerCostUsd: z.number(),
  /** The model's price when the test ran (not charged). */
  priceCredits: z.number(),
});
export const ZModelTest = z.object({
  id: z.string(),
  prompt: z.string(),
  createdAt: z.string(),
  actorEmail: z.string().nullable(),
  runs: z.array(ZModelTestRun),
  /** Runs that failed to start (e.g. a model with no engine here). */
  errors: z.array(z.object({ modelId: z.string(), message: z.string() })).default([]),
});
export const ZModelTestIdInput = z.object({ id: z.uuid({ error: 'id must be a test id' }) }).strict();
export const ZModelTestsInput = z
  .object({ limit: z.coerce.number().int().min(1).max(50).default(10), offset: z.coerce.number().int().min(0).default(0) })
  .strict();

// ——— audit ———

export const ZAuditInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    targetType: z.string().trim().max(40).optional(),
    targetId: z.string().trim().max(100).optional(),
  })
  .strict();
export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's e-mail for a user, else its id. */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export const ZAuditResponse = z.object({ entries: z.array(ZAuditEntry), total: z.number() });

// ——— export ———

export const ZExportQuery = z
  .object({
    from: ZDateParam('from').optional(),
    to: ZDateParam('to').optional(),
    type: z.enum(GENERATION_TYPES).optional(),
  })
  .strict();

// ——— ComfyUI workflows (issue 25) ———

/** `"<nodeId>.<input>"`, checked against the workflow by the service. */
const ZInputRef = (name: string) =>
  z
    .string()
    .trim()
    .min(3, `${name} must look like "<nodeId>.<input>", e.g. "6.text"`)
    .max(160)
    .regex(/^\S+\.\S+$/, `${name} must look like "<nodeId>.<input>", e.g. "6.text"`);

export const ZWorkflowInputs = z
  .object({
    prompt: ZInputRef('prompt'),
    negativePrompt: ZInputRef('negativePrompt').optional(),
    seed: ZInputRef('seed').optional(),
    width: ZInputRef('width').optional(),
    height: ZInputRef('height').optional(),
    steps: ZInputRef('steps').optional(),
    frames: ZInputRef('frames').optional(),
    image: ZInputRef('image').optional(),
  })
  .strict();

const workflowFields = {
  name: z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters'),
  description: z.string().trim().max(300, 'description must be at most 300 characters').optional(),
  outputType: z.enum(WORKFLOW_OUTPUT_TYPES, { error: 'outputType must be image, video or audio' }),
  /** The workflow in ComfyUI's API format (Workflow → Export (API)). */
  workflow: z.record(z.string(), z.unknown(), { error: 'workflow must be a JSON object in ComfyUI API format' }),
  inputs: ZWorkflowInputs,
  outputNode: z.string().trim().min(1, 'outputNode is required').max(60),
  priceCredits: exactNumber(z.number().min(0, 'priceCredits must be at least 0').max(10_000, 'priceCredits must be at most 10000'), 'priceCredits'),
  /** Frames per second of the `frames` input (frames = duration × fps); unset: the input takes seconds. */
  framesPerSecond: exactNumber(z.number().positive('framesPerSecond must be above 0').max(240), 'framesPerSecond').nullable().optional(),
  enabled: exactBoolean().optional(),
};

export const ZCreateWorkflowInput = z
  .object({
    ...workflowFields,
    slug: z
      .string()
      .trim()
      .min(1, 'slug is required')
      .max(60, 'slug must be at most 60 characters')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may contain lowercase letters, digits and single dashes'),
  })
  .strict();

export const ZUpdateWorkflowInput = z
  .object({
    id: z.uuid({ error: 'id must be a workflow id' }),
    name: workflowFields.name.optional(),
    description: workflowFields.description,
    outputType: workflowFields.outputType.optional(),
    workflow: workflowFields.workflow.optional(),
    inputs: ZWorkflowInputs.optional(),
    outputNode: workflowFields.outputNode.optional(),
    priceCredits: workflowFields.priceCredits.optional(),
    framesPerSecond: workflowFields.framesPerSecond,
    enabled: workflowFields.enabled,
    /** The slug is the model id (`comfyui/<slug>`): it can't change; sending the same one is allowed. */
    slug: z.string().trim().max(60).optional(),
  })
  .strict();

export const ZWorkflowIdInput = z.object({ id: z.uuid({ error: 'id must be a workflow id' }) }).strict();

export const ZWorkflow = z.object({
  id: z.string(),
  slug: z.string(),
  modelId: z.string(),
  name: z.string(),
  description: z.string(),
  outputType: z.enum(WORKFLOW_OUTPUT_TYPES),
  workflow: z.record(z.string(), z.unknown()),
  inputs: z.record(z.string(), z.string()),
  outputNode: z.string(),
  framesPerSecond: z.number().nullable(),
  priceCredits: z.number(),
  enabled: z.boolean(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  revision: z.number(),
  /** The workflow's nodes and the inputs that hold values, for the mapping pickers. */
  nodes: z.array(z.object({ id: z.string(), classType: z.string(), title: z.string().nullable(), inputs: z.array(z.string()) })),
  runs: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZWorkflowList = z.object({
  workflows: z.array(ZWorkflow),
  /** COMFYUI_URL is set: how many boxes the workflows run on. */
  configured: z.boolean(),
  boxes: z.number(),
});
