import type { Engine } from '@atelier/ai';
import type { Db } from '@atelier/db';
import { createRedis, type EventPublisher, QUEUES, type QueueClient, type QueueJobData, type QueueKey } from '@atelier/jobs';
import type { MediaStorage } from '@atelier/media';
import { jobDuration, jobFailures } from '@atelier/metrics';
import type { Env } from '@atelier/shared/env';
import { DelayedError, type Job, RateLimitError, UnrecoverableError, WaitingChildrenError, WaitingError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { MaintenanceTask } from './maintenance/tasks';

/** What every processor may use; startAllWorkers builds it once per process. */
export interface WorkerDeps {
  db: Db;
  log: Logger;
  /** The process's configuration (e.g. SMTP_URL for the mail processor). */
  env: Env;
  storage: MediaStorage;
  /** Generation engines by model id: the local ones and the configured providers'. */
  engines: Record<string, Engine>;
  /** Status and progress writes are announced here (the api's SSE listeners follow them). */
  events: EventPublisher;
  /** Jobs that schedule or re-enqueue jobs (reconciliation, the SEO publish) use the typed client. */
  queues: QueueClient;
  /** The maintenance queue's named tasks. */
  maintenance: MaintenanceTask[];
}

export type Processor<K extends QueueKey> = (job: Job<QueueJobData<K>>, deps: WorkerDeps) => Promise<unknown>;

export interface ProcessorDefinition<K extends QueueKey = QueueKey> {
  queue: K;
  process: Processor<K>;
  /** Runs after the final failed attempt (e.g. mark FAILED and refund). */
  onFinalFailure?: (job: Job<QueueJobData<K>>, error: Error, deps: WorkerDeps) => Promise<void>;
}

export const defineProcessor = <K extends QueueKey>(def: ProcessorDefinition<K>): ProcessorDefinition<K> => def;

const jobModels = new WeakMap<Job, string>();
/** Names the model a job runs (a generation's, an SEO run's): its duration and failure metrics carry it. */
export function labelJobModel(job: Job, model: string): void {
  jobModels.set(job, model);
}
const modelOf = (job: Job) => jobModels.get(job) ?? 'none';
/** What a processor throws to move its job elsewhere (later, back to wait…): not an attempt's end. */
const isMove = (e: unknown) =>
  e instanceof DelayedError || e instanceof WaitingError || e instanceof WaitingChildrenError || e instanceof RateLimitError;

export interface RunningWorkers {
  workers: Worker[];
  close(deadlineMs?: number): Promise<void>;
}

/**
 * Binds exactly one processor to each queue it is given; refuses to start when a queue has
 * two. Payloads are validated with the queue's schema (a bad payload is unrecoverable).
 */
export function startWorkers(options: {
  redisUrl: string;
  prefix: string;
  deps: WorkerDeps;
  processors: ProcessorDefinition<any>[];
  concurrency?: Partial<Record<QueueKey, number>>;
  queues?: QueueKey[];
  stalledIntervalMs?: number;
  /** How long a job's lock lives without renewal (BullMQ default 30 s); fault tests shorten it. */
  lockDurationMs?: number;
}): RunningWorkers {
  const byQueue = new Map<QueueKey, ProcessorDefinition<any>>();
  for (const p of options.processors) {
    if (byQueue.has(p.queue)) throw new Error(`Queue "${p.queue}" has two processors`);
    byQueue.set(p.queue, p);
  }
  const wanted = options.queues ?? (Object.keys(QUEUES) as QueueKey[]);
  const missing = wanted.filter((q) => !byQueue.has(q));
  if (missing.length) throw new Error(`No processor for queue(s): ${missing.join(', ')}`);

  const { log } = options.deps;
  const workers = wanted.map((key) => {
    const def = QUEUES[key];
    const proc = byQueue.get(key) as ProcessorDefinition<any>;
    const worker = new Worker(
      def.name,
      async (job: Job) => {
        const started = performance.now();
        let outcome: 'completed' | 'failed' | null = 'failed';
        try {
          const parsed = def.payload.safeParse(job.data);
          if (!parsed.success)
            throw new UnrecoverableError(`Invalid payload for ${key}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
          job.data = parsed.data;
          const result = await proc.process(job, options.deps);
          outcome = 'completed';
          return result;
        } catch (e) {
          if (isMove(e)) outcome = null;
          throw e;
        } finally {
          if (outcome) jobDuration.observe({ queue: key, model: modelOf(job), outcome }, (performance.now() - started) / 1000);
        }
      },
      {
        connection: createRedis(options.redisUrl, { blocking: true }),
        prefix: options.prefix,
        concurrency: options.concurrency?.[key] ?? def.concurrency,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
        maxStalledCount: 1,
      },
    );
    worker.on('failed', (job, err) => {
      if (!job) return;
      const attempts = job.opts.attempts ?? 1;
      const final = err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= attempts;
      log.warn({ queue: key, jobId: job.id, attempt: job.attemptsMade, final, err: err.message }, 'job failed');
      jobFailures.inc({ queue: key, model: modelOf(job), final: String(final) });
      if (final && proc.onFinalFailure) {
        proc
          .onFinalFailure(job, err, options.deps)
          .catch((e: unknown) => log.error({ queue: key, jobId: job.id, err: String(e) }, 'final-failure handler failed'));
      }
    });
    worker.on('error', (err) => log.error({ queue: key, err: err.message }, 'worker error'));
    return worker;
  });

  return {
    workers,
    /** worker.close() waits forever for running jobs: give it a deadline, then force. */
    async close(deadlineMs = 25_000) {
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), deadlineMs).unref());
      if ((await Promise.race([graceful, timeout])) === 'timeout') {
        log.warn('worker shutdown deadline passed; forcing close');
        await Promise.all(workers.map((w) => w.close(true)));
      }
    },
  };
}
