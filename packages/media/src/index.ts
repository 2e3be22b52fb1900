import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '@atelier/shared/env';

/**
 * Media storage behind one interface. Keys are server-made (`generations/<user>/<id>.png`):
 * never a user-supplied path. Local disk is the default backend.
 */
export interface MediaStorage {
  put(key: string, data: Buffer, mime: string): Promise<{ key: string; size: number }>;
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Removes every file an owner has under any area (`<area>/<ownerId>/…`); returns how many areas held some. */
  removeOwner(ownerId: string): Promise<number>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/;

/** Rejects traversal, absolute paths and anything but our own key shape. */
export function assertSafeKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) throw new Error(`Invalid media key: ${key}`);
  return key;
}

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    const resolved = path.resolve(this.root, assertSafeKey(key));
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid media key');
    return resolved;
  }

  async put(key: string, data: Buffer): Promise<{ key: string; size: number }> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file); // atomic: readers never see half a file
    return { key, size: data.length };
  }

  async stat(key: string) {
    try {
      const s = await stat(this.file(key));
      return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async removeOwner(ownerId: string): Promise<number> {
    if (!/^[a-zA-Z0-9][a-zA-Z0-9_-]*$/.test(ownerId)) throw new Error('Invalid owner id');
    let areas: string[];
    try {
      areas = await readdir(this.root);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const area of areas) {
      const dir = path.join(this.root, area, ownerId);
      const s = await stat(dir).catch(() => null);
      if (!s?.isDirectory()) continue;
      await rm(dir, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}

/** The deployment's media storage, from its configuration: the one factory the api and the worker use. */
export function createStorage(env: Pick<Env, 'media'>): MediaStorage {
  return new LocalDiskStorage(env.media.dir);
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
};

/** Content type from our own key's extension (keys are server-made, so the extension is ours). */
export function mimeForKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

/**
 * Short-lived signed URLs so <img>/<video> tags work without headers: `/media/<key>?exp=…&sig=…`.
 * Handing one out is the access check: only the owner's reads produce them.
 */
export class MediaSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  private sign(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`media:${key}:${exp}`).digest('base64url');
  }

  url(key: string | null | undefined, now = Date.now()): string | null {
    if (!key) return null;
    if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
    // Round expiry up to the TTL window so repeated reads give cacheable, stable URLs.
    const window = this.ttlSeconds;
    const exp = Math.ceil(now / 1000 / window) * window + window;
    return `/media/${key}?exp=${exp}&sig=${this.sign(key, exp)}`;
  }

  verify(key: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
    const expN = Number(exp);
    if (!sig || !Number.isFinite(expN) || expN * 1000 < now) return false;
    const expected = Buffer.from(this.sign(key, expN));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
