import { AUTH_SECRET_FILE } from './auth-secret';
import { type Env, EnvError, parseEnv } from './env';

/**
 * The server processes' configuration (api, worker, launcher), or — when a variable is bad — its
 * message on stderr and exit 1 (no stack trace). Without AUTH_SECRET in development they share the
 * one kept in the data folder (generated on first start), so every role signs and checks alike.
 */
export function envOrExit(): Env {
  try {
    return parseEnv(process.env, { authSecretFile: AUTH_SECRET_FILE });
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

/**
 * Graceful stop for the server processes (api, worker, launcher): the first SIGTERM/SIGINT runs
 * `stop` (finish in-flight requests and jobs) and exits 0; the process exits 1 if that takes
 * longer than `forceAfterMs`. Later signals are ignored while it stops.
 */
export function exitOnSignals(log: { info: (obj: object, msg: string) => void }, stop: () => Promise<void>, forceAfterMs = 30_000): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight work');
    setTimeout(() => process.exit(1), forceAfterMs).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Says where AUTH_SECRET came from, once per server start (a generated or per-process one is worth knowing). */
export function announceAuthSecret(env: Env, log: { info: (obj: object, msg: string) => void; warn: (msg: string) => void }): void {
  const source = env.auth.secretSource;
  if (source === 'generated')
    log.info({ file: AUTH_SECRET_FILE }, 'AUTH_SECRET was not set: generated one and kept it (mode 0600) for the next starts');
  else if (source === 'file') log.info({ file: AUTH_SECRET_FILE }, 'AUTH_SECRET not set: using the one kept in the data folder');
  else if (source === 'ephemeral')
    log.warn('AUTH_SECRET not set: using a random secret for this process only (sign-ins and media links end when it stops)');
}
