import { ActionIcon, Button, Group, Loader, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { logout } from '../../lib/auth/store';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';
import { LazyTooltip } from '../LazyTooltip';
import { CreditsBadge } from './CreditsBadge';

/** Right side of the header: credits, e-mail, logout (and Admin) when signed in; 'Guest User' and Login otherwise (§2). */
export function UserArea() {
  const { user, isAuthenticated, isLoading } = useAuth();

  if (!user && isLoading) {
    return <Loader size="xs" aria-label="Checking your session" />;
  }

  if (!isAuthenticated || !user) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="user-area" data-state="guest">
        <Text size="sm" c="dimmed" visibleFrom="sm">
          Guest User
        </Text>
        <Button size="sm" leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
          Login
        </Button>
      </Group>
    );
  }

  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-area" data-state="signed-in">
      {user.isAdmin ? (
        <Button
          component={Link}
          to="/admin"
          size="sm"
          variant="subtle"
          color="gray"
          leftSection={<IconShieldLock size={16} aria-hidden />}
          visibleFrom="md"
        >
          Admin
        </Button>
      ) : null}
      <CreditsBadge credits={user.credits} />
      <Text
        component={Link}
        to="/profile"
        size="sm"
        fw={500}
        c="dimmed"
        truncate="end"
        maw={220}
        visibleFrom="lg"
        data-testid="user-email"
        title={user.email}
      >
        {user.email}
      </Text>
      <Button size="sm" variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()} visibleFrom="lg">
        Logout
      </Button>
      <LazyTooltip label="Logout">
        <ActionIcon size="lg" variant="default" aria-label="Logout" onClick={() => void logout()} hiddenFrom="lg" visibleFrom="md">
          <IconLogout size={18} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
    </Group>
  );
}
