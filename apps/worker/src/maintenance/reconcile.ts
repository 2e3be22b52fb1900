import { endGenerationWithRefund, failSeoRun, ROW_STATE, recordWebhookEvent } from '@atelier/db';
import { announceArticle, announceRow, jobIds, LIVE_JOB_STATES, type QueueKey } from '@atelier/jobs';
import type { SeoArticleImage } from '@atelier/shared';
import type { WorkerDeps } from '../registry';

/**
 * Postgres is the truth and Redis can lose its last writes (or a worker can die between failing a
 * job for good and refunding it): rows still PENDING/PROCESSING whose job is gone are re-enqueued
 * under their deterministic job id, or failed (and refunded) when too old to be worth running or
 * when their job already ended. Run by the maintenance queue (once per period across all workers).
 */
type Deps = Pick<WorkerDeps, 'db' | 'log' | 'queues' | 'events'>;
export interface ReconcileOptions {
  /** Rows younger than this are left alone (their job may not have been added yet). */
  olderThanMs?: number;
  /** Rows older than this are failed and refunded instead of run again. */
  giveUpAfterMs?: number;
}

const windowOf = (options: ReconcileOptions) => ({
  olderThan: new Date(Date.now() - (options.olderThanMs ?? 60_000)),
  giveUp: Date.now() - (options.giveUpAfterMs ?? 6 * 3600_000),
});

/**
 * The rule for every kind of open row: leave it when its job will still run; otherwise run it again
 * (same deterministic job id) or, when too old or its job already ended, end it (`end` refunds).
 */
async function reconcileOpen<R extends { id: string; created_at: Date }>(
  deps: Deps,
  rows: R[],
  giveUp: number,
  job: (row: R) => { queue: QueueKey; jobId: string },
  requeue: (row: R, jobId: string) => Promise<unknown>,
  end: (row: R) => Promise<unknown>,
): Promise<{ requeued: number; ended: number }> {
  let requeued = 0;
  let ended = 0;
  for (const row of rows) {
    const { queue, jobId } = job(row);
    const state = await deps.queues.state(queue, jobId);
    if (LIVE_JOB_STATES.includes(state)) continue;
    if (state === 'failed' || state === 'completed' || new Date(row.created_at).getTime() < giveUp) {
      await end(row);
      ended++;
    } else {
      await deps.queues.cancel(queue, jobId);
      await requeue(row, jobId);
      requeued++;
    }
  }
  return { requeued, ended };
}

const openRows = (deps: Deps, table: 'generations' | 'exports' | 'seo_article_runs', olderThan: Date) =>
  deps.db
    .selectFrom(table)
    .select(['id', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();

export async function reconcileGenerations(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const rows = await deps.db
    .selectFrom('generations')
    .select(['id', 'type', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  const { requeued, ended: refunded } = await reconcileOpen(
    deps,
    rows,
    giveUp,
    (row) => ({ queue: row.type, jobId: row.id }),
    (row, jobId) => deps.queues.enqueue(row.type, { generationId: row.id }, { jobId }),
    async (row) =>
      announceRow(
        deps.events,
        'generation',
        (await endGenerationWithRefund(deps.db, row.id, 'FAILED', 'The job was lost and has been refunded')).state,
      ),
  );
  if (requeued || refunded) deps.log.warn({ requeued, refunded }, 'reconciled generations');
  return { requeued, refunded };
}

export async function reconcileExports(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const { requeued, ended: failed } = await reconcileOpen(
    deps,
    await openRows(deps, 'exports', olderThan),
    giveUp,
    (row) => ({ queue: 'export', jobId: row.id }),
    (row, jobId) => deps.queues.enqueue('export', { exportId: row.id }, { jobId }),
    async (row) =>
      announceRow(
        deps.events,
        'export',
        await deps.db.transaction().execute(async (trx) => {
          const failed = await trx
            .updateTable('exports')
            .set({ status: 'FAILED', error: 'The export was interrupted; please export again', completed_at: new Date() })
            .where('id', '=', row.id)
            .where('status', 'in', ['PENDING', 'PROCESSING'])
            .returning([...ROW_STATE, 'user_id'])
            .executeTakeFirst();
          if (!failed) return undefined;
          await recordWebhookEvent(trx, { userId: failed.user_id, type: 'export.failed', objectType: 'export', objectId: failed.id });
          const { user_id: _owner, ...state } = failed;
          return state;
        }),
      ),
  );
  if (requeued || failed) deps.log.warn({ requeued, failed }, 'reconciled exports');
  return { requeued, failed };
}

/**
 * SEO: open runs as above (failed runs are refunded); articles with images still unplaced get a
 * fresh place-images job; SCHEDULED articles whose publish job is gone get it back.
 */
export async function reconcileSeo(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const { requeued, ended: refunded } = await reconcileOpen(
    deps,
    await openRows(deps, 'seo_article_runs', olderThan),
    giveUp,
    (row) => ({ queue: 'seo', jobId: jobIds.seoRun(row.id) }),
    (row, jobId) => deps.queues.enqueue('seo', { kind: 'run', runId: row.id }, { jobId }),
    async (row) => announceArticle(deps.events, (await failSeoRun(deps.db, row.id, 'The job was lost')).article),
  );
  // Finished images not placed yet (their place-images job was lost): place them.
  const recent = await deps.db
    .selectFrom('seo_articles')
    .select(['id', 'images'])
    .where('updated_at', '>', new Date(Date.now() - 7 * 86_400_000))
    .where('updated_at', '<', olderThan)
    .execute();
  const unplaced = recent.map((a) => ({
    id: a.id,
    gens: (a.images as unknown as SeoArticleImage[]).filter((i) => !i.placed).map((i) => i.generationId),
  }));
  const gens = unplaced.flatMap((a) => a.gens);
  const finished = new Set(
    gens.length
      ? (await deps.db.selectFrom('generations').select('id').where('id', 'in', gens).where('status', '=', 'COMPLETED').execute()).map((g) => g.id)
      : [],
  );
  const placing = unplaced.filter((a) => a.gens.some((g) => finished.has(g)));
  for (const a of placing)
    await deps.queues.enqueue('seo', { kind: 'place-images', articleId: a.id }, { jobId: `seo-place-${a.id}-reconcile-${Date.now()}` });
  const scheduled = await deps.db
    .selectFrom('seo_articles')
    .select(['id', 'publish_date'])
    .where('status', '=', 'SCHEDULED')
    .where('publish_date', 'is not', null)
    .where('updated_at', '<', olderThan)
    .execute();
  let rescheduled = 0;
  for (const a of scheduled) {
    const at = a.publish_date as Date;
    const jobId = jobIds.seoPublish(a.id, at);
    if (LIVE_JOB_STATES.includes(await deps.queues.state('seo', jobId))) continue;
    await deps.queues.cancel('seo', jobId);
    await deps.queues.enqueue('seo', { kind: 'publish', articleId: a.id, at: at.toISOString() }, { jobId, delay: at.getTime() - Date.now() });
    rescheduled++;
  }
  if (requeued || refunded || rescheduled) deps.log.warn({ requeued, refunded, rescheduled }, 'reconciled seo runs');
  return { requeued, refunded, placing: placing.length, rescheduled };
}
