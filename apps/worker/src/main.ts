import { createDb } from '@atelier/db';
import { AUTH_SECRET_FILE } from '@atelier/shared/auth-secret';
import { EnvError, parseEnv } from '@atelier/shared/env';
import { pino } from 'pino';
import { startAllWorkers } from './setup';

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env, { authSecretFile: AUTH_SECRET_FILE });
  } catch (e) {
    console.error(e instanceof EnvError ? e.message : e);
    process.exit(1);
  }
  const log = pino({ level: env.logLevel, base: { app: 'worker' } });
  const { db } = createDb({ connectionString: env.db.url, max: env.db.poolMax });
  const running = await startAllWorkers({ env, db, log });
  log.info('worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing in-flight jobs');
    await running.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
