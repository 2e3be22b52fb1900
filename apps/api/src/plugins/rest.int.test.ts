import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../router';
import { ADMIN, createTestApp, type TestApp } from '../testing/harness';

/**
 * The REST contract, generated from the router: every procedure with `meta.openapi` appears in
 * the OpenAPI document, and a malformed body to any REST path gets 400 naming the field, with
 * nothing written.
 */
type OpenApiMeta = { openapi?: { method: string; path: string } };
const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: OpenApiMeta } }> } })._def.procedures,
)
  .map(([name, p]) => ({ name, openapi: p._def.meta?.openapi }))
  .filter((p): p is { name: string; openapi: { method: string; path: string } } => Boolean(p.openapi));

let t: TestApp;
let userToken: string;
let adminToken: string;
let doc: any;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await t.signUp()).token;
  adminToken = (await t.login(ADMIN.email, ADMIN.password)).token;
  doc = (await t.rest('GET', '/api/openapi.json')).body;
});
afterAll(async () => {
  await t.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{
    relname: string;
  }>`select relname from pg_stat_user_tables where schemaname = 'public' and relname <> 'kysely_migration' and relname <> 'kysely_migration_lock'`.execute(
    t.deps.db,
  );
  const out: Record<string, number> = {};
  for (const { relname } of tables.rows) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(relname)}`.execute(t.deps.db);
    out[relname] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

const fillPath = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');

describe('REST mirror', () => {
  it('has procedures to test', () => {
    expect(procedures.length).toBeGreaterThan(10);
  });

  it('lists every procedure in the OpenAPI document and serves the docs page', async () => {
    for (const p of procedures) {
      expect(doc.paths[p.openapi.path]?.[p.openapi.method.toLowerCase()], `${p.name} ${p.openapi.method} ${p.openapi.path}`).toBeTruthy();
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/<html/i);
  });

  it('answers health with db and redis ok', async () => {
    const res = await t.rest('GET', '/api/health');
    expect(res.body).toMatchObject({ status: 'ok', db: 'ok', redis: 'ok' });
  });

  it('answers unknown paths with the one error shape', async () => {
    const res = await t.rest('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('the document describes the error answers as they arrive: { error: { code, message, fields?, details? } }', async () => {
    const errorSchemas = Object.entries(doc.components.schemas as Record<string, any>).filter(([name]) => name.startsWith('error.'));
    expect(errorSchemas.length).toBeGreaterThan(3);
    for (const [name, schema] of errorSchemas) {
      expect(schema.required, name).toEqual(['error']);
      expect(schema.properties.error.required, name).toEqual(['code', 'message']);
      expect(Object.keys(schema.properties.error.properties), name).toEqual(['code', 'message', 'fields', 'details']);
      expect(schema.properties.error.properties.code.enum, name).toContain(schema.example.error.code);
    }
    // A real 404 and a real 400 have exactly those keys.
    const missing = await t.rest('GET', `/api/projects/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, { token: userToken });
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['error']);
    const invalid = await t.rest('POST', '/api/projects', { token: userToken, body: { name: '' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error).every((k: string) => ['code', 'message', 'fields', 'details'].includes(k))).toBe(true);
  });

  it('answers invalid JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('VALIDATION');
  });

  const withBody = procedures.filter((p) => ['POST', 'PUT', 'PATCH'].includes(p.openapi.method));
  it.each(withBody.map((p) => [p.name, p] as const))('%s: a malformed body gets 400 naming a field, and nothing is written', async (_name, p) => {
    const op = doc.paths[p.openapi.path][p.openapi.method.toLowerCase()];
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const props: string[] = Object.keys(schema?.properties ?? {});
    // Every declared field gets a value of the wrong type; a schema with no fields gets an unknown one.
    const body: Record<string, unknown> = props.length
      ? Object.fromEntries(props.map((k) => [k, { wrong: ['type'] }]))
      : { unexpectedField: { wrong: true } };
    const before = await rowCounts();
    const token = p.name.startsWith('admin.') ? adminToken : userToken;
    const res = await t.rest(p.openapi.method as 'POST', `/api${fillPath(p.openapi.path)}`, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields?.length).toBeGreaterThan(0);
    if (props.length) expect(props).toContain(res.body.error.fields[0].path.split('.')[0]);
    expect(await rowCounts()).toEqual(before);
  });

  it('REST and tRPC answer the same procedure alike', async () => {
    const rest = await t.rest('GET', '/api/generation/models/by-output/image');
    const trpc = await t.rest('GET', `/trpc/generation.modelsByOutput?input=${encodeURIComponent(JSON.stringify({ output: 'image' }))}`);
    expect(trpc.body.result.data).toEqual(rest.body);
  });
});

describe('REST failure logging', () => {
  it('logs a failed REST call once, with its cause, like /trpc', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logLines: lines });
    try {
      const u = await logged.signUp();
      // A real Postgres failure: this test's own database loses the table the procedure reads.
      await sql`alter table brand_kits rename to brand_kits_gone`.execute(logged.deps.db);
      const res = await logged.rest('GET', '/api/brand-kit', { token: u.token });
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side' });
      const failures = lines.map((l) => JSON.parse(l) as { level: number; msg: string; via?: string; path?: string; err?: { message?: string } });
      const logged500 = failures.filter((l) => l.msg === 'procedure failed');
      expect(logged500).toHaveLength(1);
      expect(logged500[0]).toMatchObject({ level: 50, via: 'rest', path: 'brandKit.get' });
      expect(logged500[0]?.err?.message).toMatch(/brand_kits/);
    } finally {
      await logged.close();
    }
  });
});
