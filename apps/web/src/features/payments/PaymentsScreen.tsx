import { Alert, Button, Grid, Loader, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconLogin2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { setCredits } from '../../lib/auth/store';
import { useAuth } from '../../lib/auth/useAuth';
import { openLoginModal } from '../../lib/loginPrompt';
import { trpc } from '../../lib/trpc';
import { BalanceCard, BalanceChartCard, CHART_ENTRIES } from './BalanceSection';
import { LedgerSection } from './LedgerSection';
import { PackagesSection } from './PackagesSection';
import { PaymentHistorySection } from './PaymentHistorySection';
import { type ReturnState, useCheckoutReturn } from './useCheckoutReturn';

/** Whose ledger the cached credit/payment queries hold: they are keyed by input only, not by viewer. */
let lastViewer: string | undefined;

/**
 * The credit and payment reads answer for whoever is asking (a guest reads the demo account), but
 * their cache keys do not say who that was: refetch them when the viewer changes, and hold them
 * back while the start-up session check is still deciding.
 */
function useViewerScopedQueries(): { ready: boolean; viewer: string } {
  const { user, isAuthenticated, isLoading } = useAuth();
  const viewer = isAuthenticated && user ? user.id : 'guest';
  const utils = trpc.useUtils();
  useEffect(() => {
    if (isLoading) return;
    if (lastViewer !== undefined && lastViewer !== viewer) {
      void utils.credits.invalidate();
      void utils.payments.history.invalidate();
    }
    lastViewer = viewer;
  }, [viewer, isLoading, utils]);
  return { ready: !isLoading, viewer };
}

function ReturnNotice({ state }: { state: ReturnState }) {
  if (state.kind === 'confirming') {
    return (
      <Alert color="brand" variant="light" icon={<Loader size={16} />} title="Confirming your payment…" data-testid="checkout-return">
        Checking the payment with Stripe. This takes a moment.
      </Alert>
    );
  }
  if (state.kind === 'processing') {
    return (
      <Alert color="blue" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} title="Payment processing" data-testid="checkout-return">
        Stripe has not confirmed the payment yet. Your credits are added automatically as soon as it does — you can leave this page.
      </Alert>
    );
  }
  if (state.kind === 'needs-login') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconLogin2 size={18} aria-hidden />}
        title="Log in to see your purchase"
        data-testid="checkout-return"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Your session has ended. Credits from a completed payment are added to your account either way.</Text>
          <Button size="xs" onClick={() => openLoginModal('login')}>
            Login
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}

/**
 * /credits, /payments and /pricing — one payment screen: the balance and its history, the credit
 * packages with Stripe Checkout, the return from Checkout, the credit ledger and the card payments.
 * Guests see the packages and the demo workspace's ledger, read-only; Buy opens the login popup.
 */
export function PaymentsScreen() {
  const { user, isAuthenticated } = useAuth();
  const { ready, viewer } = useViewerScopedQueries();
  const returnState = useCheckoutReturn();
  const [ledgerPage, setLedgerPage] = useState(1);
  const isGuest = ready && !isAuthenticated;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new viewer starts on the first page
  useEffect(() => setLedgerPage(1), [viewer]);

  const balance = trpc.credits.balance.useQuery(undefined, { enabled: ready });
  const chart = trpc.credits.history.useQuery({ limit: CHART_ENTRIES, offset: 0 }, { enabled: ready });

  // A fresh balance from the server is the user's balance everywhere (header badge, banner).
  useEffect(() => {
    if (isAuthenticated && balance.data && !balance.isPlaceholderData) setCredits(balance.data.credits);
  }, [isAuthenticated, balance.data, balance.isPlaceholderData]);

  const currentBalance = !ready ? undefined : isAuthenticated && user ? user.credits : balance.data?.credits;

  return (
    <Stack gap="xl">
      <ScreenHeader
        eyebrow="Account"
        title="Credits & Payments"
        description="Your balance and where it went, credit packages to top up, and every payment you made."
      />

      <ReturnNotice state={returnState} />

      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BalanceCard credits={currentBalance} isGuest={isGuest} error={balance.error} onRetry={() => void balance.refetch()} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <BalanceChartCard
            entries={ready ? chart.data?.entries : undefined}
            total={chart.data?.total ?? 0}
            currentBalance={currentBalance}
            isLoading={!ready || chart.isPending}
            error={chart.error}
            onRetry={() => void chart.refetch()}
          />
        </Grid.Col>
      </Grid>

      <PackagesSection />

      <LedgerSection page={ledgerPage} onPageChange={setLedgerPage} isGuest={isGuest} ready={ready} />

      <PaymentHistorySection ready={ready} />
    </Stack>
  );
}
