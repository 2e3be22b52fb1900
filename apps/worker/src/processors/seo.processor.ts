import { applyCreditChangeInTransaction, type Db } from '@atelier/db';
import type { MediaStorage } from '@atelier/media';
import {
  countWords,
  findSection,
  markdownToHtml,
  type PlacedImage,
  parseWriterOutput,
  placeImages,
  replaceSectionBody,
  unitsToCredits,
} from '@atelier/shared';
import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Engine } from '../engines';
import { defineProcessor, type WorkerDeps } from '../registry';

export interface SeoDeps extends WorkerDeps {
  storage: MediaStorage;
  engines: Record<string, Engine>;
}

type ArticleStatus = 'QUEUED' | 'GENERATING' | 'READY' | 'SCHEDULED' | 'PUBLISHED' | 'FAILED';

/** What the api stored with a run: the inputs of one write or regeneration. */
export interface SeoBrief {
  topic: string;
  title: string;
  keywords: string[];
  words: number;
  format: 'markdown' | 'html';
  businessName?: string;
  section?: string | null;
  instructions?: string | null;
  /** A regeneration puts the article back in this status when it ends (success or failure). */
  prevStatus?: ArticleStatus;
}

export const seoRefundKey = (runId: string) => `refund:seo-run:${runId}`;
export const seoSpendKey = (runId: string) => `spend:seo-run:${runId}`;

const LOCAL_WRITERS = new Set(['local/text', 'local/text-brief']);
const PLACE_DELAY_MS = 1500;
/** place-images re-checks for about 15 minutes; reads place finished images too. */
const PLACE_MAX_CHECKS = 600;

/** The prompt the offline writer gets: it builds its outline from the phrases it finds. */
export function localWriterPrompt(brief: SeoBrief): string {
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : (xs[0] ?? ''));
  const subject = (brief.section ?? brief.topic).replace(/[.?!:]+$/, '');
  const head = brief.keywords.length ? `${subject}: ${list(brief.keywords)}` : subject;
  return brief.instructions ? `${head}. ${brief.instructions}` : head;
}

async function writeText(
  deps: SeoDeps,
  run: { id: string; model_id: string; prompt: string },
  brief: SeoBrief,
  signal: AbortSignal,
  onProgress: (p: number) => void,
  /** The markdown being rewritten (the article, or the section's body), when there is one. */
  current: string | null,
): Promise<{ text: string; promptUsed: string; provider: string; revised?: boolean }> {
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
  const engine = deps.engines[run.model_id];
  if (!engine) throw new UnrecoverableError(`The model ${run.model_id} is not available on this server`);
  const out = await engine({ modelId: run.model_id, prompt: run.prompt, params: {}, seed: null, storage: deps.storage, signal, onProgress });
  if (!out.text?.trim()) throw new Error(`${run.model_id} returned no text`);
  return { text: out.text, promptUsed: run.prompt, provider: run.model_id.split('/')[0] ?? 'unknown' };
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

/** Placed-image bookkeeping shared by the processor and the api's reads. */
interface StoredImage {
  id: string;
  generationId: string;
  role: 'hero' | 'inline';
  alt: string;
  placed?: boolean;
}

/**
 * Puts the article's finished images into its content (hero at the top) and marks them placed.
 * Idempotent and safe to call from anywhere; returns whether any image is still being made.
 */
export async function placeReadyImages(db: Db, articleId: string): Promise<{ placed: number; waiting: number }> {
  return db.transaction().execute(async (trx) => {
    const article = await trx
      .selectFrom('seo_articles')
      .select(['id', 'content', 'format', 'images', 'user_id'])
      .where('id', '=', articleId)
      .forUpdate()
      .executeTakeFirst();
    if (!article) return { placed: 0, waiting: 0 };
    const images = (article.images as unknown as StoredImage[]) ?? [];
    const open = images.filter((i) => !i.placed);
    if (!open.length) return { placed: 0, waiting: 0 };
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
    if (!ready.length) return { placed: 0, waiting };
    const content = placeImages(article.content, article.format, ready);
    const placedIds = new Set(ready.map((r) => r.id));
    const next = images.map((i) => (placedIds.has(i.id) ? { ...i, placed: true } : i));
    await trx
      .updateTable('seo_articles')
      .set({ content, images: JSON.stringify(next), word_count: countWords(content, article.format) })
      .where('id', '=', articleId)
      .execute();
    return { placed: ready.length, waiting };
  });
}

/** Marks a run FAILED and refunds its charge exactly once; the article shows what happened. */
export async function failSeoRun(db: Db, runId: string, message: string): Promise<{ ended: boolean; creditsBalance: number | null }> {
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
    if (!run) return { ended: false, creditsBalance: null };
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
    await trx
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
      .execute();
    return { ended: true, creditsBalance };
  });
}

/**
 * The seo queue. `run`: PENDING → PROCESSING → COMPLETED (article READY, or back to its status
 * for a regeneration) with progress; the final failed attempt marks the run FAILED and refunds
 * once. `place-images`: waits for an article's image generations and places them.
 */
export const seoProcessor = defineProcessor({
  queue: 'seo',
  async process(job, rawDeps) {
    const deps = rawDeps as SeoDeps;
    const { db } = deps;
    const data = job.data;
    if (data.kind === 'place-images') {
      const r = await placeReadyImages(db, data.articleId);
      if (r.waiting > 0 && data.attempt < PLACE_MAX_CHECKS && job.token) {
        await job.updateData({ ...data, attempt: data.attempt + 1 });
        await job.moveToDelayed(Date.now() + PLACE_DELAY_MS, job.token);
        throw new DelayedError();
      }
      return r;
    }

    const run = await db.selectFrom('seo_article_runs').selectAll().where('id', '=', data.runId).executeTakeFirst();
    if (!run) throw new UnrecoverableError(`SEO run ${data.runId} does not exist`);
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
    await db.updateTable('seo_articles').set({ status: 'GENERATING', progress: 5, error: null }).where('id', '=', article.id).execute();

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
          .execute()
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
      const images = ((article.images as unknown as StoredImage[]) ?? []).filter((i) => i.placed);
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

    const finalStatus: ArticleStatus = run.kind === 'write' ? 'READY' : (brief.prevStatus ?? 'READY');
    const done = await db.transaction().execute(async (trx) => {
      const finished = await trx
        .updateTable('seo_article_runs')
        .set({ status: 'COMPLETED', completed_at: new Date(), error: null })
        .where('id', '=', run.id)
        .where('status', '=', 'PROCESSING')
        .returning('id')
        .executeTakeFirst();
      if (!finished) return false;
      await trx
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
        }))
        .where('id', '=', article.id)
        .execute();
      return true;
    });
    return done ? { completed: true, articleId: article.id } : { skipped: 'ended meanwhile' };
  },
  async onFinalFailure(job, error, deps) {
    if (job.data.kind !== 'run') return;
    const msg = error.message || 'The article could not be written';
    await failSeoRun(deps.db, job.data.runId, msg.length > 400 ? `${msg.slice(0, 400)}…` : msg);
  },
});

/**
 * Start-up reconciliation (Postgres is the truth): PENDING/PROCESSING runs whose job is gone are
 * re-enqueued under their deterministic job id, or failed and refunded when too old; articles with
 * images still unplaced get a fresh place-images job.
 */
export async function reconcileSeoRuns(
  deps: { db: Db; log: { warn: (o: object, m: string) => void }; queues: import('../queues').QueueClient },
  options: { olderThanMs?: number; giveUpAfterMs?: number } = {},
) {
  const olderThan = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const giveUp = Date.now() - (options.giveUpAfterMs ?? 6 * 3600_000);
  const rows = await deps.db
    .selectFrom('seo_article_runs')
    .select(['id', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  let requeued = 0;
  let refunded = 0;
  for (const row of rows) {
    const jobId = `seo-run-${row.id}`;
    const job = await deps.queues.queues.seo.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') continue;
    if (state === 'failed' || state === 'completed' || new Date(row.created_at).getTime() < giveUp) {
      await failSeoRun(deps.db, row.id, 'The job was lost');
      refunded++;
    } else {
      if (job) await job.remove().catch(() => {});
      await deps.queues.enqueue('seo', { kind: 'run', runId: row.id }, { jobId });
      requeued++;
    }
  }
  const recent = await deps.db
    .selectFrom('seo_articles')
    .select(['id', 'images'])
    .where('updated_at', '>', new Date(Date.now() - 7 * 86_400_000))
    .execute();
  const unplaced = recent.filter((a) => (a.images as unknown as StoredImage[]).some((i) => !i.placed));
  for (const a of unplaced)
    await deps.queues.enqueue('seo', { kind: 'place-images', articleId: a.id, attempt: 0 }, { jobId: `seo-place-${a.id}-reconcile-${Date.now()}` });
  if (requeued || refunded) deps.log.warn({ requeued, refunded }, 'reconciled seo runs');
  return { requeued, refunded, placing: unplaced.length };
}
