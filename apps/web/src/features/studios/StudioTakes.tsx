import { Alert, Badge, Group, Loader, Paper, Progress, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type Generation, isRunning, STATUS_META } from '../history/generation';
import { detailLine } from './studioUtils';

/** The live state of one take: progress while it runs, the error when it failed. */
export function TakeProgress({ generation, label }: { generation: Generation; label: string }) {
  if (isRunning(generation.status)) {
    return (
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600}>{label}</Text>
            <Text size="sm" c="dimmed" aria-live="polite">
              {generation.status === 'PENDING' ? 'Queued' : `${Math.round(generation.progress)} %`}
            </Text>
          </Group>
          <Progress
            value={generation.status === 'PENDING' ? 100 : generation.progress}
            striped={generation.status === 'PENDING'}
            animated
            aria-label={`${label} progress`}
          />
        </Stack>
      </Paper>
    );
  }
  if (generation.status === 'FAILED' || generation.status === 'CANCELLED') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={`${label} ${generation.status === 'FAILED' ? 'failed' : 'was cancelled'}`}
      >
        {generation.error ?? 'Your credits were refunded.'}
      </Alert>
    );
  }
  return null;
}

/** Past takes of one model (newest first), from the generation history. */
export function TakeList({
  modelIds,
  selectedId,
  onSelect,
  empty,
  describe,
}: {
  modelIds: string[];
  selectedId: string | null;
  onSelect: (g: Generation) => void;
  empty: ReactNode;
  describe?: (g: Generation) => string;
}) {
  const history = trpc.generation.history.useQuery({ limit: 100, offset: 0, type: 'audio' }, { staleTime: 5_000 });
  if (history.isLoading) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading takes" />
      </Group>
    );
  }
  if (history.error) {
    return (
      <Alert color="red" variant="light" title="Could not load your takes">
        {errorMessage(history.error)}
      </Alert>
    );
  }
  const takes = (history.data?.generations ?? []).filter((g) => modelIds.includes(g.model));
  if (!takes.length) return <>{empty}</>;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Past takes">
        {takes.map((g) => {
          const status = STATUS_META[g.status];
          const seconds = Number((g.metadata as { durationSeconds?: number }).durationSeconds);
          return (
            <li key={g.id}>
              <UnstyledButton
                onClick={() => onSelect(g)}
                w="100%"
                p="sm"
                aria-current={g.id === selectedId ? 'true' : undefined}
                style={(theme) => ({
                  borderRadius: theme.radius.md,
                  border: `1px solid ${g.id === selectedId ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                  background: g.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined,
                })}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} lineClamp={1}>
                      {g.prompt}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {detailLine(describe?.(g), Number.isFinite(seconds) && `${seconds.toFixed(1)} s`, new Date(g.createdAt).toLocaleString())}
                    </Text>
                  </Stack>
                  <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
                    {status.label}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The catalogue price of a model, in credits (null while loading). */
export function useModelPrice(modelId: string): number | null {
  const models = trpc.generation.models.useQuery(undefined, { staleTime: 60_000 });
  const m = models.data?.models.find((x) => x.id === modelId);
  return m ? m.credits : null;
}
