import { type Env, EnvError, parseEnv } from './env';

/** The parsed configuration, or — when a variable is bad — its message on stderr and exit 1 (no stack trace). */
export function envOrExit(): Env {
  try {
    return parseEnv();
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
