import { randomUUID } from 'node:crypto';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcOptionsFor } from '../server';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/harness';
import { mergeVary } from './trpc-http';

/**
 * /trpc's fast path for plain queries (plugins/trpc-http.ts) answers exactly as tRPC's own Fastify
 * adapter does — same status, content type and body, byte for byte — for single calls, batches,
 * errors inside a batch, bad input, guests and stale tokens; what it does not handle (unknown
 * procedures, mutations over GET, streaming, unreadable input) goes to that adapter.
 */
let t: TestApp;
let official: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
  const created = await t.rest('POST', '/api/projects', { token, body: { name: 'Fast path', type: 'IMAGE' } });
  expect(created.status).toBe(200);
  official = Fastify({ logger: false });
  await official.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: trpcOptionsFor(t.deps) } as never);
  await official.ready();
});
afterAll(async () => {
  await official?.close();
  await t?.close();
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function both(url: string, headers: Record<string, string> = {}) {
  const [ours, theirs] = await Promise.all([t.app.inject({ method: 'GET', url, headers }), official.inject({ method: 'GET', url, headers })]);
  return { ours, theirs };
}

describe('/trpc GET queries', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });
  const cases: [string, () => string, () => Record<string, string>][] = [
    ['one query', () => `/trpc/projects.list?input=${q({ limit: 5 })}`, auth],
    ['one query, no input', () => '/trpc/credits.balance', auth],
    ['a batch', () => `/trpc/projects.list,credits.balance?batch=1&input=${q({ 0: { limit: 5 } })}`, auth],
    ['a batch where one call fails (207)', () => `/trpc/projects.byId,projects.list?batch=1&input=${q({ 0: { id: randomUUID() }, 1: {} })}`, auth],
    ['bad input (400)', () => `/trpc/projects.list?input=${q({ limit: 'many' })}`, auth],
    ['a guest reads the demo', () => `/trpc/projects.list?input=${q({ limit: 5 })}`, () => ({})],
    ['a guest calls a signed-in query (401)', () => '/trpc/auth.me', () => ({})],
    ['a stale token (401)', () => '/trpc/credits.balance', () => ({ authorization: 'Bearer not.a.token' })],
    ['an unknown procedure (404, the adapter)', () => '/trpc/nothing.here', auth],
    ['a mutation over GET (405, the adapter)', () => `/trpc/projects.create?input=${q({ name: 'x', type: 'IMAGE' })}`, auth],
    ['unreadable input (the adapter)', () => '/trpc/projects.list?input=%7Bnope', auth],
    ['a batch mixing a query and a mutation (the adapter)', () => '/trpc/projects.list,projects.create?batch=1', auth],
  ];
  for (const [name, url, headers] of cases) {
    it(`${name}: the same answer as tRPC's adapter`, async () => {
      const { ours, theirs } = await both(url(), headers());
      expect(ours.statusCode).toBe(theirs.statusCode);
      // The same type; ours also names the charset (UTF-8), as every other JSON answer of the api does.
      const mime = (v: unknown) => String(v).split(';')[0];
      expect(mime(ours.headers['content-type'])).toBe(mime(theirs.headers['content-type']));
      expect(ours.body).toBe(theirs.body);
    });
  }

  it('answers the web app’s batch with data, and keeps CORS’s Vary: Origin beside its own', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/projects.list,credits.balance?batch=1&input=${q({ 0: { limit: 5 } })}`,
      headers: { ...auth(), origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as [{ result: { data: { projects: { name: string }[] } } }, { result: { data: unknown } }];
    expect(body[0].result.data.projects.map((p) => p.name)).toContain('Fast path');
    expect(body[1].result.data).toBeTruthy();
    expect(res.headers.vary).toBe('Origin, trpc-accept, accept');
    expect(res.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
  });

  it('keeps Vary: Origin on what tRPC’s adapter answers too (a mutation, an unknown procedure)', async () => {
    const headers = { ...auth(), origin: TEST_ORIGIN, 'content-type': 'application/json' };
    const mutation = await t.app.inject({ method: 'POST', url: '/trpc/projects.create', headers, payload: { name: 'Vary', type: 'IMAGE' } });
    expect(mutation.statusCode).toBe(200);
    expect(mutation.headers.vary).toBe('Origin, trpc-accept, accept');
    expect(mutation.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    const unknown = await t.app.inject({ method: 'GET', url: '/trpc/nothing.here', headers: { ...auth(), origin: TEST_ORIGIN } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.vary).toBe('Origin, trpc-accept, accept');
  });
});

describe('mergeVary', () => {
  it('keeps each field once, in order, whatever its case', () => {
    expect(mergeVary('Origin', 'trpc-accept, accept')).toBe('Origin, trpc-accept, accept');
    expect(mergeVary('Origin, Accept', 'trpc-accept, accept')).toBe('Origin, Accept, trpc-accept');
    expect(mergeVary(['Origin', 'Accept-Encoding'], 'origin')).toBe('Origin, Accept-Encoding');
  });
});
