import { createLogger } from '@atelier/api/deps';
import { serveApi } from '@atelier/api/serve';
import { envOrExit, exitOnSignals } from '@atelier/shared/process';
import { type RunningWorkers, startAllWorkers } from '@atelier/worker';

/**
 * The one-process mode (`npm start`): the api role and, with INLINE_WORKER=true, the worker role
 * in the same process, sharing its Postgres pool, media storage and event connection. The apps
 * never import each other; this launcher composes them.
 */
async function main() {
  const env = envOrExit();
  const log = createLogger(env);
  const { app, deps } = await serveApi(env, log);
  let workers: RunningWorkers | null = null;
  if (env.worker.inline) {
    workers = await startAllWorkers({ env, db: deps.db, log: log.child({ app: 'worker' }), storage: deps.storage, events: deps.events });
    log.info('worker running in this process');
  }
  // One process, one metrics registry: the api's GET /metrics already shows the workers' series.
  if (env.metrics.port)
    log.info({ port: env.metrics.port }, 'METRICS_PORT is not used in the one-process mode: the api serves every series at /metrics');
  exitOnSignals(log, async () => {
    await app.close();
    await workers?.close();
    await deps.close();
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
