import type { Readable } from 'node:stream';

/** What a stored object is: its key, size in bytes, last write time and an entity tag. */
export interface StoredObject {
  key: string;
  size: number;
  mtime: Date;
  /** Opaque, quoted entity tag: changes whenever the bytes are written again. */
  etag: string;
}

export interface ListPage {
  items: StoredObject[];
  /** Pass back to get the next page; null when this was the last one. */
  cursor: string | null;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** Content-Disposition the store answers with (e.g. `attachment; filename="a.png"`). */
  contentDisposition?: string;
  contentType?: string;
}

/**
 * Media storage behind one interface. Keys are server-made (`generations/<user>/<id>.png`):
 * never a user-supplied path. Two drivers: LocalDiskStorage (a folder, the default) and
 * S3Storage (any S3-compatible store). Every read and write of media goes through here.
 */
export interface MediaStorage {
  readonly driver: 'local' | 's3';
  /** Writes a small object from memory (atomic: readers see the old or the new bytes, never half). */
  put(key: string, data: Buffer, mime: string): Promise<{ key: string; size: number }>;
  /** Writes a stream of unknown length (multipart on S3, so large exports never sit in memory). */
  putStream(key: string, body: Readable, mime: string): Promise<{ key: string; size: number }>;
  /** Writes a local file (e.g. ffmpeg's output in a temp folder); the file itself is left alone. */
  putFile(key: string, file: string, mime: string): Promise<{ key: string; size: number }>;
  stat(key: string): Promise<StoredObject | null>;
  /** Streams the object (or an inclusive byte range); a missing key errors the stream with MediaNotFoundError. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The whole object in memory; throws MediaNotFoundError when it is missing. */
  readBuffer(key: string): Promise<Buffer>;
  /** Server-side copy; throws MediaNotFoundError when `from` is missing. */
  copy(from: string, to: string): Promise<void>;
  /** One page of the objects whose key starts with `prefix`, in key order. */
  list(prefix: string, options?: { cursor?: string | null; limit?: number }): Promise<ListPage>;
  /** Removes one object; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object an owner has under any area (`<area>/<ownerId>/…`); returns how many areas held some. */
  removeOwner(ownerId: string): Promise<number>;
  /**
   * A short-lived URL that reads the object straight from the store, or null when the driver has
   * none (local disk: the api streams it).
   */
  presignGet(key: string, options: PresignOptions): Promise<string | null>;
}

/** Thrown (or emitted by read streams) when a key has no object. */
export class MediaNotFoundError extends Error {
  readonly code = 'MEDIA_NOT_FOUND';
  constructor(readonly key: string) {
    super(`Media not found: ${key}`);
    this.name = 'MediaNotFoundError';
  }
}

/** The top-level folders the app writes: `<area>/<ownerId>/<file>`. */
export const MEDIA_AREAS = ['generations', 'uploads', 'exports'] as const;

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/;
const OWNER_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]*$/;

/** Rejects traversal, absolute paths and anything but our own key shape. */
export function assertSafeKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 300) throw new Error(`Invalid media key: ${key}`);
  return key;
}

export function assertSafeOwner(ownerId: string): string {
  if (!OWNER_PATTERN.test(ownerId)) throw new Error('Invalid owner id');
  return ownerId;
}

/** A listing prefix: empty, or the start of a key (no traversal, no leading slash). */
export function assertSafePrefix(prefix: string): string {
  if (prefix !== '' && (!/^[a-z0-9][a-zA-Z0-9._/-]*$/.test(prefix) || prefix.includes('..') || prefix.includes('//') || prefix.length > 300)) {
    throw new Error(`Invalid media prefix: ${prefix}`);
  }
  return prefix;
}

/** Every object under a prefix, page after page. */
export async function* listAll(storage: MediaStorage, prefix: string, pageSize = 1000): AsyncGenerator<StoredObject> {
  let cursor: string | null = null;
  do {
    const page: ListPage = await storage.list(prefix, { cursor, limit: pageSize });
    yield* page.items;
    cursor = page.cursor;
  } while (cursor);
}

/** Collects a stream into one Buffer. */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}
