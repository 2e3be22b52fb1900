import { type Db, referencedMediaKeys } from '@atelier/db';
import { listAll, MEDIA_AREAS, type MediaStorage, type StoredObject } from './storage';

interface SweepLog {
  info(obj: object, msg: string): void;
}

const BATCH = 500;

/**
 * Removes the files among `keys` that no row refers to any more (see the reference registry in
 * packages/db). Call it after deleting rows that held media keys; returns the keys removed.
 */
export async function removeUnreferenced(deps: { db: Db; storage: MediaStorage }, keys: readonly (string | null | undefined)[]): Promise<string[]> {
  const candidates = [...new Set(keys.filter((k): k is string => typeof k === 'string' && /^[a-z0-9]/.test(k) && !/^https?:/.test(k)))];
  const removed: string[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const kept = await referencedMediaKeys(deps.db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await deps.storage.remove(key);
      removed.push(key);
    }
  }
  return removed;
}

export interface SweepResult {
  /** Objects looked at (in the app's areas). */
  scanned: number;
  /** Objects old enough to be judged. */
  candidates: number;
  removed: number;
  bytesRemoved: number;
}

/**
 * The periodic orphan sweep: removes objects in the app's areas (`generations/`, `uploads/`,
 * `exports/`) that are older than `olderThanMs` (default 24 h) and that no row refers to. The age
 * keeps files that are being written right now (a render stores its output before its row says
 * so; an upload is referenced by the generation made from it a moment later). Works page by page,
 * so a bucket of any size is swept in bounded memory. Safe to run from several processes at once,
 * but meant to run once per period (a job scheduler).
 */
export async function sweepOrphanMedia(options: {
  db: Db;
  storage: MediaStorage;
  log?: SweepLog;
  olderThanMs?: number;
  now?: Date;
}): Promise<SweepResult> {
  const { db, storage, log } = options;
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? 24 * 3600_000);
  const result: SweepResult = { scanned: 0, candidates: 0, removed: 0, bytesRemoved: 0 };
  let batch: StoredObject[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const kept = await referencedMediaKeys(
      db,
      batch.map((o) => o.key),
    );
    for (const o of batch) {
      if (kept.has(o.key)) continue;
      await storage.remove(o.key);
      result.removed += 1;
      result.bytesRemoved += o.size;
    }
    batch = [];
  };
  for (const area of MEDIA_AREAS) {
    for await (const o of listAll(storage, `${area}/`)) {
      result.scanned += 1;
      if (o.mtime.getTime() > cutoff) continue;
      result.candidates += 1;
      batch.push(o);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  if (result.removed) log?.info({ ...result }, 'removed orphan media');
  return result;
}
