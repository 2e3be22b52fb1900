import { spawnWorker, type WorkerChild } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { grant, ledgerMismatches, moneyViolations, waitFor } from './support';

/**
 * Fault: the worker process is SIGKILLed in the middle of jobs. The real worker runs as a
 * child process on this test's database and queue prefix; BullMQ's stalled check (a short lock
 * here) hands the jobs to the next worker. A job ends COMPLETED, or — when it stalls more often
 * than allowed — FAILED with exactly one refund; never stuck in PROCESSING, never charged twice.
 */
let t: TestApp;
let user: { token: string; userId: string };
const children: WorkerChild[] = [];

const workerEnv = (delayMs: number) => ({
  DATABASE_URL: t.env.db.url,
  REDIS_URL: t.env.redis.url,
  QUEUE_PREFIX: t.env.redis.queuePrefix,
  MEDIA_DIR: t.env.media.dir,
  WORKER_CONCURRENCY: '8',
  FAULT_ENGINE_DELAY_MS: String(delayMs),
  FAULT_LOCK_MS: '2000',
  FAULT_STALLED_MS: '1000',
});

async function startWorker(delayMs: number) {
  const w = await spawnWorker(workerEnv(delayMs));
  children.push(w);
  return w;
}

async function generate(n: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.rest('POST', '/api/generation/generate', {
      token: user.token,
      body: { prompt: `${label} ${i}: a lighthouse at dusk`, type: 'image', model: 'local/image', resolution: '480p', aspectRatio: '1:1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(res.body.generation.id);
  }
  return ids;
}

const statuses = async (ids: string[]) =>
  (await t.deps.db.selectFrom('generations').select(['id', 'status']).where('id', 'in', ids).execute()).map((r) => r.status);

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.signUp();
  user = u;
  await grant(t.deps.db, u.userId, 1_000_000, `grant:${u.userId}`);
});

afterAll(async () => {
  for (const c of children) await c.kill('SIGKILL');
  await t.close();
});

describe('worker killed mid-job', () => {
  it('a job whose worker was SIGKILLed is picked up after the stall interval and completes, charged once', async () => {
    const first = await startWorker(6000);
    const ids = await generate(3, 'kill-once');
    await waitFor(async () => (await statuses(ids)).every((s) => s === 'PROCESSING'), 30_000, 'all three PROCESSING');
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    expect(await statuses(ids)).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);

    await startWorker(200);
    await waitFor(async () => (await statuses(ids)).every((s) => s === 'COMPLETED'), 45_000, 'all three COMPLETED');
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
    const rows = await t.deps.db.selectFrom('generations').select(['output_url', 'progress']).where('id', 'in', ids).execute();
    for (const r of rows) {
      expect(r.progress).toBe(100);
      expect(r.output_url).toMatch(/\.(png|webp|jpe?g)$/);
    }
    for (const c of children) await c.kill('SIGKILL');
  }, 120_000);

  it('a job that stalls more often than allowed ends FAILED with exactly one refund', async () => {
    const ids = await generate(2, 'kill-twice');
    // Killed mid-job twice: the second stall is one more than maxStalledCount (1).
    for (let round = 0; round < 2; round++) {
      const w = await startWorker(20_000);
      // Active in this worker: on the second round only after the stalled check handed it back.
      await waitFor(
        async () => {
          for (const id of ids) {
            const job = await t.deps.queues.queues.image.getJob(id);
            if (!job || (await job.getState()) !== 'active' || (job.stalledCounter ?? 0) < round) return false;
          }
          return (await statuses(ids)).every((s) => s === 'PROCESSING');
        },
        30_000,
        `round ${round}: active and PROCESSING`,
      );
      await w.kill('SIGKILL');
    }
    await startWorker(200);
    await waitFor(async () => (await statuses(ids)).every((s) => s === 'FAILED' || s === 'COMPLETED'), 45_000, 'both settled');
    const rows = await t.deps.db
      .selectFrom('generations')
      .select(['status', 'error', 'credit_units_charged', 'credit_units_refunded'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      expect(r.status).toBe('FAILED');
      expect(r.credit_units_refunded).toBe(r.credit_units_charged);
      expect(r.error).toMatch(/stalled|lost/i);
    }
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  }, 150_000);
});
