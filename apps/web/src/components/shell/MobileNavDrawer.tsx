import { Button, Divider, Drawer, Group, NavLink, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { logout } from '../../lib/auth/store';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';
import { CreditsBadge } from './CreditsBadge';
import { Logo } from './Logo';
import { isNavItemActive, NAV_GROUPS } from './navigation';
import { useThemeSetting } from './ThemeToggle';

interface MobileNavDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The mobile menu (burger): every link group, the account and the theme (§2). */
export function MobileNavDrawer({ opened, onClose }: MobileNavDrawerProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { user, isAuthenticated } = useAuth();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={320}
      padding="md"
      title={<Logo />}
      hiddenFrom="md"
      zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack gap="lg" data-testid="mobile-nav">
        <Paper withBorder p="sm" radius="md">
          {isAuthenticated && user ? (
            <Stack gap="xs">
              <Text size="sm" fw={600} truncate="end">
                {user.email}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <CreditsBadge credits={user.credits} />
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconLogout size={14} aria-hidden />}
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  Logout
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                Guest User
              </Text>
              <Button
                size="xs"
                leftSection={<IconLogin2 size={14} aria-hidden />}
                onClick={() => {
                  onClose();
                  openLoginModal('login');
                }}
              >
                Login
              </Button>
            </Group>
          )}
        </Paper>

        {NAV_GROUPS.map((group) => (
          <nav key={group.id} aria-label={`${group.label} links`} data-nav-group={group.id}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={6} style={{ letterSpacing: '0.06em' }}>
              {group.label}
            </Text>
            {group.items.map((item) => {
              const Icon = item.icon;
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<Icon size={18} stroke={1.8} aria-hidden />}
                  active={isNavItemActive(item.to, pathname)}
                  onClick={onClose}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </nav>
        ))}

        {isAuthenticated && user?.isAdmin ? (
          <NavLink
            component={Link}
            to="/admin"
            label="Admin"
            leftSection={<IconShieldLock size={18} stroke={1.8} aria-hidden />}
            active={pathname.startsWith('/admin')}
            onClick={onClose}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : null}

        <Divider />
        <Stack gap={6}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            Theme
          </Text>
          <ThemeSegmentedControl />
        </Stack>
      </Stack>
    </Drawer>
  );
}

/** The header toggle's three settings as a segmented control, for the mobile menu (here, so the header does not load it). */
function ThemeSegmentedControl() {
  const { setting, setSetting } = useThemeSetting();
  return (
    <SegmentedControl
      fullWidth
      aria-label="Colour theme"
      value={setting}
      onChange={(value) => setSetting(value === 'dark' ? 'dark' : value === 'system' ? 'system' : 'light')}
      data={[
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
        { value: 'system', label: 'System' },
      ]}
    />
  );
}
