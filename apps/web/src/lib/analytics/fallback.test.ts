import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCampaign } from '../campaign';
import { ANALYTICS, retryDelayMs } from './constants';
import { buildPayload, FallbackTransport, fallbackEndpoints } from './fallback';
import { makeEvent } from './testing';

type Call = { url: string; init: RequestInit; body: Record<string, unknown> };

/** A fetch double: answers by URL (a status, or 'network' for a failure), records every call. */
function fakeFetch(answer: (url: string, callIndex: number) => number | 'network') {
  const calls: Call[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {}, body: JSON.parse(String(init?.body ?? '{}')) });
    const result = answer(url, calls.length - 1);
    if (result === 'network') throw new TypeError('Failed to fetch');
    return new Response(result === 204 ? null : '{}', { status: result });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const ENDPOINTS = fallbackEndpoints('/api');

function transport(fetchImpl: typeof fetch, extra: Partial<ConstructorParameters<typeof FallbackTransport>[0]> = {}) {
  return new FallbackTransport({ endpoints: ENDPOINTS, getClientId: () => 'client.1', fetchImpl, ...extra });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fallback base variants', () => {
  it('lists {apiBase}/analytics/fox/boom, /api/analytics/fox/boom, /analytics/fox/boom without repeats', () => {
    expect(fallbackEndpoints('/api')).toEqual(['/api/analytics/fox/boom', '/analytics/fox/boom']);
    expect(fallbackEndpoints('https://api.example.com/v1/')).toEqual([
      'https://api.example.com/v1/analytics/fox/boom',
      '/api/analytics/fox/boom',
      '/analytics/fox/boom',
    ]);
  });

  it('tries the variants in order until one answers OK, with credentials and keep-alive', async () => {
    const endpoints = fallbackEndpoints('https://api.example.com');
    const { impl, calls } = fakeFetch((url) => (url === '/analytics/fox/boom' ? 202 : url.startsWith('https://') ? 'network' : 404));
    const t = new FallbackTransport({ endpoints, getClientId: () => 'client.1', fetchImpl: impl });
    t.enqueue([makeEvent()]);
    await t.flushNow();
    expect(calls.map((c) => c.url)).toEqual(['https://api.example.com/analytics/fox/boom', '/api/analytics/fox/boom', '/analytics/fox/boom']);
    for (const call of calls) {
      expect(call.init.method).toBe('POST');
      expect(call.init.credentials).toBe('include');
      expect(call.init.keepalive).toBe(true);
      expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    }
    expect(t.pending).toBe(0);

    // The variant that worked is tried first from then on.
    t.enqueue([makeEvent()]);
    await t.flushNow();
    expect(calls.slice(3).map((c) => c.url)).toEqual(['/analytics/fox/boom']);
  });

  it('sends the bearer when signed in', async () => {
    const { impl, calls } = fakeFetch(() => 202);
    const t = transport(impl, { getAccessToken: () => 'token-1' });
    t.enqueue([makeEvent()]);
    await t.flushNow();
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer token-1');
  });
});

describe('fallback payload (§3)', () => {
  it('has eventName, clientId, params, page, events, timestampMicros and campaign', () => {
    const campaign = parseCampaign('?utm_source=news&utm_medium=&gclid=abc&ref=x');
    const first = makeEvent('screen_view', { path: '/', campaign });
    const second = makeEvent('screen_view', { path: '/chat', search: '?id=1', campaign });
    const top = makeEvent('user_login', { params: { method: 'email' }, path: '/chat', campaign });
    const payload = buildPayload([first, second, top], 'client.1');
    expect(Object.keys(payload).sort()).toEqual(['campaign', 'clientId', 'eventName', 'events', 'page', 'params', 'timestampMicros']);
    expect(payload.eventName).toBe('user_login');
    expect(payload.clientId).toBe('client.1');
    expect(payload.params).toEqual({ method: 'email' });
    expect(payload.page.path).toBe('/chat');
    expect(payload.timestampMicros).toBe(top.timestampMicros);
    expect(payload.events.map((e) => [e.eventName, e.page.path, e.page.search])).toEqual([
      ['screen_view', '/', ''],
      ['screen_view', '/chat', '?id=1'],
    ]);
    expect(payload.events[1]?.timestampMicros).toBe(second.timestampMicros);
    expect(payload.campaign).toEqual({ source: 'news', gclid: 'abc', rawParams: { utm_source: 'news', gclid: 'abc', ref: 'x' } });
    expect(buildPayload([makeEvent()], 'c').campaign).toBeNull();
  });

  it('adds the session id to every event', async () => {
    const { impl, calls } = fakeFetch(() => 202);
    const t = transport(impl, { extraParams: () => ({ session_id: 's1' }) });
    t.enqueue([makeEvent('screen_view', { params: { pathname: '/' } }), makeEvent('user_login', { params: { method: 'email' } })]);
    await t.flushNow();
    expect(calls[0]?.body.params).toEqual({ session_id: 's1', method: 'email' });
    expect((calls[0]?.body.events as Array<{ params: unknown }> | undefined)?.[0]?.params).toEqual({ session_id: 's1', pathname: '/' });
  });
});

describe('fallback batching and retries (§9)', () => {
  it('flushes 3000 ms after the first waiting event, all waiting events in one request', async () => {
    const { impl, calls } = fakeFetch(() => 202);
    const t = transport(impl);
    t.enqueue([makeEvent()]);
    await vi.advanceTimersByTimeAsync(1000);
    t.enqueue([makeEvent('user_login')]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body.eventName).toBe('user_login');
    expect(calls[0]?.body.events).toHaveLength(1);
  });

  it('keeps the flush interval within 250..5000 ms', async () => {
    const { impl, calls } = fakeFetch(() => 202);
    const t = transport(impl, { flushIntervalMs: 10 });
    t.enqueue([makeEvent()]);
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
  });

  it('sends at most 50 events per request, at once when 50 wait', async () => {
    const { impl, calls } = fakeFetch(() => 202);
    const t = transport(impl);
    t.enqueue(Array.from({ length: 120 }, () => makeEvent()));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => 1 + (c.body.events as unknown[]).length)).toEqual([50, 50, 20]);
  });

  it('pauses 60 s on 429 (the server quota), then sends', async () => {
    const { impl, calls } = fakeFetch((_url, i) => (i === 0 ? 429 : 202));
    const t = transport(impl);
    t.enqueue([makeEvent()]);
    await t.flushNow();
    expect(calls).toHaveLength(1);
    await t.flushNow();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ANALYTICS.quotaPauseMs - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(t.pending).toBe(0);
  });

  it('retries with backoff from 3 s doubling to 30 minutes, at most 10 retries, then drops the batch', async () => {
    expect([1, 2, 3, 4, 10, 11, 20].map(retryDelayMs)).toEqual([3000, 6000, 12_000, 24_000, 1_536_000, 1_800_000, 1_800_000]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { impl, calls } = fakeFetch(() => 'network');
    const t = transport(impl);
    t.enqueue([makeEvent()]);
    await t.flushNow();
    const perAttempt = ENDPOINTS.length;
    expect(calls).toHaveLength(perAttempt);
    for (let retry = 1; retry <= ANALYTICS.maxRetries; retry += 1) {
      await vi.advanceTimersByTimeAsync(retryDelayMs(retry) - 1);
      expect(calls).toHaveLength(perAttempt * retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(perAttempt * (retry + 1));
    }
    expect(t.pending).toBe(0);
    await vi.advanceTimersByTimeAsync(ANALYTICS.retryMaxMs * 2);
    expect(calls).toHaveLength(perAttempt * (ANALYTICS.maxRetries + 1));
    warn.mockRestore();
  });

  it('a 5xx tries the other variants, then retries later; 400/413 drop the batch at once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = fakeFetch(() => 503);
    const t = transport(failing.impl);
    t.enqueue([makeEvent()]);
    await t.flushNow();
    expect(failing.calls.map((c) => c.url)).toEqual(ENDPOINTS);
    expect(t.pending).toBe(1);

    const refusing = fakeFetch(() => 413);
    const r = transport(refusing.impl);
    r.enqueue([makeEvent()]);
    await r.flushNow();
    expect(refusing.calls).toHaveLength(1);
    expect(r.pending).toBe(0);
    warn.mockRestore();
  });
});
