import '@mantine/charts/styles.css';

import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Anchor, Badge, Grid, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCoins, IconPercentage, IconReceipt, IconServerBolt, IconSparkles, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ScreenHeader } from '../../components/ScreenHeader';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { ChartEmpty, PeriodControl, PeriodQueryBody, SectionCard, StatCard, usePeriod } from './AdminUi';
import { type AdminOutputs, formatCredits, formatInt, formatPercent, formatUsd, marginColor, STATUS_COLORS, shortDay, TYPE_LABELS } from './format';

type Summary = AdminOutputs['summary'];

function Headline({ s }: { s: Summary }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="admin-stats">
      <StatCard
        label="Users"
        value={formatInt(s.users.total)}
        hint={`${formatInt(s.users.new)} new · ${formatInt(s.users.active)} active in the period`}
        icon={IconUsers}
        testId="stat-users"
      />
      <StatCard
        label="Revenue"
        value={formatUsd(s.money.revenueUsd)}
        hint={`${formatInt(s.money.payments)} paid purchases`}
        icon={IconCash}
        color="teal"
        testId="stat-revenue"
      />
      <StatCard
        label="Provider cost"
        value={formatUsd(s.money.providerCostUsd)}
        hint={`incl. ${formatUsd(s.money.adminTestCostUsd)} for admin model tests`}
        icon={IconReceipt}
        color="orange"
        testId="stat-cost"
      />
      <StatCard
        label="Gross margin"
        value={
          <Text span inherit c={marginColor(s.money.grossMarginUsd)}>
            {formatUsd(s.money.grossMarginUsd)}
          </Text>
        }
        hint={s.money.grossMarginRate === null ? 'No revenue in the period' : `${formatPercent(s.money.grossMarginRate)} of revenue`}
        icon={IconPercentage}
        color={marginColor(s.money.grossMarginUsd)}
        testId="stat-margin"
      />
      <StatCard
        label="Credits sold"
        value={formatCredits(s.credits.sold)}
        hint={`${formatCredits(s.credits.granted)} granted (bonuses, adjustments)`}
        icon={IconCoins}
        color="grape"
      />
      <StatCard
        label="Credits spent"
        value={formatCredits(s.credits.spent)}
        hint={`after ${formatCredits(s.credits.refunded)} refunded`}
        icon={IconSparkles}
        color="indigo"
      />
      <StatCard
        label="Generations"
        value={formatInt(s.generations.total)}
        hint={`${formatInt(s.generations.adminTests)} admin test runs (not charged)`}
        icon={IconServerBolt}
        color="cyan"
        testId="stat-generations"
      />
      <StatCard
        label="Failed, last 24 h"
        value={formatInt(s.generations.failedLast24h)}
        hint={`generations · ${formatInt(s.queues.queues.reduce((a, q) => a + q.failedLast24h, 0))} failed jobs across the queues`}
        icon={IconAlertTriangle}
        color={s.generations.failedLast24h > 0 ? 'red' : 'gray'}
        testId="stat-failed"
      />
    </SimpleGrid>
  );
}

function MoneyChart({ s }: { s: Summary }) {
  const has = s.series.some((d) => d.revenueUsd > 0 || d.providerCostUsd > 0);
  let revenue = 0;
  let cost = 0;
  const data = s.series.map((d) => {
    revenue += d.revenueUsd;
    cost += d.providerCostUsd;
    return { date: shortDay(d.date), Revenue: Math.round(revenue * 100) / 100, 'Provider cost': Math.round(cost * 10_000) / 10_000 };
  });
  return (
    <SectionCard title="Revenue and provider cost" description="Running totals over the period, in USD" testId="chart-money">
      {has ? (
        <AreaChart
          h={260}
          data={data}
          dataKey="date"
          series={[
            { name: 'Revenue', color: 'teal.6' },
            { name: 'Provider cost', color: 'orange.6' },
          ]}
          curveType="stepAfter"
          withGradient
          withDots={false}
          withLegend
          valueFormatter={(v) => formatUsd(v)}
          yAxisProps={{ width: 64 }}
        />
      ) : (
        <ChartEmpty height={260} text="No purchases or generation costs in this period." />
      )}
    </SectionCard>
  );
}

function StatusDonut({ s }: { s: Summary }) {
  const data = s.generations.byStatus
    .filter((x) => x.count > 0)
    .map((x) => ({ name: x.key, value: x.count, color: STATUS_COLORS[x.key] ?? 'gray.6' }));
  return (
    <SectionCard title="Generations by status" description="In the period, admin tests excluded" testId="chart-status">
      {data.length ? (
        <Stack align="center" gap="sm">
          <DonutChart data={data} size={180} thickness={26} withTooltip tooltipDataSource="segment" chartLabel={formatInt(s.generations.total)} />
          <Group gap="xs" justify="center">
            {data.map((d) => (
              <Badge key={d.name} color={d.color.split('.')[0]} variant="light">
                {d.name.toLowerCase()} · {formatInt(d.value)}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : (
        <ChartEmpty height={260} text="No generations in this period." />
      )}
    </SectionCard>
  );
}

function ActivityChart({ s }: { s: Summary }) {
  const has = s.series.some((d) => d.signups > 0 || d.generations > 0);
  return (
    <SectionCard title="Sign-ups and generations" description={`Per ${s.period.bucket}`} testId="chart-activity">
      {has ? (
        <BarChart
          h={240}
          data={s.series.map((d) => ({ date: shortDay(d.date), 'Sign-ups': d.signups, Generations: d.generations }))}
          dataKey="date"
          series={[
            { name: 'Sign-ups', color: 'brand.6' },
            { name: 'Generations', color: 'cyan.6' },
          ]}
          withLegend
          tickLine="y"
        />
      ) : (
        <ChartEmpty height={240} text="No sign-ups or generations in this period." />
      )}
    </SectionCard>
  );
}

function TypeChart({ s }: { s: Summary }) {
  const statuses = ['COMPLETED', 'FAILED', 'CANCELLED', 'PROCESSING', 'PENDING'].filter((st) =>
    s.generations.byTypeAndStatus.some((r) => r.status === st && r.count > 0),
  );
  const data = s.generations.byType.map((t) => ({
    type: TYPE_LABELS[t.key] ?? t.key,
    ...Object.fromEntries(
      statuses.map((st) => [st.toLowerCase(), s.generations.byTypeAndStatus.find((r) => r.type === t.key && r.status === st)?.count ?? 0]),
    ),
  }));
  return (
    <SectionCard title="Generations by type" description="Stacked by status" testId="chart-type">
      {s.generations.total > 0 ? (
        <BarChart
          h={240}
          data={data}
          dataKey="type"
          type="stacked"
          series={statuses.map((st) => ({ name: st.toLowerCase(), color: STATUS_COLORS[st] ?? 'gray.6' }))}
          withLegend
          tickLine="y"
        />
      ) : (
        <ChartEmpty height={240} text="No generations in this period." />
      )}
    </SectionCard>
  );
}

function Campaigns({ s }: { s: Summary }) {
  return (
    <SectionCard
      title="Campaign sources"
      description="Sign-ups (users' landing campaign) and revenue (the campaign of each purchase)"
      testId="campaigns"
    >
      {s.campaigns.length ? (
        <Stack gap="md">
          <BarChart
            h={Math.max(140, s.campaigns.length * 44)}
            data={s.campaigns.slice(0, 8).map((c) => ({ source: c.source, Revenue: c.revenueUsd, 'Sign-ups': c.signups }))}
            dataKey="source"
            orientation="vertical"
            series={[{ name: 'Revenue', color: 'teal.6' }]}
            valueFormatter={(v) => formatUsd(v)}
            yAxisProps={{ width: 110 }}
            tickLine="x"
          />
          <Table.ScrollContainer minWidth={360} type="native">
            <Table verticalSpacing={6} aria-label="Campaign sources">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th ta="right">Sign-ups</Table.Th>
                  <Table.Th ta="right">Purchases</Table.Th>
                  <Table.Th ta="right">Revenue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.campaigns.map((c) => (
                  <Table.Tr key={c.source} data-testid="campaign-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {c.source}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatInt(c.signups)}</Table.Td>
                    <Table.Td ta="right">{formatInt(c.payments)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(c.revenueUsd)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : (
        <ChartEmpty height={180} text="No sign-ups or purchases in this period." />
      )}
    </SectionCard>
  );
}

function Queues({ s }: { s: Summary }) {
  const q = s.queues;
  return (
    <SectionCard
      title="Job queues"
      description="Depth now and failures in the last 24 hours"
      actions={
        <Anchor component={Link} to="/admin/ai-control" size="sm">
          Queue controls
        </Anchor>
      }
      testId="queues"
    >
      {!q.available ? (
        <Text size="sm" c="red">
          {q.error}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing={6} aria-label="Job queues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th ta="right">Waiting</Table.Th>
                <Table.Th ta="right">Active</Table.Th>
                <Table.Th ta="right">Delayed</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
                <Table.Th ta="right">Failed 24 h</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.queues.map((x) => (
                <Table.Tr key={x.name} data-testid="queue-row">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} tt="capitalize">
                        {x.name}
                      </Text>
                      {x.paused ? (
                        <Badge size="xs" color="yellow" variant="light">
                          paused
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(x.counts.waiting + x.counts.prioritized)}</Table.Td>
                  <Table.Td ta="right">{formatInt(x.counts.active)}</Table.Td>
                  <Table.Td ta="right">{formatInt(x.counts.delayed)}</Table.Td>
                  <Table.Td ta="right">{formatInt(x.counts.failed)}</Table.Td>
                  <Table.Td ta="right">
                    <Tooltip label="Jobs that failed for good in the last 24 hours" disabled={x.failedLast24h === 0}>
                      <Text size="sm" fw={x.failedLast24h ? 700 : 400} c={x.failedLast24h ? 'red' : undefined} span>
                        {formatInt(x.failedLast24h)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

/** /admin — the admin console's overview for a period, with charts. */
export function AdminDashboardScreen() {
  const { period, setPeriod, input } = usePeriod();
  const summary = trpc.admin.summary.useQuery(input, { placeholderData: (prev) => prev });
  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="Admin Console"
          description="Revenue against AI cost, users, and the models Atelier offers — in one place."
          actions={<PeriodControl value={period} onChange={setPeriod} />}
        />
        <PeriodQueryBody query={summary} what="the summary" statCards={8} testId="admin-summary">
          {(s) => (
            <>
              <Headline s={s} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 8 }}>
                  <MoneyChart s={s} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  <StatusDonut s={s} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <ActivityChart s={s} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <TypeChart s={s} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <Campaigns s={s} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <Queues s={s} />
                </Grid.Col>
              </Grid>
            </>
          )}
        </PeriodQueryBody>
      </Stack>
    </>
  );
}
