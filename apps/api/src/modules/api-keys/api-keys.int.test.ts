import { localEngines } from '@atelier/ai';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/harness';

let a: TestApp;
let b: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  a = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000' });
  // A second api process on the same database and Redis: revocation must hold on both.
  b = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000' }, { replicaOf: a });
  workers = await startTestWorkers({ env: a.env, db: a.deps.db, storage: a.deps.storage, engines: await localEngines() });
});

afterAll(async () => {
  await workers?.close(5000);
  await b?.close();
  await a?.close();
});

async function createKey(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.rest('POST', '/api/profile/api-keys', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { apiKey: { id: string; prefix: string; scopes: string[] }; secret: string };
}

describe('personal API keys', () => {
  it('a generate-scoped key generates an image over REST, downloads it; the ledger and receipt name the key', async () => {
    const u = await a.signUp();
    const { apiKey, secret } = await createKey(a, u.token, { name: 'Render script', scopes: ['generate'] });
    expect(secret).toMatch(/^atl_[0-9A-Za-z]{43}$/);
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    // The secret is never stored or listed.
    const row = await a.deps.db.selectFrom('api_keys').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await a.rest('GET', '/api/profile/api-keys', { token: u.token });
    expect(list.body.apiKeys).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const started = await a.rest('POST', '/api/generation/generate', {
      token: secret,
      body: { prompt: 'a lighthouse at dawn', type: 'image', model: 'local/image', resolution: '480p' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.headers['ratelimit-limit']).toBe('1000');
    expect(Number(started.headers['ratelimit-remaining'])).toBeLessThan(1000);
    expect(Number(started.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const id = started.body.generation.id as string;
    expect(started.body.generation.metadata.apiKey).toEqual({ id: apiKey.id, name: 'Render script', prefix: apiKey.prefix });

    let generation: any;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      generation = (await b.rest('GET', `/api/generation/${id}`, { token: secret })).body;
      if (generation.status === 'COMPLETED' || generation.status === 'FAILED') break;
    }
    expect(generation.status).toBe('COMPLETED');
    expect(generation.metadata.apiKey.name).toBe('Render script');
    const file = await a.app.inject({ method: 'GET', url: generation.outputUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(100);

    const ledger = await a.rest('GET', '/api/credits/history', { token: u.token });
    const spend = ledger.body.entries.find((e: { referenceId?: string; note: string | null }) => e.note?.includes('Render script'));
    expect(spend?.note).toContain(`API key "Render script" (${apiKey.prefix}…)`);
    const dbRow = await a.deps.db
      .selectFrom('credit_ledger')
      .select(['api_key_id'])
      .where('reference_id', '=', id)
      .where('kind', '=', 'spend')
      .executeTakeFirstOrThrow();
    expect(dbRow.api_key_id).toBe(apiKey.id);

    // Last use and the security log / admin audit: created, then used from a new IP.
    const listed = (await a.rest('GET', '/api/profile/api-keys', { token: u.token })).body.apiKeys[0];
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toBe('127.0.0.1');
    const log = await a.rest('GET', '/api/profile/security-log', { token: u.token });
    expect(log.body.events.map((e: { kind: string }) => e.kind).sort()).toEqual(['api_key.created', 'api_key.new_ip']);
    const audit = await a.deps.db.selectFrom('audit_log').select(['action']).where('target_id', '=', apiKey.id).execute();
    expect(audit.map((r) => r.action).sort()).toEqual(['api_key.created', 'api_key.used_from_new_ip']);
  }, 60_000);

  it('a key is refused outside its scopes: 403 on a projects write, refused on admin, auth and key management', async () => {
    const u = await a.signUp();
    const { secret } = await createKey(a, u.token, { name: 'gen only', scopes: ['generate'] });
    const write = await a.rest('POST', '/api/projects', { token: secret, body: { name: 'Nope', type: 'VIDEO' } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toContain("'projects'");
    const read = await a.rest('GET', '/api/projects', { token: secret });
    expect(read.status).toBe(403);
    expect(read.body.error.message).toContain("'read'");
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/profile/api-keys'],
      ['POST', '/api/profile/password'],
      ['GET', '/api/auth/me'],
    ] as const) {
      const res = await a.rest(method, url, { token: secret, body: method === 'POST' ? {} : undefined });
      expect([401, 403], `${method} ${url}`).toContain(res.status);
    }
    // Even the admin's own key cannot reach admin procedures.
    const admin = await a.login(ADMIN.email, ADMIN.password);
    const adminKey = await createKey(a, admin.token, { name: 'admin all', scopes: ['read', 'generate', 'projects', 'workspace'] });
    expect((await a.rest('GET', '/api/admin/users', { token: adminKey.secret })).status).toBe(403);
    expect((await a.rest('GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
  });

  it('after revoke the next request is 401 on either api process; expired and unknown keys are 401', async () => {
    const u = await a.signUp();
    const { apiKey, secret } = await createKey(a, u.token, { name: 'to revoke', scopes: ['read'] });
    expect((await a.rest('GET', '/api/credits/balance', { token: secret })).status).toBe(200);
    expect((await b.rest('GET', '/api/credits/balance', { token: secret })).status).toBe(200);
    const revoked = await b.rest('DELETE', `/api/profile/api-keys/${apiKey.id}`, { token: u.token });
    expect(revoked.status).toBe(200);
    for (const t of [a, b]) {
      const res = await t.rest('GET', '/api/credits/balance', { token: secret });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/API key is invalid, expired or revoked/);
    }
    // tRPC too.
    const trpc = await a.app.inject({ method: 'GET', url: '/trpc/credits.balance', headers: { authorization: `Bearer ${secret}` } });
    expect(trpc.statusCode).toBe(401);
    expect((await a.rest('DELETE', `/api/profile/api-keys/${apiKey.id}`, { token: u.token })).status).toBe(404);
    const log = await a.rest('GET', '/api/profile/security-log', { token: u.token });
    expect(log.body.events[0].kind).toBe('api_key.revoked');

    const soon = await createKey(a, u.token, { name: 'expiring', scopes: ['read'], expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await a.deps.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', soon.apiKey.id)
      .execute();
    expect((await a.rest('GET', '/api/credits/balance', { token: soon.secret })).status).toBe(401);
    expect((await a.rest('GET', '/api/credits/balance', { token: `atl_${'x'.repeat(43)}` })).status).toBe(401);
  });

  it('validates the create body, naming the field', async () => {
    const u = await a.signUp();
    const noScopes = await a.rest('POST', '/api/profile/api-keys', { token: u.token, body: { name: 'x', scopes: [] } });
    expect(noScopes.status).toBe(400);
    expect(JSON.stringify(noScopes.body)).toContain('scopes');
    const badScope = await a.rest('POST', '/api/profile/api-keys', { token: u.token, body: { name: 'x', scopes: ['admin'] } });
    expect(badScope.status).toBe(400);
    const past = await a.rest('POST', '/api/profile/api-keys', {
      token: u.token,
      body: { name: 'x', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('expiresAt');
    const noName = await a.rest('POST', '/api/profile/api-keys', { token: u.token, body: { name: ' ', scopes: ['read'] } });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('name');
  });

  it('rate-limits per key across replicas: 429 with Retry-After past the limit', async () => {
    const small = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' }, { replicaOf: a });
    try {
      const u = await small.signUp();
      const { secret } = await createKey(small, u.token, { name: 'limited', scopes: ['read'] });
      const statuses: number[] = [];
      let last: Awaited<ReturnType<TestApp['rest']>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await small.rest('GET', '/api/credits/balance', { token: secret });
        statuses.push(last.status);
      }
      // A minute boundary may fall inside the loop and reset the window once.
      expect(statuses.filter((s) => s === 429).length + statuses.filter((s) => s === 200).length).toBe(4);
      if (last?.status === 429) {
        expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
        expect(last.headers['ratelimit-remaining']).toBe('0');
        expect(last.body.error.code).toBe('RATE_LIMITED');
      } else {
        expect(statuses).toContain(429);
      }
    } finally {
      await small.close();
    }
  });

  it('the OpenAPI document declares the key scheme and each path’s scope, with a curl example', async () => {
    const doc = (await a.rest('GET', '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const gen = doc.paths['/generation/generate'].post;
    expect(gen['x-scopes']).toEqual(['generate']);
    expect(gen.security).toContainEqual({ apiKey: ['generate'] });
    expect(gen['x-codeSamples'][0].source).toContain('Authorization: Bearer $ATELIER_API_KEY');
    expect(doc.paths['/admin/users'].get['x-scopes']).toEqual([]);
    expect(doc.paths['/admin/users'].get.description).toContain('not accepted');
  });
});
