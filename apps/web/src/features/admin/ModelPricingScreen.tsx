import '@mantine/charts/styles.css';

import { withMargin } from '@atelier/shared';
import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCoin, IconDeviceFloppy, IconPercentage, IconReceipt2, IconSearch, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { ChartEmpty, QueryError, SectionCard, StatCard } from './AdminUi';
import { type AdminOutputs, formatCredits, formatPercent, formatUsd, marginColor, TYPE_LABELS } from './format';
import { CREDIT_PRICE_BASIS } from './ProfitabilityScreen';

type Pricing = AdminOutputs['modelPricing'];
type Row = Pricing['models'][number];
interface Draft {
  credits: number | string;
  cost: number | string;
}

const OUTPUT_OF: Record<string, string> = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio', TEXT: 'text' };
/** The margin (share of the price) that a 20 % markup over cost gives, in percent. */
const TARGET_MARGIN_OF_PRICE = Math.round((1 - 1 / 1.2) * 1000) / 10;

/** A price field's problem, or null: a number, at least 0, at most two decimals for credits. */
export function priceError(value: number | string, kind: 'credits' | 'cost'): string | null {
  if (value === '' || typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number';
  if (value < 0) return 'Must not be negative';
  if (kind === 'credits' && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'At most two decimals';
  if (kind === 'credits' && value > 100_000) return 'At most 100,000';
  if (kind === 'cost' && value > 10_000) return 'At most $10,000';
  return null;
}

/** Cost in credits, the suggested price (+20 %, rounded up) and the margin for a price and cost. */
function economics(credits: number, costUsd: number, usdPerCredit: number) {
  const costCredits = usdPerCredit > 0 ? costUsd / usdPerCredit : 0;
  const revenue = credits * usdPerCredit;
  return {
    costCredits,
    suggested: withMargin(costCredits),
    marginUsd: revenue - costUsd,
    marginRate: revenue > 0 ? (revenue - costUsd) / revenue : null,
  };
}

function PriceRow({
  row,
  usdPerCredit,
  draft,
  onDraft,
  onSaved,
}: {
  row: Row;
  usdPerCredit: number;
  draft: Draft | undefined;
  onDraft: (d: Draft | undefined) => void;
  onSaved: (r: Row) => void;
}) {
  const credits = draft?.credits ?? row.credits;
  const cost = draft?.cost ?? row.providerCostUsd;
  const creditsError = priceError(credits, 'credits');
  const costError = priceError(cost, 'cost');
  const valid = !creditsError && !costError;
  const dirty = draft !== undefined && (credits !== row.credits || cost !== row.providerCostUsd);
  const e = valid ? economics(Number(credits), Number(cost), usdPerCredit) : null;
  const save = trpc.admin.updateModelPrice.useMutation({
    onSuccess: (res) => {
      onSaved(res.model);
      onDraft(undefined);
      notifications.show({
        color: 'teal',
        title: 'Price saved',
        message: `${res.model.name}: ${formatCredits(res.model.credits)} credits from the next generation on.`,
      });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(err) }),
  });
  return (
    <Table.Tr data-testid="pricing-row" data-model={row.id}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          {row.isDefault ? (
            <Badge size="xs" variant="light" color="brand" style={{ flexShrink: 0 }}>
              default
            </Badge>
          ) : null}
          {!row.enabled ? (
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              off
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {row.provider} · {TYPE_LABELS[OUTPUT_OF[row.type] ?? ''] ?? row.type} · {row.tiers.map((t) => t.tier).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td w={130}>
        <NumberInput
          size="xs"
          aria-label={`Price of ${row.name} in credits`}
          value={credits}
          onChange={(v) => onDraft({ credits: v, cost })}
          min={0}
          decimalScale={2}
          allowNegative={false}
          error={creditsError}
          data-testid="price-credits"
        />
      </Table.Td>
      <Table.Td w={140}>
        <NumberInput
          size="xs"
          aria-label={`Provider cost of ${row.name} in USD`}
          value={cost}
          onChange={(v) => onDraft({ credits, cost: v })}
          min={0}
          decimalScale={6}
          prefix="$"
          allowNegative={false}
          error={costError}
          data-testid="price-cost"
        />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" ff="monospace">
          {e ? formatCredits(Math.round(e.costCredits * 100) / 100) : '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Text size="sm" ff="monospace" fw={600} data-testid="price-suggested">
            {e ? formatCredits(e.suggested) : '—'}
          </Text>
          {e && e.suggested > 0 && e.suggested !== Number(credits) ? (
            <Tooltip label="Use the suggested price">
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={`Use the suggested price for ${row.name}`}
                onClick={() => onDraft({ credits: e.suggested, cost })}
              >
                <IconWand size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        {e ? (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600} c={marginColor(e.marginUsd)} data-testid="price-margin">
              {formatPercent(e.marginRate)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatUsd(e.marginUsd)} / run
            </Text>
          </Stack>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {dirty ? (
            <Tooltip label="Undo changes">
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Undo changes to ${row.name}`} onClick={() => onDraft(undefined)}>
                <IconArrowBackUp size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Button
            size="compact-xs"
            leftSection={<IconDeviceFloppy size={12} aria-hidden />}
            disabled={!dirty || !valid}
            loading={save.isPending}
            onClick={() => save.mutate({ modelId: row.id, credits: Number(credits), providerCostUsd: Number(cost) })}
            aria-label={`Save the price of ${row.name}`}
            data-testid="price-save"
          >
            Save
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function MarginChart({ p }: { p: Pricing }) {
  const data = p.models
    .filter((m) => m.providerCostUsd > 0 && m.marginRate !== null)
    .map((m) => ({ model: m.name, 'Margin %': Math.round((m.marginRate ?? 0) * 1000) / 10 }))
    .sort((a, b) => a['Margin %'] - b['Margin %']);
  return (
    <SectionCard
      title="Margin by model"
      description="Share of the price left after the provider's cost, at the current prices; the line marks +20% over cost (models with a provider cost)"
      testId="margin-chart"
    >
      {data.length ? (
        <BarChart
          h={Math.max(180, data.length * 30)}
          data={data}
          dataKey="model"
          orientation="vertical"
          series={[{ name: 'Margin %', color: 'brand.6' }]}
          valueFormatter={(v) => `${v}%`}
          yAxisProps={{ width: 150 }}
          tickLine="x"
          // +20 % over cost is a margin of 1 − 1/1.2 ≈ 16.7 % of the price.
          referenceLines={[{ x: TARGET_MARGIN_OF_PRICE, color: 'teal.6', label: '+20% over cost' }]}
          getBarColor={(v) => (v < 0 ? 'red.6' : v < TARGET_MARGIN_OF_PRICE ? 'orange.6' : 'teal.6')}
        />
      ) : (
        <ChartEmpty height={180} text="No model has a provider cost yet." />
      )}
    </SectionCard>
  );
}

/** /admin/model-pricing — each model's price in credits against its provider cost, with the +20 % suggestion. */
export function ModelPricingScreen() {
  const utils = trpc.useUtils();
  const pricing = trpc.admin.modelPricing.useQuery();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [type, setType] = useState('all');
  const [search, setSearch] = useState('');
  const p = pricing.data;
  const setDraft = (id: string, d: Draft | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (d) next[id] = d;
      else delete next[id];
      return next;
    });
  const onSaved = (row: Row) => {
    utils.admin.modelPricing.setData(undefined, (old) => (old ? { ...old, models: old.models.map((m) => (m.id === row.id ? row : m)) } : old));
    void utils.admin.aiControl.invalidate();
    void utils.generation.models.invalidate();
  };
  const q = search.trim().toLowerCase();
  const rows = (p?.models ?? []).filter(
    (m) => (type === 'all' || OUTPUT_OF[m.type] === type) && (!q || m.name.toLowerCase().includes(q) || m.id.toLowerCase().includes(q)),
  );
  const belowTarget = (p?.models ?? []).filter((m) => m.providerCostUsd > 0 && m.credits < m.suggestedCredits).length;

  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="Model Pricing"
          description="Set what each model costs in credits; the suggestion is the provider's cost plus a 20% margin, rounded up. A new price applies from the next generation."
        />
        {pricing.isError && !p ? (
          <QueryError error={pricing.error} onRetry={() => void pricing.refetch()} title="Could not load the prices" />
        ) : !p ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading prices">
            <Skeleton height={90} radius="lg" />
            <Skeleton height={400} radius="lg" />
          </Stack>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <StatCard
                label="Credit sale price"
                value={formatUsd(p.creditPrice.usdPerCredit)}
                hint={CREDIT_PRICE_BASIS[p.creditPrice.basis]}
                icon={IconCoin}
                color="teal"
                testId="credit-price"
              />
              <StatCard
                label="Target markup"
                value={formatPercent(p.marginRate)}
                hint={`Over the provider's cost, rounded up to whole credits (${TARGET_MARGIN_OF_PRICE}% of the price)`}
                icon={IconPercentage}
              />
              <StatCard
                label="Below the suggestion"
                value={String(belowTarget)}
                hint="Models priced under cost + 20%"
                icon={IconReceipt2}
                color={belowTarget ? 'orange' : 'gray'}
              />
            </SimpleGrid>
            <Card padding="lg" data-testid="pricing">
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <TextInput
                    aria-label="Search models"
                    placeholder="Search models"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                    w={260}
                  />
                  <SegmentedControl
                    size="xs"
                    aria-label="Filter by type"
                    value={type}
                    onChange={setType}
                    data={[
                      { value: 'all', label: 'All' },
                      ...['image', 'video', 'audio', 'text'].map((t) => ({ value: t, label: TYPE_LABELS[t] ?? t })),
                    ]}
                  />
                </Group>
                {rows.length === 0 ? (
                  <ScreenEmptyState
                    icon={<IconReceipt2 size={26} stroke={1.6} />}
                    title="No model matches"
                    description="Try another search or type."
                  />
                ) : (
                  <Table.ScrollContainer minWidth={980} type="native">
                    <Table verticalSpacing="xs" aria-label="Model prices">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Model · tiers</Table.Th>
                          <Table.Th>Credits</Table.Th>
                          <Table.Th>Provider cost</Table.Th>
                          <Table.Th ta="right">Cost in credits</Table.Th>
                          <Table.Th ta="right">Suggested</Table.Th>
                          <Table.Th ta="right">Margin</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.map((row) => (
                          <PriceRow
                            key={row.id}
                            row={row}
                            usdPerCredit={p.creditPrice.usdPerCredit}
                            draft={drafts[row.id]}
                            onDraft={(d) => setDraft(row.id, d)}
                            onSaved={onSaved}
                          />
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            </Card>
            <MarginChart p={p} />
          </>
        )}
      </Stack>
    </>
  );
}
