import { type Engine, localEngines } from '@atelier/ai';
import { type Db, loadComfyWorkflow, onWebhookDeliveries } from '@atelier/db';
import { createEventBus, createQueueClient, type EventPublisher, jobIds, type QueueClient, type QueueKey } from '@atelier/jobs';
import { createStorage, type MediaStorage } from '@atelier/media';
import { watchQueues } from '@atelier/metrics';
import { createProviders } from '@atelier/providers';
import type { Env } from '@atelier/shared/env';
import type { Logger } from 'pino';
import { type MaintenanceTask, maintenanceTasks } from './maintenance/tasks';
import { processors } from './processors/index';
import { enqueueWebhookDeliveries } from './processors/webhooks.processor';
import { type RunningWorkers, startWorkers } from './registry';

/**
 * One scheduler per maintenance task (BullMQ keeps one per id, so N workers upserting them still
 * produce one job per period), schedulers of tasks that no longer exist removed, and the tasks
 * marked `onStart` queued once now — one job per minute whichever workers start in it.
 */
export async function scheduleMaintenance(queues: QueueClient, tasks: MaintenanceTask[], everyMs?: number): Promise<void> {
  const wanted = new Set(tasks.map((t) => jobIds.maintenance(t.name)));
  for (const s of await queues.repeating('maintenance')) if (!wanted.has(s.id)) await queues.stopRepeating('maintenance', s.id);
  for (const t of tasks) await queues.repeat('maintenance', jobIds.maintenance(t.name), everyMs ?? t.everyMs, { task: t.name });
  const slot = Math.floor(Date.now() / 60_000);
  for (const t of tasks.filter((x) => x.onStart))
    await queues.enqueue('maintenance', { task: t.name }, { jobId: `${jobIds.maintenance(t.name)}-start-${slot}`, delay: 2000 });
}

/**
 * Starts every queue's worker with its dependencies and puts the maintenance schedule in place.
 * Used by the standalone worker (apps/worker/src/main.ts), by the one-process launcher and by tests.
 */
export async function startAllWorkers(options: {
  env: Env;
  db: Db;
  log: Logger;
  storage?: MediaStorage;
  engines?: Record<string, Engine>;
  /** Share the process's event publisher (the launcher passes the api's); else one is opened. */
  events?: EventPublisher;
  stalledIntervalMs?: number;
  lockDurationMs?: number;
  /** The maintenance tasks (default: all of maintenance/tasks.ts). */
  maintenance?: MaintenanceTask[];
  /** Runs every maintenance task at this period instead of its own (tests run time fast). */
  maintenanceEveryMs?: number;
  /** Only these queues' workers (tests of one queue); default every queue. No schedule without `maintenance`. */
  queues?: QueueKey[];
}): Promise<RunningWorkers> {
  const { env, db, log } = options;
  const storage = options.storage ?? createStorage(env);
  // Hosted providers whose keys are set run beside the local engines (packages/providers); ComfyUI
  // workflows are read from the database per generation.
  const engines = options.engines ?? {
    ...(await localEngines()),
    ...createProviders(env, { comfyWorkflows: (modelId) => loadComfyWorkflow(db, modelId) }).engines,
  };
  const queues = createQueueClient(env.redis.url, env.redis.queuePrefix);
  // atelier_queue_jobs reads the queue counts through this client at scrape time.
  const unwatchQueues = watchQueues(queues);
  // Webhook deliveries recorded in this process's transactions (generation and export ends) are enqueued once committed.
  const unregisterWebhooks = onWebhookDeliveries((ids) =>
    enqueueWebhookDeliveries(queues, ids).catch((e: unknown) => log.warn({ err: String(e) }, 'webhook deliveries not queued; maintenance will')),
  );
  const ownBus = options.events ? null : createEventBus({ redisUrl: env.redis.url, prefix: env.redis.queuePrefix, log });
  const events = options.events ?? (ownBus as EventPublisher);
  const maintenance = options.maintenance ?? maintenanceTasks;
  // Redis unreachable at start: the workers wait for it, and the schedule is tried again until it is in place.
  let retry: NodeJS.Timeout | null = null;
  const schedule = () =>
    scheduleMaintenance(queues, maintenance, options.maintenanceEveryMs).catch((e: unknown) => {
      log.warn({ err: String(e) }, 'maintenance schedule not set up yet; trying again in 30 s');
      retry = setTimeout(schedule, 30_000);
      retry.unref();
    });
  if (!options.queues || options.queues.includes('maintenance')) await schedule();
  const running = startWorkers({
    redisUrl: env.redis.url,
    prefix: env.redis.queuePrefix,
    deps: { db, log, env, storage, engines, events, queues, maintenance },
    processors,
    ...(options.queues ? { queues: options.queues } : {}),
    concurrency: { image: env.worker.concurrency, audio: env.worker.concurrency, text: env.worker.concurrency },
    ...(options.stalledIntervalMs ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    ...(options.lockDurationMs ? { lockDurationMs: options.lockDurationMs } : {}),
  });
  return {
    workers: running.workers,
    async close(deadlineMs?: number) {
      if (retry) clearTimeout(retry);
      unwatchQueues();
      unregisterWebhooks();
      await running.close(deadlineMs);
      await queues.close().catch(() => {});
      await ownBus?.close();
    },
  };
}
