import type { AppRouter } from '@atelier/api/router';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';

export type Generation = inferRouterOutputs<AppRouter>['generation']['byId'];
const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
export const isTerminal = (status: string | undefined) => status !== undefined && TERMINAL.has(status);

/**
 * Follows one generation live (SSE subscription); if the stream fails, falls back to polling
 * GET /generation/{id} every 2 s until the generation ends. Renders nothing.
 */
export function GenerationWatcher({ generationId, onUpdate }: { generationId: string; onUpdate: (generation: Generation) => void }) {
  const [polling, setPolling] = useState(false);
  const callback = useRef(onUpdate);
  useLayoutEffect(() => {
    callback.current = onUpdate;
  });
  trpc.generation.onStatus.useSubscription(
    { id: generationId },
    { enabled: !polling, onData: (generation) => callback.current(generation), onError: () => setPolling(true) },
  );
  const poll = trpc.generation.byId.useQuery(
    { id: generationId },
    { enabled: polling, staleTime: 0, refetchInterval: (query) => (isTerminal(query.state.data?.status) ? false : 2000) },
  );
  useEffect(() => {
    if (poll.data) callback.current(poll.data);
  }, [poll.data]);
  return null;
}
