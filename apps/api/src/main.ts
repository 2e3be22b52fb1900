import { AUTH_SECRET_FILE } from '@atelier/shared/auth-secret';
import { type Env, EnvError, parseEnv } from '@atelier/shared/env';
import { createDeps, createLogger } from './deps';
import { chatRunner } from './modules/chat/chat.runner';
import { buildServer } from './server';

async function main() {
  let env: Env;
  try {
    env = parseEnv(process.env, { authSecretFile: AUTH_SECRET_FILE });
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(env);
  if (env.auth.secretSource === 'generated')
    log.info({ file: AUTH_SECRET_FILE }, 'AUTH_SECRET was not set: generated one and kept it (mode 0600) for the next starts');
  else if (env.auth.secretSource === 'file') log.info({ file: AUTH_SECRET_FILE }, 'AUTH_SECRET not set: using the one kept in the data folder');
  else if (env.auth.secretSource === 'ephemeral')
    log.warn('AUTH_SECRET not set: using a random secret for this process only (sign-ins and media links end when it stops)');
  const deps = createDeps(env, log);
  const app = await buildServer(deps);

  let workers: { close: (deadlineMs?: number) => Promise<void> } | null = null;
  if (env.worker.inline) {
    const { startAllWorkers } = await import('@atelier/worker');
    workers = await startAllWorkers({ env, db: deps.db, log: log.child({ app: 'worker' }), storage: deps.storage });
    log.info('worker running in this process');
  }

  await app.listen({ host: env.http.host, port: env.http.port });
  log.info({ url: env.http.publicUrl }, 'Atelier is listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await app.close();
    await chatRunner.stopAll();
    await workers?.close();
    await deps.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
