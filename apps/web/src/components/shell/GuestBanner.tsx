import { ActionIcon, Affix, Badge, Button, Flex, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconLogin2, IconMinus, IconUserQuestion } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';
import { STORAGE_KEYS } from '../../lib/storage';
import { LazyTooltip } from '../LazyTooltip';

/**
 * §2 guest banner: GUEST MODE, 'Browsing as guest • Login to create and save content' and a
 * 'Login to Use App' button. It floats above the content (so it works in full-bleed editors too) and
 * can be minimised to a small 'Guest Mode' button; the choice is remembered in localStorage.
 */
export function GuestBanner() {
  const { isAuthenticated, isLoading } = useAuth();
  const [minimised, setMinimised] = useLocalStorage<boolean>({
    key: STORAGE_KEYS.guestBannerMinimised,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  // While the start-up refresh runs we don't know yet whether this is a guest.
  if (isAuthenticated || isLoading) return null;

  if (minimised) {
    return (
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Button
          size="xs"
          radius="xl"
          variant="default"
          leftSection={<IconUserQuestion size={14} aria-hidden />}
          onClick={() => setMinimised(false)}
          aria-label="Guest Mode: show the guest banner"
          data-testid="guest-mode-button"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          Guest Mode
        </Button>
      </Affix>
    );
  }

  return (
    // The strip is full width so the panel can centre itself; only the panel takes clicks, so the
    // editors' bottom bars on either side of it stay usable.
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={150} style={{ pointerEvents: 'none' }}>
      <Paper
        withBorder
        shadow="lg"
        radius="lg"
        p="sm"
        pl="md"
        maw={760}
        mx="auto"
        role="region"
        aria-label="Guest mode"
        data-testid="guest-banner"
        style={{ pointerEvents: 'auto' }}
      >
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" size="lg" radius="md" visibleFrom="xs">
              <IconUserQuestion size={20} aria-hidden />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Badge variant="filled" size="sm" mb={4}>
                GUEST MODE
              </Badge>
              <Text size="sm" c="dimmed" lh={1.35}>
                Browsing as guest • Login to create and save content
              </Text>
            </div>
          </Group>
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <Button size="sm" leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')} style={{ flexGrow: 1 }}>
              Login to Use App
            </Button>
            <LazyTooltip label="Minimise">
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Minimise guest banner" onClick={() => setMinimised(true)}>
                <IconMinus size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          </Group>
        </Flex>
      </Paper>
    </Affix>
  );
}
