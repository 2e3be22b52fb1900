import type { Database, Db } from '@atelier/db';
import { keyOwner, type MediaUrls } from '@atelier/media';
import { AppError, countWords, SEO_BUSY_STATUSES, type SeoArticleImage, scoreArticle, unitsToCredits } from '@atelier/shared';
import type { Selectable } from 'kysely';
import type { Context } from '../../context';
import type { ProjectNeed } from '../projects/projects.access';
import { type MediaRefUrl, resolveMediaRefs, toMediaRefs } from './seo.render';
import { movePublishJob } from './seo.schedule';
import type { Article, ArticleStatus, ArticleSummary } from './seo.schema';
import { seoProjectFor } from './seo.service';

/**
 * SEO articles: reading (list, one, stats) and editing (fields, rating, delete). Writing and
 * regenerating them is seo.writing.ts, scheduling and publishing seo.schedule.ts, exports
 * seo.export.ts, live progress seo.live.ts. Reads change nothing.
 */

export type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
export type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };
export type ArticleRow = Selectable<Database['seo_articles']>;
export type SeoProjectRow = Selectable<Database['seo_projects']>;

export interface GenState {
  id: string;
  status: string;
  progress: number;
  output_url: string | null;
  error: string | null;
  credit_units_refunded: number;
}

const BUSY = SEO_BUSY_STATUSES;
export const articleNotFound = () => new AppError('NOT_FOUND', 'Article not found');

/** The article and its SEO project, after checking the viewer may `need` the TEXT project. */
export async function articleFor(db: Db, viewerId: string, articleId: string, need: ProjectNeed) {
  const row = await db.selectFrom('seo_articles').selectAll().where('id', '=', articleId).executeTakeFirst();
  if (!row) throw articleNotFound();
  try {
    const seo = await seoProjectFor(db, viewerId, row.seo_project_id, need);
    return { row, seo };
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw articleNotFound();
    throw e;
  }
}

export async function generationStates(db: Db, rows: Pick<ArticleRow, 'images'>[]): Promise<Map<string, GenState>> {
  const ids = rows.flatMap((r) => (r.images as unknown as SeoArticleImage[]).map((i) => i.generationId));
  if (!ids.length) return new Map();
  const gens = await db
    .selectFrom('generations')
    .select(['id', 'status', 'progress', 'output_url', 'error', 'credit_units_refunded'])
    .where('id', 'in', ids)
    .execute();
  return new Map(gens.map((g) => [g.id, g]));
}

/** An article image's state, from its generation's. */
export function imageProgress(g: Pick<GenState, 'status' | 'progress'> | undefined): {
  status: 'queued' | 'processing' | 'ready' | 'failed';
  progress: number;
} {
  const status = !g
    ? 'failed'
    : g.status === 'COMPLETED'
      ? 'ready'
      : g.status === 'PROCESSING'
        ? 'processing'
        : g.status === 'PENDING'
          ? 'queued'
          : 'failed';
  return { status, progress: status === 'ready' ? 100 : (g?.progress ?? 0) };
}

/**
 * The URLs of an article's `media:<key>` references in one context: signed for a project
 * member's editor (`media` = their project media), stable and public for the feed and exports
 * (`media` = the article's grant). Only keys the article may show resolve — its own images and
 * files of its writer or its SEO project's owner — so typing another account's key into the text
 * exposes nothing.
 */
export function articleMediaUrls(
  media: MediaUrls,
  r: Pick<ArticleRow, 'user_id' | 'images'>,
  seo: Pick<SeoProjectRow, 'user_id'>,
  gens: Map<string, GenState>,
): MediaRefUrl {
  // The article's own images, by key, with their alt text (the name a download gets).
  const own = new Map<string, string>();
  for (const i of r.images as unknown as SeoArticleImage[]) {
    const key = gens.get(i.generationId)?.output_url;
    if (key) own.set(key, i.alt);
  }
  const owners = new Set([r.user_id, seo.user_id]);
  return (key) => (own.has(key) || owners.has(keyOwner(key) ?? '') ? media.url(key, { name: own.get(key) }) : null);
}

/** An article's progress as shown: its writer's while being written, else 0 (queued, failed) or 100. */
export const articleProgress = (r: Pick<ArticleRow, 'status' | 'progress'>) =>
  r.status === 'QUEUED' ? 0 : r.status === 'GENERATING' ? r.progress : r.status === 'FAILED' ? 0 : 100;

/** `media`: the viewer's media of the article's project (see articleMediaUrls). */
export function toSummary(media: MediaUrls, r: ArticleRow, gens: Map<string, GenState>, targetWords: number): ArticleSummary {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const ready = r.status !== 'QUEUED' && r.status !== 'FAILED' && r.content.trim().length > 0;
  return {
    id: r.id,
    seoProjectId: r.seo_project_id,
    sourcePageId: r.source_page_id,
    topic: r.topic,
    title: r.title || r.topic,
    description: r.description,
    keywords: r.keywords,
    slug: r.slug,
    format: r.format,
    wordCount: r.word_count,
    aiProvider: r.ai_provider,
    aiModel: r.ai_model,
    // Images that failed were refunded by the image pipeline: they no longer count.
    creditsUsed: unitsToCredits(
      Math.max(
        0,
        r.credit_units_used -
          (r.images as unknown as SeoArticleImage[]).reduce((n, i) => n + (gens.get(i.generationId)?.credit_units_refunded ?? 0), 0),
      ),
    ),
    status: r.status,
    progress: articleProgress(r),
    error: r.error,
    publishDate: iso(r.publish_date),
    publishedAt: iso(r.published_at),
    regenerations: r.regenerations,
    rating: r.rating,
    images: (r.images as unknown as SeoArticleImage[]).map((i) => {
      const g = gens.get(i.generationId);
      const { status, progress } = imageProgress(g);
      return {
        id: i.id,
        generationId: i.generationId,
        role: i.role,
        status,
        progress,
        url: status === 'ready' ? media.url(g?.output_url, { name: i.alt }) : null,
        alt: i.alt,
        placed: Boolean(i.placed),
        error: status === 'failed' ? (g?.error ?? 'The image was not made; its credits were refunded') : null,
      };
    }),
    seoScore: ready
      ? scoreArticle({ title: r.title, description: r.description, content: r.content, format: r.format, keywords: r.keywords, targetWords }).score
      : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function toArticle(media: MediaUrls, r: ArticleRow, seo: SeoProjectRow, gens: Map<string, GenState>): Article {
  const targetWords = seo.words_per_article;
  const summary = toSummary(media, r, gens, targetWords);
  return {
    ...summary,
    content: resolveMediaRefs(r.content, articleMediaUrls(media, r, seo, gens)),
    promptUsed: r.prompt_used,
    score:
      summary.seoScore === null
        ? null
        : scoreArticle({ title: r.title, description: r.description, content: r.content, format: r.format, keywords: r.keywords, targetWords }),
  };
}

export async function presentOne(deps: Deps, articleId: string, seo: SeoProjectRow): Promise<Article> {
  const r = await deps.db.selectFrom('seo_articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
  return toArticle(deps.media.forProject(seo.project_id), r, seo, await generationStates(deps.db, [r]));
}

export async function listArticles(
  deps: Deps,
  viewerId: string,
  input: { id: string; status?: ArticleStatus | undefined; limit: number; offset: number },
) {
  const seo = await seoProjectFor(deps.db, viewerId, input.id, 'read');
  let q = deps.db.selectFrom('seo_articles').where('seo_project_id', '=', seo.id);
  if (input.status) q = q.where('status', '=', input.status);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const gens = await generationStates(deps.db, rows);
  const media = deps.media.forProject(seo.project_id);
  return { articles: rows.map((r) => toSummary(media, r, gens, seo.words_per_article)), total: Number(total.n) };
}

export async function stats(deps: Deps, viewerId: string, id: string) {
  const seo = await seoProjectFor(deps.db, viewerId, id, 'read');
  const rows = await deps.db.selectFrom('seo_articles').selectAll().where('seo_project_id', '=', seo.id).execute();
  const byStatus = { QUEUED: 0, GENERATING: 0, READY: 0, SCHEDULED: 0, PUBLISHED: 0, FAILED: 0 } as Record<ArticleStatus, number>;
  for (const r of rows) byStatus[r.status]++;
  const written = rows.filter((r) => r.word_count > 0 && !BUSY.includes(r.status) && r.status !== 'FAILED');
  const rated = rows.filter((r) => r.rating !== null);
  const scores = written.map(
    (r) =>
      scoreArticle({
        title: r.title,
        description: r.description,
        content: r.content,
        format: r.format,
        keywords: r.keywords,
        targetWords: seo.words_per_article,
      }).score,
  );
  const now = Date.now();
  const upcoming = rows
    .filter((r) => r.status === 'SCHEDULED' && r.publish_date && new Date(r.publish_date).getTime() > now)
    .map((r) => new Date(r.publish_date as Date).getTime())
    .sort((a, b) => a - b);
  const published = rows
    .filter((r) => r.status === 'PUBLISHED' && r.published_at)
    .map((r) => new Date(r.published_at as Date).getTime())
    .sort((a, b) => b - a);
  const totalWords = written.reduce((s, r) => s + r.word_count, 0);
  const gens = await generationStates(deps.db, rows);
  const refundedImages = [...gens.values()].reduce((n, g) => n + g.credit_units_refunded, 0);
  return {
    total: rows.length,
    byStatus,
    totalWords,
    avgWords: written.length ? Math.round(totalWords / written.length) : 0,
    creditsUsed: unitsToCredits(Math.max(0, rows.reduce((s, r) => s + r.credit_units_used, 0) - refundedImages)),
    rated: rated.length,
    avgRating: rated.length ? Math.round((rated.reduce((s, r) => s + (r.rating ?? 0), 0) / rated.length) * 10) / 10 : null,
    avgScore: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    regenerations: rows.reduce((s, r) => s + r.regenerations, 0),
    nextPublishDate: upcoming[0] !== undefined ? new Date(upcoming[0]).toISOString() : null,
    lastPublishedAt: published[0] !== undefined ? new Date(published[0]).toISOString() : null,
  };
}

export async function getArticle(deps: Deps, viewerId: string, id: string) {
  const { seo } = await articleFor(deps.db, viewerId, id, 'read');
  return { article: await presentOne(deps, id, seo) };
}

export function assertIdle(row: ArticleRow, what: string) {
  if (BUSY.includes(row.status)) throw new AppError('CONFLICT', `The article is being written; ${what} when it is ready`);
}

export async function updateArticle(
  ctx: UserCtx,
  input: {
    id: string;
    title?: string | undefined;
    description?: string | undefined;
    content?: string | undefined;
    keywords?: string[] | undefined;
    slug?: string | undefined;
  },
) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, input.id, 'write');
  assertIdle(row, 'edit it');
  if (input.slug && input.slug !== row.slug) {
    const clash = await ctx.db
      .selectFrom('seo_articles')
      .select('id')
      .where('seo_project_id', '=', seo.id)
      .where('slug', '=', input.slug)
      .where('id', '!=', row.id)
      .executeTakeFirst();
    if (clash) {
      const message = 'Another article of this project already uses this slug';
      throw new AppError('CONFLICT', message, { fields: [{ path: 'slug', message }] });
    }
  }
  let content = input.content !== undefined ? toMediaRefs(input.content) : undefined;
  // A new title without new content renames the article's own H1 too, so they stay in step.
  if (input.title !== undefined && content === undefined && input.title !== row.title) {
    const safe = input.title.replace(/[<>&]/g, '').replace(/\n/g, ' ');
    const renamed =
      row.format === 'html'
        ? row.content.replace(/<h1\b[^>]*>[\s\S]*?<\/h1>/i, `<h1>${safe}</h1>`)
        : row.content.replace(/^#[ \t]+.+$/m, `# ${safe}`);
    if (renamed !== row.content) content = renamed;
  }
  try {
    await ctx.db
      .updateTable('seo_articles')
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(content !== undefined ? { content, word_count: countWords(content, row.format) } : {}),
        ...(input.keywords !== undefined ? { keywords: JSON.stringify([...new Set(input.keywords)]) } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  } catch (e) {
    if ((e as { code?: string }).code === '23505') {
      const message = 'Another article of this project already uses this slug';
      throw new AppError('CONFLICT', message, { fields: [{ path: 'slug', message }] });
    }
    throw e;
  }
  return { article: await presentOne(ctx, row.id, seo) };
}

export async function deleteArticle(ctx: UserCtx, id: string) {
  const { row } = await articleFor(ctx.db, ctx.user.id, id, 'write');
  assertIdle(row, 'delete it');
  const gone = await ctx.db.deleteFrom('seo_articles').where('id', '=', id).where('status', 'not in', BUSY).returning('id').executeTakeFirst();
  // A scheduled article's publish job goes with it (it would find nothing to publish anyway).
  if (gone && row.status === 'SCHEDULED' && row.publish_date) await movePublishJob(ctx, id, row.publish_date, null);
  return { success: true as const, id };
}

export async function rateArticle(ctx: UserCtx, id: string, rating: number) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, id, 'write');
  if (row.status === 'QUEUED' || row.status === 'FAILED') throw new AppError('CONFLICT', 'Only a written article can be rated');
  await ctx.db.updateTable('seo_articles').set({ rating }).where('id', '=', id).execute();
  return { article: await presentOne(ctx, id, seo) };
}

export const balanceOf = async (db: Db, userId: string) =>
  unitsToCredits((await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units);
