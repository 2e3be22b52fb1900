import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { signupsAndRevenueBySource } from './tracking.service';

/**
 * POST /analytics/fox/boom (validation, size cap, per-client rate limit, storage with the user id)
 * and the pixel relay /api/px/* (forwards when configured, 204 at once either way), against the real
 * api, Postgres and Redis; the pixel host is a local HTTP server.
 */

interface UpstreamHit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let upstreamUrl: string;
const hits: UpstreamHit[] = [];
/** Requests to /slow never get an answer (a pixel host that hangs). */
const hanging: Array<() => void> = [];

const RATE_LIMIT = 4;
let t: TestApp;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/base/slow')) {
        hanging.push(() => res.end());
        return;
      }
      res.writeHead(200, { 'content-type': 'image/gif' }).end('GIF89a');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
  t = await createTestApp({ ANALYTICS_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), PIXEL_UPSTREAM_URL: upstreamUrl });
});

afterAll(async () => {
  for (const release of hanging) release();
  await t?.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const clientId = () => `cid.${randomBytes(6).toString('hex')}`;
const nowMicros = () => Date.now() * 1000;

function payload(overrides: Record<string, unknown> = {}) {
  return {
    eventName: 'screen_view',
    clientId: clientId(),
    params: { pathname: '/history', search: '?tab=all', count: 3, fresh: true },
    page: { location: 'http://localhost:3000/history?tab=all', path: '/history', search: '?tab=all', title: 'Atelier', referrer: '' },
    events: [],
    timestampMicros: nowMicros(),
    campaign: { source: 'news', medium: '', campaign: 'spring', gclid: 'abc', rawParams: { utm_source: 'news', gclid: 'abc' } },
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}, url = '/api/analytics/fox/boom') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const rowsFor = (id: string) =>
  t.deps.db.selectFrom('analytics_events').selectAll().where('client_id', '=', id).orderBy('occurred_at').orderBy('received_at').execute();

describe('POST /analytics/fox/boom', () => {
  it('stores the event and its queued events with page, campaign and no user for a guest', async () => {
    const body = payload({
      eventName: 'user_login',
      params: { method: 'email' },
      events: [
        { eventName: 'screen_view', params: { pathname: '/' }, timestampMicros: nowMicros() - 2_000_000, page: { path: '/' } },
        { eventName: 'screen_view', params: { pathname: '/chat' }, timestampMicros: nowMicros() - 1_000_000, page: { path: '/chat' } },
      ],
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ stored: 3 });

    const rows = await rowsFor(body.clientId);
    expect(rows.map((r) => r.event_name)).toEqual(['screen_view', 'screen_view', 'user_login']);
    expect(rows.map((r) => r.params)).toEqual([{ pathname: '/' }, { pathname: '/chat' }, { method: 'email' }]);
    expect(rows[2]?.page).toMatchObject({ path: '/history', search: '?tab=all' });
    // Empty campaign values are ignored (§5); raw parameters are kept.
    expect(rows[2]?.campaign).toEqual({ source: 'news', campaign: 'spring', gclid: 'abc', rawParams: { utm_source: 'news', gclid: 'abc' } });
    expect(rows.every((r) => r.user_id === null)).toBe(true);
    expect(rows[2]?.timestamp_micros).toBe(body.timestampMicros);
    expect(rows[2]?.occurred_at.getTime()).toBe(Math.floor(body.timestampMicros / 1000));
  });

  it('attaches the user when the request carries a valid bearer; an expired or forged one is just anonymous', async () => {
    const { token, userId } = await t.signUp();
    const signedIn = payload({ eventName: 'purchase_completed', params: { packageId: 'starter', credits: 100, amount: 9.99, currency: 'usd' } });
    expect((await post(signedIn, { authorization: `Bearer ${token}` })).statusCode).toBe(202);
    expect((await rowsFor(signedIn.clientId))[0]?.user_id).toBe(userId);

    const forged = payload();
    const res = await post(forged, { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(202);
    expect((await rowsFor(forged.clientId))[0]?.user_id).toBeNull();
  });

  it('accepts text/plain bodies (sendBeacon) and the path without /api', async () => {
    const beacon = payload();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/fox/boom',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(beacon),
    });
    expect(res.statusCode, res.body).toBe(202);
    const root = payload();
    expect((await post(root, {}, '/analytics/fox/boom')).statusCode).toBe(202);
    expect(await rowsFor(beacon.clientId)).toHaveLength(1);
    expect(await rowsFor(root.clientId)).toHaveLength(1);
  });

  it('validates the payload and names the fields; nothing is stored', async () => {
    const before = await t.deps.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[unknown, string]> = [
      [payload({ clientId: '' }), 'clientId'],
      [payload({ eventName: 'Screen View!' }), 'eventName'],
      [payload({ params: { nested: { a: 1 } } }), 'params.nested'],
      [payload({ timestampMicros: 'yesterday' }), 'timestampMicros'],
      [payload({ timestampMicros: 12 }), 'timestampMicros'],
      [payload({ events: [{ eventName: 'screen_view', params: {}, timestampMicros: -1 }] }), 'events.0.timestampMicros'],
      [payload({ campaign: { source: 'x'.repeat(300) } }), 'campaign.source'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const notJson = await post('{"eventName":');
    expect(notJson.statusCode).toBe(400);
    const after = await t.deps.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses bodies over 64 KB and more than 50 events with 413', async () => {
    const big = payload({ params: { text: 'x'.repeat(65_000), more: 'y'.repeat(2_000) } });
    const tooBig = await post(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const event = { eventName: 'screen_view', params: {}, timestampMicros: nowMicros() };
    const fifty = payload({ events: Array.from({ length: 49 }, () => event) });
    expect((await post(fifty)).statusCode).toBe(202);
    expect(await rowsFor(fifty.clientId)).toHaveLength(50);
    const fiftyOne = payload({ events: Array.from({ length: 50 }, () => event) });
    const refused = await post(fiftyOne);
    expect(refused.statusCode).toBe(413);
    expect(await rowsFor(fiftyOne.clientId)).toHaveLength(0);
  });

  it('rate-limits per client: 429 with Retry-After, other clients unaffected', async () => {
    const id = clientId();
    for (let i = 0; i < RATE_LIMIT; i += 1) expect((await post(payload({ clientId: id }))).statusCode).toBe(202);
    const limited = await post(payload({ clientId: id }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor(id)).toHaveLength(RATE_LIMIT);
    expect((await post(payload())).statusCode).toBe(202);
  });
});

describe('pixel relay /api/px/*', () => {
  const waitForHit = async (match: (hit: UpstreamHit) => boolean) => {
    for (let i = 0; i < 100; i += 1) {
      const hit = hits.find(match);
      if (hit) return hit;
      await sleep(20);
    }
    throw new Error('the pixel host never received the hit');
  };

  it('answers 204 at once and forwards GET hits with query, user agent and client IP to the pixel host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/px/tr?id=123&ev=PageView&dl=http%3A%2F%2Flocalhost%2Fhistory',
      headers: { 'user-agent': 'AtelierTest/1.0', cookie: 'atelier_refresh=secret' },
    });
    expect(res.statusCode).toBe(204);
    const hit = await waitForHit((h) => h.url.startsWith('/base/tr?id=123'));
    expect(hit.method).toBe('GET');
    expect(hit.url).toBe('/base/tr?id=123&ev=PageView&dl=http%3A%2F%2Flocalhost%2Fhistory');
    expect(hit.headers['user-agent']).toBe('AtelierTest/1.0');
    expect(hit.headers['x-forwarded-for']).toBeTruthy();
    // Our cookies never leave for the pixel host.
    expect(hit.headers.cookie).toBeUndefined();
  });

  it('forwards POST bodies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/px/tr/', headers: { 'content-type': 'text/plain' }, payload: 'id=123&ev=Lead' });
    expect(res.statusCode).toBe(204);
    const hit = await waitForHit((h) => h.method === 'POST' && h.body === 'id=123&ev=Lead');
    expect(hit.url).toBe('/base/tr/');
  });

  it('never waits for a hanging pixel host', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/px/slow?id=1' });
    expect(res.statusCode).toBe(204);
    expect(Date.now() - started).toBeLessThan(1500);
    await waitForHit((h) => h.url.startsWith('/base/slow'));
  });

  it('refuses to leave the pixel host: traversal and odd paths are answered but not forwarded', async () => {
    const before = hits.length;
    for (const url of ['/api/px/..%2F..%2Fadmin', '/api/px/%2F%2Fevil.example/x', '/api/px/@evil.example', '/api/px/a%5C..%5C..%5Cetc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(204);
    }
    // A dot-segment path is normalised before routing: it never reaches the relay at all.
    expect([204, 404]).toContain((await t.app.inject({ method: 'GET', url: '/api/px/a/../../etc' })).statusCode);
    await sleep(200);
    expect(hits.slice(before).filter((h) => !h.url.startsWith('/base/'))).toEqual([]);
    expect(hits.slice(before).some((h) => h.url.includes('evil') || h.url.includes('etc') || h.url.includes('admin'))).toBe(false);
  });

  it('answers 204 quickly when the pixel host is unreachable', async () => {
    const bare = await createTestApp({ PIXEL_UPSTREAM_URL: 'http://127.0.0.1:9/' });
    try {
      const started = Date.now();
      const res = await bare.app.inject({ method: 'GET', url: '/api/px/tr?id=1&ev=PageView' });
      expect(res.statusCode).toBe(204);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await bare.close();
    }
  });
});

describe('attribution', () => {
  it('stores the first-touch campaign at sign-up and sums sign-ups and revenue by source and campaign', async () => {
    const from = new Date(Date.now() - 60_000);
    const register = async (campaign: Record<string, string> | null) => {
      const email = `attr-${randomBytes(4).toString('hex')}@example.com`;
      const res = await t.rest('POST', '/api/auth/register', {
        body: { email, password: 'correct horse battery' },
        headers: campaign ? { 'x-campaign': JSON.stringify(campaign) } : {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.user.id as string;
    };
    const news1 = await register({ source: 'news', campaign: 'spring', gclid: 'abc' });
    await register({ source: 'news', campaign: 'spring' });
    await register({ gclid: 'only-click' });
    const direct = await register(null);

    const stored = await t.deps.db.selectFrom('users').select('attribution').where('id', '=', news1).executeTakeFirstOrThrow();
    expect(stored.attribution).toMatchObject({ source: 'news', campaign: 'spring', gclid: 'abc' });

    const paid = (userId: string, cents: number, campaign: Record<string, string> | null) =>
      t.deps.db
        .insertInto('payments')
        .values({
          user_id: userId,
          package_id: 'starter',
          status: 'paid',
          amount_cents: cents,
          currency: 'usd',
          credits: 100,
          campaign: campaign ? JSON.stringify(campaign) : null,
          paid_at: new Date(),
        })
        .execute();
    // A later visit's campaign on the purchase does not move revenue away from the user's first touch.
    await paid(news1, 999, { source: 'retargeting' });
    await paid(news1, 1999, null);
    // A user without first touch falls back to what the purchase carried.
    await paid(direct, 500, { source: 'partner', campaignId: 'p-7' });

    const summary = await signupsAndRevenueBySource(t.deps.db, from, new Date(Date.now() + 60_000));
    const row = (source: string, campaign: string) => summary.rows.find((r) => r.source === source && r.campaign === campaign);
    expect(row('news', 'spring')).toEqual({
      source: 'news',
      campaign: 'spring',
      signups: 2,
      purchases: 2,
      payingUsers: 1,
      revenue: [{ currency: 'usd', amountCents: 2998 }],
    });
    expect(row('google (gclid)', '(none)')?.signups).toBe(1);
    expect(row('(direct)', '(none)')?.signups).toBeGreaterThanOrEqual(1);
    expect(row('partner', 'p-7')).toMatchObject({ signups: 0, purchases: 1, revenue: [{ currency: 'usd', amountCents: 500 }] });
    expect(summary.totals.revenue).toEqual([{ currency: 'usd', amountCents: 3498 }]);
    expect(summary.rows[0]?.signups).toBeGreaterThanOrEqual(summary.rows.at(-1)?.signups ?? 0);

    const empty = await signupsAndRevenueBySource(t.deps.db, new Date('2001-01-01'), new Date('2001-02-01'));
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual({ signups: 0, purchases: 0, payingUsers: 0, revenue: [] });
  });
});
