import { defineProcessor } from '../registry';

/**
 * The system queue proves the path end to end: a job writes its status changes to Postgres
 * (job_events), retrying with backoff when asked to fail its first attempts.
 */
export const systemProcessor = defineProcessor({
  queue: 'system',
  async process(job, { db }) {
    const { jobKey, failTimes } = job.data;
    await db
      .insertInto('job_events')
      .values({ queue: 'system', job_key: jobKey, status: 'PROCESSING', detail: JSON.stringify({ attempt: job.attemptsMade + 1 }) })
      .execute();
    if (job.attemptsMade < failTimes) throw new Error(`Planned failure on attempt ${job.attemptsMade + 1}`);
    await db
      .insertInto('job_events')
      .values({ queue: 'system', job_key: jobKey, status: 'COMPLETED', detail: JSON.stringify({ attempt: job.attemptsMade + 1 }) })
      .execute();
    return { ok: true };
  },
  async onFinalFailure(job, error, { db }) {
    await db
      .insertInto('job_events')
      .values({ queue: 'system', job_key: job.data.jobKey, status: 'FAILED', detail: JSON.stringify({ error: error.message }) })
      .execute();
  },
});
