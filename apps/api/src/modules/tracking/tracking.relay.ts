import type { Logger } from 'pino';

/**
 * The ad-pixel relay (spec §7: "Ad-pixel traffic is rewritten to a same-origin relay path under a
 * configurable proxy base"). The browser sends pixel hits to `/api/px/<path>?<query>`; we forward them
 * to `PIXEL_UPSTREAM_URL/<path>?<query>` in the background and answer 204 at once, so the page never
 * waits for (or learns about) the pixel host.
 */

/** What may follow the relay prefix: plain path segments, never `..`, never a scheme or a second host. */
const SAFE_PATH = /^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]*)*$/;
export const MAX_RELAY_PATH = 256;
export const MAX_RELAY_QUERY = 8192;

/**
 * The upstream URL for a relayed request, or null when the path is unsafe. The result always stays on
 * the configured upstream's origin and under its path (no open proxy).
 */
export function relayTarget(upstream: string, rest: string, query: string): URL | null {
  if (rest.length > MAX_RELAY_PATH || query.length > MAX_RELAY_QUERY) return null;
  if (rest !== '' && !SAFE_PATH.test(rest)) return null;
  if (rest.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  let base: URL;
  try {
    base = new URL(upstream);
  } catch {
    return null;
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  const target = new URL(`${base.origin}${basePath}/${rest}`);
  if (query) target.search = query.startsWith('?') ? query : `?${query}`;
  if (target.origin !== base.origin || !target.pathname.startsWith(`${basePath}/`)) return null;
  return target;
}

/** Request headers worth passing on: the pixel host matches visitors by user agent, language and IP. */
const FORWARDED_HEADERS = ['user-agent', 'accept-language', 'referer', 'content-type'] as const;

export function relayHeaders(incoming: Record<string, string | string[] | undefined>, clientIp: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = incoming[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') out[name] = first.slice(0, 1024);
  }
  out['x-forwarded-for'] = clientIp;
  return out;
}

export interface RelayRequest {
  method: string;
  target: URL;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/**
 * Forwards in the background with a deadline and a cap on requests in flight: a flood of pixel hits
 * (or a slow pixel host) costs at most `maxInFlight` sockets, and anything beyond is dropped.
 */
export class PixelForwarder {
  private inFlight = 0;

  constructor(private readonly options: { timeoutMs: number; maxInFlight?: number; log: Logger; fetchImpl?: typeof fetch }) {}

  get pending(): number {
    return this.inFlight;
  }

  /** Starts the forward and returns at once; false when it was dropped (too many in flight). */
  forward(request: RelayRequest): boolean {
    if (this.inFlight >= (this.options.maxInFlight ?? 32)) return false;
    this.inFlight += 1;
    const doFetch = this.options.fetchImpl ?? fetch;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body && request.body.length > 0;
    void doFetch(request.target, {
      method: request.method,
      headers: request.headers,
      ...(hasBody ? { body: new Uint8Array(request.body as Buffer) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.timeoutMs),
    })
      .then(async (response) => {
        // Drain the body so the socket goes back to the pool.
        await response.arrayBuffer().catch(() => undefined);
        if (response.status >= 400)
          this.options.log.debug({ status: response.status, path: request.target.pathname }, 'pixel upstream refused a hit');
      })
      .catch((error: unknown) => {
        this.options.log.debug({ err: error instanceof Error ? error.message : String(error) }, 'pixel upstream unreachable');
      })
      .finally(() => {
        this.inFlight -= 1;
      });
    return true;
  }
}
