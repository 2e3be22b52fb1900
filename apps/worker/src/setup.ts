import type { Db } from '@atelier/db';
import { LocalDiskStorage, type MediaStorage } from '@atelier/media';
import { createProviders } from '@atelier/providers';
import type { Env } from '@atelier/shared/env';
import type { Logger } from 'pino';
import { type Engine, localEngines } from './engines';
import { reconcileExports } from './processors/export.processor';
import { processors } from './processors/index';
import { createQueueClient } from './queues';
import { reconcileGenerations } from './reconcile';
import { type RunningWorkers, startWorkers } from './registry';

export function createStorage(env: Env): MediaStorage {
  return new LocalDiskStorage(env.media.dir);
}

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
}): Promise<RunningWorkers> {
  const { env, db, log } = options;
  const storage = options.storage ?? createStorage(env);
  // Hosted providers whose keys are set run beside the local engines (packages/providers).
  const engines = options.engines ?? { ...(await localEngines()), ...createProviders(env).engines };
  const queues = createQueueClient(env.redis.url, env.redis.queuePrefix);
  try {
    await reconcileGenerations({ db, log, queues });
    await reconcileExports({ db, log, queues });
  } catch (e) {
    log.warn({ err: String(e) }, 'reconcile skipped');
  } finally {
    await queues.close();
  }
  return startWorkers({
    redisUrl: env.redis.url,
    prefix: env.redis.queuePrefix,
    deps: { db, log, env, storage, engines },
    processors,
    concurrency: { image: env.worker.concurrency, audio: env.worker.concurrency, text: env.worker.concurrency },
    ...(options.stalledIntervalMs ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    ...(options.lockDurationMs ? { lockDurationMs: options.lockDurationMs } : {}),
  });
}
