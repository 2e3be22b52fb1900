import { AppError } from '@atelier/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Fixed-window counter in Redis, so limits hold across processes. When Redis is down the
 * limiter lets the request through (logged): sign-in must not depend on the queue store.
 */
export async function rateLimit(
  deps: { redis: Redis; log: Logger; env: { redis: { queuePrefix: string } } },
  bucket: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  // Namespaced like the queues, so deployments (and test runs) sharing a Redis don't collide.
  const key = `${deps.env.redis.queuePrefix}:rl:${bucket}`;
  let count: number;
  let ttl: number;
  try {
    const res = await deps.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    count = Number(res?.[0]?.[1] ?? 0);
    ttl = Number(res?.[2]?.[1] ?? windowSeconds);
  } catch (e) {
    deps.log.warn({ err: String(e), bucket: bucket.split(':')[0] }, 'rate limiter unavailable');
    return;
  }
  if (count > limit) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.', { retryAfterSeconds: Math.max(1, ttl) });
  }
}
