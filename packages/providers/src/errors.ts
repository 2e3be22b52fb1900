import { providerErrors } from '@atelier/metrics';

/**
 * Provider failures in our terms. The worker's queue (BullMQ) retries any error except one named
 * `UnrecoverableError`, so a permanent failure carries that name: the generation fails at once
 * with the provider's message and is refunded; a retryable one goes through the queue's backoff.
 * The SDKs already retry a single call on 429/5xx honouring Retry-After (Replicate's gets help
 * from `gatedFetch`); what reaches these helpers is what is left after that.
 */

export type ProviderErrorKind =
  /** 429: too many requests (retryable). */
  | 'rate_limited'
  /** 5xx, 408, 409, connection failures (retryable). */
  | 'unavailable'
  /** 4xx: a bad request or a safety refusal, with the provider's message (final). */
  | 'rejected'
  /** 401/403 or no quota: the operator must act (final). */
  | 'auth'
  /** The call's deadline passed (final: the provider may still be working and billing). */
  | 'timeout'
  /** The provider answered with something that is not the output we asked for (final). */
  | 'malformed'
  /** An output URL we refuse to fetch (scheme, private address, size, type) (final). */
  | 'unsafe_output'
  /** The machine running the job went away mid-run (a self-hosted GPU box that died) (final: it may have half-run). */
  | 'lost';

const RETRYABLE = new Set<ProviderErrorKind>(['rate_limited', 'unavailable']);

export class ProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(provider: string, kind: ProviderErrorKind, message: string, extra: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, extra.cause !== undefined ? { cause: extra.cause } : undefined);
    this.provider = provider;
    this.kind = kind;
    this.status = extra.status;
    this.retryable = RETRYABLE.has(kind);
    this.retryAfterMs = extra.retryAfterMs;
    // BullMQ (and apps/worker's registry) treat this name as "do not retry".
    this.name = this.retryable ? 'ProviderError' : 'UnrecoverableError';
  }
}

export const isProviderError = (e: unknown): e is ProviderError => e instanceof ProviderError;

/** Counts a provider error in atelier_provider_errors_total (anything else, a cancel included, is not one). */
export function countProviderError(e: unknown): void {
  if (e instanceof ProviderError) providerErrors.inc({ provider: e.provider, kind: e.kind });
}

/** Retry-After as milliseconds: `retry-after-ms`, seconds, or an HTTP date. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined | null, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Removes every configured secret from a text that may echo one (some providers quote the key they refused). */
export function scrub(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  // Anything that still looks like a bearer key.
  return out.replace(/\b(sk|r8)[-_][A-Za-z0-9_-]{8,}/g, '[redacted]');
}

/** First non-empty string among the usual places providers put their message. */
export function providerMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (!trimmed) return undefined;
    try {
      return providerMessage(JSON.parse(trimmed)) ?? trimmed.slice(0, 300);
    } catch {
      return trimmed.slice(0, 300);
    }
  }
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const candidates = [
    (b.error as Record<string, unknown> | undefined)?.message,
    b.error,
    (b.detail as Record<string, unknown> | undefined)?.message,
    b.detail,
    b.message,
    b.title,
  ];
  for (const c of candidates) if (typeof c === 'string' && c.trim()) return c.trim().slice(0, 500);
  return undefined;
}

export interface HttpFailure {
  status?: number | undefined;
  headers?: { get(name: string): string | null } | undefined;
  body?: unknown;
  code?: string | undefined;
}

/** Maps an HTTP failure (status, headers, body) to our error. */
export function fromHttpFailure(provider: string, label: string, f: HttpFailure, secrets: (string | undefined)[], cause?: unknown): ProviderError {
  const status = f.status;
  const said = f.body !== undefined ? providerMessage(f.body) : undefined;
  const message = said ? scrub(said, secrets) : undefined;
  const extra = { ...(status !== undefined ? { status } : {}), ...(cause !== undefined ? { cause } : {}) };
  if (status === undefined) {
    return new ProviderError(provider, 'unavailable', `${label} could not be reached${message ? `: ${message}` : ''}`, extra);
  }
  if (status === 401 || status === 403) {
    // Never the provider's text here: it may quote (part of) the key it refused.
    return new ProviderError(
      provider,
      'auth',
      `${label} refused this server's credentials (HTTP ${status}); an administrator must check the key`,
      extra,
    );
  }
  if (status === 429) {
    if (f.code === 'insufficient_quota' || /quota|billing|credits? (are|is) exhausted/i.test(message ?? '')) {
      return new ProviderError(provider, 'auth', `${label} account has run out of quota: ${message ?? 'quota exceeded'}`, extra);
    }
    const after = retryAfterMs(f.headers);
    return new ProviderError(provider, 'rate_limited', `${label} is rate limiting this server${message ? `: ${message}` : ''}`, {
      ...extra,
      ...(after !== undefined ? { retryAfterMs: after } : {}),
    });
  }
  if (status === 408 || status === 409 || status >= 500) {
    const after = retryAfterMs(f.headers);
    return new ProviderError(provider, 'unavailable', `${label} is unavailable (HTTP ${status})${message ? `: ${message}` : ''}`, {
      ...extra,
      ...(after !== undefined ? { retryAfterMs: after } : {}),
    });
  }
  return new ProviderError(provider, 'rejected', `${label} refused the request: ${message ?? `HTTP ${status}`}`, extra);
}

export const isAbortError = (e: unknown): boolean =>
  e instanceof Error && (e.name === 'AbortError' || e.name === 'APIUserAbortError' || e.name === 'TimeoutError' || /aborted/i.test(e.message));

/**
 * A call's deadline joined with the job's signal. `check(e)` turns whatever was thrown into our
 * error: the job's own abort (a cancel) passes through untouched; the deadline becomes `timeout`.
 */
export function deadline(provider: string, label: string, jobSignal: AbortSignal, ms: number) {
  const timer = AbortSignal.timeout(ms);
  const signal = AbortSignal.any([jobSignal, timer]);
  return {
    signal,
    timedOut: () => timer.aborted && !jobSignal.aborted,
    /** Throws when the deadline has passed (call between steps). */
    throwIfExpired() {
      if (jobSignal.aborted) throw abortError(jobSignal);
      if (timer.aborted) throw new ProviderError(provider, 'timeout', `${label} did not finish within ${Math.round(ms / 1000)} s`);
    },
    timeoutError: () => new ProviderError(provider, 'timeout', `${label} did not finish within ${Math.round(ms / 1000)} s`),
  };
}

export function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Whatever an SDK threw, in our terms: the OpenAI and Anthropic SDKs' `APIError` (status,
 * headers, parsed body), ElevenLabs' `ElevenLabsError` (statusCode, body, rawResponse), Replicate's
 * `ApiError` (response; its body only survives in the message), fetch's network errors.
 */
export function toProviderError(provider: string, label: string, e: unknown, secrets: (string | undefined)[]): ProviderError {
  if (e instanceof ProviderError) return e;
  const err = (e ?? {}) as Record<string, any>;
  const name = typeof err.name === 'string' ? err.name : '';
  if (/Timeout/i.test(name)) return new ProviderError(provider, 'timeout', `${label} did not answer in time`, { cause: e });
  // A reply (or stream event) that isn't the JSON the API promises.
  if (e instanceof SyntaxError || /could not parse|invalid json|unexpected (end|token)/i.test(String(err.message ?? ''))) {
    return new ProviderError(provider, 'malformed', `${label} sent a reply that could not be read`, { cause: e });
  }
  // OpenAI / Anthropic
  if (typeof err.status === 'number' || (name.endsWith('Error') && 'headers' in err && 'error' in err)) {
    return fromHttpFailure(
      provider,
      label,
      { status: err.status, headers: err.headers, body: err.error, code: err.code ?? err.error?.code },
      secrets,
      e,
    );
  }
  // ElevenLabs
  if (typeof err.statusCode === 'number') {
    return fromHttpFailure(provider, label, { status: err.statusCode, headers: err.rawResponse?.headers, body: err.body }, secrets, e);
  }
  // Replicate
  if (name === 'ApiError' && err.response && typeof err.response.status === 'number') {
    const msg = String(err.message ?? '');
    const json = msg.slice(msg.indexOf('{'), msg.lastIndexOf('}') + 1);
    let body: unknown;
    try {
      body = json ? JSON.parse(json) : undefined;
    } catch {
      body = undefined;
    }
    return fromHttpFailure(provider, label, { status: err.response.status, headers: err.response.headers, body }, secrets, e);
  }
  const message = e instanceof Error ? scrub(e.message, secrets) : 'unknown error';
  return new ProviderError(provider, 'unavailable', `${label} could not be reached: ${message}`, { cause: e });
}

/**
 * Runs one provider call under a deadline and maps what it throws. A cancel (the job's signal)
 * rethrows as an AbortError; the deadline becomes a final `timeout` error.
 */
export async function guarded<T>(
  opts: { provider: string; label: string; signal: AbortSignal; timeoutMs: number; secrets: (string | undefined)[] },
  run: (signal: AbortSignal, d: ReturnType<typeof deadline>) => Promise<T>,
): Promise<T> {
  const d = deadline(opts.provider, opts.label, opts.signal, opts.timeoutMs);
  try {
    return await run(d.signal, d);
  } catch (e) {
    if (opts.signal.aborted) throw abortError(opts.signal);
    if (d.timedOut()) throw d.timeoutError();
    throw toProviderError(opts.provider, opts.label, e, opts.secrets);
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** Why a fetch to a server we were configured with failed, in words (fetch hides it in `cause`). */
export function networkReason(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  return code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
}
