#!/usr/bin/env node
// `npm test`: sets up what the tests need, then runs every stage in order, failing fast:
//   lint → typecheck → build → unit → integration → e2e
// and prints one summary line per stage. Exits non-zero on the first failure.
// `npm test -- --from=<stage>` skips the stages before <stage> (local re-runs only).
//
// Needs: Postgres on 127.0.0.1:5432 (user postgres, trust auth; TEST_DATABASE_ADMIN_URL
// overrides) and Redis on 127.0.0.1:6379 (REDIS_URL overrides, as in the test harness) for integration and
// e2e; /usr/bin/chromium (E2E_CHROMIUM_PATH overrides) for e2e. If Postgres or Redis are down it
// tries to start the machine's own; under CI=true a missing chromium fails instead of skipping.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bold,
  dim,
  ENV,
  ensureInstalled,
  green,
  IS_WINDOWS,
  liveChildren,
  makeLog,
  NPM,
  pingRedis,
  ROOT,
  red,
  run,
  TURBO,
  toolEnv,
  UserError,
  VITEST,
  waitFor,
  which,
  yellow,
} from './lib/common.mjs';

const log = makeLog('test');
const CI = ['1', 'true', 'yes'].includes(String(ENV.CI ?? '').toLowerCase());
const CHROMIUM = ENV.E2E_CHROMIUM_PATH || '/usr/bin/chromium';
const PG_ADMIN_URL = ENV.TEST_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = ENV.REDIS_URL || 'redis://127.0.0.1:6379';

/** name → { status: 'passed'|'failed'|'skipped'|'not run', seconds, note } */
const results = [];
const STAGES = ['setup', 'lint', 'typecheck', 'build', 'unit', 'integration', 'e2e'];

function summary() {
  const byName = new Map(results.map((r) => [r.name, r]));
  console.log(`\n${bold('Summary')}`);
  for (const name of STAGES) {
    const r = byName.get(name) ?? { status: 'not run' };
    const status =
      r.status === 'passed' ? green('PASS') : r.status === 'failed' ? red('FAIL') : r.status === 'skipped' ? yellow('SKIP') : dim('----');
    const time = r.seconds !== undefined ? `${r.seconds.toFixed(1)} s` : '';
    console.log(`  ${status}  ${name.padEnd(12)} ${time.padStart(8)}  ${r.note ?? (r.status === 'not run' ? dim('not run') : '')}`);
  }
  const failed = results.find((r) => r.status === 'failed');
  const skipped = results.filter((r) => r.status === 'skipped');
  if (failed) console.log(`\n${red(bold(`npm test FAILED at stage "${failed.name}"`))}${failed.note ? `: ${failed.note}` : ''}`);
  else console.log(`\n${green(bold('npm test passed'))}${skipped.length ? yellow(` (skipped: ${skipped.map((s) => s.name).join(', ')})`) : ''}`);
  // Last line, in the plain form CI reads: "N passed, N failed[, N skipped]".
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}

// `npm test -- --from=unit` starts at a later stage (setup always runs); for local re-runs only.
const fromArg = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
if (fromArg && !STAGES.includes(fromArg)) {
  console.error(`Unknown stage "${fromArg}". Stages: ${STAGES.join(', ')}`);
  process.exit(2);
}
const firstStage = fromArg ? STAGES.indexOf(fromArg) : 0;

async function stage(name, fn) {
  if (name !== 'setup' && STAGES.indexOf(name) < firstStage) {
    results.push({ name, status: 'skipped', note: `--from=${fromArg}` });
    return;
  }
  log.step(`── ${name} ${'─'.repeat(Math.max(0, 60 - name.length))}`);
  const started = Date.now();
  try {
    const note = await fn();
    if (note && typeof note === 'object' && note.skipped) {
      results.push({ name, status: 'skipped', seconds: (Date.now() - started) / 1000, note: note.skipped });
      return;
    }
    results.push({ name, status: 'passed', seconds: (Date.now() - started) / 1000, note: typeof note === 'string' ? note : undefined });
  } catch (e) {
    results.push({
      name,
      status: 'failed',
      seconds: (Date.now() - started) / 1000,
      note: e instanceof UserError ? e.message : String(e?.stack ?? e),
    });
    summary();
    process.exit(1);
  }
}

/** Runs a command as a stage step; throws UserError naming it when it fails. */
async function sh(cmd, args, env = toolEnv()) {
  log.info(dim(`$ ${[path.relative(ROOT, cmd) || cmd, ...args].join(' ')}`));
  const code = await run(cmd, args, { env });
  if (code !== 0) throw new UserError(`\`${[path.basename(cmd), ...args].join(' ')}\` exited with ${code}`);
}

/** Test counts over every vitest stage, for the closing line. */
const counts = { passed: 0, failed: 0, skipped: 0 };
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }));

/** Runs one vitest project; adds its counts (from the JSON reporter) to the totals. */
async function vitest(project) {
  const report = path.join(reportDir, `${project}.json`);
  let failure;
  try {
    await sh(VITEST, ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  } catch (e) {
    failure = e;
  }
  let note;
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    counts.passed += r.numPassedTests ?? 0;
    counts.failed += r.numFailedTests ?? 0;
    counts.skipped += skipped;
    note = `${r.numPassedTests ?? 0} passed, ${r.numFailedTests ?? 0} failed${skipped ? `, ${skipped} skipped` : ''} in ${r.testResults?.length ?? '?'} files`;
    if ((r.numTotalTests ?? 0) === 0) {
      const files = r.testResults?.length ?? 0;
      throw new UserError(
        files ? `vitest ${project}: ${files} test file(s) but no test ran (see the errors above)` : `no ${project} test files found`,
      );
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    /* no report: vitest failed before running anything */
  }
  if (failure) throw new UserError(note ? `vitest ${project}: ${note}` : failure.message);
  return note;
}

// ---------------------------------------------------------------------------------------------
// Services

async function postgresUp() {
  const pgMod = await import('pg');
  const pg = pgMod.default ?? pgMod;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? e) };
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensurePostgres() {
  let state = await postgresUp();
  if (state.ok) return 'Postgres up';
  log.warn(`Postgres at ${PG_ADMIN_URL} does not answer (${state.reason}).`);
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (versions.length && which('pg_ctlcluster')) {
    for (const version of versions) {
      log.info(`Starting it: pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    }
    state = await waitFor(
      async () => {
        const s = await postgresUp();
        return s.ok ? s : null;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    if (state?.ok) return 'Postgres started';
    state = await postgresUp();
  }
  throw new UserError(
    `Postgres is needed on ${PG_ADMIN_URL} (user postgres, trust auth) and it is not reachable (${state.reason ?? 'no answer'}).\n` +
      '  Install/start it: sudo apt-get install postgresql && sudo pg_ctlcluster --skip-systemctl-redirect 15 main start\n' +
      '  (or `bash .ci/run`, which does it), or `docker compose up -d postgres` and set TEST_DATABASE_ADMIN_URL.',
  );
}

async function ensureRedis() {
  const u = new URL(REDIS_URL);
  const target = { host: u.hostname, port: Number(u.port || 6379), password: u.password ? decodeURIComponent(u.password) : undefined };
  if ((await pingRedis(target)) === 'ok') return 'Redis up';
  log.warn(`Redis at ${target.host}:${target.port} does not answer.`);
  const isDefault = ['127.0.0.1', 'localhost'].includes(target.host) && target.port === 6379;
  if (isDefault && which('redis-server')) {
    log.info('Starting it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
    await run('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no']);
    if (await waitFor(async () => (await pingRedis(target)) === 'ok', { timeoutMs: 10_000, intervalMs: 200 })) return 'Redis started';
  }
  throw new UserError(
    `Redis is needed on ${target.host}:${target.port} and it is not reachable.\n` +
      '  Install/start it: sudo apt-get install redis-server && redis-server --daemonize yes --save "" --appendonly no\n' +
      '  (or `bash .ci/run`), or `docker compose up -d redis`.',
  );
}

// ---------------------------------------------------------------------------------------------

process.on('SIGINT', () => {
  for (const child of liveChildren) child.kill('SIGINT');
  log.error('interrupted');
  process.exit(130);
});

// .env is deliberately not read: tests must not depend on (or leak into) a developer's settings.
log.step(`Atelier tests — ${ROOT}${CI ? ' (CI)' : ''}`);
ENV.TURBO_TELEMETRY_DISABLED = '1';

await stage('setup', async () => {
  await ensureInstalled(log);
  const pgNote = await ensurePostgres();
  const redisNote = await ensureRedis();
  const chromium = existsSync(CHROMIUM) ? 'chromium found' : `no chromium at ${CHROMIUM}`;
  const version = process.versions.node;
  return `node ${version}; ${pgNote}; ${redisNote}; ${chromium}`;
});

await stage('lint', async () => {
  await sh(NPM, ['run', '--silent', 'lint']);
  await sh(process.execPath, [path.join(ROOT, 'scripts/check-env-docs.mjs')]);
});

await stage('typecheck', async () => {
  await sh(TURBO, ['run', 'typecheck', '--output-logs=errors-only']);
  // The browser tests are not a workspace: check them here.
  await sh(path.join(ROOT, 'node_modules', '.bin', IS_WINDOWS ? 'tsc.cmd' : 'tsc'), ['-p', path.join(ROOT, 'e2e'), '--noEmit']);
});

await stage('build', () => sh(TURBO, ['run', 'build', '--output-logs=errors-only']));

await stage('unit', () => vitest('unit'));

await stage('integration', () => vitest('integration'));

await stage('e2e', async () => {
  if (!existsSync(CHROMIUM)) {
    const msg = `chromium not found at ${CHROMIUM}: browser tests need Debian's chromium (sudo apt-get install chromium), or set E2E_CHROMIUM_PATH`;
    if (CI) throw new UserError(msg);
    console.log(
      `\n${yellow(bold('!'.repeat(78)))}\n${yellow(bold(`  SKIPPING the browser (e2e) tests: ${msg}.`))}\n` +
        `${yellow(bold('  They are NOT optional in CI (CI=true makes this a failure).'))}\n${yellow(bold('!'.repeat(78)))}\n`,
    );
    return { skipped: `${msg} (not CI)` };
  }
  return vitest('e2e');
});

summary();
process.exit(0);
