import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled card around a chart or table (analytics, SEO competitor analysis): the heading, an optional line
 * saying what it shows, then the content.
 */
export function ChartCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** One headline figure next to the charts: a label, the value, an optional hint and icon. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  color = 'brand',
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  icon?: ReactNode;
  color?: string;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={750} fz={28} lh={1.1}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        {icon ? (
          <ThemeIcon variant="light" color={color} size={40} radius="md">
            {icon}
          </ThemeIcon>
        ) : null}
      </Group>
    </Card>
  );
}
