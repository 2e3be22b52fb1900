import type { Db } from '@atelier/db';
import { createStorage, type MediaStorage } from '@atelier/media';
import { createProviders } from '@atelier/providers';
import type { Env } from '@atelier/shared/env';
import type { Logger } from 'pino';
import { type Engine, localEngines } from './engines';
import { reconcileOutbox } from './processors/email.processor';
import { reconcileExports } from './processors/export.processor';
import { processors } from './processors/index';
import { reconcileSeoRuns } from './processors/seo.processor';
import { createQueueClient } from './queues';
import { reconcileGenerations } from './reconcile';
import { type RunningWorkers, startWorkers } from './registry';

/**
 * Starts every queue's worker with its dependencies, after reconciling generations that lost
 * their job. Used by the standalone worker and by the api's one-process mode.
 */
export async function startAllWorkers(options: {
  env: Env;
  db: Db;
  log: Logger;
  storage?: MediaStorage;
  engines?: Record<string, Engine>;
  stalledIntervalMs?: number;
  lockDurationMs?: number;
  /** How often the running worker reconciles generations again (default 5 min; 0 = never). */
  reconcileEveryMs?: number;
}): Promise<RunningWorkers> {
  const { env, db, log } = options;
  const storage = options.storage ?? createStorage(env);
  // Hosted providers whose keys are set run beside the local engines (packages/providers).
  const engines = options.engines ?? { ...(await localEngines()), ...createProviders(env).engines };
  const queues = createQueueClient(env.redis.url, env.redis.queuePrefix);
  try {
    await reconcileGenerations({ db, log, queues });
    await reconcileExports({ db, log, queues });
    await reconcileSeoRuns({ db, log, queues });
    await reconcileOutbox({ db, log, queues });
  } catch (e) {
    log.warn({ err: String(e) }, 'reconcile skipped');
  } finally {
    await queues.close();
  }
  const running = startWorkers({
    redisUrl: env.redis.url,
    prefix: env.redis.queuePrefix,
    deps: { db, log, env, storage, engines },
    processors,
    concurrency: { image: env.worker.concurrency, audio: env.worker.concurrency, text: env.worker.concurrency },
    ...(options.stalledIntervalMs ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    ...(options.lockDurationMs ? { lockDurationMs: options.lockDurationMs } : {}),
  });
  // Not only at start-up: a worker killed between failing a job for good and refunding it (or a
  // Redis that lost a job) leaves a row PENDING/PROCESSING with no live job; sweep for those.
  const every = options.reconcileEveryMs ?? 5 * 60_000;
  if (!every) return running;
  const sweeper = createQueueClient(env.redis.url, env.redis.queuePrefix);
  const timer = setInterval(() => {
    reconcileGenerations({ db, log, queues: sweeper }).catch((e: unknown) => log.warn({ err: String(e) }, 'periodic reconcile skipped'));
    // Mails whose enqueue failed after their transaction committed (Redis blip) go out on the next sweep.
    reconcileOutbox({ db, log, queues: sweeper }).catch((e: unknown) => log.warn({ err: String(e) }, 'periodic outbox reconcile skipped'));
  }, every);
  timer.unref();
  return {
    workers: running.workers,
    async close(deadlineMs?: number) {
      clearInterval(timer);
      await running.close(deadlineMs);
      await sweeper.close();
    },
  };
}
