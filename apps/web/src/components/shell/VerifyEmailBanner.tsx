import { Box, Button, Container, Flex, Group, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/useAuth';
import { useReloadCurrentUser } from '../../lib/auth/useReloadUser';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * Signed-in users whose address is not verified yet (issue 23): they can use the app, and this
 * strip asks them to open the mailed link, with "Resend" (rate-limited on the server).
 */
export function VerifyEmailBanner() {
  const { user, isAuthenticated } = useAuth();
  const reload = useReloadCurrentUser();
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: (result) => {
      if (result.alreadyVerified) {
        notifications.show({ color: 'teal', title: 'Already verified', message: `${result.email} is verified.` });
        void reload().catch(() => {});
        return;
      }
      notifications.show({
        color: 'teal',
        title: 'Link sent',
        message: `A new verification link is on its way to ${result.email}. It works for 24 hours.`,
      });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'No new link sent', message: errorMessage(error) }),
  });
  if (!isAuthenticated || !user || user.emailVerified) return null;

  return (
    <Box
      role="region"
      aria-label="Verify your e-mail address"
      data-testid="verify-email-banner"
      bg="var(--mantine-color-yellow-light)"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl" py={10}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <ThemeIcon variant="filled" color="yellow" size="md" radius="xl">
              <IconMailCheck size={15} aria-hidden />
            </ThemeIcon>
            <Flex
              direction={{ base: 'column', xs: 'row' }}
              gap={{ base: 0, xs: 'sm' }}
              align={{ base: 'flex-start', xs: 'baseline' }}
              style={{ minWidth: 0 }}
            >
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                Verify your e-mail address
              </Text>
              {/* A long address breaks anywhere rather than running under the button on a phone. */}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Open the link we sent to {user.email}. Project invitations to this address start working once it is verified.
              </Text>
            </Flex>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={resend.isPending}
            onClick={() => resend.mutate({})}
            data-testid="verify-email-resend"
            style={{ flexShrink: 0 }}
          >
            Resend
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
