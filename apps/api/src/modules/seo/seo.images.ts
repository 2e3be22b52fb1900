import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, endGenerationWithRefund, spendKeyFor } from '@atelier/db';
import { announceRow } from '@atelier/jobs';
import { AppError, estimateSeoImages, headings, unitsToCredits } from '@atelier/shared';
import { resolveModel } from '../generation/catalogue.service';
import { brandClause } from '../workspace/brand-kit.service';
import { articleFor, type Deps, getArticle, type UserCtx } from './seo.articles';
import type { ImageEstimate } from './seo.schema';

export interface ImageRequest {
  id: string;
  count: number;
  includeHero: boolean;
  provider?: string | undefined;
  model?: string | undefined;
  size: string;
}

/** `size` is an aspect ratio or a pixel size; pixel sizes map to the nearest ratio. */
const RATIO_OF: Record<string, string> = {
  '1:1': '1:1',
  '16:9': '16:9',
  '9:16': '9:16',
  '1024x1024': '1:1',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
};

async function plan(deps: Deps, input: ImageRequest) {
  const model = await resolveModel(deps, 'image', input.model, input.provider);
  const ratio = RATIO_OF[input.size] ?? '16:9';
  const supported = model.requirements.aspectRatios;
  if (supported?.length && !supported.includes(ratio)) {
    const message = `${model.name} supports sizes ${supported.join(', ')}`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'size', message }] });
  }
  const numbers = estimateSeoImages(input.count, input.includeHero);
  const estimate: ImageEstimate = {
    provider: model.provider,
    model: model.id,
    size: input.size,
    count: numbers.count,
    includeHero: numbers.includeHero,
    perImageUnits: numbers.perImageUnits,
    perImageCredits: numbers.perImageCredits,
    totalUnits: numbers.totalUnits,
    totalCredits: numbers.totalCredits,
  };
  return { model, ratio, estimate, images: numbers.images };
}

/** POST /seo/articles/{id}/image-estimate (spec §9: 4 credits per image, hero counted as one extra). */
export async function estimate(deps: Deps, viewerId: string, input: ImageRequest): Promise<ImageEstimate> {
  await articleFor(deps.db, viewerId, input.id, 'read');
  return (await plan(deps, input)).estimate;
}

/**
 * POST /seo/articles/{id}/generate-images: charges exactly the estimate (one ledger spend per
 * image, in the transaction that creates the image generations) and queues them on the image
 * pipeline (status queued; a failed image is refunded there). Each finished image is placed into
 * the article by a seo job the image processor queues (the hero at the top).
 */
export async function generateImages(ctx: UserCtx, input: ImageRequest) {
  const { row } = await articleFor(ctx.db, ctx.user.id, input.id, 'write');
  if (!['READY', 'SCHEDULED', 'PUBLISHED'].includes(row.status)) throw new AppError('CONFLICT', 'Images can be made once the article is written');
  const { model, ratio, estimate: est, images } = await plan(ctx, input);
  if (!model.available)
    throw new AppError('VALIDATION', `${model.name} is not available`, { fields: [{ path: 'model', message: `${model.name} is not available` }] });
  const seo = await ctx.db.selectFrom('seo_projects').select(['project_id']).where('id', '=', row.seo_project_id).executeTakeFirstOrThrow();
  const owner = (await ctx.db.selectFrom('projects').select('user_id').where('id', '=', seo.project_id).executeTakeFirstOrThrow()).user_id;
  const kit = await ctx.db
    .selectFrom('brand_kits')
    .select(['brand_name', 'colors', 'fonts', 'tone_of_voice', 'audience', 'words_to_use', 'words_to_avoid'])
    .where('user_id', '=', owner)
    .executeTakeFirst();
  const brand = kit ? brandClause(kit) : '';
  const subs = headings(row.content, row.format).filter((h) => h.level === 2 && !/^(conclusion|next steps)$/i.test(h.text));
  const title = row.title || row.topic;
  const wanted: { role: 'hero' | 'inline'; prompt: string; alt: string }[] = [];
  if (input.includeHero) wanted.push({ role: 'hero', prompt: `${title}. ${row.description}`.trim(), alt: title });
  for (let i = 0; i < est.count; i++) {
    const h = subs[i % Math.max(1, subs.length)]?.text ?? `${title} (${i + 1})`;
    wanted.push({ role: 'inline', prompt: `${h} — illustration for "${title}"`, alt: h });
  }
  if (wanted.length !== images) throw new Error('image plan mismatch');

  const made = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('seo_articles').select(['images', 'status']).where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
    if (!['READY', 'SCHEDULED', 'PUBLISHED'].includes(locked.status))
      throw new AppError('CONFLICT', 'Images can be made once the article is written');
    const added: { id: string; generationId: string; role: 'hero' | 'inline'; alt: string; placed: boolean }[] = [];
    let balance = 0;
    for (const w of wanted) {
      const generationId = randomUUID();
      await trx
        .insertInto('generations')
        .values({
          id: generationId,
          user_id: ctx.user.id,
          project_id: seo.project_id,
          type: 'image',
          prompt: w.prompt.slice(0, 2000),
          effective_prompt: brand ? `${w.prompt}\n\n${brand}` : null,
          model_id: model.id,
          provider: model.provider,
          model_version: model.id,
          params: JSON.stringify({ aspectRatio: ratio, seoArticleId: row.id, role: w.role }),
          seed: model.isLocal ? Math.floor(Math.random() * 2_147_483_647) : null,
          credit_units_charged: est.perImageUnits,
        })
        .execute();
      const spend = await applyCreditChangeInTransaction(trx, {
        userId: ctx.user.id,
        kind: 'spend',
        amountUnits: -est.perImageUnits,
        idempotencyKey: spendKeyFor(generationId),
        referenceType: 'generation',
        referenceId: generationId,
        note: `SEO ${w.role} image: ${title.slice(0, 60)}`,
      });
      balance = spend.creditsBalance;
      added.push({ id: randomUUID(), generationId, role: w.role, alt: w.alt.slice(0, 150), placed: false });
    }
    // A new hero replaces the old one's slot in the list (the old image stays in history and in the text until edited).
    const existing = (locked.images as unknown as { role: string }[]).filter((i) => !(input.includeHero && i.role === 'hero'));
    await trx
      .updateTable('seo_articles')
      .set((eb) => ({ images: JSON.stringify([...existing, ...added]), credit_units_used: eb('credit_units_used', '+', est.totalUnits) }))
      .where('id', '=', row.id)
      .execute();
    return { added, balance };
  });

  try {
    for (const a of made.added) await ctx.queues.enqueue('image', { generationId: a.generationId }, { jobId: a.generationId });
  } catch (e) {
    ctx.log.error({ err: String(e), articleId: row.id }, 'seo image enqueue failed; refunding');
    for (const a of made.added)
      announceRow(
        ctx.events,
        'generation',
        (await endGenerationWithRefund(ctx.db, a.generationId, 'FAILED', 'The job queue was unavailable; your credits were refunded')).state,
      );
    await ctx.db
      .updateTable('seo_articles')
      .set((eb) => ({ credit_units_used: eb('credit_units_used', '-', est.totalUnits) }))
      .where('id', '=', row.id)
      .execute();
    throw new AppError('UNAVAILABLE', 'The job queue is unavailable right now. You have not been charged; please try again shortly.');
  }
  const { article } = await getArticle(ctx, ctx.user.id, row.id);
  const ids = new Set(made.added.map((a) => a.id));
  return {
    status: 'queued' as const,
    estimate: est,
    images: article.images.filter((i) => ids.has(i.id)),
    article,
    creditsBalance: made.balance ?? unitsToCredits(0),
  };
}
