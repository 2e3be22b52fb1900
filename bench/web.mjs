// bench/web: the gzip size of the JS and CSS each route loads first (routes are code-split; the
// dashboard `/` is the figure to watch) and the time to first contentful paint of `/` in headless
// Debian chromium. The route list comes from apps/web/src/routes, so a new route is measured too.
// Builds the web app into a private folder (or uses BENCH_WEB_DIST), serves it from a real api
// on a fresh database (a guest sees the demo workspace), prints figures, asserts nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildWebManifest } from '../apps/api/src/plugins/web-manifest.ts';
import { createTestApp } from '../apps/api/src/testing/harness.ts';
import { DEMO_IDS, DEMO_USER_ID } from '../packages/db/src/seed/seed.ts';
import { dropTemplateDatabase, prepareTemplateDatabase } from '../packages/db/src/testing.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FCP_RUNS = Number(process.env.BENCH_FCP_RUNS ?? 10);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let dist = process.env.BENCH_WEB_DIST;
const built = !dist;
if (!dist) {
  dist = path.join(os.tmpdir(), `atelier-bench-web-${process.pid}`);
  console.log(`building the web app into ${dist} …`);
  const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(1);
}
if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no built web app`);

// The floor: a React + Mantine + router hello page (bench/hello), built in this run with the same Vite.
const helloDist = path.join(os.tmpdir(), `atelier-bench-hello-${process.pid}`);
{
  const r = spawnSync('npx', ['vite', 'build', '--config', 'bench/hello/vite.config.mjs', '--outDir', helloDist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(1);
}
const helloServer = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = path.join(helloDist, rel === '/' ? 'index.html' : rel);
  if (!file.startsWith(helloDist) || !existsSync(file) || statSync(file).isDirectory()) return void res.writeHead(404).end();
  const body = readFileSync(file);
  const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
  // gzip like the api serves our assets, so both sides pay the same transfer.
  res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(gzipSync(body, { level: 9 }));
});
await new Promise((resolve) => helloServer.listen(0, '127.0.0.1', resolve));
const helloBase = `http://127.0.0.1:${helloServer.address().port}`;

/** Every route file → a URL (dynamic segments filled with demo ids); layouts are skipped. */
function routeUrls() {
  const dir = path.join(root, 'apps/web/src/routes');
  const out = new Set();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.tsx') && name !== '__root.tsx') {
        const rel = path.relative(dir, p).replace(/\.tsx$/, '');
        // Flat route files use dots for slashes (s.$token.tsx → /s/$token).
        const parts = rel
          .split(path.sep)
          .flatMap((s) => s.split('.'))
          .filter((s) => !s.startsWith('_') && s !== 'index' && s !== 'route');
        // A layout file (_main.tsx, _auth.tsx) has no path of its own.
        if (rel.split(path.sep).length === 1 && rel.startsWith('_')) continue;
        const url = `/${parts
          .map((s) =>
            s === '$projectId'
              ? DEMO_IDS.videoProject
              : s === '$conversationId'
                ? DEMO_IDS.conversation
                : s === '$userId'
                  ? DEMO_USER_ID
                  : s.startsWith('$')
                    ? 'bench-placeholder'
                    : s,
          )
          .join('/')}`;
        out.add(url);
      }
    }
  };
  walk(dir);
  return [...out].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
  return gz.get(file);
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// A template database of this run's own: never the one a concurrent test run is cloning.
process.env.TEST_DATABASE_TEMPLATE ??= `atelier_bench_${process.pid}`;
await prepareTemplateDatabase();
const t = await createTestApp({ WEB_DIST_DIR: dist });
const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });

async function firstLoad(url, origin = base) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const assets = new Set();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.origin === origin && u.pathname.startsWith('/assets/') && /\.(js|css)$/.test(u.pathname)) assets.add(u.pathname);
  });
  await page.goto(`${origin}${url}`, { waitUntil: 'load', timeout: 30_000 });
  // The route's lazy chunks load right after; a screen that polls never goes network-idle.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  let js = 0;
  let css = 0;
  for (const a of assets) {
    const size = gzipSize(path.join(origin === base ? dist : helloDist, a));
    if (a.endsWith('.js')) js += size;
    else css += size;
  }
  return { js, css, files: assets.size, fcp };
}

// Warm the server (first requests compile nothing, but the OS caches the files).
await firstLoad('/');
await firstLoad('/', helloBase);
// Alternating runs, so both pages see the same machine load.
const fcps = [];
const helloFcps = [];
let hello;
for (let i = 0; i < FCP_RUNS; i++) {
  fcps.push((await firstLoad('/')).fcp);
  hello = await firstLoad('/', helloBase);
  helloFcps.push(hello.fcp);
}
const sorted = fcps.filter((x) => x !== null).sort((a, b) => a - b);
const helloSorted = helloFcps.filter((x) => x !== null).sort((a, b) => a - b);
const median = (xs) => xs[Math.floor(xs.length / 2)];

const rows = [];
for (const url of routeUrls()) rows.push({ url, ...(await firstLoad(url)) });
// What loads before interaction (the budget test's figure, apps/api/src/plugins/web-budget.test.ts): the
// entry, its static imports and the route's split chunks, from the Vite manifest.
const web = buildWebManifest(JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')));
const gzFile = (file) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
};
const shellJs = [...web.shell].map((k) => web.manifest[k]?.file).filter((f) => f?.endsWith('.js'));
const budgetFigure = (pathname) => {
  const route = web.match(pathname);
  return {
    js: [...shellJs, ...web.routeJs(route)].reduce((sum, f) => sum + gzFile(f), 0),
    css: web.routeCss(route).reduce((sum, f) => sum + gzFile(f), 0),
  };
};
const budgetHome = budgetFigure('/');
const budgetLogin = budgetFigure('/login');
await browser.close();
await t.close();
if (built) rmSync(dist, { recursive: true, force: true });
helloServer.close();
rmSync(helloDist, { recursive: true, force: true });

console.log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, chromium /usr/bin/chromium`);
console.log(
  `first contentful paint of / (guest, fresh context, ${sorted.length} runs): median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, min ${sorted[0]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
);
const ours = median(sorted);
const floor = median(helloSorted);
console.log(`paint: FCP of / median ${ours?.toFixed(0)} ms | hello page ${floor?.toFixed(0)} ms | ratio ${(ours / floor).toFixed(2)}× | goal ≤ 1.5×`);
const home = rows.find((r) => r.url === '/');
const login = rows.find((r) => r.url === '/login');
console.log(
  `before interaction (manifest): / JS ${kb(budgetHome.js)} (goal ≤ 195 KB, signed in ≤ 230 KB) · /login JS ${kb(budgetLogin.js)} (goal ≤ 195 KB) · / CSS ${kb(budgetHome.css)} (goal ≤ 40 KB) · hello page JS ${kb(hello.js)}`,
);
console.log(
  `until idle (network): / JS ${kb(home.js)} · /login JS ${kb(login.js)} · / CSS ${kb(home.css)} · hello page JS ${kb(hello.js)} CSS ${kb(hello.css)}`,
);
console.log(
  '  (network figures: every JS/CSS file fetched until idle, lazy chunks such as the chart included; the budget test counts what loads before interaction)',
);
console.log('JS and CSS each route loads first (gzip, as a guest):');
for (const r of rows) {
  console.log(`  ${r.url.padEnd(64)} JS ${kb(r.js).padStart(9)}   CSS ${kb(r.css).padStart(8)}   ${r.files} files`);
}
await dropTemplateDatabase();
process.exit(0);
