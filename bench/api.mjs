// bench/api: requests/s and p50/p99 latency of two authenticated REST reads through the whole api
// (Fastify + auth + tRPC + the REST adapter + output validation), next to a bare Fastify route
// that runs the very same service function (same SQL, same mapping) with no tRPC, no REST adapter
// and no auth — measured in the same run, so the framework's cost is a ratio.
// Real Postgres and Redis on this machine; prints figures, asserts nothing.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { history } from '../apps/api/src/modules/generation/generation.service.ts';
import { listProjects } from '../apps/api/src/modules/projects/projects.service.ts';
import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

const DURATION = Number(process.env.BENCH_API_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(label, url, headers) {
  // A short warm-up so JIT and the connection pool are hot before we count.
  await new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }, (err, r) => (err ? reject(err) : resolve(r))),
  );
  const r = await run(url, headers);
  const bad = r.non2xx + r.errors + r.timeouts;
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad };
}

// A template database of this run's own: never the one a concurrent test run is cloning.
process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
await prepareTemplateDatabase();
const t = await createTestApp();
const u = await t.signUp();
const db = t.deps.db;

// 20 projects and 20 generations for the user: the pages the two endpoints return.
await db
  .insertInto('projects')
  .values(Array.from({ length: 20 }, (_, i) => ({ user_id: u.userId, name: `Bench project ${i}`, type: 'IMAGE', description: 'bench' })))
  .execute();
await db
  .insertInto('generations')
  .values(
    Array.from({ length: 20 }, (_, i) => ({
      id: crypto.randomUUID(),
      user_id: u.userId,
      type: 'image',
      prompt: `bench prompt ${i}`,
      model_id: 'local/image',
      provider: 'local',
      model_version: 'local/image',
      params: JSON.stringify({ resolution: '480p' }),
      status: 'COMPLETED',
      progress: 100,
      output_url: `generations/${u.userId}/x${i}.png`,
      credit_units_charged: 100,
    })),
  )
  .execute();

const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
const auth = { authorization: `Bearer ${u.token}` };

// The bare baseline: a plain Fastify with the same service functions and the same deps.
const bare = Fastify({ logger: false });
bare.get('/projects', async () => listProjects(t.deps, u.userId, { limit: 20, offset: 0 }));
bare.get('/history', async () => history(t.deps, u.userId, { limit: 20, offset: 0 }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

// Sanity: both return 20 items.
for (const [url, headers] of [
  [`${address}/api/projects?limit=20`, auth],
  [`${address}/api/generation/history?limit=20`, auth],
  [`${bareAddress}/projects`, {}],
  [`${bareAddress}/history`, {}],
]) {
  const res = await fetch(url, { headers });
  const body = await res.json();
  const n = (body.projects ?? body.generations ?? []).length;
  if (res.status !== 200 || n !== 20) throw new Error(`${url}: ${res.status}, ${n} items: ${JSON.stringify(body).slice(0, 200)}`);
}

const rows = [];
rows.push(await measure('GET /api/projects (20 items)', `${address}/api/projects?limit=20`, auth));
rows.push(await measure('  bare Fastify, same query', `${bareAddress}/projects`, {}));
rows.push(await measure('GET /api/generation/history (20)', `${address}/api/generation/history?limit=20`, auth));
rows.push(await measure('  bare Fastify, same query', `${bareAddress}/history`, {}));

console.log(
  `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per route, same process serves both apps`);
for (const r of rows) {
  console.log(
    `${r.label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   (${r.total} requests, ${r.bad} non-2xx/errors)`,
  );
}
console.log(
  `ratio: /api/projects ${(rows[1].rps / rows[0].rps).toFixed(2)}× fewer req/s than bare; /api/generation/history ${(rows[3].rps / rows[2].rps).toFixed(2)}× fewer`,
);

await bare.close();
await t.close();
await dropTemplateDatabase();
process.exit(0);
