import { type Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_KEYS, QUEUES, type QueueKey, type QueuePayload } from './queues';
import { createRedis } from './redis';

export type JobCounts = Record<'waiting' | 'active' | 'delayed' | 'prioritized' | 'completed' | 'failed', number>;
/** A job's state as BullMQ reports it, or 'missing' when Redis has no such job. */
export type JobState = Awaited<ReturnType<Job['getState']>> | 'missing';

/** Job states in which the job will still run: a row whose job is in one of them is not lost. */
export const LIVE_JOB_STATES: readonly JobState[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

export interface EnqueueOptions {
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delay?: number;
}

/**
 * The typed queue client: what the api (and the worker's maintenance tasks) do with queues.
 * Payloads are validated with the queue's schema before they reach Redis.
 */
export interface QueueClient {
  /** The raw BullMQ queues, for Bull Board and tests; everything else goes through the methods. */
  queues: { [K in QueueKey]: Queue };
  enqueue<K extends QueueKey>(key: K, payload: QueuePayload<K>, options?: EnqueueOptions): Promise<string>;
  /**
   * Removes a job that has not started (waiting or delayed, or finished and still kept) so it never
   * runs; returns false when there is none or it is running (its processor re-checks the row).
   */
  cancel(key: QueueKey, jobId: string): Promise<boolean>;
  state(key: QueueKey, jobId: string): Promise<JobState>;
  counts(key: QueueKey): Promise<JobCounts>;
  isPaused(key: QueueKey): Promise<boolean>;
  pause(key: QueueKey): Promise<void>;
  resume(key: QueueKey): Promise<void>;
  /** Failed jobs, newest first (at most `limit`). */
  failedJobs(key: QueueKey, limit: number): Promise<Job[]>;
  retryFailed(key: QueueKey, count: number): Promise<void>;
  /**
   * Creates or updates a job scheduler: a job with `payload` every `everyMs`, produced once per
   * period whatever the number of workers (BullMQ keeps one scheduler per id).
   */
  repeat<K extends QueueKey>(key: K, schedulerId: string, everyMs: number, payload: QueuePayload<K>): Promise<void>;
  /** The queue's job schedulers: id and period. */
  repeating(key: QueueKey): Promise<{ id: string; everyMs: number | null }[]>;
  stopRepeating(key: QueueKey, schedulerId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Producers fail fast when Redis is down (see createRedis) instead of hanging a request. Pass
 * `connection` to share one; otherwise the client opens its own and closes it.
 */
export function createQueueClient(redisUrl: string, prefix: string, options: { connection?: Redis } = {}): QueueClient {
  const connection = options.connection ?? createRedis(redisUrl);
  const queues = Object.fromEntries(
    QUEUE_KEYS.map((key) => [key, new Queue(QUEUES[key].name, { connection, prefix, defaultJobOptions: QUEUES[key].options })]),
  ) as { [K in QueueKey]: Queue };
  // Redis down: BullMQ re-emits every reconnect failure on each queue, and an unheard 'error' is
  // printed as a stack trace per attempt. Enqueue failures still reach the caller (a clear 503).
  for (const q of Object.values(queues)) q.on('error', () => {});
  return {
    queues,
    async enqueue(key, payload, opts = {}) {
      const data = QUEUES[key].payload.parse(payload);
      const job = await queues[key].add(key, data, {
        ...(opts.jobId ? { jobId: opts.jobId } : {}),
        ...(opts.delay && opts.delay > 0 ? { delay: Math.round(opts.delay) } : {}),
      });
      return job.id ?? '';
    },
    async cancel(key, jobId) {
      const job = await queues[key].getJob(jobId);
      if (!job) return false;
      try {
        await job.remove();
        return true;
      } catch {
        return false; // locked by a worker: it runs, and its processor re-checks the row
      }
    },
    async state(key, jobId) {
      const job = await queues[key].getJob(jobId);
      return job ? await job.getState() : 'missing';
    },
    async counts(key) {
      const c = await queues[key].getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed');
      const n = (k: string) => Number(c[k] ?? 0);
      return {
        waiting: n('waiting'),
        active: n('active'),
        delayed: n('delayed'),
        prioritized: n('prioritized'),
        completed: n('completed'),
        failed: n('failed'),
      };
    },
    isPaused: (key) => queues[key].isPaused(),
    pause: (key) => queues[key].pause(),
    resume: (key) => queues[key].resume(),
    failedJobs: (key, limit) => queues[key].getJobs(['failed'], 0, Math.max(0, limit - 1), false),
    retryFailed: (key, count) => queues[key].retryJobs({ state: 'failed', count }),
    async repeat(key, schedulerId, everyMs, payload) {
      const data = QUEUES[key].payload.parse(payload);
      await queues[key].upsertJobScheduler(schedulerId, { every: everyMs }, { name: schedulerId, data });
    },
    async repeating(key) {
      const list = await queues[key].getJobSchedulers();
      return list.map((s) => ({ id: s.id ?? s.key, everyMs: s.every ? Number(s.every) : null }));
    },
    async stopRepeating(key, schedulerId) {
      await queues[key].removeJobScheduler(schedulerId);
    },
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      if (!options.connection) connection.disconnect();
    },
  };
}
