import type { Env } from '@atelier/shared/env';
import type { FastifyRequest } from 'fastify';

const normalize = (origin: string): string | null => {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The origin the request was sent to: its scheme and Host. Behind a trusted proxy (TRUST_PROXY)
 * Fastify takes both from X-Forwarded-Proto / X-Forwarded-Host; otherwise those headers are ignored.
 */
export function ownOrigin(req: FastifyRequest): string | null {
  return req.host ? normalize(`${req.protocol}://${req.host}`) : null;
}

/**
 * CSRF check for cookie-authenticated requests: the browser's Origin must be the request's own
 * origin (the app opened under any of its names: localhost, 127.0.0.1, a LAN address…), PUBLIC_URL's
 * or one of CORS_ORIGINS. A page on another site sends its own Origin, which matches none of them;
 * a missing or opaque ("null") Origin is refused.
 */
export function isTrustedOrigin(req: FastifyRequest, env: Env): boolean {
  const header = req.headers.origin;
  if (typeof header !== 'string' || header === 'null') return false;
  const origin = normalize(header);
  if (!origin) return false;
  if (env.http.corsOrigins.some((allowed) => normalize(allowed) === origin)) return true;
  return origin === ownOrigin(req);
}
