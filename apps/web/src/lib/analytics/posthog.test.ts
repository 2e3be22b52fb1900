import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { parseCampaign } from '../campaign';
import { ANALYTICS } from './constants';
import { buildPosthogConfig, type PostHogLike, ProductAnalyticsProvider } from './posthog';
import { makeEvent } from './testing';

describe('product analytics configuration (§9)', () => {
  it('sets every §9 constant posthog-js has a setting for', () => {
    const config = buildPosthogConfig('https://eu.i.posthog.com');
    expect(config).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      request_queue_config: { flush_interval_ms: 3000 },
      rate_limiting: { events_per_second: 10, events_burst_limit: 100 },
      feature_flag_request_timeout_ms: 3000,
      surveys_request_timeout_ms: 10_000,
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      properties_string_max_length: 65_535,
      capture_pageview: false,
      autocapture: false,
    });
  });

  it('keeps the flush interval within 250..5000 ms and the session idle within 60..36000 s', () => {
    expect(buildPosthogConfig('h', { flushIntervalMs: 10 }).request_queue_config?.flush_interval_ms).toBe(250);
    expect(buildPosthogConfig('h', { flushIntervalMs: 99_999 }).request_queue_config?.flush_interval_ms).toBe(5000);
    expect(buildPosthogConfig('h', { sessionIdleSeconds: 5 }).session_idle_timeout_seconds).toBe(60);
    expect(buildPosthogConfig('h', { sessionIdleSeconds: 100_000 }).session_idle_timeout_seconds).toBe(36_000);
  });

  /**
   * posthog-js has no setting for the quota pause, the retry backoff or the maximum session: it behaves
   * as §9 asks on its own. Read the installed package so an upgrade that changes that fails here.
   */
  it('the installed posthog-js already pauses 60 s on quota, backs off 3 s→30 min with 10 retries, ends sessions at 24 h', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const candidates = [path.resolve(here, '../../../node_modules/posthog-js'), path.resolve(here, '../../../../../node_modules/posthog-js')];
    const root = candidates.find((c) => existsSync(path.join(c, 'lib/src/retry-queue.js')));
    expect(root, 'posthog-js is installed').toBeTruthy();
    const read = (file: string) => readFileSync(path.join(root as string, 'lib/src', file), 'utf8');

    const retry = read('retry-queue.js');
    expect(retry).toMatch(/thirtyMinutes = 30 \* 60 \* 1000/);
    expect(retry).toMatch(/DEFAULT_MAX_RETRIES = 10\b/);
    expect(retry).toMatch(/3000 \* Math\.pow\(2, retriesPerformedSoFar\)/);

    const limiter = read('rate-limiter.js');
    expect(limiter).toMatch(/ONE_MINUTE_IN_MILLISECONDS = 60 \* 1000/);
    expect(limiter).toMatch(/quota_limited[\s\S]*ONE_MINUTE_IN_MILLISECONDS/);
    expect(limiter).toMatch(/BURST_LIMIT_MULTIPLIER = 10\b/);

    const session = read('sessionid.js');
    expect(session).toMatch(/SESSION_LENGTH_LIMIT_MILLISECONDS = 24 \* 3600 \* 1000/);
    expect(session).toMatch(/MIN_SESSION_IDLE_TIMEOUT_SECONDS = 60\b/);
    expect(session).toMatch(/MAX_SESSION_IDLE_TIMEOUT_SECONDS = 10 \* 60 \* 60/);

    const queue = read('request-queue.js');
    expect(queue).toMatch(/DEFAULT_FLUSH_INTERVAL_MS = 3000\b/);
    expect(queue).toMatch(/DEFAULT_FLUSH_INTERVAL_MS, 250, 5000/);

    expect(ANALYTICS.quotaPauseMs).toBe(60_000);
    expect(ANALYTICS.maxSessionMs).toBe(24 * 3600 * 1000);
    expect(ANALYTICS.sessionIdleSeconds.max).toBe(10 * 60 * 60);
  });
});

describe('ProductAnalyticsProvider', () => {
  function fakeClient() {
    const calls: unknown[][] = [];
    const client: PostHogLike = {
      init: (...args) => calls.push(['init', ...args]),
      capture: (...args) => calls.push(['capture', ...args]),
      identify: (...args) => calls.push(['identify', ...args]),
      reset: () => calls.push(['reset']),
    };
    return { client, calls };
  }

  it('initialises once with the key and config, and replays what came before in order', async () => {
    const { client, calls } = fakeClient();
    const provider = new ProductAnalyticsProvider({ apiKey: 'phc_test', apiHost: 'https://eu.i.posthog.com', load: async () => client });
    const event = makeEvent('user_signup', { params: { method: 'email' }, campaign: parseCampaign('?utm_source=news') });
    provider.track(event);
    provider.identify('user-1');
    await provider.start();
    provider.reset();
    expect(calls.map((c) => c[0])).toEqual(['init', 'capture', 'identify', 'reset']);
    expect(calls[0]?.[1]).toBe('phc_test');
    expect(calls[1]?.[1]).toBe('user_signup');
    expect(calls[1]?.[2]).toEqual({ method: 'email', campaign_source: 'news' });
    expect((calls[1]?.[3] as { timestamp: Date } | undefined)?.timestamp.getTime()).toBe(Math.floor(event.timestampMicros / 1000));
    expect(calls[2]).toEqual(['identify', 'user-1']);
  });

  it('stays out of the way when posthog-js cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const provider = new ProductAnalyticsProvider({ apiKey: 'k', apiHost: 'h', load: () => Promise.reject(new Error('blocked')) });
    provider.track(makeEvent());
    await provider.start();
    expect(() => provider.track(makeEvent())).not.toThrow();
    warn.mockRestore();
  });
});
