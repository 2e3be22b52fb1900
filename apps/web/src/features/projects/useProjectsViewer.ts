import { useAuth } from '../../lib/auth/useAuth';

/** Set once the start-up session check has finished (later logins keep showing what is on screen). */
let settledOnce = false;

/**
 * The viewer of the projects screens. Guests read the demo workspace through the same procedures,
 * so queries wait for the start-up session check (`ready`): a returning user never sees the demo
 * first. (When the viewer changes later, main.tsx resets the whole query cache.)
 */
export function useProjectsViewer(): { ready: boolean; isGuest: boolean; viewerId: string | null } {
  const { user, isLoading, isAuthenticated } = useAuth();
  if (!isLoading) settledOnce = true;
  return { ready: !isLoading || settledOnce, isGuest: !isAuthenticated, viewerId: user?.id ?? null };
}
