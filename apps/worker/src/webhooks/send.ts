import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { checkWebhookUrl, classifyAddress, literalIp, WEBHOOK_RESPONSE_KEEP_BYTES, WEBHOOK_TIMEOUT_MS } from '@atelier/shared';

/**
 * Sends one webhook request, SSRF-safe (rules in packages/shared/src/ssrf.ts):
 *  - the URL must be https (http only with WEBHOOK_ALLOW_PRIVATE) and have no credentials;
 *  - the host is resolved here and every answer must be a public address (private, loopback,
 *    link-local, CGNAT, metadata, v4-mapped… are refused) before any connection is made;
 *  - the socket connects to the checked address (the request's `lookup` answers with it, so there
 *    is no second DNS lookup that could answer differently); TLS still verifies the host name;
 *  - redirects are not followed (a 3xx is a failed attempt), one 10 s deadline for the whole request,
 *    and only the first 1 KB of the response is read.
 */

export type LookupFn = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

const systemLookup: LookupFn = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

let lookupOverride: LookupFn | null = null;
/** Tests stub DNS here (null restores the system resolver). */
export function setWebhookLookup(fn: LookupFn | null): void {
  lookupOverride = fn;
}

export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/** Checks the URL and resolves its host; returns the one address to connect to. */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const why = checkWebhookUrl(raw, { allowPrivate });
  if (why) throw new WebhookRefusedError(why);
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const ip = literalIp(host);
  if (ip) return { url, address: ip, family: ip.includes(':') ? 6 : 4 };
  let answers: { address: string; family: 4 | 6 }[];
  try {
    answers = await (lookupOverride ?? systemLookup)(host);
  } catch {
    throw new WebhookRefusedError(`The host ${host} could not be resolved`);
  }
  if (!answers.length) throw new WebhookRefusedError(`The host ${host} could not be resolved`);
  if (!allowPrivate) {
    for (const a of answers) {
      const verdict = classifyAddress(a.address);
      if (!verdict.public) throw new WebhookRefusedError(`The host ${host} resolves to ${a.address}, a private or local address`);
    }
  }
  return { url, ...(answers[0] as { address: string; family: 4 | 6 }) };
}

export interface SendResult {
  /** The HTTP status, or null when no response came (refused, unreachable, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** The first 1 KB of the response body. */
  responseBody: string | null;
  /** Why the attempt failed (null on 2xx). */
  error: string | null;
  ok: boolean;
}

export async function sendWebhook(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof resolveWebhookTarget>>;
  try {
    target = await resolveWebhookTarget(options.url, options.allowPrivate);
  } catch (e) {
    return { statusCode: null, durationMs: elapsed(), responseBody: null, error: (e as Error).message, ok: false };
  }
  const pinned = { address: target.address, family: target.family };
  const lookup: net.LookupFunction = (_hostname, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const lib = target.url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = lib.request(
      target.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atelier-Webhooks/1.0',
          'content-length': String(Buffer.byteLength(options.body)),
          ...options.headers,
        },
        lookup,
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8');
          const ok = status >= 200 && status < 300;
          const location = res.headers.location;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `The receiver redirected${location ? ` to ${String(location).slice(0, 200)}` : ''}; redirects are not followed`
              : `The receiver answered ${status}`;
          finish({ statusCode: status, responseBody: text, error, ok });
          res.destroy();
        };
        res.on('data', (c: Buffer) => {
          if (size < WEBHOOK_RESPONSE_KEEP_BYTES) chunks.push(c);
          size += c.length;
          if (size >= WEBHOOK_RESPONSE_KEEP_BYTES) done();
        });
        res.on('end', done);
        // The deadline aborting a slow body, or the receiver closing early: what arrived is kept.
        res.on('error', done);
        res.on('close', done);
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      const reason =
        signal.aborted || e.name === 'AbortError'
          ? `No answer within ${Math.round((options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s`
          : e.code === 'ECONNREFUSED'
            ? 'The receiver refused the connection'
            : e.message || String(e);
      finish({ statusCode: null, responseBody: null, error: reason, ok: false });
    });
    req.end(options.body);
  });
}
