import { Button, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../components/feedback/PageLoader';
import { QueryError } from '../../components/feedback/QueryError';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';

/** A second trip here this soon means the dashboard did not keep its cookie: stop instead of looping. */
const LOOP_WINDOW_MS = 15_000;

/**
 * /admin/queues opened directly (a bookmark, a shared link): the server hands this navigation to the
 * web app because the browser has no dashboard cookie yet. Behind the admin guard (guests log in first,
 * non-admins see 'Admin Access Required'), an admin's session is exchanged for a one-time ticket,
 * which the dashboard swaps for its own cookie.
 */
export function QueueDashboardScreen() {
  const link = trpc.admin.queueDashboardLink.useMutation({
    onSuccess: ({ url }) => window.location.replace(url),
  });
  const [looping, setLooping] = useState(() => Date.now() - Number(readStorage('session', STORAGE_KEYS.queueDashboardOpened) ?? 0) < LOOP_WINDOW_MS);
  const started = useRef(false);

  const open = () => {
    writeStorage('session', STORAGE_KEYS.queueDashboardOpened, String(Date.now()));
    setLooping(false);
    link.mutate({});
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit (StrictMode runs effects twice in development)
  useEffect(() => {
    if (started.current || looping) return;
    started.current = true;
    open();
  }, []);

  if (link.error) return <QueryError title="Could not open the queue dashboard" error={link.error} onRetry={open} />;
  if (looping) {
    return (
      <Stack align="center" ta="center" gap="sm" py={80} data-testid="queue-dashboard-loop">
        <Title order={1}>The queue dashboard did not sign you in</Title>
        <Text c="dimmed" maw={480}>
          It answered without keeping its sign-in cookie. If Atelier is served over plain http, check that COOKIE_SECURE is not set.
        </Text>
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={open}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <PageLoader label="Opening the queue dashboard" />;
}
