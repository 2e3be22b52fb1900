import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/**
 * The cards around charts and figures, shared by the analytics, admin and SEO competitor-analysis screens:
 * `ChartCard` is a titled surface for a chart or a table, `StatCard` one headline figure.
 */

interface ChartCardProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled surface for a chart or a table: the heading, an optional line saying what it shows, actions, the content. */
export function ChartCard({ title, description, actions, children, testId }: ChartCardProps) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="md" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: Icon;
  color?: string;
  testId?: string;
}

/** One headline figure: a label, the value, an optional hint and icon. */
export function StatCard({ label, value, hint, icon: StatIcon, color = 'brand', testId }: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.05em' }}>
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed" lh={1.4}>
              {hint}
            </Text>
          ) : null}
        </Stack>
        {StatIcon ? (
          <ThemeIcon variant="light" color={color} size={38} radius="md">
            <StatIcon size={20} stroke={1.7} aria-hidden />
          </ThemeIcon>
        ) : null}
      </Group>
    </Card>
  );
}
