import { isAppError } from '@atelier/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { articleMediaUrls, generationStates } from './seo.articles';
import { type FeedArticle, jsonFeed, rssFeed } from './seo.render';

const FEED_ITEMS = 50;
/** Feed reads per client IP per minute (readers poll every few minutes; more is a flood). */
export const FEED_READS_PER_MINUTE = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Public feeds of an SEO project's PUBLISHED articles: `GET /api/seo/feeds/{seoProjectId}.xml`
 * (RSS 2.0) and `.json` (JSON Feed 1.1). No login: a feed URL is meant for readers and sites.
 * Static path prefix, so it wins over the REST mirror's `/api/*`. Article HTML is sanitised. A read
 * changes nothing: scheduled articles are published by their delayed job (seo.schedule.ts).
 */
export async function seoFeedPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.get<{ Params: { file: string } }>('/api/seo/feeds/:file', async (req, reply) => {
    try {
      await rateLimit(deps, `seo-feed:ip:${req.ip}`, FEED_READS_PER_MINUTE);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return reply
        .status(error.status)
        .header('Retry-After', String(error.retryAfterSeconds ?? 60))
        .send({ error: { code: error.code, message: error.message } });
    }
    const m = /^(.+)\.(xml|json)$/.exec(req.params.file);
    if (!m || !UUID.test(m[1] as string)) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Feed not found' } });
    const [, id, kind] = m as unknown as [string, string, 'xml' | 'json'];
    const seo = await deps.db
      .selectFrom('seo_projects')
      .select(['id', 'user_id', 'business_name', 'business_desc', 'target_url'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!seo) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Feed not found' } });
    const rows = await deps.db
      .selectFrom('seo_articles')
      .select(['id', 'user_id', 'title', 'description', 'slug', 'content', 'format', 'keywords', 'images', 'published_at', 'updated_at'])
      .where('seo_project_id', '=', seo.id)
      .where('status', '=', 'PUBLISHED')
      .orderBy('published_at', 'desc')
      .limit(FEED_ITEMS)
      .execute();
    const gens = await generationStates(deps.db, rows);
    const articles: FeedArticle[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      slug: r.slug,
      content: r.content,
      format: r.format,
      keywords: r.keywords,
      publishedAt: new Date(r.published_at ?? r.updated_at),
      updatedAt: new Date(r.updated_at),
      // Stable public image URLs: they answer while the article stays published.
      mediaUrl: articleMediaUrls(deps.media.for({ kind: 'article', articleId: r.id }), r, seo, gens),
    }));
    const origin = deps.env.http.publicUrl;
    const site = {
      title: seo.business_name,
      description: seo.business_desc || `Articles by ${seo.business_name}`,
      link: seo.target_url || origin,
      feedUrl: `${origin}/api/seo/feeds/${seo.id}.${kind}`,
    };
    // Shared caches may keep it a minute: an unpublished article leaves the feed as fast as its images stop.
    void reply.header('cache-control', 'public, max-age=60');
    if (kind === 'xml') return reply.type('application/rss+xml; charset=utf-8').send(rssFeed(site, articles));
    return reply.type('application/feed+json; charset=utf-8').send(JSON.stringify(jsonFeed(site, articles)));
  });
}
