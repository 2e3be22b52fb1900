import { randomBytes, randomUUID } from 'node:crypto';
import { createQueueClient, QUEUE_KEYS, type QueueClient } from '@atelier/jobs';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { QUEUE_COUNTS_TTL_MS, registry, watchQueues } from './series';
import { parseExposition, sampleValue } from './testing';

/** atelier_queue_jobs against a real Redis: BullMQ's counts at scrape time, one read per period whatever the scrapes. */

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `mq${randomBytes(4).toString('hex')}`;
const clients: QueueClient[] = [];
const unwatch: (() => void)[] = [];
const admin = new Redis(REDIS);

afterEach(() => {
  for (const u of unwatch.splice(0)) u();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
});

/** The real client, with its `counts` calls counted (each is one BullMQ read of one queue). */
function countingClient(url = REDIS) {
  const client = createQueueClient(url, prefix);
  clients.push(client);
  let reads = 0;
  const source = {
    counts: (key: Parameters<QueueClient['counts']>[0]) => {
      reads++;
      return client.counts(key);
    },
  };
  return { client, source, reads: () => reads };
}

const scrape = async () => parseExposition(await registry.getSingleMetricAsString('atelier_queue_jobs'));

describe('atelier_queue_jobs', () => {
  it('reports every queue in every state from BullMQ, and a scrape storm costs one read per queue per period', async () => {
    const { client, source, reads } = countingClient();
    for (let i = 0; i < 3; i++) await client.enqueue('image', { generationId: randomUUID() });
    await client.enqueue('export', { exportId: randomUUID() }, { delay: 60_000 });
    unwatch.push(watchQueues(source));

    const storm = await Promise.all(Array.from({ length: 25 }, scrape));
    expect(reads()).toBe(QUEUE_KEYS.length);
    for (const samples of storm) {
      expect(sampleValue(samples, 'atelier_queue_jobs', { queue: 'image', state: 'waiting' })).toBe(3);
      expect(sampleValue(samples, 'atelier_queue_jobs', { queue: 'export', state: 'delayed' })).toBe(1);
      expect(sampleValue(samples, 'atelier_queue_jobs', { queue: 'video', state: 'active' })).toBe(0);
    }
    const first = storm[0] ?? [];
    expect(new Set(first.map((s) => s.labels.queue))).toEqual(new Set(QUEUE_KEYS));
    expect(new Set(first.map((s) => s.labels.state))).toEqual(new Set(['waiting', 'active', 'delayed', 'failed', 'completed']));

    // Within the period: cached. After it: read again, and new jobs show.
    await client.enqueue('image', { generationId: randomUUID() });
    await scrape();
    expect(reads()).toBe(QUEUE_KEYS.length);
    await new Promise((r) => setTimeout(r, QUEUE_COUNTS_TTL_MS + 100));
    const later = await scrape();
    expect(reads()).toBe(2 * QUEUE_KEYS.length);
    expect(sampleValue(later, 'atelier_queue_jobs', { queue: 'image', state: 'waiting' })).toBe(4);
  }, 20_000);

  it('leaves the queue series out after a short wait when Redis is unreachable, without piling up reads', async () => {
    const { source, reads } = countingClient('redis://127.0.0.1:1');
    unwatch.push(watchQueues(source));
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect(await scrape()).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2500);
    }
    // One read of each queue, still waiting for Redis: the three scrapes shared it.
    expect(reads()).toBe(QUEUE_KEYS.length);
  });

  it('reads again after a read that failed', async () => {
    let calls = 0;
    unwatch.push(
      watchQueues({
        counts: async () => {
          calls++;
          throw new Error('Connection is closed.');
        },
      }),
    );
    expect(await scrape()).toEqual([]);
    expect(await scrape()).toEqual([]);
    expect(calls).toBe(2 * QUEUE_KEYS.length);
  });
});
