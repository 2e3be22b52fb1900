import { campaignHeaderFields } from '../campaign';
import { ANALYTICS, clampSetting, retryDelayMs } from './constants';
import type { AnalyticsParams } from './params';
import type { FallbackSink, PageContext, TrackedEvent } from './types';

/**
 * The first-party fallback (spec §4, §7): events go to `POST …/analytics/fox/boom` — when the
 * web-analytics provider is disabled, or when none is configured — and the api stores them.
 *
 * - Each request tries the base variants in order until one answers OK (2xx); the one that worked is
 *   tried first next time. Credentials and keep-alive are sent; a bearer too when signed in.
 * - Events are batched: sent 3000 ms after the first one waits (§9 flush interval), at 50 per request,
 *   and at once on `flushNow()` (page hidden or closed).
 * - 429 (the server's quota) pauses sending for 60 s; a network failure or 5xx retries with backoff from
 *   3 s doubling to 30 minutes, at most 10 retries, then the batch is dropped; 400/413 drop it at once.
 */

export const FALLBACK_PATH = '/analytics/fox/boom';

/** `${apiBase}/analytics/fox/boom`, `/api/analytics/fox/boom`, `/analytics/fox/boom`, without repeats. */
export function fallbackEndpoints(apiBase: string): string[] {
  const base = apiBase.replace(/\/+$/, '');
  return [...new Set([`${base}${FALLBACK_PATH}`, `/api${FALLBACK_PATH}`, FALLBACK_PATH])];
}

/** One queued event inside a payload. */
export interface FallbackQueuedEvent {
  eventName: string;
  params: AnalyticsParams;
  timestampMicros: number;
  page: PageContext;
}

/** The Analytics fallback payload (§3): the event being sent at the top, earlier queued ones in `events`. */
export interface FallbackPayload {
  eventName: string;
  clientId: string;
  params: AnalyticsParams;
  page: PageContext;
  events: FallbackQueuedEvent[];
  timestampMicros: number;
  campaign: (ReturnType<typeof campaignHeaderFields> & { rawParams?: Record<string, string> }) | null;
}

export type SendOutcome = 'ok' | 'quota' | 'rejected' | 'failed';

export interface FallbackOptions {
  /** Base variants, in the order to try. */
  endpoints: string[];
  getClientId: () => string;
  /** Extra parameters for every event (the session id). */
  extraParams?: () => AnalyticsParams;
  getAccessToken?: () => string | null;
  fetchImpl?: typeof fetch;
  flushIntervalMs?: number;
  /** Most events held in memory while sending is impossible; the oldest go first. */
  maxQueued?: number;
  now?: () => number;
}

/** Keep-alive requests share a 64 KB budget in browsers: larger bodies go without it. */
const KEEPALIVE_BUDGET = 60_000;

function toQueued(event: TrackedEvent): FallbackQueuedEvent {
  return { eventName: event.event, params: event.params, timestampMicros: event.timestampMicros, page: event.page };
}

/** The newest event at the top, the ones queued before it (oldest first) in `events`, the visit's campaign. */
export function buildPayload(batch: TrackedEvent[], clientId: string): FallbackPayload {
  const top = batch[batch.length - 1];
  if (!top) throw new Error('buildPayload needs at least one event');
  const header = campaignHeaderFields(top.campaign);
  const raw = top.campaign?.rawParams ?? {};
  const campaign =
    Object.keys(header).length > 0 || Object.keys(raw).length > 0 ? { ...header, ...(Object.keys(raw).length > 0 ? { rawParams: raw } : {}) } : null;
  return {
    eventName: top.event,
    clientId,
    params: top.params,
    page: top.page,
    events: batch.slice(0, -1).map(toQueued),
    timestampMicros: top.timestampMicros,
    campaign,
  };
}

export class FallbackTransport implements FallbackSink {
  private queue: TrackedEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  private pausedUntil = 0;
  private retries = 0;
  private preferred: string | null = null;
  private readonly flushIntervalMs: number;

  constructor(private readonly options: FallbackOptions) {
    this.flushIntervalMs = clampSetting(options.flushIntervalMs, ANALYTICS.flushIntervalMs);
  }

  get pending(): number {
    return this.queue.length;
  }

  enqueue(events: TrackedEvent[]): void {
    if (events.length === 0) return;
    // Extra parameters (the session id) are fixed when the event is queued, not when it is sent.
    const extra = this.options.extraParams?.() ?? {};
    for (const event of events) this.queue.push({ ...event, params: { ...extra, ...event.params } });
    const max = this.options.maxQueued ?? 1000;
    if (this.queue.length > max) this.queue.splice(0, this.queue.length - max);
    if (this.queue.length >= ANALYTICS.maxEventsPerRequest) this.schedule(0);
    else this.schedule(this.flushIntervalMs);
  }

  /** Sends whatever waits now (page hidden or closed), unless paused by the server's quota. */
  flushNow(): Promise<void> {
    this.clearTimer();
    return this.flush();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets the flush timer unless one is already due sooner. */
  private schedule(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const waitMs = this.pausedUntil - this.now();
      if (waitMs > 0) {
        this.schedule(waitMs);
        return;
      }
      const batch = this.queue.slice(0, ANALYTICS.maxEventsPerRequest);
      const outcome = await this.send(buildPayload(batch, this.options.getClientId()));
      if (outcome === 'ok' || outcome === 'rejected') {
        if (outcome === 'rejected') console.warn(`[analytics] the server refused ${batch.length} event(s); dropped`);
        this.queue.splice(0, batch.length);
        this.retries = 0;
        continue;
      }
      if (outcome === 'quota') {
        this.pausedUntil = this.now() + ANALYTICS.quotaPauseMs;
        this.schedule(ANALYTICS.quotaPauseMs);
        return;
      }
      this.retries += 1;
      if (this.retries > ANALYTICS.maxRetries) {
        console.warn(`[analytics] fallback unreachable after ${ANALYTICS.maxRetries} retries; ${batch.length} event(s) dropped`);
        this.queue.splice(0, batch.length);
        this.retries = 0;
        if (this.queue.length > 0) this.schedule(this.flushIntervalMs);
        return;
      }
      this.schedule(retryDelayMs(this.retries));
      return;
    }
  }

  /** Tries the base variants in order (the last one that worked first) until one answers OK. */
  async send(payload: FallbackPayload): Promise<SendOutcome> {
    const doFetch = this.options.fetchImpl ?? fetch;
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = this.options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const order = this.preferred ? [this.preferred, ...this.options.endpoints.filter((e) => e !== this.preferred)] : this.options.endpoints;
    for (const url of order) {
      let response: Response;
      try {
        response = await doFetch(url, { method: 'POST', credentials: 'include', keepalive: body.length <= KEEPALIVE_BUDGET, headers, body });
      } catch {
        continue;
      }
      if (response.ok) {
        this.preferred = url;
        return 'ok';
      }
      if (response.status === 429) return 'quota';
      if (response.status === 400 || response.status === 413) return 'rejected';
      // 404/405 (not served here) or 5xx: try the next variant.
    }
    return 'failed';
  }
}
