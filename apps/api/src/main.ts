import { envOrExit, exitOnSignals } from '@atelier/shared/process';
import { createLogger } from './deps';
import { serveApi } from './serve';

/** The api alone (`npm run start:api`): no job workers here — run `npm run start:worker` beside it. */
async function main() {
  const env = envOrExit();
  const log = createLogger(env);
  if (env.worker.inline) {
    log.warn(
      'INLINE_WORKER=true is ignored here: this process runs the api only. `npm start` (packages/launcher) runs the workers in the same process.',
    );
  }
  const { app, deps } = await serveApi(env, log);
  exitOnSignals(log, async () => {
    await app.close();
    await deps.close();
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
