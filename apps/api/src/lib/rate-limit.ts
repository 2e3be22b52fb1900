import { AppError } from '@atelier/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Where a caller stands in its window, e.g. for the IETF RateLimit-* headers. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Fixed-window counter in Redis, so limits hold across processes. When Redis is down the
 * limiter lets the request through (logged): sign-in must not depend on the queue store.
 * `onState` sees the window's state before a refusal (headers on the answer either way).
 */
export async function rateLimit(
  deps: { redis: Redis; log: Logger; env: { redis: { queuePrefix: string } } },
  bucket: string,
  limit: number,
  windowSeconds = 60,
  options: { message?: (state: RateLimitState) => string; onState?: (state: RateLimitState) => void } = {},
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
  const state: RateLimitState = { limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, ttl) };
  options.onState?.(state);
  if (count > limit) {
    throw new AppError('RATE_LIMITED', options.message?.(state) ?? 'Too many attempts. Please wait a moment and try again.', {
      retryAfterSeconds: state.resetSeconds,
    });
  }
}

/** The current count of a window counter (0 when Redis is down: never block on it). */
export async function peekCounter(deps: { redis: Redis; env: { redis: { queuePrefix: string } } }, bucket: string): Promise<number> {
  try {
    return Number((await deps.redis.get(`${deps.env.redis.queuePrefix}:rl:${bucket}`)) ?? 0);
  } catch {
    return 0;
  }
}

/** Counts one event (e.g. a failed sign-in) in a fixed window, without refusing anything. */
export async function bumpCounter(
  deps: { redis: Redis; env: { redis: { queuePrefix: string } } },
  bucket: string,
  windowSeconds = 60,
): Promise<void> {
  const key = `${deps.env.redis.queuePrefix}:rl:${bucket}`;
  await deps.redis
    .multi()
    .incr(key)
    .expire(key, windowSeconds, 'NX')
    .exec()
    .catch(() => {});
}
