import { describe, expect, it } from 'vitest';
import { ANALYTICS } from './constants';
import { TokenBucket } from './rateLimit';

describe('TokenBucket (§9: 10 events per second, burst 100)', () => {
  it('allows a burst of 100, then 10 per second', () => {
    let now = 0;
    const bucket = new TokenBucket(ANALYTICS.eventsPerSecond, ANALYTICS.burstLimit, () => now);
    expect(ANALYTICS.burstLimit).toBe(10 * ANALYTICS.eventsPerSecond);
    let allowed = 0;
    for (let i = 0; i < 150; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(100);
    now += 1000;
    allowed = 0;
    for (let i = 0; i < 50; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(10);
    now += 60_000;
    allowed = 0;
    for (let i = 0; i < 150; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(100);
  });
});
