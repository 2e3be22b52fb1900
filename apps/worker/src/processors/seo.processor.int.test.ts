import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Engine } from '@atelier/ai';
import { applyCreditChange, type Db, ledgerSumUnits, placeReadyImages } from '@atelier/db';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { LocalDiskStorage } from '@atelier/media';
import { type SeoBrief, seoSpendKey } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileSeo } from '../maintenance/reconcile';
import { type RunningWorkers, startWorkers } from '../registry';
import { testWorkerDeps } from '../testing';
import { seoProcessor } from './seo.processor';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `s${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let db: Db;
let mediaDir: string;
let deps: ReturnType<typeof testWorkerDeps>;
let running: RunningWorkers;
let userId: string;
let seoProjectId: string;
let hostedCalls: string[] = [];

/** A hosted-model stand-in: answers like a chat model would (title, description line, sections). */
const hosted: Engine = async ({ prompt, onProgress }) => {
  hostedCalls.push(prompt);
  onProgress(50);
  return {
    text: '# Glazing Basics\n\nDescription: A short guide to glazing handmade mugs safely at home, from choosing a food-safe stoneware glaze to firing it.\n\n## Choosing a glaze\n\nPick a food-safe stoneware glaze.\n\n## Firing\n\nFire slowly.\n',
    metadata: {},
  };
};
const broken: Engine = async () => {
  throw new Error('provider unavailable');
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  mediaDir = await mkdtemp(path.join(tmpdir(), 'atelier-seo-'));
  deps = testWorkerDeps({
    db,
    redisUrl: REDIS,
    prefix,
    storage: new LocalDiskStorage(mediaDir),
    engines: { 'test/hosted': hosted, 'test/broken': broken },
  });
  running = startWorkers({
    redisUrl: REDIS,
    prefix,
    deps,
    processors: [seoProcessor],
    queues: ['seo'],
  });
  userId = (
    await db
      .insertInto('users')
      .values({ email: `seo-${prefix}@example.com`, password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await applyCreditChange(db, { userId, kind: 'purchase', amountUnits: 5000, idempotencyKey: `grant-${prefix}` });
  const project = await db.insertInto('projects').values({ user_id: userId, name: 'Blog', type: 'TEXT' }).returning('id').executeTakeFirstOrThrow();
  seoProjectId = (
    await db
      .insertInto('seo_projects')
      .values({ project_id: project.id, user_id: userId, business_name: 'Clayworks', seo_keywords: JSON.stringify(['stoneware glaze']) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await running?.close(5000);
  await deps?.close();
  await database?.drop();
  await rm(mediaDir, { recursive: true, force: true });
});

/** What the api does: article + charged run + ledger spend in one transaction, then the job. */
async function requestRun(modelId: string, brief: Partial<SeoBrief> = {}, price = 300, enqueue = true) {
  const articleId = randomUUID();
  const runId = randomUUID();
  const full: SeoBrief = {
    topic: 'Glazing basics',
    title: 'Glazing Basics',
    keywords: ['stoneware glaze'],
    words: 600,
    format: 'markdown',
    ...brief,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('seo_articles')
      .values({
        id: articleId,
        seo_project_id: seoProjectId,
        user_id: userId,
        topic: full.topic,
        title: full.title,
        slug: `glazing-${articleId.slice(0, 8)}`,
        format: full.format,
        ai_provider: modelId.split('/')[0] as string,
        ai_model: modelId,
        credit_units_used: price,
      })
      .execute();
    await trx
      .insertInto('seo_article_runs')
      .values({
        id: runId,
        article_id: articleId,
        user_id: userId,
        kind: 'write',
        model_id: modelId,
        prompt: 'Write about glazing',
        brief: JSON.stringify(full),
        credit_units_charged: price,
      })
      .execute();
    const { applyCreditChangeInTransaction } = await import('@atelier/db');
    await applyCreditChangeInTransaction(trx, {
      userId,
      kind: 'spend',
      amountUnits: -price,
      idempotencyKey: seoSpendKey(runId),
      referenceType: 'seo_article_run',
      referenceId: runId,
    });
  });
  if (enqueue) await deps.queues.enqueue('seo', { kind: 'run', runId }, { jobId: `seo-run-${runId}` });
  return { articleId, runId };
}

async function waitArticle(id: string, done: (a: any) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const a = await db.selectFrom('seo_articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (done(a) || Date.now() > deadline) return a;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const balance = async () => (await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units;

describe('seo processor', () => {
  it('writes an article with the local writer: QUEUED → READY, every field filled', async () => {
    const { articleId, runId } = await requestRun('local/text', {}, 100);
    const a = await waitArticle(articleId, (x) => x.status === 'READY');
    expect(a.status).toBe('READY');
    expect(a.progress).toBe(100);
    expect(a.title).toBe('Glazing Basics');
    expect(a.content.startsWith('# Glazing Basics')).toBe(true);
    expect(a.description.length).toBeGreaterThan(10);
    expect(a.description.length).toBeLessThanOrEqual(160);
    expect(a.word_count).toBeGreaterThan(100);
    expect(a.ai_provider).toBe('local');
    expect(a.prompt_used).toContain('stoneware glaze');
    const run = await db.selectFrom('seo_article_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    expect(run.status).toBe('COMPLETED');
  });

  it('uses a hosted engine with the stored prompt and parses title and description', async () => {
    hostedCalls = [];
    const { articleId } = await requestRun('test/hosted');
    const a = await waitArticle(articleId, (x) => x.status === 'READY');
    expect(hostedCalls).toEqual(['Write about glazing']);
    expect(a.title).toBe('Glazing Basics');
    expect(a.description).toBe('A short guide to glazing handmade mugs safely at home, from choosing a food-safe stoneware glaze to firing it.');
    expect(a.content).not.toContain('Description:');
    expect(a.ai_provider).toBe('test');
  });

  it('a failing engine: after the last attempt the run is FAILED and refunded exactly once', async () => {
    const before = await balance();
    const { articleId, runId } = await requestRun('test/broken');
    expect(await balance()).toBe(before - 300);
    const a = await waitArticle(articleId, (x) => x.status === 'FAILED', 40_000);
    expect(a.status).toBe('FAILED');
    expect(a.credit_units_used).toBe(0);
    expect(await balance()).toBe(before);
    const run = await db.selectFrom('seo_article_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'FAILED', credit_units_refunded: 300 });
    const refunds = await db.selectFrom('credit_ledger').select('id').where('reference_id', '=', runId).where('kind', '=', 'refund').execute();
    expect(refunds).toHaveLength(1);
    expect(await ledgerSumUnits(db, userId)).toBe(await balance());
  });

  it('a job delivered twice does not write twice', async () => {
    const { articleId, runId } = await requestRun('local/text', {}, 100);
    await waitArticle(articleId, (x) => x.status === 'READY');
    await deps.queues.enqueue('seo', { kind: 'run', runId }, { jobId: `seo-run-${runId}-again` });
    await new Promise((r) => setTimeout(r, 800));
    const a = await db.selectFrom('seo_articles').select(['regenerations', 'status']).where('id', '=', articleId).executeTakeFirstOrThrow();
    expect(a).toEqual({ regenerations: 0, status: 'READY' });
  });

  it('places finished images: the hero under the title, idempotently', async () => {
    const { articleId } = await requestRun('local/text', {}, 100);
    await waitArticle(articleId, (x) => x.status === 'READY');
    const gens = [randomUUID(), randomUUID()];
    for (const [i, id] of gens.entries()) {
      await db
        .insertInto('generations')
        .values({
          id,
          user_id: userId,
          type: 'image',
          prompt: 'p',
          model_id: 'local/image',
          provider: 'local',
          status: 'COMPLETED',
          output_url: `generations/${userId}/${id}.png`,
          credit_units_charged: 400,
          ...(i === 1 ? { status: 'PROCESSING', output_url: null } : {}),
        })
        .execute();
    }
    await db
      .updateTable('seo_articles')
      .set({
        images: JSON.stringify([
          { id: randomUUID(), generationId: gens[0], role: 'hero', alt: 'Hero', placed: false },
          { id: randomUUID(), generationId: gens[1], role: 'inline', alt: 'Inline', placed: false },
        ]),
      })
      .where('id', '=', articleId)
      .execute();
    expect(await placeReadyImages(db, articleId)).toMatchObject({ placed: 1, waiting: 1 });
    expect(await placeReadyImages(db, articleId)).toMatchObject({ placed: 0, waiting: 1, article: null });
    let a = await db.selectFrom('seo_articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
    const lines = a.content.split('\n').filter((l) => l.trim());
    expect(lines[0]).toBe('# Glazing Basics');
    expect(lines[1]).toBe(`![Hero](media:generations/${userId}/${gens[0]}.png)`);
    // Once the second image is finished, a place-images job (the image processor queues one) places it.
    await db
      .updateTable('generations')
      .set({ status: 'COMPLETED', output_url: `generations/${userId}/${gens[1]}.png` })
      .where('id', '=', gens[1] as string)
      .execute();
    await deps.queues.enqueue('seo', { kind: 'place-images', articleId }, { jobId: `place-${articleId}` });
    a = await waitArticle(articleId, (x) => (x.images as any[]).every((i) => i.placed), 10_000);
    expect((a.images as any[]).every((i) => i.placed)).toBe(true);
    expect(a.content.match(/!\[/g)).toHaveLength(2);
  });
});

describe('reconciliation (the maintenance task reconcile-seo)', () => {
  it('runs a run whose job was lost again, refunds one too old to run, and gives a SCHEDULED article its lost publish job back', async () => {
    const before = await ledgerSumUnits(db, userId);
    const lost = await requestRun('test/hosted', {}, 300, false);
    const old = await requestRun('test/hosted', {}, 300, false);
    await db
      .updateTable('seo_article_runs')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('id', '=', lost.runId)
      .execute();
    await db
      .updateTable('seo_article_runs')
      .set({ created_at: new Date(Date.now() - 7 * 3600_000) })
      .where('id', '=', old.runId)
      .execute();
    expect(await reconcileSeo(deps)).toMatchObject({ requeued: 1, refunded: 1 });
    const written = await waitArticle(lost.articleId, (a) => a.status === 'READY');
    expect(written.status).toBe('READY');
    const refunded = await db.selectFrom('seo_articles').select(['status', 'error']).where('id', '=', old.articleId).executeTakeFirstOrThrow();
    expect(refunded.status).toBe('FAILED');
    expect(await ledgerSumUnits(db, userId)).toBe(before - 300);
    expect(await reconcileSeo(deps)).toMatchObject({ requeued: 0, refunded: 0 });

    // SCHEDULED for a time now past, its delayed job gone (Redis lost it): it gets the job back and is published.
    const at = new Date(Date.now() - 1000);
    await db.updateTable('seo_articles').set({ status: 'SCHEDULED', publish_date: at }).where('id', '=', lost.articleId).execute();
    await new Promise((r) => setTimeout(r, 20));
    expect(await reconcileSeo(deps, { olderThanMs: 0 })).toMatchObject({ rescheduled: 1 });
    const published = await waitArticle(lost.articleId, (a) => a.status === 'PUBLISHED', 10_000);
    expect(published.status).toBe('PUBLISHED');
    expect(published.published_at?.getTime()).toBe(at.getTime());
  });
});
