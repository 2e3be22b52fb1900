import { AppError, isAppError } from '@atelier/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { authenticateRequest, INVALID_TOKEN } from '../auth/auth.session';
import { PixelForwarder, relayHeaders, relayTarget } from './tracking.relay';
import { ZFallbackPayload } from './tracking.schema';
import { storeFallbackEvents } from './tracking.service';

/** The analytics fallback (spec §7): served under the REST base and, for deployments that strip it, at the root too. */
export const FALLBACK_PATHS = ['/api/analytics/fox/boom', '/analytics/fox/boom'] as const;
/** The ad-pixel relay under the default proxy base (the web app's VITE_PIXEL_PROXY_BASE). */
export const PIXEL_RELAY_BASE = '/api/px';
/** Pixel hits per IP per minute before the relay stops forwarding (it still answers 204). */
const PIXEL_HITS_PER_MINUTE = 600;
/** Fallback posts per IP per minute, whatever client ids it claims. */
const FALLBACK_POSTS_PER_IP_FACTOR = 5;

function sendError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds) void reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
}

/**
 * `POST /api/analytics/fox/boom` and the pixel relay `/api/px/*`. Static routes, so they win over the
 * REST mirror's `/api/*`; each in its own encapsulated plugin with its own body parsing and size cap.
 */
export async function trackingPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  await app.register(fallbackRoutes, { deps });
  await app.register(pixelRelayRoutes, { deps });
}

async function fallbackRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const bodyLimit = deps.env.analytics.maxBodyBytes;
  // JSON from fetch; text/plain from navigator.sendBeacon (which cannot set a JSON content type).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const parsed = ZFallbackPayload.safeParse(req.body);
    if (!parsed.success) {
      const fields = parsed.error.issues
        .slice(0, 20)
        .map((i) => ({ path: i.path.length ? i.path.map(String).join('.') : '(body)', message: i.message }));
      return sendError(reply, new AppError('VALIDATION', 'Invalid analytics payload', { fields }));
    }
    const payload = parsed.data;
    try {
      const limit = deps.env.analytics.rateLimitPerMinute;
      await rateLimit(deps, `fox:client:${payload.clientId}`, limit);
      await rateLimit(deps, `fox:ip:${req.ip}`, limit * FALLBACK_POSTS_PER_IP_FACTOR);
      // The user, when the request carries a valid bearer; an expired one is simply anonymous here.
      const auth = await authenticateRequest(deps, req.headers.authorization);
      const userId = auth && auth !== INVALID_TOKEN ? auth.id : null;
      const stored = await storeFallbackEvents(deps, payload, userId);
      return reply.status(202).header('cache-control', 'no-store').send({ stored });
    } catch (error) {
      if (isAppError(error)) return sendError(reply, error);
      throw error;
    }
  };

  for (const url of FALLBACK_PATHS) app.post(url, { bodyLimit }, handler);
}

async function pixelRelayRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const forwarder = new PixelForwarder({ timeoutMs: deps.env.analytics.pixelUpstreamTimeoutMs, log: deps.log });
  const bodyLimit = deps.env.analytics.maxBodyBytes;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const upstream = deps.env.analytics.pixelUpstreamUrl;
    if (upstream) {
      let allowed = true;
      try {
        await rateLimit(deps, `px:ip:${req.ip}`, PIXEL_HITS_PER_MINUTE);
      } catch {
        allowed = false;
      }
      const raw = req.raw.url ?? req.url;
      const queryAt = raw.indexOf('?');
      const rest = (req.params as { '*'?: string })['*'] ?? '';
      const target = relayTarget(upstream, rest, queryAt >= 0 ? raw.slice(queryAt + 1) : '');
      if (allowed && target) {
        forwarder.forward({
          method: req.method,
          target,
          headers: relayHeaders(req.headers, req.ip),
          body: Buffer.isBuffer(req.body) ? req.body : undefined,
        });
      }
    }
    // Never blocks the page: 204 at once, whether or not the hit was forwarded.
    return reply.status(204).header('cache-control', 'no-store').send();
  };

  app.route({ method: ['GET', 'POST'], url: PIXEL_RELAY_BASE, bodyLimit, handler });
  app.route({ method: ['GET', 'POST'], url: `${PIXEL_RELAY_BASE}/*`, bodyLimit, handler });
}
