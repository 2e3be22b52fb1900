import { useEffect, useRef } from 'react';
import { authStore, setCredits } from '../../lib/auth/store';
import { trpc } from '../../lib/trpc';

/**
 * When the SEO project's running work (articles being written, images rendering) goes from busy to
 * idle: refresh the stats and the list once more (polling has just stopped), and re-read the balance —
 * failed jobs are refunded on the server without a response that carries the new balance.
 */
export function useJobsSettled(seoProjectId: string, busy: boolean) {
  const utils = trpc.useUtils();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      void utils.seo.stats.invalidate({ id: seoProjectId });
      void utils.seo.articles.invalidate({ id: seoProjectId });
      void utils.credits.history.invalidate();
      if (authStore.getState().isAuthenticated) {
        utils.client.credits.balance
          .query()
          .then((balance) => setCredits(balance.credits))
          .catch(() => undefined);
      }
    }
    wasBusy.current = busy;
  }, [busy, seoProjectId, utils]);
}
