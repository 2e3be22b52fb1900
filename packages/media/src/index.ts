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
  flac: 'audio/flac',
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
 * Why the holder of a media URL may read it. Every URL names its grant, the grant is inside the
 * signature, and the media route checks on each request (cached briefly) that the grant still
 * holds — so revoking a share link, removing a collaborator or unpublishing an article cuts off
 * the URLs already handed out, not only new ones.
 * - `user`: the user's own files (the key lies under `<area>/<userId>/`).
 * - `project`: a member (owner or collaborator) reading a project's media.
 * - `share`: a public share link's media (stable: no expiry, absolute).
 * - `article`: a published SEO article's images (stable: no expiry, absolute).
 */
export type MediaGrant =
  | { kind: 'user'; userId: string }
  | { kind: 'project'; projectId: string; userId: string }
  | { kind: 'share'; linkId: string }
  | { kind: 'article'; articleId: string };

const ID = '[0-9a-zA-Z][0-9a-zA-Z_-]{0,63}';
const GRANT_PATTERN = new RegExp(`^(?:u\\.(${ID})|p\\.(${ID})\\.(${ID})|s\\.(${ID})|a\\.(${ID}))$`);

/** The compact form a URL carries: `u.<user>`, `p.<project>.<user>`, `s.<link>`, `a.<article>`. */
export function encodeGrant(g: MediaGrant): string {
  switch (g.kind) {
    case 'user':
      return `u.${g.userId}`;
    case 'project':
      return `p.${g.projectId}.${g.userId}`;
    case 'share':
      return `s.${g.linkId}`;
    case 'article':
      return `a.${g.articleId}`;
  }
}

export function decodeGrant(text: string | undefined): MediaGrant | null {
  const m = text ? GRANT_PATTERN.exec(text) : null;
  if (!m) return null;
  if (m[1]) return { kind: 'user', userId: m[1] };
  if (m[2] && m[3]) return { kind: 'project', projectId: m[2], userId: m[3] };
  if (m[4]) return { kind: 'share', linkId: m[4] };
  if (m[5]) return { kind: 'article', articleId: m[5] };
  return null;
}

/** Public grants give stable URLs (absolute, no expiry); private ones expire. */
export const isPublicGrant = (g: MediaGrant) => g.kind === 'share' || g.kind === 'article';

/** The owner segment of a server-made key (`<area>/<ownerId>/…`). */
export function keyOwner(key: string): string | null {
  return key.split('/')[1] ?? null;
}

/**
 * A download file name from a human name (a prompt, an export's name) and the key's extension:
 * "Poster v1" + `…/e532b5.png` → `poster-v1.png`. ASCII only, so it fits a header as is.
 */
export function downloadFileName(name: string | null | undefined, key: string, fallback = 'download'): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(key)?.[1]?.toLowerCase();
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  const base = slug || fallback;
  return ext ? `${base}.${ext}` : base;
}

const FILE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}(\.[a-z0-9]{1,5})?$/;

/** What a valid media URL says: the key, its grant and the download name it was signed with. */
export interface VerifiedMedia {
  key: string;
  grant: MediaGrant;
  /** The file name for Content-Disposition (also for a presigned URL's response-content-disposition). */
  fileName: string;
  /** Seconds since the epoch after which the URL stops answering; null for public, stable URLs. */
  expiresAt: number | null;
}

export interface MediaUrlOptions {
  /** A name or prompt the download is named after (slugged, with the key's extension). */
  name?: string | null | undefined;
  now?: number;
}

/**
 * Signs media URLs so <img>/<video> tags work without headers:
 * `/media/<key>?exp=…&g=<grant>&n=<file name>&sig=…` (public grants: absolute from PUBLIC_URL,
 * no `exp`). `for(grant)` gives the URL maker of one grant; the media route `verify`s and then
 * checks that the grant still holds.
 */
export class MediaSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    /** Origin of PUBLIC_URL: public URLs are absolute. */
    readonly publicOrigin = '',
  ) {}

  private sign(key: string, exp: number | null, grant: string, name: string): string {
    return createHmac('sha256', this.secret)
      .update(`media:v2\n${key}\n${exp ?? ''}\n${grant}\n${name}`)
      .digest('base64url');
  }

  /** The URL maker of one grant. */
  for(grant: MediaGrant): MediaUrls {
    return new MediaUrls(this, grant);
  }

  /** @internal Used by MediaUrls. */
  make(key: string | null | undefined, grant: MediaGrant, options: MediaUrlOptions = {}): string | null {
    if (!key) return null;
    if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
    const g = encodeGrant(grant);
    const name = options.name ? downloadFileName(options.name, key) : '';
    const n = name ? `&n=${name}` : '';
    if (isPublicGrant(grant)) return `${this.publicOrigin}/media/${key}?g=${g}${n}&sig=${this.sign(key, null, g, name)}`;
    // Round expiry up to the TTL window so repeated reads give cacheable, stable URLs.
    const window = this.ttlSeconds;
    const exp = Math.ceil((options.now ?? Date.now()) / 1000 / window) * window + window;
    return `/media/${key}?exp=${exp}&g=${g}${n}&sig=${this.sign(key, exp, g, name)}`;
  }

  /** The URL's key, grant and file name when its signature is ours and it has not expired; else null. */
  verify(key: string, query: { exp?: string; g?: string; n?: string; sig?: string }, now = Date.now()): VerifiedMedia | null {
    const grant = decodeGrant(query.g);
    if (!grant || !query.sig) return null;
    const name = query.n ?? '';
    if (name && !FILE_NAME_PATTERN.test(name)) return null;
    let exp: number | null = null;
    if (isPublicGrant(grant)) {
      if (query.exp !== undefined) return null;
    } else {
      exp = Number(query.exp);
      if (!query.exp || !Number.isInteger(exp) || exp * 1000 < now) return null;
    }
    const expected = Buffer.from(this.sign(key, exp, encodeGrant(grant), name));
    const given = Buffer.from(query.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { key, grant, fileName: name || (key.split('/').pop() ?? 'download'), expiresAt: exp };
  }
}

/** Media URLs under one grant (a request's viewer, a project member, a share link, an article). */
export class MediaUrls {
  constructor(
    private readonly signer: MediaSigner,
    readonly grant: MediaGrant,
  ) {}

  url(key: string | null | undefined, options?: MediaUrlOptions): string | null {
    return this.signer.make(key, this.grant, options);
  }

  /** The same holder reading a project's media: the URL answers while they are still a member. */
  forProject(projectId: string): MediaUrls {
    if (this.grant.kind !== 'user' && this.grant.kind !== 'project') throw new Error('Only a user can read project media');
    return new MediaUrls(this.signer, { kind: 'project', projectId, userId: this.grant.userId });
  }

  /** Public, stable URLs of a share link's media: they answer while the link is live. */
  forShare(linkId: string): MediaUrls {
    return this.signer.for({ kind: 'share', linkId });
  }

  /** Public, stable URLs of an article's images: they answer while it is published and shows them. */
  forArticle(articleId: string): MediaUrls {
    return this.signer.for({ kind: 'article', articleId });
  }
}
