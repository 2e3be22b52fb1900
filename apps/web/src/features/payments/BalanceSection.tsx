import '@mantine/charts/styles.css';

import { displayCredits, LOW_CREDIT_THRESHOLD } from '@atelier/shared';
import { AreaChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartAreaLine, IconCoins } from '@tabler/icons-react';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/errors';
import { balanceSeries, type LedgerRow } from './ledger';

/** Newest-first ledger rows the chart is drawn from (the api allows 100 per page). */
export const CHART_ENTRIES = 100;

interface BalanceCardProps {
  /** The balance in credits, or undefined while it loads. */
  credits: number | undefined;
  isGuest: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The balance, big: the signed-in user's, or the demo workspace's for a guest (read-only). */
export function BalanceCard({ credits, isGuest, error, onRetry }: BalanceCardProps) {
  const value = credits === undefined ? undefined : displayCredits(credits);
  return (
    <Card data-testid="balance-card" h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconCoins size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text size="sm" fw={650}>
                {isGuest ? 'Demo workspace balance' : 'Current balance'}
              </Text>
              <Text size="xs" c="dimmed">
                {isGuest ? 'Read-only — log in to see and top up your own' : 'Credits never expire'}
              </Text>
            </div>
          </Group>
          {isGuest ? (
            <Badge variant="light" color="gray">
              Demo
            </Badge>
          ) : value !== undefined && value < LOW_CREDIT_THRESHOLD ? (
            <Badge variant="light" color="orange">
              Running low
            </Badge>
          ) : null}
        </Group>

        {value === undefined && error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Balance unavailable">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : value === undefined ? (
          <Skeleton h={56} w={200} radius="md" />
        ) : (
          <Group gap={10} align="baseline" wrap="nowrap">
            <Text component="span" fz={{ base: 48, sm: 56 }} fw={800} lh={1} style={{ letterSpacing: '-0.03em' }} data-testid="balance-value">
              {value.toLocaleString('en-US')}
            </Text>
            <Text component="span" c="dimmed" fz="lg" fw={500}>
              credits
            </Text>
          </Group>
        )}

        <Text size="sm" c="dimmed">
          Every generation shows its price before it starts, and failed generations are refunded automatically.
        </Text>
      </Stack>
    </Card>
  );
}

interface BalanceChartProps {
  entries: LedgerRow[] | undefined;
  total: number;
  currentBalance: number | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The balance over time, from each ledger row's balance after the change. */
export function BalanceChartCard({ entries, total, currentBalance, isLoading, error, onRetry }: BalanceChartProps) {
  const data = useMemo(() => (entries && currentBalance !== undefined ? balanceSeries(entries, currentBalance) : []), [entries, currentBalance]);
  const caption = total > CHART_ENTRIES ? `Your last ${CHART_ENTRIES} balance changes` : 'Every change to your balance';

  let body: React.ReactNode;
  if (error && !entries) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the balance history">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (isLoading || !entries || currentBalance === undefined) {
    body = <Skeleton h={180} radius="md" />;
  } else if (data.length === 0) {
    body = (
      <Stack h={180} align="center" justify="center" gap={6}>
        <IconChartAreaLine size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="sm" c="dimmed" ta="center">
          The chart fills in as your balance changes.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <AreaChart
        h={180}
        data={data}
        dataKey="label"
        series={[{ name: 'balance', label: 'Balance', color: 'brand.6' }]}
        curveType="stepAfter"
        withGradient
        fillOpacity={0.3}
        gridAxis="x"
        tickLine="none"
        withDots={data.length <= 24}
        valueFormatter={(v) => `${v.toLocaleString('en-US')} credits`}
        xAxisProps={{ minTickGap: 24, padding: { left: 28, right: 12 } }}
        yAxisProps={{ width: 48, allowDecimals: false, tickFormatter: (v: number) => v.toLocaleString('en-US') }}
        aria-label="Balance over time"
        data-testid="balance-chart"
      />
    );
  }

  return (
    <Card h="100%">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md">
            Balance over time
          </Title>
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
