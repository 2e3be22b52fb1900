import { useCallback } from 'react';
import { trpc } from '../trpc';
import { authStore, setUser } from './store';
import { ZUser } from './types';

/**
 * Re-reads the signed-in user from the server (auth.me) into the auth store: when the main layout
 * starts (§4), and after something changed the account elsewhere (its address verified or changed).
 * Does nothing for a guest; an unexpected shape is logged and ignored.
 */
export function useReloadCurrentUser(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    if (!authStore.getState().isAuthenticated) return;
    const result: unknown = await utils.client.auth.me.query();
    const parsed = ZUser.safeParse(typeof result === 'object' && result !== null && 'user' in result ? result.user : undefined);
    if (parsed.success) setUser(parsed.data);
    else console.warn('[auth] auth.me returned an unexpected shape', parsed.error.issues);
  }, [utils]);
}
