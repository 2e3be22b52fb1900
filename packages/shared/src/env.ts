import { z } from 'zod';

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
const intIn = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

const DEV_SECRET = 'atelier-development-secret-change-me-in-production-0123456789';

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('0.0.0.0'),
    PORT: intIn(3000, 0, 65535),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: bool,
    WEB_DIST_DIR: optionalString,
    DATABASE_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/atelier'),
    DB_POOL_MAX: intIn(10, 1, 100),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z.string().min(1).default('atelier'),
    INLINE_WORKER: bool,
    WORKER_CONCURRENCY: intIn(4, 1, 100),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').default(DEV_SECRET),
    ACCESS_TOKEN_TTL_SECONDS: intIn(900, 5, 86400),
    REFRESH_TOKEN_TTL_DAYS: intIn(30, 1, 365),
    REFRESH_REUSE_GRACE_SECONDS: intIn(30, 0, 3600),
    COOKIE_SECURE: bool,
    RATE_LIMIT_AUTH_PER_MINUTE: intIn(20, 1, 100000),
    SIGNUP_BONUS_CREDITS: z.coerce.number().min(0).max(1_000_000).default(50),
    ADMIN_EMAIL: z.email().default('admin@atelier.local'),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').default('atelier-admin'),
    MEDIA_DIR: z.string().default('.data/media'),
    MEDIA_URL_TTL_SECONDS: intIn(3600, 60, 7 * 86400),
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
    // Tracking (issue 14): the ad-pixel relay's upstream and the first-party analytics endpoint's limits.
    PIXEL_UPSTREAM_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ANALYTICS_PIXEL_UPSTREAM_TIMEOUT_MS: intIn(5000, 100, 60_000),
    ANALYTICS_MAX_BODY_BYTES: intIn(65_536, 1024, 1_048_576),
    ANALYTICS_MAX_EVENTS: intIn(50, 1, 500),
    ANALYTICS_RATE_LIMIT_PER_MINUTE: intIn(120, 1, 100_000),
    ANALYTICS_CSP_ORIGINS: z.string().default('https://www.googletagmanager.com,https://*.google-analytics.com,https://*.analytics.google.com'),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.AUTH_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET must be set in production' });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;

export interface Env {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  logLevel: RawEnv['LOG_LEVEL'];
  http: { host: string; port: number; publicUrl: string; corsOrigins: string[]; trustProxy: boolean; webDistDir?: string | undefined };
  db: { url: string; poolMax: number };
  redis: { url: string; queuePrefix: string };
  worker: { inline: boolean; concurrency: number };
  auth: {
    secret: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    refreshReuseGraceSeconds: number;
    cookieSecure: boolean;
    rateLimitPerMinute: number;
  };
  credits: { signupBonusCredits: number };
  admin: { email: string; password: string };
  media: { dir: string; urlTtlSeconds: number };
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

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
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
    },
    db: { url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX },
    redis: { url: e.REDIS_URL, queuePrefix: e.QUEUE_PREFIX },
    worker: { inline: e.INLINE_WORKER, concurrency: e.WORKER_CONCURRENCY },
    auth: {
      secret: e.AUTH_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      cookieSecure: e.COOKIE_SECURE,
      rateLimitPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    },
    credits: { signupBonusCredits: e.SIGNUP_BONUS_CREDITS },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    media: { dir: e.MEDIA_DIR, urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS },
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
    seo: { fetchAllowPrivate: e.SEO_FETCH_ALLOW_PRIVATE, fetchTimeoutMs: e.SEO_FETCH_TIMEOUT_MS, fetchMaxBytes: e.SEO_FETCH_MAX_BYTES },
  };
}
