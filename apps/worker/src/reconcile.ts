import { type Db, endGenerationWithRefund } from '@atelier/db';
import type { Logger } from 'pino';
import type { QueueClient } from './queues';

/**
 * Postgres is the truth and Redis can lose its last writes: on start-up, PENDING/PROCESSING
 * generations whose job is gone are re-enqueued (same deterministic job id, so no duplicates),
 * or failed and refunded when they are too old to be worth running.
 */
export async function reconcileGenerations(
  deps: { db: Db; log: Logger; queues: QueueClient },
  options: { olderThanMs?: number; giveUpAfterMs?: number } = {},
) {
  const olderThan = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const giveUp = Date.now() - (options.giveUpAfterMs ?? 6 * 3600_000);
  const rows = await deps.db
    .selectFrom('generations')
    .select(['id', 'type', 'created_at'])
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .where('created_at', '<', olderThan)
    .execute();
  let requeued = 0;
  let refunded = 0;
  for (const row of rows) {
    const queue = deps.queues.queues[row.type];
    const job = await queue.getJob(row.id);
    const state = job ? await job.getState() : 'missing';
    if (state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized' || state === 'waiting-children') continue;
    if (state === 'failed' || state === 'completed' || row.created_at.getTime() < giveUp) {
      await endGenerationWithRefund(deps.db, row.id, 'FAILED', 'The job was lost and has been refunded');
      refunded++;
    } else {
      if (job) await job.remove().catch(() => {});
      await deps.queues.enqueue(row.type, { generationId: row.id }, { jobId: row.id });
      requeued++;
    }
  }
  if (requeued || refunded) deps.log.warn({ requeued, refunded }, 'reconciled generations');
  return { requeued, refunded };
}
