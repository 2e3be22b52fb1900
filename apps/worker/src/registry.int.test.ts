import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processors } from './processors/index';
import { defineProcessor, type RunningWorkers, startWorkers, type WorkerDeps } from './registry';
import { testWorkerDeps } from './testing';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: TestDatabase;
let deps: ReturnType<typeof testWorkerDeps>;
let running: RunningWorkers;
const prefix = `w${randomBytes(4).toString('hex')}`;

async function eventsFor(jobKey: string, until: (statuses: string[]) => boolean, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.db.selectFrom('job_events').select('status').where('job_key', '=', jobKey).orderBy('created_at').execute();
    const statuses = rows.map((r) => r.status);
    if (until(statuses) || Date.now() > deadline) return statuses;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  deps = testWorkerDeps({ db: database.db, redisUrl: REDIS, prefix });
  running = startWorkers({ redisUrl: REDIS, prefix, deps, processors, queues: ['system'] });
});
afterAll(async () => {
  await running.close(5000);
  await deps.close();
  await database.drop();
});

describe('worker registry', () => {
  it('runs a job end to end and writes its status changes to Postgres', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await deps.queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 0 });
    expect(await eventsFor(jobKey, (s) => s.includes('COMPLETED'))).toEqual(['PROCESSING', 'COMPLETED']);
  });

  it('retries with backoff and succeeds on a later attempt', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await deps.queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 1 });
    expect(await eventsFor(jobKey, (s) => s.includes('COMPLETED'))).toEqual(['PROCESSING', 'PROCESSING', 'COMPLETED']);
  });

  it('runs the final-failure handler once after the last attempt', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await deps.queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 5 });
    const statuses = await eventsFor(jobKey, (s) => s.includes('FAILED'), 20_000);
    expect(statuses.filter((s) => s === 'PROCESSING')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'FAILED')).toHaveLength(1);
  });

  it('refuses a bad payload at enqueue time', async () => {
    await expect(deps.queues.enqueue('system', { kind: 'ping', jobKey: '' } as never)).rejects.toThrow();
  });

  it('refuses to start when a queue has two processors or none', () => {
    const dup = defineProcessor({ queue: 'system', process: async () => null });
    const d: WorkerDeps = { ...deps, log: pino({ level: 'silent' }) };
    expect(() => startWorkers({ redisUrl: REDIS, prefix, deps: d, processors: [...processors, dup], queues: ['system'] })).toThrow(/two processors/);
    expect(() => startWorkers({ redisUrl: REDIS, prefix, deps: d, processors: [], queues: ['system'] })).toThrow(/No processor/);
  });
});
