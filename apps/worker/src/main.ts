import { createDb } from '@atelier/db';
import { envOrExit, exitOnSignals } from '@atelier/shared/process';
import { pino } from 'pino';
import { startAllWorkers } from './setup';

/** The worker role (`npm run start:worker`, the docker worker service): every queue's processor and the maintenance schedule. */
async function main() {
  const env = envOrExit();
  const log = pino({ level: env.logLevel, base: { app: 'worker' } });
  const { db } = createDb({ connectionString: env.db.url, max: env.db.poolMax });
  const running = await startAllWorkers({ env, db, log });
  log.info('worker started');
  exitOnSignals(
    log,
    async () => {
      await running.close();
      await db.destroy();
    },
    40_000,
  );
}

void main();
