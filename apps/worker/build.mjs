// Bundles the worker role (packages/* included) into dist/ for `node dist/main.js` (npm run start:worker, docker compose's worker).
import { bundle } from '../../scripts/lib/bundle.mjs';

await bundle({ main: 'src/main.ts' });
