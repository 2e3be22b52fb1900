import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScreenHeaderProps {
  /** Usually text; a placeholder (skeleton) while the title is still being worked out. */
  title: ReactNode;
  description: string;
  /** Small label above the title, e.g. the area of the app. */
  eyebrow?: string;
  actions?: ReactNode;
}

/** Title, one-line purpose and primary actions at the top of a screen. */
export function ScreenHeader({ title, description, eyebrow, actions }: ScreenHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={6} maw={720} miw={0}>
        {eyebrow ? (
          <Text size="xs" fw={700} tt="uppercase" c="brand" style={{ letterSpacing: '0.08em' }}>
            {eyebrow}
          </Text>
        ) : null}
        {typeof title === 'string' ? (
          // A long unbroken word (an e-mail name) wraps instead of pushing the screen wider than the phone.
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        ) : (
          title
        )}
        <Text c="dimmed" size="md">
          {description}
        </Text>
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
