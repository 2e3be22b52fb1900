import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { spawnWorker } from '@atelier/testkit';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';
import { freePort, grant, ledgerMismatches, moneyViolations, REPO_ROOT, sleep, waitFor } from './support';

/**
 * Graceful shutdown under load: SIGTERM to the worker with 20 active jobs finishes all 20 (no
 * stalled event, nothing left for another worker), and SIGTERM to the api (the real main.ts,
 * as a child process) answers every request it had accepted and loses no enqueued job.
 */
let t: TestApp;
let user: { token: string; userId: string };
const spawned: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  await grant(t.deps.db, user.userId, 1_000_000, `grant:${user.userId}`);
});

afterAll(async () => {
  for (const c of spawned) if (c.exitCode === null) c.kill('SIGKILL');
  await t.close();
});

const body = (i: number) => ({
  prompt: `shutdown ${i}: a quiet harbour`,
  type: 'image',
  model: 'local/image',
  resolution: '480p',
  aspectRatio: '1:1',
});

describe('graceful shutdown', () => {
  it('SIGTERM to the worker with 20 active jobs completes all 20 with 0 stalled events', async () => {
    const events = new QueueEvents('image', {
      connection: new Redis(t.env.redis.url, { maxRetriesPerRequest: null }),
      prefix: t.env.redis.queuePrefix,
    });
    await events.waitUntilReady();
    const stalled: string[] = [];
    events.on('stalled', ({ jobId }) => stalled.push(jobId));

    const worker = await spawnWorker({
      DATABASE_URL: t.env.db.url,
      REDIS_URL: t.env.redis.url,
      QUEUE_PREFIX: t.env.redis.queuePrefix,
      MEDIA_DIR: t.env.media.dir,
      WORKER_CONCURRENCY: '20',
      FAULT_ENGINE_DELAY_MS: '3000',
      FAULT_LOCK_MS: '2000',
      FAULT_STALLED_MS: '1000',
    });
    spawned.push(worker.child);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.rest('POST', '/api/generation/generate', { token: user.token, body: body(i) });
      expect(res.status).toBe(200);
      ids.push(res.body.generation.id);
    }
    await waitFor(async () => (await t.deps.queues.queues.image.getActiveCount()) === 20, 30_000, '20 active jobs');

    const exit = await worker.kill('SIGTERM');
    expect(exit, worker.output.join('')).toBe(0);
    const rows = await t.deps.db.selectFrom('generations').select('status').where('id', 'in', ids).execute();
    expect(rows.map((r) => r.status)).toEqual(Array(20).fill('COMPLETED'));
    // A second worker (with a short stalled check) finds nothing to recover.
    const second = await spawnWorker({
      DATABASE_URL: t.env.db.url,
      REDIS_URL: t.env.redis.url,
      QUEUE_PREFIX: t.env.redis.queuePrefix,
      MEDIA_DIR: t.env.media.dir,
      FAULT_STALLED_MS: '500',
    });
    spawned.push(second.child);
    await sleep(2000);
    await second.kill('SIGTERM');
    expect(stalled).toEqual([]);
    expect(await t.deps.queues.queues.image.getActiveCount()).toBe(0);
    expect(await t.deps.queues.queues.image.getFailedCount()).toBe(0);
    await events.close();
  }, 120_000);

  it('SIGTERM to the api under load answers every accepted request and loses no job', async () => {
    const port = await freePort();
    const api = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: TEST_ORIGIN,
        DATABASE_URL: t.env.db.url,
        REDIS_URL: t.env.redis.url,
        QUEUE_PREFIX: t.env.redis.queuePrefix,
        MEDIA_DIR: t.env.media.dir,
        INLINE_WORKER: 'false',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        // The test app's secret: its users' tokens must verify in this process too.
        AUTH_SECRET: t.env.auth.secret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.push(api);
    const out: string[] = [];
    api.stdout?.on('data', (d: Buffer) => out.push(d.toString()));
    api.stderr?.on('data', (d: Buffer) => out.push(d.toString()));
    const exited = new Promise<number | string | null>((r) => api.once('exit', (code, signal) => r(code ?? signal)));

    type Outcome = { status?: number; error?: string; connectedAt?: number; generationId?: string };
    const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      new Promise<Outcome>((resolve) => {
        const outcome: Outcome = {};
        const data = payload ? JSON.stringify(payload) : undefined;
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: url,
            agent: false,
            headers: {
              authorization: `Bearer ${user.token}`,
              connection: 'close',
              ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              outcome.status = res.statusCode;
              try {
                outcome.generationId = JSON.parse(Buffer.concat(chunks).toString()).generation?.id;
              } catch {
                /* not JSON */
              }
              resolve(outcome);
            });
            res.on('error', (e) => resolve({ ...outcome, error: e.message }));
          },
        );
        req.on('socket', (s) => s.on('connect', () => (outcome.connectedAt = Date.now())));
        req.on('error', (e: NodeJS.ErrnoException) => resolve({ ...outcome, error: e.code ?? e.message }));
        if (data) req.write(data);
        req.end();
      });

    await waitFor(async () => (await request('GET', '/api/health')).status === 200, 60_000, 'the api to listen');

    // Load: 8 clients in a loop, mixing reads and generates, until the process is gone.
    let stop = false;
    const outcomes: Outcome[] = [];
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const o = i % 2 ? await request('POST', '/api/generation/generate', body(n * 1000 + i)) : await request('GET', '/api/projects');
        outcomes.push(o);
        if (o.error === 'ECONNREFUSED') return;
      }
    };
    const loadStartedAt = Date.now();
    const clients = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    // At least 40 answers and a second of load: a quick api answers 40 within the 200 ms margin below.
    await waitFor(async () => outcomes.length >= 40 && Date.now() - loadStartedAt >= 1000, 60_000, '40 answered requests and a second of load');
    const signalledAt = Date.now();
    api.kill('SIGTERM');
    const code = await exited;
    stop = true;
    await clients;
    expect(code, out.join('')).toBe(0);

    // Every request connected before the signal (with a margin for the kernel's accept queue) was answered.
    const accepted = outcomes.filter((o) => o.connectedAt && o.connectedAt < signalledAt - 200);
    expect(accepted.length).toBeGreaterThan(10);
    for (const o of accepted) expect(o.status, JSON.stringify(o)).toBeDefined();
    // No answer was a crash: 200, or 503 while closing.
    for (const o of outcomes.filter((x) => x.status)) expect([200, 503]).toContain(o.status);

    // No job lost: every generation the api accepted is in the queue, or was refunded.
    const rows = await t.deps.db.selectFrom('generations').select(['id', 'status']).where('user_id', '=', user.userId).execute();
    const generated = outcomes.filter((o) => o.status === 200 && o.generationId).map((o) => o.generationId);
    expect(generated.length).toBeGreaterThan(5);
    for (const id of generated) expect(rows.map((r) => r.id)).toContain(id);
    for (const r of rows.filter((x) => x.status === 'PENDING')) {
      expect(await t.deps.queues.queues.image.getJob(r.id), r.id).toBeTruthy();
    }
    const failed = rows.filter((r) => r.status === 'FAILED').length;
    expect(failed).toBe(0);
    // Let a worker drain the queue: every charge ends in one completion.
    const worker = await spawnWorker({
      DATABASE_URL: t.env.db.url,
      REDIS_URL: t.env.redis.url,
      QUEUE_PREFIX: t.env.redis.queuePrefix,
      MEDIA_DIR: t.env.media.dir,
      WORKER_CONCURRENCY: '8',
    });
    spawned.push(worker.child);
    await waitFor(
      async () =>
        (await t.deps.db.selectFrom('generations').select('id').where('user_id', '=', user.userId).where('status', '<>', 'COMPLETED').execute())
          .length === 0,
      60_000,
      'every generation completed',
    );
    await worker.kill('SIGTERM');
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  }, 180_000);
});
