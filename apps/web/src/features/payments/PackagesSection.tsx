import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCreditCard, IconInfoCircle, IconPackage, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { authStore } from '../../lib/auth/store';
import { errorAppCode, errorMessage, isLoginRequiredError } from '../../lib/errors';
import { promptLogin } from '../../lib/loginPrompt';
import { trpc } from '../../lib/trpc';
import { bestValueId, bonusPercent, formatCreditsPerUnit, formatPrice, majorAmount } from './money';

const NOT_CONFIGURED_TEXT = 'Payments are not configured on this server';

interface CreditPackage {
  id: string;
  name: string;
  credits: number;
  price: number;
  currency: string;
}

interface PackageCardProps {
  pkg: CreditPackage;
  bestValue: boolean;
  bonus: number;
  buying: boolean;
  disabled: boolean;
  onBuy: () => void;
}

function PackageCard({ pkg, bestValue, bonus, buying, disabled, onBuy }: PackageCardProps) {
  return (
    <Card
      data-testid="package-card"
      data-package-id={pkg.id}
      aria-label={`${pkg.name} package`}
      component="article"
      style={bestValue ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mih={22}>
            <Text fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {pkg.name}
            </Text>
            {bestValue ? (
              <Badge variant="filled" leftSection={<IconSparkles size={12} aria-hidden />} data-testid="best-value">
                Best value
              </Badge>
            ) : bonus > 0 ? (
              <Badge variant="light" color="teal">
                +{bonus}% credits
              </Badge>
            ) : null}
          </Group>
          <Group gap={8} align="baseline">
            <Text fz={34} fw={800} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
              {pkg.credits.toLocaleString('en-US')}
            </Text>
            <Text c="dimmed" fw={500}>
              credits
            </Text>
          </Group>
          <Text size="xl" fw={650} data-testid="package-price">
            {formatPrice(pkg.price, pkg.currency)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatCreditsPerUnit(pkg.credits, pkg.price, pkg.currency)}
          </Text>
        </Stack>
        <Button
          fullWidth
          variant={bestValue ? 'filled' : 'light'}
          leftSection={<IconCreditCard size={16} aria-hidden />}
          loading={buying}
          disabled={disabled}
          onClick={onBuy}
          aria-label={`Buy ${pkg.name}: ${pkg.credits} credits for ${formatPrice(pkg.price, pkg.currency)}`}
        >
          Buy
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The credit packages as cards. Buy: guests get the login popup; signed-in users start a Stripe
 * Checkout (checkout_started first) and the browser goes to the returned page. Without Stripe keys
 * the server answers NOT_CONFIGURED and the packages stay on screen with that plain sentence.
 */
export function PackagesSection() {
  const packages = trpc.payments.packages.useQuery();
  const checkout = trpc.payments.checkout.useMutation();
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const [refusedNotConfigured, setRefusedNotConfigured] = useState(false);

  const list = packages.data?.packages ?? [];
  const best = bestValueId(list);
  const notConfigured = packages.data?.configured === false || refusedNotConfigured;

  const buy = (pkg: CreditPackage) => {
    if (!authStore.getState().isAuthenticated) {
      promptLogin();
      return;
    }
    track('checkout_started', {
      package: pkg.id,
      package_name: pkg.name,
      credits: pkg.credits,
      amount: majorAmount(pkg.price, pkg.currency),
      currency: pkg.currency.toUpperCase(),
    });
    setBuyingId(pkg.id);
    checkout.mutate(
      { packageId: pkg.id },
      {
        // Leave the button spinning: the browser is on its way to the checkout page.
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          setBuyingId(null);
          if (errorAppCode(error) === 'NOT_CONFIGURED') {
            setRefusedNotConfigured(true);
            notifications.show({ id: 'checkout-error', color: 'orange', title: 'Cannot buy credits here', message: NOT_CONFIGURED_TEXT });
            return;
          }
          // A guest's 401 already opened the login popup (query client); everything else is said here.
          if (isLoginRequiredError(error)) return;
          notifications.show({ id: 'checkout-error', color: 'red', title: 'Checkout could not start', message: errorMessage(error) });
        },
      },
    );
  };

  let body: React.ReactNode;
  if (packages.isLoading) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-busy="true" aria-label="Loading credit packages">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={236} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (packages.error) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the credit packages">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(packages.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void packages.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <ScreenEmptyState
        icon={<IconPackage size={26} stroke={1.6} />}
        title="No credit packages on sale"
        description="An administrator has not made any credit package available yet. Packages appear here as soon as one is active."
      />
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: Math.min(4, list.length) }} spacing="md">
        {list.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            bestValue={pkg.id === best}
            bonus={bonusPercent(pkg, list)}
            buying={buyingId === pkg.id}
            disabled={buyingId !== null && buyingId !== pkg.id}
            onBuy={() => buy(pkg)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="packages-title">
      <div>
        <Title order={2} fz="lg" id="packages-title">
          Credit packages
        </Title>
        <Text size="sm" c="dimmed">
          One-time purchases, paid securely by card through Stripe. Credits are added as soon as the payment is confirmed.
        </Text>
      </div>
      {notConfigured ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={NOT_CONFIGURED_TEXT}
          data-testid="payments-not-configured"
        >
          The packages are shown for reference. An administrator needs to add Stripe keys before credits can be bought here.
        </Alert>
      ) : null}
      {body}
    </Stack>
  );
}
