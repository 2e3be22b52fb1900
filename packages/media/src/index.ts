import { createHmac, timingSafeEqual } from 'node:crypto';

export { createStorage } from './factory';
export { LocalDiskStorage } from './local';
export { S3Storage, type S3StorageOptions } from './s3';
export {
  assertSafeKey,
  type ListPage,
  listAll,
  MediaNotFoundError,
  type MediaStorage,
  type PresignOptions,
  type StoredObject,
  streamToBuffer,
} from './storage';
export { removeUnreferenced, type SweepResult, sweepOrphanMedia } from './sweep';

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
