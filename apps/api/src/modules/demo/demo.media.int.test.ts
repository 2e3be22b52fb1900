import { probeMedia } from '@atelier/ai';
import { DEMO_GENERATION_IDS, DEMO_IDS, DEMO_USER_ID, demoOutputKey, ledgerSumUnits } from '@atelier/db';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { missingDemoMedia, seedDemoMedia } from './demo.media';

let t: TestApp;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const pathOf = (url: string) => {
  const u = new URL(url, 'http://local');
  return `${u.pathname}${u.search}`;
};

/** Every `/media/…` URL anywhere in a response body. */
function mediaUrls(body: unknown): string[] {
  const out: string[] = [];
  JSON.stringify(body, (_k, v: unknown) => {
    if (typeof v === 'string' && /^(https?:\/\/[^/]+)?\/media\//.test(v)) out.push(v);
    return v;
  });
  return out;
}

async function fetchMedia(url: string) {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.rawPayload };
}

describe('guest demo media, rendered at seed time', () => {
  it('is complete after the seed step: every file the demo shows is in storage, and every guest read shows it', async () => {
    // The database is seeded (harness); its files are not, until the seed's media step runs.
    expect((await missingDemoMedia(t.deps)).length).toBeGreaterThan(10);
    const report = await seedDemoMedia({ ...t.deps, log });
    expect(report.failed).toEqual([]);
    expect(await missingDemoMedia(t.deps)).toEqual([]);

    const reads = [
      '/api/generation/history?limit=50',
      '/api/projects?limit=20',
      `/api/projects/${DEMO_IDS.videoProject}`,
      `/api/projects/${DEMO_IDS.imageProject}`,
      `/api/image-editor/projects/${DEMO_IDS.imageProject}`,
      `/api/sound-editor/projects/${DEMO_IDS.videoProject}`,
      '/api/advanced-features/avatar/list',
      '/api/advanced-features/style-transfer/results',
      '/api/advanced-features/voice/profiles',
    ];
    const urls: string[] = [];
    for (const path of reads) {
      const res = await t.rest('GET', path);
      expect(res.status, path).toBe(200);
      urls.push(...mediaUrls(res.body));
    }
    const avatars = await t.rest('GET', '/api/advanced-features/avatar/list');
    const takes = await t.rest('GET', `/api/advanced-features/avatar/takes?avatarId=${avatars.body.avatars[0].id}`);
    urls.push(...mediaUrls(takes.body));
    const seo = await t.rest('GET', `/api/seo/projects/by-project/${DEMO_IDS.textProject}`);
    const articles = await t.rest('GET', `/api/seo/projects/${seo.body.seoProject.id}/articles`);
    const published = articles.body.articles.find((a: { status: string }) => a.status === 'PUBLISHED');
    expect(published.images).toHaveLength(1);
    urls.push(...mediaUrls(articles.body), ...mediaUrls((await t.rest('GET', `/api/seo/articles/${published.id}`)).body));

    const unique = [...new Set(urls)];
    expect(unique.length).toBeGreaterThan(25);
    for (const url of unique) {
      const file = await fetchMedia(url);
      expect(file.status, url).toBe(200);
      expect(file.body.length, url).toBeGreaterThan(500);
    }

    // Cards show what they promise: clips play 5 s videos, segments show their chosen image, studios have takes.
    const video = await t.rest('GET', `/api/projects/${DEMO_IDS.videoProject}`);
    expect(video.body.videoClips.map((c: { status: string }) => c.status)).toEqual(['READY', 'READY', 'READY']);
    const clip = await fetchMedia(video.body.videoClips[0].videoUrl);
    const probe = await probeMedia(clip.body);
    expect(probe.hasVideo).toBe(true);
    expect(probe.durationSeconds).toBeGreaterThan(4);
    const image = await t.rest('GET', `/api/projects/${DEMO_IDS.imageProject}`);
    for (const s of image.body.segments) {
      expect(s.selectedVersion.status).toBe('READY');
      const meta = await sharp((await fetchMedia(s.selectedVersion.outputUrl)).body).metadata();
      expect(meta.width).toBe(1280);
    }
    const history = await t.rest('GET', '/api/generation/history?limit=50');
    const types = new Set(history.body.generations.map((g: { type: string }) => g.type));
    expect([...types].sort()).toEqual(['audio', 'image', 'text', 'video']);
    const models = new Set(history.body.generations.map((g: { model: string }) => g.model));
    for (const m of ['local/image', 'local/video', 'local/speech', 'local/music', 'local/avatar', 'local/style-transfer'])
      expect(models.has(m), m).toBe(true);
    const voices = await t.rest('GET', '/api/advanced-features/voice/profiles');
    expect(voices.body.profiles[0]).toMatchObject({ name: 'Warm narrator', sampleUrls: [expect.any(String)] });
    expect(voices.body.profiles[0].meanPitchHz).toBeGreaterThan(60);
    const sound = await t.rest('GET', `/api/sound-editor/projects/${DEMO_IDS.videoProject}`);
    for (const s of sound.body.session.sources) expect(s.peaks.length).toBeGreaterThan(10);
    for (const p of (await t.rest('GET', '/api/projects')).body.projects.filter((x: { type: string }) => x.type !== 'TEXT')) {
      expect(p.thumbnailUrl, p.name).toBeTruthy();
    }
  }, 240_000);

  it('has a realistic month of credits: the chart and analytics read it, the balance stays 10 and the ledger adds up', async () => {
    const usage = await t.rest('GET', '/api/credits/usage?days=30&tzOffsetMinutes=0');
    expect(usage.status).toBe(200);
    const daysWithSpend = usage.body.days.filter((d: { credits: number }) => d.credits > 0);
    expect(daysWithSpend.length).toBeGreaterThanOrEqual(12);
    expect(usage.body.total).toBe(40);
    // Every spend is under 29 days old, so the 30-day window of whole UTC days (today and the 29
    // before) holds the whole month at any hour, even just after midnight.
    const spends = await t.deps.db
      .selectFrom('credit_ledger')
      .select('created_at')
      .where('user_id', '=', DEMO_USER_ID)
      .where('kind', '=', 'spend')
      .execute();
    for (const s of spends) expect(Date.now() - new Date(s.created_at).getTime()).toBeLessThan(29 * 86_400_000);
    const analytics = await t.rest('GET', '/api/analytics?period=30d');
    expect(analytics.body.overview.creditsUsed).toBe(40);
    expect(analytics.body.overview.totalGenerations).toBeGreaterThanOrEqual(18);
    expect(analytics.body.overview.avgGenerationTime).toBeGreaterThan(0);
    const demo = await t.deps.db.selectFrom('users').select('credit_units').where('id', '=', DEMO_USER_ID).executeTakeFirstOrThrow();
    expect(demo.credit_units).toBe(1000);
    expect(await ledgerSumUnits(t.deps.db, DEMO_USER_ID)).toBe(1000);
  });

  it('is idempotent: a second run renders nothing; a missing file is rendered again; reads never render', async () => {
    expect((await seedDemoMedia({ ...t.deps, log })).rendered).toEqual([]);
    const key = demoOutputKey({ id: DEMO_GENERATION_IDS.teapot, ext: 'png' });
    await t.deps.storage.remove(key);
    // A guest read lists it but does not make it.
    const history = await t.rest('GET', '/api/generation/history?limit=50');
    const teapot = history.body.generations.find((g: { id: string }) => g.id === DEMO_GENERATION_IDS.teapot);
    expect((await fetchMedia(teapot.outputUrl)).status).toBe(404);
    expect(await missingDemoMedia(t.deps)).toEqual([key]);
    expect((await seedDemoMedia({ ...t.deps, log })).rendered).toEqual([key]);
    expect((await fetchMedia(teapot.outputUrl)).status).toBe(200);
  }, 60_000);
});
