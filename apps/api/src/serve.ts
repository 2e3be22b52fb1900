import type { Env } from '@atelier/shared/env';
import { announceAuthSecret } from '@atelier/shared/process';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createDeps } from './deps';
import { buildServer } from './server';

export interface ApiProcess {
  deps: ReturnType<typeof createDeps>;
  app: FastifyInstance;
}

/**
 * The api role: dependencies built once, the server listening (api, REST, the built web app,
 * /media). Stop it with `app.close()` (in-flight requests finish), then `deps.close()` (this
 * process's chat replies end, connections close). Started by main.ts (`npm run start:api`, the
 * docker api service) and by packages/launcher, which runs the workers beside it (`npm start`).
 */
export async function serveApi(env: Env, log: Logger): Promise<ApiProcess> {
  announceAuthSecret(env, log);
  const deps = createDeps(env, log);
  const app = await buildServer(deps);
  await app.listen({ host: env.http.host, port: env.http.port });
  log.info({ url: env.http.publicUrl }, 'Atelier is listening');
  return { deps, app };
}
