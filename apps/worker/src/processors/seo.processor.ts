import { engineFor } from '@atelier/ai';
import { applyCreditChangeInTransaction, failSeoRun, placeReadyImages, publishScheduledArticle, SEO_ARTICLE_STATE } from '@atelier/db';
import { announceArticle } from '@atelier/jobs';
import {
  countWords,
  findSection,
  markdownToHtml,
  type PlacedImage,
  parseWriterOutput,
  placeImages,
  replaceSectionBody,
  type SeoArticleImage,
  type SeoArticleStatus,
  type SeoBrief,
  seoRefundKey,
  settleMetered,
  unitsToCredits,
} from '@atelier/shared';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { defineProcessor, labelJobModel, type WorkerDeps } from '../registry';

const LOCAL_WRITERS = new Set(['local/text', 'local/text-brief']);
/** A scheduled publish that finds its article being rewritten looks again this much later. */
const PUBLISH_RECHECK_MS = 30_000;

/** The prompt the offline writer gets: it builds its outline from the phrases it finds. */
export function localWriterPrompt(brief: SeoBrief): string {
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : (xs[0] ?? ''));
  const subject = (brief.section ?? brief.topic).replace(/[.?!:]+$/, '');
  const head = brief.keywords.length ? `${subject}: ${list(brief.keywords)}` : subject;
  return brief.instructions ? `${head}. ${brief.instructions}` : head;
}

async function writeText(
  deps: WorkerDeps,
  run: { id: string; model_id: string; prompt: string },
  brief: SeoBrief,
  signal: AbortSignal,
  onProgress: (p: number) => void,
  /** The markdown being rewritten (the article, or the section's body), when there is one. */
  current: string | null,
): Promise<{ text: string; promptUsed: string; provider: string; revised?: boolean; tokens?: { tokensIn: number; tokensOut: number } }> {
  if (LOCAL_WRITERS.has(run.model_id)) {
    const ai = await import('@atelier/ai');
    if (brief.instructions?.trim() && current?.trim()) {
      // A rewrite with instructions keeps the text and carries out what the offline writer can do by rule
      // (mention a phrase, length, tone, add/remove/rename sections, title).
      onProgress(20);
      const r = ai.reviseText({ text: current, instructions: brief.instructions, topic: brief.title || brief.topic, seed: hashRun(run.id) });
      onProgress(90);
      const notDone = r.skipped.length ? ` · not done: ${r.skipped.join('; ')}` : '';
      return { text: r.text, promptUsed: `Offline writer: ${r.applied.join('; ') || 'no change'}${notDone}`, provider: 'local', revised: true };
    }
    const prompt = localWriterPrompt(brief);
    onProgress(20);
    const section = Boolean(brief.section);
    const r = await ai.draftText({
      prompt,
      kind: section ? 'general' : 'article',
      maxWords: section ? Math.max(80, Math.round(brief.words / 5)) : brief.words,
      signal,
    });
    onProgress(90);
    return { text: r.text, promptUsed: prompt, provider: 'local' };
  }
  const engine = engineFor(deps.engines, run.model_id);
  if (!engine) throw new UnrecoverableError(`The model ${run.model_id} is not available on this server`);
  const out = await engine({ modelId: run.model_id, prompt: run.prompt, params: {}, seed: null, storage: deps.storage, signal, onProgress });
  if (!out.text?.trim()) throw new Error(`${run.model_id} returned no text`);
  const tokensIn = Number(out.metadata.tokensIn);
  const tokensOut = Number(out.metadata.tokensOut);
  return {
    text: out.text,
    promptUsed: run.prompt,
    provider: run.model_id.split('/')[0] ?? 'unknown',
    ...(Number.isFinite(tokensIn) && Number.isFinite(tokensOut) ? { tokens: { tokensIn, tokensOut } } : {}),
  };
}

const hashRun = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 8), 16) || 0;

/** Drops a leading heading from a rewritten section's text (the section keeps its own heading). */
function sectionBody(text: string, format: 'markdown' | 'html'): string {
  let t = text.replace(/\r\n/g, '\n').trim();
  const fenced = /^```(?:markdown|md|html)?\n([\s\S]*?)\n```$/i.exec(t);
  if (fenced) t = (fenced[1] as string).trim();
  if (format === 'html') return t.replace(/^\s*<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]>\s*/i, '');
  // Sub-headings inside the rewritten section stay below the section's own level.
  return t
    .replace(/^(?:#{1,6}[ \t]+.*\n+)+/, '')
    .trim()
    .replace(/^#{1,2}([ \t])/gm, '###$1');
}

/**
 * The seo queue. `run`: PENDING → PROCESSING → COMPLETED (article READY, or back to its status
 * for a regeneration) with progress; the final failed attempt marks the run FAILED and refunds
 * once. `place-images`: places an article's finished images (queued when one completes).
 * `publish`: the delayed job that publishes a SCHEDULED article at its time (idempotent: it
 * re-checks the row). Every article write is announced on the SEO project's event channel.
 */
export const seoProcessor = defineProcessor({
  queue: 'seo',
  async process(job, deps) {
    const { db, events } = deps;
    const data = job.data;
    if (data.kind === 'place-images') {
      const r = await placeReadyImages(db, data.articleId);
      announceArticle(events, r.article);
      return { placed: r.placed, waiting: r.waiting };
    }
    if (data.kind === 'publish') {
      const at = new Date(data.at);
      const r = await publishScheduledArticle(db, data.articleId, at);
      announceArticle(events, r.article);
      // Too early (a clock ahead of Redis's) or being rewritten: look again later, as the same job.
      if ((r.outcome === 'not-yet' || r.outcome === 'wait') && job.token) {
        await job.moveToDelayed(Math.max(at.getTime(), Date.now() + (r.outcome === 'wait' ? PUBLISH_RECHECK_MS : 1000)), job.token);
        throw new DelayedError();
      }
      return { outcome: r.outcome };
    }

    const run = await db.selectFrom('seo_article_runs').selectAll().where('id', '=', data.runId).executeTakeFirst();
    if (!run) throw new UnrecoverableError(`SEO run ${data.runId} does not exist`);
    labelJobModel(job, run.model_id);
    if (run.status === 'COMPLETED' || run.status === 'FAILED') return { skipped: run.status };
    const article = await db
      .selectFrom('seo_articles as a')
      .innerJoin('seo_projects as sp', 'sp.id', 'a.seo_project_id')
      .innerJoin('projects as p', 'p.id', 'sp.project_id')
      .select(['a.id', 'a.content', 'a.format', 'a.images', 'a.status', 'a.title', 'p.user_id as owner_id', 'p.id as project_id'])
      .where('a.id', '=', run.article_id)
      .executeTakeFirst();
    if (!article) throw new UnrecoverableError('The article was deleted');
    // Re-check access instead of trusting the payload: the charged user must still own the project
    // or be one of its editors.
    if (article.owner_id !== run.user_id) {
      const member = await db
        .selectFrom('project_collaborators')
        .select('role')
        .where('project_id', '=', article.project_id)
        .where('user_id', '=', run.user_id)
        .executeTakeFirst();
      if (member?.role !== 'editor') throw new UnrecoverableError('You no longer have access to this project');
    }

    const started = await db
      .updateTable('seo_article_runs')
      .set({ status: 'PROCESSING' })
      .where('id', '=', run.id)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .returning('id')
      .executeTakeFirst();
    if (!started) return { skipped: 'not pending' };
    announceArticle(
      events,
      await db
        .updateTable('seo_articles')
        .set({ status: 'GENERATING', progress: 5, error: null })
        .where('id', '=', article.id)
        .returning(SEO_ARTICLE_STATE)
        .executeTakeFirst(),
    );

    const brief = run.brief as unknown as SeoBrief;
    const controller = new AbortController();
    let lastPercent = 5;
    let pending: Promise<unknown> = Promise.resolve();
    const onProgress = (percent: number) => {
      const p = Math.max(5, Math.min(95, Math.round(percent)));
      if (p <= lastPercent) return;
      lastPercent = p;
      pending = pending.then(() =>
        db
          .updateTable('seo_articles')
          .set({ progress: p })
          .where('id', '=', article.id)
          .where('status', '=', 'GENERATING')
          .returning(SEO_ARTICLE_STATE)
          .executeTakeFirst()
          .then((row) => announceArticle(events, row))
          .catch(() => {}),
      );
      job.updateProgress(p).catch(() => {});
    };

    const current =
      article.format !== 'markdown'
        ? null
        : brief.section
          ? (() => {
              const found = findSection(article.content, 'markdown', brief.section);
              return found ? article.content.slice(found.bodyStart, found.end).trim() : null;
            })()
          : article.content;
    const written = await writeText(deps, run, brief, controller.signal, onProgress, run.kind === 'write' ? null : current);
    await pending;

    const format = article.format;
    let title = article.title;
    let description: string | null = null;
    let content: string;
    if (brief.section) {
      const section = findSection(article.content, format, brief.section);
      if (!section) throw new UnrecoverableError(`The section "${brief.section}" is no longer in the article`);
      let body = sectionBody(written.text, 'markdown');
      if (format === 'html' && LOCAL_WRITERS.has(run.model_id)) body = markdownToHtml(body);
      else if (format === 'html') body = sectionBody(written.text, 'html');
      content = replaceSectionBody(article.content, section, body);
    } else {
      let text = written.text;
      if (LOCAL_WRITERS.has(run.model_id) && !written.revised) {
        // The offline writer names its draft after the phrases it found: the article keeps its topic's title.
        text = text.replace(/^#[ \t]+.+$/m, `# ${brief.title}`);
        if (format === 'html') text = markdownToHtml(text);
      }
      const parsed = parseWriterOutput(text, brief.title, format);
      title = parsed.title;
      description = parsed.description;
      content = parsed.content;
      // Images already placed in the old text go back into the new one.
      const images = ((article.images as unknown as SeoArticleImage[]) ?? []).filter((i) => i.placed);
      if (images.length) {
        const gens = await db
          .selectFrom('generations')
          .select(['id', 'output_url'])
          .where(
            'id',
            'in',
            images.map((i) => i.generationId),
          )
          .execute();
        const placed: PlacedImage[] = [];
        for (const i of images) {
          const key = gens.find((g) => g.id === i.generationId)?.output_url;
          if (key) placed.push({ id: i.id, role: i.role, key, alt: i.alt });
        }
        content = placeImages(content, format, placed);
      }
    }

    const finalStatus: SeoArticleStatus = run.kind === 'write' ? 'READY' : (brief.prevStatus ?? 'READY');
    // A token-metered writer (Ollama) was charged a hold: settle it to the tokens the server counted.
    const meter = (run.brief as { meter?: { unitsPer1k?: unknown } }).meter;
    const settled =
      typeof meter?.unitsPer1k === 'number' && written.tokens
        ? settleMetered(run.credit_units_charged, meter.unitsPer1k, written.tokens.tokensIn, written.tokens.tokensOut)
        : null;
    const done = await db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable('seo_article_runs')
        .set({ status: 'COMPLETED', completed_at: new Date(), error: null, ...(settled ? { credit_units_refunded: settled.refundUnits } : {}) })
        .where('id', '=', run.id)
        .where('status', '=', 'PROCESSING')
        .returning('id')
        .executeTakeFirst();
      if (!finished) return null;
      if (settled && settled.refundUnits > 0) {
        await applyCreditChangeInTransaction(trx, {
          userId: run.user_id,
          kind: 'refund',
          amountUnits: settled.refundUnits,
          idempotencyKey: seoRefundKey(run.id),
          referenceType: 'seo_article_run',
          referenceId: run.id,
          note: `Unused token hold: ${(written.tokens?.tokensIn ?? 0) + (written.tokens?.tokensOut ?? 0)} tokens cost ${unitsToCredits(settled.chargedUnits)} credits`,
        });
      }
      return trx
        .updateTable('seo_articles')
        .set((eb) => ({
          title,
          ...(description !== null ? { description } : {}),
          content,
          word_count: countWords(content, format),
          prompt_used: written.promptUsed,
          ai_provider: written.provider,
          ai_model: run.model_id,
          status: finalStatus,
          progress: 100,
          error: null,
          ...(run.kind === 'regenerate' ? { regenerations: eb('regenerations', '+', 1) } : {}),
          ...(settled && settled.refundUnits > 0 ? { credit_units_used: eb('credit_units_used', '-', settled.refundUnits) } : {}),
        }))
        .where('id', '=', article.id)
        .returning(SEO_ARTICLE_STATE)
        .executeTakeFirst();
    });
    announceArticle(events, done);
    return done ? { completed: true, articleId: article.id } : { skipped: 'ended meanwhile' };
  },
  async onFinalFailure(job, error, deps) {
    if (job.data.kind !== 'run') return;
    const msg = error.message || 'The article could not be written';
    const failed = await failSeoRun(deps.db, job.data.runId, msg.length > 400 ? `${msg.slice(0, 400)}…` : msg);
    announceArticle(deps.events, failed.article);
  },
});
