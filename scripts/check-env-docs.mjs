#!/usr/bin/env node
// Keeps the docs honest: every variable in packages/shared/src/env.ts (the one env schema)
// must appear in .env.example and in README.md's configuration table. Run by `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/common.mjs';

const schema = readFileSync(path.join(ROOT, 'packages/shared/src/env.ts'), 'utf8');
// The schema object: from `EnvSchema` to its closing `})` line (a field's own refinements may sit inside it).
const start = schema.indexOf('export const EnvSchema');
const body = schema.slice(start, schema.indexOf('\n  })', start));
const keys = [...body.matchAll(/^\s+([A-Z][A-Z0-9_]+)\s*:/gm)].map((m) => m[1]);
// Read by scripts/start.mjs and scripts/test.mjs, not by the apps.
const scriptKeys = ['ATELIER_EMBEDDED_DB', 'ATELIER_EMBEDDED_REDIS', 'ATELIER_FORCE_BUILD'];

if (keys.length < 10) {
  console.error(`check-env-docs: found only ${keys.length} variables in env.ts; has its shape changed?`);
  process.exit(1);
}

const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const problems = [];
for (const key of [...keys, ...scriptKeys]) {
  if (!new RegExp(`^#?\\s*${key}=`, 'm').test(example)) problems.push(`.env.example does not document ${key}`);
  if (!new RegExp(`^\\|\\s*\`${key}\``, 'm').test(readme)) problems.push(`README.md's configuration table has no row for ${key}`);
}
if (problems.length) {
  console.error(`check-env-docs: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-env-docs: all ${keys.length + scriptKeys.length} variables are documented in .env.example and README.md.`);
