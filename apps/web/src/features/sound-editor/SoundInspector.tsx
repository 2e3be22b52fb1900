import { clipLength, type SoundClip, type SoundTrack } from '@atelier/shared';
import { ActionIcon, Badge, Button, Divider, Group, NumberInput, Select, Slider, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash, IconVolume, IconWaveSine } from '@tabler/icons-react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { useEditAccess } from '../collaboration/viewOnly';
import { formatTime } from './SoundTimeline';
import type { SoundSource } from './useSoundSession';

interface SoundInspectorProps {
  tracks: SoundTrack[];
  sources: SoundSource[];
  selected: { track: SoundTrack; clip: SoundClip } | null;
  selectedTrack: SoundTrack | null;
  onClip: (clipId: string, patch: Partial<SoundClip>) => void;
  onMoveToTrack: (clipId: string, trackId: string) => void;
  onDeleteClip: (clipId: string) => void;
  onTrack: (trackId: string, patch: Partial<Pick<SoundTrack, 'name' | 'volume' | 'muted' | 'solo'>>) => void;
  onDeleteTrack: (trackId: string) => void;
  onPlaceSource: (sourceId: string) => void;
  onRemoveSource: (sourceId: string) => void;
}

const KIND_LABEL: Record<SoundSource['kind'], string> = { upload: 'Upload', generation: 'Generated', video: 'Video sound', export: 'Export' };

function Seconds({ label, value, max, onChange }: { label: string; value: number; max?: number; onChange: (v: number) => void }) {
  return (
    <NumberInput
      size="xs"
      label={label}
      value={value}
      min={0}
      max={max}
      step={0.1}
      decimalScale={2}
      suffix=" s"
      onChange={(v) => {
        const n = typeof v === 'number' ? v : Number.parseFloat(String(v));
        if (Number.isFinite(n)) onChange(Math.max(0, n));
      }}
    />
  );
}

/** The right panel: the selected clip (timing, trims, fades, gain), the selected track, and the session's audio. */
export function SoundInspector(props: SoundInspectorProps) {
  // Sliders are not form controls: a viewer's are disabled here (the fieldset of ViewOnly covers the rest).
  const { viewOnly } = useEditAccess();
  const { tracks, sources, selected, selectedTrack } = props;
  const usedBy = (sourceId: string) => tracks.reduce((n, t) => n + t.clips.filter((c) => c.sourceId === sourceId).length, 0);
  const source = selected ? sources.find((s) => s.id === selected.clip.sourceId) : null;

  return (
    <Stack gap="md" p="md">
      {selected && source ? (
        <Stack gap="xs" data-testid="clip-inspector">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={650} truncate="end">
              {source.name}
            </Text>
            <Badge size="xs" variant="light">
              {KIND_LABEL[source.kind]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Plays {formatTime(clipLength(selected.clip, source.durationSeconds))} of {formatTime(source.durationSeconds)} · on “{selected.track.name}”
          </Text>
          <Seconds label="Start on the timeline" value={selected.clip.start} onChange={(v) => props.onClip(selected.clip.id, { start: v })} />
          <Group grow gap="xs">
            <Seconds
              label="Trim start"
              value={selected.clip.trimStart}
              max={source.durationSeconds}
              onChange={(v) => props.onClip(selected.clip.id, { trimStart: v })}
            />
            <Seconds
              label="Trim end"
              value={selected.clip.trimEnd}
              max={source.durationSeconds}
              onChange={(v) => props.onClip(selected.clip.id, { trimEnd: v })}
            />
          </Group>
          <Group grow gap="xs">
            <Seconds label="Fade in" value={selected.clip.fadeIn} onChange={(v) => props.onClip(selected.clip.id, { fadeIn: v })} />
            <Seconds label="Fade out" value={selected.clip.fadeOut} onChange={(v) => props.onClip(selected.clip.id, { fadeOut: v })} />
          </Group>
          <Stack gap={2}>
            <Text size="xs" fw={500}>
              Clip volume: {Math.round(selected.clip.gain * 100)} %
            </Text>
            <Slider
              disabled={viewOnly}
              min={0}
              max={2}
              step={0.05}
              value={selected.clip.gain}
              onChange={(v) => props.onClip(selected.clip.id, { gain: v })}
              label={(v) => `${Math.round(v * 100)} %`}
              thumbLabel="Clip volume"
              marks={[{ value: 1, label: '100 %' }]}
              mb="md"
            />
          </Stack>
          <Select
            size="xs"
            label="Track"
            data={tracks.map((t, i) => ({ value: t.id, label: t.name.trim() || `Track ${i + 1}` }))}
            value={selected.track.id}
            onChange={(v) => v && props.onMoveToTrack(selected.clip.id, v)}
            allowDeselect={false}
          />
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => props.onDeleteClip(selected.clip.id)}>
            Delete clip
          </Button>
        </Stack>
      ) : selectedTrack ? (
        <Stack gap="xs" data-testid="track-inspector">
          <TextInput
            size="xs"
            label="Track name"
            value={selectedTrack.name}
            maxLength={60}
            onChange={(e) => props.onTrack(selectedTrack.id, { name: e.currentTarget.value })}
          />
          <Stack gap={2}>
            <Text size="xs" fw={500}>
              Track volume: {Math.round(selectedTrack.volume * 100)} %
            </Text>
            <Slider
              disabled={viewOnly}
              min={0}
              max={2}
              step={0.05}
              value={selectedTrack.volume}
              onChange={(v) => props.onTrack(selectedTrack.id, { volume: v })}
              thumbLabel="Track volume"
              marks={[{ value: 1, label: '100 %' }]}
              mb="md"
            />
          </Stack>
          <Switch
            size="xs"
            label="Mute"
            checked={selectedTrack.muted}
            onChange={(e) => props.onTrack(selectedTrack.id, { muted: e.currentTarget.checked })}
          />
          <Switch
            size="xs"
            label="Solo (only soloed tracks play)"
            checked={selectedTrack.solo}
            onChange={(e) => props.onTrack(selectedTrack.id, { solo: e.currentTarget.checked })}
          />
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => props.onDeleteTrack(selectedTrack.id)}>
            Delete track
          </Button>
        </Stack>
      ) : (
        <ScreenEmptyState
          bare
          icon={<IconVolume size={22} stroke={1.6} />}
          title="Nothing selected"
          description="Select a clip to change its timing, trims, fades and volume, or a track header for the track."
        />
      )}

      <Divider label="Audio in this session" labelPosition="left" />
      {sources.length === 0 ? (
        <Text size="xs" c="dimmed">
          No audio yet. Use Add audio to upload a file or pick speech, music or a project video.
        </Text>
      ) : (
        <Stack gap={6} data-testid="sources">
          {sources.map((s) => {
            const n = usedBy(s.id);
            return (
              <Group key={s.id} gap={6} wrap="nowrap">
                <IconWaveSine size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="xs" truncate="end" title={s.name}>
                    {s.name}
                  </Text>
                  <Text size="10px" c="dimmed">
                    {formatTime(s.durationSeconds)} · {n ? `${n} clip${n === 1 ? '' : 's'}` : 'unused'}
                  </Text>
                </Stack>
                <Tooltip label="Add to the selected track at the playhead">
                  <ActionIcon size="sm" variant="default" aria-label={`Place ${s.name}`} onClick={() => props.onPlaceSource(s.id)}>
                    <IconPlus size={12} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={n ? 'Used by clips: delete them first' : 'Remove from the session'}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${s.name}`}
                    disabled={n > 0}
                    onClick={() => props.onRemoveSource(s.id)}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
