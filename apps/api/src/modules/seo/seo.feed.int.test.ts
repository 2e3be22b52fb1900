import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { FEED_READS_PER_MINUTE } from './seo.feed';

/** The public feeds need no login, so they are limited per client IP (behind a trusted proxy: the forwarded one). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

describe('public SEO feed', () => {
  it('answers 429 with Retry-After once one IP passes the per-minute limit; other IPs still read', async () => {
    const feed = (ip: string, kind: 'xml' | 'json' = 'xml') =>
      t.app.inject({ method: 'GET', url: `/api/seo/feeds/3b0e7d2c-5f41-4c9a-8e6d-2a1f9c7b4e10.${kind}`, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < FEED_READS_PER_MINUTE; i++) {
      expect((await feed('203.0.113.9', i % 2 ? 'json' : 'xml')).statusCode).toBe(404);
    }
    const limited = await feed('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited.body).error.code).toBe('RATE_LIMITED');
    expect((await feed('203.0.113.10', 'json')).statusCode).toBe(404);
  });
});
