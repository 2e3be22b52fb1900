import { createDb } from '@atelier/db';
import { EnvError, parseEnv } from '@atelier/shared/env';
import { exitOnSignals } from '@atelier/shared/process';
import { pino } from 'pino';
import { startAllWorkers } from './setup';

/** The worker role (`npm run start:worker`, the docker worker service): every queue's processor and the maintenance schedule. */
async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (e) {
    console.error(e instanceof EnvError ? e.message : e);
    process.exit(1);
  }
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
