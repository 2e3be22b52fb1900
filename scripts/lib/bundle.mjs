// The one esbuild set-up of the server bundles (apps/api, apps/worker, packages/launcher):
// workspace packages are TypeScript source and get bundled; npm packages stay external.
import { build } from 'esbuild';
import { ENV } from './common.mjs';

export async function bundle(entryPoints) {
  await build({
    entryPoints,
    // BUILD_OUT_DIR lets an engineer build a private copy (e.g. for side-by-side browser tests).
    outdir: ENV.BUILD_OUT_DIR ?? 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    plugins: [
      {
        name: 'externalise-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}
