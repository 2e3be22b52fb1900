import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createRedis } from './redis';

/**
 * The cross-process event channel: whichever process writes a status, progress or chat token
 * publishes it once; every api replica's SSE subscribers get it through Redis.
 *
 * Transport: Redis pub/sub (PUBLISH / SUBSCRIBE), one channel per topic and key
 * (`<QUEUE_PREFIX>:ev:<topic>:<key>`). Each process holds ONE subscriber connection; channel
 * subscriptions are reference-counted (the first local listener SUBSCRIBEs, the last one
 * UNSUBSCRIBEs) and messages fan out to local listeners in memory, so 1,000 SSE clients watching
 * one generation cost one Redis subscription. A process's own events reach its own listeners in
 * memory at once (the api and the worker in one process, as `npm start` runs them: no Redis round
 * trip, and no loss while Redis is away); the Redis copy carries the bus's origin id, and the bus
 * that sent it skips it on receipt, so each listener gets each event once. Pub/sub is
 * fire-and-forget: a message published while a subscriber is disconnected is lost. Events are
 * therefore hints, never the truth — the Postgres row is. Listeners follow the rule "subscribe, then
 * read the row, then apply events newer than what was read" (row topics carry the row's monotonic
 * `version` as `v`, chat deltas carry their text offset) and re-read the row when told to `resync`
 * (the connection came back) and on a slow safety check of their own.
 *
 * Adding a topic is one line in EVENTS below: a name and the zod schema of its payload. Publishers
 * call `publish(topic, key, payload)` (validated against the schema); subscribers call
 * `subscribe(topic, key, handler)` and get typed payloads (messages that fail the schema — e.g.
 * from a process running older code — are dropped).
 */

/** A row's state after a write: its `version` (bumped by a trigger on every UPDATE), status and progress. */
const ZRowState = z.object({ v: z.number().int().min(0), status: z.string().min(1), progress: z.number().min(0).max(100) });

export const EVENTS = {
  /** A generation's status/progress changed. Key: generation id. */
  generation: ZRowState,
  /** A project export's status/progress changed (video, segments, image-editor and sound-editor renders). Key: export id. */
  export: ZRowState,
  /** An SEO article's status/progress changed. Key: the SEO project id (its article lists follow one channel). */
  seoArticle: ZRowState.extend({ articleId: z.uuid() }),
  /**
   * A chat reply being written. Key: message id. `delta`: text appended at `offset`; `snapshot`: the
   * whole text so far (answer to a `sync`); `end`: the reply ended (read the row for the result).
   */
  chatReply: z.discriminatedUnion('type', [
    z.object({ type: z.literal('snapshot'), status: z.string().min(1), text: z.string() }),
    z.object({ type: z.literal('delta'), offset: z.number().int().min(0), text: z.string() }),
    z.object({ type: z.literal('end') }),
  ]),
  /** Asks the process writing a chat reply to stop it, or to publish a `snapshot`. Key: message id. */
  chatControl: z.object({ action: z.enum(['stop', 'sync']) }),
} satisfies Record<string, z.ZodType>;

export type Topic = keyof typeof EVENTS;
export type EventPayload<T extends Topic> = z.infer<(typeof EVENTS)[T]>;
export type RowState = z.infer<typeof ZRowState>;

export interface EventHandler<T extends Topic> {
  event(payload: EventPayload<T>): void;
  /** The subscriber connection came back after a drop: messages may have been lost; re-read the row. */
  resync?(): void;
}

export interface EventSubscription {
  unsubscribe(): void;
}

export interface EventPublisher {
  /**
   * Publishes one event; resolves with how many subscriber connections got it (Redis unreachable:
   * 1 when listeners of this process got it in memory, else 0).
   */
  publish<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): Promise<number>;
}

export interface EventBus extends EventPublisher {
  /** Resolves once Redis confirmed the subscription, so a row read after it misses no later event. */
  subscribe<T extends Topic>(topic: T, key: string, handler: EventHandler<T>): Promise<EventSubscription>;
  /** Channels this process listens on and the handlers attached to them. */
  stats(): { channels: number; handlers: number };
  close(): Promise<void>;
}

interface Channel {
  topic: Topic;
  handlers: Set<EventHandler<any>>;
  ready: Promise<unknown>;
}

/** The key naming the publishing bus in a message on Redis (topics' schemas drop it on receipt). */
const ORIGIN = '_origin';

/** How long `subscribe` waits for Redis to confirm before it lets the caller go on. */
const SUBSCRIBE_WAIT_MS = 3000;

type Log = { warn: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };

/**
 * One bus per process. `publisher` lets the caller share its (fail-fast) Redis connection for
 * PUBLISH; the subscriber connection is opened on the first `subscribe`.
 */
export function createEventBus(options: { redisUrl: string; prefix: string; publisher?: Redis; log?: Log }): EventBus {
  const base = `${options.prefix}:ev:`;
  const channelOf = (topic: Topic, key: string) => `${base}${topic}:${key}`;
  const publisher = options.publisher ?? createRedis(options.redisUrl);
  const channels = new Map<string, Channel>();
  /** Marks this bus's messages on Redis: its own copies come back to its subscriber and are skipped. */
  const origin = randomUUID();
  let subscriber: Redis | null = null;
  let closed = false;

  const connect = (): Redis => {
    if (subscriber) return subscriber;
    // Named, so operators (CLIENT LIST) and tests can tell it apart.
    const sub = createRedis(options.redisUrl, { blocking: true, connectionName: `${options.prefix}:events` });
    let lost = false;
    sub.on('close', () => {
      lost = true;
    });
    // Reconnected (ioredis re-subscribes every channel by itself): whatever was published meanwhile is gone.
    sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      for (const ch of channels.values()) for (const h of ch.handlers) safely(() => h.resync?.());
    });
    sub.on('message', (channel: string, message: string) => {
      const ch = channels.get(channel);
      if (!ch) return;
      let payload: unknown;
      try {
        const raw = JSON.parse(message) as Record<string, unknown> | null;
        // This bus's own event: its listeners had it in memory when it was published.
        if (raw?.[ORIGIN] === origin) return;
        payload = EVENTS[ch.topic].parse(raw);
      } catch (e) {
        options.log?.debug({ channel, err: String(e) }, 'dropped an event that does not match its topic');
        return;
      }
      for (const h of ch.handlers) safely(() => h.event(payload));
    });
    subscriber = sub;
    return sub;
  };

  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      options.log?.warn({ err: String(e) }, 'event handler failed');
    }
  };

  return {
    async publish(topic, key, payload) {
      const parsed = EVENTS[topic].safeParse(payload);
      if (!parsed.success) {
        options.log?.warn({ topic, err: parsed.error.message }, 'refused to publish an event that does not match its topic');
        return 0;
      }
      const name = channelOf(topic, key);
      // This process's listeners, in memory: those listening when it is delivered (a microtask
      // later, in publish order), as Redis would deliver it.
      const local = channels.get(name);
      if (local?.handlers.size) {
        queueMicrotask(() => {
          for (const h of channels.get(name)?.handlers ?? []) safely(() => h.event(parsed.data));
        });
      }
      try {
        return await publisher.publish(name, JSON.stringify({ ...parsed.data, [ORIGIN]: origin }));
      } catch (e) {
        // Lost events are recovered by the subscribers' re-reads; the write that caused it stands.
        options.log?.debug({ topic, err: String(e) }, 'event not published');
        return local?.handlers.size ? 1 : 0;
      }
    },

    async subscribe(topic, key, handler) {
      if (closed) throw new Error('The event bus is closed');
      const name = channelOf(topic, key);
      let ch = channels.get(name);
      if (!ch) {
        ch = { topic, handlers: new Set(), ready: connect().subscribe(name) };
        channels.set(name, ch);
      }
      ch.handlers.add(handler);
      const current = ch;
      // Redis down: don't hang the caller. The subscription is made when Redis is back (and the
      // listeners' safety re-reads cover the gap).
      await Promise.race([current.ready.catch(() => {}), new Promise((r) => setTimeout(r, SUBSCRIBE_WAIT_MS).unref())]);
      let done = false;
      return {
        unsubscribe() {
          if (done) return;
          done = true;
          current.handlers.delete(handler);
          if (current.handlers.size || channels.get(name) !== current) return;
          channels.delete(name);
          subscriber?.unsubscribe(name).catch(() => {});
        },
      };
    },

    stats() {
      let handlers = 0;
      for (const ch of channels.values()) handlers += ch.handlers.size;
      return { channels: channels.size, handlers };
    },

    async close() {
      closed = true;
      channels.clear();
      if (subscriber) {
        const sub = subscriber;
        subscriber = null;
        await sub.quit().catch(() => sub.disconnect());
      }
      if (!options.publisher) publisher.disconnect();
    },
  };
}

/** A row after a write, as `RETURNING id, version, status, progress` gives it. */
export interface WrittenRow {
  id: string;
  version: number;
  status: string;
  progress: number;
}

/**
 * Announces a generation's or an export's new state (nothing when the write changed no row).
 * Fire and forget: `publish` never rejects, and a lost event is caught up by the listeners' re-reads.
 */
export function announceRow(events: EventPublisher, topic: 'generation' | 'export', row: WrittenRow | null | undefined): void {
  if (row) void events.publish(topic, row.id, { v: row.version, status: row.status, progress: row.progress });
}

/** Announces an SEO article's new state on its SEO project's channel. */
export function announceArticle(events: EventPublisher, row: (WrittenRow & { seo_project_id: string }) | null | undefined): void {
  if (row) void events.publish('seoArticle', row.seo_project_id, { articleId: row.id, v: row.version, status: row.status, progress: row.progress });
}
