import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, type Database, type Db } from '@atelier/db';
import { keyOwner, type MediaUrls } from '@atelier/media';
import { AppError, countWords, findSection, scoreArticle, sections, slugify, uniqueSlug, unitsToCredits } from '@atelier/shared';
import { failSeoRun, placeReadyImages, type SeoBrief, seoSpendKey } from '@atelier/worker/processors/seo.processor';
import { type Selectable, sql } from 'kysely';
import type { Context } from '../../context';
import type { ProjectNeed } from '../projects/projects.access';
import { brandClause } from '../workspace/brand-kit.service';
import { articleHtml, articleMarkdown, type MediaRefUrl, resolveMediaRefs, toMediaRefs } from './seo.render';
import type { Article, ArticleFormat, ArticleStatus, ArticleSummary } from './seo.schema';
import { seoProjectFor, writerModel } from './seo.service';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };
type ArticleRow = Selectable<Database['seo_articles']>;
type SeoProjectRow = Selectable<Database['seo_projects']>;

interface StoredImage {
  id: string;
  generationId: string;
  role: 'hero' | 'inline';
  alt: string;
  placed?: boolean;
}
interface GenState {
  id: string;
  status: string;
  progress: number;
  output_url: string | null;
  error: string | null;
  credit_units_refunded: number;
}

const BUSY: ArticleStatus[] = ['QUEUED', 'GENERATING'];
export const articleNotFound = () => new AppError('NOT_FOUND', 'Article not found');
const DAY = 86_400_000;

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

/** Scheduled articles whose date has come are published (checked on every read of the project). */
export async function publishDue(db: Db, seoProjectId: string): Promise<void> {
  await db
    .updateTable('seo_articles')
    .set((eb) => ({ status: 'PUBLISHED', published_at: eb.ref('publish_date') }))
    .where('seo_project_id', '=', seoProjectId)
    .where('status', '=', 'SCHEDULED')
    .where('publish_date', '<=', new Date())
    .execute();
}

export async function generationStates(db: Db, rows: Pick<ArticleRow, 'images'>[]): Promise<Map<string, GenState>> {
  const ids = rows.flatMap((r) => (r.images as unknown as StoredImage[]).map((i) => i.generationId));
  if (!ids.length) return new Map();
  const gens = await db
    .selectFrom('generations')
    .select(['id', 'status', 'progress', 'output_url', 'error', 'credit_units_refunded'])
    .where('id', 'in', ids)
    .execute();
  return new Map(gens.map((g) => [g.id, g]));
}

/** Places finished images that are not in the content yet (the worker does too; reads make it prompt). */
async function withPlacedImages(db: Db, rows: ArticleRow[]): Promise<ArticleRow[]> {
  const gens = await generationStates(db, rows);
  const out: ArticleRow[] = [];
  for (const r of rows) {
    const due = (r.images as unknown as StoredImage[]).some((i) => !i.placed && gens.get(i.generationId)?.status === 'COMPLETED');
    if (due) {
      await placeReadyImages(db, r.id);
      out.push(await db.selectFrom('seo_articles').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow());
    } else out.push(r);
  }
  return out;
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
  for (const i of r.images as unknown as StoredImage[]) {
    const key = gens.get(i.generationId)?.output_url;
    if (key) own.set(key, i.alt);
  }
  const owners = new Set([r.user_id, seo.user_id]);
  return (key) => (own.has(key) || owners.has(keyOwner(key) ?? '') ? media.url(key, { name: own.get(key) }) : null);
}

function imageStatus(g: GenState | undefined): 'queued' | 'processing' | 'ready' | 'failed' {
  if (!g) return 'failed';
  if (g.status === 'COMPLETED') return 'ready';
  if (g.status === 'PROCESSING') return 'processing';
  if (g.status === 'PENDING') return 'queued';
  return 'failed';
}

/** `media`: the viewer's media of the article's project (see articleMediaUrls). */
function toSummary(media: MediaUrls, r: ArticleRow, gens: Map<string, GenState>, targetWords: number): ArticleSummary {
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
        r.credit_units_used - (r.images as unknown as StoredImage[]).reduce((n, i) => n + (gens.get(i.generationId)?.credit_units_refunded ?? 0), 0),
      ),
    ),
    status: r.status,
    progress: r.status === 'QUEUED' ? 0 : r.status === 'GENERATING' ? r.progress : r.status === 'FAILED' ? 0 : 100,
    error: r.error,
    publishDate: iso(r.publish_date),
    publishedAt: iso(r.published_at),
    regenerations: r.regenerations,
    rating: r.rating,
    images: (r.images as unknown as StoredImage[]).map((i) => {
      const g = gens.get(i.generationId);
      const status = imageStatus(g);
      return {
        id: i.id,
        generationId: i.generationId,
        role: i.role,
        status,
        progress: status === 'ready' ? 100 : (g?.progress ?? 0),
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
  const summary = toSummary(media, r, gens, seo.words_per_article);
  return {
    ...summary,
    content: resolveMediaRefs(r.content, articleMediaUrls(media, r, seo, gens)),
    promptUsed: r.prompt_used,
    score:
      summary.seoScore === null
        ? null
        : scoreArticle({
            title: r.title,
            description: r.description,
            content: r.content,
            format: r.format,
            keywords: r.keywords,
            targetWords: seo.words_per_article,
          }),
  };
}

async function presentOne(deps: Deps, articleId: string, seo: SeoProjectRow): Promise<Article> {
  const [row] = await withPlacedImages(deps.db, [
    await deps.db.selectFrom('seo_articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow(),
  ]);
  const r = row as ArticleRow;
  return toArticle(deps.media.forProject(seo.project_id), r, seo, await generationStates(deps.db, [r]));
}

export async function listArticles(
  deps: Deps,
  viewerId: string,
  input: { id: string; status?: ArticleStatus | undefined; limit: number; offset: number },
) {
  const seo = await seoProjectFor(deps.db, viewerId, input.id, 'read');
  await publishDue(deps.db, seo.id);
  let q = deps.db.selectFrom('seo_articles').where('seo_project_id', '=', seo.id);
  if (input.status) q = q.where('status', '=', input.status);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const placed = await withPlacedImages(deps.db, rows);
  const gens = await generationStates(deps.db, placed);
  const media = deps.media.forProject(seo.project_id);
  return { articles: placed.map((r) => toSummary(media, r, gens, seo.words_per_article)), total: Number(total.n) };
}

export async function stats(deps: Deps, viewerId: string, id: string) {
  const seo = await seoProjectFor(deps.db, viewerId, id, 'read');
  await publishDue(deps.db, seo.id);
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

/** The next free publishing slot: `publishSchedule` days after the latest planned/published date; the first is tomorrow 09:00 UTC. */
async function nextSlot(db: Db, seo: SeoProjectRow, exceptId?: string): Promise<Date> {
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

async function brandFor(db: Db, userId: string): Promise<string> {
  const kit = await db
    .selectFrom('brand_kits')
    .select(['brand_name', 'colors', 'fonts', 'tone_of_voice', 'audience', 'words_to_use', 'words_to_avoid'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return kit ? brandClause(kit) : '';
}

const titleCase = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());

/** The instruction a hosted text model gets; the brand kit clause always rides along. */
export function writerPrompt(seo: SeoProjectRow, brief: SeoBrief, brand: string, current?: { content: string; section?: string }): string {
  const lines: string[] = [];
  const fmt = brief.format === 'html' ? 'clean semantic HTML (h1, h2, h3, p, ul, li; no scripts, styles or classes)' : 'Markdown';
  if (current?.section) {
    lines.push(
      `Rewrite the section "${current.section}" of the article "${brief.title}" for ${seo.business_name}.`,
      `Return only the new body of that section in ${fmt}, without its heading.`,
      `Current section:\n${current.content}`,
    );
  } else {
    lines.push(
      `Write an SEO article of about ${brief.words} words titled "${brief.title}" for ${seo.business_name}.`,
      seo.business_desc ? `About the business: ${seo.business_desc}` : '',
      `Format: ${fmt}. Start with the title as the H1, then a line "Description: <meta description, at most 160 characters>", then the article with H2/H3 subheadings.`,
    );
  }
  if (brief.keywords.length) lines.push(`Use these keywords naturally: ${brief.keywords.join(', ')}.`);
  if (brief.instructions) lines.push(`Instructions: ${brief.instructions}`);
  if (brand) lines.push(brand);
  return lines.filter(Boolean).join('\n');
}

async function enqueueRuns(ctx: UserCtx, runIds: string[]): Promise<void> {
  for (const runId of runIds) {
    try {
      await ctx.queues.enqueue('seo', { kind: 'run', runId }, { jobId: `seo-run-${runId}` });
    } catch (e) {
      ctx.log.error({ err: String(e), runId }, 'seo enqueue failed; refunding');
      for (const id of runIds) await failSeoRun(ctx.db, id, 'The job queue was unavailable');
      throw new AppError('UNAVAILABLE', 'The job queue is unavailable right now. You have not been charged; please try again shortly.');
    }
  }
}

const balanceOf = async (db: Db, userId: string) =>
  unitsToCredits((await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units);

/**
 * POST /seo/projects/{id}/articles: one QUEUED article and one charged run per topic, all in
 * one transaction with the ledger spends (all or nothing), then one job each.
 */
export async function requestArticles(
  ctx: UserCtx,
  input: { id: string; topics: string[]; keywords?: string[] | undefined; sourcePageId?: string | undefined; idempotencyKey?: string | undefined },
) {
  const seo = await seoProjectFor(ctx.db, ctx.user.id, input.id, 'write');
  if (input.idempotencyKey) {
    const prior = await ctx.db
      .selectFrom('seo_article_runs as r')
      .innerJoin('seo_articles as a', 'a.id', 'r.article_id')
      .select('a.id')
      .where('r.user_id', '=', ctx.user.id)
      .where('r.idempotency_key', 'like', `${input.idempotencyKey.replace(/[\\%_]/g, '\\$&')}:%`)
      .execute();
    if (prior.length) {
      const rows = await ctx.db
        .selectFrom('seo_articles')
        .selectAll()
        .where(
          'id',
          'in',
          prior.map((p) => p.id),
        )
        .execute();
      const gens = await generationStates(ctx.db, rows);
      return {
        articles: rows.map((r) => toSummary(ctx.media.forProject(seo.project_id), r, gens, seo.words_per_article)),
        creditsBalance: await balanceOf(ctx.db, ctx.user.id),
        creditsCharged: 0,
      };
    }
  }
  const model = await writerModel(ctx, seo.text_model);
  if (!model.available) {
    const message = `${model.name} is not available: ${model.unavailableReason ?? 'switched off'}`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'model', message }] });
  }
  const price = model.pricing[0]?.creditCost ?? Math.round(model.credits * 100);
  const owner = (await ctx.db.selectFrom('projects').select('user_id').where('id', '=', seo.project_id).executeTakeFirstOrThrow()).user_id;
  const brand = await brandFor(ctx.db, owner);
  const keywords = [...new Set([...(input.keywords ?? []), ...seo.seo_keywords])].slice(0, 20);
  const topics = [...new Set(input.topics.map((t) => t.trim()))];

  const { ids, runIds, creditsBalance } = await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('seo_projects').select('id').where('id', '=', seo.id).forUpdate().executeTakeFirst();
    const taken = new Set((await trx.selectFrom('seo_articles').select('slug').where('seo_project_id', '=', seo.id).execute()).map((r) => r.slug));
    let slot = await nextSlot(trx, seo);
    const ids: string[] = [];
    const runIds: string[] = [];
    let balance = 0;
    for (const [i, topic] of topics.entries()) {
      const title = titleCase(topic.replace(/[.?!]+$/, ''));
      const slug = uniqueSlug(slugify(title), taken);
      taken.add(slug);
      const brief: SeoBrief = { topic, title, keywords, words: seo.words_per_article, format: seo.article_format, businessName: seo.business_name };
      const prompt = writerPrompt(seo, brief, brand);
      const articleId = randomUUID();
      const runId = randomUUID();
      await trx
        .insertInto('seo_articles')
        .values({
          id: articleId,
          seo_project_id: seo.id,
          user_id: ctx.user.id,
          source_page_id: input.sourcePageId ?? null,
          topic,
          title,
          keywords: JSON.stringify(keywords),
          slug,
          format: seo.article_format,
          ai_provider: model.provider,
          ai_model: model.id,
          prompt_used: prompt,
          credit_units_used: price,
          status: 'QUEUED',
          publish_date: slot,
        })
        .execute();
      await trx
        .insertInto('seo_article_runs')
        .values({
          id: runId,
          article_id: articleId,
          user_id: ctx.user.id,
          kind: 'write',
          model_id: model.id,
          prompt,
          brief: JSON.stringify(brief),
          credit_units_charged: price,
          idempotency_key: input.idempotencyKey ? `${input.idempotencyKey}:${i}` : null,
        })
        .execute();
      if (price > 0) {
        const spend = await applyCreditChangeInTransaction(trx, {
          userId: ctx.user.id,
          kind: 'spend',
          amountUnits: -price,
          idempotencyKey: seoSpendKey(runId),
          referenceType: 'seo_article_run',
          referenceId: runId,
          note: `SEO article: ${title.slice(0, 80)}`,
        });
        balance = spend.creditsBalance;
      } else balance = await balanceOf(trx as unknown as Db, ctx.user.id);
      slot = new Date(slot.getTime() + seo.publish_schedule * DAY);
      ids.push(articleId);
      runIds.push(runId);
    }
    return { ids, runIds, creditsBalance: balance };
  });
  await enqueueRuns(ctx, runIds);
  const rows = await ctx.db.selectFrom('seo_articles').selectAll().where('id', 'in', ids).orderBy('created_at').execute();
  const ordered = ids.map((id) => rows.find((r) => r.id === id) as ArticleRow);
  return {
    articles: ordered.map((r) => toSummary(ctx.media.forProject(seo.project_id), r, new Map(), seo.words_per_article)),
    creditsBalance,
    creditsCharged: unitsToCredits(price * ids.length),
  };
}

export async function getArticle(deps: Deps, viewerId: string, id: string) {
  const { seo } = await articleFor(deps.db, viewerId, id, 'read');
  await publishDue(deps.db, seo.id);
  return { article: await presentOne(deps, id, seo) };
}

function assertIdle(row: ArticleRow, what: string) {
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
  await ctx.db.deleteFrom('seo_articles').where('id', '=', id).where('status', 'not in', BUSY).execute();
  return { success: true as const, id };
}

/** POST /seo/articles/{id}/regenerate: a charged run rewriting the article, or one section, with instructions. */
export async function regenerateArticle(ctx: UserCtx, input: { id: string; instructions?: string | undefined; section?: string | undefined }) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, input.id, 'write');
  assertIdle(row, 'regenerate it');
  let sectionText: string | undefined;
  if (input.section) {
    const found = findSection(row.content, row.format, input.section);
    if (!found) {
      const names = sections(row.content, row.format).map((s) => s.heading);
      const message = `No section "${input.section}" in this article${names.length ? ` (sections: ${names.slice(0, 8).join(', ')})` : ''}`;
      throw new AppError('VALIDATION', message, { fields: [{ path: 'section', message }] });
    }
    sectionText = row.content.slice(found.bodyStart, found.end).trim();
  }
  const model = await writerModel(ctx, seo.text_model);
  if (!model.available) {
    const message = `${model.name} is not available: ${model.unavailableReason ?? 'switched off'}`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'model', message }] });
  }
  const price = model.pricing[0]?.creditCost ?? Math.round(model.credits * 100);
  const owner = (await ctx.db.selectFrom('projects').select('user_id').where('id', '=', seo.project_id).executeTakeFirstOrThrow()).user_id;
  const brand = await brandFor(ctx.db, owner);
  const rewrite = row.status === 'FAILED' || !row.content.trim();
  const brief: SeoBrief = {
    topic: row.topic,
    title: row.title || row.topic,
    keywords: row.keywords,
    words: seo.words_per_article,
    format: row.format,
    businessName: seo.business_name,
    section: rewrite ? null : (input.section ?? null),
    instructions: input.instructions ?? null,
    prevStatus: rewrite ? 'READY' : row.status,
  };
  const prompt = writerPrompt(
    seo,
    brief,
    brand,
    sectionText !== undefined && !rewrite ? { content: sectionText, section: input.section as string } : undefined,
  );
  const runId = randomUUID();
  const creditsBalance = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('seo_articles')
      .set((eb) => ({ status: 'GENERATING', progress: 0, error: null, credit_units_used: eb('credit_units_used', '+', price) }))
      .where('id', '=', row.id)
      .where('status', 'not in', BUSY)
      .returning('id')
      .executeTakeFirst();
    if (!locked) throw new AppError('CONFLICT', 'The article is being written; regenerate it when it is ready');
    await trx
      .insertInto('seo_article_runs')
      .values({
        id: runId,
        article_id: row.id,
        user_id: ctx.user.id,
        kind: rewrite ? 'write' : 'regenerate',
        section: brief.section ?? null,
        instructions: brief.instructions ?? null,
        model_id: model.id,
        prompt,
        brief: JSON.stringify(brief),
        credit_units_charged: price,
      })
      .execute();
    if (price <= 0) return balanceOf(trx as unknown as Db, ctx.user.id);
    const spend = await applyCreditChangeInTransaction(trx, {
      userId: ctx.user.id,
      kind: 'spend',
      amountUnits: -price,
      idempotencyKey: seoSpendKey(runId),
      referenceType: 'seo_article_run',
      referenceId: runId,
      note: `SEO regeneration: ${(row.title || row.topic).slice(0, 80)}`,
    });
    return spend.creditsBalance;
  });
  await enqueueRuns(ctx, [runId]);
  return { article: await presentOne(ctx, row.id, seo), creditsBalance, creditsCharged: unitsToCredits(price) };
}

export async function rateArticle(ctx: UserCtx, id: string, rating: number) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, id, 'write');
  if (row.status === 'QUEUED' || row.status === 'FAILED') throw new AppError('CONFLICT', 'Only a written article can be rated');
  await ctx.db.updateTable('seo_articles').set({ rating }).where('id', '=', id).execute();
  return { article: await presentOne(ctx, id, seo) };
}

export async function scheduleArticle(ctx: UserCtx, id: string, publishDate?: string) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, id, 'write');
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
  await ctx.db
    .updateTable('seo_articles')
    .set({ status: 'SCHEDULED', publish_date: when })
    .where('id', '=', id)
    .where('status', 'in', ['READY', 'SCHEDULED'])
    .execute();
  return { article: await presentOne(ctx, id, seo) };
}

export async function publishArticle(ctx: UserCtx, id: string) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, id, 'write');
  if (row.status !== 'READY' && row.status !== 'SCHEDULED') {
    throw new AppError('CONFLICT', row.status === 'PUBLISHED' ? 'The article is already published' : 'Only a ready article can be published');
  }
  const now = new Date();
  await ctx.db
    .updateTable('seo_articles')
    .set({ status: 'PUBLISHED', published_at: now, publish_date: now })
    .where('id', '=', id)
    .where('status', 'in', ['READY', 'SCHEDULED'])
    .execute();
  return { article: await presentOne(ctx, id, seo) };
}

export async function unpublishArticle(ctx: UserCtx, id: string) {
  const { row, seo } = await articleFor(ctx.db, ctx.user.id, id, 'write');
  if (row.status !== 'PUBLISHED' && row.status !== 'SCHEDULED') throw new AppError('CONFLICT', 'The article is not published or scheduled');
  await ctx.db
    .updateTable('seo_articles')
    .set({ status: 'READY', published_at: null })
    .where('id', '=', id)
    .where('status', 'in', ['PUBLISHED', 'SCHEDULED'])
    .execute();
  return { article: await presentOne(ctx, id, seo) };
}

/**
 * An exported file is public content: its images are the article's stable public URLs
 * (absolute, from PUBLIC_URL), which answer while the article is published (or scheduled and
 * due) and stop within a minute of unpublishing.
 */
function exportFile(deps: Deps, r: ArticleRow, seo: SeoProjectRow, gens: Map<string, GenState>, format: ArticleFormat) {
  const urlFor = articleMediaUrls(deps.media.forArticle(r.id), r, seo, gens);
  if (format === 'html') {
    const body = articleHtml(r.content, r.format, urlFor);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const content = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(r.title)}</title>\n<meta name="description" content="${esc(r.description)}">\n<meta name="keywords" content="${esc(r.keywords.join(', '))}">\n</head>\n<body>\n<article>\n${body}\n</article>\n</body>\n</html>\n`;
    return { file: { filename: `${r.slug}.html`, mimeType: 'text/html', content }, body };
  }
  const front = [
    '---',
    `title: ${JSON.stringify(r.title)}`,
    `description: ${JSON.stringify(r.description)}`,
    `slug: ${r.slug}`,
    `keywords: ${JSON.stringify(r.keywords)}`,
  ];
  if (r.publish_date) front.push(`date: ${new Date(r.publish_date).toISOString()}`);
  front.push('---', '');
  const content = `${front.join('\n')}${articleMarkdown(r.content, r.format, urlFor)}`;
  return { file: { filename: `${r.slug}.md`, mimeType: 'text/markdown', content }, body: content };
}

export async function exportArticle(deps: Deps, viewerId: string, id: string, format: ArticleFormat) {
  const { row, seo } = await articleFor(deps.db, viewerId, id, 'read');
  if (BUSY.includes(row.status) || row.status === 'FAILED' || !row.content.trim())
    throw new AppError('CONFLICT', 'Only a written article can be exported');
  return exportFile(deps, row, seo, await generationStates(deps.db, [row]), format).file;
}

export async function exportAll(deps: Deps, viewerId: string, id: string, format: ArticleFormat) {
  const seo = await seoProjectFor(deps.db, viewerId, id, 'read');
  const rows = await deps.db
    .selectFrom('seo_articles')
    .selectAll()
    .where('seo_project_id', '=', seo.id)
    .where('status', 'in', ['READY', 'SCHEDULED', 'PUBLISHED'])
    .orderBy('publish_date')
    .orderBy('created_at')
    .execute();
  const gens = await generationStates(deps.db, rows);
  const exported = rows.map((r) => ({ row: r, ...exportFile(deps, r, seo, gens, format) }));
  const files = exported.map(({ row, file }) => ({ articleId: row.id, ...file }));
  const base = slugify(seo.business_name) || 'articles';
  const combined =
    format === 'html'
      ? {
          filename: `${base}-articles.html`,
          mimeType: 'text/html',
          content: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${seo.business_name.replace(/[<>&"]/g, '')}</title></head>\n<body>\n${exported
            .map(({ row, body }) => `<article id="${row.slug}">\n${body}\n</article>`)
            .join('\n<hr>\n')}\n</body>\n</html>\n`,
        }
      : { filename: `${base}-articles.md`, mimeType: 'text/markdown', content: files.map((f) => f.content).join('\n\n---\n\n') };
  return { format, files, combined };
}
