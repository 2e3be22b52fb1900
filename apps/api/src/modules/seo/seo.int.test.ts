import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Engine, localEngines } from '@atelier/ai';
import { DEMO_IDS, ledgerSumUnits } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contextFactory } from '../../context';
import { appRouter } from '../../router';
import { createTestApp, type TestApp } from '../../testing/harness';
import { fetchPage, vetUrl } from './seo.fetch';

/** Competitor pages served locally (the analysis runs with SEO_FETCH_ALLOW_PRIVATE=true). */
const PAGES: Record<string, string> = {
  '/target': `<!doctype html><html><head><title>Clayworks — Handmade Mugs</title><meta name="description" content="Handmade ceramic mugs from our studio."></head>
<body><h1>Handmade mugs</h1><p>We make handmade mugs in small batches. Every handmade mug is glazed by hand.</p><script>var x = "glaze glaze glaze";</script></body></html>`,
  '/competitor-a': `<!doctype html><html><head><title>Pottery Guide: Stoneware Glaze Tips</title><meta name="description" content="Everything about stoneware glaze and kiln firing."></head>
<body><h1>Stoneware glaze tips for beginners</h1><h2>Choosing a stoneware glaze</h2><p>A stoneware glaze behaves differently in the kiln. Kiln firing temperature matters for stoneware glaze.</p>
<h2>Kiln firing schedules explained</h2><p>Kiln firing in stages protects handmade mugs. Kiln firing takes a day.</p><h3>Caring for handmade mugs</h3><p>Wash handmade mugs by hand.</p></body></html>`,
  '/competitor-b': `<!doctype html><html><head><title>Mug Shop</title></head><body><h1>Why stoneware glaze matters</h1><h2>Kiln firing and durability</h2>
<p>Our stoneware glaze is food safe. Kiln firing twice makes stoneware glaze stronger. Kiln firing, kiln firing.</p></body></html>`,
  '/redirect-to-metadata': '',
};

let server: http.Server;
let base = '';
let t: TestApp;
let workers: RunningWorkers;

const failing: Engine = async () => {
  throw new Error('The writer exploded on purpose');
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/redirect-to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    const page = PAGES[req.url ?? ''];
    if (!page) {
      res.writeHead(404);
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ SEO_FETCH_ALLOW_PRIVATE: 'true' });
  await t.deps.db
    .insertInto('ai_models')
    .values({
      id: 'local/failing-writer',
      provider: 'local',
      name: 'Failing writer',
      type: 'TEXT',
      requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
      credit_units: 300,
      is_local: true,
    })
    .execute();
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
    storage: t.deps.storage,
    engines: { ...(await localEngines()), 'local/failing-writer': failing },
  });
});
afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
  server?.close();
});

const balanceOf = async (token: string) => (await t.rest('GET', '/api/auth/me', { token })).body.user.credits as number;

async function textProject(token: string, name = 'Blog') {
  const res = await t.rest('POST', '/api/projects', { token, body: { name, type: 'TEXT' } });
  expect(res.status).toBe(200);
  return res.body.project.id as string;
}

async function setUp(token: string, extra: Record<string, unknown> = {}) {
  const projectId = await textProject(token);
  const res = await t.rest('PUT', `/api/seo/projects/by-project/${projectId}`, {
    token,
    body: {
      businessName: 'Clayworks',
      businessDesc: 'Handmade ceramics studio',
      targetUrl: `${base}/target`,
      seoKeywords: ['handmade mugs', 'stoneware glaze'],
      competitors: [`${base}/competitor-a`, `${base}/competitor-b`],
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { projectId, seo: res.body.seoProject };
}

async function waitArticles(token: string, seoId: string, done: (a: any[]) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.rest('GET', `/api/seo/projects/${seoId}/articles`, { token });
    if (done(res.body.articles) || Date.now() > deadline) return res.body.articles as any[];
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('SEO project settings', () => {
  it('creates with the spec defaults (1200 words, markdown, every 7 days) and validates fields', async () => {
    const u = await t.signUp();
    const { projectId, seo } = await setUp(u.token);
    expect(seo).toMatchObject({ projectId, wordsPerArticle: 1200, articleFormat: 'markdown', publishSchedule: 7, analysis: null });
    expect(seo.pricing.articleCredits).toBeGreaterThan(0);

    for (const [body, field] of [
      [{ businessName: 'X', seoKeywords: ['a'], targetUrl: 'javascript:alert(1)' }, 'targetUrl'],
      [{ businessName: 'X', seoKeywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }, 'seoKeywords'],
      [{ businessName: 'X', seoKeywords: ['a'], wordsPerArticle: 50 }, 'wordsPerArticle'],
      [{ businessName: 'X', seoKeywords: ['a'], competitors: ['ftp://example.com/'] }, 'competitors'],
      [{ businessName: '', seoKeywords: ['a'] }, 'businessName'],
    ] as const) {
      const res = await t.rest('PUT', `/api/seo/projects/by-project/${projectId}`, { token: u.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // Nothing changed.
    const again = await t.rest('GET', `/api/seo/projects/by-project/${projectId}`, { token: u.token });
    expect(again.body.seoProject.businessName).toBe('Clayworks');

    // Only TEXT projects.
    const img = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Pics', type: 'IMAGE' } });
    const bad = await t.rest('PUT', `/api/seo/projects/by-project/${img.body.project.id}`, {
      token: u.token,
      body: { businessName: 'X', seoKeywords: ['a'] },
    });
    expect(bad.status).toBe(400);
  });

  it('guests read the demo SEO project, cannot write; other users get 404', async () => {
    const demo = await t.rest('GET', `/api/seo/projects/by-project/${DEMO_IDS.textProject}`);
    expect(demo.status).toBe(200);
    const seoId = demo.body.seoProject.id;
    expect(demo.body.seoProject.analysis.competitors.length).toBe(2);
    expect(demo.body.seoProject.analysis.suggestedTopics.length).toBeGreaterThan(0);
    const list = await t.rest('GET', `/api/seo/projects/${seoId}/articles`);
    expect(list.body.articles.length).toBeGreaterThanOrEqual(3);
    expect(list.body.articles.filter((a: any) => a.status === 'READY').length).toBeGreaterThanOrEqual(3);
    expect(list.body.articles.some((a: any) => a.status === 'PUBLISHED')).toBe(true);
    const w = await t.rest('POST', `/api/seo/projects/${seoId}/articles`, { body: { topics: ['Something new'] } });
    expect(w.status).toBe(401);
    expect(w.body.error.message).toBe(MESSAGES.loginRequired);

    const owner = await t.signUp();
    const other = await t.signUp();
    const { seo } = await setUp(owner.token);
    expect((await t.rest('GET', `/api/seo/projects/${seo.id}`, { token: other.token })).status).toBe(404);
    expect((await t.rest('POST', `/api/seo/projects/${seo.id}/analysis`, { token: other.token })).status).toBe(404);
  });
});

describe('competitor analysis', () => {
  it('fetches the pages, extracts headings and keyword frequencies, reports gaps and topics', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    const res = await t.rest('POST', `/api/seo/projects/${seo.id}/analysis`, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.seoProject.analysis;
    expect(a.target.ok).toBe(true);
    expect(a.target.title).toBe('Clayworks — Handmade Mugs');
    // Script text is not page text.
    expect(a.target.topTerms.map((x: any) => x.term)).not.toContain('glaze');
    const ca = a.competitors[0];
    expect(ca.ok).toBe(true);
    expect(ca.metaDescription).toBe('Everything about stoneware glaze and kiln firing.');
    expect(ca.headings).toEqual(
      expect.arrayContaining([
        { level: 1, text: 'Stoneware glaze tips for beginners' },
        { level: 2, text: 'Kiln firing schedules explained' },
        { level: 3, text: 'Caring for handmade mugs' },
      ]),
    );
    expect(ca.wordCount).toBeGreaterThan(30);
    expect(ca.keywordFrequencies.find((k: any) => k.keyword === 'stoneware glaze').count).toBe(5); // title, h1, h2 and twice in the text
    expect(a.keywordGaps.map((g: any) => g.term)).toEqual(expect.arrayContaining(['kiln firing', 'stoneware glaze']));
    expect(a.suggestedTopics.length).toBeGreaterThan(0);
    // Stored with the project.
    const again = await t.rest('GET', `/api/seo/projects/${seo.id}`, { token: u.token });
    expect(again.body.seoProject.analysis.analyzedAt).toBe(a.analyzedAt);
  });

  it('refuses loopback, private, link-local and odd numeric addresses unless allowed', async () => {
    const strict = { allowPrivate: false };
    for (const url of [
      'http://127.0.0.1/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/',
      'http://192.168.1.1/',
      'http://localhost:8080/',
    ]) {
      await expect(vetUrl(new URL(url), strict), url).rejects.toThrow(/private or local/);
    }
    await expect(vetUrl(new URL('file:///etc/passwd'), strict)).rejects.toThrow(/http and https/);
    await expect(vetUrl(new URL('http://user:pw@example.com/'), strict)).rejects.toThrow(/credentials/);
    // A public name that resolves to loopback (e.g. *.nip.io) is refused after resolution.
    await expect(vetUrl(new URL('http://127.0.0.1.nip.io/'), { lookup: async () => [{ address: '127.0.0.1', family: 4 }] })).rejects.toThrow(
      /resolves to a private/,
    );
    // Every redirect hop is checked: even with loopback allowed for the first hop the fetcher re-vets.
    await expect(fetchPage(`${base}/redirect-to-metadata`, { timeoutMs: 2000, maxBytes: 10_000, allowPrivate: false })).rejects.toThrow(
      /private or local/,
    );
    // The byte cap truncates.
    const page = await fetchPage(`${base}/competitor-a`, { timeoutMs: 2000, maxBytes: 10_000, allowPrivate: true });
    expect(page.truncated).toBe(false);
    const small = await fetchPage(`${base}/competitor-a`, { timeoutMs: 2000, maxBytes: 100, allowPrivate: true });
    expect(small.truncated).toBe(true);
    expect(Buffer.byteLength(small.html)).toBeLessThanOrEqual(100);
  });

  it('an api without the flag reports loopback pages as refused, the analysis still completes', async () => {
    const strict = await createTestApp();
    try {
      const u = await strict.signUp();
      const p = await strict.rest('POST', '/api/projects', { token: u.token, body: { name: 'B', type: 'TEXT' } });
      const s = await strict.rest('PUT', `/api/seo/projects/by-project/${p.body.project.id}`, {
        token: u.token,
        body: { businessName: 'B', seoKeywords: ['x'], competitors: [`${base}/competitor-a`] },
      });
      const res = await strict.rest('POST', `/api/seo/projects/${s.body.seoProject.id}/analysis`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.seoProject.analysis.competitors[0]).toMatchObject({ ok: false });
      expect(res.body.seoProject.analysis.competitors[0].error).toMatch(/private or local/);
      // nothing was read: nothing is concluded (no gaps, no "your page never mentions …")
      expect(res.body.seoProject.analysis.keywordGaps).toEqual([]);
      expect(res.body.seoProject.analysis.suggestedTopics).toEqual([]);

      // the setup checks a URL with the fetcher's rules when it is entered, and says why one will not work
      const check = async (url: string) => (await strict.rest('POST', '/api/seo/check-url', { token: u.token, body: { url } })).body;
      expect(await check(`${base}/competitor-a`)).toMatchObject({ ok: false, reason: 'The URL points at a private or local address' });
      expect(await check('http://169.254.169.254/latest/meta-data/')).toMatchObject({
        ok: false,
        reason: 'The URL points at a private or local address',
      });
      expect(await check('http://0x7f000001/')).toMatchObject({ ok: false, reason: 'The URL points at a private or local address' });
      expect(await check('ftp://example.com/file')).toMatchObject({ ok: false, reason: 'Only http and https pages can be fetched (not ftp:)' });
      expect(await check('https://user:pw@example.com/')).toMatchObject({ ok: false, reason: 'URLs with credentials are not fetched' });
      expect(await check('https://example.com:22/')).toMatchObject({ ok: false, reason: 'Port 22 is not allowed' });
      expect(await check('example.com')).toMatchObject({ ok: false, reason: expect.stringContaining('Not a valid URL') });
      expect(await check('http://8.8.8.8/page')).toEqual({ ok: true, reason: null, url: 'http://8.8.8.8/page' });
      expect((await strict.rest('POST', '/api/seo/check-url', { body: { url: 'https://example.com' } })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('articles', () => {
  it('writes one article per topic with every field, unique slugs, description ≤ 160, charged once', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    const before = await balanceOf(u.token);
    const res = await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, {
      token: u.token,
      body: { topics: ['Caring for handmade mugs', 'Caring for Handmade Mugs!'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.articles).toHaveLength(2);
    expect(res.body.articles.every((a: any) => a.status === 'QUEUED')).toBe(true);
    expect(res.body.creditsCharged).toBe(2 * seo.pricing.articleCredits);
    expect(res.body.creditsBalance).toBe(before - 2 * seo.pricing.articleCredits);
    const slugs = res.body.articles.map((a: any) => a.slug);
    expect(new Set(slugs).size).toBe(2);
    expect(slugs).toEqual(['caring-for-handmade-mugs', 'caring-for-handmade-mugs-2']);

    const done = await waitArticles(u.token, seo.id, (as) => as.length === 2 && as.every((a) => a.status === 'READY'));
    expect(done.map((a) => a.status)).toEqual(['READY', 'READY']);
    for (const s of done) {
      const { article } = (await t.rest('GET', `/api/seo/articles/${s.id}`, { token: u.token })).body;
      expect(article.title).toBe('Caring For Handmade Mugs');
      expect(article.description.length).toBeGreaterThan(20);
      expect(article.description.length).toBeLessThanOrEqual(160);
      expect(article.keywords).toEqual(expect.arrayContaining(['handmade mugs', 'stoneware glaze']));
      expect(article.content).toMatch(/^# Caring For Handmade Mugs/);
      expect(article.format).toBe('markdown');
      expect(article.wordCount).toBeGreaterThan(100);
      expect(article.aiProvider).toBe('local');
      expect(article.aiModel).toBe(seo.pricing.model);
      expect(article.promptUsed.length).toBeGreaterThan(10);
      expect(article.creditsUsed).toBe(seo.pricing.articleCredits);
      expect(article.publishDate).not.toBeNull();
      expect(article.publishedAt).toBeNull();
      expect(article.regenerations).toBe(0);
      expect(article.rating).toBeNull();
      expect(article.images).toEqual([]);
      expect(article.score.score).toBeGreaterThan(0);
      expect(article.score.suggestions.length).toBeGreaterThan(0);
    }
    // Publish dates follow the cadence: 7 days apart.
    const dates = done.map((a) => new Date(a.publishDate).getTime()).sort();
    expect((dates[1] as number) - (dates[0] as number)).toBe(7 * 86_400_000);
    const stats = (await t.rest('GET', `/api/seo/projects/${seo.id}/stats`, { token: u.token })).body;
    expect(stats).toMatchObject({ total: 2, byStatus: { READY: 2 } });
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe((await balanceOf(u.token)) * 100);
  });

  it('refuses more articles than the balance allows, all or nothing', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token, { textModel: 'local/failing-writer' });
    const before = await balanceOf(u.token);
    const topics = Array.from({ length: 10 }, (_, i) => `Topic number ${i}`);
    await t.deps.db.updateTable('users').set({ credit_units: 2000 }).where('id', '=', u.userId).execute(); // 20 credits < 10 × 3
    const res = await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics } });
    expect(res.status).toBe(402);
    expect((await t.rest('GET', `/api/seo/projects/${seo.id}/articles`, { token: u.token })).body.total).toBe(0);
    expect(await balanceOf(u.token)).toBe(20);
    expect(before).toBeGreaterThan(0);
  });

  it('a failed article job ends FAILED and is refunded exactly once', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token, { textModel: 'local/failing-writer' });
    const before = await balanceOf(u.token);
    const res = await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['Doomed topic'] } });
    expect(res.body.creditsBalance).toBe(before - 3);
    const [a] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'FAILED', 40_000);
    expect(a.status).toBe('FAILED');
    expect(a.error).toMatch(/refunded/);
    expect(a.creditsUsed).toBe(0);
    expect(await balanceOf(u.token)).toBe(before);
    const refunds = await t.deps.db.selectFrom('credit_ledger').select('id').where('user_id', '=', u.userId).where('kind', '=', 'refund').execute();
    expect(refunds).toHaveLength(1);
  });
});

describe('project deletion', () => {
  it('waits for articles being written: the charge keeps its record until the job ends', async () => {
    const u = await t.signUp();
    const { seo, projectId } = await setUp(u.token);
    await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['One topic'] } });
    const [a] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY');
    await t.deps.db.updateTable('seo_article_runs').set({ status: 'PROCESSING' }).where('article_id', '=', a.id).execute();
    const refused = await t.rest('DELETE', `/api/projects/${projectId}`, { token: u.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/being written/);
    await t.deps.db.updateTable('seo_article_runs').set({ status: 'COMPLETED' }).where('article_id', '=', a.id).execute();
    expect((await t.rest('DELETE', `/api/projects/${projectId}`, { token: u.token })).status).toBe(200);
  });
});

describe('refine with the offline writer', () => {
  it('a rewrite with instructions keeps the article and carries them out: the phrase is mentioned, it is shorter, a section is added', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['Sourdough for beginners'] } });
    const [s] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY');
    const id = s.id as string;
    const before = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;
    const put = await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { keywords: [...before.keywords, 'bakery near me'] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const hit = (a: { score: { details: { keywordHits: { keyword: string; count: number }[] } } }) =>
      a.score.details.keywordHits.find((k) => k.keyword === 'bakery near me')?.count;
    expect(hit(put.body.article)).toBe(0);

    const regen = await t.rest('POST', `/api/seo/articles/${id}/regenerate`, {
      token: u.token,
      body: { instructions: 'Mention bakery near me, make it shorter and add a short checklist' },
    });
    expect(regen.status, JSON.stringify(regen.body)).toBe(200);
    await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY' && as[0]?.regenerations === 1);
    const after = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;
    expect(hit(after)).toBeGreaterThanOrEqual(1);
    expect(after.wordCount).toBeLessThan(before.wordCount);
    expect(after.content).toMatch(/^## Checklist$/m);
    expect(after.title).toBe(before.title);
    // the first section of the original is still there: a revision, not a new draft
    expect(after.content).toContain(/^## (.+)$/m.exec(before.content)?.[0] as string);
  });
});

describe('refine, images, publishing and export', () => {
  /** Where an image of the feed or an export points: the `src` of every <img> and every Markdown image. */
  const imageUrls = (text: string) => [
    ...[...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&')),
    ...[...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] as string),
  ];
  const unXml = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url: url.replace('http://localhost:3000', '') })).statusCode;

  it('published articles keep their images: stable public URLs in the feed and exports, cut off within a minute of unpublishing', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['Glazing mugs at home'] } });
    const [s] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY');
    const id = s.id as string;
    const gen = await t.rest('POST', `/api/seo/articles/${id}/generate-images`, { token: u.token, body: { count: 1, includeHero: true } });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    await waitArticles(u.token, seo.id, (as) => as[0]?.images.length === 2 && as[0].images.every((i: any) => i.placed), 60_000);
    // Stored content keeps stable references, never signed URLs.
    const stored = await t.deps.db.selectFrom('seo_articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toMatch(/!\[[^\]]*\]\(media:generations\//);
    expect(stored.content).not.toMatch(/sig=/);
    // Saving what the editor shows (signed URLs) stores references again.
    const shown = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;
    expect(
      (await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { content: `${shown.content}\n\nOne more line.\n` } })).status,
    ).toBe(200);
    const saved = await t.deps.db.selectFrom('seo_articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved.content.match(/\(media:generations\//g)).toHaveLength(2);
    expect(saved.content).not.toMatch(/sig=|\/media\//);
    expect((await t.rest('POST', `/api/seo/articles/${id}/publish`, { token: u.token })).body.article.status).toBe('PUBLISHED');

    const editor = imageUrls((await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article.content);
    const rss = imageUrls(unXml((await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.xml` })).body));
    const json = imageUrls(JSON.parse((await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.json` })).body).items[0].content_html);
    const mdExport = (await t.rest('GET', `/api/seo/articles/${id}/export?format=markdown`, { token: u.token })).body;
    // The article's download is named after its slug.
    expect(mdExport.filename).toBe(`${shown.slug}.md`);
    const md = imageUrls(mdExport.content);
    const html = imageUrls((await t.rest('GET', `/api/seo/articles/${id}/export?format=html`, { token: u.token })).body.content);
    expect(editor).toHaveLength(2);
    for (const list of [rss, json, md, html]) expect(list).toHaveLength(2);
    const published = [...new Set([...rss, ...json, ...md, ...html])];
    expect(published).toHaveLength(2);
    for (const url of published) {
      // Absolute from PUBLIC_URL, no expiry: the article's grant.
      expect(url).toMatch(new RegExp(`^http://localhost:3000/media/generations/${u.userId}/[0-9a-f-]+\\.png\\?g=a\\.${id}&n=[a-z0-9-]+\\.png&sig=`));
      expect(await status(url)).toBe(200);
    }
    // Nothing else of the owner's becomes public: the article's grant covers only the images it shows.
    const otherKey = `generations/${u.userId}/not-in-the-article.png`;
    await t.deps.storage.put(otherKey, Buffer.from('89504e47', 'hex'), 'image/png');
    expect(await status(t.deps.media.for({ kind: 'article', articleId: id }).url(otherKey) as string)).toBe(403);
    expect(await status(`/media/${otherKey}`)).toBe(403);

    // Days later, long past every signed URL's lifetime: the public images still load, the editor's signed ones do not.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3 * 86_400_000);
      for (const url of published) expect(await status(url)).toBe(200);
      for (const url of editor) expect(await status(url)).toBe(403);
    } finally {
      vi.useRealTimers();
    }

    // Unpublished: within a minute, every public URL stops answering.
    expect((await t.rest('POST', `/api/seo/articles/${id}/unpublish`, { token: u.token })).body.article.status).toBe('READY');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      for (const url of published) expect(await status(url)).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    // The owner still sees them in the editor.
    for (const url of imageUrls((await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article.content))
      expect(await status(url)).toBe(200);
  }, 120_000);

  it('regenerates a section, rates, estimates and generates images, schedules, publishes, feeds and sanitises', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['Kiln firing for beginners'] } });
    const [s] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY');
    const id = s.id;
    let article = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;

    // Regenerate one section with instructions: charged, counted, other sections untouched.
    const heading = /^## (.+)$/m.exec(article.content)?.[1] as string;
    const bad = await t.rest('POST', `/api/seo/articles/${id}/regenerate`, { token: u.token, body: { section: 'No such section' } });
    expect(bad.status).toBe(400);
    const b1 = await balanceOf(u.token);
    const regen = await t.rest('POST', `/api/seo/articles/${id}/regenerate`, {
      token: u.token,
      body: { section: heading, instructions: 'mention glaze safety and kiln temperature' },
    });
    expect(regen.status, JSON.stringify(regen.body)).toBe(200);
    expect(regen.body.article.status).toBe('GENERATING');
    expect(regen.body.creditsBalance).toBe(b1 - seo.pricing.articleCredits);
    const [r] = await waitArticles(u.token, seo.id, (as) => as[0]?.status === 'READY' && as[0]?.regenerations === 1);
    expect(r.regenerations).toBe(1);
    article = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;
    expect(article.content).toContain(`## ${heading}`);
    expect(article.content.toLowerCase()).toContain('glaze safety');

    // A new title renames the article's H1 too.
    const renamed = await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { title: 'Kiln Firing, Explained' } });
    expect(renamed.body.article.content).toMatch(/^# Kiln Firing, Explained/);
    await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { title: 'Kiln Firing For Beginners' } });

    // Rate.
    expect((await t.rest('POST', `/api/seo/articles/${id}/rating`, { token: u.token, body: { rating: 6 } })).status).toBe(400);
    expect((await t.rest('POST', `/api/seo/articles/${id}/rating`, { token: u.token, body: { rating: 4 } })).body.article.rating).toBe(4);

    // Images: the spec's estimate, then exactly that charge.
    const est = await t.rest('POST', `/api/seo/articles/${id}/image-estimate`, { token: u.token, body: { count: 2, includeHero: true } });
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    expect(est.body).toMatchObject({ count: 2, includeHero: true, perImageCredits: 4, perImageUnits: 400, totalCredits: 12, totalUnits: 1200 });
    const b2 = await balanceOf(u.token);
    const gen = await t.rest('POST', `/api/seo/articles/${id}/generate-images`, { token: u.token, body: { count: 2, includeHero: true } });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    expect(gen.body.status).toBe('queued');
    expect(gen.body.images).toHaveLength(3);
    expect(gen.body.creditsBalance).toBe(b2 - 12);
    expect(await balanceOf(u.token)).toBe(b2 - 12);
    const [withImages] = await waitArticles(u.token, seo.id, (as) => as[0]?.images.length === 3 && as[0].images.every((i: any) => i.placed), 60_000);
    expect(withImages.images.every((i: any) => i.status === 'ready' && i.url)).toBe(true);
    article = (await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token })).body.article;
    const lines = article.content.split('\n').filter((l: string) => l.trim());
    expect(lines[0]).toMatch(/^# /);
    expect(lines[1]).toMatch(/^!\[.*\]\(\/media\/generations\//); // hero right under the title (signed for the editor)
    expect((article.content.match(/!\[/g) ?? []).length).toBe(3);

    // Sanitisation: scripts and event handlers never leave the server.
    const evil = `${article.content}\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[click](javascript:alert(3))\n`;
    const upd = await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { content: evil, description: 'A guide to kiln firing.' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await t.rest('PUT', `/api/seo/articles/${id}`, { token: u.token, body: { description: 'x'.repeat(161) } })).status).toBe(400);
    for (const format of ['html', 'markdown']) {
      const ex = await t.rest('GET', `/api/seo/articles/${id}/export?format=${format}`, { token: u.token });
      expect(ex.status).toBe(200);
      expect(ex.body.content).not.toMatch(/<script/i);
      expect(ex.body.content).not.toMatch(/onerror/i);
      expect(ex.body.content).not.toMatch(/javascript:/i);
    }
    const exHtml = (await t.rest('GET', `/api/seo/articles/${id}/export?format=html`, { token: u.token })).body;
    expect(exHtml.content).toContain('<h1>Kiln Firing For Beginners</h1>');
    expect(exHtml.content).toMatch(/<img src="http:\/\/localhost:3000\/media\/generations\//);

    // Schedule (next slot of the cadence), publish now, feeds, unpublish.
    const sch = await t.rest('POST', `/api/seo/articles/${id}/schedule`, { token: u.token, body: {} });
    expect(sch.body.article.status).toBe('SCHEDULED');
    expect(new Date(sch.body.article.publishDate).getTime()).toBeGreaterThan(Date.now());
    const past = await t.rest('POST', `/api/seo/articles/${id}/schedule`, { token: u.token, body: { publishDate: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
    const pub = await t.rest('POST', `/api/seo/articles/${id}/publish`, { token: u.token });
    expect(pub.body.article).toMatchObject({ status: 'PUBLISHED' });
    expect(pub.body.article.publishedAt).not.toBeNull();
    const rss = await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.xml` });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<title>Kiln Firing For Beginners</title>');
    expect(rss.body).not.toMatch(/&lt;script|onerror|javascript:/i);
    const json = await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.json` });
    const feed = JSON.parse(json.body);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0].content_html).not.toMatch(/<script|onerror|javascript:/i);
    const un = await t.rest('POST', `/api/seo/articles/${id}/unpublish`, { token: u.token });
    expect(un.body.article.status).toBe('READY');
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.json` })).body).items).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/seo/feeds/not-a-feed.xml' })).statusCode).toBe(404);

    const all = await t.rest('GET', `/api/seo/projects/${seo.id}/export?format=markdown`, { token: u.token });
    expect(all.body.files).toHaveLength(1);
    expect(all.body.combined.content).toContain('title: "Kiln Firing For Beginners"');
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(Math.round((await balanceOf(u.token)) * 100));
  });
});

describe('scheduled publishing is a delayed job', () => {
  const row = (id: string) =>
    t.deps.db.selectFrom('seo_articles').select(['status', 'publish_date', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();

  /** Schedules the article `ms` from now; returns its publish job's id, checked to be waiting. */
  async function scheduleIn(token: string, id: string, ms: number) {
    const when = new Date(Date.now() + ms);
    await t.rest('POST', `/api/seo/articles/${id}/schedule`, { token, body: { publishDate: when.toISOString() } });
    const jobId = `seo-publish-${id}-${when.getTime()}`;
    expect(await t.deps.queues.state('seo', jobId)).toBe('delayed');
    return jobId;
  }

  async function readyArticle(token: string) {
    const { seo } = await setUp(token);
    const res = await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token, body: { topics: ['Glazing a mug at home'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [a] = await waitArticles(token, seo.id, (as) => as[0]?.status === 'READY');
    expect(a.status).toBe('READY');
    return { seo, id: a.id as string };
  }

  it('publishes at its time with nobody making a request; rescheduling moves the job, and the old time publishes nothing', async () => {
    const u = await t.signUp();
    const { id } = await readyArticle(u.token);
    const first = new Date(Date.now() + 2500);
    const sch = await t.rest('POST', `/api/seo/articles/${id}/schedule`, { token: u.token, body: { publishDate: first.toISOString() } });
    expect(sch.status, JSON.stringify(sch.body)).toBe(200);
    expect(sch.body.article.status).toBe('SCHEDULED');
    const moved = new Date(Date.now() + 6000);
    const re = await t.rest('POST', `/api/seo/articles/${id}/schedule`, { token: u.token, body: { publishDate: moved.toISOString() } });
    expect(re.body.article.publishDate).toBe(moved.toISOString());
    // From here on only the database is read: no api request could publish it.
    while (Date.now() < first.getTime() + 1500) await new Promise((r) => setTimeout(r, 200));
    expect((await row(id)).status).toBe('SCHEDULED');
    const deadline = moved.getTime() + 60_000;
    let r = await row(id);
    while (r.status !== 'PUBLISHED' && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 200));
      r = await row(id);
    }
    expect(r.status).toBe('PUBLISHED');
    expect(r.published_at?.toISOString()).toBe(moved.toISOString());
    expect(Date.now()).toBeGreaterThanOrEqual(moved.getTime());
  }, 90_000);

  it('unscheduling and publishing now remove the job; reads (the feed too) never publish', async () => {
    const u = await t.signUp();
    const { seo, id } = await readyArticle(u.token);
    const jobId = await scheduleIn(u.token, id, 60_000);
    const un = await t.rest('POST', `/api/seo/articles/${id}/unpublish`, { token: u.token });
    expect(un.body.article.status).toBe('READY');
    expect(await t.deps.queues.state('seo', jobId)).toBe('missing');

    // A SCHEDULED row whose time has passed and whose job is gone (Redis lost it): reading the
    // project, the article or the public feed leaves it alone (the maintenance sweep re-adds the job).
    await t.deps.db
      .updateTable('seo_articles')
      .set({ status: 'SCHEDULED', publish_date: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    await t.rest('GET', `/api/seo/projects/${seo.id}/articles`, { token: u.token });
    await t.rest('GET', `/api/seo/projects/${seo.id}/stats`, { token: u.token });
    await t.rest('GET', `/api/seo/articles/${id}`, { token: u.token });
    expect((await t.app.inject({ method: 'GET', url: `/api/seo/feeds/${seo.id}.json` })).statusCode).toBe(200);
    expect((await row(id)).status).toBe('SCHEDULED');

    const laterJob = await scheduleIn(u.token, id, 60_000);
    const pub = await t.rest('POST', `/api/seo/articles/${id}/publish`, { token: u.token });
    expect(pub.body.article.status).toBe('PUBLISHED');
    expect(await t.deps.queues.state('seo', laterJob)).toBe('missing');
  });
});

describe('live progress (seo.onProgress)', () => {
  it('sends every article, then each change as it is written and published — from events, not polling', async () => {
    const u = await t.signUp();
    const { seo } = await setUp(u.token);
    const req = { headers: { authorization: `Bearer ${u.token}` }, ip: '127.0.0.1' } as unknown as FastifyRequest;
    const res = { header: () => res } as unknown as FastifyReply;
    const controller = new AbortController();
    const caller = appRouter.createCaller(await contextFactory(t.deps)({ req, res }), { signal: controller.signal });
    const stream = await caller.seo.onProgress({ id: seo.id });
    const seen: { articleId: string; status: string; progress: number }[][] = [];
    const reading = (async () => {
      for await (const msg of stream) seen.push(msg.articles.map((a) => ({ articleId: a.articleId, status: a.status, progress: a.progress })));
    })();
    const until = async (pred: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!pred() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(pred()).toBe(true);
    };
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual([]); // no article yet
    const made = await t.rest('POST', `/api/seo/projects/${seo.id}/articles`, { token: u.token, body: { topics: ['Firing a kiln safely'] } });
    const id = made.body.articles[0].id as string;
    await until(() => seen.flat().some((a) => a.articleId === id && a.status === 'READY'));
    const states = seen.flat().filter((a) => a.articleId === id);
    expect(states.map((a) => a.status)).toContain('GENERATING');
    expect(states.at(-1)).toEqual({ articleId: id, status: 'READY', progress: 100 });
    // Progress only moves forward while it is written.
    const writing = states.filter((a) => a.status === 'GENERATING').map((a) => a.progress);
    expect(writing).toEqual([...writing].sort((x, y) => x - y));
    await t.rest('POST', `/api/seo/articles/${id}/publish`, { token: u.token });
    await until(() => seen.flat().some((a) => a.articleId === id && a.status === 'PUBLISHED'));
    controller.abort();
    await reading;
  });
});
