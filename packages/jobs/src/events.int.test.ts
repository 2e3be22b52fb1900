import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus, type EventPayload } from './events';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ev${randomBytes(4).toString('hex')}`;
const admin = new Redis(REDIS);
const buses: EventBus[] = [];
const bus = () => {
  const b = createEventBus({ redisUrl: REDIS, prefix });
  buses.push(b);
  return b;
};

afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  admin.disconnect();
});

/** Resolves with the first `n` payloads a handler receives. */
function collect<T>(n: number, timeoutMs = 3000) {
  const got: T[] = [];
  let resolve: (v: T[]) => void;
  const done = new Promise<T[]>((r) => {
    resolve = r;
  });
  const timer = setTimeout(() => resolve(got), timeoutMs);
  return {
    got,
    done,
    push(p: T) {
      got.push(p);
      if (got.length >= n) {
        clearTimeout(timer);
        resolve(got);
      }
    },
  };
}

const numsub = async (topic: string, key: string) => Number(((await admin.pubsub('NUMSUB', `${prefix}:ev:${topic}:${key}`)) as [string, number])[1]);

describe('the event channel (Redis pub/sub)', () => {
  it('carries an event from one process to every subscriber of another, typed, in publish order', async () => {
    const publisher = bus();
    const other = bus();
    const id = randomUUID();
    const first = collect<EventPayload<'generation'>>(3);
    const second = collect<EventPayload<'generation'>>(3);
    await other.subscribe('generation', id, { event: (p) => first.push(p) });
    await other.subscribe('generation', id, { event: (p) => second.push(p) });
    // One Redis subscription for the two local listeners.
    expect(await numsub('generation', id)).toBe(1);
    expect(other.stats()).toEqual({ channels: 1, handlers: 2 });
    for (const [v, progress] of [
      [1, 10],
      [2, 50],
      [3, 100],
    ] as const)
      expect(await publisher.publish('generation', id, { v, status: v === 3 ? 'COMPLETED' : 'PROCESSING', progress })).toBe(1);
    expect((await first.done).map((p) => p.v)).toEqual([1, 2, 3]);
    expect(await second.done).toEqual(first.got);
    expect(first.got[2]).toEqual({ v: 3, status: 'COMPLETED', progress: 100 });
  });

  it('gives a process’s own listeners its events in memory, and every listener each event once', async () => {
    const publisher = bus();
    const other = bus();
    const id = randomUUID();
    const own = collect<EventPayload<'generation'>>(3);
    const theirs = collect<EventPayload<'generation'>>(3);
    await publisher.subscribe('generation', id, { event: (p) => own.push(p) });
    await other.subscribe('generation', id, { event: (p) => theirs.push(p) });
    for (const v of [1, 2, 3]) expect(await publisher.publish('generation', id, { v, status: 'PROCESSING', progress: v * 10 })).toBe(2);
    expect((await own.done).map((p) => p.v)).toEqual([1, 2, 3]);
    expect((await theirs.done).map((p) => p.v)).toEqual([1, 2, 3]);
    // The Redis copies came back to the publisher's own subscriber too, and were skipped: no doubles.
    await admin.publish(`${prefix}:ev:generation:${id}`, JSON.stringify({ v: 4, status: 'COMPLETED', progress: 100 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(own.got.map((p) => p.v)).toEqual([1, 2, 3, 4]);
    expect(theirs.got.map((p) => p.v)).toEqual([1, 2, 3, 4]);
    // Listeners see the topic's payload, not the origin mark.
    expect(own.got[0]).toEqual({ v: 1, status: 'PROCESSING', progress: 10 });
    expect(theirs.got[0]).toEqual({ v: 1, status: 'PROCESSING', progress: 10 });
  });

  it('still reaches its own listeners when Redis refuses the publish', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const b = createEventBus({ redisUrl: REDIS, prefix, publisher: broken });
    buses.push(b);
    const id = randomUUID();
    const got = collect<EventPayload<'chatReply'>>(1);
    await b.subscribe('chatReply', id, { event: (p) => got.push(p) });
    expect(await b.publish('chatReply', id, { type: 'end' })).toBe(1);
    expect(await got.done).toEqual([{ type: 'end' }]);
    expect(await b.publish('chatReply', randomUUID(), { type: 'end' })).toBe(0);
    broken.disconnect();
  });

  it('reference-counts channel subscriptions: the last local listener to leave unsubscribes', async () => {
    const b = bus();
    const id = randomUUID();
    const one = await b.subscribe('export', id, { event: () => {} });
    const two = await b.subscribe('export', id, { event: () => {} });
    one.unsubscribe();
    one.unsubscribe(); // twice is harmless
    expect(await numsub('export', id)).toBe(1);
    two.unsubscribe();
    await new Promise((r) => setTimeout(r, 100));
    expect(await numsub('export', id)).toBe(0);
    expect(b.stats()).toEqual({ channels: 0, handlers: 0 });
  });

  it('refuses to publish a payload that breaks its topic schema, and drops such messages on receipt', async () => {
    const b = bus();
    const id = randomUUID();
    const got = collect<unknown>(1, 500);
    await b.subscribe('generation', id, { event: (p) => got.push(p) });
    expect(await b.publish('generation', id, { v: -1, status: '', progress: 500 } as never)).toBe(0);
    // A process running other code publishes something else on the channel: ignored.
    await admin.publish(`${prefix}:ev:generation:${id}`, JSON.stringify({ hello: 'world' }));
    await admin.publish(`${prefix}:ev:generation:${id}`, 'not json');
    expect(await got.done).toEqual([]);
  });

  it('tells listeners to re-read after its subscriber connection dropped, and keeps delivering afterwards', async () => {
    const b = bus();
    const publisher = bus();
    const id = randomUUID();
    let resyncs = 0;
    const got = collect<EventPayload<'chatControl'>>(1, 8000);
    await b.subscribe('chatControl', id, { event: (p) => got.push(p), resync: () => resyncs++ });
    const clients = (await admin.client('LIST')) as string;
    const line = clients.split('\n').find((l) => l.includes(`name=${prefix}:events`));
    const clientId = /id=(\d+)/.exec(line ?? '')?.[1];
    expect(clientId).toBeDefined();
    await admin.client('KILL', 'ID', clientId as string);
    const deadline = Date.now() + 8000;
    while (resyncs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(resyncs).toBe(1);
    // Re-subscribed by itself.
    while ((await numsub('chatControl', id)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await publisher.publish('chatControl', id, { action: 'stop' });
    expect(await got.done).toEqual([{ action: 'stop' }]);
  });

  it('publishing with no subscriber reaches nobody (0), and a closed bus refuses new subscriptions', async () => {
    const b = bus();
    expect(await b.publish('chatControl', randomUUID(), { action: 'sync' })).toBe(0);
    await b.close();
    await expect(b.subscribe('chatControl', randomUUID(), { event: () => {} })).rejects.toThrow(/closed/);
  });
});
