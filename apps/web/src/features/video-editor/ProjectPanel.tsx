import { ASPECT_RATIOS, type AspectRatio, dimensionsFor, RESOLUTIONS, type Resolution } from '@atelier/shared';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatSeconds } from './timeline';
import type { VideoSettings } from './useProjectSettings';

interface ProjectPanelProps {
  settings: VideoSettings;
  onChange: (patch: Partial<VideoSettings>) => void;
  isGuest: boolean;
  onGuestWrite: (action: string) => void;
  error: string | null;
  onRetry: () => void;
  stats: { clips: number; ready: number; seconds: number; exports: number };
}

const isRatio = (v: string): v is AspectRatio => ASPECT_RATIOS.some((r) => r === v);
const isResolution = (v: string): v is Resolution => RESOLUTIONS.some((r) => r === v);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650} size="sm">
        {value}
      </Text>
    </Paper>
  );
}

/** The project's global prompt, ratio and resolution (used by every generation and the export). */
export function ProjectPanel({ settings, onChange, isGuest, onGuestWrite, error, onRetry, stats }: ProjectPanelProps) {
  const size = dimensionsFor(settings.aspectRatio, settings.resolution);
  const change = (patch: Partial<VideoSettings>) => (isGuest ? onGuestWrite('editProjectSettings') : onChange(patch));
  return (
    <Stack gap="md" p="md" data-testid="project-panel">
      <Textarea
        label="Global prompt"
        description="Style and mood added to every clip’s prompt when its video is generated."
        placeholder="Cinematic, warm light, slow camera moves"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={4000}
        value={settings.globalPrompt}
        readOnly={isGuest}
        onClick={isGuest ? () => onGuestWrite('editProjectSettings') : undefined}
        onChange={(event) => onChange({ globalPrompt: event.currentTarget.value })}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="ratio-label">
          Aspect ratio
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="ratio-label"
          data={[...ASPECT_RATIOS]}
          value={settings.aspectRatio}
          onChange={(v) => isRatio(v) && change({ aspectRatio: v })}
        />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="resolution-label">
          Resolution
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="resolution-label"
          data={[...RESOLUTIONS]}
          value={settings.resolution}
          onChange={(v) => isResolution(v) && change({ resolution: v })}
        />
        <Text size="xs" c="dimmed">
          New clips and exports are {size.width}×{size.height}.
        </Text>
      </Stack>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Settings not saved" p="xs">
          <Group gap="xs" justify="space-between">
            <Text size="xs">{error}</Text>
            <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={2} spacing="xs">
        <Stat label="Clips" value={String(stats.clips)} />
        <Stat label="With video" value={String(stats.ready)} />
        <Stat label="Length" value={formatSeconds(stats.seconds)} />
        <Stat label="Exports" value={String(stats.exports)} />
      </SimpleGrid>
    </Stack>
  );
}
