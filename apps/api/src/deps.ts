import { createDb, onWebhookDeliveries } from '@atelier/db';
import { createEventBus, createQueueClient, createRedis, jobIds } from '@atelier/jobs';
import { createStorage, MediaSigner } from '@atelier/media';
import { collectProcessMetrics, watchQueues, watchSubscribers } from '@atelier/metrics';
import type { Env } from '@atelier/shared/env';
import { type Logger, pino } from 'pino';
import type { AppDeps } from './context';
import { createLiveWatch } from './lib/live';
import { createSessionCache } from './modules/auth/auth.session-cache';
import { registerProviderChatModels } from './modules/chat/chat.models';
import { ChatRunner } from './modules/chat/chat.runner';

export function createLogger(env: Env, destination?: { write: (line: string) => void }): Logger {
  const options = {
    level: env.logLevel,
    base: { app: 'api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.accessToken', '*.refreshToken'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Builds the long-lived dependencies once; `close` releases them in reverse order. */
export function createDeps(env: Env, log: Logger = createLogger(env)): AppDeps & { close: () => Promise<void> } {
  const { db } = createDb({ connectionString: env.db.url, max: env.db.poolMax });
  const redis = createRedis(env.redis.url);
  redis.on('error', (e) => log.debug({ err: e.message }, 'redis connection error'));
  const queues = createQueueClient(env.redis.url, env.redis.queuePrefix);
  const events = createEventBus({ redisUrl: env.redis.url, prefix: env.redis.queuePrefix, publisher: redis, log });
  const live = createLiveWatch(db, log);
  const chat = new ChatRunner({ db, log, events });
  const sessions = createSessionCache({ redisUrl: env.redis.url, prefix: env.redis.queuePrefix, log });
  const unregisterChatModels = registerProviderChatModels(env);
  // GET /metrics reads the queue counts and the SSE subscriptions at scrape time.
  collectProcessMetrics();
  const unwatchMetrics = [watchQueues(queues), watchSubscribers(live.counts)];
  // Webhook deliveries recorded in this process's transactions (credits.low, SEO publish) are enqueued once committed.
  const unregisterWebhooks = onWebhookDeliveries(async (ids) => {
    for (const id of ids)
      await queues
        .enqueue('webhooks', { deliveryId: id, attempt: 1 }, { jobId: jobIds.webhookAttempt(id, 1) })
        .catch((e: unknown) => log.warn({ err: String(e), deliveryId: id }, 'webhook delivery not queued; maintenance will'));
  });
  return {
    env,
    db,
    redis,
    queues,
    log,
    storage: createStorage(env),
    media: new MediaSigner(env.auth.secret, env.media.urlTtlSeconds, env.http.publicUrl),
    events,
    live,
    chat,
    sessions,
    /** Ends this process's chat replies (refunded), then releases everything in reverse order. */
    async close() {
      for (const unwatch of unwatchMetrics) unwatch();
      unregisterWebhooks();
      await chat.stopAll();
      unregisterChatModels();
      live.close();
      await sessions.close();
      await events.close();
      await queues.close().catch(() => {});
      redis.disconnect();
      await db.destroy();
    },
  };
}
