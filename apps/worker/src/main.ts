import { createDb } from '@atelier/db';
import { parseEnv } from '@atelier/shared/env';
import { pino } from 'pino';
import { processors } from './processors/index';
import { startWorkers } from './registry';

const env = parseEnv();
const log = pino({ level: env.logLevel, base: { app: 'worker' } });
const { db } = createDb({ connectionString: env.db.url, max: env.db.poolMax });
const implemented = processors.map((p) => p.queue);
const running = startWorkers({ redisUrl: env.redis.url, prefix: env.redis.queuePrefix, deps: { db, log }, processors, queues: implemented });
log.info({ queues: implemented }, 'worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'finishing in-flight jobs');
  await running.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
