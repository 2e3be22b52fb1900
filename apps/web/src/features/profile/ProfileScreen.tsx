import { displayCredits } from '@atelier/shared';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconUserCircle } from '@tabler/icons-react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** /profile — the signed-in account. */
export function ProfileScreen() {
  const { user, isAuthenticated } = useAuth();
  return (
    <Stack gap="lg">
      <ScreenHeader eyebrow="Account" title="Profile" description="Your account details, balance and role." />
      {!isAuthenticated || !user ? (
        <ScreenEmptyState
          icon={<IconUserCircle size={26} stroke={1.6} />}
          title="You are browsing as a guest"
          description="Log in or create an account to get a profile, a credit balance and a place to save your work."
          actions={
            <Button leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
              Login
            </Button>
          }
        />
      ) : (
        <Card>
          <Group gap="lg" align="flex-start" wrap="nowrap">
            <Avatar size={64} radius="xl" color="brand" variant="light" name={user.email} />
            <Stack gap="lg" style={{ flex: 1 }}>
              <div>
                <Group gap="xs">
                  <Title order={2} fz="lg">
                    {user.email}
                  </Title>
                  {user.isAdmin ? <Badge variant="light">Admin</Badge> : null}
                </Group>
                <Text size="sm" c="dimmed">
                  Member since {formatDate(user.createdAt)}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    Credits
                  </Text>
                  <Text fw={700} fz="xl">
                    {displayCredits(user.credits).toLocaleString('en-US')}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    Role
                  </Text>
                  <Text fw={700} fz="xl">
                    {user.isAdmin ? 'Administrator' : 'Creator'}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    Account id
                  </Text>
                  <Text fw={500} size="sm" ff="monospace" truncate="end">
                    {user.id}
                  </Text>
                </div>
              </SimpleGrid>
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
