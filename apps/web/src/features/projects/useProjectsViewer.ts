import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useAuth } from '../../lib/auth/useAuth';

/** Whose projects the cache holds: undefined until a projects screen first settles. */
let cacheOwner: string | null | undefined;

/**
 * The viewer of the projects screens. Guests read the demo workspace through the same procedures,
 * so cached project data belongs to whoever was signed in when it was fetched: when the viewer has
 * changed since (login, logout, another account), the projects cache is reset before it is shown.
 * Queries wait for the start-up session check (`ready`) so a returning user never sees the demo first.
 */
export function useProjectsViewer(): { ready: boolean; isGuest: boolean; viewerId: string | null } {
  const { user, isLoading, isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const viewerId = user?.id ?? null;
  const ready = !isLoading || cacheOwner !== undefined;

  useLayoutEffect(() => {
    if (isLoading) return;
    if (cacheOwner !== undefined && cacheOwner !== viewerId) void queryClient.resetQueries({ queryKey: [['projects']] });
    cacheOwner = viewerId;
  }, [isLoading, viewerId, queryClient]);

  return { ready, isGuest: !isAuthenticated, viewerId };
}
