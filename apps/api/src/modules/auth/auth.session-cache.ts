import { createRedis } from '@atelier/jobs';
import type { Redis } from 'ioredis';

/**
 * The per-process mirror of live sessions that keeps Postgres off the hot path of every
 * authenticated request, with revocation that every replica sees on the very next request.
 *
 * - A session is read from Postgres the first time this process sees it (the very same query as
 *   before), then served from memory: the signed access token is still verified on every request.
 * - Whatever ends or changes a user's sessions (logout, password change or reset, admin ban or role
 *   change, refresh-token reuse, e-mail change, account deletion) commits in Postgres, then
 *   publishes the user ids on one Redis channel and WAITS for the publish before it answers
 *   (`announceAuthChange`). Every replica holds one subscriber connection on that channel and drops
 *   the users' cached sessions when the message arrives; their next request reads Postgres again.
 *   Redis flushes the publisher's reply FIRST and the subscribers' copies right after, in the same
 *   flush; so the publisher follows with one more round trip (a PING), which Redis can only read
 *   after that flush: once it is answered, the message is waiting on each replica's socket before
 *   the client can send its next request.
 * - A lookup that started before a change and finished after it is never cached (an epoch counter
 *   bumped by every message), so a stale "valid" can't outlive the change.
 * - While the subscriber connection is not subscribed (start-up, a Redis outage, a reconnect), the
 *   mirror is empty and every request reads Postgres, exactly as without the cache: messages
 *   published meanwhile may be lost, so nothing cached before the gap is trusted after it.
 */
export interface CachedSession {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** The session's last "last active" write as this process knows it (ms since epoch, 0 = never). */
  lastActiveAt: number;
  /** When this entry stops being trusted (a safety net; invalidation is pushed). */
  staleAt: number;
}

export interface SessionCache {
  /** The cached session, or undefined (not cached, or the mirror is not live). */
  get(sessionId: string): CachedSession | undefined;
  /** Call before a Postgres lookup; pass the result to `put` so a change that raced the lookup wins. */
  epoch(): number;
  put(sessionId: string, session: Omit<CachedSession, 'staleAt'>, epochAtLookup: number): void;
  /** True while the subscription is confirmed and changes are being received. */
  live(): boolean;
  /** Resolves once the subscription is confirmed (or after `timeoutMs`); for tests and start-up. */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Drops the users' sessions from this process's mirror (what a received message does). */
  forget(userIds: readonly string[]): void;
  size(): number;
  close(): Promise<void>;
}

/** The Redis channel of auth changes for a deployment (its queue prefix). */
export const authChannel = (prefix: string) => `${prefix}:auth:changed`;

/** How long a cached session is trusted without a new Postgres read, should a message ever be lost. */
const ENTRY_TTL_MS = 5 * 60_000;
/** A bound on the mirror's memory: past it, the oldest entries are dropped (they reload on demand). */
const MAX_ENTRIES = 50_000;

export function createSessionCache(options: {
  redisUrl: string;
  prefix: string;
  log?: { warn: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };
}): SessionCache {
  const channel = authChannel(options.prefix);
  const sessions = new Map<string, CachedSession>();
  let epoch = 0;
  let subscribed = false;
  let closed = false;
  const waiters = new Set<() => void>();

  const clear = () => {
    sessions.clear();
    epoch++;
  };

  const sub: Redis = createRedis(options.redisUrl, { blocking: true, connectionName: `${options.prefix}:auth`, autoResubscribe: false });
  sub.on('close', () => {
    if (subscribed) options.log?.warn({}, 'auth change channel lost: sessions are read from Postgres until it is back');
    subscribed = false;
    clear();
  });
  // Every (re)connection subscribes anew; only once Redis confirms is the mirror trusted again.
  sub.on('ready', () => {
    if (closed) return;
    sub
      .subscribe(channel)
      .then(() => {
        clear();
        subscribed = true;
        for (const w of waiters) w();
        waiters.clear();
      })
      .catch((e: unknown) => options.log?.debug({ err: String(e) }, 'auth change channel: subscribe failed'));
  });
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const parsed = JSON.parse(message) as { users?: unknown };
      const users = Array.isArray(parsed.users) ? parsed.users.filter((u): u is string => typeof u === 'string') : null;
      // Anything unreadable: trust nothing cached.
      if (!users) clear();
      else forget(users);
    } catch {
      clear();
    }
  });

  const forget = (userIds: readonly string[]) => {
    epoch++;
    if (!userIds.length) return;
    const set = new Set(userIds);
    for (const [sid, s] of sessions) if (set.has(s.userId)) sessions.delete(sid);
  };

  return {
    get(sessionId) {
      if (!subscribed) return undefined;
      const s = sessions.get(sessionId);
      if (!s) return undefined;
      if (s.staleAt <= Date.now()) {
        sessions.delete(sessionId);
        return undefined;
      }
      return s;
    },
    epoch: () => epoch,
    put(sessionId, session, epochAtLookup) {
      if (!subscribed || epochAtLookup !== epoch) return;
      if (sessions.size >= MAX_ENTRIES) {
        const oldest = sessions.keys().next();
        if (!oldest.done) sessions.delete(oldest.value);
      }
      // The very object the caller holds: its later "last active" bookkeeping lands in the mirror.
      sessions.set(sessionId, Object.assign(session, { staleAt: Date.now() + ENTRY_TTL_MS }));
    },
    live: () => subscribed,
    ready(timeoutMs = 5000) {
      if (subscribed) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve(subscribed);
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          resolve(subscribed);
        }, timeoutMs);
        timer.unref();
        waiters.add(done);
      });
    },
    forget,
    size: () => sessions.size,
    async close() {
      closed = true;
      subscribed = false;
      clear();
      for (const w of waiters) w();
      waiters.clear();
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}

/**
 * Tells every api replica (this one included) that these users' sessions changed: call after the
 * change has COMMITTED, and await it before answering, so the client's next request — on whichever
 * replica — sees it. When Redis is unreachable the replicas' subscriptions are down too, and they
 * read Postgres on every request until they resubscribe.
 */
export async function announceAuthChange(
  deps: {
    redis: Redis;
    env: { redis: { queuePrefix: string } };
    sessions?: SessionCache | undefined;
    log?: { warn: (obj: object, msg: string) => void };
  },
  userIds: readonly string[],
): Promise<void> {
  if (!userIds.length) return;
  // This process first: its own next request must not wait for the round trip through Redis.
  deps.sessions?.forget(userIds);
  try {
    await deps.redis.publish(authChannel(deps.env.redis.queuePrefix), JSON.stringify({ users: userIds }));
    // Not pipelined with the publish: Redis writes replies before subscribers' copies within one
    // flush, and reads this PING only after that flush, so its answer means every copy was sent.
    await deps.redis.ping();
  } catch (e) {
    deps.log?.warn({ err: String(e) }, 'auth change not published (Redis unreachable): replicas read sessions from Postgres until they resubscribe');
  }
}
