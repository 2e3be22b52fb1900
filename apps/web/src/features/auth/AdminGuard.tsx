import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { PageLoader } from '../../components/feedback/PageLoader';
import { useAuth } from '../../lib/auth/useAuth';

/** The denial screen for signed-in users who are not admins (§2). */
export function AdminAccessRequired() {
  return (
    <Stack align="center" ta="center" gap="sm" py={80} data-testid="admin-denied">
      <ThemeIcon size={64} radius="xl" variant="light" color="orange">
        <IconShieldLock size={32} aria-hidden />
      </ThemeIcon>
      <Title order={1}>Admin Access Required</Title>
      <Text c="dimmed" maw={440}>
        This area is for Atelier administrators. Your account can use every studio, but not the admin console.
      </Text>
      <Button component={Link} to="/" variant="light" mt="sm" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Return to dashboard
      </Button>
    </Stack>
  );
}

/**
 * §4 admin guard: a spinner while auth is loading; not authenticated → /login?redirect=<current path>;
 * signed in without isAdmin → 'Admin Access Required'; admin → the screen. (A background refresh
 * while an admin is already known keeps the screen mounted.)
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isAuthenticated, isLoading } = useAuth();
  // The admin page being guarded: the last resolved location. (While /login is still loading, the
  // router's `location` already points at /login, which must not become its own redirect target.)
  const guardedPath = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href });
  const navigate = useNavigate();
  const mustLogIn = !isLoading && (!isAuthenticated || !user);
  const redirected = useRef(false);

  useEffect(() => {
    if (!mustLogIn) {
      redirected.current = false;
      return;
    }
    if (redirected.current) return;
    redirected.current = true;
    void navigate({ to: '/login', search: { redirect: guardedPath }, replace: true });
  }, [mustLogIn, guardedPath, navigate]);

  if ((isLoading && !user) || mustLogIn || !user) return <PageLoader label="Checking your access" />;
  if (!user.isAdmin) return <AdminAccessRequired />;
  return <>{children}</>;
}
