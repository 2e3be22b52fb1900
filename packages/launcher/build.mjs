// Bundles the one-process launcher (api + worker roles, packages/* included) into dist/ for `node dist/main.js` (npm start).
import { bundle } from '../../scripts/lib/bundle.mjs';

await bundle({ main: 'src/main.ts' });
