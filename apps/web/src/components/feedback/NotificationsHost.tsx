import '@mantine/notifications/styles.css';

import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container and styles, in their own chunk (main.tsx loads it after the first paint). A toast
 * shown before it arrives waits in @mantine/notifications' store and appears when this mounts.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" zIndex={1000} />;
}
