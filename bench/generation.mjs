// bench/generation: quick create — local/image enqueue→COMPLETED latency (p50/p95: from the moment the
// api enqueues the generation's job to the generation's COMPLETED status event, as the web app learns
// it) and jobs/s at concurrency 20, next to its floor measured in the same run: the engine's own render
// time (the local/image engine called directly, same prompts, seeds and parameters, no queue, no
// database) plus two bare BullMQ no-op job round trips, each timed the same way (add → completed event)
// (goal: p50 ≤ 2 × bare + render). It also prints the whole request as a client sees it (POST
// /api/generation/generate → the status event: the HTTP request and the insert-and-charge transaction
// on top).
// Real Postgres and Redis on this machine; prints figures, asserts nothing.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { startAllWorkers } from '../apps/worker/src/index.ts';
import { localEngines } from '../packages/ai/src/index.ts';
import { dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// 60 pictures: with 30, the two medians (ours, the render alone) moved ±3 % run to run.
const N_LATENCY = Number(process.env.BENCH_LATENCY_N ?? 60);
const N_THROUGHPUT = Number(process.env.BENCH_THROUGHPUT_N ?? 100);
const CONCURRENCY = 20;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

async function bareBullmq() {
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const conn = () => new Redis(REDIS, { maxRetriesPerRequest: null });
  const queue = new Queue('noop', { connection: conn(), prefix });
  // Every job.waitUntilFinished below listens for the queue's closing: 1,000 at once is the point here.
  queue.setMaxListeners(N_THROUGHPUT * 10 + 10);
  const events = new QueueEvents('noop', { connection: conn(), prefix });
  await events.waitUntilReady();
  const worker = new Worker('noop', async () => null, { connection: conn(), prefix, concurrency: CONCURRENCY });
  await worker.waitUntilReady();
  const lat = [];
  for (let i = 0; i < N_LATENCY; i++) {
    const t0 = performance.now();
    const job = await queue.add('noop', { i });
    await job.waitUntilFinished(events);
    lat.push(performance.now() - t0);
  }
  const t0 = performance.now();
  const jobs = await queue.addBulk(Array.from({ length: N_THROUGHPUT * 10 }, (_, i) => ({ name: 'noop', data: { i } })));
  await Promise.all(jobs.map((j) => j.waitUntilFinished(events)));
  const jps = (N_THROUGHPUT * 10) / ((performance.now() - t0) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await events.close();
  return { p50: pct(lat, 50), p95: pct(lat, 95), jps };
}

const PARAMS = { resolution: '480p', aspectRatio: '1:1' };
const promptOf = (i) => `bench landscape ${i} with mountains`;
// The seed picks the scene (and so the render's cost): render i is the same picture in both
// measurements, so the floor and ours compare like with like instead of two random draws.
const seedOf = (i) => 1000 + i;

/** The engine alone: what the worker's processor calls, with nothing around it. */
async function renderOnce(engine, i) {
  const t0 = performance.now();
  await engine({ modelId: 'local/image', prompt: promptOf(i), params: PARAMS, seed: seedOf(i), onProgress: () => {} });
  return performance.now() - t0;
}

async function localImage(engines) {
  // A template database of this run's own: never the one a concurrent test run is cloning.
  process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
  await prepareTemplateDatabase();
  const t = await createTestApp({ WORKER_CONCURRENCY: String(CONCURRENCY), DB_POOL_MAX: '40' });
  // The workers in the api's process, sharing its storage and event bus, as `npm start` runs them
  // (packages/launcher): the status events reach the api's listeners in memory.
  const workers = await startAllWorkers({
    env: t.env,
    db: t.deps.db,
    log: pino({ level: 'silent' }),
    storage: t.deps.storage,
    events: t.deps.events,
    engines,
  });
  const u = await t.signUp();
  await t.deps.db.updateTable('users').set({ credit_units: 10_000_000 }).where('id', '=', u.userId).execute();
  let retries = 0;
  // When the api enqueued each generation's job: the start of enqueue→COMPLETED (the bare BullMQ
  // round trip is timed from its queue.add too).
  const enqueuedAt = new Map();
  const { queues } = t.deps;
  const enqueue = queues.enqueue.bind(queues);
  queues.enqueue = (key, payload, opts) => {
    enqueuedAt.set(payload.generationId, performance.now());
    return enqueue(key, payload, opts);
  };
  const gen = async (i) => {
    const t0 = performance.now();
    let res;
    // A 503 (pool or queue briefly unavailable on a loaded machine) is retried as a client would, after Retry-After.
    for (let attempt = 0; ; attempt++) {
      res = await t.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: promptOf(i), type: 'image', model: 'local/image', seed: seedOf(i), ...PARAMS },
      });
      if (res.status !== 503 || attempt >= 3) break;
      retries++;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const id = res.body.generation.id;
    // As the web app learns it (generation.onStatus): subscribe to the status events, then read the row.
    let settle;
    const done = new Promise((resolve, reject) => {
      settle = (status) => {
        if (status === 'COMPLETED') {
          const t1 = performance.now();
          resolve({ request: t1 - t0, job: t1 - enqueuedAt.get(id) });
        } else if (status === 'FAILED' || status === 'CANCELLED') reject(new Error(`generation ${status}`));
      };
    });
    const sub = await t.deps.events.subscribe('generation', id, { event: (e) => settle(e.status) });
    const row = await t.deps.db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    settle(row.status);
    try {
      const ms = await done;
      ids.push(id);
      return ms;
    } finally {
      sub.unsubscribe();
    }
  };
  const ids = [];
  const lat = [];
  const requestLat = [];
  const renderLat = [];
  // Warm-up: sharp's first call loads its pipeline; the first request and job warm the rest.
  await renderOnce(engines['local/image'], -1);
  await gen(-1);
  ids.length = 0;
  // Render alone and through the product, picture by picture: the same render back to back, so
  // drift in the machine's speed hits the floor and ours alike.
  for (let i = 0; i < N_LATENCY; i++) {
    renderLat.push(await renderOnce(engines['local/image'], i));
    const { request, job } = await gen(i);
    lat.push(job);
    requestLat.push(request);
  }
  // Where the time went, from the rows' own timestamps: queued (insert → the worker's start), the
  // engine inside the worker (latency_ms), and the worker's work around it (start → completed).
  const rows = await t.deps.db
    .selectFrom('generations')
    .select(['created_at', 'started_at', 'completed_at', 'latency_ms'])
    .where('id', 'in', ids)
    .execute();
  const ms = (a, b) => new Date(b).getTime() - new Date(a).getTime();
  const breakdown = {
    queued: pct(
      rows.map((r) => ms(r.created_at, r.started_at)),
      50,
    ),
    engine: pct(
      rows.map((r) => r.latency_ms ?? 0),
      50,
    ),
    around: pct(
      rows.map((r) => ms(r.started_at, r.completed_at) - (r.latency_ms ?? 0)),
      50,
    ),
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N_THROUGHPUT }, (_, i) => gen(1000 + i)));
  const jps = N_THROUGHPUT / ((performance.now() - t0) / 1000);
  await workers.close(10_000);
  await t.close();
  return {
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    requestP50: pct(requestLat, 50),
    requestP95: pct(requestLat, 95),
    render: { p50: pct(renderLat, 50), p95: pct(renderLat, 95) },
    jps,
    retries,
    breakdown,
  };
}

const engines = await localEngines();
const bare = await bareBullmq();
const image = await localImage(engines);
const { render } = image;
const floor = 2 * bare.p50 + render.p50;
console.log(
  `machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `bare BullMQ no-op       round trip p50 ${fmt(bare.p50)}  p95 ${fmt(bare.p95)}  throughput ${bare.jps.toFixed(0)} jobs/s (concurrency ${CONCURRENCY})`,
);
console.log(`local/image render      engine alone p50 ${fmt(render.p50)}  p95 ${fmt(render.p95)}  (480p 1:1, ${N_LATENCY} renders)`);
console.log(
  `local/image 480p 1:1    enqueue→COMPLETED p50 ${fmt(image.p50)}  p95 ${fmt(image.p95)}  throughput ${image.jps.toFixed(1)} jobs/s (concurrency ${CONCURRENCY}, via REST + BullMQ + Postgres + the status event)${image.retries ? `; ${image.retries} enqueue(s) answered 503 and were retried` : ''}`,
);
console.log(
  `  the whole request     POST → COMPLETED event p50 ${fmt(image.requestP50)}  p95 ${fmt(image.requestP95)}  (adds HTTP, auth and the insert-and-charge transaction)`,
);
console.log(
  `  of which (p50 each, row timestamps): insert → worker start ${fmt(image.breakdown.queued)}, engine in the worker ${fmt(image.breakdown.engine)}, the worker's own work around it ${fmt(image.breakdown.around)}`,
);
console.log('');
console.log('| figure | ours | floor | ratio | goal | met |');
console.log('|---|---|---|---|---|---|');
const ratio = image.p50 / floor;
console.log(
  `| quick create local/image enqueue→COMPLETED p50 | ${fmt(image.p50)} | ${fmt(floor)} (2 × ${fmt(bare.p50)} bare BullMQ + ${fmt(render.p50)} render) | ${ratio.toFixed(2)}× | ≤ 1× | ${ratio <= 1 ? 'yes' : 'NO'} |`,
);
console.log(
  `| quick create, the whole request (POST → COMPLETED event) p50 | ${fmt(image.requestP50)} | ${fmt(floor)} | ${(image.requestP50 / floor).toFixed(2)}× | printed | — |`,
);
await dropTemplateDatabase();
process.exit(0);
