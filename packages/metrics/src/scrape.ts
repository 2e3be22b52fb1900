import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectProcessMetrics, registry } from './series';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a scrape may read the metrics: anyone when no token is configured (METRICS_TOKEN unset:
 * bind or firewall the endpoint), else only `Authorization: Bearer <token>`. The comparison takes
 * the same time whatever the sent value (both sides hashed to 32 bytes, then compared in constant time).
 */
export function scrapeAllowed(authorization: string | string[] | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  const sent = match?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/** The registry in Prometheus text format. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export interface MetricsServer {
  /** The port it listens on (the given one, or the one the system picked for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The worker's metrics endpoint: a small HTTP server answering GET /metrics (and nothing else) on
 * `host:port`, with the same token rule as the api's. Starts Node's process metrics too.
 */
export async function serveMetrics(options: { host: string; port: number; token?: string | undefined }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    if (!scrapeAllowed(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8' }).end('Unauthorized\n');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  // Prometheus keeps its connection open between scrapes; don't let it hold up shutdown.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
