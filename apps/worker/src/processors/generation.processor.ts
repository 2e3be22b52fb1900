import { type Engine, engineFor } from '@atelier/ai';
import {
  afterCommit,
  applyCreditChangeInTransaction,
  type Database,
  type Db,
  dispatchWebhookDeliveries,
  endGenerationWithRefund,
  meterOf,
  ROW_STATE,
  refundKeyFor,
  webhookDeliveriesInsert,
} from '@atelier/db';
import { announceRow, type QueueKey } from '@atelier/jobs';
import { settleMetered, unitsToCredits } from '@atelier/shared';
import { UnrecoverableError } from 'bullmq';
import { type QueryCreator, sql, type Transaction } from 'kysely';
import { defineProcessor, labelJobModel } from '../registry';

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
const PROGRESS_INTERVAL_MS = 300;
/** How often a running generation checks whether it was cancelled (between progress reports too). */
const CANCEL_CHECK_MS = 1000;

/**
 * PENDING → PROCESSING → COMPLETED, with progress. Idempotent (delivery is at least once): a
 * finished row is left alone; a cancelled row aborts the engine and discards its output.
 * The final failed attempt marks FAILED and refunds exactly once.
 */
function generationProcessor(queue: Extract<QueueKey, 'image' | 'video' | 'audio' | 'text'>) {
  return defineProcessor({
    queue,
    async process(job, deps) {
      const { db, storage, events } = deps;
      const { generationId } = job.data as { generationId: string };
      // One read: the generation and its model's list price (the cost recorded when the provider reports none).
      const gen = await db
        .selectFrom('generations as g')
        .leftJoin('ai_models as m', 'm.id', 'g.model_id')
        .selectAll('g')
        .select('m.provider_cost_usd as list_cost_usd')
        .where('g.id', '=', generationId)
        .executeTakeFirst();
      if (!gen) throw new UnrecoverableError(`Generation ${generationId} does not exist`);
      labelJobModel(job, gen.model_id);
      if (TERMINAL.has(gen.status)) return { skipped: gen.status };
      const engine = engineFor(deps.engines, gen.model_id);
      if (!engine) throw new UnrecoverableError(`The model ${gen.model_id} is not available on this server`);
      // Re-check, not trust the payload: a member removed (or made a viewer) since queueing is refunded.
      if (gen.project_id && !(await mayWriteProject(db, gen.project_id, gen.user_id))) {
        throw new UnrecoverableError('You no longer have edit access to this project; your credits were refunded');
      }

      const controller = new AbortController();
      // PROCESSING is written while the engine starts (not before it): the engine's first
      // progress write and the end wait for it, and a row no longer pending (cancelled meanwhile)
      // aborts the engine and discards its output.
      const started = db
        .updateTable('generations')
        .set((eb) => ({ status: 'PROCESSING', progress: 0, started_at: eb.fn.coalesce('started_at', eb.val(new Date())) }))
        .where('id', '=', generationId)
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .returning(ROW_STATE)
        .executeTakeFirst()
        .then((row) => {
          if (!row) controller.abort();
          announceRow(events, 'generation', row);
          return row;
        });
      started.catch(() => {}); // awaited below; a failed write fails the attempt there
      let lastWrite = 0;
      // The PROCESSING write sets progress 0: the first report worth a write is above it.
      let lastPercent = 0;
      let pending: Promise<unknown> = started;
      const onProgress = (percent: number) => {
        // 100 is the engine saying it is done: COMPLETED follows at once, so a 99 % write (and its
        // event) would only delay it by two round trips.
        if (percent >= 100) return;
        const p = Math.max(0, Math.min(99, Math.round(percent)));
        const now = Date.now();
        if (p <= lastPercent || (now - lastWrite < PROGRESS_INTERVAL_MS && p < 99)) return;
        lastPercent = p;
        lastWrite = now;
        pending = pending.then(async () => {
          if (controller.signal.aborted) return;
          const row = await db
            .updateTable('generations')
            .set({ progress: p })
            .where('id', '=', generationId)
            .where('status', '=', 'PROCESSING')
            .returning(ROW_STATE)
            .executeTakeFirst();
          if (!row) controller.abort(); // cancelled meanwhile
          announceRow(events, 'generation', row);
          await job.updateProgress(p).catch(() => {});
        });
      };

      // A cancel ends the row CANCELLED; abort the engine even when it reports no progress, so a
      // hosted engine stops waiting and cancels its provider-side job (a Replicate prediction).
      const cancelWatch = setInterval(() => {
        isCancelled(db, generationId)
          .then((cancelled) => cancelled && controller.abort())
          .catch(() => {});
      }, CANCEL_CHECK_MS);

      const t0 = Date.now();
      let output: Awaited<ReturnType<Engine>>;
      try {
        output = await engine({
          modelId: gen.model_id,
          prompt: gen.effective_prompt ?? gen.prompt,
          params: gen.params,
          seed: gen.seed,
          storage,
          signal: controller.signal,
          onProgress,
          providerJob: {
            previousId: gen.provider_request_id,
            remember: async (id) => {
              await db.updateTable('generations').set({ provider_request_id: id }).where('id', '=', generationId).execute();
            },
          },
        });
      } catch (e) {
        if (!(await started) || (await isCancelled(db, generationId))) return { skipped: 'cancelled' };
        throw e;
      } finally {
        clearInterval(cancelWatch);
      }
      // Not pending any more when the engine started (cancelled, or ended by another attempt): its output is discarded.
      if (!(await started)) return { skipped: 'not pending' };
      await pending.catch(() => {});
      const latencyMs = Date.now() - t0;

      const listCost = Number(gen.list_cost_usd ?? 0);
      const base = `generations/${gen.user_id}/${gen.id}`;
      const outputKey = output.file ? `${base}.${output.file.ext}` : null;
      const thumbKey = output.thumbnail ? `${base}.thumb.${output.thumbnail.ext}` : null;
      await Promise.all([
        output.file && outputKey ? storage.put(outputKey, output.file.data, output.file.mime) : null,
        output.thumbnail && thumbKey ? storage.put(thumbKey, output.thumbnail.data, 'image/webp') : null,
      ]);

      // A token-metered model (Ollama) was charged a hold: settle it to the tokens the server counted.
      const meter = meterOf(gen.metadata);
      const tokensIn = Number(output.metadata.tokensIn);
      const tokensOut = Number(output.metadata.tokensOut);
      const settled =
        meter && Number.isFinite(tokensIn) && Number.isFinite(tokensOut)
          ? settleMetered(gen.credit_units_charged, meter.unitsPer1k, tokensIn, tokensOut)
          : null;
      const metadata = {
        ...output.metadata,
        bytes: output.file?.data.length ?? output.text?.length ?? 0,
        ...(meter ? { meter: { ...meter, ...(settled ? { chargedUnits: settled.chargedUnits } : {}) } } : {}),
        // The API key it was started with (issue 24): the receipt keeps naming it.
        ...(gen.metadata?.apiKey ? { apiKey: gen.metadata.apiKey } : {}),
      };
      // COMPLETED and its webhook deliveries in one statement (the deliveries only when the row was
      // still PROCESSING: completing happens once); a token hold's refund joins it in a transaction.
      const complete = (executor: Db | Transaction<Database>) =>
        executor
          .with('done', (qc) =>
            qc
              .updateTable('generations')
              .set({
                status: 'COMPLETED',
                progress: 100,
                output_url: outputKey,
                thumbnail_url: thumbKey ?? (gen.type === 'image' ? outputKey : null),
                output_text: output.text ?? null,
                metadata: JSON.stringify(metadata),
                seed: output.seed ?? gen.seed,
                latency_ms: latencyMs,
                // Reported by the provider when it can; else the catalogue's list price for the model.
                provider_cost_usd: output.providerCostUsd ?? listCost,
                provider_request_id: output.providerRequestId ?? null,
                model_version: output.modelVersion ?? gen.model_version,
                error: null,
                completed_at: new Date(),
                ...(settled ? { credit_units_refunded: settled.refundUnits } : {}),
              })
              .where('id', '=', generationId)
              .where('status', '=', 'PROCESSING')
              .returning([...ROW_STATE, 'params']),
          )
          .with('hooks', (qc) =>
            gen.is_admin_test
              ? qc.selectNoFrom(sql<string>`null::uuid`.as('id')).where(sql<boolean>`false`)
              : webhookDeliveriesInsert(
                  qc as unknown as QueryCreator<Database>,
                  { userId: gen.user_id, type: 'generation.completed', objectType: 'generation', objectId: generationId },
                  sql<boolean>`exists (select 1 from done)`,
                ),
          )
          .selectFrom('done')
          .selectAll('done')
          .select(sql<string[]>`array(select id from hooks)`.as('delivery_ids'))
          .executeTakeFirst();
      const refund = settled && settled.refundUnits > 0 && !gen.is_admin_test ? settled.refundUnits : 0;
      const done = !refund
        ? await complete(db).then((row) => {
            if (row) dispatchWebhookDeliveries(row.delivery_ids);
            return row;
          })
        : await db.transaction().execute(async (trx) => {
            const row = await complete(trx);
            if (!row) return row;
            afterCommit(trx, () => dispatchWebhookDeliveries(row.delivery_ids));
            // The refund's key is the generation's.
            await applyCreditChangeInTransaction(trx, {
              userId: gen.user_id,
              kind: 'refund',
              amountUnits: refund,
              idempotencyKey: refundKeyFor(generationId),
              referenceType: 'generation',
              referenceId: generationId,
              note: `Unused token hold: ${tokensIn + tokensOut} tokens cost ${unitsToCredits(settled?.chargedUnits ?? 0)} credits`,
            });
            return row;
          });
      announceRow(events, 'generation', done);
      if (!done) {
        // Cancelled while the engine ran: the result is discarded.
        if (outputKey) await storage.remove(outputKey);
        if (thumbKey) await storage.remove(thumbKey);
        return { skipped: 'cancelled' };
      }
      // An SEO article's image: place it into the article now (not on the next check).
      const seoArticleId = typeof done.params.seoArticleId === 'string' ? done.params.seoArticleId : null;
      if (seoArticleId)
        await deps.queues
          .enqueue('seo', { kind: 'place-images', articleId: seoArticleId }, { jobId: `seo-place-${seoArticleId}-${generationId}` })
          .catch((e: unknown) => deps.log.warn({ err: String(e), seoArticleId }, 'could not queue the placement of an SEO image'));
      return { completed: true, latencyMs };
    },
    async onFinalFailure(job, error, deps) {
      const { generationId } = job.data as { generationId: string };
      const ended = await endGenerationWithRefund(deps.db, generationId, 'FAILED', readableError(error));
      announceRow(deps.events, 'generation', ended.state);
    },
  });
}

/** The owner or an editor of the project (collaboration, issue 12). */
async function mayWriteProject(db: Db, projectId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('projects as p')
    .select('p.id')
    .where('p.id', '=', projectId)
    .where((eb) =>
      eb.or([
        eb('p.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('project_collaborators as pc')
            .select('pc.user_id')
            .whereRef('pc.project_id', '=', 'p.id')
            .where('pc.user_id', '=', userId)
            .where('pc.role', '=', 'editor'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

async function isCancelled(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === 'CANCELLED';
}

function readableError(error: Error): string {
  const msg = error.message || 'The generation failed';
  return msg.length > 500 ? `${msg.slice(0, 500)}…` : msg;
}

export const imageProcessor = generationProcessor('image');
export const videoProcessor = generationProcessor('video');
export const audioProcessor = generationProcessor('audio');
export const textProcessor = generationProcessor('text');
