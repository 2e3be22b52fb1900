#!/usr/bin/env node
// `npm run start:api` / `npm run start:worker`: one role of Atelier from the built tree, for
// running several api replicas and workers on shared Postgres, Redis and media storage (README
// "Scaling out"). Reads .env like `npm start` (the real environment wins), then runs the role's
// bundle in this process. It does not build, migrate or start services: `npm run build` and
// `node apps/api/dist/cli.js migrate` (and `seed`) do that once per deployment.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDotEnv, ROOT } from './lib/common.mjs';

const ROLES = { api: 'apps/api/dist/main.js', worker: 'apps/worker/dist/main.js' };
const role = process.argv[2];
const entry = ROLES[role];
if (!entry) {
  console.error(`Usage: node scripts/role.mjs <${Object.keys(ROLES).join('|')}>`);
  process.exit(2);
}
const file = path.join(ROOT, entry);
if (!existsSync(file)) {
  console.error(`${entry} is missing: build first (npm run build).`);
  process.exit(1);
}
loadDotEnv();
await import(pathToFileURL(file).href);
