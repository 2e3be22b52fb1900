import { MESSAGES } from '@atelier/shared/errors';
import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

export type LoginTab = 'login' | 'register';

interface LoginModalState {
  opened: boolean;
  tab: LoginTab;
}

let state: LoginModalState = { opened: false, tab: 'login' };
const listeners = new Set<() => void>();

function setState(next: LoginModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

export const openLoginModal = (tab: LoginTab = 'login'): void => setState({ opened: true, tab });
export const closeLoginModal = (): void => setState({ ...state, opened: false });
export const setLoginTab = (tab: LoginTab): void => setState({ ...state, tab });

export function useLoginModal(): LoginModalState {
  return useSyncExternalStore(subscribe, getState, getState);
}

const LOGIN_REQUIRED_TOAST_ID = 'login-required';

/** A guest tried something that needs an account: open the login popup and say why (§2, §6). */
export function promptLogin(): void {
  openLoginModal('login');
  notifications.hide(LOGIN_REQUIRED_TOAST_ID);
  notifications.show({ id: LOGIN_REQUIRED_TOAST_ID, color: 'orange', title: 'Login required', message: MESSAGES.loginRequired });
}
