import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadOrCreateAuthSecret } from './auth-secret';

/**
 * The one place that reads process.env for the api and the worker. A bad or missing
 * variable stops start-up with a message naming it. `.env.example` documents each one.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const optionalHttpUrl = z
  .url({ protocol: /^https?$/ })
  .optional()
  .or(z.literal('').transform(() => undefined));
const intIn = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

/**
 * Secrets that were ever published (the old built-in development default and its `.env.example`
 * line): anyone can read them, so they are refused like a missing secret.
 */
export const PUBLISHED_AUTH_SECRETS: readonly string[] = ['atelier-development-secret-change-me-in-production-0123456789'];

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('0.0.0.0'),
    PORT: intIn(3000, 0, 65535),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: bool,
    VALIDATE_OUTPUT: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
    WEB_DIST_DIR: optionalString,
    DATABASE_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/atelier'),
    DB_POOL_MAX: intIn(10, 1, 100),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z.string().min(1).default('atelier'),
    INLINE_WORKER: bool,
    WORKER_CONCURRENCY: intIn(4, 1, 100),
    // No default: production must set it; elsewhere parseEnv keeps one in the data folder or makes one per process.
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    ACCESS_TOKEN_TTL_SECONDS: intIn(900, 5, 86400),
    REFRESH_TOKEN_TTL_DAYS: intIn(30, 1, 365),
    REFRESH_REUSE_GRACE_SECONDS: intIn(30, 0, 3600),
    COOKIE_SECURE: bool,
    RATE_LIMIT_AUTH_PER_MINUTE: intIn(20, 1, 100000),
    // Above the low-credit banner's threshold (LOW_CREDIT_THRESHOLD, 100): a new account starts with a welcome, not a top-up nag.
    SIGNUP_BONUS_CREDITS: z.coerce.number().min(0).max(1_000_000).default(150),
    ADMIN_EMAIL: z.email().default('admin@atelier.local'),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').default('atelier-admin'),
    MEDIA_DIR: z.string().default('.data/media'),
    MEDIA_URL_TTL_SECONDS: intIn(3600, 60, 7 * 86400),
    // Media storage (issue 20): a local folder or any S3-compatible store, and how /media/… is delivered.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    MEDIA_DELIVERY: z.enum(['proxy', 'redirect']).default('proxy'),
    S3_ENDPOINT: optionalHttpUrl,
    S3_PUBLIC_ENDPOINT: optionalHttpUrl,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool,
    MEDIA_GRANT_CACHE_SECONDS: intIn(30, 0, 60),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_HOST: optionalString,
    STRIPE_API_PORT: z.coerce.number().int().optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString,
    OPENAI_COMPATIBLE_BASE_URL: optionalString,
    OPENAI_COMPATIBLE_API_KEY: optionalString,
    OPENAI_COMPATIBLE_MODELS: optionalString,
    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_BASE_URL: optionalString,
    REPLICATE_API_TOKEN: optionalString,
    REPLICATE_BASE_URL: optionalString,
    ELEVENLABS_API_KEY: optionalString,
    ELEVENLABS_BASE_URL: optionalString,
    // Your own GPU (issue 25): a pool of ComfyUI boxes (comma-separated) with an optional bearer token, and an Ollama server.
    COMFYUI_URL: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        for (const url of (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) {
            ctx.addIssue({ code: 'custom', message: `COMFYUI_URL has an address that is not an http(s) URL: ${url}` });
          }
        }
      }),
    COMFYUI_TOKEN: optionalString,
    OLLAMA_URL: optionalHttpUrl,
    // Tracking (issue 14): the ad-pixel relay's upstream and the first-party analytics endpoint's limits.
    PIXEL_UPSTREAM_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ANALYTICS_PIXEL_UPSTREAM_TIMEOUT_MS: intIn(5000, 100, 60_000),
    ANALYTICS_MAX_BODY_BYTES: intIn(65_536, 1024, 1_048_576),
    ANALYTICS_MAX_EVENTS: intIn(50, 1, 500),
    ANALYTICS_RATE_LIMIT_PER_MINUTE: intIn(120, 1, 100_000),
    // Personal API keys (issue 24): requests one key may make per minute (counted in Redis, shared by every replica).
    API_KEY_RATE_LIMIT_PER_MINUTE: intIn(120, 1, 100_000),
    // Only what the deployment configures: none by default (the web app then loads no third-party script).
    ANALYTICS_CSP_ORIGINS: z.string().default(''),
    // SEO (issue 10): competitor-page fetching. Private/loopback addresses only when explicitly allowed (tests).
    SEO_FETCH_ALLOW_PRIVATE: bool,
    SEO_FETCH_TIMEOUT_MS: intIn(10_000, 500, 60_000),
    SEO_FETCH_MAX_BYTES: intIn(2_000_000, 10_000, 20_000_000),
    // E-mail (issue 23): unset SMTP_URL keeps mails in the outbox (Admin → Outbox) and prints their links in the log.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'MAIL_FROM must be an address, e.g. Atelier <no-reply@example.com>')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Metrics (issue 20): the bearer token GET /metrics requires (unset: open), and the standalone worker's metrics port (unset: none).
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
    // Webhooks (issue 24): private/loopback receivers and http:// only for development and tests; the first retry's delay.
    WEBHOOK_ALLOW_PRIVATE: bool,
    WEBHOOK_RETRY_DELAY_MS: intIn(15_000, 10, 3_600_000),
  })
  .superRefine((env, ctx) => {
    if (env.AUTH_SECRET && PUBLISHED_AUTH_SECRETS.includes(env.AUTH_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is a published example value: generate your own (openssl rand -hex 32)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET must be set in production (openssl rand -hex 32)' });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_ALLOW_PRIVATE'],
        message: 'WEBHOOK_ALLOW_PRIVATE=true is for development and tests only: it lets webhooks reach private addresses',
      });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}`,
      });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;

export interface Env {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  logLevel: RawEnv['LOG_LEVEL'];
  http: {
    host: string;
    port: number;
    publicUrl: string;
    corsOrigins: string[];
    trustProxy: boolean;
    webDistDir?: string | undefined;
    /** Check every procedure's response against its output schema (VALIDATE_OUTPUT; on unless production). */
    validateOutput: boolean;
  };
  db: { url: string; poolMax: number };
  redis: { url: string; queuePrefix: string };
  worker: { inline: boolean; concurrency: number };
  auth: {
    secret: string;
    /** Where the secret came from: AUTH_SECRET, the data folder's file (`file` / `generated` on first start), or made for this process only. */
    secretSource: 'env' | 'file' | 'generated' | 'ephemeral';
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    refreshReuseGraceSeconds: number;
    cookieSecure: boolean;
    rateLimitPerMinute: number;
  };
  credits: { signupBonusCredits: number };
  admin: { email: string; password: string };
  media: {
    dir: string;
    urlTtlSeconds: number;
    /** How long the media route trusts a grant check (revocation reaches handed-out URLs within this). */
    grantCacheSeconds: number;
  };
  /** Where media objects live (STORAGE_DRIVER) and how /media/… answers (MEDIA_DELIVERY). */
  storage: {
    driver: 'local' | 's3';
    delivery: 'proxy' | 'redirect';
    s3: {
      endpoint?: string | undefined;
      publicEndpoint?: string | undefined;
      region: string;
      bucket?: string | undefined;
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
      forcePathStyle: boolean;
    };
  };
  stripe: {
    secretKey?: string | undefined;
    webhookSecret?: string | undefined;
    host?: string | undefined;
    port?: number | undefined;
    protocol?: 'http' | 'https' | undefined;
  };
  providers: {
    openai: { apiKey?: string | undefined; baseUrl?: string | undefined };
    openaiCompatible: { baseUrl?: string | undefined; apiKey?: string | undefined; models: string[] };
    anthropic: { apiKey?: string | undefined; baseUrl?: string | undefined };
    replicate: { apiToken?: string | undefined; baseUrl?: string | undefined };
    elevenlabs: { apiKey?: string | undefined; baseUrl?: string | undefined };
    /** ComfyUI boxes (COMFYUI_URL, without trailing slashes) and the bearer token sent to each. */
    comfyui: { urls: string[]; token?: string | undefined };
    /** The Ollama server (OLLAMA_URL, without a trailing slash). */
    ollama: { url?: string | undefined };
  };
  analytics: {
    /** Where the ad-pixel relay (/api/px/*) forwards to; unset: the relay answers 204 and forwards nothing. */
    pixelUpstreamUrl?: string | undefined;
    pixelUpstreamTimeoutMs: number;
    /** POST /analytics/fox/boom: body size cap, events per request, requests per client per minute. */
    maxBodyBytes: number;
    maxEvents: number;
    rateLimitPerMinute: number;
    /** Extra origins the web app may load analytics scripts from and send to (CSP script/connect/img-src). */
    cspOrigins: string[];
  };
  mail: {
    /** smtp:// or smtps:// URL of the mail server; unset: mails stay in the outbox (Admin → Outbox) and their links are logged. */
    smtpUrl?: string | undefined;
    /** The From header of every mail. */
    from: string;
  };
  webhooks: {
    /** WEBHOOK_ALLOW_PRIVATE: receivers on private/loopback addresses and http:// (development and tests only). */
    allowPrivate: boolean;
    /** WEBHOOK_RETRY_DELAY_MS: the first retry's delay; each next one waits 4× longer (8 attempts ≈ a day by default). */
    retryDelayMs: number;
  };
  /** Prometheus metrics: the api's GET /metrics and the standalone worker's metrics server. */
  /** Personal API keys: requests per key per minute, counted in Redis across replicas. */
  apiKeys: { rateLimitPerMinute: number };
  metrics: {
    /** When set, scrapes must send `Authorization: Bearer <token>`; unset, anyone may read the metrics. */
    token?: string | undefined;
    /** Port of the standalone worker's metrics server (`npm run start:worker`); unset, it serves none. */
    port?: number | undefined;
  };
  seo: {
    /** Competitor-page fetches may reach private/loopback addresses (tests only; never in production). */
    fetchAllowPrivate: boolean;
    fetchTimeoutMs: number;
    fetchMaxBytes: number;
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export interface ParseEnvOptions {
  /**
   * Outside production and tests, an unset AUTH_SECRET is read from this file, or generated into it
   * (mode 0600) on first start, so sessions and media links survive restarts. The servers pass
   * AUTH_SECRET_FILE (`.data/auth-secret`); without it the secret lives only as long as the process.
   */
  authSecretFile?: string;
}

export function parseEnv(source: Record<string, string | undefined> = process.env, options: ParseEnvOptions = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  let secret: { value: string; source: Env['auth']['secretSource'] };
  if (e.AUTH_SECRET) secret = { value: e.AUTH_SECRET, source: 'env' };
  else if (e.NODE_ENV === 'development' && options.authSecretFile) {
    const kept = loadOrCreateAuthSecret(options.authSecretFile);
    secret = { value: kept.secret, source: kept.created ? 'generated' : 'file' };
  } else secret = { value: randomBytes(32).toString('hex'), source: 'ephemeral' };
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    http: {
      host: e.HOST,
      port: e.PORT,
      publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
      corsOrigins: [new URL(e.PUBLIC_URL).origin, ...list(e.CORS_ORIGINS)],
      trustProxy: e.TRUST_PROXY,
      webDistDir: e.WEB_DIST_DIR,
      validateOutput: e.VALIDATE_OUTPUT ? ['true', '1', 'yes'].includes(e.VALIDATE_OUTPUT) : e.NODE_ENV !== 'production',
    },
    db: { url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX },
    redis: { url: e.REDIS_URL, queuePrefix: e.QUEUE_PREFIX },
    worker: { inline: e.INLINE_WORKER, concurrency: e.WORKER_CONCURRENCY },
    auth: {
      secret: secret.value,
      secretSource: secret.source,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      cookieSecure: e.COOKIE_SECURE,
      rateLimitPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    },
    credits: { signupBonusCredits: e.SIGNUP_BONUS_CREDITS },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    media: { dir: e.MEDIA_DIR, urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS, grantCacheSeconds: e.MEDIA_GRANT_CACHE_SECONDS },
    storage: {
      driver: e.STORAGE_DRIVER,
      delivery: e.MEDIA_DELIVERY,
      s3: {
        endpoint: e.S3_ENDPOINT,
        publicEndpoint: e.S3_PUBLIC_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      host: e.STRIPE_API_HOST,
      port: e.STRIPE_API_PORT,
      protocol: e.STRIPE_API_PROTOCOL,
    },
    providers: {
      openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
      openaiCompatible: {
        baseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
        apiKey: e.OPENAI_COMPATIBLE_API_KEY,
        models: list(e.OPENAI_COMPATIBLE_MODELS ?? ''),
      },
      anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
      replicate: { apiToken: e.REPLICATE_API_TOKEN, baseUrl: e.REPLICATE_BASE_URL },
      elevenlabs: { apiKey: e.ELEVENLABS_API_KEY, baseUrl: e.ELEVENLABS_BASE_URL },
      comfyui: { urls: [...new Set(list(e.COMFYUI_URL ?? '').map((u) => u.replace(/\/+$/, '')))], token: e.COMFYUI_TOKEN },
      ollama: { url: e.OLLAMA_URL?.replace(/\/+$/, '') },
    },
    analytics: {
      pixelUpstreamUrl: e.PIXEL_UPSTREAM_URL?.replace(/\/+$/, ''),
      pixelUpstreamTimeoutMs: e.ANALYTICS_PIXEL_UPSTREAM_TIMEOUT_MS,
      maxBodyBytes: e.ANALYTICS_MAX_BODY_BYTES,
      maxEvents: e.ANALYTICS_MAX_EVENTS,
      rateLimitPerMinute: e.ANALYTICS_RATE_LIMIT_PER_MINUTE,
      cspOrigins: list(e.ANALYTICS_CSP_ORIGINS),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Atelier <no-reply@${new URL(e.PUBLIC_URL).hostname}>` },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    apiKeys: { rateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retryDelayMs: e.WEBHOOK_RETRY_DELAY_MS },
    seo: { fetchAllowPrivate: e.SEO_FETCH_ALLOW_PRIVATE, fetchTimeoutMs: e.SEO_FETCH_TIMEOUT_MS, fetchMaxBytes: e.SEO_FETCH_MAX_BYTES },
  };
}
