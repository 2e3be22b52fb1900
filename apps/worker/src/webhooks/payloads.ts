import { type Db, exportView, generationView } from '@atelier/db';
import { MediaSigner } from '@atelier/media';
import type { Env } from '@atelier/shared/env';

/**
 * A webhook's `data`: the object as its REST GET answers it (GET /api/generation/{id},
 * GET /api/projects/exports/{id}), with media URLs made absolute (the receiver is not a browser on
 * our origin). An SEO article sends its summary (the GET's article without content and score: a
 * receiver fetches the whole article with GET /api/seo/articles/{id}). credits.low and the test
 * event carry what was known when they happened.
 */
export async function buildWebhookData(
  deps: { db: Db; env: Env },
  delivery: { user_id: string; object_type: string | null; object_id: string | null; event_data: Record<string, unknown> | null },
): Promise<Record<string, unknown>> {
  const signer = new MediaSigner(deps.env.auth.secret, deps.env.media.urlTtlSeconds, deps.env.http.publicUrl);
  const origin = deps.env.http.publicUrl.replace(/\/+$/, '');
  const absolute = (url: string | null) => (url?.startsWith('/') ? `${origin}${url}` : url);
  const user = signer.for({ kind: 'user', userId: delivery.user_id });
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  const id = delivery.object_id;
  if (delivery.object_type === 'generation' && id) {
    const row = await deps.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return { id, deleted: true };
    return generationView(row, (key, options) => absolute(user.url(key, options)));
  }
  if (delivery.object_type === 'export' && id) {
    const r = await deps.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return { id, deleted: true };
    const project = user.forProject(r.project_id);
    return exportView(r, (key, options) => absolute(project.url(key, options)));
  }
  if (delivery.object_type === 'seo_article' && id) {
    const r = await deps.db
      .selectFrom('seo_articles as a')
      .innerJoin('seo_projects as s', 's.id', 'a.seo_project_id')
      .select([
        'a.id',
        'a.seo_project_id',
        's.project_id',
        'a.topic',
        'a.title',
        'a.description',
        'a.keywords',
        'a.slug',
        'a.format',
        'a.word_count',
        'a.status',
        'a.publish_date',
        'a.published_at',
        'a.created_at',
        'a.updated_at',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!r) return { id, deleted: true };
    return {
      id: r.id,
      seoProjectId: r.seo_project_id,
      projectId: r.project_id,
      topic: r.topic,
      title: r.title,
      description: r.description,
      keywords: r.keywords,
      slug: r.slug,
      format: r.format,
      wordCount: r.word_count,
      status: r.status,
      publishDate: iso(r.publish_date),
      publishedAt: iso(r.published_at),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }
  return delivery.event_data ?? {};
}
