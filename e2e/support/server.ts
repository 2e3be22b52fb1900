import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { API_DIST, LAUNCHER_DIST, REPO_ROOT, WEB_DIST } from './paths';

/**
 * Browser-test harness: a fresh Postgres database, migrated and seeded by the api's own CLI, and the
 * built one-process launcher (api serving the built web app, plus the workers — what `npm start`
 * runs) on a free port. `stop()` tears everything down again. The helpers below are shared with
 * the multi-process harness (cluster.ts).
 */

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = 'redis://127.0.0.1:6379';

export const ADMIN_EMAIL = 'admin@atelier.local';
export const ADMIN_PASSWORD = 'atelier-admin';

export interface TestServer {
  /** http://localhost:<port> — `localhost`, to match PUBLIC_URL (the api checks Origin on cookie POSTs). */
  url: string;
  port: number;
  databaseUrl: string;
  /** Everything the api printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra or overriding environment for the api process, e.g. { ACCESS_TOKEN_TTL_SECONDS: '5' }. */
  env?: Record<string, string>;
  /** The mail server the app sends to (e.g. a test mailbox's url, apps/api/src/testing/smtp-server.ts); unset: mails stay in the outbox. */
  smtpUrl?: string;
  /** How long to wait for GET /api/health to answer 200. */
  startTimeoutMs?: number;
}

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** A child environment without the developer's own database/redis/port settings leaking in. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (
      /^(DATABASE_URL|REDIS_URL|PORT|HOST|PUBLIC_URL|QUEUE_PREFIX|WEB_DIST_DIR|NODE_ENV|LOG_LEVEL|INLINE_WORKER|ADMIN_|ACCESS_TOKEN_|REFRESH_|RATE_LIMIT_|CORS_|SMTP_URL|MAIL_FROM)/.test(
        key,
      )
    )
      continue;
    env[key] = value;
  }
  return env;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(API_DIST, 'cli.js'), ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

export async function waitForHealth(port: number, child: ChildProcess, output: () => string, timeoutMs: number, what = 'api'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
      last = `status ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${what} not healthy after ${timeoutMs} ms (${last}):\n${output()}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

export async function clearRedisPrefix(prefix: string): Promise<void> {
  // Best effort: the queue keys of this run. ioredis is the api's client, available in the workspace.
  try {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  } catch {
    /* redis gone or module missing: nothing to clean */
  }
}

/** A new empty database for one run: `atelier_<label>_<suffix>` (the suffix also names its Redis prefix). */
export async function freshDatabase(label: string): Promise<{ suffix: string; dbName: string; databaseUrl: string }> {
  const suffix = randomBytes(5).toString('hex');
  const dbName = `atelier_${label}_${suffix}`;
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  return { suffix, dbName, databaseUrl: databaseUrlFor(dbName) };
}

export function requireBuilt(files: string[]): void {
  for (const file of files) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build first (node e2e/run.mjs builds what the browser tests need)`);
  }
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  requireBuilt([path.join(LAUNCHER_DIST, 'main.js'), path.join(API_DIST, 'cli.js'), path.join(WEB_DIST, 'index.html')]);

  const { suffix, dbName, databaseUrl } = await freshDatabase('e2e');
  const queuePrefix = `e2e${suffix}`;

  let child: ChildProcess | undefined;
  let output = '';
  const dropDatabase = async () => {
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  };

  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...baseEnv(),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT: String(port),
      QUEUE_PREFIX: queuePrefix,
      INLINE_WORKER: 'true',
      WEB_DIST_DIR: WEB_DIST,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Each page load refreshes once and the suite signs up many users from one IP: keep the
      // (Redis-backed, cross-run) auth rate limit out of the way. Its own behaviour is an api integration test.
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      // The suites count balances from a 50-credit start (the product default is higher).
      SIGNUP_BONUS_CREDITS: '50',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    };

    await runCli(['migrate'], env);
    await runCli(['seed'], env);

    child = spawn(process.execPath, [path.join(LAUNCHER_DIST, 'main.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const append = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);

    await waitForHealth(port, child, () => output, options.startTimeoutMs ?? 60_000);

    const running = child;
    let stopped = false;
    return {
      url: `http://localhost:${port}`,
      port,
      databaseUrl,
      output: () => output,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopProcess(running);
        await dropDatabase();
        await clearRedisPrefix(queuePrefix);
      },
    };
  } catch (error) {
    if (child) await stopProcess(child);
    await dropDatabase().catch(() => undefined);
    await clearRedisPrefix(queuePrefix);
    throw error;
  }
}
