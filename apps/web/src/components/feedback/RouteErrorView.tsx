import { Button, Code, Collapse, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';

function describe(error: unknown): string {
  if (error instanceof Error)
    return error.stack && !error.stack.startsWith(error.message) ? `${error.message}\n\n${error.stack}` : (error.stack ?? error.message);
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** The router's fallback error view (§2, §8): 'Something went wrong!' with a Show/Hide Error toggle. */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const [shown, setShown] = useState(false);
  return (
    <Paper withBorder p="xl" maw={720} mx="auto" my="xl" role="alert" data-testid="route-error">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size="lg" radius="md">
            <IconAlertTriangle size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2}>Something went wrong!</Title>
        </Group>
        <Text c="dimmed">This screen could not be shown. You can try again, or open the details to see what failed.</Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => setShown((v) => !v)} aria-expanded={shown}>
            {shown ? 'Hide Error' : 'Show Error'}
          </Button>
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
            Try again
          </Button>
        </Group>
        <Collapse expanded={shown}>
          <Code block data-testid="route-error-details" style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
            {describe(error)}
          </Code>
        </Collapse>
      </Stack>
    </Paper>
  );
}
