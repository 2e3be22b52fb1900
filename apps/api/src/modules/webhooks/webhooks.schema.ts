import { WEBHOOK_EVENT_TYPES } from '@atelier/shared';
import { z } from 'zod';

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: `events must be some of ${WEBHOOK_EVENT_TYPES.join(', ')}` });

const ZUrl = z.string().trim().min(1, 'url is required').max(2000, 'url must be at most 2000 characters');
const ZThreshold = z.coerce
  .number({ error: 'creditsLowThreshold must be a number of credits' })
  .min(0, 'creditsLowThreshold must be 0 or more')
  .max(1_000_000, 'creditsLowThreshold must be at most 1,000,000');

export const ZCreateWebhook = z
  .object({
    url: ZUrl,
    events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length),
    description: z.string().trim().max(500, 'description must be at most 500 characters').optional(),
    /** credits.low fires when the balance falls below this many credits (default 10). */
    creditsLowThreshold: ZThreshold.nullable().optional(),
  })
  .strict();
export type CreateWebhookInput = z.infer<typeof ZCreateWebhook>;

export const ZUpdateWebhook = z
  .object({
    id: z.uuid({ error: 'id must be a webhook id' }),
    url: ZUrl.optional(),
    events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length).optional(),
    description: z.string().trim().max(500, 'description must be at most 500 characters').optional(),
    enabled: z.boolean().optional(),
    creditsLowThreshold: ZThreshold.nullable().optional(),
  })
  .strict();
export type UpdateWebhookInput = z.infer<typeof ZUpdateWebhook>;

export const ZWebhookId = z.object({ id: z.uuid({ error: 'id must be a webhook id' }) }).strict();
export const ZDeliveriesRequest = z
  .object({
    id: z.uuid({ error: 'id must be a webhook id' }),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export const ZResendRequest = z
  .object({ id: z.uuid({ error: 'id must be a webhook id' }), deliveryId: z.uuid({ error: 'deliveryId must be a delivery id' }) })
  .strict();

export const ZWebhook = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The secret's first characters, to tell secrets apart (the secret itself is shown once). */
  secretHint: z.string(),
  /** Until when the previous secret still signs alongside the new one (after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  creditsLowThreshold: z.number().nullable(),
  /** Failing without a success since then; 3 days of it disables the endpoint. */
  failingSince: z.string().nullable(),
  /** Why the endpoint was disabled automatically (null when enabled or disabled by hand). */
  disabledReason: z.string().nullable(),
  /** The demo workspace's sample endpoint: read-only. */
  readOnly: z.boolean(),
  lastDelivery: z.object({ status: z.string(), at: z.string(), statusCode: z.number().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof ZWebhook>;

export const ZWebhookAttempt = z.object({
  attempt: z.number(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  /** The first 1 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const ZWebhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` header of every attempt and resend. */
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'SENDING', 'RETRYING', 'DELIVERED', 'FAILED']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(ZWebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookWithSecret = z.object({ webhook: ZWebhook, secret: z.string() });
