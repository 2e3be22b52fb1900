import { Anchor, type AnchorProps, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, type ReactNode, type Ref, useId, useMemo, useState } from 'react';
import { QueryError } from '../../components/feedback/QueryError';

// ——— period ———

export type PeriodPreset = '7d' | '30d' | '90d' | '365d' | 'custom';
export interface PeriodValue {
  preset: PeriodPreset;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PRESET_DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

/** A preset period ending today (UTC days, as the server counts them). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = Date.now()): PeriodValue {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { preset, from: isoDay(today - (PRESET_DAYS[preset] - 1) * DAY_MS), to: isoDay(today) };
}

/** The period state of a screen: last 30 days by default. */
export function usePeriod(initial: Exclude<PeriodPreset, 'custom'> = '30d') {
  const [period, setPeriod] = useState<PeriodValue>(() => presetPeriod(initial));
  const input = useMemo(() => ({ from: period.from, to: period.to }), [period.from, period.to]);
  return { period, setPeriod, input };
}

/** Presets (7 days … 12 months) or custom dates. Dates are UTC days, both inclusive. */
export function PeriodControl({ value, onChange }: { value: PeriodValue; onChange: (value: PeriodValue) => void }) {
  const id = useId();
  const invalid = value.preset === 'custom' && value.from > value.to;
  return (
    <Stack gap={6} align="flex-end">
      <SegmentedControl
        size="xs"
        radius="md"
        aria-label="Period"
        value={value.preset}
        onChange={(preset) =>
          onChange(preset === 'custom' ? { ...value, preset: 'custom' } : presetPeriod(preset as Exclude<PeriodPreset, 'custom'>))
        }
        data={[
          { value: '7d', label: '7 days' },
          { value: '30d', label: '30 days' },
          { value: '90d', label: '90 days' },
          { value: '365d', label: '12 months' },
          { value: 'custom', label: 'Custom' },
        ]}
      />
      {value.preset === 'custom' ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            id={`${id}-from`}
            type="date"
            size="xs"
            label="From"
            value={value.from}
            max={value.to}
            onChange={(e) => e.currentTarget.value && onChange({ ...value, from: e.currentTarget.value })}
            error={invalid ? 'After "to"' : undefined}
          />
          <TextInput
            id={`${id}-to`}
            type="date"
            size="xs"
            label="To"
            value={value.to}
            min={value.from}
            onChange={(e) => e.currentTarget.value && onChange({ ...value, to: e.currentTarget.value })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

// ——— cards ———

export { StatCard } from '../../components/ChartCard';

export function StatCardSkeleton() {
  return (
    <Card padding="md">
      <Skeleton height={10} width="40%" mb={10} />
      <Skeleton height={26} width="60%" mb={8} />
      <Skeleton height={8} width="70%" />
    </Card>
  );
}

/** A titled surface for a chart or a table (one component for admin, analytics and SEO). */
export { ChartCard as SectionCard } from '../../components/ChartCard';

/** What a chart shows when its period has no data. */
export function ChartEmpty({ text, height = 220 }: { text: string; height?: number }) {
  return (
    <Stack h={height} align="center" justify="center" gap={6} c="dimmed">
      <IconChartBar size={28} stroke={1.4} aria-hidden />
      <Text size="sm" c="dimmed" ta="center" maw={320}>
        {text}
      </Text>
    </Stack>
  );
}

/** The error state of a query, with a retry (shared with every screen). */
export { QueryError };

/** What `PeriodQueryBody` reads of a query. */
interface PeriodQueryState<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The body of a per-period admin report: stat-card skeletons while the first page loads, the
 * error with a retry, and then the report — dimmed while another period loads behind it.
 */
export function PeriodQueryBody<T>({
  query,
  what,
  statCards = 4,
  testId,
  children,
}: {
  query: PeriodQueryState<T>;
  /** "the summary", "profitability": used in the loading label and the error title. */
  what: string;
  statCards?: number;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  if (query.isError && data === undefined) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} title={`Could not load ${what}`} />;
  }
  if (data === undefined) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={`Loading ${what}`}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {placeholders(statCards).map((k) => (
            <StatCardSkeleton key={k} />
          ))}
        </SimpleGrid>
        <Skeleton height={300} radius="lg" />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" style={{ opacity: query.isFetching && query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }} data-testid={testId}>
      {children(data)}
    </Stack>
  );
}

// ——— links ———

function AnchorBase(props: AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor component="a" {...props} />;
}

/** A Mantine Anchor that is a typed router link (route params checked). */
export const AnchorLink = createLink(AnchorBase);

/** Stable keys for loading placeholders. */
export const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `placeholder-${i}`);
