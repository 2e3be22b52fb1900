import { useState } from 'react';
import { trpc } from '../../lib/trpc';

/**
 * Keeps an SEO project's article screens current with the `seo.onProgress` subscription (SSE):
 * each change the server announces (an article being written, its images made, scheduled,
 * published — by whichever worker or replica) refreshes the articles, the open article and the
 * stats. Returns whether the stream is live; the screens poll only when it is not.
 */
export function useSeoProgress(seoProjectId: string): boolean {
  const utils = trpc.useUtils();
  const [live, setLive] = useState(false);
  trpc.seo.onProgress.useSubscription(
    { id: seoProjectId },
    {
      onStarted: () => setLive(true),
      onData: (change) => {
        setLive(true);
        if (!change.articles.length && !change.removed.length) return;
        void utils.seo.articles.invalidate({ id: seoProjectId });
        void utils.seo.stats.invalidate({ id: seoProjectId });
        for (const a of change.articles) void utils.seo.article.invalidate({ id: a.articleId });
      },
      onError: () => setLive(false),
    },
  );
  return live;
}
