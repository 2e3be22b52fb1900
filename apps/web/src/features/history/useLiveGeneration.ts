import { skipToken } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authStore, setCredits } from '../../lib/auth/store';
import { trpc } from '../../lib/trpc';
import { type Generation, isRunning } from './generation';

/**
 * One generation, kept live: the `generation.onStatus` subscription (SSE) pushes status and
 * progress into the `byId` cache; while the subscription is not connected (or failed) the query
 * polls instead. When the generation ends, lists and balances that depend on it are refreshed —
 * a failed or cancelled job refunds its credits, so the header badge is re-read.
 */
export function useLiveGeneration(id: string | null, initial?: Generation | null) {
  const utils = trpc.useUtils();
  // True while the subscription is connected and delivering; otherwise the query polls.
  const [subscriptionLive, setSubscriptionLive] = useState(false);
  const query = trpc.generation.byId.useQuery(id ? { id } : skipToken, {
    initialData: initial && initial.id === id ? initial : undefined,
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data || !isRunning(data.status)) return false;
      return subscriptionLive ? false : 1500;
    },
  });
  const generation = query.data ?? null;
  const running = generation ? isRunning(generation.status) : Boolean(id);

  const subscription = trpc.generation.onStatus.useSubscription(id && running ? { id } : skipToken, {
    onData: (data) => {
      setSubscriptionLive(true);
      utils.generation.byId.setData({ id: data.id }, data);
    },
    onError: () => setSubscriptionLive(false),
  });
  useEffect(() => {
    if (subscription.status !== 'pending') setSubscriptionLive(false);
  }, [subscription.status]);

  // When it ends: refresh the lists, the usage chart and (refunds) the balance, once per generation.
  const settled = useRef<string | null>(null);
  const status = generation?.status;
  const genId = generation?.id;
  useEffect(() => {
    if (!genId || !status || isRunning(status) || settled.current === genId) return;
    settled.current = genId;
    void utils.generation.history.invalidate();
    void utils.credits.usage.invalidate();
    void utils.credits.history.invalidate();
    if (authStore.getState().isAuthenticated && (status === 'FAILED' || status === 'CANCELLED')) {
      utils.client.credits.balance
        .query()
        .then((balance) => setCredits(balance.credits))
        .catch(() => undefined);
    }
  }, [genId, status, utils]);

  return { generation, isLoading: query.isLoading, error: query.error, live: subscriptionLive };
}
