// bench/generation: enqueue→COMPLETED latency (p50/p95) for local/image and jobs/s at
// concurrency 20, next to a bare BullMQ no-op job round trip measured in the same run.
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
const N_LATENCY = Number(process.env.BENCH_LATENCY_N ?? 30);
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

async function localImage() {
  // A template database of this run's own: never the one a concurrent test run is cloning.
  process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
  await prepareTemplateDatabase();
  const t = await createTestApp({ WORKER_CONCURRENCY: String(CONCURRENCY), DB_POOL_MAX: '40' });
  const engines = await localEngines();
  const workers = await startAllWorkers({ env: t.env, db: t.deps.db, log: pino({ level: 'silent' }), storage: t.deps.storage, engines });
  const u = await t.signUp();
  await t.deps.db.updateTable('users').set({ credit_units: 10_000_000 }).where('id', '=', u.userId).execute();
  let retries = 0;
  const gen = async (i) => {
    const t0 = performance.now();
    let res;
    // A 503 (pool or queue briefly unavailable on a loaded machine) is retried as a client would, after Retry-After.
    for (let attempt = 0; ; attempt++) {
      res = await t.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: `bench landscape ${i} with mountains`, type: 'image', model: 'local/image', resolution: '480p', aspectRatio: '1:1' },
      });
      if (res.status !== 503 || attempt >= 3) break;
      retries++;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const id = res.body.generation.id;
    for (;;) {
      const row = await t.deps.db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status === 'COMPLETED') return performance.now() - t0;
      if (row.status === 'FAILED') throw new Error('generation failed');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const lat = [];
  for (let i = 0; i < N_LATENCY; i++) lat.push(await gen(i));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N_THROUGHPUT }, (_, i) => gen(1000 + i)));
  const jps = N_THROUGHPUT / ((performance.now() - t0) / 1000);
  await workers.close(10_000);
  await t.close();
  return { p50: pct(lat, 50), p95: pct(lat, 95), jps, retries };
}

const bare = await bareBullmq();
const image = await localImage();
console.log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `bare BullMQ no-op       round trip p50 ${fmt(bare.p50)}  p95 ${fmt(bare.p95)}  throughput ${bare.jps.toFixed(0)} jobs/s (concurrency ${CONCURRENCY})`,
);
console.log(
  `local/image 480p 1:1    enqueue→COMPLETED p50 ${fmt(image.p50)}  p95 ${fmt(image.p95)}  throughput ${image.jps.toFixed(1)} jobs/s (concurrency ${CONCURRENCY}, via REST + BullMQ + Postgres)${image.retries ? `; ${image.retries} enqueue(s) answered 503 and were retried` : ''}`,
);
console.log(`ratio                   p50 ${(image.p50 / bare.p50).toFixed(1)}× the bare round trip`);
await dropTemplateDatabase();
process.exit(0);
