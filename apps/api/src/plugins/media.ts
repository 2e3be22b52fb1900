import { assertSafeKey, isPublicGrant, mimeForKey } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { MediaGrants } from './media.grants';

type MediaQuery = { exp?: string; g?: string; n?: string; sig?: string; download?: string };

/**
 * GET /media/<key>?exp&g&n&sig — serves stored media to holders of a signed URL whose grant
 * still holds (media.grants.ts): the signature proves the server handed the URL out, the grant
 * check that whoever it was handed to may still read it. From whichever storage driver holds it:
 * MEDIA_DELIVERY=proxy (default) streams it through the api — correct Content-Type from our own key,
 * a download name (`n`, signed), HTTP Range for audio/video, ETag with If-None-Match → 304, nosniff,
 * never HTML/SVG inline; MEDIA_DELIVERY=redirect answers 302 to a short-lived presigned URL of the store.
 */
export async function registerMedia(app: FastifyInstance, deps: Pick<AppDeps, 'storage' | 'media' | 'db' | 'env'>) {
  const grants = new MediaGrants(deps.db, deps.env.media.grantCacheSeconds);
  app.get<{ Params: { '*': string }; Querystring: MediaQuery }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    try {
      assertSafeKey(key);
    } catch {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Media not found' } });
    }
    const signed = deps.media.verify(key, req.query);
    if (!signed || !(await grants.allows(signed))) {
      return reply.status(403).send({ error: { code: 'FORBIDDEN', message: 'This media link has expired or is not valid' } });
    }
    const info = await deps.storage.stat(key);
    if (!info) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Media not found' } });
    const mime = mimeForKey(key);
    const disposition = `${req.query.download ? 'attachment' : 'inline'}; filename="${signed.fileName}"`;
    // Caches may keep a copy no longer than a grant check is trusted; public media may sit in shared caches.
    const cacheControl = `${isPublicGrant(signed.grant) ? 'public' : 'private'}, max-age=${deps.env.media.grantCacheSeconds}`;

    // MEDIA_DELIVERY=redirect: the store serves the bytes itself, through a short-lived presigned
    // URL (drivers without one, i.e. local disk, stream as in proxy mode).
    if (deps.env.storage.delivery === 'redirect') {
      const direct = await deps.storage.presignGet(key, {
        expiresInSeconds: PRESIGNED_TTL_SECONDS,
        contentDisposition: disposition,
        contentType: mime,
      });
      if (direct) return reply.status(302).header('cache-control', 'private, no-store').header('location', direct).send();
    }

    void reply
      .header('content-type', mime)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cacheControl)
      .header('etag', info.etag)
      .header('last-modified', info.mtime.toUTCString())
      .header('content-disposition', disposition)
      .header('content-security-policy', "default-src 'none'; sandbox");

    if (etagMatches(req.headers['if-none-match'], info.etag)) return reply.status(304).send();

    const range = req.headers.range;
    if (range) {
      const m = /^bytes=(\d*)-(\d*)$/.exec(range);
      let start = m?.[1] ? Number(m[1]) : Number.NaN;
      let end = m?.[2] ? Number(m[2]) : info.size - 1;
      if (m && !m[1] && m[2]) {
        start = Math.max(0, info.size - Number(m[2]));
        end = info.size - 1;
      }
      if (!m || !Number.isFinite(start) || start > end || start >= info.size) {
        return reply.status(416).header('content-range', `bytes */${info.size}`).send();
      }
      end = Math.min(end, info.size - 1);
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', end - start + 1)
        .send(deps.storage.read(key, { start, end }));
    }
    return reply.header('content-length', info.size).send(deps.storage.read(key));
  });
}

/**
 * Lifetime of the presigned URL a redirect hands out: long enough to start reading, short enough
 * that revoking a grant (share link, membership, unpublished article) cuts the store off within a minute.
 */
const PRESIGNED_TTL_SECONDS = 60;

/** If-None-Match holds `*` or a list of (possibly weak) tags; weak comparison, as for GET. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}
