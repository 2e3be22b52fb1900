import { httpRequestDuration, renderMetrics, scrapeAllowed } from '@atelier/metrics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { AppDeps } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The procedure a /trpc or /api request ran, as its route label (set by trpc.ts's middleware); '' otherwise. */
    metricsRoute: string;
  }
}

/** The label of a request that matched no route (the web app's HTML fallback, 404s). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The label of a /trpc request that batched several procedures. */
export const BATCH_ROUTE = '/trpc/(batch)';

/**
 * The route label of a procedure call: `/api<openapi path>` over REST (`/api/generation/{id}`),
 * `/trpc/<procedure>` over tRPC; a tRPC batch of different procedures is `/trpc/(batch)`. Only the
 * router's own names and patterns, never ids: the label set stays bounded. `routeUrl` is the
 * matched route's pattern (`req.routeOptions.url`: Fastify builds that object on every read).
 */
export function procedureRoute(
  req: Pick<FastifyRequest, 'metricsRoute'>,
  routeUrl: string | undefined,
  path: string,
  meta: OpenApiMeta | undefined,
): string {
  const openapiPath = meta?.openapi?.path;
  const label = openapiPath && routeUrl?.startsWith('/api/') ? `/api${openapiPath}` : `/trpc/${path}`;
  return req.metricsRoute && req.metricsRoute !== label ? BATCH_ROUTE : label;
}

/**
 * Prometheus metrics on the api: GET /metrics (packages/metrics' registry: this process's series,
 * and the workers' too in the one-process launcher), behind `Authorization: Bearer <METRICS_TOKEN>`
 * when that is set; and one histogram observation per request, labelled with the route pattern
 * (never the raw URL), the method and the status.
 */
export function registerMetrics(app: FastifyInstance, deps: Pick<AppDeps, 'env'>): void {
  app.decorateRequest('metricsRoute', '');
  app.addHook('onResponse', (req, reply, done) => {
    httpRequestDuration.observe(
      { route: req.metricsRoute || req.routeOptions.url || UNMATCHED_ROUTE, method: req.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (!scrapeAllowed(req.headers.authorization, deps.env.metrics.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'UNAUTHENTICATED', message: 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>' } });
    }
    const { contentType, body } = await renderMetrics();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
