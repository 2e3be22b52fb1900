import { QUEUES, type QueueKey, type QueuePayload } from '@atelier/shared/jobs';
import { type JobsOptions, Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/** Connection for BullMQ workers: blocking commands need maxRetriesPerRequest null. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...options });
}

export interface QueueClient {
  queues: { [K in QueueKey]: Queue };
  enqueue<K extends QueueKey>(key: K, payload: QueuePayload<K>, options?: { jobId?: string; delay?: number }): Promise<string>;
  close(): Promise<void>;
}

export function defaultJobOptions(key: QueueKey): JobsOptions {
  const def = QUEUES[key];
  return {
    attempts: def.attempts,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/**
 * The api's side of the queues: validates the payload with the queue's schema and enqueues it.
 * Producers fail fast when Redis is down (maxRetriesPerRequest 1) instead of hanging a request.
 */
export function createQueueClient(redisUrl: string, prefix: string): QueueClient {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  connection.on('error', () => {});
  const queues = Object.fromEntries(
    (Object.keys(QUEUES) as QueueKey[]).map((key) => [
      key,
      new Queue(QUEUES[key].name, { connection, prefix, defaultJobOptions: defaultJobOptions(key) }),
    ]),
  ) as { [K in QueueKey]: Queue };
  // Redis down: BullMQ re-emits every reconnect failure on each queue, and an unheard 'error' is
  // printed as a stack trace per attempt. Enqueue failures still reach the caller (a clear 503).
  for (const q of Object.values(queues)) q.on('error', () => {});
  return {
    queues,
    async enqueue(key, payload, options = {}) {
      const data = QUEUES[key].payload.parse(payload);
      const job = await queues[key].add(key, data, {
        ...(options.jobId ? { jobId: options.jobId } : {}),
        ...(options.delay ? { delay: options.delay } : {}),
      });
      return job.id ?? '';
    },
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
    },
  };
}
