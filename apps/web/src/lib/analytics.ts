/**
 * The one analytics entry point. Screens call `track(event, params)`; the function sanitises the
 * parameters (spec §5), attaches the visit's campaign and the page, applies the §9 rate limit, and hands
 * the event to every provider: product analytics (posthog-js), web analytics (gtag, with the first-party
 * fallback) and the ad pixel — each only when configured (lib/analytics/setup.ts). The providers start on
 * the first event in the browser; the signed-in user is identified by id and reset at logout.
 */

import { ANALYTICS } from './analytics/constants';
import type { AnalyticsEventName } from './analytics/events';
import { type AnalyticsParamInput, type AnalyticsParams, sanitizeParams } from './analytics/params';
import { TokenBucket } from './analytics/rateLimit';
import { startAnalytics } from './analytics/setup';
import type { AnalyticsProvider, PageContext, TrackedEvent } from './analytics/types';
import { getCampaign } from './campaign';

export { ANALYTICS_EVENTS, type AnalyticsEventName } from './analytics/events';
export { type AnalyticsParamInput, type AnalyticsParams, sanitizeParams } from './analytics/params';
export type { AnalyticsProvider, TrackedEvent } from './analytics/types';

/** What window.__atelierEvents keeps per event. */
export interface AnalyticsEvent {
  event: AnalyticsEventName;
  params: AnalyticsParams;
  timestamp: string;
  /** The campaign fields attached to the event (empty values left out). */
  campaign?: Record<string, string>;
}

declare global {
  interface Window {
    /** The most recent events, newest last (kept for browser tests and debugging). */
    __atelierEvents?: AnalyticsEvent[];
  }
}

const MAX_KEPT_EVENTS = 200;
const providers: AnalyticsProvider[] = [];
const bucket = new TokenBucket(ANALYTICS.eventsPerSecond, ANALYTICS.burstLimit);
let started = false;
let lastMicros = 0;

export function registerAnalyticsProvider(provider: AnalyticsProvider): () => void {
  providers.push(provider);
  return () => {
    const index = providers.indexOf(provider);
    if (index >= 0) providers.splice(index, 1);
  };
}

/** Starts the configured providers (once). Called by the first `track()` in the browser. */
export function ensureAnalyticsStarted(): void {
  if (started || typeof window === 'undefined' || typeof document === 'undefined') return;
  started = true;
  try {
    startAnalytics(registerAnalyticsProvider, () => providers);
  } catch (error) {
    console.warn('[analytics] providers could not start', error);
  }
}

function currentPage(): PageContext {
  if (typeof window === 'undefined') return { location: '', path: '', search: '', title: '', referrer: '' };
  return {
    location: window.location.href.split('#')[0] ?? '',
    path: window.location.pathname,
    search: window.location.search,
    title: typeof document !== 'undefined' ? document.title : '',
    referrer: typeof document !== 'undefined' ? document.referrer : '',
  };
}

/** Microseconds since the epoch, strictly increasing within the page (keeps same-millisecond events in order). */
function nowMicros(): number {
  const micros = Math.max(Date.now() * 1000, lastMicros + 1);
  lastMicros = micros;
  return micros;
}

function campaignFields(event: TrackedEvent): Record<string, string> | undefined {
  const campaign = event.campaign;
  if (!campaign) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(campaign)) if (typeof value === 'string' && value !== '') out[key] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function track(event: AnalyticsEventName, params?: AnalyticsParamInput): void {
  ensureAnalyticsStarted();
  const tracked: TrackedEvent = { event, params: sanitizeParams(params), campaign: getCampaign(), page: currentPage(), timestampMicros: nowMicros() };
  if (typeof window !== 'undefined') {
    const kept = window.__atelierEvents ?? [];
    const campaign = campaignFields(tracked);
    kept.push({
      event,
      params: tracked.params,
      timestamp: new Date(Math.floor(tracked.timestampMicros / 1000)).toISOString(),
      ...(campaign ? { campaign } : {}),
    });
    if (kept.length > MAX_KEPT_EVENTS) kept.splice(0, kept.length - MAX_KEPT_EVENTS);
    window.__atelierEvents = kept;
  }
  // §9: 10 events per second with bursts of 100; a runaway loop must not flood any provider.
  if (!bucket.take()) {
    console.warn(`[analytics] rate limit: ${event} dropped`);
    return;
  }
  for (const provider of providers) {
    try {
      provider.track(tracked);
    } catch (error) {
      // A failing provider must never break the screen that tracked the event.
      console.warn(`[analytics] provider ${provider.name} failed on ${event}`, error);
    }
  }
}
