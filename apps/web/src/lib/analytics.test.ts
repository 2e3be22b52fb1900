import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsProvider, track } from './analytics';
import type { TrackedEvent } from './analytics/types';
import { captureCampaign, resetCampaignForTests } from './campaign';

afterEach(() => resetCampaignForTests());

describe('track()', () => {
  it('hands every provider the sanitised event with the visit campaign attached', () => {
    captureCampaign('?utm_source=news&gclid=abc&utm_medium=');
    const seen: TrackedEvent[] = [];
    const unregister = registerAnalyticsProvider({ name: 'spy', track: (event) => seen.push(event) });
    track('user_login', { method: 'email', at: new Date('2026-11-22T00:00:00Z'), meta: { a: 1 }, skip: undefined });
    unregister();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.event).toBe('user_login');
    expect(seen[0]?.params).toEqual({ method: 'email', at: '2026-11-22T00:00:00.000Z', meta: '{"a":1}' });
    expect(seen[0]?.campaign).toMatchObject({ source: 'news', gclid: 'abc' });
    expect(seen[0]?.campaign?.medium).toBeUndefined();
    expect(seen[0]?.timestampMicros).toBeGreaterThan(Date.UTC(2020, 0, 1) * 1000);
  });

  it('keeps events in order with strictly increasing timestamps', () => {
    const seen: TrackedEvent[] = [];
    const unregister = registerAnalyticsProvider({ name: 'spy', track: (event) => seen.push(event) });
    for (let i = 0; i < 5; i += 1) track('screen_view', { i });
    unregister();
    const times = seen.map((e) => e.timestampMicros);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(5);
  });

  it('a failing provider never breaks the caller or the other providers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: string[] = [];
    const a = registerAnalyticsProvider({
      name: 'broken',
      track: () => {
        throw new Error('boom');
      },
    });
    const b = registerAnalyticsProvider({ name: 'ok', track: (event) => seen.push(event.event) });
    expect(() => track('project_created', { type: 'VIDEO' })).not.toThrow();
    a();
    b();
    expect(seen).toEqual(['project_created']);
    warn.mockRestore();
  });

  it('accepts only the spec event names (a type error otherwise)', () => {
    // @ts-expect-error — not a spec event name
    const call = () => track('button_clicked', {});
    expect(typeof call).toBe('function');
  });
});
