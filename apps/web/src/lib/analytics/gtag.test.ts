import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCampaign } from '../campaign';
import { ANALYTICS } from './constants';
import { type GtagWindow, gtagScriptUrl, type ScriptCallbacks, WebAnalyticsProvider } from './gtag';
import { makeEvent } from './testing';
import type { TrackedEvent } from './types';

/** A page double: the script loader is driven by the test, gtag calls are read back from the dataLayer. */
function setup() {
  const win: GtagWindow = {};
  const fallback: TrackedEvent[][] = [];
  let script: { src: string; callbacks: ScriptCallbacks } | null = null;
  const states: string[] = [];
  const provider = new WebAnalyticsProvider({
    measurementId: 'G-TEST123',
    fallback: { enqueue: (events) => fallback.push(events) },
    win,
    loadScript: (src, callbacks) => {
      script = { src, callbacks };
    },
    onStateChange: (state, reason) => states.push(reason ? `${state}:${reason}` : state),
  });
  const gtagCalls = () => (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
  const eventCalls = () => gtagCalls().filter((call) => call[0] === 'event');
  /** What gtag.js does once a hit went out: call the event's callback. */
  const confirmAll = () => {
    for (const call of eventCalls()) (call[2] as { event_callback?: () => void }).event_callback?.();
  };
  return { win, provider, fallback, states, gtagCalls, eventCalls, confirmAll, script: () => script };
}

const warnSilently = () => vi.spyOn(console, 'info').mockImplementation(() => undefined);

beforeEach(() => {
  vi.useFakeTimers();
  warnSilently();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('web analytics (gtag)', () => {
  it('loads gtag from the tag-manager host and installs the standard dataLayer snippet', () => {
    const t = setup();
    t.provider.start();
    expect(t.script()?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(gtagScriptUrl('G-A&B')).toBe('https://www.googletagmanager.com/gtag/js?id=G-A%26B');
    const calls = t.gtagCalls();
    expect(calls[0]?.[0]).toBe('js');
    expect(calls[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    // gtag.js wants Arguments objects on the dataLayer, not arrays.
    expect(Array.isArray(t.win.dataLayer?.[0])).toBe(false);
    expect(t.provider.state).toBe('loading');
  });

  it('queues events until the script loads, then sends them (screen_view as page_view, campaign attached)', () => {
    const t = setup();
    t.provider.start();
    const campaign = parseCampaign('?utm_source=news&gclid=abc');
    t.provider.track(makeEvent('screen_view', { path: '/history', search: '?tab=all', campaign }));
    t.provider.track(makeEvent('user_login', { params: { method: 'email' } }));
    expect(t.eventCalls()).toHaveLength(0);
    t.script()?.callbacks.onLoad();
    expect(t.provider.state).toBe('ready');
    const [pageView, login] = t.eventCalls();
    expect(pageView?.[1]).toBe('page_view');
    expect(pageView?.[2]).toMatchObject({
      pathname: '/history',
      search: '?tab=all',
      page_path: '/history?tab=all',
      page_location: 'http://localhost:3000/history?tab=all',
      campaign_source: 'news',
      gclid: 'abc',
    });
    expect(login?.[1]).toBe('user_login');
    expect(login?.[2]).toMatchObject({ method: 'email' });
    t.confirmAll();
    vi.advanceTimersByTime(ANALYTICS.webEventCallbackTimeoutMs * 4);
    expect(t.provider.state).toBe('ready');
    expect(t.fallback).toEqual([]);
  });

  it('is disabled on a script load error: queued and later events go to the fallback', () => {
    const t = setup();
    t.provider.start();
    const queued = makeEvent('screen_view');
    t.provider.track(queued);
    t.script()?.callbacks.onError();
    expect(t.provider.state).toBe('disabled');
    expect(t.provider.disabledReason).toBe('script-error');
    expect(t.fallback).toEqual([[queued]]);
    const later = makeEvent('user_signup');
    t.provider.track(later);
    expect(t.fallback).toEqual([[queued], [later]]);
    expect(t.eventCalls()).toHaveLength(0);
    expect(t.states).toEqual(['loading', 'disabled:script-error']);
  });

  it('is disabled when the script has not loaded after 4 s', () => {
    const t = setup();
    t.provider.start();
    const first = makeEvent('screen_view', { path: '/' });
    const second = makeEvent('screen_view', { path: '/chat' });
    t.provider.track(first);
    t.provider.track(second);
    vi.advanceTimersByTime(ANALYTICS.webScriptTimeoutMs - 1);
    expect(t.provider.state).toBe('loading');
    expect(t.fallback).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.provider.state).toBe('disabled');
    expect(t.provider.disabledReason).toBe('script-timeout');
    expect(t.fallback).toEqual([[first, second]]);
    // A late load changes nothing.
    t.script()?.callbacks.onLoad();
    expect(t.provider.state).toBe('disabled');
    const next = makeEvent('user_login');
    t.provider.track(next);
    expect(t.fallback.at(-1)).toEqual([next]);
    expect(t.eventCalls()).toHaveLength(0);
  });

  it('is disabled when an event callback has not come back within 1.5 s: that event and the rest go to the fallback', () => {
    const t = setup();
    t.provider.start();
    t.script()?.callbacks.onLoad();
    const confirmed = makeEvent('screen_view', { path: '/' });
    t.provider.track(confirmed);
    t.confirmAll();
    const lost = makeEvent('screen_view', { path: '/chat' });
    t.provider.track(lost);
    vi.advanceTimersByTime(ANALYTICS.webEventCallbackTimeoutMs - 1);
    expect(t.provider.state).toBe('ready');
    vi.advanceTimersByTime(1);
    expect(t.provider.state).toBe('disabled');
    expect(t.provider.disabledReason).toBe('callback-timeout');
    expect(t.fallback).toEqual([[lost]]);
    const next = makeEvent('user_signup');
    t.provider.track(next);
    expect(t.fallback.at(-1)).toEqual([next]);
    expect(t.eventCalls()).toHaveLength(2);
  });

  it('identifies by user id and resets, through gtag', () => {
    const t = setup();
    t.provider.start();
    t.provider.identify('user-1');
    t.provider.reset();
    const sets = t.gtagCalls().filter((c) => c[0] === 'set');
    expect(sets).toEqual([
      ['set', { user_id: 'user-1' }],
      ['set', { user_id: null }],
    ]);
  });
});
