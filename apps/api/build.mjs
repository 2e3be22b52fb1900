// Bundles the api role (packages/* included) into dist/: `node dist/main.js` serves, `node dist/cli.js` migrates and seeds.
import { bundle } from '../../scripts/lib/bundle.mjs';

await bundle({ main: 'src/main.ts', cli: 'src/cli.ts' });
