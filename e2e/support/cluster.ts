import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_DIST, REPO_ROOT, WORKER_DIST } from './paths';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminQuery,
  baseEnv,
  clearRedisPrefix,
  freePort,
  freshDatabase,
  REDIS_URL,
  requireBuilt,
  runCli,
  stopProcess,
  waitForHealth,
} from './server';

/**
 * A scaled-out Atelier for tests: N api processes (`npm run start:api`'s bundle, each on its own
 * port) and M worker processes (`npm run start:worker`'s bundle) from the built tree, on one fresh
 * Postgres database, one Redis prefix and one media folder — the topology of README "Scaling out"
 * on one machine. Start it once per test file (it takes a few seconds); `stop()` tears it down.
 *
 * Extend it through `options.env` (every process) — e.g. the S3 settings for STORAGE_DRIVER=s3 —
 * and `startApi` / `startWorker` to add processes mid-test.
 */

export interface ClusterProcess {
  name: string;
  role: 'api' | 'worker';
  /** http://localhost:<port> for an api. */
  url: string | null;
  child: ChildProcess;
  output(): string;
  /** SIGTERM: graceful (in-flight requests and jobs finish), waits for the exit; SIGKILL: at once. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  databaseUrl: string;
  queuePrefix: string;
  mediaDir: string;
  /** The environment every process got (plus its own PORT / PUBLIC_URL for apis). */
  env: NodeJS.ProcessEnv;
  /** Reads the cluster's database directly (assertions: the database is the truth). */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  startApi(): Promise<ClusterProcess>;
  startWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  env?: Record<string, string>;
}

function track(name: string, role: 'api' | 'worker', child: ChildProcess, url: string | null): ClusterProcess {
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return {
    name,
    role,
    url,
    child,
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (signal === 'SIGTERM') return stopProcess(child);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await exited;
    },
  };
}

async function waitForLine(p: ClusterProcess, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!p.output().includes(text)) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited with ${p.child.exitCode}:\n${p.output()}`);
    if (Date.now() > deadline) throw new Error(`${p.name} did not say "${text}" within ${timeoutMs} ms:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  requireBuilt([path.join(API_DIST, 'main.js'), path.join(API_DIST, 'cli.js'), path.join(WORKER_DIST, 'main.js')]);
  const { suffix, dbName, databaseUrl } = await freshDatabase('cluster');
  const queuePrefix = `cl${suffix}`;
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-cluster-media-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    MEDIA_DIR: mediaDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    INLINE_WORKER: 'false',
    DB_POOL_MAX: '5',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    // One secret for every process of the cluster (a token signed by api 1 verifies on api 2).
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...options.env,
  };
  const apis: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];

  const startApi = async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const child = spawn(process.execPath, [path.join(API_DIST, 'main.js')], {
      cwd: REPO_ROOT,
      env: { ...env, PORT: String(port), PUBLIC_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p = track(`api ${apis.length + 1}`, 'api', child, url);
    apis.push(p);
    await waitForHealth(port, child, p.output, 60_000, p.name);
    return p;
  };
  const startWorker = async () => {
    const child = spawn(process.execPath, [path.join(WORKER_DIST, 'main.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const p = track(`worker ${workers.length + 1}`, 'worker', child, null);
    workers.push(p);
    await waitForLine(p, 'worker started', 60_000);
    return p;
  };

  const stop = async () => {
    await Promise.all([...apis, ...workers].map((p) => p.kill('SIGTERM').catch(() => p.kill('SIGKILL'))));
    await pool.end().catch(() => {});
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
    await clearRedisPrefix(queuePrefix);
    await rm(mediaDir, { recursive: true, force: true });
  };

  try {
    await runCli(['migrate'], env);
    await runCli(['seed'], env);
    await Promise.all([
      ...Array.from({ length: options.apis ?? 2 }, () => startApi()),
      ...Array.from({ length: options.workers ?? 2 }, () => startWorker()),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    apis,
    workers,
    databaseUrl,
    queuePrefix,
    mediaDir,
    env,
    query: async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    startApi,
    startWorker,
    stop,
  };
}

/** JSON over HTTP against one api: `{ status, body }`, with a bearer token when given. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/**
 * Follows a tRPC subscription over SSE (`GET /trpc/<path>?input=…`) as a browser would, handing
 * each `data` payload to `onData` as it arrives (with its arrival time); resolves when the server
 * ends the stream, `stopWhen` says so, or `timeoutMs` passes (then it rejects).
 */
export async function followSse<T>(
  base: string,
  procedure: string,
  input: unknown,
  options: { token: string; onData?: (data: T, at: number) => void; stopWhen?: (data: T) => boolean; timeoutMs?: number },
): Promise<T[]> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`${procedure}: no end within ${options.timeoutMs ?? 60_000} ms`)),
    options.timeoutMs ?? 60_000,
  );
  const got: T[] = [];
  try {
    const res = await fetch(`${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
      headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`${procedure}: HTTP ${res.status} ${await res.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        const event = /^event: (.+)$/m.exec(block)?.[1];
        if (event === 'return') return got;
        if (event === 'serialized-error') throw new Error(`${procedure}: ${block}`);
        const line = block.split('\n').find((l) => l.startsWith('data: '));
        if (!line || event === 'connected' || event === 'ping') continue;
        const data = JSON.parse(line.slice(6)) as T;
        if (data === null || typeof data !== 'object') continue;
        got.push(data);
        options.onData?.(data, Date.now());
        if (options.stopWhen?.(data)) {
          controller.abort();
          return got;
        }
      }
    }
    return got;
  } catch (error) {
    if (controller.signal.aborted && got.length && options.stopWhen?.(got[got.length - 1] as T)) return got;
    throw controller.signal.reason instanceof Error ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}
