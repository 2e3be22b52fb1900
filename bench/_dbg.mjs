import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

process.env.TEST_DATABASE_TEMPLATE = `atelier_bench_d${process.pid}`;
await prepareTemplateDatabase();
const a = await createTestApp();
const b = await createTestApp({}, { replicaOf: a });
console.log(await a.deps.sessions.ready(), await b.deps.sessions.ready());
const u = await a.signUp();
for (const t of [a, b]) console.log((await t.rest('GET', '/api/projects', { token: u.token })).status, t.deps.sessions.size());
const lo = await a.rest('POST', '/api/auth/logout', { token: u.token, body: {} });
console.log('logout', lo.status, lo.body, a.deps.sessions.size(), b.deps.sessions.size());
console.log(await a.deps.db.selectFrom('auth_sessions').select(['id', 'revoked_at', 'revoked_reason']).where('user_id', '=', u.userId).execute());
for (const t of [a, b]) console.log((await t.rest('GET', '/api/projects', { token: u.token })).status);
await b.close();
await a.close();
await dropTemplateDatabase();
process.exit(0);
