import { assertSafeKey, isPublicGrant, mimeForKey } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { MediaGrants } from './media.grants';

type MediaQuery = { exp?: string; g?: string; n?: string; sig?: string; download?: string };

/**
 * GET /media/<key>?exp&g&n&sig — serves stored media to holders of a signed URL whose grant
 * still holds (media.grants.ts): the signature proves the server handed the URL out, the grant
 * check that whoever it was handed to may still read it. Correct Content-Type from our own key,
 * a download name (`n`, signed), HTTP Range for audio/video, nosniff, never HTML/SVG inline.
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
    void reply
      .header('content-type', mime)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      // Caches may keep a copy no longer than a grant check is trusted; public media may sit in shared caches.
      .header('cache-control', `${isPublicGrant(signed.grant) ? 'public' : 'private'}, max-age=${deps.env.media.grantCacheSeconds}`)
      .header('content-disposition', `${req.query.download ? 'attachment' : 'inline'}; filename="${signed.fileName}"`)
      .header('content-security-policy', "default-src 'none'; sandbox");

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
