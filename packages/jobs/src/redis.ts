import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one way every process opens Redis. `blocking` connections (BullMQ workers, the event
 * subscriber) wait through outages: `maxRetriesPerRequest: null`, commands queue while offline.
 * The default (producers: the api's queue client, rate limits, event publishing) fails fast when
 * Redis is down, so a request answers 503 instead of hanging.
 */
export function createRedis(url: string, options: RedisOptions & { blocking?: boolean } = {}): Redis {
  const { blocking, ...rest } = options;
  const redis = blocking
    ? new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...rest })
    : new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, ...rest });
  // An unheard 'error' is printed as a stack trace per reconnect attempt; callers see failed commands.
  redis.on('error', () => {});
  return redis;
}
