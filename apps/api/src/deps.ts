import { createDb } from '@atelier/db';
import { createStorage, MediaSigner } from '@atelier/media';
import type { Env } from '@atelier/shared/env';
import { createQueueClient } from '@atelier/worker';
import { Redis } from 'ioredis';
import { type Logger, pino } from 'pino';
import type { AppDeps } from './context';
import { registerProviderChatModels } from './modules/chat/chat.models';

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
  const redis = new Redis(env.redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (e) => log.debug({ err: e.message }, 'redis connection error'));
  const queues = createQueueClient(env.redis.url, env.redis.queuePrefix);
  const unregisterChatModels = registerProviderChatModels(env);
  return {
    env,
    db,
    redis,
    queues,
    log,
    storage: createStorage(env),
    media: new MediaSigner(env.auth.secret, env.media.urlTtlSeconds, env.http.publicUrl),
    async close() {
      unregisterChatModels();
      await queues.close().catch(() => {});
      redis.disconnect();
      await db.destroy();
    },
  };
}
