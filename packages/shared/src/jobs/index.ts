import { z } from 'zod';

/**
 * Every queue, defined once: its name and payload schema. The worker registry binds exactly
 * one processor to each; the api enqueues through the same definitions.
 */
export const QUEUES = {
  system: {
    name: 'system',
    payload: z.object({ kind: z.literal('ping'), jobKey: z.string().min(1), failTimes: z.number().int().min(0).default(0) }),
    concurrency: 2,
    attempts: 3,
  },
  image: {
    name: 'image',
    payload: z.object({ generationId: z.uuid() }),
    concurrency: 2,
    attempts: 3,
  },
  video: {
    name: 'video',
    payload: z.object({ generationId: z.uuid() }),
    concurrency: 1,
    attempts: 2,
  },
  audio: {
    name: 'audio',
    payload: z.object({ generationId: z.uuid() }),
    concurrency: 2,
    attempts: 3,
  },
  text: {
    name: 'text',
    payload: z.object({ generationId: z.uuid() }),
    concurrency: 4,
    attempts: 3,
  },
  /** Project exports (ffmpeg renders, zips): one at a time, CPU-heavy. */
  export: {
    name: 'export',
    payload: z.object({ exportId: z.uuid() }),
    concurrency: 1,
    attempts: 2,
  },
  /**
   * SEO articles (issue 10): `run` writes or regenerates an article (a charged seo_article_runs
   * row); `place-images` puts an article's finished images into its content.
   */
  seo: {
    name: 'seo',
    payload: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('run'), runId: z.uuid() }),
      z.object({ kind: z.literal('place-images'), articleId: z.uuid(), attempt: z.number().int().min(0).default(0) }),
    ]),
    concurrency: 2,
    attempts: 3,
  },
  /**
   * Mail delivery (issue 23): one job per email_outbox row (job id = row id). Retries with
   * exponential backoff from 1 s (about 8.5 minutes in all) before the row is marked FAILED.
   */
  email: {
    name: 'email',
    payload: z.object({ outboxId: z.uuid() }),
    concurrency: 4,
    attempts: 10,
  },
} as const;

export type QueueKey = keyof typeof QUEUES;
export type QueuePayload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]['payload']>;
export const QUEUE_KEYS = Object.keys(QUEUES) as QueueKey[];
