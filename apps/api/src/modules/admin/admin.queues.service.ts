import type { Db } from '@atelier/db';
import { QUEUE_KEYS, type QueueClient, type QueueKey } from '@atelier/jobs';
import { AppError } from '@atelier/shared';
import { writeAudit } from './admin.audit';
import type { QueueStats } from './admin.schema';

const DAY_MS = 86_400_000;
/** Redis calls answer fast or the console says the queues are unreachable. */
const TIMEOUT_MS = 3000;
/** How many of the most recent failed jobs are inspected for "failed in the last 24 h". */
const FAILED_SCAN = 1000;

function withTimeout<T>(p: Promise<T>, ms = TIMEOUT_MS): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      setTimeout(() => reject(new Error('Redis did not answer in time')), ms).unref();
    }),
  ]);
}

async function statsOf(queues: QueueClient, name: QueueKey, now: number): Promise<QueueStats> {
  const [counts, paused, failed] = await Promise.all([
    queues.counts(name),
    queues.isPaused(name),
    // Newest first: stop counting at the first one older than 24 h.
    queues.failedJobs(name, FAILED_SCAN),
  ]);
  const since = now - DAY_MS;
  const failedLast24h = failed.filter((j) => (j.finishedOn ?? j.processedOn ?? j.timestamp) >= since).length;
  return { name, paused, counts, failedLast24h };
}

/** Counts by state and failures in the last 24 h for every queue; says so honestly when Redis is unreachable. */
export async function queueOverview(queues: QueueClient, now = Date.now()) {
  try {
    const stats = await withTimeout(Promise.all(QUEUE_KEYS.map((k) => statsOf(queues, k, now))));
    return { available: true, error: null, queues: stats };
  } catch (e) {
    return { available: false, error: `The job queues are unreachable: ${(e as Error).message}`, queues: [] as QueueStats[] };
  }
}

function queueByName(name: string): QueueKey {
  if (!(QUEUE_KEYS as string[]).includes(name)) {
    throw new AppError('NOT_FOUND', `Unknown queue: ${name}`, { fields: [{ path: 'queue', message: `Unknown queue: ${name}` }] });
  }
  return name as QueueKey;
}

/**
 * Pause or resume a queue (workers stop taking new jobs; running ones finish), or retry its failed
 * jobs. Processors are idempotent: a retried generation that already ended (FAILED and refunded)
 * is skipped, so a retry never charges or refunds twice.
 */
export async function queueAction(
  deps: { db: Db; queues: QueueClient },
  admin: { id: string },
  input: { queue: string; action: 'pause' | 'resume' | 'retry-failed' },
) {
  const queue = queueByName(input.queue);
  let before: QueueStats;
  try {
    before = await withTimeout(statsOf(deps.queues, queue, Date.now()));
  } catch (e) {
    throw new AppError('UNAVAILABLE', `The job queues are unreachable: ${(e as Error).message}`);
  }
  let retried = 0;
  try {
    if (input.action === 'pause') await withTimeout(deps.queues.pause(queue));
    else if (input.action === 'resume') await withTimeout(deps.queues.resume(queue));
    else {
      retried = before.counts.failed;
      await withTimeout(deps.queues.retryFailed(queue, 500), 15_000);
    }
  } catch (e) {
    throw new AppError('UNAVAILABLE', `The queue did not accept the command: ${(e as Error).message}`);
  }
  const after = await withTimeout(statsOf(deps.queues, queue, Date.now()));
  await writeAudit(deps.db, {
    actorId: admin.id,
    action: input.action === 'retry-failed' ? 'queue.failed_retried' : input.action === 'pause' ? 'queue.paused' : 'queue.resumed',
    targetType: 'queue',
    targetId: input.queue,
    before: { paused: before.paused, counts: before.counts },
    after: { paused: after.paused, counts: after.counts, ...(input.action === 'retry-failed' ? { retried } : {}) },
  });
  return { queue: after, retried };
}
