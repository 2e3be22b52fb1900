import { LOW_CREDIT_THRESHOLD } from '@atelier/shared/constants';
import { displayCredits } from '@atelier/shared/rules/credits';
import { Alert, Badge, Box, Button, Card, Center, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconCoins, IconLogin2 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { openLoginModal } from '../../lib/loginPrompt';
import { trpc } from '../../lib/trpc';
import { formatCredits } from '../history/generation';

// The chart library (recharts, ~115 KB gzip) loads with the chart, after the dashboard has painted.
const UsageBarChart = lazy(() => import('./UsageBarChart'));

const USAGE_DAYS = 30;
const dayLabel = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Credits used per day over the last 30 days (spends minus their refunds). */
function UsageChart() {
  const usage = trpc.credits.usage.useQuery({ days: USAGE_DAYS, tzOffsetMinutes: new Date().getTimezoneOffset() }, { staleTime: 30_000 });
  if (usage.isLoading) return <Skeleton h={190} radius="md" />;
  if (usage.error) {
    return (
      <Alert color="red" variant="light" title="Could not load your usage">
        {errorMessage(usage.error)}
      </Alert>
    );
  }
  const data = (usage.data?.days ?? []).map((d) => ({ day: dayLabel(d.date), credits: d.credits }));
  const total = usage.data?.total ?? 0;
  const activeDays = usage.data?.days.filter((d) => d.credits > 0).length ?? 0;
  // A clean 0 / half / top axis: the busiest day rounded up to an even number of credits.
  const busiest = Math.max(0, ...data.map((d) => d.credits));
  const top = Math.max(2, Math.ceil(busiest / 2) * 2);
  return (
    <Stack gap="xs" data-testid="usage-chart" data-total={total}>
      <Group justify="space-between" align="baseline">
        <Text size="sm" fw={600}>
          Credits used · last {USAGE_DAYS} days
        </Text>
        <Text size="sm" c="dimmed" data-testid="usage-total">
          {formatCredits(total)}
          {activeDays ? ` over ${activeDays} ${activeDays === 1 ? 'day' : 'days'}` : ''}
        </Text>
      </Group>
      {total === 0 ? (
        <Center h={190} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Stack gap={4} align="center">
            <IconChartBar size={22} aria-hidden />
            <Text size="sm" c="dimmed">
              No credits used in the last {USAGE_DAYS} days.
            </Text>
          </Stack>
        </Center>
      ) : (
        <Box aria-label={`Bar chart: ${formatCredits(total)} used in the last ${USAGE_DAYS} days`} role="img">
          <Suspense fallback={<Skeleton h={190} radius="md" data-testid="usage-chart-loading" />}>
            <UsageBarChart data={data} top={top} />
          </Suspense>
        </Box>
      )}
    </Stack>
  );
}

/** Balance (or, for guests, a way in) and the usage chart. */
export function CreditsCard() {
  const { user, isAuthenticated } = useAuth();
  const credits = displayCredits(user?.credits);
  return (
    <Card h="100%" data-testid="dashboard-credits">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          {isAuthenticated && user ? (
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="sm" c="dimmed" fw={600}>
                  Balance
                </Text>
                {credits < LOW_CREDIT_THRESHOLD ? (
                  <Badge color="orange" variant="light" size="sm">
                    Running low
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs" align="baseline">
                <Text fz={40} fw={800} lh={1} style={{ letterSpacing: '-0.02em' }} data-testid="dashboard-balance">
                  {credits.toLocaleString('en-US')}
                </Text>
                <Text c="dimmed">credits</Text>
              </Group>
            </Stack>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <IconCoins size={22} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={650}>Demo workspace</Text>
                <Text size="sm" c="dimmed">
                  Log in to get your own credits and keep what you make.
                </Text>
              </Stack>
            </Group>
          )}
          {isAuthenticated ? (
            <ButtonLink to="/payments" variant="light" leftSection={<IconCoins size={16} aria-hidden />}>
              Buy credits
            </ButtonLink>
          ) : (
            <Button variant="light" leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
              Login
            </Button>
          )}
        </Group>
        <UsageChart />
      </Stack>
    </Card>
  );
}
