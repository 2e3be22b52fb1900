import type { EventSubscription } from '@atelier/jobs';
import type { SeoArticleImage } from '@atelier/shared';
import type { Context } from '../../context';
import { ABORTED, Inbox } from '../../lib/live';
import { articleProgress, generationStates, imageProgress } from './seo.articles';
import type { ArticleProgress, SeoProgress } from './seo.schema';
import { seoProjectFor } from './seo.service';

type Deps = Pick<Context, 'db' | 'events' | 'live'>;
type Inbound =
  | { kind: 'article'; v: number; articleId: string }
  | { kind: 'image'; generationId: string; status: string; progress: number }
  | 'resync';

/**
 * `seo.onProgress`: an SEO project's articles as they are written, get their images, are scheduled
 * or published — first all of them, then the ones that changed (and the ids of deleted ones).
 * Follows the project's `seoArticle` channel (every article write announces itself there) and the
 * `generation` channels of the images being made; reads happen on subscribe, on a status change,
 * on reconnect, and when the safety sweep sees an article move without an event (lib/live.ts).
 */
export async function* followProgress(deps: Deps, viewerId: string, seoProjectId: string, signal?: AbortSignal): AsyncGenerator<SeoProgress> {
  const seo = await seoProjectFor(deps.db, viewerId, seoProjectId, 'read');
  const inbox = new Inbox<Inbound>();
  const shown = new Map<string, { version: number; json: string; value: ArticleProgress }>();
  const images = new Map<string, EventSubscription>(); // generation id → its channel, while it is being made
  const subscription = await deps.events.subscribe('seoArticle', seo.id, {
    event: (e) => inbox.push({ kind: 'article', v: e.v, articleId: e.articleId }),
    resync: () => inbox.push('resync'),
  });
  const unwatch = deps.live.watch('seoArticle', seo.id, (probed) => {
    const versions = probed as Map<string, number> | undefined;
    if (!versions || versions.size !== shown.size) return inbox.push('resync');
    for (const [id, v] of versions) if (v > (shown.get(id)?.version ?? -1)) return inbox.push('resync');
  });

  /** Reads every article (and its images' generations); returns what changed since the last read. */
  const read = async (): Promise<SeoProgress> => {
    const rows = await deps.db
      .selectFrom('seo_articles')
      .select(['id', 'version', 'status', 'progress', 'images'])
      .where('seo_project_id', '=', seo.id)
      .orderBy('created_at', 'desc')
      .execute();
    const gens = await generationStates(deps.db, rows);
    const changed: ArticleProgress[] = [];
    const running = new Set<string>();
    for (const r of rows) {
      const value: ArticleProgress = {
        articleId: r.id,
        status: r.status,
        progress: articleProgress(r),
        images: (r.images as unknown as SeoArticleImage[]).map((i) => ({ generationId: i.generationId, ...imageProgress(gens.get(i.generationId)) })),
      };
      for (const i of value.images) if (i.status === 'queued' || i.status === 'processing') running.add(i.generationId);
      const json = JSON.stringify(value);
      if (shown.get(r.id)?.json !== json) changed.push(value);
      shown.set(r.id, { version: r.version, json, value });
    }
    const removed = [...shown.keys()].filter((id) => !rows.some((r) => r.id === id));
    for (const id of removed) shown.delete(id);
    for (const [id, sub] of images) {
      if (running.has(id)) continue;
      sub.unsubscribe();
      images.delete(id);
    }
    const added = [...running].filter((id) => !images.has(id));
    for (const id of added)
      images.set(
        id,
        await deps.events.subscribe('generation', id, {
          event: (e) => inbox.push({ kind: 'image', generationId: id, status: e.status, progress: e.progress }),
          resync: () => inbox.push('resync'),
        }),
      );
    // Subscribed after reading: read the new images' generations again so nothing falls between.
    if (added.length) {
      const again = await read();
      return { articles: [...changed.filter((c) => !again.articles.some((a) => a.articleId === c.articleId)), ...again.articles], removed };
    }
    return { articles: changed, removed };
  };

  /** An image's progress moved (same status): updated in place, no query. */
  const moveImage = (generationId: string, progress: number): SeoProgress => {
    for (const [id, s] of shown) {
      const image = s.value.images.find((i) => i.generationId === generationId);
      if (!image || image.progress === progress) continue;
      image.progress = progress;
      shown.set(id, { ...s, json: JSON.stringify(s.value) });
      return { articles: [s.value], removed: [] };
    }
    return { articles: [], removed: [] };
  };

  try {
    yield { articles: (await read()).articles, removed: [] };
    for (;;) {
      const msg = await inbox.next(signal);
      if (msg === ABORTED) return;
      if (msg !== 'resync' && msg.kind === 'article' && msg.v <= (shown.get(msg.articleId)?.version ?? -1)) continue;
      let out: SeoProgress;
      if (msg !== 'resync' && msg.kind === 'image') {
        const known = [...shown.values()].flatMap((s) => s.value.images).find((i) => i.generationId === msg.generationId);
        const sameStatus = known && (msg.status === 'PROCESSING' ? 'processing' : msg.status === 'PENDING' ? 'queued' : null) === known.status;
        out = sameStatus ? moveImage(msg.generationId, msg.progress) : await read();
      } else out = await read();
      if (out.articles.length || out.removed.length) yield out;
    }
  } finally {
    subscription.unsubscribe();
    unwatch();
    for (const sub of images.values()) sub.unsubscribe();
  }
}
