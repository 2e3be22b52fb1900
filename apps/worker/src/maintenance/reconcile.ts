import { endGenerationWithRefund, failSeoRun } from '@atelier/db';
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

/** What to do with an open row: leave it (its job will run), requeue it, or end it. */
async function verdict(deps: Deps, queue: QueueKey, jobId: string, createdAt: Date, giveUp: number): Promise<'live' | 'requeue' | 'end'> {
  const state = await deps.queues.state(queue, jobId);
  if (LIVE_JOB_STATES.includes(state)) return 'live';
  if (state === 'failed' || state === 'completed' || new Date(createdAt).getTime() < giveUp) return 'end';
  await deps.queues.cancel(queue, jobId);
  return 'requeue';
}

export async function reconcileGenerations(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const rows = await deps.db
    .selectFrom('generations')
    .select(['id', 'type', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  let requeued = 0;
  let refunded = 0;
  for (const row of rows) {
    const v = await verdict(deps, row.type, row.id, row.created_at, giveUp);
    if (v === 'end') {
      const ended = await endGenerationWithRefund(deps.db, row.id, 'FAILED', 'The job was lost and has been refunded');
      announceRow(deps.events, 'generation', ended.state);
      refunded++;
    } else if (v === 'requeue') {
      await deps.queues.enqueue(row.type, { generationId: row.id }, { jobId: row.id });
      requeued++;
    }
  }
  if (requeued || refunded) deps.log.warn({ requeued, refunded }, 'reconciled generations');
  return { requeued, refunded };
}

export async function reconcileExports(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const rows = await deps.db
    .selectFrom('exports')
    .select(['id', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  let requeued = 0;
  let failed = 0;
  for (const row of rows) {
    const v = await verdict(deps, 'export', row.id, row.created_at, giveUp);
    if (v === 'end') {
      const ended = await deps.db
        .updateTable('exports')
        .set({ status: 'FAILED', error: 'The export was interrupted; please export again', completed_at: new Date() })
        .where('id', '=', row.id)
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .returning(['id', 'version', 'status', 'progress'])
        .executeTakeFirst();
      announceRow(deps.events, 'export', ended);
      failed++;
    } else if (v === 'requeue') {
      await deps.queues.enqueue('export', { exportId: row.id }, { jobId: row.id });
      requeued++;
    }
  }
  if (requeued || failed) deps.log.warn({ requeued, failed }, 'reconciled exports');
  return { requeued, failed };
}

/**
 * SEO: open runs as above (failed runs are refunded); articles with images still unplaced get a
 * fresh place-images job; SCHEDULED articles whose publish job is gone get it back.
 */
export async function reconcileSeo(deps: Deps, options: ReconcileOptions = {}) {
  const { olderThan, giveUp } = windowOf(options);
  const rows = await deps.db
    .selectFrom('seo_article_runs')
    .select(['id', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  let requeued = 0;
  let refunded = 0;
  for (const row of rows) {
    const v = await verdict(deps, 'seo', jobIds.seoRun(row.id), row.created_at, giveUp);
    if (v === 'end') {
      const failed = await failSeoRun(deps.db, row.id, 'The job was lost');
      announceArticle(deps.events, failed.article);
      refunded++;
    } else if (v === 'requeue') {
      await deps.queues.enqueue('seo', { kind: 'run', runId: row.id }, { jobId: jobIds.seoRun(row.id) });
      requeued++;
    }
  }
  const recent = await deps.db
    .selectFrom('seo_articles')
    .select(['id', 'images'])
    .where('updated_at', '>', new Date(Date.now() - 7 * 86_400_000))
    .where('updated_at', '<', olderThan)
    .execute();
  const unplaced = recent.filter((a) => (a.images as unknown as SeoArticleImage[]).some((i) => !i.placed));
  for (const a of unplaced)
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
  return { requeued, refunded, placing: unplaced.length, rescheduled };
}
