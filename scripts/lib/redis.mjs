// Finding (or spawning) a Redis for `npm start`.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort, liveChildren, pingRedis, ROOT, UserError, waitFor, which } from './common.mjs';

export const INSTALL_REDIS_HINT = [
  'Redis is needed and none was found: REDIS_URL is unset, nothing answers on 127.0.0.1:6379,',
  'and there is no `redis-server` on PATH to start. Install one of:',
  '  Debian/Ubuntu:  sudo apt-get install redis-server',
  '  macOS:          brew install redis',
  '  Docker:         docker compose up -d redis     (publishes 127.0.0.1:6379, which npm start finds)',
  'or set REDIS_URL to a Redis you already run.',
].join('\n');

/** Parses a redis:// URL into what pingRedis needs (rediss:// is not pinged: TLS). */
export function redisTarget(url) {
  const u = new URL(url);
  return {
    tls: u.protocol === 'rediss:',
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
  };
}

/** Checks a configured REDIS_URL answers. Throws UserError when it does not. */
export async function checkConfiguredRedis(url) {
  let target;
  try {
    target = redisTarget(url);
  } catch {
    throw new UserError(`REDIS_URL is not a valid URL: ${url}`);
  }
  if (target.tls) return; // we cannot PING over TLS with a raw socket; the health check will tell
  const result = await pingRedis(target);
  if (result === 'ok') return;
  throw new UserError(
    result === 'auth'
      ? `Redis at REDIS_URL rejected the credentials (or wants some). Put the password in REDIS_URL: redis://:PASSWORD@host:port`
      : `REDIS_URL is set but Redis at ${target.host}:${target.port} does not answer. Start it, fix REDIS_URL, or unset it.`,
  );
}

/** Is the conventional local Redis (127.0.0.1:6379, no password) there? */
export async function tryLocalRedis() {
  const r = await pingRedis({ host: '127.0.0.1', port: 6379 });
  return r === 'ok' ? 'redis://127.0.0.1:6379' : null;
}

/**
 * Spawns `redis-server` from PATH on a free port, keeping nothing on disk. Its own process
 * group, so a Ctrl+C in the terminal does not kill it before the api has drained its jobs;
 * `stop()` ends it.
 */
export async function startEmbeddedRedis(log) {
  const bin = which('redis-server');
  if (!bin) throw new UserError(INSTALL_REDIS_HINT);
  const port = await freePort();
  const dir = path.join(ROOT, '.data', 'redis');
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'];
  log.info(`Starting redis-server on 127.0.0.1:${port} (nothing kept on disk)…`);
  const child = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], detached: process.platform !== 'win32' });
  liveChildren.add(child);
  let exited = false;
  child.on('exit', () => {
    exited = true;
    liveChildren.delete(child);
  });
  const ready = await waitFor(async () => (await pingRedis({ port })) === 'ok', { timeoutMs: 10_000, intervalMs: 100, abort: () => exited });
  if (!ready) {
    if (!exited) child.kill('SIGKILL');
    throw new UserError(`redis-server (${bin}) did not start on port ${port}. Run it by hand to see why, or set REDIS_URL.`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
