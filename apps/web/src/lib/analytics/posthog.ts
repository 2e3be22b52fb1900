import type { PostHogConfig } from 'posthog-js';
import { campaignEventParams } from '../campaign';
import { ANALYTICS, clampSetting } from './constants';
import type { AnalyticsProvider, TrackedEvent } from './types';

/**
 * Product analytics (spec §1): posthog-js, loaded only when a project key is configured, initialised
 * with every §9 setting it has a knob for:
 *
 * | §9 constant                         | posthog-js setting                                  |
 * |-------------------------------------|-----------------------------------------------------|
 * | batch flush 3000 ms (250–5000)      | request_queue_config.flush_interval_ms (clamped)    |
 * | 10 events/s, burst 100              | rate_limiting.events_per_second / events_burst_limit|
 * | feature-flag timeout 3000 ms        | feature_flag_request_timeout_ms                     |
 * | survey timeout 10000 ms             | surveys_request_timeout_ms                          |
 * | session idle 1800 s (60–36000)      | session_idle_timeout_seconds (clamped)              |
 * | cookie expiry 365 days              | cookie_expiration                                   |
 * | string properties ≤ 65535           | properties_string_max_length                        |
 *
 * posthog-js has no setting for the other three, and already behaves exactly as §9 asks (posthog.test.ts
 * checks the installed package so an upgrade that changes them fails the build): 60 s pause on the
 * server's quota answer (RateLimiter), retry backoff from 3 s doubling to 30 minutes with at most 10
 * retries (RetryQueue), and a 24 h maximum session (SessionIdManager). Our own wrapper enforces the same
 * rate limit, string cap and quota/backoff rules for every provider and the first-party fallback.
 */

/** The slice of posthog-js we use (a test double implements the same). */
export interface PostHogLike {
  init(token: string, config?: Partial<PostHogConfig>): unknown;
  capture(event: string, properties?: Record<string, unknown> | null, options?: { timestamp?: Date }): unknown;
  identify(distinctId?: string): void;
  reset(): void;
}

export interface PosthogSettings {
  flushIntervalMs?: number;
  sessionIdleSeconds?: number;
}

export function buildPosthogConfig(apiHost: string, settings: PosthogSettings = {}): Partial<PostHogConfig> {
  return {
    api_host: apiHost,
    request_queue_config: { flush_interval_ms: clampSetting(settings.flushIntervalMs, ANALYTICS.flushIntervalMs) },
    rate_limiting: { events_per_second: ANALYTICS.eventsPerSecond, events_burst_limit: ANALYTICS.burstLimit },
    feature_flag_request_timeout_ms: ANALYTICS.featureFlagTimeoutMs,
    surveys_request_timeout_ms: ANALYTICS.surveyTimeoutMs,
    session_idle_timeout_seconds: clampSetting(settings.sessionIdleSeconds, ANALYTICS.sessionIdleSeconds),
    cookie_expiration: ANALYTICS.cookieExpiryDays,
    properties_string_max_length: ANALYTICS.maxStringLength,
    // Only the spec's events: route changes arrive as screen_view, not as automatic page views or clicks.
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    // Prompts and uploads are customers' work: no session recordings.
    disable_session_recording: true,
    person_profiles: 'identified_only',
  };
}

type Op = { kind: 'capture'; event: TrackedEvent } | { kind: 'identify'; userId: string } | { kind: 'reset' };

export interface ProductAnalyticsOptions {
  apiKey: string;
  apiHost: string;
  /** Loads posthog-js (a dynamic import, so the library is fetched only when configured). */
  load: () => Promise<PostHogLike>;
  settings?: PosthogSettings;
}

export class ProductAnalyticsProvider implements AnalyticsProvider {
  readonly name = 'product-analytics';
  private client: PostHogLike | null = null;
  private failed = false;
  private readonly ops: Op[] = [];

  constructor(private readonly options: ProductAnalyticsOptions) {}

  /** Loads and initialises posthog-js once; calls made meanwhile are replayed in order. */
  async start(): Promise<void> {
    try {
      const client = await this.options.load();
      client.init(this.options.apiKey, buildPosthogConfig(this.options.apiHost, this.options.settings));
      this.client = client;
      for (const op of this.ops.splice(0)) this.apply(op);
    } catch (error) {
      this.failed = true;
      this.ops.length = 0;
      console.warn('[analytics] product analytics could not start', error);
    }
  }

  track(event: TrackedEvent): void {
    this.push({ kind: 'capture', event });
  }

  identify(userId: string): void {
    this.push({ kind: 'identify', userId });
  }

  reset(): void {
    this.push({ kind: 'reset' });
  }

  private push(op: Op): void {
    if (this.failed) return;
    if (this.client) this.apply(op);
    else if (this.ops.length < 500) this.ops.push(op);
  }

  private apply(op: Op): void {
    const client = this.client;
    if (!client) return;
    if (op.kind === 'identify') client.identify(op.userId);
    else if (op.kind === 'reset') client.reset();
    else
      client.capture(
        op.event.event,
        { ...campaignEventParams(op.event.campaign), ...op.event.params },
        { timestamp: new Date(Math.floor(op.event.timestampMicros / 1000)) },
      );
  }
}
