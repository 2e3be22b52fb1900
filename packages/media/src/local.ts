import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafeOwner,
  assertSafePrefix,
  type ListPage,
  MediaNotFoundError,
  type MediaStorage,
  type PresignOptions,
  type StoredObject,
} from './storage';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT' || (e as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/**
 * A folder on local disk (MEDIA_DIR), the default driver. Writes go to a dot-named temp file
 * beside the target and are renamed into place, so readers never see half a file; dot names are
 * never keys, so listings skip them.
 */
export class LocalDiskStorage implements MediaStorage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {}

  private file(key: string): string {
    const resolved = path.resolve(this.root, assertSafeKey(key));
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Invalid media key');
    return resolved;
  }

  /** Writes through a temp file in the target's folder, then renames it into place. */
  private async atomically(key: string, write: (tmp: string) => Promise<void>): Promise<string> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await write(tmp);
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => {});
      throw e;
    }
    return file;
  }

  async put(key: string, data: Buffer): Promise<{ key: string; size: number }> {
    await this.atomically(key, (tmp) => writeFile(tmp, data));
    return { key, size: data.length };
  }

  async putStream(key: string, body: Readable): Promise<{ key: string; size: number }> {
    const file = await this.atomically(key, (tmp) => pipeline(body, createWriteStream(tmp)));
    return { key, size: (await stat(file)).size };
  }

  async putFile(key: string, source: string): Promise<{ key: string; size: number }> {
    const file = await this.atomically(key, (tmp) => copyFile(source, tmp));
    return { key, size: (await stat(file)).size };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.file(key));
      if (!s.isFile()) return null;
      // Every write renames a new file into place (a new inode), so the tag changes with the bytes.
      return { key, size: s.size, mtime: s.mtime, etag: `"${s.ino.toString(36)}-${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"` };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const source = createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    source.on('error', (e) => out.destroy(isMissing(e) ? new MediaNotFoundError(key) : e));
    out.on('close', () => source.destroy());
    source.pipe(out);
    return out;
  }

  async readBuffer(key: string): Promise<Buffer> {
    try {
      return await readFile(this.file(key));
    } catch (e) {
      if (isMissing(e) || (e as NodeJS.ErrnoException).code === 'EISDIR') throw new MediaNotFoundError(key);
      throw e;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = this.file(from);
    if (!(await this.stat(from))) throw new MediaNotFoundError(from);
    await this.atomically(to, (tmp) => copyFile(source, tmp));
  }

  async list(prefix: string, options: { cursor?: string | null; limit?: number } = {}): Promise<ListPage> {
    assertSafePrefix(prefix);
    const limit = Math.max(1, Math.min(options.limit ?? 1000, 1000));
    const keys: string[] = [];
    // One more than a page tells whether there is a next one; the walk stops there.
    for await (const key of this.keysInOrder('', prefix, options.cursor ?? '')) {
      keys.push(key);
      if (keys.length > limit) break;
    }
    const page = keys.slice(0, limit);
    const items: StoredObject[] = [];
    for (const key of page) {
      const s = await this.stat(key);
      if (s) items.push(s);
    }
    return { items, cursor: keys.length > limit ? (page[page.length - 1] ?? null) : null };
  }

  /**
   * Keys under `relDir` that start with `prefix` and sort after `after`, in key (string) order:
   * folders sort as `name/`, so a depth-first walk meets keys in the order S3 lists them, and
   * folders wholly before `after` or outside `prefix` are never opened.
   */
  private async *keysInOrder(relDir: string, prefix: string, after: string): AsyncGenerator<string> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(path.join(this.root, relDir), { withFileTypes: true });
    } catch (e) {
      if (isMissing(e)) return;
      throw e;
    }
    const sorted = entries
      .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || e.isFile())) // dot names: temp files, never keys
      .map((e) => {
        const rel = relDir ? `${relDir}/${e.name}` : e.name;
        return { rel, dir: e.isDirectory(), order: e.isDirectory() ? `${rel}/` : rel };
      })
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    for (const e of sorted) {
      if (e.dir) {
        const inside = e.order;
        if (!(inside.startsWith(prefix) || prefix.startsWith(inside))) continue;
        if (inside < after && !after.startsWith(inside)) continue;
        yield* this.keysInOrder(e.rel, prefix, after);
      } else if (e.rel.includes('/') && e.rel.startsWith(prefix) && e.rel > after) {
        yield e.rel;
      }
    }
  }

  private async walk(relDir: string, out: string[]): Promise<void> {
    for await (const key of this.keysInOrder(relDir, '', '')) out.push(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async removeOwner(ownerId: string): Promise<number> {
    assertSafeOwner(ownerId);
    let areas: string[];
    try {
      areas = await readdir(this.root);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const area of areas) {
      if (area.startsWith('.')) continue;
      const dir = path.join(this.root, area, ownerId);
      const s = await stat(dir).catch(() => null);
      if (!s?.isDirectory()) continue;
      const held: string[] = [];
      await this.walk(`${area}/${ownerId}`, held);
      await rm(dir, { recursive: true, force: true });
      if (held.length) removed += 1;
    }
    return removed;
  }

  async presignGet(_key: string, _options: PresignOptions): Promise<string | null> {
    return null;
  }
}
