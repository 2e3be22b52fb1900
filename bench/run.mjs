// `npm run bench`: runs every benchmark script here in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = ['generation', 'export', 'api', 'sse', 'web'].filter((b) => (only.length ? only.includes(b) : true));
let failed = 0;
for (const name of benches) {
  const file = path.join(here, `${name}.mjs`);
  if (!existsSync(file)) continue;
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
    stdio: 'inherit',
    cwd: path.resolve(here, '..'),
    // tsx reads the JSX setting (the e-mail templates) from the tsconfig: there is none at the root.
    env: { TSX_TSCONFIG_PATH: 'tsconfig.base.json', ...process.env },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
