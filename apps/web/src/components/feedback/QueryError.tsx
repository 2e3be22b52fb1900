import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../../lib/errors';

/** The error state of a query, with a retry. */
export function QueryError({
  error,
  onRetry,
  title = 'Could not load this data',
  m,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  m?: string;
}) {
  return (
    <Alert m={m} color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
