import { notifications } from '@mantine/notifications';
import { openLoginModal } from '../loginPrompt';

const SESSION_NOTICE_ID = 'session-not-restored';

/**
 * A refresh that the server refused (or could not answer) signs the visitor out locally (§4, §8);
 * this says so and why, instead of silently turning them into a guest.
 */
export function reportSessionNotRestored(reason: string, status: number): void {
  notifications.hide(SESSION_NOTICE_ID);
  notifications.show({
    id: SESSION_NOTICE_ID,
    color: 'orange',
    title: 'You are browsing as a guest',
    message:
      status === 0
        ? 'Atelier could not be reached to restore your session. Check your connection, then reload or log in again.'
        : `Your session could not be restored: ${reason.replace(/\.$/, '')}. Log in again to continue.`,
    autoClose: false,
    onClick: () => openLoginModal('login'),
    style: { cursor: 'pointer' },
    'data-testid': 'session-not-restored',
  } as Parameters<typeof notifications.show>[0]);
}
