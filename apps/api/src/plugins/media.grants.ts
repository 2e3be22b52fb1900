import type { Db } from '@atelier/db';
import { encodeGrant, keyOwner, type MediaGrant, type VerifiedMedia } from '@atelier/media';
import { MEDIA_REF_PREFIX } from '@atelier/shared';
import { sql } from 'kysely';

const MAX_ENTRIES = 10_000;

/**
 * Whether the grant a media URL was signed with still holds (see MediaGrant). Checked on every
 * media request against Postgres, with answers kept for `cacheSeconds` (≤ 60): that is how long
 * a revoked share link, a removed collaborator or an unpublished article can still be read
 * through a URL handed out before.
 */
export class MediaGrants {
  private readonly cache = new Map<string, { ok: boolean; at: number; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly cacheSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async allows(media: Pick<VerifiedMedia, 'key' | 'grant'>): Promise<boolean> {
    const { grant, key } = media;
    // A user grant covers the user's own files only: nothing of anyone else's, whatever was signed.
    if (grant.kind === 'user' && keyOwner(key) !== grant.userId) return false;
    // An article grant covers the images the article shows; the others grants cover their whole scope.
    const cacheKey = grant.kind === 'article' ? `${encodeGrant(grant)} ${key}` : encodeGrant(grant);
    const now = this.now();
    const hit = this.cache.get(cacheKey);
    // Trusted from when it was checked until `cacheSeconds` later (a clock set back invalidates it).
    if (hit && hit.at <= now && now < hit.until) return hit.ok;
    const ok = await this.check(grant, key);
    if (this.cacheSeconds > 0) {
      if (this.cache.size >= MAX_ENTRIES) {
        for (const [k, v] of this.cache) if (v.until <= now || this.cache.size >= MAX_ENTRIES) this.cache.delete(k);
      }
      this.cache.set(cacheKey, { ok, at: now, until: now + this.cacheSeconds * 1000 });
    }
    return ok;
  }

  private async check(grant: MediaGrant, key: string): Promise<boolean> {
    const db = this.db;
    switch (grant.kind) {
      case 'user': {
        const user = await db.selectFrom('users').select('id').where('id', '=', grant.userId).where('disabled_at', 'is', null).executeTakeFirst();
        return Boolean(user);
      }
      case 'project': {
        const row = await db
          .selectFrom('projects as p')
          .innerJoin('users as u', (join) => join.on('u.id', '=', grant.userId))
          .select('p.id')
          .where('p.id', '=', grant.projectId)
          .where('u.disabled_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb('p.user_id', '=', grant.userId),
              eb.exists(
                eb
                  .selectFrom('project_collaborators as pc')
                  .select('pc.user_id')
                  .whereRef('pc.project_id', '=', 'p.id')
                  .where('pc.user_id', '=', grant.userId),
              ),
            ]),
          )
          .executeTakeFirst();
        return Boolean(row);
      }
      case 'share': {
        const link = await db
          .selectFrom('share_links as l')
          .innerJoin('users as u', 'u.id', 'l.user_id')
          .select('l.id')
          .where('l.id', '=', grant.linkId)
          .where('l.revoked_at', 'is', null)
          .where('u.disabled_at', 'is', null)
          .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', sql<Date>`now()`)]))
          .executeTakeFirst();
        return Boolean(link);
      }
      case 'article': {
        // Published (or scheduled and due), and the image is still in its text.
        const article = await db
          .selectFrom('seo_articles as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select('a.id')
          .where('a.id', '=', grant.articleId)
          .where('u.disabled_at', 'is', null)
          .where((eb) =>
            eb.or([eb('a.status', '=', 'PUBLISHED'), eb.and([eb('a.status', '=', 'SCHEDULED'), eb('a.publish_date', '<=', sql<Date>`now()`)])]),
          )
          .where(sql<boolean>`strpos(a.content, ${`${MEDIA_REF_PREFIX}${key}`}) > 0`)
          .executeTakeFirst();
        return Boolean(article);
      }
    }
  }
}
