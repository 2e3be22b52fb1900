import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { buildContentSecurityPolicy } from './csp';

/**
 * The security headers of every response, computed ONCE at start-up: helmet's defaults (no CSP and
 * no COEP from helmet — the CSP is ours, plugins/csp.ts) are captured by running its middleware a
 * single time against a recording response, then set from that list on each request. Helmet itself
 * would rebuild its policy strings on every request.
 */
export function securityHeaders(analyticsCspOrigins: readonly string[]): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      failed = err;
    },
  );
  if (failed) throw failed;
  headers.set('content-security-policy', buildContentSecurityPolicy(analyticsCspOrigins));
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, analyticsCspOrigins: readonly string[]): void {
  const headers = securityHeaders(analyticsCspOrigins);
  // On the raw response, as helmet set them: a route's own header (media's stricter CSP) still wins.
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
