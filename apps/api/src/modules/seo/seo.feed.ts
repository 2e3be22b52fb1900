import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { type FeedArticle, jsonFeed, rssFeed } from './seo.render';

const FEED_ITEMS = 50;
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
    const m = /^(.+)\.(xml|json)$/.exec(req.params.file);
    if (!m || !UUID.test(m[1] as string)) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Feed not found' } });
    const [, id, kind] = m as unknown as [string, string, 'xml' | 'json'];
    const seo = await deps.db
      .selectFrom('seo_projects')
      .select(['id', 'business_name', 'business_desc', 'target_url'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!seo) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Feed not found' } });
    const rows = await deps.db
      .selectFrom('seo_articles')
      .select(['id', 'title', 'description', 'slug', 'content', 'format', 'keywords', 'published_at', 'updated_at'])
      .where('seo_project_id', '=', seo.id)
      .where('status', '=', 'PUBLISHED')
      .orderBy('published_at', 'desc')
      .limit(FEED_ITEMS)
      .execute();
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
    }));
    const origin = deps.env.http.publicUrl;
    const site = {
      title: seo.business_name,
      description: seo.business_desc || `Articles by ${seo.business_name}`,
      link: seo.target_url || origin,
      feedUrl: `${origin}/api/seo/feeds/${seo.id}.${kind}`,
    };
    void reply.header('cache-control', 'public, max-age=300');
    if (kind === 'xml') return reply.type('application/rss+xml; charset=utf-8').send(rssFeed(site, articles, deps.media, origin));
    return reply.type('application/feed+json; charset=utf-8').send(JSON.stringify(jsonFeed(site, articles, deps.media, origin)));
  });
}
