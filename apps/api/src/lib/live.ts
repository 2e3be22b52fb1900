import type { Db } from '@atelier/db';
import type { EventBus, RowState } from '@atelier/jobs';
import { sql } from 'kysely';
import type { Logger } from 'pino';

/**
 * Live rows for SSE subscriptions, on the event channel (packages/jobs events.ts).
 *
 * A subscription first SUBSCRIBEs to the row's channel, then reads the row (the truth) and sends
 * it, then applies the events newer than what it read (rows carry a trigger-bumped `version`), so
 * nothing is missed or shown twice. Pub/sub can drop a message (a publisher that died between its
 * write and its publish, a subscriber connection that blipped), so every api process also runs one
 * safety sweep per kind of row: every SWEEP_MS it reads the versions of ALL the rows its
 * subscribers follow in one query and wakes the subscribers whose row moved without an event. An
 * idle subscriber therefore costs no Postgres query of its own; 1,000 of them cost a handful of
 * queries per sweep (bench/sse.mjs measures it).
 */

export const SWEEP_MS = 5000;
const SWEEP_CHUNK = 1000;

export const ABORTED = Symbol('aborted');

/** A queue a subscription waits on: events and wake-ups go in, `next` hands them out one at a time. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | null = null;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  /** The next item, or ABORTED as soon as the signal fires. */
  async next(signal?: AbortSignal): Promise<T | typeof ABORTED> {
    for (;;) {
      if (signal?.aborted) return ABORTED;
      if (this.items.length) return this.items.shift() as T;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal?.removeEventListener('abort', done);
          this.wake = null;
          resolve();
        };
        this.wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }
}

/** What the sweep of one kind of row reads: the probed value per key (absent: the row is gone). */
type Probe = (db: Db, keys: string[]) => Promise<Map<string, unknown>>;

const versionsOf =
  (table: 'generations' | 'exports'): Probe =>
  async (db, keys) =>
    new Map((await db.selectFrom(table).select(['id', 'version']).where('id', 'in', keys).execute()).map((r) => [r.id, r.version]));

/** The probes: row versions; chat replies' status and text length; an SEO project's article versions. */
const PROBES = {
  generation: versionsOf('generations'),
  export: versionsOf('exports'),
  chatReply: async (db, keys) =>
    new Map(
      (
        await db
          .selectFrom('chat_messages')
          .select(['id', 'status', sql<number>`length(content)`.as('length')])
          .where('id', 'in', keys)
          .execute()
      ).map((r) => [r.id, { status: r.status, length: Number(r.length) }]),
    ),
  seoArticle: async (db, keys) => {
    const rows = await db.selectFrom('seo_articles').select(['id', 'seo_project_id', 'version']).where('seo_project_id', 'in', keys).execute();
    const out = new Map<string, Map<string, number>>(keys.map((k) => [k, new Map()]));
    for (const r of rows) out.get(r.seo_project_id)?.set(r.id, r.version);
    return out;
  },
} satisfies Record<string, Probe>;

export type ProbeKind = keyof typeof PROBES;
export interface ChatProbe {
  status: string;
  length: number;
}

/** The per-process safety sweep: subscribers register what they follow; one query per kind per sweep. */
export interface LiveWatch {
  /** Calls `check` with the probed value of `key` on every sweep (undefined: the row is gone) until the returned function is called. */
  watch(kind: ProbeKind, key: string, check: (probed: unknown) => void): () => void;
  /** Subscriptions being followed now. */
  size(): number;
  /** Subscriptions being followed now, by kind (every kind, 0 included): the atelier_sse_subscribers gauge. */
  counts(): Record<ProbeKind, number>;
  close(): void;
}

export function createLiveWatch(db: Db, log: Pick<Logger, 'warn'>, sweepMs = SWEEP_MS): LiveWatch {
  const watchers = new Map<ProbeKind, Map<string, Set<(probed: unknown) => void>>>();
  let timer: NodeJS.Timeout | null = null;
  let count = 0;
  const byKind = Object.fromEntries(Object.keys(PROBES).map((k) => [k, 0])) as Record<ProbeKind, number>;
  /** Bumped by close(): a subscription that ends afterwards was already forgotten. */
  let epoch = 0;

  const sweep = async () => {
    for (const [kind, byKey] of watchers) {
      const keys = [...byKey.keys()];
      for (let i = 0; i < keys.length; i += SWEEP_CHUNK) {
        const chunk = keys.slice(i, i + SWEEP_CHUNK);
        let probed: Map<string, unknown>;
        try {
          probed = await PROBES[kind](db, chunk);
        } catch (e) {
          log.warn({ kind, err: String(e) }, 'live sweep failed; trying again on the next one');
          continue;
        }
        for (const key of chunk) for (const check of byKey.get(key) ?? []) check(probed.get(key));
      }
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      void sweep().finally(() => {
        if (count > 0) schedule();
        else timer = null;
      });
    }, sweepMs);
    timer.unref();
  };

  return {
    watch(kind, key, check) {
      let byKey = watchers.get(kind);
      if (!byKey) {
        byKey = new Map();
        watchers.set(kind, byKey);
      }
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(check);
      count++;
      byKind[kind]++;
      if (!timer) schedule();
      let removed = false;
      const since = epoch;
      return () => {
        if (removed || since !== epoch) return;
        removed = true;
        count--;
        byKind[kind]--;
        set.delete(check);
        if (!set.size) byKey.delete(key);
        if (!byKey.size) watchers.delete(kind);
      };
    },
    size: () => count,
    counts: () => ({ ...byKind }),
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      watchers.clear();
      count = 0;
      epoch++;
      for (const k of Object.keys(byKind) as ProbeKind[]) byKind[k] = 0;
    },
  };
}

export interface LiveDeps {
  events: EventBus;
  live: LiveWatch;
}

/**
 * Follows one generation or export until `done`: subscribe, read, send, then events. An event
 * that only moves the progress is applied to the last output (no query); a status change, a
 * reconnect or a sweep that saw the row move re-reads it.
 */
export async function* followRow<Row extends { version: number }, Out extends { status: string; progress: number }>(
  deps: LiveDeps,
  options: {
    topic: 'generation' | 'export';
    key: string;
    /** Reads the row (and checks access: throws NOT_FOUND for someone else's). */
    load: () => Promise<Row>;
    present: (row: Row) => Out;
    /** Statuses after which nothing changes: the stream ends. */
    terminal: ReadonlySet<string>;
    signal?: AbortSignal | undefined;
  },
): AsyncGenerator<Out> {
  const read = async () => {
    const row = await options.load();
    return { version: row.version, out: options.present(row) };
  };
  const done = (out: Out) => options.terminal.has(out.status);
  const inbox = new Inbox<RowState | 'resync'>();
  let seen = -1;
  const subscription = await deps.events.subscribe(options.topic, options.key, {
    event: (state) => inbox.push(state),
    resync: () => inbox.push('resync'),
  });
  const unwatch = deps.live.watch(options.topic, options.key, (version) => {
    if (version === undefined || (version as number) > seen) inbox.push('resync');
  });
  try {
    let current = await read();
    seen = current.version;
    yield current.out;
    if (done(current.out)) return;
    for (;;) {
      const msg = await inbox.next(options.signal);
      if (msg === ABORTED) return;
      if (msg !== 'resync') {
        if (msg.v <= seen) continue; // read already, or older than what was read
        if (msg.status === current.out.status) {
          seen = msg.v;
          if (msg.progress === current.out.progress) continue;
          current = { version: msg.v, out: { ...current.out, progress: msg.progress } };
          yield current.out;
          continue;
        }
      }
      const next = await read();
      if (next.version <= seen && msg === 'resync') continue;
      seen = Math.max(seen, next.version);
      const changed = next.out.status !== current.out.status || next.out.progress !== current.out.progress;
      current = next;
      if (changed) yield next.out;
      if (done(next.out)) return;
    }
  } finally {
    subscription.unsubscribe();
    unwatch();
  }
}
