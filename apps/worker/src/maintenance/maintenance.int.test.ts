import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processors } from '../processors/index';
import { type RunningWorkers, startWorkers } from '../registry';
import { scheduleMaintenance } from '../setup';
import { testWorkerDeps } from '../testing';
import type { MaintenanceTask } from './tasks';

/**
 * Periodic work is BullMQ job schedulers: two worker processes (here: two sets of connections, as
 * two processes would have), each putting the schedule in place and running the maintenance
 * queue, run a task once per period — never once per worker.
 */
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `m${randomBytes(4).toString('hex')}`;
const PERIOD_MS = 1000;
let database: TestDatabase;
const runs: { at: number; worker: string }[] = [];
const deps: ReturnType<typeof testWorkerDeps>[] = [];
const running: RunningWorkers[] = [];

const counting = (worker: string): MaintenanceTask[] => [
  {
    name: 'count',
    everyMs: PERIOD_MS,
    async run() {
      runs.push({ at: Date.now(), worker });
      return { runs: runs.length };
    },
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.close(5000)));
  for (const d of deps) await d.close();
  await database.drop();
});

describe('maintenance schedule', () => {
  it('with two workers, a periodic task runs once per period (counted), on either of them', async () => {
    for (const name of ['w1', 'w2']) {
      const d = testWorkerDeps({ db: database.db, redisUrl: REDIS, prefix, maintenance: counting(name) });
      deps.push(d);
      await scheduleMaintenance(d.queues, d.maintenance);
      running.push(startWorkers({ redisUrl: REDIS, prefix, deps: d, processors, queues: ['maintenance'] }));
    }
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 6 * PERIOD_MS + 300));
    const elapsed = Date.now() - t0;
    const periods = Math.floor(elapsed / PERIOD_MS);
    // Once per period (the first runs at once): never one run per worker per period.
    expect(runs.length).toBeGreaterThanOrEqual(periods - 1);
    expect(runs.length).toBeLessThanOrEqual(periods + 1);
    // No period ran twice: consecutive runs are a period apart, whichever worker took them.
    const gaps = runs.slice(1).map((r, i) => r.at - (runs[i] as { at: number }).at);
    expect(Math.min(...gaps)).toBeGreaterThan(PERIOD_MS * 0.8);
    // One scheduler however many workers put it in place.
    expect(await deps[0]?.queues.repeating('maintenance')).toEqual([{ id: 'maintenance-count', everyMs: PERIOD_MS }]);
  });

  it('removes the scheduler of a task that no longer exists, and queues start-up tasks once per minute however many workers start', async () => {
    const d = deps[0] as ReturnType<typeof testWorkerDeps>;
    const startup: MaintenanceTask[] = [{ name: 'catch-up', everyMs: 3_600_000, onStart: true, run: async () => ({}) }];
    await scheduleMaintenance(d.queues, startup);
    await scheduleMaintenance(d.queues, startup);
    expect((await d.queues.repeating('maintenance')).map((s) => s.id)).toEqual(['maintenance-catch-up']);
    const delayed = await d.queues.queues.maintenance.getDelayed();
    expect(delayed.filter((j) => j.id?.startsWith('maintenance-catch-up-start-'))).toHaveLength(1);
  });
});
