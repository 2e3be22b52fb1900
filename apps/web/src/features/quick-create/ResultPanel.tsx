import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconHistory, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { ButtonLink } from '../../components/ButtonLink';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DownloadButton, GenerationProgress, GenerationResult, GenerationStatusBadge } from '../history/GenerationMedia';
import { formatCredits, formatDuration, type Generation, isRunning, TYPE_META } from '../history/generation';
import { useLiveGeneration } from '../history/useLiveGeneration';
import { ShareButton } from '../share/ShareButton';

interface ResultPanelProps {
  generationId: string | null;
  initial: Generation | null;
  emptyIcon: React.ReactNode;
  onGenerateAgain: () => void;
  generateAgainDisabled: boolean;
  generateAgainLabel: string;
}

/** The right-hand side of Quick Create: live progress, then the result with Download and "Generate again". */
export function ResultPanel({ generationId, initial, emptyIcon, onGenerateAgain, generateAgainDisabled, generateAgainLabel }: ResultPanelProps) {
  const { generation, error } = useLiveGeneration(generationId, initial);
  const utils = trpc.useUtils();
  const cancel = trpc.generation.cancel.useMutation({
    onSuccess: (result) => utils.generation.byId.setData({ id: result.generation.id }, result.generation),
  });

  if (!generationId) {
    return (
      <ScreenEmptyState
        icon={emptyIcon}
        title="Nothing generated yet"
        description="Your result appears here with a live progress bar, and is kept in your History with its cost in credits."
      />
    );
  }
  if (!generation) {
    if (error) {
      return (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load this generation">
          {errorMessage(error)}
        </Alert>
      );
    }
    return (
      <Card>
        <Stack>
          <Skeleton h={20} w="40%" />
          <Skeleton h={280} />
        </Stack>
      </Card>
    );
  }

  const meta = TYPE_META[generation.type];
  const running = isRunning(generation.status);
  const duration =
    generation.completedAt && generation.createdAt ? new Date(generation.completedAt).getTime() - new Date(generation.createdAt).getTime() : null;

  return (
    <Card data-testid="result-panel" data-generation-id={generation.id} data-status={generation.status}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
            <ThemeIcon variant="light" color={meta.color} size={36} radius="md" aria-hidden>
              <meta.icon size={20} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={650} lineClamp={1}>
                {generation.prompt}
              </Text>
              <Text size="xs" c="dimmed">
                {generation.model}
                {generation.seed !== null ? ` · seed ${generation.seed}` : ''}
                {duration !== null ? ` · ${formatDuration(duration)}` : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Badge variant="default" style={{ textTransform: 'none' }} data-testid="result-credits">
              {formatCredits(generation.creditsUsed - generation.creditsRefunded)}
            </Badge>
            <GenerationStatusBadge generation={generation} />
          </Group>
        </Group>

        {running ? (
          <Stack gap="md">
            <GenerationProgress generation={generation} />
            <Group justify="flex-end">
              <Button
                variant="default"
                color="red"
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                loading={cancel.isPending}
                onClick={() => cancel.mutate({ id: generation.id })}
              >
                Cancel
              </Button>
            </Group>
            {cancel.error ? (
              <Text size="sm" c="red">
                {errorMessage(cancel.error)}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {generation.status === 'COMPLETED' ? <GenerationResult generation={generation} /> : null}

        {generation.status === 'FAILED' ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The generation failed" data-testid="result-error">
            {generation.error ?? 'The engine stopped without a result.'}
            {generation.creditsRefunded > 0 ? ` Your ${formatCredits(generation.creditsRefunded)} were refunded.` : ''}
          </Alert>
        ) : null}
        {generation.status === 'CANCELLED' ? (
          <Alert color="yellow" icon={<IconBan size={18} />} title="Cancelled">
            {generation.creditsRefunded > 0 ? `Your ${formatCredits(generation.creditsRefunded)} were refunded.` : 'Nothing was charged.'}
          </Alert>
        ) : null}

        {!running ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <ButtonLink
              to="/history"
              search={{ id: generation.id }}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconHistory size={14} aria-hidden />}
            >
              View receipt in History
            </ButtonLink>
            <Group gap="sm">
              <DownloadButton generation={generation} />
              {generation.status === 'COMPLETED' ? <ShareButton target={{ generationId: generation.id }} /> : null}
              <GuardedButton
                action="generateAgain"
                onAction={onGenerateAgain}
                disabled={generateAgainDisabled}
                leftSection={<IconRefresh size={16} aria-hidden />}
              >
                {generateAgainLabel}
              </GuardedButton>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
