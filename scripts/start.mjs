#!/usr/bin/env node
// `npm start`: from a fresh clone to a running Atelier at http://localhost:3000 in one command.
//
//  1. reads .env at the repo root (the real environment wins)
//  2. npm install, when node_modules is missing or older than package-lock.json / package.json
//  3. turbo run build, when a build output is missing or older than the sources
//  4. Postgres: DATABASE_URL, else postgres@127.0.0.1:5432 (database "atelier", created if
//     missing), else an embedded PGlite in .data/pglite served over pglite-socket from this
//     process (ATELIER_EMBEDDED_DB=1 forces that)
//  5. Redis: REDIS_URL, else 127.0.0.1:6379, else `redis-server` from PATH on a free port
//     (ATELIER_EMBEDDED_REDIS=1 forces that), else it says what to install
//  6. migrate + seed (idempotent), then the launcher: api + worker in one process (INLINE_WORKER=true)
//  7. prints the URL and the admin login once /api/health is ok; Ctrl+C stops everything
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  BUILD_OUTPUTS,
  bold,
  buildReason,
  cyan,
  dim,
  ENV,
  ensureInstalled,
  green,
  liveChildren,
  loadDotEnv,
  makeLog,
  portIsFree,
  ROOT,
  run,
  TURBO,
  toolEnv,
  UserError,
  yellow,
} from './lib/common.mjs';

const log = makeLog('start');
const truthy = (v) => ['1', 'true', 'yes'].includes(String(v ?? '').toLowerCase());

// Defaults from packages/shared/src/env.ts, for the banner only.
const DEFAULT_ADMIN_EMAIL = 'admin@atelier.local';
const DEFAULT_ADMIN_PASSWORD = 'atelier-admin';

/** Async clean-ups (stop api, stop embedded Postgres, stop redis), run last-in first-out. */
const cleanups = [];
let stopping = false;
let api = null;

async function finish(code) {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (e) {
      log.warn(`clean-up step failed: ${e?.message ?? e}`);
    }
  }
  process.exit(code);
}

function onSignal(signal) {
  if (stopping) {
    // Second Ctrl+C: stop waiting for in-flight work.
    if (api && api.exitCode === null) {
      log.warn('forcing the server to stop');
      api.kill('SIGKILL');
    }
    return;
  }
  stopping = true;
  if (api && api.exitCode === null && api.signalCode === null) {
    log.info(`${signal}: stopping Atelier (finishing in-flight requests and jobs; Ctrl+C again to force)…`);
    api.kill(signal);
    setTimeout(() => api.exitCode === null && api.kill('SIGKILL'), 40_000).unref();
    // The api's exit handler runs finish().
  } else {
    log.info(`${signal}: stopping…`);
    for (const child of liveChildren) child.kill('SIGTERM');
    void finish(130);
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

// `npm start` runs us under `sh -c`; on SIGTERM npm signals that shell, which dies without
// passing it on. Being orphaned therefore means "stop" too.
const parentAtStart = process.ppid;
if (process.platform !== 'win32' && parentAtStart !== 1) {
  setInterval(() => {
    if (process.ppid !== parentAtStart && !stopping) onSignal('SIGTERM');
  }, 500).unref();
}

/** After a signal, the set-up flow must not carry on: wait here for finish() to exit. */
const stopIfAsked = () => (stopping ? new Promise(() => {}) : undefined);

async function runStep(description, cmd, args, env) {
  const code = await run(cmd, args, { env });
  await stopIfAsked();
  if (code !== 0) throw new UserError(`${description} failed (exit ${code}); see the output above.`);
}

async function resolvePostgres(env) {
  const pgLib = await import('./lib/postgres.mjs');
  const forceEmbedded = truthy(env.ATELIER_EMBEDDED_DB);
  if (env.DATABASE_URL && !forceEmbedded) {
    log.info(`Postgres: DATABASE_URL (${pgLib.redact(env.DATABASE_URL)})`);
    await pgLib.checkConfiguredDatabase(env.DATABASE_URL, log);
    return { url: env.DATABASE_URL, label: pgLib.redact(env.DATABASE_URL), embedded: false };
  }
  if (forceEmbedded) {
    log.info(`Postgres: ATELIER_EMBEDDED_DB is set: using the embedded one${env.DATABASE_URL ? ' (ignoring DATABASE_URL)' : ''}.`);
  } else {
    const local = await pgLib.tryLocalPostgres();
    if (local.url) {
      log.info(`Postgres: local server on 127.0.0.1:5432, database "atelier"${local.created ? ' (created now)' : ''}.`);
      return { url: local.url, label: local.url, embedded: false };
    }
    log.info(`Postgres: no usable local server (${local.reason}); using the embedded one.`);
  }
  const embedded = await pgLib.startEmbeddedPostgres(log);
  cleanups.push(() => embedded.stop());
  await stopIfAsked();
  return {
    url: embedded.url,
    label: `embedded PGlite in .data/pglite (${embedded.url}; one connection, for trying Atelier out — use a real Postgres for real work)`,
    embedded: true,
  };
}

async function resolveRedis(env) {
  const redisLib = await import('./lib/redis.mjs');
  const forceEmbedded = truthy(env.ATELIER_EMBEDDED_REDIS);
  if (env.REDIS_URL && !forceEmbedded) {
    log.info('Redis: REDIS_URL');
    await redisLib.checkConfiguredRedis(env.REDIS_URL);
    return { url: env.REDIS_URL, label: 'REDIS_URL' };
  }
  if (!forceEmbedded) {
    const local = await redisLib.tryLocalRedis();
    if (local) {
      log.info('Redis: local server on 127.0.0.1:6379.');
      return { url: local, label: local };
    }
    log.info('Redis: nothing answers on 127.0.0.1:6379; starting redis-server from PATH.');
  } else {
    log.info('Redis: ATELIER_EMBEDDED_REDIS is set: starting redis-server from PATH.');
  }
  const spawned = await redisLib.startEmbeddedRedis(log);
  cleanups.push(() => spawned.stop());
  await stopIfAsked();
  return { url: spawned.url, label: `${spawned.url} (redis-server started by npm start, pid ${spawned.pid}; stops with it)` };
}

async function waitForHealth(healthUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!api || api.exitCode !== null || api.signalCode !== null || stopping) return { ok: false, last };
    try {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(3000) });
      const body = await res.text();
      last = `${res.status} ${body}`;
      if (res.ok && JSON.parse(body).status === 'ok') return { ok: true, last };
    } catch (e) {
      last = e?.cause?.code ?? e?.message ?? String(e);
    }
    await new Promise((r) => setTimeout(r, 400));
  }
  return { ok: false, last };
}

async function main() {
  const fromDotEnv = loadDotEnv();
  log.step(`Atelier — ${ROOT}`);
  if (fromDotEnv.length) log.info(`Read ${fromDotEnv.length} setting(s) from .env (${fromDotEnv.join(', ')}).`);

  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new UserError(`Node ${process.versions.node} is too old: Atelier needs Node 20.19 or newer (https://nodejs.org).`);
  }

  // Fail early on a taken port instead of after the build.
  const port = Number(ENV.PORT || 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UserError(`PORT must be a port number, got "${ENV.PORT}"`);
  const host = ENV.HOST || '0.0.0.0';
  if (!(await portIsFree(port, host))) {
    throw new UserError(`Port ${port} is already in use (is Atelier already running?). Stop that process or pick another: PORT=3001 npm start`);
  }

  // 1. dependencies
  await ensureInstalled(log);
  await stopIfAsked();

  // 2. build
  const why = buildReason();
  if (why || truthy(ENV.ATELIER_FORCE_BUILD)) {
    log.step(`Building (${why ?? 'ATELIER_FORCE_BUILD'}) — turbo run build`);
    await runStep('The build', TURBO, ['run', 'build', '--output-logs=errors-only'], toolEnv());
    const stillMissing = buildReason();
    if (stillMissing?.includes('missing')) {
      throw new UserError(`The build finished but ${stillMissing} (expected ${BUILD_OUTPUTS.join(', ')}).`);
    }
  } else {
    log.info('Build is up to date.');
  }

  // 3. services
  log.step('Finding Postgres and Redis');
  const pgInfo = await resolvePostgres(process.env);
  const redisInfo = await resolveRedis(process.env);

  const publicUrl = ENV.PUBLIC_URL || `http://localhost:${port}`;
  const appEnv = {
    ...process.env,
    DATABASE_URL: pgInfo.url,
    REDIS_URL: redisInfo.url,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    // One process: the launcher runs the api and the BullMQ workers (packages/launcher).
    INLINE_WORKER: 'true',
    ...(pgInfo.embedded ? { DB_POOL_MAX: '1' } : {}),
  };
  if (pgInfo.embedded && ENV.DB_POOL_MAX && ENV.DB_POOL_MAX !== '1') {
    log.warn(`DB_POOL_MAX=${ENV.DB_POOL_MAX} ignored: the embedded Postgres serves one connection at a time (DB_POOL_MAX=1).`);
  }

  // 4. schema + seed
  const cli = path.join(ROOT, 'apps/api/dist/cli.js');
  log.step('Migrating the database');
  await runStep('Migration', process.execPath, [cli, 'migrate'], appEnv);
  log.step('Seeding (model catalogue, credit packages, admin user, demo workspace)');
  await runStep('Seeding', process.execPath, [cli, 'seed'], appEnv);

  // 5. serve
  log.step(`Starting Atelier on port ${port} (api + web + worker in one process)`);
  api = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'packages/launcher/dist/main.js')], {
    cwd: ROOT,
    env: appEnv,
    stdio: 'inherit',
  });
  liveChildren.add(api);
  cleanups.push(async () => {
    if (api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
  });
  api.on('exit', (code, signal) => {
    liveChildren.delete(api);
    if (stopping) {
      log.info('Stopped.');
      void finish(code ?? 0);
    } else {
      log.error(`the server exited unexpectedly (${signal ?? `exit ${code}`}); see its log above.`);
      void finish(code || 1);
    }
  });

  const probeHost = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  const health = await waitForHealth(`http://${probeHost}:${port}/api/health`, 90_000);
  await stopIfAsked();
  if (!health.ok) {
    if (api.exitCode !== null) return; // exit handler reports
    log.warn(`/api/health is not ok after 90 s (last answer: ${health.last}). The server keeps running; check the log above.`);
    return;
  }

  const adminEmail = ENV.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
  const passwordLine = ENV.ADMIN_PASSWORD
    ? `the ADMIN_PASSWORD you set   ${dim('(it applies when the admin is first created)')}`
    : `${bold(DEFAULT_ADMIN_PASSWORD)}   ${dim('(default; set ADMIN_EMAIL / ADMIN_PASSWORD in .env before the first start)')}`;
  const line = '─'.repeat(72);
  console.log(
    [
      '',
      green(line),
      `  ${bold('Atelier is running:')} ${cyan(publicUrl)}`,
      '',
      `  Sign in as admin at ${cyan(`${publicUrl}/login`)}`,
      `    e-mail:   ${bold(adminEmail)}`,
      `    password: ${passwordLine}`,
      '',
      `  API docs  ${publicUrl}/api/docs     health  ${publicUrl}/api/health`,
      `  Postgres  ${pgInfo.label}`,
      `  Redis     ${redisInfo.label}`,
      `  Mail      ${mailLabel(ENV.SMTP_URL, publicUrl)}`,
      '',
      `  ${yellow('Ctrl+C')} stops it.`,
      green(line),
      '',
    ].join('\n'),
  );
}

/** Where mails go: the SMTP host (never its credentials), or Admin → Outbox when SMTP_URL is unset. */
function mailLabel(smtpUrl, publicUrl) {
  if (!smtpUrl) return `not sent (no SMTP_URL): read them in Admin → Outbox, ${publicUrl}/admin/outbox; their links are in this log too`;
  try {
    const u = new URL(smtpUrl);
    return `sent via ${u.protocol}//${u.host}`;
  } catch {
    return 'sent via SMTP_URL';
  }
}

main().catch(async (e) => {
  if (e instanceof UserError) log.error(e.message);
  else log.error(e?.stack ?? String(e));
  await finish(e?.exitCode ?? 1);
});
