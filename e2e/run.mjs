#!/usr/bin/env node
// Browser tests: make sure the server bundles (api, worker, launcher) and the web build exist, then run the e2e vitest project on its own config.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (
  !process.argv.includes('--no-build') ||
  !existsSync(path.join(root, 'apps/web/dist/index.html')) ||
  !existsSync(path.join(root, 'apps/api/dist/main.js')) ||
  !existsSync(path.join(root, 'apps/worker/dist/main.js')) ||
  !existsSync(path.join(root, 'packages/launcher/dist/main.js'))
) {
  run('npx', ['turbo', 'run', 'build', '--filter=@atelier/api', '--filter=@atelier/worker', '--filter=@atelier/launcher', '--filter=@atelier/web']);
}
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2).filter((a) => a !== '--no-build')]);
