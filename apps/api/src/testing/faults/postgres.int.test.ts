import net from 'node:net';
import { parseEnv } from '@atelier/shared/env';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../deps';
import { buildServer } from '../../server';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';
import { waitFor } from './support';

/**
 * Fault: Postgres connections drop. The shared Postgres is never touched: the api under test
 * reaches it through a private TCP proxy that the test cuts (every open connection reset, new
 * ones refused) and restores; and pg_terminate_backend ends the backends of this test's own
 * database. The api answers 503 (never 500, never a hang) and recovers without a restart.
 */
class CuttableProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  async open(port = 0) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(5432, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Resets every connection and stops listening: the database is gone. */
  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

let t: TestApp;
let proxy: CuttableProxy;
let app: FastifyInstance;
let deps: ReturnType<typeof createDeps>;
let token: string;

const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body as object } : {}) });
  let json: any = null;
  try {
    json = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: json, headers: res.headers };
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
  proxy = new CuttableProxy();
  await proxy.open();
  const url = new URL(t.database.url);
  url.host = `127.0.0.1:${proxy.port}`;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    REDIS_URL: t.env.redis.url,
    QUEUE_PREFIX: t.env.redis.queuePrefix,
    PUBLIC_URL: TEST_ORIGIN,
    MEDIA_DIR: t.env.media.dir,
    // The test app's secret: the token signed up there must verify here.
    AUTH_SECRET: t.env.auth.secret,
  });
  deps = createDeps(env, pino({ level: 'silent' }));
  app = await buildServer(deps);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await deps?.close();
  await proxy?.cut();
  await t?.close();
});

describe('Postgres connection dropped', () => {
  it('answers 503 with Retry-After while the database is unreachable, and recovers without a restart', async () => {
    expect((await call('GET', '/api/projects')).status).toBe(200);
    const port = proxy.port;
    await proxy.cut();

    for (const url of ['/api/projects', '/api/auth/me', '/api/generation/history', '/api/credits/balance']) {
      const t0 = Date.now();
      const res = await call('GET', url);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
      expect(res.body.error.message).toMatch(/unavailable/i);
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - t0).toBeLessThan(10_000);
    }
    // tRPC answers the same way.
    const trpc = await app.inject({ method: 'GET', url: '/trpc/projects.list?input=%7B%7D', headers: { authorization: `Bearer ${token}` } });
    expect(trpc.statusCode).toBe(503);
    // A write is refused the same way (nothing can be half-written: the transaction never began).
    expect((await call('POST', '/api/projects', { name: 'offline', type: 'IMAGE' })).status).toBe(503);
    const health = await app.inject({ method: 'GET', url: '/api/health' }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', db: 'down' });

    await proxy.open(port);
    await waitFor(async () => (await call('GET', '/api/projects')).status === 200, 15_000, 'the api to reach Postgres again');
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('POST', '/api/projects', { name: 'back online', type: 'IMAGE' })).status).toBe(200);
  }, 60_000);

  it('answers 200 or 503 (never 500) when its backends are terminated, then serves again', async () => {
    for (let round = 0; round < 3; round++) {
      // Warm the pool so there are idle connections to lose.
      await Promise.all(Array.from({ length: 5 }, () => call('GET', '/api/projects')));
      const inflight = Array.from({ length: 10 }, () => call('GET', '/api/generation/history'));
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${t.database.name} and pid <> pg_backend_pid()`.execute(
        t.deps.db,
      );
      const results = await Promise.all([...inflight, ...Array.from({ length: 10 }, () => call('GET', '/api/projects'))]);
      for (const r of results) expect([200, 503], JSON.stringify(r.body)).toContain(r.status);
    }
    await waitFor(async () => (await call('GET', '/api/projects')).status === 200, 15_000, 'recovery');
    const after = await Promise.all(Array.from({ length: 10 }, () => call('GET', '/api/projects')));
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));
  }, 60_000);
});
