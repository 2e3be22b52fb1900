import { describe, expect, it } from 'vitest';
import type { AuthState } from '../auth/types';
import { followAuth } from './setup';
import type { AnalyticsProvider } from './types';

function fakeStore(initial: AuthState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<AuthState>) {
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
  };
}

const user = (id: string) => ({
  id,
  email: `${id}@example.test`,
  credits: 10,
  creditUnits: 1000,
  isAdmin: false,
  createdAt: '2026-11-22T00:00:00.000Z',
  emailVerified: true,
});

describe('identify and reset follow the auth store', () => {
  it('identifies by user id at login/sign-up/refresh and resets at logout, once per change', () => {
    const log: string[] = [];
    const provider: AnalyticsProvider = {
      name: 'spy',
      track: () => undefined,
      identify: (id) => log.push(`identify:${id}`),
      reset: () => log.push('reset'),
    };
    const store = fakeStore({ user: null, accessToken: null, isAuthenticated: false, isLoading: true });
    followAuth(() => [provider], store);
    expect(log).toEqual([]);
    store.set({ isLoading: false });
    store.set({ user: user('u1'), accessToken: 't', isAuthenticated: true });
    store.set({ user: { ...user('u1'), credits: 5 } });
    store.set({ user: null, accessToken: null, isAuthenticated: false });
    store.set({ user: user('u2'), accessToken: 't2', isAuthenticated: true });
    expect(log).toEqual(['identify:u1', 'reset', 'identify:u2']);
  });

  it('identifies a user already signed in when analytics starts (start-up refresh)', () => {
    const log: string[] = [];
    const store = fakeStore({ user: user('u9'), accessToken: 't', isAuthenticated: true, isLoading: false });
    followAuth(() => [{ name: 'spy', track: () => undefined, identify: (id) => log.push(id) }], store);
    expect(log).toEqual(['u9']);
  });
});
