// Shared helpers for scripts/start.mjs and scripts/test.mjs. Plain Node ESM: these run
// before `npm install`, so they may only use Node's own modules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment the scripts read (after .env is loaded into it). */
export const ENV = process.env;
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const IS_WINDOWS = process.platform === 'win32';
export const NPM = IS_WINDOWS ? 'npm.cmd' : 'npm';

// ---------------------------------------------------------------------------------------------
// Output

const colour = process.stdout.isTTY && !ENV.NO_COLOR;
const paint = (code) => (s) => (colour ? `\x1b[${code}m${s}\x1b[0m` : String(s));
export const bold = paint('1');
export const dim = paint('2');
export const red = paint('31');
export const green = paint('32');
export const yellow = paint('33');
export const cyan = paint('36');

export function makeLog(prefix) {
  const tag = cyan(`[${prefix}]`);
  return {
    step: (msg) => console.log(`${tag} ${bold(msg)}`),
    info: (msg) => console.log(`${tag} ${msg}`),
    warn: (msg) => console.warn(`${tag} ${yellow(`warning: ${msg}`)}`),
    error: (msg) => console.error(`${tag} ${red(`error: ${msg}`)}`),
  };
}

/** An error whose message is meant for people; the scripts print it and exit non-zero. */
export class UserError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'UserError';
    this.exitCode = exitCode;
  }
}

// ---------------------------------------------------------------------------------------------
// .env

/**
 * Reads `<root>/.env` (KEY=VALUE lines, `#` comments, optional `export ` and quotes) into
 * process.env. Variables already set in the real environment win. Returns the keys it set.
 */
export function loadDotEnv(file = path.join(ROOT, '.env')) {
  if (!existsSync(file)) return [];
  const applied = [];
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1];
    let value = m[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      // Unquoted: a ` #` starts a trailing comment.
      value = value.replace(/\s+#.*$/, '').trim();
    }
    if (process.env[key] === undefined) {
      process.env[key] = value;
      applied.push(key);
    }
  }
  return applied;
}

// ---------------------------------------------------------------------------------------------
// Processes

/** Children started by the scripts, killed if the script dies unexpectedly. */
export const liveChildren = new Set();
process.on('exit', () => {
  for (const child of liveChildren) {
    try {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/**
 * Runs a command with inherited stdio; resolves with its exit code (or rejects if it could
 * not be started). `signal` kills it.
 */
export function run(cmd, args, { env = process.env, cwd = ROOT, stdio = 'inherit' } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio, shell: IS_WINDOWS });
    liveChildren.add(child);
    child.on('error', (e) => {
      liveChildren.delete(child);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      liveChildren.delete(child);
      resolve(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1));
    });
  });
}
const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** Is `cmd` an executable on PATH? Returns its full path or null. */
export function which(cmd) {
  const dirs = (ENV.PATH ?? '').split(path.delimiter).filter(Boolean);
  const exts = IS_WINDOWS ? ['.exe', '.cmd', '.bat', ''] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, cmd + ext);
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

/** Runs a short command and returns its trimmed stdout, or null if it failed. */
export function capture(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', shell: IS_WINDOWS });
  return r.status === 0 ? r.stdout.trim() : null;
}

// ---------------------------------------------------------------------------------------------
// Networking

/** Resolves true when a TCP connection to host:port succeeds within `timeoutMs`. */
export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A free TCP port on 127.0.0.1 chosen by the OS. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Can we bind host:port right now? (false when something else listens there) */
export function portIsFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * Sends PING to a Redis server (optionally AUTH first) over a raw socket. Resolves 'ok',
 * 'auth' (it answered but wants a password), or 'down'.
 */
export function pingRedis({ host = '127.0.0.1', port = 6379, password, username, timeoutMs = 1500 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let buffer = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done('down'));
    socket.once('error', () => done('down'));
    socket.once('connect', () => {
      const cmds = [];
      if (password) cmds.push(username ? ['AUTH', username, password] : ['AUTH', password]);
      cmds.push(['PING']);
      socket.write(cmds.map((c) => `*${c.length}\r\n${c.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`).join(''));
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (buffer.includes('+PONG')) done('ok');
      else if (/-(NOAUTH|WRONGPASS|ERR.*(auth|password))/i.test(buffer)) done('auth');
    });
  });
}

/** Polls `fn` (truthy = ready) every `intervalMs` until `timeoutMs`; returns the last value. */
export async function waitFor(fn, { timeoutMs = 30_000, intervalMs = 250, abort } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (abort?.()) return last;
    if (Date.now() >= deadline) return last;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

// ---------------------------------------------------------------------------------------------
// Install / build freshness

const mtime = (p) => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
};

const INSTALL_STAMP = path.join(ROOT, 'node_modules', '.atelier-install-stamp');
const NO_NODE_MODULES = 'node_modules is missing';

/** Workspace folders (apps/*, packages/*) that have a package.json. */
export function workspaceDirs() {
  const out = [];
  for (const group of ['apps', 'packages']) {
    const base = path.join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const dir = path.join(base, name);
      if (existsSync(path.join(dir, 'package.json'))) out.push(dir);
    }
  }
  return out;
}

/**
 * Why `npm install` must run, or null when node_modules is current: missing, or
 * package-lock.json / a package.json newer than the last install.
 */
export function installReason() {
  const nm = path.join(ROOT, 'node_modules');
  const marker = path.join(nm, '.package-lock.json');
  if (!existsSync(nm) || !existsSync(marker)) return NO_NODE_MODULES;
  const installedAt = Math.max(mtime(marker), mtime(INSTALL_STAMP));
  if (mtime(path.join(ROOT, 'package-lock.json')) > installedAt) return 'package-lock.json changed since the last install';
  for (const file of [path.join(ROOT, 'package.json'), ...workspaceDirs().map((d) => path.join(d, 'package.json'))]) {
    if (mtime(file) > installedAt) return `${path.relative(ROOT, file)} changed since the last install`;
  }
  return null;
}

/**
 * Installs dependencies when needed: `npm ci` (exactly the lockfile) when node_modules is missing,
 * as on a fresh clone or in CI; `npm install` when a manifest changed since the last install (it
 * also updates package-lock.json for a dependency just added). Throws UserError if it fails.
 */
export async function ensureInstalled(log) {
  const reason = installReason();
  if (!reason) {
    log.info('Dependencies are installed.');
    return false;
  }
  const args = reason === NO_NODE_MODULES ? ['ci'] : ['install'];
  log.step(`Installing dependencies (${reason}) — npm ${args[0]}`);
  const code = await run(NPM, [...args, '--no-audit', '--no-fund'], { env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (code !== 0) {
    throw new UserError(
      `npm ${args[0]} failed (exit ${code}). Check your network access to the npm registry and that Node ${process.versions.node} ` +
        'matches "engines" in package.json (Node >= 20.19).' +
        (args[0] === 'ci' ? ' If package-lock.json no longer matches a package.json, run `npm install` once.' : ''),
    );
  }
  mkdirSync(path.dirname(INSTALL_STAMP), { recursive: true });
  writeFileSync(INSTALL_STAMP, `${new Date().toISOString()}\n`);
  return true;
}

/** Newest mtime of the files under `dir` (skipping node_modules, dist and dot folders). */
function newestUnder(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestUnder(p));
    else newest = Math.max(newest, mtime(p));
  }
  return newest;
}

/** The files `npm start` serves from; all must exist. */
export const BUILD_OUTPUTS = [
  'apps/api/dist/main.js',
  'apps/api/dist/cli.js',
  'apps/worker/dist/main.js',
  'packages/launcher/dist/main.js',
  'apps/web/dist/index.html',
];

/** Why a build is needed, or null when every output is newer than every source. */
export function buildReason() {
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(path.join(ROOT, f)));
  if (missing.length) return `${missing.join(', ')} missing`;
  const oldestOutput = Math.min(...BUILD_OUTPUTS.map((f) => mtime(path.join(ROOT, f))));
  let newestSource = Math.max(mtime(path.join(ROOT, 'package-lock.json')), mtime(path.join(ROOT, 'tsconfig.base.json')));
  for (const dir of workspaceDirs()) newestSource = Math.max(newestSource, newestUnder(dir));
  return newestSource > oldestOutput ? 'sources changed since the last build' : null;
}

export const TURBO = path.join(ROOT, 'node_modules', '.bin', IS_WINDOWS ? 'turbo.cmd' : 'turbo');
export const VITEST = path.join(ROOT, 'node_modules', '.bin', IS_WINDOWS ? 'vitest.cmd' : 'vitest');

export const toolEnv = (extra = {}) => ({
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  DO_NOT_TRACK: '1',
  ...extra,
});
