import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, type Database, type Db, failSeoRun, SEO_ARTICLE_STATE } from '@atelier/db';
import { announceArticle, jobIds } from '@atelier/jobs';
import { OLLAMA_GENERATION_TOKENS } from '@atelier/providers';
import {
  AppError,
  estimateTokens,
  findSection,
  meteredUnits,
  SEO_BUSY_STATUSES,
  type SeoBrief,
  sections,
  seoSpendKey,
  slugify,
  uniqueSlug,
  unitsToCredits,
} from '@atelier/shared';
import type { Transaction } from 'kysely';
import { brandClause } from '../workspace/brand-kit.service';
import {
  type ArticleRow,
  articleFor,
  assertIdle,
  balanceOf,
  generationStates,
  presentOne,
  type SeoProjectRow,
  toSummary,
  type UserCtx,
} from './seo.articles';
import { DAY, nextSlot } from './seo.schedule';
import { seoProjectFor, writerModel } from './seo.service';

/**
 * Writing SEO articles: a request charges one run per topic and queues it (the worker's seo
 * processor writes the text); a regeneration charges a run that rewrites the article or a section.
 * A queue outage fails the runs at once with their refund.
 */

/** The project's writer model (refused when unavailable), its price per run in units, and the owner's brand clause. */
async function writer(ctx: UserCtx, seo: SeoProjectRow) {
  const model = await writerModel(ctx, seo.text_model);
  if (!model.available) {
    const message = `${model.name} is not available: ${model.unavailableReason ?? 'switched off'}`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'model', message }] });
  }
  const listPrice = model.pricing[0]?.creditCost ?? Math.round(model.credits * 100);
  const owner = (await ctx.db.selectFrom('projects').select('user_id').where('id', '=', seo.project_id).executeTakeFirstOrThrow()).user_id;
  const metered = model.priceBasis === '1k-tokens';
  return {
    model,
    brand: await brandFor(ctx.db, owner),
    /** A run's charge; a model priced per 1,000 tokens is charged a hold for the longest article it may write, settled by the worker. */
    priceOf: (prompt: string) => (metered ? meteredUnits(listPrice, estimateTokens(prompt) + OLLAMA_GENERATION_TOKENS) : listPrice),
    /** Kept in the run's brief, so the worker settles at the price the run was charged at. */
    meter: metered ? { unitsPer1k: listPrice } : null,
  };
}

/** Spends one run's price (in its transaction); returns the balance after it. */
async function chargeRun(trx: Transaction<Database>, userId: string, runId: string, price: number, note: string): Promise<number> {
  if (price <= 0) return balanceOf(trx as unknown as Db, userId);
  const spend = await applyCreditChangeInTransaction(trx, {
    userId,
    kind: 'spend',
    amountUnits: -price,
    idempotencyKey: seoSpendKey(runId),
    referenceType: 'seo_article_run',
    referenceId: runId,
    note,
  });
  return spend.creditsBalance;
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
      await ctx.queues.enqueue('seo', { kind: 'run', runId }, { jobId: jobIds.seoRun(runId) });
    } catch (e) {
      ctx.log.error({ err: String(e), runId }, 'seo enqueue failed; refunding');
      for (const id of runIds) announceArticle(ctx.events, (await failSeoRun(ctx.db, id, 'The job queue was unavailable')).article);
      throw new AppError('UNAVAILABLE', 'The job queue is unavailable right now. You have not been charged; please try again shortly.');
    }
  }
}

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
  const { model, brand, priceOf, meter } = await writer(ctx, seo);
  const keywords = [...new Set([...(input.keywords ?? []), ...seo.seo_keywords])].slice(0, 20);
  const topics = [...new Set(input.topics.map((t) => t.trim()))];

  const { ids, runIds, creditsBalance, charged } = await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('seo_projects').select('id').where('id', '=', seo.id).forUpdate().executeTakeFirst();
    const taken = new Set((await trx.selectFrom('seo_articles').select('slug').where('seo_project_id', '=', seo.id).execute()).map((r) => r.slug));
    let slot = await nextSlot(trx, seo);
    const ids: string[] = [];
    const runIds: string[] = [];
    let balance = 0;
    let charged = 0;
    for (const [i, topic] of topics.entries()) {
      const title = titleCase(topic.replace(/[.?!]+$/, ''));
      const slug = uniqueSlug(slugify(title), taken);
      taken.add(slug);
      const brief: SeoBrief = { topic, title, keywords, words: seo.words_per_article, format: seo.article_format, businessName: seo.business_name };
      const prompt = writerPrompt(seo, brief, brand);
      const price = priceOf(prompt);
      charged += price;
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
          brief: JSON.stringify(meter ? { ...brief, meter } : brief),
          credit_units_charged: price,
          idempotency_key: input.idempotencyKey ? `${input.idempotencyKey}:${i}` : null,
        })
        .execute();
      balance = await chargeRun(trx, ctx.user.id, runId, price, `SEO article: ${title.slice(0, 80)}`);
      slot = new Date(slot.getTime() + seo.publish_schedule * DAY);
      ids.push(articleId);
      runIds.push(runId);
    }
    return { ids, runIds, creditsBalance: balance, charged };
  });
  // The answer shows the articles as committed (QUEUED): read before the jobs exist, so a quick
  // worker cannot have moved one on already (the live progress stream follows from there).
  const rows = await ctx.db.selectFrom('seo_articles').selectAll().where('id', 'in', ids).orderBy('created_at').execute();
  await enqueueRuns(ctx, runIds);
  const ordered = ids.map((id) => rows.find((r) => r.id === id) as ArticleRow);
  return {
    articles: ordered.map((r) => toSummary(ctx.media.forProject(seo.project_id), r, new Map(), seo.words_per_article)),
    creditsBalance,
    creditsCharged: unitsToCredits(charged),
  };
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
  const { model, brand, priceOf, meter } = await writer(ctx, seo);
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
  const price = priceOf(prompt);
  const runId = randomUUID();
  const creditsBalance = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('seo_articles')
      .set((eb) => ({ status: 'GENERATING', progress: 0, error: null, credit_units_used: eb('credit_units_used', '+', price) }))
      .where('id', '=', row.id)
      .where('status', 'not in', SEO_BUSY_STATUSES)
      .returning(SEO_ARTICLE_STATE)
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
        brief: JSON.stringify(meter ? { ...brief, meter } : brief),
        credit_units_charged: price,
      })
      .execute();
    return chargeRun(trx, ctx.user.id, runId, price, `SEO regeneration: ${(row.title || row.topic).slice(0, 80)}`);
  });
  await enqueueRuns(ctx, [runId]);
  return { article: await presentOne(ctx, row.id, seo), creditsBalance, creditsCharged: unitsToCredits(price) };
}
