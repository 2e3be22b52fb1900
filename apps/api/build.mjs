// Bundles the api (with the worker, packages/*) into dist/ for `node dist/main.js`.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  // BUILD_OUT_DIR lets an engineer build a private copy (e.g. for side-by-side browser tests).
  outdir: process.env.BUILD_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Workspace packages are TypeScript source: bundle them; npm packages stay external.
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
