import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { IMMUTABLE } from './web-assets';

/**
 * The built web app as apps/api serves it: a small build of our own (an entry, a shared chunk, the
 * dashboard's and a project screen's split chunks, and their .br/.gz files, as apps/web's build writes
 * them) in a temporary WEB_DIST_DIR.
 */

const ENTRY = `console.log(${JSON.stringify('entry '.repeat(400))});`;
let dist: string;
let t: TestApp;

function write(rel: string, body: string, compressed = false): void {
  const full = path.join(dist, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, body);
  if (compressed) {
    writeFileSync(`${full}.br`, brotliCompressSync(body));
    writeFileSync(`${full}.gz`, gzipSync(body));
  }
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'atelier-web-assets-'));
  write(
    'index.html',
    '<!doctype html><html><head><title>Atelier</title><script type="module" crossorigin src="/assets/index-AAAA.js"></script></head><body><div id="root"></div></body></html>',
  );
  write('assets/index-AAAA.js', ENTRY, true);
  write('assets/shared-BBBB.js', 'export const shared = 1;');
  write('assets/home-CCCC.js', 'export default 1;');
  write('assets/editor-DDDD.js', 'export default 2;');
  write('assets/chart-EEEE.js', 'export default 3;');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: 'assets/index-AAAA.js', isEntry: true, imports: ['_shared-BBBB.js'] },
      '_shared-BBBB.js': { file: 'assets/shared-BBBB.js' },
      'src/routes/_main/index.tsx?tsr-split=component': {
        file: 'assets/home-CCCC.js',
        isDynamicEntry: true,
        imports: ['index.html', '_shared-BBBB.js'],
        dynamicImports: ['src/features/dashboard/UsageBarChart.tsx'],
      },
      'src/features/dashboard/UsageBarChart.tsx': { file: 'assets/chart-EEEE.js', isDynamicEntry: true },
      'src/routes/_main/projects/$projectId/video-editor.tsx?tsr-split=component': {
        file: 'assets/editor-DDDD.js',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
      'src/routes/_main.tsx?tsr-split=component': { file: 'assets/main-FFFF.js', isDynamicEntry: true },
    }),
  );
  write('assets/main-FFFF.js', 'export default 4;');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('serves the brotli file to a browser that accepts it, with Vary and a year of immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AAAA.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY);
  });

  it('serves the gzip file when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AAAA.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AAAA.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('caches files that are not hashed for an hour only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("serves index.html with no-cache and modulepreloads for the address's route chunks, not the lazy ones", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/?from=mail' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers['content-type'])).toMatch(/text\/html/);
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-CCCC.js">');
    // The layout's split chunk too; the entry's own imports are already in the page; the chart is lazy.
    expect(home.body).toContain('href="/assets/main-FFFF.js"');
    expect(home.body).not.toContain('href="/assets/shared-BBBB.js"');
    expect(home.body).not.toContain('chart-EEEE');
    expect(home.body).not.toContain('editor-DDDD');

    const editor = await t.app.inject({ method: 'GET', url: '/projects/3f2b8c1e-5d4a-4e7b-9c0d-1a2b3c4d5e6f/video-editor' });
    expect(editor.headers['cache-control']).toBe('no-cache');
    expect(editor.body).toContain('<link rel="modulepreload" crossorigin href="/assets/editor-DDDD.js">');
    expect(editor.body).not.toContain('home-CCCC');

    // An address no route serves still gets the app (its Not Found view), without preloads.
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root">');
    expect(unknown.body).not.toContain('modulepreload');
  });

  it('keeps the API out of the SPA fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
