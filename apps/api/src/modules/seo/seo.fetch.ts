import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from '@atelier/providers';

/**
 * Fetches a web page for the competitor analysis, SSRF-safe (docs: reliability.md, SSRF). The
 * address rules are the project's one set (`@atelier/shared/ssrf`, through `isPublicAddress`: private, loopback,
 * link-local, CGNAT, multicast, reserved and IPv4-mapped/embedded IPv6 refused); this one reads
 * HTML instead of media:
 *  - http and https only, no credentials in the URL, ports 80/443 or ≥ 1024;
 *  - numeric host forms (0x7f000001, 2130706433, 0177.0.0.1) are normalised by the URL parser to
 *    dotted IPv4 and checked as such;
 *  - the host is resolved here, every answer must be public, and the socket connects to the
 *    checked address (no second lookup that could answer differently);
 *  - redirects are followed by hand (at most 5), each hop checked again;
 *  - a byte cap (Content-Length first, then counted; a longer page is truncated, not refused)
 *    and one deadline for the whole fetch.
 * `allowPrivate` (SEO_FETCH_ALLOW_PRIVATE, tests only) lifts the address rule, nothing else.
 */

export type LookupFn = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface PageFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  maxRedirects?: number;
}

export interface FetchedPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  html: string;
  truncated: boolean;
}

export class PageFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}

const systemLookup: LookupFn = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain', '']);

/** Checks a URL before connecting; returns the address to connect to. */
export async function vetUrl(url: URL, options: Pick<PageFetchOptions, 'allowPrivate' | 'lookup'>): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError(`Only http and https pages can be fetched (not ${url.protocol})`);
  if (url.username || url.password) throw new PageFetchError('URLs with credentials are not fetched');
  if (url.port) {
    const port = Number(url.port);
    if (!(port === 80 || port === 443 || port >= 1024)) throw new PageFetchError(`Port ${port} is not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new PageFetchError('The URL has no host');
  const family = net.isIP(host);
  if (family) {
    if (!options.allowPrivate && !isPublicAddress(host)) throw new PageFetchError('The URL points at a private or local address');
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!options.allowPrivate) throw new PageFetchError('The URL points at a private or local address');
  }
  let answers: { address: string; family: 4 | 6 }[];
  try {
    answers = await (options.lookup ?? systemLookup)(host);
  } catch {
    throw new PageFetchError(`The host ${host} could not be resolved`);
  }
  if (!answers.length) throw new PageFetchError(`The host ${host} could not be resolved`);
  if (!options.allowPrivate && answers.some((a) => !isPublicAddress(a.address))) {
    throw new PageFetchError('The host resolves to a private or local address');
  }
  return answers[0] as { address: string; family: 4 | 6 };
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  body?: Buffer;
  truncated: boolean;
}

function requestOnce(url: URL, pinned: { address: string; family: 4 | 6 }, maxBytes: number, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const lookup: net.LookupFunction = (_hostname, opts, cb) => {
      if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else cb(null, pinned.address, pinned.family);
    };
    const req = lib.request(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5',
          'accept-encoding': 'identity',
          'user-agent': 'AtelierSEOBot/1.0 (+competitor analysis)',
        },
        signal,
        lookup,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, truncated: false });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, contentType, truncated: false });
        }
        const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!HTML_TYPES.has(type)) {
          res.destroy();
          return reject(new PageFetchError(`The page is ${type}, not HTML`, status));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = (truncated: boolean) => {
          if (done) return;
          done = true;
          resolve({ status, contentType, body: Buffer.concat(chunks), truncated });
        };
        res.on('data', (c: Buffer) => {
          if (done) return;
          const room = maxBytes - size;
          if (c.length >= room) {
            chunks.push(c.subarray(0, room));
            size = maxBytes;
            finish(true);
            res.destroy();
            return;
          }
          chunks.push(c);
          size += c.length;
        });
        res.on('end', () => finish(false));
        res.on('error', (e) => (done ? undefined : reject(e)));
        res.on('aborted', () => (done ? undefined : reject(new PageFetchError('The page download was cut off', status))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function decode(body: Buffer, contentType: string): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const head = body.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  const label = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export async function fetchPage(rawUrl: string, options: PageFetchOptions): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new PageFetchError('Not a valid URL');
  }
  const maxRedirects = options.maxRedirects ?? 5;
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await vetUrl(url, options);
      const res = await requestOnce(url, pinned, options.maxBytes, signal);
      if (res.location) {
        if (hop >= maxRedirects) throw new PageFetchError('Too many redirects');
        try {
          url = new URL(res.location, url);
        } catch {
          throw new PageFetchError('The page redirected to an invalid URL');
        }
        continue;
      }
      if (!res.body) throw new PageFetchError(`The page answered HTTP ${res.status}`, res.status);
      return {
        url: rawUrl,
        finalUrl: url.toString(),
        status: res.status,
        contentType: res.contentType,
        html: decode(res.body, res.contentType),
        truncated: res.truncated,
      };
    }
  } catch (e) {
    if (signal.aborted) throw new PageFetchError(`The page took longer than ${Math.round(options.timeoutMs / 1000)} s to load`);
    if (e instanceof PageFetchError) throw e;
    throw new PageFetchError(`The page could not be loaded: ${(e as Error).message}`);
  }
}
