import '@mantine/charts/styles.css';

import { BarChart, CompositeChart } from '@mantine/charts';
import { Button, Grid, Group, Progress, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash, IconDownload, IconPercentage, IconReceipt, IconScale, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { AnchorLink, ChartEmpty, PeriodControl, PeriodQueryBody, type PeriodValue, SectionCard, StatCard, usePeriod } from './AdminUi';
import { type AdminOutputs, formatCredits, formatInt, formatPercent, formatUsd, marginColor, shortDay, TYPE_LABELS } from './format';
import { downloadUsageCsv, type ExportProgress, formatBytes } from './usageExport';

type Usage = AdminOutputs['usage'];

export const CREDIT_PRICE_BASIS: Record<string, string> = {
  period: 'average sale price in the period',
  'all-time': 'average sale price over all sales',
  'list-price': 'credit packages’ list price (no sales yet)',
};

function Margin({ value }: { value: number }) {
  return (
    <Text span size="sm" fw={600} c={marginColor(value)} ff="monospace">
      {formatUsd(value)}
    </Text>
  );
}

function Totals({ u }: { u: Usage }) {
  const t = u.totals;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        label="Revenue"
        value={formatUsd(t.revenueUsd)}
        hint={`${formatCredits(t.creditsSold)} credits sold`}
        icon={IconCash}
        color="teal"
        testId="profit-revenue"
      />
      <StatCard
        label="Provider cost"
        value={formatUsd(t.providerCostUsd)}
        hint={`incl. ${formatUsd(t.adminTestCostUsd)} for admin model tests`}
        icon={IconReceipt}
        color="orange"
        testId="profit-cost"
      />
      <StatCard
        label="Gross margin"
        value={
          <Text span inherit c={marginColor(t.grossMarginUsd)}>
            {formatUsd(t.grossMarginUsd)}
          </Text>
        }
        hint={t.grossMarginRate === null ? 'No revenue in the period' : `${formatPercent(t.grossMarginRate)} of revenue`}
        icon={IconPercentage}
        color={marginColor(t.grossMarginUsd)}
        testId="profit-margin"
      />
      <StatCard
        label="Margin per credit"
        value={t.marginPerCreditUsd === null ? '—' : formatUsd(t.marginPerCreditUsd)}
        hint={`A credit sells for ${formatUsd(u.creditPrice.usdPerCredit)} (${CREDIT_PRICE_BASIS[u.creditPrice.basis]}); ${formatCredits(t.creditsSpent)} credits spent`}
        icon={IconScale}
        color="brand"
        testId="profit-per-credit"
      />
    </SimpleGrid>
  );
}

function TrendChart({ u }: { u: Usage }) {
  const has = u.series.some((d) => d.revenueUsd !== 0 || d.providerCostUsd !== 0);
  let margin = 0;
  const data = u.series.map((d) => {
    margin += d.marginUsd;
    return { date: shortDay(d.date), Revenue: d.revenueUsd, 'Provider cost': d.providerCostUsd, 'Margin so far': Math.round(margin * 100) / 100 };
  });
  return (
    <SectionCard
      title="Revenue, cost and margin"
      description={`Revenue and provider cost per ${u.period.bucket} (bars), margin accumulated over the period (line), in USD`}
      testId="chart-trend"
    >
      {has ? (
        <CompositeChart
          h={280}
          data={data}
          dataKey="date"
          series={[
            { name: 'Revenue', color: 'teal.6', type: 'bar' },
            { name: 'Provider cost', color: 'orange.6', type: 'bar' },
            { name: 'Margin so far', color: 'brand.6', type: 'line', yAxisId: 'right' },
          ]}
          withRightYAxis
          curveType="stepAfter"
          withDots={false}
          withLegend
          maxBarWidth={18}
          valueFormatter={(v) => formatUsd(v)}
          yAxisProps={{ width: 64, tickFormatter: (v: number) => formatUsd(v) }}
          rightYAxisProps={{ width: 72, tickFormatter: (v: number) => formatUsd(v) }}
        />
      ) : (
        <ChartEmpty height={280} text="No purchases or generation costs in this period." />
      )}
    </SectionCard>
  );
}

function ByModel({ u }: { u: Usage }) {
  const top = u.byModel.slice(0, 10);
  return (
    <SectionCard
      title="Per model"
      description={`Revenue is the credits spent on a model × ${formatUsd(u.creditPrice.usdPerCredit)} per credit; cost includes admin tests.`}
      testId="profit-by-model"
    >
      {u.byModel.length === 0 ? (
        <ChartEmpty height={160} text="No generations in this period." />
      ) : (
        <Stack gap="md">
          <BarChart
            h={Math.max(180, top.length * 40)}
            data={top.map((m) => ({ model: m.name, Revenue: m.revenueUsd, 'Provider cost': m.providerCostUsd }))}
            dataKey="model"
            orientation="vertical"
            series={[
              { name: 'Revenue', color: 'teal.6' },
              { name: 'Provider cost', color: 'orange.6' },
            ]}
            valueFormatter={(v) => formatUsd(v)}
            yAxisProps={{ width: 150 }}
            withLegend
            tickLine="x"
          />
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="xs" highlightOnHover aria-label="Profitability per model">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Model</Table.Th>
                  <Table.Th ta="right">Generations</Table.Th>
                  <Table.Th ta="right">Credits</Table.Th>
                  <Table.Th ta="right">Revenue</Table.Th>
                  <Table.Th ta="right">Provider cost</Table.Th>
                  <Table.Th ta="right">Margin</Table.Th>
                  <Table.Th ta="right">Per credit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.byModel.map((m) => (
                  <Table.Tr key={`${m.modelId}:${m.type}`} data-testid="model-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.modelId} · {TYPE_LABELS[m.type] ?? m.type}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatInt(m.generations)}</Table.Td>
                    <Table.Td ta="right">{formatCredits(m.creditsSpent)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(m.revenueUsd)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(m.providerCostUsd)}</Table.Td>
                    <Table.Td ta="right">
                      <Margin value={m.marginUsd} />
                    </Table.Td>
                    <Table.Td ta="right">{m.marginPerCreditUsd === null ? '—' : formatUsd(m.marginPerCreditUsd)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </SectionCard>
  );
}

function ByType({ u }: { u: Usage }) {
  const has = u.byType.some((t) => t.generations > 0 || t.providerCostUsd > 0);
  return (
    <SectionCard title="Per type" description="Image, video, audio and text" testId="profit-by-type">
      {has ? (
        <Stack gap="md">
          <BarChart
            h={200}
            data={u.byType.map((t) => ({
              type: TYPE_LABELS[t.type] ?? t.type,
              Revenue: t.revenueUsd,
              'Provider cost': t.providerCostUsd,
              Margin: t.marginUsd,
            }))}
            dataKey="type"
            series={[
              { name: 'Revenue', color: 'teal.6' },
              { name: 'Provider cost', color: 'orange.6' },
              { name: 'Margin', color: 'brand.6' },
            ]}
            valueFormatter={(v) => formatUsd(v)}
            yAxisProps={{ width: 64 }}
            withLegend
            tickLine="y"
          />
          <Table verticalSpacing={6} aria-label="Profitability per type">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Generations</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th ta="right">Margin</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.byType.map((t) => (
                <Table.Tr key={t.type}>
                  <Table.Td>{TYPE_LABELS[t.type] ?? t.type}</Table.Td>
                  <Table.Td ta="right">{formatInt(t.generations)}</Table.Td>
                  <Table.Td ta="right">{formatCredits(t.creditsSpent)}</Table.Td>
                  <Table.Td ta="right">
                    <Margin value={t.marginUsd} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <ChartEmpty height={200} text="No generations in this period." />
      )}
    </SectionCard>
  );
}

function ByUser({ u }: { u: Usage }) {
  return (
    <SectionCard title="Per user" description="What each user paid in the period against what their generations cost" testId="profit-by-user">
      {u.byUser.length === 0 ? (
        <ChartEmpty height={140} text="Nobody bought credits or generated anything in this period." />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" highlightOnHover aria-label="Profitability per user">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
                <Table.Th ta="right">Credits bought</Table.Th>
                <Table.Th ta="right">Credits spent</Table.Th>
                <Table.Th ta="right">Generations</Table.Th>
                <Table.Th ta="right">Provider cost</Table.Th>
                <Table.Th ta="right">Margin</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.byUser.map((r) => (
                <Table.Tr key={r.userId} data-testid="profit-user-row">
                  <Table.Td>
                    <AnchorLink to="/admin/profitability/users/$userId" params={{ userId: r.userId }} size="sm" fw={600}>
                      {r.email}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(r.revenueUsd)}</Table.Td>
                  <Table.Td ta="right">{formatCredits(r.creditsBought)}</Table.Td>
                  <Table.Td ta="right">{formatCredits(r.creditsSpent)}</Table.Td>
                  <Table.Td ta="right">{formatInt(r.generations)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(r.providerCostUsd)}</Table.Td>
                  <Table.Td ta="right">
                    <Margin value={r.marginUsd} />
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

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
  { value: 'text', label: 'Text' },
];

/** The usage export: a streamed CSV of the period's generations, downloaded as a file with live progress. */
export function UsageExport({ period }: { period: PeriodValue }) {
  const [type, setType] = useState('all');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;
  const start = async () => {
    setError(null);
    setProgress({ bytes: 0, rows: 0 });
    abort.current = new AbortController();
    try {
      const result = await downloadUsageCsv(
        { from: period.from, to: period.to, type: type === 'all' ? undefined : (type as 'image') },
        setProgress,
        abort.current.signal,
      );
      notifications.show({ color: 'teal', title: 'Usage exported', message: `${formatInt(result.rows)} generations in ${result.filename}` });
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setError(errorMessage(e));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };
  return (
    <SectionCard
      title="Usage export"
      description="Every generation of the period — user, model, credits, provider cost, status and timestamps — as a CSV file."
      testId="usage-export"
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <Select label="Type" data={TYPE_OPTIONS} value={type} onChange={(v) => setType(v ?? 'all')} allowDeselect={false} w={160} disabled={busy} />
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void start()}
            loading={false}
            disabled={busy}
            data-testid="export-csv"
          >
            Download CSV
          </Button>
          {busy ? (
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden />} onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </Group>
        {busy ? (
          <Stack gap={4} data-testid="export-progress">
            <Progress value={100} animated striped aria-label="Downloading the export" />
            <Text size="xs" c="dimmed">
              {formatInt(progress.rows)} rows · {formatBytes(progress.bytes)} received
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

/** /admin/profitability — revenue versus provider cost per model, type and user, with the usage export. */
export function ProfitabilityScreen() {
  const { period, setPeriod, input } = usePeriod();
  const usage = trpc.admin.usage.useQuery(input, { placeholderData: (prev) => prev });
  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="Profitability"
          description="Credits sold against what the AI providers charged, by period, model and user."
          actions={<PeriodControl value={period} onChange={setPeriod} />}
        />
        <PeriodQueryBody query={usage} what="profitability" testId="profitability">
          {(u) => (
            <>
              <Totals u={u} />
              <TrendChart u={u} />
              <ByModel u={u} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 7 }}>
                  <ByType u={u} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 5 }}>
                  <UsageExport period={period} />
                </Grid.Col>
              </Grid>
              <ByUser u={u} />
            </>
          )}
        </PeriodQueryBody>
      </Stack>
    </>
  );
}
