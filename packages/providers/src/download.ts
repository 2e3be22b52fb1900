import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicIp } from '@atelier/shared/ssrf';
import { abortError, ProviderError } from './errors';
import type { MediaKind } from './types';

/**
 * Fetches a provider's output URL into memory, so the bytes go to our storage and the browser
 * never sees the provider's URL. Guards (docs/reliability.md, SSRF):
 *  - http and https only, no credentials in the URL;
 *  - the host is resolved here and every address must be public (no private, loopback,
 *    link-local, CGNAT, multicast or reserved ranges, IPv4-mapped IPv6 included); the socket
 *    connects to the address that was checked, so a second DNS answer can't swap it;
 *  - redirects are followed by hand (at most 3), each hop checked again;
 *  - a size cap (Content-Length first, then counted while reading) and a deadline;
 *  - the Content-Type must be the expected kind (or a generic binary type) and the bytes'
 *    signature must be a format we serve, of that kind.
 * `allowHosts` lists hosts (`name` or `name:port`) exempt from the address check: tests' simulators.
 */

export type LookupFn = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface DownloadOptions {
  kind: MediaKind;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  allowHosts?: string[];
  lookup?: LookupFn;
  maxRedirects?: number;
  /** Who we say the output came from, in error messages. */
  provider?: string;
}

export interface Downloaded {
  data: Buffer;
  mime: string;
  ext: string;
  /** The URL's host, for metadata (never the URL itself: it may carry a token). */
  host: string;
}

/**
 * True for an address a provider's output URL may point at (public unicast). The rules are the
 * project's one set (`@atelier/shared/ssrf`), shared with the SEO page fetcher and webhooks.
 */
export function isPublicAddress(ip: string): boolean {
  return isPublicIp(ip.replace(/^\[|\]$/g, ''));
}

const systemLookup: LookupFn = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

interface Sniffed {
  kind: MediaKind;
  mime: string;
  ext: string;
}

/** The media format from the first bytes; only formats our media route serves with a correct type. */
export function sniffMedia(b: Buffer): Sniffed | null {
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return { kind: 'audio', mime: 'audio/wav', ext: 'wav' };
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return null; // audio-only MP4: not served as audio here
    return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  if (b.length >= 4 && ascii(0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' };
  // FLAC: what ComfyUI's SaveAudio writes.
  if (b.length >= 4 && ascii(0, 4) === 'fLaC') return { kind: 'audio', mime: 'audio/flac', ext: 'flac' };
  if (b.length >= 3 && ascii(0, 3) === 'ID3') return { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
  if (b.length >= 2 && b[0] === 0xff && ((b[1] as number) & 0xe0) === 0xe0 && ((b[1] as number) & 0x06) !== 0)
    return { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/** Checks provider bytes are media of `kind` in a format we serve; returns its type. */
export function expectMedia(provider: string, kind: MediaKind, data: Buffer): Sniffed {
  const sniffed = sniffMedia(data);
  if (!sniffed) throw new ProviderError(provider, 'malformed', `${provider} returned a file that is not a supported ${kind} format`);
  if (sniffed.kind !== kind) throw new ProviderError(provider, 'malformed', `${provider} returned ${sniffed.mime} where ${kind} was expected`);
  return sniffed;
}

const GENERIC_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', '']);

function hostAllowed(url: URL, allow: string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allow.some((a) => {
    const entry = a.toLowerCase().trim();
    return entry === host || entry === `${host}:${port}`;
  });
}

function unsafe(provider: string, why: string): ProviderError {
  return new ProviderError(provider, 'unsafe_output', `${provider} returned an output URL we won't fetch: ${why}`);
}

/** Checks a URL before connecting; returns the address to connect to (undefined: let DNS run, the host is allow-listed). */
async function vet(url: URL, options: DownloadOptions, provider: string): Promise<{ address: string; family: 4 | 6 } | undefined> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unsafe(provider, `scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw unsafe(provider, 'credentials in the URL');
  if (hostAllowed(url, options.allowHosts ?? [])) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw unsafe(provider, 'it points at a private or local address');
    return { address: host, family: net.isIP(host) === 6 ? 6 : 4 };
  }
  let answers: { address: string; family: 4 | 6 }[];
  try {
    answers = await (options.lookup ?? systemLookup)(host);
  } catch {
    throw new ProviderError(provider, 'unavailable', `${provider}'s output host could not be resolved`);
  }
  if (!answers.length) throw new ProviderError(provider, 'unavailable', `${provider}'s output host could not be resolved`);
  if (answers.some((a) => !isPublicAddress(a.address))) throw unsafe(provider, 'its host resolves to a private or local address');
  return answers[0];
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body?: Buffer;
  location?: string;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 } | undefined,
  options: DownloadOptions,
  signal: AbortSignal,
  provider: string,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const lookup: net.LookupFunction | undefined = pinned
      ? (_hostname, opts, cb) => {
          if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        }
      : undefined;
    const req = lib.request(
      url,
      {
        method: 'GET',
        headers: { accept: `${options.kind}/*, application/octet-stream;q=0.5`, 'user-agent': 'atelier-output-fetcher' },
        signal,
        // The checked address; TLS still verifies the certificate against the URL's host name.
        ...(lookup ? { lookup } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, headers: res.headers, location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, headers: res.headers });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          reject(unsafe(provider, `the file is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`));
          return res.destroy();
        }
        const type = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (!(type?.startsWith(`${options.kind}/`) || GENERIC_TYPES.has(type ?? ''))) {
          reject(new ProviderError(provider, 'malformed', `${provider} returned ${type || 'an untyped file'} where ${options.kind} was expected`));
          return res.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > options.maxBytes) {
            // Settle first: destroying the response fires 'aborted'.
            reject(unsafe(provider, `the file is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`));
            res.destroy();
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(new ProviderError(provider, 'unavailable', `${provider}'s output download was cut off`)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function downloadMedia(rawUrl: string, options: DownloadOptions): Promise<Downloaded> {
  const provider = options.provider ?? 'The provider';
  const timer = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ProviderError(provider, 'malformed', `${provider} returned an output that is not a URL`);
  }
  const maxRedirects = options.maxRedirects ?? 3;
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await vet(url, options, provider);
      const res = await requestOnce(url, pinned, options, signal, provider);
      if (res.location) {
        if (hop >= maxRedirects) throw unsafe(provider, 'too many redirects');
        url = new URL(res.location, url);
        continue;
      }
      if (!res.body) {
        const retryable = res.status === 429 || res.status >= 500;
        throw new ProviderError(
          provider,
          retryable ? 'unavailable' : 'malformed',
          `${provider}'s output could not be downloaded (HTTP ${res.status})`,
          {
            status: res.status,
          },
        );
      }
      if (res.body.length === 0) throw new ProviderError(provider, 'malformed', `${provider} returned an empty file`);
      const sniffed = expectMedia(provider, options.kind, res.body);
      return { data: res.body, mime: sniffed.mime, ext: sniffed.ext, host: url.host };
    }
  } catch (e) {
    if (options.signal?.aborted) throw abortError(options.signal);
    if (timer.aborted)
      throw new ProviderError(provider, 'timeout', `${provider}'s output took longer than ${Math.round(options.timeoutMs / 1000)} s to download`);
    if (e instanceof ProviderError) throw e;
    throw new ProviderError(provider, 'unavailable', `${provider}'s output could not be downloaded: ${(e as Error).message}`, { cause: e });
  }
}
