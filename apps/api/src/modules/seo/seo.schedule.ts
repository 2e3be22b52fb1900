import { type Database, type Db, recordWebhookEvent, SEO_ARTICLE_STATE } from '@atelier/db';
import { announceArticle, jobIds } from '@atelier/jobs';
import { AppError, type SeoArticleStatus } from '@atelier/shared';
import { sql, type Updateable } from 'kysely';
import { articleFor, type Deps, presentOne, type SeoProjectRow, type UserCtx } from './seo.articles';

/**
 * Scheduling and publishing SEO articles. A scheduled article is published by a BullMQ delayed job
 * at its `publish_date` (the worker's seo processor, `publish`), with no request needed:
 * rescheduling moves the job, unscheduling or publishing now removes it. The job is idempotent
 * (it re-checks the row), and the worker's maintenance gives a SCHEDULED article whose job was
 * lost a new one.
 */

export const DAY = 86_400_000;

/** The next free publishing slot: `publishSchedule` days after the latest planned/published date; the first is tomorrow 09:00 UTC. */
export async function nextSlot(db: Db, seo: SeoProjectRow, exceptId?: string): Promise<Date> {
  let q = db
    .selectFrom('seo_articles')
    .select((eb) => eb.fn.max(sql<Date>`coalesce(published_at, publish_date)`).as('latest'))
    .where('seo_project_id', '=', seo.id)
    .where('status', '!=', 'FAILED');
  if (exceptId) q = q.where('id', '!=', exceptId);
  const row = await q.executeTakeFirst();
  const now = Date.now();
  const tomorrow = new Date(now + DAY);
  tomorrow.setUTCHours(9, 0, 0, 0);
  if (!row?.latest) return tomorrow;
  const next = new Date(new Date(row.latest).getTime() + seo.publish_schedule * DAY);
  return next.getTime() > now ? next : tomorrow;
}

/**
 * Moves an article's publish job from one time to another (either may be null: none). Postgres is
 * written first and is the truth; if Redis is unreachable the maintenance sweep adds the job later.
 */
export async function movePublishJob(deps: Pick<Deps, 'queues' | 'log'>, articleId: string, from: Date | null, to: Date | null): Promise<void> {
  try {
    if (from) await deps.queues.cancel('seo', jobIds.seoPublish(articleId, from));
    if (!to) return;
    const jobId = jobIds.seoPublish(articleId, to);
    // A job left from an earlier schedule at the same time (finished and kept) would swallow the new one.
    await deps.queues.cancel('seo', jobId);
    await deps.queues.enqueue('seo', { kind: 'publish', articleId, at: to.toISOString() }, { jobId, delay: to.getTime() - Date.now() });
  } catch (e) {
    deps.log.warn({ err: String(e), articleId }, 'publish job not moved now; the maintenance sweep will');
  }
}

/**
 * Moves an article to `status` (only from one of `from`), announces it, and moves its publish job
 * from the article's old time (when it was SCHEDULED) to `publishAt` (null: none), then answers
 * with the article.
 */
async function transition(
  ctx: UserCtx,
  loaded: Awaited<ReturnType<typeof articleFor>>,
  change: {
    status: 'SCHEDULED' | 'PUBLISHED' | 'READY';
    from: SeoArticleStatus[];
    set: Updateable<Database['seo_articles']>;
    publishAt: Date | null;
  },
) {
  const { row, seo } = loaded;
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('seo_articles')
      .set({ ...change.set, status: change.status })
      .where('id', '=', row.id)
      .where('status', 'in', change.from)
      .returning(SEO_ARTICLE_STATE)
      .executeTakeFirst();
    if (updated && change.status === 'PUBLISHED')
      await recordWebhookEvent(trx, { userId: row.user_id, type: 'seo.article.published', objectType: 'seo_article', objectId: row.id });
    return updated;
  });
  if (moved) {
    announceArticle(ctx.events, moved);
    await movePublishJob(ctx, row.id, row.status === 'SCHEDULED' ? row.publish_date : null, change.publishAt);
  }
  return { article: await presentOne(ctx, row.id, seo) };
}

export async function scheduleArticle(ctx: UserCtx, id: string, publishDate?: string) {
  const loaded = await articleFor(ctx.db, ctx.user.id, id, 'write');
  const { row, seo } = loaded;
  if (row.status !== 'READY' && row.status !== 'SCHEDULED') {
    throw new AppError(
      'CONFLICT',
      row.status === 'PUBLISHED' ? 'The article is already published; unpublish it first' : 'Only a ready article can be scheduled',
    );
  }
  let when: Date;
  if (publishDate) {
    when = new Date(publishDate);
    if (when.getTime() <= Date.now()) {
      const message = 'publishDate must be in the future (use publish to publish now)';
      throw new AppError('VALIDATION', message, { fields: [{ path: 'publishDate', message }] });
    }
  } else {
    when = row.publish_date && new Date(row.publish_date).getTime() > Date.now() ? new Date(row.publish_date) : await nextSlot(ctx.db, seo, row.id);
  }
  return transition(ctx, loaded, { status: 'SCHEDULED', from: ['READY', 'SCHEDULED'], set: { publish_date: when }, publishAt: when });
}

export async function publishArticle(ctx: UserCtx, id: string) {
  const loaded = await articleFor(ctx.db, ctx.user.id, id, 'write');
  const { row } = loaded;
  if (row.status !== 'READY' && row.status !== 'SCHEDULED') {
    throw new AppError('CONFLICT', row.status === 'PUBLISHED' ? 'The article is already published' : 'Only a ready article can be published');
  }
  const now = new Date();
  return transition(ctx, loaded, {
    status: 'PUBLISHED',
    from: ['READY', 'SCHEDULED'],
    set: { published_at: now, publish_date: now },
    publishAt: null,
  });
}

export async function unpublishArticle(ctx: UserCtx, id: string) {
  const loaded = await articleFor(ctx.db, ctx.user.id, id, 'write');
  if (loaded.row.status !== 'PUBLISHED' && loaded.row.status !== 'SCHEDULED')
    throw new AppError('CONFLICT', 'The article is not published or scheduled');
  return transition(ctx, loaded, { status: 'READY', from: ['PUBLISHED', 'SCHEDULED'], set: { published_at: null }, publishAt: null });
}
