import { LOW_CREDIT_THRESHOLD } from '@atelier/shared/constants';
import { displayCredits } from '@atelier/shared/rules/credits';
import { Box, Button, CloseButton, Container, Flex, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconCoins } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/useAuth';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/**
 * §2, §9: signed-in users with fewer than 100 credits (not inside editors): TOP UP YOUR ACCOUNT.
 * It can be dismissed for the rest of the browser session (it comes back in the next one).
 */
export function LowCreditBanner() {
  const { user, isAuthenticated } = useAuth();
  const [dismissed, setDismissed] = useState(() => readStorage('session', STORAGE_KEYS.lowCreditBannerDismissed) === '1');
  if (!isAuthenticated || !user || dismissed) return null;
  const credits = displayCredits(user.credits);
  if (credits >= LOW_CREDIT_THRESHOLD) return null;
  const dismiss = () => {
    writeStorage('session', STORAGE_KEYS.lowCreditBannerDismissed, '1');
    setDismissed(true);
  };

  return (
    <Box
      role="region"
      aria-label="Low credit balance"
      data-testid="low-credit-banner"
      bg="var(--mantine-color-brand-light)"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl" py={10}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="filled" size="md" radius="xl">
              <IconCoins size={15} aria-hidden />
            </ThemeIcon>
            {/* Side by side on wide screens; stacked on phones so neither line is squeezed. */}
            <Flex direction={{ base: 'column', xs: 'row' }} gap={{ base: 0, xs: 'sm' }} align={{ base: 'flex-start', xs: 'baseline' }}>
              <Text size="sm" fw={700} style={{ letterSpacing: '0.04em' }}>
                TOP UP YOUR ACCOUNT
              </Text>
              <Text size="sm" c="dimmed">
                {credits} credits remaining
              </Text>
            </Flex>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/payments" size="xs" variant="filled" leftSection={<IconBolt size={14} aria-hidden />}>
              BUY CREDITS
            </Button>
            <CloseButton size="sm" onClick={dismiss} aria-label="Dismiss for this session" title="Dismiss for this session" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
