import { randomBytes } from 'node:crypto';
import { seed } from '@atelier/db';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { parseEnv } from '@atelier/shared/env';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { createDeps, createLogger } from '../deps';
import { hashPassword } from '../modules/auth/auth.password';
import { buildServer } from '../server';

export const TEST_ORIGIN = 'http://localhost:3000';
export const ADMIN = { email: 'admin@atelier.local', password: 'atelier-admin' };

export interface TestApp {
  app: FastifyInstance;
  deps: ReturnType<typeof createDeps>;
  database: TestDatabase;
  env: ReturnType<typeof parseEnv>;
  /** REST call helper: JSON in, parsed JSON out. */
  rest: (
    method: InjectOptions['method'],
    url: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string>; cookies?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Record<string, unknown>; cookies: { name: string; value: string }[] }>;
  /** Registers a user and returns its token and refresh cookie. */
  signUp: (email?: string, password?: string) => Promise<{ token: string; refresh: string; userId: string; email: string }>;
  login: (email: string, password: string) => Promise<{ token: string; refresh: string; userId: string }>;
  close: () => Promise<void>;
}

/**
 * A real api on a database of its own (cloned from the migrated template) and a unique
 * Redis queue prefix. Never a mock: Postgres and Redis are the real servers.
 */
/**
 * `options.logLines` collects every log line the api writes (at debug level), for log-hygiene tests.
 * `options.replicaOf`: a second api process's worth of state (its own connections, event bus, chat
 * runner, in-memory everything) on the same database, Redis prefix and media folder as that app —
 * two replicas behind one load balancer. Close it before the primary.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logLines?: string[]; replicaOf?: TestApp } = {},
): Promise<TestApp> {
  const primary = options.replicaOf;
  const database = primary?.database ?? (await createTestDatabase());
  const prefix = primary?.env.redis.queuePrefix ?? `t${randomBytes(4).toString('hex')}`;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: prefix,
    PUBLIC_URL: TEST_ORIGIN,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    MEDIA_DIR: `/tmp/atelier-test-media/${prefix}`,
    // The suites count balances from a 50-credit start (the product default is higher).
    SIGNUP_BONUS_CREDITS: '50',
    // A replica is another process of the same deployment: same Redis, same secret.
    ...(primary ? { REDIS_URL: primary.env.redis.url, AUTH_SECRET: primary.env.auth.secret } : {}),
    ...overrides,
  });
  const logger = options.logLines
    ? createLogger({ ...env, logLevel: 'debug' }, { write: (line: string) => void options.logLines?.push(line) })
    : pino({ level: 'silent' });
  const deps = createDeps(env, logger);
  if (!primary) await seed(deps.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, hashPassword });
  const app = await buildServer(deps);
  await app.ready();

  const rest: TestApp['rest'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(options.cookies ? { cookies: options.cookies } : {}),
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    let body: unknown = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers, cookies: res.cookies.map((c) => ({ name: c.name, value: c.value })) };
  };

  const authed = async (path: string, email: string, password: string) => {
    const res = await rest('POST', path, { body: { email, password } });
    if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const refresh = res.cookies.find((c) => c.name === 'atelier_refresh')?.value ?? '';
    return { token: res.body.accessToken as string, refresh, userId: res.body.user.id as string };
  };

  return {
    app,
    deps,
    database,
    env,
    rest,
    signUp: async (email = `user-${randomBytes(4).toString('hex')}@example.com`, password = 'correct horse battery') => ({
      ...(await authed('/api/auth/register', email, password)),
      email,
    }),
    login: (email, password) => authed('/api/auth/login', email, password),
    close: async () => {
      await app.close();
      await deps.close();
      if (!primary) await database.drop();
    },
  };
}
