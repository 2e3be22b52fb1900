/**
 * The analytics constants of spec §9, in one place. The product-analytics provider (posthog-js) is
 * configured with them (see posthog.ts); where posthog-js has no setting, it already behaves exactly so
 * (checked against the installed package by posthog.test.ts), and our own first-party fallback transport
 * enforces the same numbers itself (fallback.ts, rateLimit.ts, session.ts, params.ts).
 */
export const ANALYTICS = {
  /** Batch flush every 3000 ms, allowed 250..5000. */
  flushIntervalMs: { value: 3000, min: 250, max: 5000 },
  /** 10 events per second, with a burst of 10 times that. */
  eventsPerSecond: 10,
  burstLimit: 100,
  /** Pause after the server says the quota is exhausted. */
  quotaPauseMs: 60_000,
  /** Retry backoff: from 3 s, doubling, capped at 30 minutes, at most 10 retries. */
  retryInitialMs: 3000,
  retryMaxMs: 30 * 60_000,
  maxRetries: 10,
  featureFlagTimeoutMs: 3000,
  surveyTimeoutMs: 10_000,
  /** Session idle 1800 s, allowed 60..36000. */
  sessionIdleSeconds: { value: 1800, min: 60, max: 36_000 },
  /** A session never lasts more than 24 hours. */
  maxSessionMs: 24 * 3600 * 1000,
  cookieExpiryDays: 365,
  /** String properties are capped at 65535 characters. */
  maxStringLength: 65_535,
  /** Web analytics: script wait, and how long an event may wait for its callback. */
  webScriptTimeoutMs: 4000,
  webEventCallbackTimeoutMs: 1500,
  /** The first-party fallback endpoint takes at most this many events per request. */
  maxEventsPerRequest: 50,
} as const;

/** The tag-manager host the web-analytics script loads from (§7). */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** A configured number kept inside its allowed range (non-numbers give the default). */
export function clampSetting(value: number | undefined, setting: { value: number; min: number; max: number }): number {
  if (value === undefined || !Number.isFinite(value)) return setting.value;
  return Math.min(setting.max, Math.max(setting.min, value));
}

/** Backoff before retry number `retry` (1-based): 3 s, 6 s, 12 s, … never more than 30 minutes. */
export function retryDelayMs(retry: number): number {
  return Math.min(ANALYTICS.retryMaxMs, ANALYTICS.retryInitialMs * 2 ** Math.max(0, retry - 1));
}
