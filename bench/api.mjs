// bench/api: requests/s and p50/p99 latency of two authenticated list reads through the whole api,
// over REST (/api, the REST adapter) and over tRPC (/trpc), next to a bare Fastify route that runs
// the very same service function (same SQL, same mapping) with no tRPC, no REST adapter and no auth —
// measured back to back in the same run, so the framework's cost is a ratio (goal: ≥ 0.9× the
// floor's req/s, p99 ≤ 1.3× the floor's).
// Real Postgres and Redis on this machine; prints figures, asserts nothing.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { history } from '../apps/api/src/modules/generation/generation.service.ts';
import { listProjects } from '../apps/api/src/modules/projects/projects.service.ts';
import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

// 24 s per variant in 1 s slices: with 8 s, run-to-run swings of ±8 % on this 2-core machine were as
// large as the margin the goal leaves; three times the samples settle the ratio within a few percent.
const DURATION = Number(process.env.BENCH_API_SECONDS ?? 24);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);

/** How many alternating slices each route's time is cut into (so load drift hits floor and ours alike). */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 24);

function run(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Measures several variants of one endpoint in alternating slices (floor, ours, ours, floor, ours,
 * ours, …): each variant gets DURATION seconds in all, and a neighbour in time for every slice.
 * req/s: all requests over all slices; p50/p99: the median of the slices' figures.
 */
async function measureSide(variants) {
  // A short warm-up so JIT and the connection pools are hot before we count.
  for (const v of variants) await run(v.url, v.headers, 1);
  const acc = variants.map((v) => ({ label: v.label, requests: 0, seconds: 0, p50s: [], p99s: [], bad: 0 }));
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, v] of variants.entries()) {
      const r = await run(v.url, v.headers, slice);
      const a = acc[i];
      a.requests += r.requests.total;
      a.seconds += r.duration;
      a.p50s.push(r.latency.p50);
      a.p99s.push(r.latency.p99);
      a.bad += r.non2xx + r.errors + r.timeouts;
    }
  }
  return acc.map((a) => ({ label: a.label, rps: a.requests / a.seconds, p50: median(a.p50s), p99: median(a.p99s), total: a.requests, bad: a.bad }));
}

// A template database of this run's own: never the one a concurrent test run is cloning.
process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
await prepareTemplateDatabase();
// The api as production runs it: output schemas are not checked per response (VALIDATE_OUTPUT).
const t = await createTestApp({ VALIDATE_OUTPUT: process.env.VALIDATE_OUTPUT ?? 'false' });
// The session mirror subscribed (it serves from Postgres until then).
await t.deps.sessions.ready();
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

// The bare baseline: a plain Fastify with the same service functions and the same deps — the
// viewer's media signer is made per request, as the api's context makes it.
const bare = Fastify({ logger: false });
const viewerDeps = () => ({ ...t.deps, media: t.deps.media.for({ kind: 'user', userId: u.userId }) });
bare.get('/projects', async () => listProjects(viewerDeps(), u.userId, { limit: 20, offset: 0 }));
bare.get('/history', async () => history(viewerDeps(), u.userId, { limit: 20, offset: 0 }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

const trpcInput = encodeURIComponent(JSON.stringify({ limit: 20 }));
const routes = [
  { name: 'projects', rest: '/api/projects?limit=20', trpc: `/trpc/projects.list?input=${trpcInput}`, bare: '/projects' },
  { name: 'history', rest: '/api/generation/history?limit=20', trpc: `/trpc/generation.history?input=${trpcInput}`, bare: '/history' },
];

// Sanity: every variant returns the same 20 items.
for (const r of routes) {
  for (const [url, headers] of [
    [`${address}${r.rest}`, auth],
    [`${address}${r.trpc}`, auth],
    [`${bareAddress}${r.bare}`, {}],
  ]) {
    const res = await fetch(url, { headers });
    const json = await res.json();
    const body = json.result?.data ?? json;
    const n = (body.projects ?? body.generations ?? []).length;
    if (res.status !== 200 || n !== 20) throw new Error(`${url}: ${res.status}, ${n} items: ${JSON.stringify(json).slice(0, 200)}`);
  }
}

// Back to back: floor, REST and tRPC of one endpoint alternate in short slices.
const results = [];
for (const r of routes) {
  const [floor, rest, trpc] = await measureSide([
    { label: `bare Fastify ${r.bare}`, url: `${bareAddress}${r.bare}`, headers: {} },
    { label: `GET ${r.rest}`, url: `${address}${r.rest}`, headers: auth },
    { label: `GET /trpc/${r.trpc.split('/trpc/')[1].split('?')[0]}`, url: `${address}${r.trpc}`, headers: auth },
  ]);
  results.push({ r, floor, rest, trpc });
}

console.log(
  `machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION} s per route in ${ROUNDS} alternating slices (after a 1 s warm-up), one process serves both apps`,
);
for (const { floor, rest, trpc } of results) {
  for (const m of [floor, rest, trpc]) {
    console.log(
      `${m.label.padEnd(44)} ${m.rps.toFixed(0).padStart(6)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.total} requests, ${m.bad} non-2xx/errors)`,
    );
  }
}
console.log('');
console.log('| figure | ours | floor | ratio | goal | met |');
console.log('|---|---|---|---|---|---|');
let missed = 0;
for (const { r, floor, rest, trpc } of results) {
  for (const [kind, m] of [
    ['REST', rest],
    ['tRPC', trpc],
  ]) {
    const rps = m.rps / floor.rps;
    // p99 in whole ms: a 0 ms floor counts as 1 ms.
    const p99 = m.p99 / Math.max(1, floor.p99);
    const okRps = rps >= 0.9;
    const okP99 = p99 <= 1.3;
    if (!okRps || !okP99) missed++;
    console.log(
      `| ${kind} ${r.name} throughput | ${m.rps.toFixed(0)} req/s | ${floor.rps.toFixed(0)} req/s | ${rps.toFixed(2)}× | ≥ 0.9× | ${okRps ? 'yes' : 'NO'} |`,
    );
    console.log(`| ${kind} ${r.name} p99 | ${m.p99} ms | ${floor.p99} ms | ${p99.toFixed(2)}× | ≤ 1.3× | ${okP99 ? 'yes' : 'NO'} |`);
  }
}
if (missed) console.log(`\n${missed} API figure(s) miss their goal`);

await bare.close();
await t.close();
await dropTemplateDatabase();
process.exit(0);
