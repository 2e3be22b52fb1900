import '@mantine/charts/styles.css';

import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Alert, Badge, Button, Grid, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconBulb, IconChartBar, IconClock, IconCoins, IconFolder, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { ChartCard, StatCard } from '../../components/ChartCard';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { TYPE_META } from '../history/generation';

type Period = '7d' | '30d' | '90d';
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const seconds = (s: number | null) =>
  s === null ? '—' : s < 60 ? `${fmt(s, 1)} s` : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

/** /analytics — the user's own generations, credits, timing and models over 7, 30 or 90 days. */
export function AnalyticsScreen() {
  const [period, setPeriod] = useState<Period>('30d');
  const input = { period };
  const overview = trpc.analytics.overview.useQuery(input);
  const stats = trpc.analytics.usageStats.useQuery(input);
  const trend = trpc.analytics.usageTrend.useQuery(input);
  const models = trpc.analytics.modelPerformance.useQuery(input);
  const breakdown = trpc.analytics.creditBreakdown.useQuery(input);
  const recs = trpc.analytics.recommendations.useQuery(input);

  const header = (
    <ScreenHeader
      eyebrow="Insights"
      title="Analytics"
      description="How much you generate, what it costs in credits, how long it takes, and which models you use most."
      actions={
        <SegmentedControl
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          aria-label="Period"
          data={[
            { value: '7d', label: '7 days' },
            { value: '30d', label: '30 days' },
            { value: '90d', label: '90 days' },
          ]}
        />
      }
    />
  );

  if (overview.isError) {
    return (
      <Stack gap="lg">
        {header}
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Analytics could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(overview.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (overview.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading analytics">
        {header}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={104} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }

  const o = overview.data;
  if (o.overview.totalGenerations === 0 && o.overview.creditsUsed === 0) {
    return (
      <Stack gap="lg">
        {header}
        <ScreenEmptyState
          icon={<IconChartBar size={26} stroke={1.6} />}
          title={period === '90d' ? 'No activity yet' : `No activity in the last ${period === '7d' ? '7' : '30'} days`}
          description="Charts of generations by type, credit usage by day and your most-used models appear once you start generating."
          actions={
            <ButtonLink to="/quick-create" variant="light" leftSection={<IconSparkles size={16} aria-hidden />}>
              Generate something
            </ButtonLink>
          }
        />
      </Stack>
    );
  }

  const creditSeries = o.creditUsage.map((d) => ({ date: shortDate(d.date), Credits: d.credits }));
  const donut = o.generationsByType
    .filter((t) => t.count > 0)
    .map((t) => ({ name: TYPE_META[t.type].label, value: t.count, color: `${TYPE_META[t.type].color}.6` }));
  const trendSeries = (trend.data?.days ?? []).map((d) => ({
    date: shortDate(d.date),
    Image: d.image,
    Video: d.video,
    Text: d.text,
    Audio: d.audio,
  }));
  const popular = o.popularModels.map((m) => ({ model: m.name, Uses: m.uses }));

  return (
    <Stack gap="lg" data-testid="analytics-dashboard">
      {header}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          testId="analytics-stat"
          label="Generations"
          value={fmt(o.overview.totalGenerations)}
          hint={stats.data?.successRate != null ? `${Math.round(stats.data.successRate * 100)}% succeeded` : undefined}
          icon={IconBolt}
          color="grape"
        />
        <StatCard
          testId="analytics-stat"
          label="Credits used"
          value={fmt(o.overview.creditsUsed, 2)}
          hint="Spends minus refunds"
          icon={IconCoins}
          color="yellow"
        />
        <StatCard testId="analytics-stat" label="Projects created" value={fmt(o.overview.projectsCreated)} icon={IconFolder} color="blue" />
        <StatCard
          testId="analytics-stat"
          label="Avg generation time"
          value={seconds(o.overview.avgGenerationTime)}
          hint="Request to result, completed runs"
          icon={IconClock}
          color="teal"
        />
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartCard title="Credit usage" description={`Credits used per day, ${shortDate(o.from)} – ${shortDate(o.to)}`}>
            <AreaChart
              h={260}
              data={creditSeries}
              dataKey="date"
              series={[{ name: 'Credits', color: 'brand.6' }]}
              curveType="monotone"
              withDots={false}
              valueFormatter={(v) => fmt(v, 2)}
              data-testid="chart-credit-usage"
            />
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ChartCard title="Generations by type">
            <Group justify="center">
              <DonutChart
                data={donut}
                size={180}
                thickness={26}
                withLabelsLine={false}
                withTooltip
                chartLabel={fmt(o.overview.totalGenerations)}
                data-testid="chart-by-type"
              />
            </Group>
            <Group justify="center" gap="xs">
              {o.generationsByType.map((t) => (
                <Badge key={t.type} variant="light" color={TYPE_META[t.type].color}>
                  {TYPE_META[t.type].label} {t.count}
                </Badge>
              ))}
            </Group>
          </ChartCard>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title="Generations per day" description="By type">
          {trend.isPending ? (
            <Skeleton h={240} />
          ) : (
            <BarChart
              h={240}
              data={trendSeries}
              dataKey="date"
              type="stacked"
              series={[
                { name: 'Image', color: 'grape.6' },
                { name: 'Video', color: 'pink.6' },
                { name: 'Text', color: 'cyan.6' },
                { name: 'Audio', color: 'orange.6' },
              ]}
              withLegend
              data-testid="chart-trend"
            />
          )}
        </ChartCard>
        <ChartCard title="Popular models" description="How often you used each model">
          <BarChart
            h={240}
            data={popular}
            dataKey="model"
            orientation="vertical"
            yAxisProps={{ width: 130 }}
            series={[{ name: 'Uses', color: 'brand.6' }]}
            data-testid="chart-models"
          />
        </ChartCard>
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartCard title="Model performance" description="Success rate counts completed against failed runs; time is request to result">
            {models.isPending ? (
              <Skeleton h={160} />
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Model</Table.Th>
                      <Table.Th ta="right">Uses</Table.Th>
                      <Table.Th ta="right">Success</Table.Th>
                      <Table.Th ta="right">Avg time</Table.Th>
                      <Table.Th ta="right">Credits</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(models.data?.models ?? []).map((m) => (
                      <Table.Tr key={m.id}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Badge size="xs" variant="light" color={TYPE_META[m.type].color}>
                              {TYPE_META[m.type].label}
                            </Badge>
                            <Text size="sm">{m.name}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{fmt(m.uses)}</Table.Td>
                        <Table.Td ta="right">{m.successRate === null ? '—' : `${Math.round(m.successRate * 100)}%`}</Table.Td>
                        <Table.Td ta="right">{seconds(m.avgTime)}</Table.Td>
                        <Table.Td ta="right">{fmt(m.creditsUsed, 2)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ChartCard title="Where credits went" description="By type">
            {breakdown.isPending ? (
              <Skeleton h={160} />
            ) : breakdown.data?.byType.length ? (
              <BarChart
                h={200}
                data={breakdown.data.byType.map((b) => ({ type: b.type.charAt(0).toUpperCase() + b.type.slice(1), Credits: b.credits }))}
                dataKey="type"
                series={[{ name: 'Credits', color: 'yellow.6' }]}
                valueFormatter={(v) => fmt(v, 2)}
                data-testid="chart-breakdown"
              />
            ) : (
              <Text size="sm" c="dimmed">
                No credits spent in this period.
              </Text>
            )}
          </ChartCard>
        </Grid.Col>
      </Grid>

      {recs.data?.recommendations.length ? (
        <ChartCard title="Recommendations" description="From your own usage">
          <Stack gap="sm">
            {recs.data.recommendations.map((r) => (
              <Group key={`${r.kind}-${r.modelId ?? ''}`} gap="sm" align="flex-start" wrap="nowrap">
                <ThemeIcon variant="light" color="brand" radius="xl">
                  <IconBulb size={16} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={600}>
                    {r.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {r.message}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        </ChartCard>
      ) : null}
    </Stack>
  );
}
