import '@mantine/charts/styles.css';

import { BarChart, CompositeChart } from '@mantine/charts';
import { Anchor, Badge, Grid, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconCash, IconPercentage, IconReceipt, IconSparkles, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { ChartEmpty, PeriodControl, PeriodQueryBody, SectionCard, StatCard, usePeriod } from './AdminUi';
import { type AdminOutputs, formatCredits, formatDateTime, formatInt, formatRelative, formatUsd, marginColor, shortDay, TYPE_LABELS } from './format';
import { CREDIT_PRICE_BASIS } from './ProfitabilityScreen';

type UserProfit = AdminOutputs['userProfitability'];

const PAYMENT_COLORS: Record<string, string> = { paid: 'teal', pending: 'yellow', expired: 'gray', failed: 'red' };

function Body({ p }: { p: UserProfit }) {
  const t = p.totals;
  const hasSeries = p.series.some((d) => d.creditsSpent > 0 || d.providerCostUsd > 0 || d.revenueUsd > 0);
  return (
    <Stack gap="lg" data-testid="user-profitability">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard
          label="Paid"
          value={formatUsd(t.revenueUsd)}
          hint={`${formatCredits(t.creditsBought)} credits bought`}
          icon={IconCash}
          color="teal"
          testId="user-revenue"
        />
        <StatCard
          label="Credits spent"
          value={formatCredits(t.creditsSpent)}
          hint={`${formatInt(t.generations)} generations`}
          icon={IconSparkles}
          color="indigo"
        />
        <StatCard
          label="Provider cost"
          value={formatUsd(t.providerCostUsd)}
          hint="Their generations (admin tests included)"
          icon={IconReceipt}
          color="orange"
          testId="user-cost"
        />
        <StatCard
          label="Margin"
          value={
            <Text span inherit c={marginColor(t.marginUsd)}>
              {formatUsd(t.marginUsd)}
            </Text>
          }
          hint={t.marginPerCreditUsd === null ? 'No credits spent' : `${formatUsd(t.marginPerCreditUsd)} per credit spent`}
          icon={IconPercentage}
          color={marginColor(t.marginUsd)}
          testId="user-margin"
        />
      </SimpleGrid>
      <SectionCard title="Spend and cost over time" description={`Credits spent (bars) and provider cost (line) per ${p.period.bucket}`}>
        {hasSeries ? (
          <CompositeChart
            h={240}
            data={p.series.map((d) => ({ date: shortDay(d.date), 'Credits spent': d.creditsSpent, 'Provider cost': d.providerCostUsd }))}
            dataKey="date"
            series={[
              { name: 'Credits spent', color: 'indigo.5', type: 'bar' },
              { name: 'Provider cost', color: 'orange.6', type: 'line', yAxisId: 'right' },
            ]}
            withRightYAxis
            withLegend
            withDots={false}
            curveType="linear"
            maxBarWidth={28}
            rightYAxisProps={{ width: 64, tickFormatter: (v: number) => formatUsd(v) }}
          />
        ) : (
          <ChartEmpty height={240} text="No activity by this user in the period." />
        )}
      </SectionCard>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SectionCard
            title="Spend by model"
            description={`Revenue = credits × ${formatUsd(p.creditPrice.usdPerCredit)} (${CREDIT_PRICE_BASIS[p.creditPrice.basis]})`}
          >
            {p.byModel.length ? (
              <Stack gap="md">
                <BarChart
                  h={Math.max(140, p.byModel.length * 40)}
                  data={p.byModel.map((m) => ({ model: m.name, Credits: m.creditsSpent }))}
                  dataKey="model"
                  orientation="vertical"
                  series={[{ name: 'Credits', color: 'indigo.5' }]}
                  yAxisProps={{ width: 150 }}
                  tickLine="x"
                />
                <Table.ScrollContainer minWidth={560} type="native">
                  <Table verticalSpacing="xs" aria-label="Spend by model">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Model</Table.Th>
                        <Table.Th ta="right">Generations</Table.Th>
                        <Table.Th ta="right">Credits</Table.Th>
                        <Table.Th ta="right">Provider cost</Table.Th>
                        <Table.Th ta="right">Margin</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.byModel.map((m) => (
                        <Table.Tr key={`${m.modelId}:${m.type}`} data-testid="user-model-row">
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={600}>
                                {m.name}
                              </Text>
                              <Badge size="xs" variant="light" color="gray">
                                {TYPE_LABELS[m.type] ?? m.type}
                              </Badge>
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right">{formatInt(m.generations)}</Table.Td>
                          <Table.Td ta="right">{formatCredits(m.creditsSpent)}</Table.Td>
                          <Table.Td ta="right">{formatUsd(m.providerCostUsd)}</Table.Td>
                          <Table.Td ta="right">
                            <Text span size="sm" fw={600} c={marginColor(m.marginUsd)}>
                              {formatUsd(m.marginUsd)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ) : (
              <ChartEmpty height={140} text="No generations in this period." />
            )}
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SectionCard title="Purchases" description="Credit packages bought in the period">
            {p.purchases.length ? (
              <Table.ScrollContainer minWidth={380} type="native">
                <Table verticalSpacing="xs" aria-label="Purchases">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Package</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th ta="right">Credits</Table.Th>
                      <Table.Th ta="right">Date</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.purchases.map((x) => (
                      <Table.Tr key={x.id} data-testid="purchase-row">
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" tt="capitalize">
                              {x.packageId}
                            </Text>
                            <Badge size="xs" variant="light" color={PAYMENT_COLORS[x.status] ?? 'gray'}>
                              {x.status}
                            </Badge>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{formatUsd(x.amountUsd)}</Table.Td>
                        <Table.Td ta="right">{formatCredits(x.credits)}</Table.Td>
                        <Table.Td ta="right">
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(x.paidAt ?? x.createdAt)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <ChartEmpty height={140} text="No purchases in this period." />
            )}
          </SectionCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /admin/profitability/users/{userId} — one user's purchases, spend by model, provider cost and margin. */
export function UserProfitabilityScreen({ userId }: { userId: string }) {
  const { period, setPeriod, input } = usePeriod();
  const query = trpc.admin.userProfitability.useQuery(
    { id: userId, ...input },
    {
      placeholderData: (prev) => (prev?.user.id === userId ? prev : undefined),
      retry: (n, e) => errorStatus(e) !== 404 && errorStatus(e) !== 400 && n < 1,
    },
  );
  const p = query.data;
  const notFound = errorStatus(query.error) === 404 || errorStatus(query.error) === 400;
  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <Anchor component={Link} to="/admin/profitability" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All profitability
          </Group>
        </Anchor>
        <ScreenHeader
          eyebrow="Admin · Profitability"
          title={p ? p.user.email : 'User Profitability'}
          description={
            p
              ? `Balance ${formatCredits(p.user.credits)} credits · joined ${formatRelative(p.user.createdAt)} · last active ${formatRelative(p.user.lastActiveAt)}`
              : 'What this user paid, what their generations cost, and the margin between them.'
          }
          actions={<PeriodControl value={period} onChange={setPeriod} />}
        />
        {p ? (
          <Group gap="xs" mt={-8}>
            {p.user.isAdmin ? (
              <Badge color="brand" variant="light">
                admin
              </Badge>
            ) : null}
            {p.user.disabled ? (
              <Badge color="red" variant="light">
                disabled
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {notFound ? (
          <ScreenEmptyState
            icon={<IconUser size={26} stroke={1.6} />}
            title="No such user"
            description="This account doesn't exist (or is the demo workspace)."
          />
        ) : (
          <PeriodQueryBody query={query} what="this user's profitability">
            {(data) => <Body p={data} />}
          </PeriodQueryBody>
        )}
      </Stack>
    </>
  );
}
