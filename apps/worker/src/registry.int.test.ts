import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processors } from './processors/index';
import { createQueueClient, type QueueClient } from './queues';
import { defineProcessor, type RunningWorkers, startWorkers } from './registry';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: TestDatabase;
let queues: QueueClient;
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
  queues = createQueueClient(REDIS, prefix);
  running = startWorkers({ redisUrl: REDIS, prefix, deps: { db: database.db, log: pino({ level: 'silent' }) }, processors, queues: ['system'] });
});
afterAll(async () => {
  await running.close(5000);
  await Promise.all(Object.values(queues.queues).map((q) => q.obliterate({ force: true }).catch(() => {})));
  await queues.close();
  await database.drop();
});

describe('worker registry', () => {
  it('runs a job end to end and writes its status changes to Postgres', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 0 });
    expect(await eventsFor(jobKey, (s) => s.includes('COMPLETED'))).toEqual(['PROCESSING', 'COMPLETED']);
  });

  it('retries with backoff and succeeds on a later attempt', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 1 });
    expect(await eventsFor(jobKey, (s) => s.includes('COMPLETED'))).toEqual(['PROCESSING', 'PROCESSING', 'COMPLETED']);
  });

  it('runs the final-failure handler once after the last attempt', async () => {
    const jobKey = randomBytes(6).toString('hex');
    await queues.enqueue('system', { kind: 'ping', jobKey, failTimes: 5 });
    const statuses = await eventsFor(jobKey, (s) => s.includes('FAILED'), 20_000);
    expect(statuses.filter((s) => s === 'PROCESSING')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'FAILED')).toHaveLength(1);
  });

  it('refuses a bad payload at enqueue time', async () => {
    await expect(queues.enqueue('system', { kind: 'ping', jobKey: '' } as never)).rejects.toThrow();
  });

  it('refuses to start when a queue has two processors or none', () => {
    const dup = defineProcessor({ queue: 'system', process: async () => null });
    const deps = { db: database.db, log: pino({ level: 'silent' }) };
    expect(() => startWorkers({ redisUrl: REDIS, prefix, deps, processors: [...processors, dup], queues: ['system'] })).toThrow(/two processors/);
    expect(() => startWorkers({ redisUrl: REDIS, prefix, deps, processors: [], queues: ['system'] })).toThrow(/No processor/);
  });
});
