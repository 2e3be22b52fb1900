import { reconcileGenerations, spawnWorker, type WorkerChild } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { grant, ledgerMismatches, moneyViolations, sleep, waitFor } from './support';

/**
 * 1,000 generations through the real api, queue and worker processes, with injected provider
 * 5xx (~20 % of attempts), provider timeouts (~10 %) and two worker processes SIGKILLed and
 * restarted while they run. The cheap local text model keeps it fast. At the end every charge
 * has ended in exactly one completion or one refund, and the ledger sum equals the balance for
 * every user.
 */
const N = Number(process.env.CHAOS_GENERATIONS ?? 1000);
let t: TestApp;
let user: { token: string; userId: string };
const workers: WorkerChild[] = [];

const workerEnv = () => ({
  DATABASE_URL: t.env.db.url,
  REDIS_URL: t.env.redis.url,
  QUEUE_PREFIX: t.env.redis.queuePrefix,
  MEDIA_DIR: t.env.media.dir,
  WORKER_CONCURRENCY: '10',
  FAULT_CHAOS: '1',
  FAULT_ENGINE_DELAY_MS: '20',
  FAULT_LOCK_MS: '2000',
  FAULT_STALLED_MS: '1000',
  // Time runs fast here (2 s locks): the periodic sweep for a row whose worker died between
  // failing its job and refunding it runs on the same scale, not every 5 minutes.
  FAULT_RECONCILE_MS: '5000',
});

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
  await grant(t.deps.db, user.userId, 100_000_000, `grant:${user.userId}`);
});

afterAll(async () => {
  for (const w of workers) await w.kill('SIGKILL');
  await t.close();
});

const unsettled = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('generations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user.userId)
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`${N} generations under provider faults and worker kills`, () => {
  it('every charge ends in exactly one completion or one refund; ledger = balance for every user', async () => {
    const [a, b] = await Promise.all([spawnWorker(workerEnv()), spawnWorker(workerEnv())]);
    workers.push(a as WorkerChild, b as WorkerChild);

    // Enqueue in parallel batches through REST, as clients would.
    const ids: string[] = [];
    const batch = 25;
    let killed = 0;
    for (let i = 0; i < N; i += batch) {
      const res = await Promise.all(
        Array.from({ length: Math.min(batch, N - i) }, (_, k) =>
          t.rest('POST', '/api/generation/generate', {
            token: user.token,
            body: { prompt: `chaos ${i + k}: a tagline for a bakery`, type: 'text', model: 'local/text' },
          }),
        ),
      );
      for (const r of res) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        ids.push(r.body.generation.id);
      }
      // Kill a worker process mid-run, twice, and start a fresh one each time.
      if ((i === batch * 12 || i === batch * 28) && killed < 2) {
        const victim = workers[workers.length - 2] as WorkerChild;
        await victim.kill('SIGKILL');
        killed++;
        workers.push(await spawnWorker(workerEnv()));
      }
    }
    expect(ids).toHaveLength(N);
    expect(killed).toBe(Math.min(2, Math.floor(N / (batch * 13))));

    await waitFor(async () => (await unsettled()) === 0, 150_000, 'every generation settled');
    // Settled rows stay settled: nothing is picked up again and charged or refunded twice.
    await sleep(1500);

    const rows = await t.deps.db.selectFrom('generations').select(['status']).where('user_id', '=', user.userId).execute();
    const by = rows.reduce<Record<string, number>>((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {});
    // Both outcomes happen: faults make some fail after their retries, most complete.
    expect(by.COMPLETED ?? 0).toBeGreaterThan(N * 0.5);
    expect((by.COMPLETED ?? 0) + (by.FAILED ?? 0)).toBe(N);
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);

    // A later start-up's reconciliation finds nothing to fix.
    expect(await reconcileGenerations(t.deps, { olderThanMs: 0 })).toEqual({
      requeued: 0,
      refunded: 0,
    });
    console.log(`chaos: ${JSON.stringify(by)}`);
  }, 240_000);
});
