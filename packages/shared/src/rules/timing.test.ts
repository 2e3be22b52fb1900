import { describe, expect, it } from 'vitest';
import { normalizeClipTiming, playedSeconds } from './timing';

/** §5 clip timing, edge by edge. */
describe('normalizeClipTiming', () => {
  it('keeps valid seconds as they are', () => {
    expect(normalizeClipTiming({ duration: 5, startTrim: 1, endTrim: 0.5 })).toEqual({ duration: 5, startTrim: 1, endTrim: 0.5 });
  });

  it('defaults missing trims to 0', () => {
    expect(normalizeClipTiming({ duration: 5 })).toEqual({ duration: 5, startTrim: 0, endTrim: 0 });
  });

  it('reads values above 1000 as milliseconds', () => {
    expect(normalizeClipTiming({ duration: 5000, startTrim: 1500, endTrim: 1200 })).toEqual({ duration: 5, startTrim: 1.5, endTrim: 1.2 });
  });

  it('reads exactly 1000 as seconds (only values above 1000 are milliseconds)', () => {
    expect(normalizeClipTiming({ duration: 1000 }).duration).toBe(1000);
    expect(normalizeClipTiming({ duration: 1001 }).duration).toBeCloseTo(1.001, 9);
  });

  it('converts each value on its own: a trim above 1000 is milliseconds even when the duration is seconds', () => {
    expect(normalizeClipTiming({ duration: 8, startTrim: 2000, endTrim: 1 })).toEqual({ duration: 8, startTrim: 2, endTrim: 1 });
  });

  it('turns an end trim at the duration into 0', () => {
    expect(normalizeClipTiming({ duration: 5, startTrim: 0, endTrim: 5 }).endTrim).toBe(0);
  });

  it('turns an end trim above the duration into 0 (after the millisecond conversion)', () => {
    expect(normalizeClipTiming({ duration: 5, endTrim: 7 }).endTrim).toBe(0);
    expect(normalizeClipTiming({ duration: 5000, endTrim: 6000 }).endTrim).toBe(0);
  });

  it('keeps an end trim just below the duration when there is no start trim', () => {
    expect(normalizeClipTiming({ duration: 5, endTrim: 4.9 })).toEqual({ duration: 5, startTrim: 0, endTrim: 4.9 });
  });

  it('clamps the start trim to 0..duration', () => {
    expect(normalizeClipTiming({ duration: 5, startTrim: -2 }).startTrim).toBe(0);
    expect(normalizeClipTiming({ duration: 5, startTrim: 9 }).startTrim).toBe(5);
    expect(normalizeClipTiming({ duration: 5, startTrim: 5 }).startTrim).toBe(5);
  });

  it('clamps the end trim to 0..(duration − start trim)', () => {
    expect(normalizeClipTiming({ duration: 5, startTrim: 3, endTrim: 4 })).toEqual({ duration: 5, startTrim: 3, endTrim: 2 });
    expect(normalizeClipTiming({ duration: 5, startTrim: 1, endTrim: -1 }).endTrim).toBe(0);
    expect(normalizeClipTiming({ duration: 5, startTrim: 5, endTrim: 2 }).endTrim).toBe(0);
  });

  it('never lets the trims exceed the duration', () => {
    for (const [d, s, e] of [
      [5, 4, 4],
      [5, 10, 10],
      [3, 2.5, 2.9],
      [5000, 4500, 4999],
    ] as const) {
      const t = normalizeClipTiming({ duration: d, startTrim: s, endTrim: e });
      expect(t.startTrim + t.endTrim).toBeLessThanOrEqual(t.duration);
      expect(t.startTrim).toBeGreaterThanOrEqual(0);
      expect(t.endTrim).toBeGreaterThanOrEqual(0);
    }
  });

  it('treats a negative or non-numeric duration as 0 and then clamps the trims to it', () => {
    expect(normalizeClipTiming({ duration: -5, startTrim: 1, endTrim: 1 })).toEqual({ duration: 0, startTrim: 0, endTrim: 0 });
    expect(normalizeClipTiming({ duration: 'abc', startTrim: 1 })).toEqual({ duration: 0, startTrim: 0, endTrim: 0 });
    expect(normalizeClipTiming({ duration: Number.NaN })).toEqual({ duration: 0, startTrim: 0, endTrim: 0 });
    expect(normalizeClipTiming({ duration: Number.POSITIVE_INFINITY })).toEqual({ duration: 0, startTrim: 0, endTrim: 0 });
  });

  it('accepts numeric strings (as Postgres numeric columns may arrive)', () => {
    expect(normalizeClipTiming({ duration: '5.000', startTrim: '1.5', endTrim: '0.500' })).toEqual({ duration: 5, startTrim: 1.5, endTrim: 0.5 });
  });

  it('treats non-numeric trims as 0', () => {
    expect(normalizeClipTiming({ duration: 5, startTrim: 'x', endTrim: null })).toEqual({ duration: 5, startTrim: 0, endTrim: 0 });
  });

  it('is idempotent', () => {
    for (const input of [
      { duration: 5000, startTrim: 1500, endTrim: 9000 },
      { duration: 5, startTrim: 3, endTrim: 4 },
      { duration: 2.5, startTrim: -1, endTrim: 2.5 },
    ]) {
      const once = normalizeClipTiming(input);
      expect(normalizeClipTiming(once)).toEqual(once);
    }
  });
});

describe('playedSeconds', () => {
  it('is the duration minus both trims, never negative', () => {
    expect(playedSeconds({ duration: 5, startTrim: 1, endTrim: 0.5 })).toBe(3.5);
    expect(playedSeconds(normalizeClipTiming({ duration: 5, startTrim: 5, endTrim: 0 }))).toBe(0);
    expect(playedSeconds({ duration: 1, startTrim: 2, endTrim: 2 })).toBe(0);
  });
});
