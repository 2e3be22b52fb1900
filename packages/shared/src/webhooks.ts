/** Webhook events (issue 24): what an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'generation.completed',
  'generation.failed',
  'export.completed',
  'export.failed',
  'seo.article.published',
  'credits.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event "Send test event" delivers (not subscribable). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Attempts per delivery: the first and 7 retries. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Each retry waits this many times longer than the one before. */
export const WEBHOOK_BACKOFF_FACTOR = 4;
/** Default base delay (WEBHOOK_RETRY_DELAY_MS): 15 s × 4^n over 7 retries ≈ 22.75 h, about a day. */
export const WEBHOOK_DEFAULT_RETRY_DELAY_MS = 15_000;
/** An endpoint whose deliveries have failed for this long without a success is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** After a rotation the previous secret keeps signing alongside the new one this long. */
export const WEBHOOK_PREVIOUS_SECRET_TTL_MS = 24 * 3600_000;
/** Request timeout of one delivery attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's response body the delivery log keeps. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;

/** Delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed. */
export function webhookRetryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * WEBHOOK_BACKOFF_FACTOR ** Math.max(0, attempt - 1);
}
