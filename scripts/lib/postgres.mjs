// Finding (or embedding) a Postgres for `npm start`. Imports npm packages lazily: call these
// only after `npm install`.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, UserError } from './common.mjs';

export const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOCAL_DB_NAME = 'atelier';
export const EMBEDDED_DATA_DIR = path.join(ROOT, '.data', 'pglite');

/** Imports an npm package, from the root node_modules or, failing that, from packages/db's. */
async function importPackage(name) {
  try {
    return await import(name);
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    const req = createRequire(path.join(ROOT, 'packages', 'db', 'package.json'));
    return import(pathToFileURL(req.resolve(name)).href);
  }
}

async function pgModule() {
  const mod = await importPackage('pg');
  return mod.default ?? mod;
}

const describe = (e) => (e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? e));

/** Connects, runs fn(client), disconnects. Rejects with the pg error. */
async function withClient(url, fn, timeoutMs = 4000) {
  const pg = await pgModule();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const quoteIdent = (s) => `"${s.replace(/"/g, '""')}"`;

/** Creates database `name` on the server behind `adminUrl` when it does not exist. Returns true if created. */
async function ensureDatabase(adminUrl, name) {
  return withClient(adminUrl, async (c) => {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    try {
      await c.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (e) {
      if (e?.code !== '42P04') throw e; // created concurrently: fine
    }
    return true;
  });
}

/**
 * Uses DATABASE_URL as given: checks it answers, and creates its database when the server
 * says it does not exist yet (3D000).
 */
export async function checkConfiguredDatabase(url, log) {
  try {
    await withClient(url, (c) => c.query('SELECT 1'));
    return;
  } catch (e) {
    if (e?.code === '3D000') {
      const u = new URL(url);
      const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
      u.pathname = '/postgres';
      log.info(`Database "${name}" does not exist yet: creating it.`);
      try {
        await ensureDatabase(u.toString(), name);
        return;
      } catch (e2) {
        throw new UserError(`Could not create database "${name}" (${describe(e2)}). Create it yourself or fix DATABASE_URL.`);
      }
    }
    throw new UserError(
      `DATABASE_URL is set but Postgres there does not answer (${describe(e)}).\n` +
        `  DATABASE_URL=${redact(url)}\n` +
        '  Start that server, fix the URL, or unset DATABASE_URL to let npm start find or embed one.',
    );
  }
}

/**
 * Tries the conventional local server (postgres@127.0.0.1:5432, no password) and makes sure
 * database `atelier` exists. Returns its URL, or null (with the reason) when it is unusable.
 */
export async function tryLocalPostgres() {
  try {
    const created = await ensureDatabase(LOCAL_ADMIN_URL, LOCAL_DB_NAME);
    const u = new URL(LOCAL_ADMIN_URL);
    u.pathname = `/${LOCAL_DB_NAME}`;
    return { url: u.toString(), created };
  } catch (e) {
    const reason =
      e?.code === 'ECONNREFUSED'
        ? 'nothing listens on 127.0.0.1:5432'
        : e?.code === '28P01' || e?.code === '28000'
          ? 'a Postgres on 127.0.0.1:5432 wants a password for user postgres (set DATABASE_URL to use it)'
          : describe(e);
    return { url: null, reason };
  }
}

export const redact = (url) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
};

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e?.code === 'EPERM';
  }
}

/** One process at a time may open the PGlite data folder. */
function takeLock(lockFile) {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (e) {
      if (e?.code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (pid && pid !== process.pid && pidAlive(pid)) {
        throw new UserError(
          `The embedded Postgres in ${path.relative(ROOT, lockFile.replace(/\.lock$/, ''))} is in use by another \`npm start\` (pid ${pid}).\n` +
            '  Stop that one first (Ctrl+C in its terminal), or point DATABASE_URL at a real Postgres.',
        );
      }
      rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new UserError(`Could not take the lock ${lockFile}`);
}

/**
 * Starts PGlite (data in .data/pglite) in this process and serves it over the Postgres wire
 * protocol with pglite-socket on a free local port, so the api's ordinary `pg` code path works.
 * One backend serves every connection: the api must use a pool of one (DB_POOL_MAX=1).
 */
export async function startEmbeddedPostgres(log, { dataDir = EMBEDDED_DATA_DIR } = {}) {
  const release = takeLock(`${dataDir}.lock`);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  log.info(`${fresh ? 'Creating' : 'Opening'} the embedded Postgres (PGlite) in ${path.relative(ROOT, dataDir)} — usually 5–30 s…`);
  let db;
  let server;
  try {
    const { PGlite } = await importPackage('@electric-sql/pglite');
    const { pgcrypto } = await importPackage('@electric-sql/pglite/contrib/pgcrypto');
    const { PGLiteSocketServer } = await importPackage('@electric-sql/pglite-socket');
    const started = Date.now();
    db = await PGlite.create({ dataDir, extensions: { pgcrypto } });
    // A few connections may overlap briefly (one closing while the next opens); the api itself
    // holds one. Queries from all of them are serialised on PGlite's single backend.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
    await server.start();
    const url = `postgres://postgres@${server.getServerConn()}/postgres`;
    // Poll until it answers over the socket before anything else connects.
    let lastError;
    for (let i = 0; i < 40; i += 1) {
      try {
        await withClient(url, (c) => c.query('SELECT 1'), 5000);
        lastError = undefined;
        break;
      } catch (e) {
        lastError = e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    if (lastError) throw lastError;
    log.info(`Embedded Postgres ready on ${server.getServerConn()} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    let stopped = false;
    return {
      url,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop().catch(() => {});
        await db.close().catch(() => {});
        release();
      },
    };
  } catch (e) {
    await server?.stop().catch(() => {});
    await db?.close().catch(() => {});
    release();
    if (e instanceof UserError) throw e;
    throw new UserError(
      `The embedded Postgres (PGlite) failed to start: ${describe(e)}\n` +
        `  If ${path.relative(ROOT, dataDir)} is damaged, move it away and start again (you lose its data),\n` +
        '  or install Postgres (apt-get install postgresql / brew install postgresql@16 / docker compose up -d postgres).',
    );
  }
}
