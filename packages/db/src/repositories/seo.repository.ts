import {
  countWords,
  type PlacedImage,
  placeImages,
  type SeoArticleImage,
  type SeoArticleStatus,
  type SeoBrief,
  seoRefundKey,
  unitsToCredits,
} from '@atelier/shared';
import type { Db } from '../client';
import { applyCreditChangeInTransaction } from './ledger.repository';
import { recordWebhookEvent } from './webhooks.repository';

/**
 * The SEO domain's run rules, shared by the api (enqueue failures) and the worker (processor,
 * reconciliation, the scheduled publish): each is idempotent and safe to call from anywhere.
 */

/** An article's live state after a write: what the `seoArticle` event carries. */
export interface SeoArticleState {
  id: string;
  seo_project_id: string;
  version: number;
  status: SeoArticleStatus;
  progress: number;
}

export const SEO_ARTICLE_STATE = ['id', 'seo_project_id', 'version', 'status', 'progress'] as const;

/**
 * Puts the article's finished images into its content (hero at the top) and marks them placed.
 * Returns how many it placed, how many are still being made, and the article's state when it changed.
 */
export async function placeReadyImages(db: Db, articleId: string): Promise<{ placed: number; waiting: number; article: SeoArticleState | null }> {
  return db.transaction().execute(async (trx) => {
    const article = await trx
      .selectFrom('seo_articles')
      .select(['id', 'content', 'format', 'images', 'user_id'])
      .where('id', '=', articleId)
      .forUpdate()
      .executeTakeFirst();
    if (!article) return { placed: 0, waiting: 0, article: null };
    const images = (article.images as unknown as SeoArticleImage[]) ?? [];
    const open = images.filter((i) => !i.placed);
    if (!open.length) return { placed: 0, waiting: 0, article: null };
    const gens = await trx
      .selectFrom('generations')
      .select(['id', 'status', 'output_url'])
      .where(
        'id',
        'in',
        open.map((i) => i.generationId),
      )
      .execute();
    const byId = new Map(gens.map((g) => [g.id, g]));
    const ready: PlacedImage[] = [];
    let waiting = 0;
    const inlineIds = images.filter((i) => i.role === 'inline').map((i) => i.id);
    for (const img of open) {
      const g = byId.get(img.generationId);
      const slot = img.role === 'inline' ? { slot: inlineIds.indexOf(img.id), slots: inlineIds.length } : {};
      if (g?.status === 'COMPLETED' && g.output_url) ready.push({ id: img.id, role: img.role, key: g.output_url, alt: img.alt, ...slot });
      else if (g && (g.status === 'PENDING' || g.status === 'PROCESSING')) waiting++;
    }
    if (!ready.length) return { placed: 0, waiting, article: null };
    const content = placeImages(article.content, article.format, ready);
    const placedIds = new Set(ready.map((r) => r.id));
    const next = images.map((i) => (placedIds.has(i.id) ? { ...i, placed: true } : i));
    const state = await trx
      .updateTable('seo_articles')
      .set({ content, images: JSON.stringify(next), word_count: countWords(content, article.format) })
      .where('id', '=', articleId)
      .returning(SEO_ARTICLE_STATE)
      .executeTakeFirstOrThrow();
    return { placed: ready.length, waiting, article: state };
  });
}

/** Marks a run FAILED and refunds its charge exactly once; the article shows what happened. */
export async function failSeoRun(
  db: Db,
  runId: string,
  message: string,
): Promise<{ ended: boolean; creditsBalance: number | null; article: SeoArticleState | null }> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .updateTable('seo_article_runs')
      .set((eb) => ({
        status: 'FAILED',
        error: message.slice(0, 1000),
        credit_units_refunded: eb.ref('credit_units_charged'),
        completed_at: new Date(),
      }))
      .where('id', '=', runId)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .returning(['id', 'article_id', 'user_id', 'kind', 'credit_units_charged', 'brief'])
      .executeTakeFirst();
    if (!run) return { ended: false, creditsBalance: null, article: null };
    let creditsBalance: number | null = null;
    if (run.credit_units_charged > 0) {
      const refund = await applyCreditChangeInTransaction(trx, {
        userId: run.user_id,
        kind: 'refund',
        amountUnits: run.credit_units_charged,
        idempotencyKey: seoRefundKey(run.id),
        referenceType: 'seo_article_run',
        referenceId: run.id,
        note: run.kind === 'write' ? 'SEO article failed' : 'SEO article regeneration failed',
      });
      creditsBalance = refund.creditsBalance;
    }
    const brief = run.brief as unknown as SeoBrief;
    const article = await trx
      .updateTable('seo_articles')
      .set((eb) => ({
        status: run.kind === 'write' ? 'FAILED' : (brief.prevStatus ?? 'READY'),
        progress: run.kind === 'write' ? 0 : 100,
        error:
          run.kind === 'write'
            ? `${message} — your ${unitsToCredits(run.credit_units_charged)} credits were refunded`
            : `The regeneration failed (${message}); the previous text is kept and your credits were refunded`,
        credit_units_used: eb('credit_units_used', '-', run.credit_units_charged),
      }))
      .where('id', '=', run.article_id)
      .returning(SEO_ARTICLE_STATE)
      .executeTakeFirst();
    return { ended: true, creditsBalance, article: article ?? null };
  });
}

/**
 * The scheduled publish: publishes the article when it is still SCHEDULED for exactly `at` and that
 * time has come. `wait` says the article is being rewritten (its job should look again later);
 * anything else (moved, unscheduled, published, deleted) means this job has nothing to do.
 */
export async function publishScheduledArticle(
  db: Db,
  articleId: string,
  at: Date,
): Promise<{ outcome: 'published' | 'wait' | 'not-yet' | 'moved'; article: SeoArticleState | null }> {
  const published = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('seo_articles')
      .set((eb) => ({ status: 'PUBLISHED', published_at: eb.ref('publish_date') }))
      .where('id', '=', articleId)
      .where('status', '=', 'SCHEDULED')
      .where('publish_date', '=', at)
      .where('publish_date', '<=', new Date())
      .returning([...SEO_ARTICLE_STATE, 'user_id'])
      .executeTakeFirst();
    if (!row) return undefined;
    await recordWebhookEvent(trx, { userId: row.user_id, type: 'seo.article.published', objectType: 'seo_article', objectId: row.id });
    const { user_id: _owner, ...state } = row;
    return state;
  });
  if (published) return { outcome: 'published', article: published };
  const row = await db.selectFrom('seo_articles').select(['status', 'publish_date']).where('id', '=', articleId).executeTakeFirst();
  if (!row?.publish_date || row.publish_date.getTime() !== at.getTime()) return { outcome: 'moved', article: null };
  if (row.status === 'SCHEDULED') return { outcome: 'not-yet', article: null };
  // A regeneration puts the article back to SCHEDULED when it ends: look again then.
  if (row.status === 'QUEUED' || row.status === 'GENERATING') return { outcome: 'wait', article: null };
  return { outcome: 'moved', article: null };
}
