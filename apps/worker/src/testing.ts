import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Engine } from '@atelier/ai';
import type { Db } from '@atelier/db';
import { createEventBus, createQueueClient, type EventBus, type QueueClient } from '@atelier/jobs';
import { LocalDiskStorage, type MediaStorage } from '@atelier/media';
import { type Env, parseEnv } from '@atelier/shared/env';
import { pino } from 'pino';
import type { MaintenanceTask } from './maintenance/tasks';
import type { WorkerDeps } from './registry';

/**
 * Worker dependencies for this package's integration tests: the real queue client and event bus
 * on the test's Redis prefix, a media folder of its own, and the engines the test gives.
 */
export function testWorkerDeps(options: {
  db: Db;
  redisUrl: string;
  prefix: string;
  storage?: MediaStorage;
  engines?: Record<string, Engine>;
  maintenance?: MaintenanceTask[];
  env?: Env;
}): WorkerDeps & { queues: QueueClient; bus: EventBus; close(): Promise<void> } {
  const queues = createQueueClient(options.redisUrl, options.prefix);
  const bus = createEventBus({ redisUrl: options.redisUrl, prefix: options.prefix });
  return {
    db: options.db,
    log: pino({ level: 'silent' }),
    env: options.env ?? parseEnv({ NODE_ENV: 'test', REDIS_URL: options.redisUrl, QUEUE_PREFIX: options.prefix }),
    storage: options.storage ?? new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'atelier-worker-'))),
    engines: options.engines ?? {},
    events: bus,
    bus,
    queues,
    maintenance: options.maintenance ?? [],
    async close() {
      await Promise.all(Object.values(queues.queues).map((q) => q.obliterate({ force: true }).catch(() => {})));
      await queues.close();
      await bus.close();
    },
  };
}
