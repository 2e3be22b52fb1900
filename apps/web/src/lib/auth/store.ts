import { creditsToUnits } from '@atelier/shared/rules/credits';
import { ApiError, restRequest } from '../http';
import { reportSessionNotRestored } from './sessionNotice';
import { type AuthResponse, type AuthState, type Credentials, type User, ZAnything, ZAuthResponse, ZRefreshResponse } from './types';

/**
 * The auth store (spec §4). A tiny external store so that React (via useSyncExternalStore) and the
 * tRPC links (outside React) read the same state.
 *
 * - The access token lives in memory only; the refresh token is an httpOnly cookie scoped to
 *   /api/auth, so refresh and logout go over REST with `credentials: 'include'`.
 * - One refresh is attempted at start-up; on failure the visitor stays a guest and a toast says why.
 * - `isLoading` is on while a login, register or refresh is in flight and off afterwards, failure included.
 * - Refresh is single-flight: concurrent callers (e.g. several 401s) share one request.
 */

type Listener = () => void;

let state: AuthState = { user: null, accessToken: null, isAuthenticated: false, isLoading: true };
let pending = 0;
let refreshInFlight: Promise<boolean> | null = null;
let started = false;
const listeners = new Set<Listener>();

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function beginLoading(): void {
  pending += 1;
  if (!state.isLoading) setState({ isLoading: true });
}

function endLoading(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0 && state.isLoading) setState({ isLoading: false });
}

function signIn({ user, accessToken }: AuthResponse): void {
  setState({ user, accessToken, isAuthenticated: true });
}

/** Local sign-out: forget the user and the token. Never calls the server. */
export function signOutLocally(): void {
  if (state.user === null && state.accessToken === null && !state.isAuthenticated) return;
  setState({ user: null, accessToken: null, isAuthenticated: false });
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

async function runRefresh(): Promise<boolean> {
  beginLoading();
  try {
    const result = await restRequest({ method: 'POST', path: '/auth/refresh', body: {}, schema: ZRefreshResponse });
    if (result.accessToken && result.user) {
      signIn({ user: result.user, accessToken: result.accessToken });
      return true;
    }
    signOutLocally();
    return false;
  } catch (error) {
    // Already logged with method, url and status by restRequest. A failed refresh means "signed out"
    // (§4, §8) — and the visitor is told why rather than silently becoming a guest.
    signOutLocally();
    if (error instanceof ApiError) reportSessionNotRestored(error.message, error.status);
    return false;
  } finally {
    endLoading();
  }
}

/** Refreshes the session; one request at a time, concurrent callers share it. Resolves true when signed in. */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Called by the tRPC link when an authenticated call answered 401. If another call already refreshed
 * the token since this one was sent, retry at once with the new token; otherwise refresh (shared).
 */
export async function refreshAfterUnauthorized(tokenUsed: string): Promise<boolean> {
  if (state.accessToken && state.accessToken !== tokenUsed) return true;
  return refreshSession();
}

/** The start-up refresh: once per page load; its failure is ignored (the visitor stays a guest). */
export function initAuth(): Promise<boolean> {
  if (started) return refreshInFlight ?? Promise.resolve(state.isAuthenticated);
  started = true;
  return refreshSession();
}

async function authenticate(path: '/auth/login' | '/auth/register', credentials: Credentials): Promise<User> {
  beginLoading();
  try {
    const result = await restRequest({ method: 'POST', path, body: credentials, schema: ZAuthResponse });
    signIn(result);
    return result.user;
  } finally {
    endLoading();
  }
}

export const login = (credentials: Credentials): Promise<User> => authenticate('/auth/login', credentials);
export const register = (credentials: Credentials): Promise<User> => authenticate('/auth/register', credentials);

/** Logs out on the server; a failure is logged and the local sign-out happens anyway (§8). */
export async function logout(): Promise<void> {
  const accessToken = state.accessToken;
  try {
    await restRequest({ method: 'POST', path: '/auth/logout', body: {}, accessToken, schema: ZAnything });
  } catch (error) {
    console.warn('[auth] logout failed on the server; signing out locally', error instanceof ApiError ? error.message : error);
  } finally {
    signOutLocally();
  }
}

/** Credits can be updated locally (§4), e.g. from a response's `creditsBalance`. */
export function setCredits(credits: number): void {
  if (!state.user || !Number.isFinite(credits)) return;
  if (state.user.credits === credits) return;
  setState({ user: { ...state.user, credits, creditUnits: creditsToUnits(credits) } });
}

/** Replaces the signed-in user with a fresh copy (from auth.me). Ignored when signed out meanwhile. */
export function setUser(user: User): void {
  if (!state.isAuthenticated) return;
  setState({ user });
}
