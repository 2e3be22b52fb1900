import { useSyncExternalStore } from 'react';
import { authStore } from './store';
import type { AuthState } from './types';

/** The auth state (user, accessToken, isAuthenticated, isLoading) as a React hook. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
