import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readWebManifest } from './web-manifest';

/** Hashed build output: the name changes with the content, so it may be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app:
 * - /assets/* (hashed): the brotli or gzip file the build wrote beside each asset, by Accept-Encoding
 *   (Vary: Accept-Encoding), cached for a year as immutable;
 * - other files of the build (favicon, color-scheme.js): an hour;
 * - index.html for every other GET (the SPA fallback, see server.ts) with `no-cache`, and with
 *   `<link rel="modulepreload">` for the chunks the address's route loads, so code splitting adds no
 *   waterfall. The page for each route is built once here, at start-up, from the Vite manifest.
 */
export async function registerWebAssets(app: FastifyInstance, webDist: string): Promise<{ indexHtml: (url: string) => string }> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(webDist, filePath).split(path.sep).join('/');
      res.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : rel === 'index.html' ? 'no-cache' : 'public, max-age=3600');
    },
  });

  const base = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const web = readWebManifest(webDist);
  const pages = new Map<string, string>();
  if (web) {
    for (const route of web.routes) {
      const links = web.routeJs(route).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      pages.set(route.pattern, links.length ? base.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : base);
    }
  }
  return {
    /** index.html for an address (the query string is ignored): with its route's preloads when one matches. */
    indexHtml(url: string): string {
      const route = web?.match(url.split('?')[0] ?? '/');
      return (route && pages.get(route.pattern)) ?? base;
    },
  };
}
