import { Anchor, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

/** Auth layout (§2): a centred card with the logo and a tagline. */
export function AuthLayout() {
  const wide = useMatches({ select: (matches) => matches.some((match) => match.staticData.authCard === 'wide') });
  return (
    <Center mih="100dvh" p="md" style={{ flexDirection: 'column' }}>
      <Group justify="space-between" w="100%" maw={wide ? 760 : 460} mb="md">
        <Anchor component={Link} to="/" size="sm" c="dimmed">
          <Group gap={6} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            Back to the studio
          </Group>
        </Anchor>
        <ThemeToggle />
      </Group>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={wide ? 760 : 460} component="main">
        <Stack gap="xl">
          <Stack gap={8} align="center" ta="center">
            <Logo size="lg" />
            <Text c="dimmed" size="sm" maw={340}>
              Images, video, sound and words — made with AI, in one studio.
            </Text>
          </Stack>
          <Outlet />
        </Stack>
      </Paper>
    </Center>
  );
}
