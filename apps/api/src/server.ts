import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TRPCError } from '@trpc/server';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { type AppDeps, contextFactory } from './context';
import { isUnavailableError, logProcedureError } from './errors';
import { lazyRequestLogger } from './lib/lazy-logger';
import { adminHttpPlugin } from './modules/admin/admin.export';
import { seoFeedPlugin } from './modules/seo/seo.feed';
import { trackingPlugin } from './modules/tracking/tracking.plugin';
import { registerMedia } from './plugins/media';
import { registerMetrics } from './plugins/metrics';
import { registerRest } from './plugins/rest';
import { registerSecurityHeaders } from './plugins/security-headers';
import { stripeWebhookPlugin } from './plugins/stripe-webhook';
import { registerTrpcHttp } from './plugins/trpc-http';
import { registerWebAssets } from './plugins/web-assets';
import { resolveWebDist } from './plugins/web-dist';
import { type AppRouter, appRouter } from './router';
import { configureValidation } from './trpc';

declare module 'fastify' {
  interface FastifyRequest {
    /** The path and query as the client sent them. */
    requestPath: string;
  }
}

const REDACT_QUERY = /([?&](?:token|sig|signature|access_token|connectionParams)=)[^&]*/gi;

/** The options /trpc is served with (plugins/trpc-http.ts; its test hands the same ones to tRPC's own adapter). */
export function trpcOptionsFor(deps: AppDeps) {
  return {
    router: appRouter,
    createContext: contextFactory(deps),
    // Postgres/Redis unreachable while building the context (the session lookup): 503, not 500.
    responseMeta: ({ errors }: { errors: { cause?: unknown }[] }) =>
      errors.some((e) => isUnavailableError(e.cause)) ? { status: 503, headers: { 'Retry-After': '5' } } : {},
    onError: (opts: { error: TRPCError; path?: string; type?: string }) => logProcedureError(deps.log, 'trpc', opts),
  } as unknown as FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
}

export async function buildServer(deps: AppDeps): Promise<FastifyInstance> {
  // Validation: input and output parse sync-first; output schemas are checked in development and
  // tests, not on every production response (VALIDATE_OUTPUT).
  configureValidation(appRouter, deps.env.http.validateOutput);
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.log as unknown as FastifyBaseLogger,
    // Our own onResponse hook logs one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    // The request's logger (req.log) is made when something logs through it, not on every request.
    childLoggerFactory: lazyRequestLogger,
    // Only behind a reverse proxy: otherwise any client could pick its own IP (X-Forwarded-For).
    trustProxy: deps.env.http.trustProxy,
    // Image uploads travel as base64 JSON (≤ 8 MB files); everything else is far smaller.
    bodyLimit: 12 * 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });

  // The REST adapter rewrites req.url (and originalUrl) to strip /api: keep what the client asked for.
  app.decorateRequest('requestPath', '');
  // Hooks on every request are callback-style: an async hook costs a promise and a microtask turn each.
  app.addHook('onRequest', (req, _reply, done) => {
    req.requestPath = req.raw.url ?? req.url;
    done();
  });

  // One line per request: method, url, status and duration (spec §8). No bodies, no headers.
  app.addHook('onResponse', (req, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : req.requestPath.startsWith('/assets/') ? 'debug' : 'info';
    // The entry is only built when it will be written.
    if (deps.log.isLevelEnabled(level)) {
      const entry = {
        method: req.method,
        url: req.requestPath.replace(REDACT_QUERY, '$1[redacted]'),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      };
      // Through the api's logger with the request's id: what req.log writes, without making it.
      deps.log[level]({ reqId: req.id, ...entry }, level === 'error' ? 'request failed' : 'request');
    }
    done();
  });

  // GET /metrics, and one duration observation per request (route pattern, method, status).
  registerMetrics(app, deps);

  // The CSP (plugins/csp.ts) and helmet's other security headers, computed once here.
  registerSecurityHeaders(app, deps.env.analytics.cspOrigins);
  // Only configured origins get CORS headers at all: an unlisted origin gets no Allow-Origin and no
  // Allow-Credentials (the plugin would otherwise send Allow-Credentials to everyone).
  const corsOrigins = new Set(deps.env.http.corsOrigins);
  await app.register(cors, {
    origin: (origin: string | undefined, cb: (err: Error | null, allow: string | false) => void) =>
      cb(null, origin && corsOrigins.has(origin) ? origin : false),
    credentials: true,
  });
  await app.register(cookie);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error, url: req.url }, 'unhandled error');
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status < 500 ? 'VALIDATION' : 'INTERNAL';
    const message =
      status < 500
        ? error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : error.message
        : 'Something went wrong on our side';
    void reply.status(status).send({ error: { code, message, ...(status === 400 ? { fields: [{ path: '(body)', message }] } : {}) } });
  });

  // tRPC at /trpc: the official Fastify adapter, with plain queries answered on a fast path (plugins/trpc-http.ts).
  await registerTrpcHttp(app, '/trpc', trpcOptionsFor(deps));

  await app.register(stripeWebhookPlugin, { deps });
  await app.register(trackingPlugin, { deps });
  await app.register(seoFeedPlugin, { deps });
  await registerRest(app, deps, appRouter as AppRouter);
  await registerMedia(app, deps);
  await app.register(adminHttpPlugin, { deps });

  const webDist = resolveWebDist(deps.env.http.webDistDir);
  // Precompressed, cached assets and index.html with the route's modulepreloads (plugins/web-assets.ts).
  const web = webDist ? await registerWebAssets(app, webDist) : null;

  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/trpc') && !req.url.startsWith('/media');
    if (wantsHtml && web) {
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(web.indexHtml(req.url));
      return;
    }
    if (wantsHtml) {
      void reply.type('text/html').send('<!doctype html><title>Atelier</title><p>The web app has not been built. Run <code>npm start</code>.</p>');
      return;
    }
    void reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${req.method} ${req.url.split('?')[0]}` } });
  });

  return app;
}
