import type { AppRouter } from '@atelier/api/router';
import { skipToken } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';

export type Export = inferRouterOutputs<AppRouter>['projects']['exportById'];
export const TERMINAL_EXPORT = new Set(['COMPLETED', 'FAILED']);

/**
 * Follows one project export live — video, segments, image-editor and sound-editor renders — with
 * the `projects.onExport` subscription (SSE, events from whichever worker renders it); polls
 * GET /projects/exports/{id} only if the stream fails.
 */
export function useLiveExport(current: Export | null, onChange: (e: Export) => void) {
  const [polling, setPolling] = useState(false);
  const live = current !== null && !TERMINAL_EXPORT.has(current.status);
  trpc.projects.onExport.useSubscription(live && !polling ? { id: current.id } : skipToken, {
    onData: onChange,
    onError: () => setPolling(true),
  });
  const poll = trpc.projects.exportById.useQuery(live && polling ? { id: current.id } : skipToken, { refetchInterval: 1500, staleTime: 0 });
  useEffect(() => {
    if (poll.data) onChange(poll.data);
  }, [poll.data, onChange]);
}
