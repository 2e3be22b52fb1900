import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/** How long finished jobs stay in Redis (Bull Board shows them; the Postgres row is the record). */
const RETENTION = {
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

interface QueueDefinition<P extends z.ZodType> {
  name: string;
  payload: P;
  /** Jobs one worker process runs at once on this queue (WORKER_CONCURRENCY overrides image/audio/text). */
  concurrency: number;
  /** Every job's options: attempts, backoff and retention. */
  options: JobsOptions;
}

const define = <P extends z.ZodType>(def: QueueDefinition<P>) => def;
const retried = (attempts: number): JobsOptions => ({ attempts, backoff: { type: 'exponential', delay: 1000 }, ...RETENTION });

const ZGenerationJob = z.object({ generationId: z.uuid() });

/**
 * Every queue, defined once: its name, payload schema and job options. The worker registry binds
 * exactly one processor to each; the api enqueues through the same definitions (createQueueClient).
 */
export const QUEUES = {
  system: define({
    name: 'system',
    payload: z.object({ kind: z.literal('ping'), jobKey: z.string().min(1), failTimes: z.number().int().min(0).default(0) }),
    concurrency: 2,
    options: retried(3),
  }),
  image: define({ name: 'image', payload: ZGenerationJob, concurrency: 2, options: retried(3) }),
  video: define({ name: 'video', payload: ZGenerationJob, concurrency: 1, options: retried(2) }),
  audio: define({ name: 'audio', payload: ZGenerationJob, concurrency: 2, options: retried(3) }),
  text: define({ name: 'text', payload: ZGenerationJob, concurrency: 4, options: retried(3) }),
  /** Project exports (ffmpeg renders, zips): one at a time, CPU-heavy. */
  export: define({ name: 'export', payload: z.object({ exportId: z.uuid() }), concurrency: 1, options: retried(2) }),
  /**
   * SEO articles (issue 10): `run` writes or regenerates an article (a charged seo_article_runs
   * row); `place-images` puts an article's finished images into its content; `publish` is the
   * delayed job that publishes a SCHEDULED article at its `publish_date` (`at`, so a job left from
   * an earlier schedule finds the row moved and does nothing).
   */
  seo: define({
    name: 'seo',
    payload: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('run'), runId: z.uuid() }),
      z.object({ kind: z.literal('place-images'), articleId: z.uuid() }),
      z.object({ kind: z.literal('publish'), articleId: z.uuid(), at: z.iso.datetime() }),
    ]),
    concurrency: 2,
    options: retried(3),
  }),
  /**
   * Mail delivery (issue 23): one job per email_outbox row (job id = row id). Retries with
   * exponential backoff from 1 s (about 8.5 minutes in all) before the row is marked FAILED.
   */
  email: define({ name: 'email', payload: z.object({ outboxId: z.uuid() }), concurrency: 4, options: retried(10) }),
  /**
   * Webhook deliveries (issue 24): one job per attempt of a webhook_deliveries row (job id
   * `webhook-<deliveryId>-<attempt>`). The row keeps the schedule: a failed attempt records itself
   * and enqueues the next one with its backoff delay (WEBHOOK_RETRY_DELAY_MS × 4^n, 8 attempts),
   * so BullMQ's own retries are off; the maintenance task re-enqueues a due row whose job was lost.
   */
  webhooks: define({
    name: 'webhooks',
    payload: z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1).max(1000), manual: z.boolean().default(false) }),
    concurrency: 8,
    options: { attempts: 1, ...RETENTION },
  }),
  /**
   * Periodic work (reconciling lost jobs, reaping abandoned chat replies, expiring sessions…):
   * one BullMQ job scheduler per task, so with N workers each period runs once. The worker's
   * task list (apps/worker/src/maintenance) says which names exist.
   */
  maintenance: define({
    name: 'maintenance',
    payload: z.object({ task: z.string().min(1).max(100) }),
    concurrency: 1,
    options: { attempts: 1, removeOnComplete: { count: 200 }, removeOnFail: { count: 200 } },
  }),
};

export type QueueKey = keyof typeof QUEUES;
export type QueuePayload<K extends QueueKey> = z.input<(typeof QUEUES)[K]['payload']>;
export type QueueJobData<K extends QueueKey> = z.output<(typeof QUEUES)[K]['payload']>;
export const QUEUE_KEYS = Object.keys(QUEUES) as QueueKey[];

/** Deterministic job ids: one job per row, so a retried enqueue never duplicates work. */
export const jobIds = {
  seoRun: (runId: string) => `seo-run-${runId}`,
  /** One publish job per (article, time): rescheduling adds a new one and removes the old. */
  seoPublish: (articleId: string, at: Date | string) => `seo-publish-${articleId}-${new Date(at).getTime()}`,
  maintenance: (task: string) => `maintenance-${task}`,
  /** One job per attempt of a webhook delivery (a resend is a new attempt number). */
  webhookAttempt: (deliveryId: string, attempt: number) => `webhook-${deliveryId}-${attempt}`,
};
