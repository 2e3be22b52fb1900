import { displayCredits, LOW_CREDIT_THRESHOLD } from '@atelier/shared';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconLogin2, IconReceipt } from '@tabler/icons-react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';

function BalanceCard() {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) {
    return (
      <Card>
        <Stack gap="sm" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconCoins size={22} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg">
            Your balance
          </Title>
          <Text c="dimmed" size="sm">
            Log in to see your credit balance and buy more credits.
          </Text>
          <Button leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
            Login
          </Button>
        </Stack>
      </Card>
    );
  }
  const credits = displayCredits(user.credits);
  return (
    <Card data-testid="balance-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" fw={600}>
            Current balance
          </Text>
          {credits < LOW_CREDIT_THRESHOLD ? (
            <Badge color="orange" variant="light">
              Running low
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" align="baseline">
          <Text fz={44} fw={800} lh={1} style={{ letterSpacing: '-0.02em' }}>
            {credits.toLocaleString('en-US')}
          </Text>
          <Text c="dimmed">credits</Text>
        </Group>
        <Text size="sm" c="dimmed">
          Each generation shows its cost before you start it. Failed generations are refunded automatically.
        </Text>
      </Stack>
    </Card>
  );
}

/** /credits, /payments and /pricing — one payment screen: balance, credit packages and purchases. */
export function PaymentsScreen() {
  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Account"
        title="Credits & Payments"
        description="Check your balance, buy credit packages and see what you have purchased."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard />
        <Card>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              How credits work
            </Title>
            <Text size="sm" c="dimmed">
              Credits pay for generations: images, video clips, voice, music and text. Prices depend on the model you pick and are listed next to each
              model.
            </Text>
            <Text size="sm" c="dimmed">
              Credits never expire. Packages are paid securely by card; your balance updates as soon as the payment is confirmed.
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      <Stack gap="md" component="section" aria-labelledby="purchases-title">
        <Title order={2} fz="lg" id="purchases-title">
          Purchases
        </Title>
        <ScreenEmptyState
          icon={<IconReceipt size={26} stroke={1.6} />}
          title="No purchases yet"
          description="Credit packages you buy are listed here with their date, amount and receipt."
        />
      </Stack>
    </Stack>
  );
}
