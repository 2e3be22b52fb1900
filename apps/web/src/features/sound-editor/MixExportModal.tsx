import { Alert, Badge, Button, Group, Modal, Paper, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type Export, useLiveExport } from '../projects/useLiveExport';
import { formatTime } from './SoundTimeline';

const STATUS_LABEL: Record<Export['status'], string> = { PENDING: 'Queued', PROCESSING: 'Mixing', COMPLETED: 'Ready', FAILED: 'Failed' };
const STATUS_COLOR: Record<Export['status'], string> = { PENDING: 'gray', PROCESSING: 'blue', COMPLETED: 'teal', FAILED: 'red' };

interface MixExportModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  seconds: number;
  clipCount: number;
  /** Saves the mix first, so the export renders what is on screen. */
  beforeExport: () => Promise<void>;
}

function ExportRow({ e }: { e: Export }) {
  const ext = e.type === 'audio/wav' ? 'wav' : 'mp3';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="mix-export" data-status={e.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {e.name} · {ext.toUpperCase()}
          </Text>
          <Badge size="sm" color={STATUS_COLOR[e.status]} variant="light">
            {STATUS_LABEL[e.status]}
          </Badge>
        </Group>
        {e.status === 'PENDING' || e.status === 'PROCESSING' ? (
          <Progress value={e.progress} animated size="sm" aria-label="Mixdown progress" />
        ) : null}
        {e.status === 'FAILED' ? (
          <Text size="xs" c="red">
            {e.error ?? 'The mixdown failed'}
          </Text>
        ) : null}
        {e.status === 'COMPLETED' && e.outputUrl ? (
          <>
            {/* biome-ignore lint/a11y/useMediaCaption: a music/voice mixdown has no captions */}
            <audio controls preload="metadata" src={e.outputUrl} style={{ width: '100%' }} data-testid="mix-player" />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {typeof e.metadata.durationSeconds === 'number' ? formatTime(e.metadata.durationSeconds) : ''}
                {typeof e.metadata.bytes === 'number' ? ` · ${(e.metadata.bytes / 1024 / 1024).toFixed(2)} MB` : ''}
              </Text>
              <Button
                component="a"
                href={e.downloadUrl ?? e.outputUrl}
                download={`${e.name}.${ext}`}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
              >
                Download
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Mix down the saved session with ffmpeg to MP3 or WAV — a project export — with progress, a player and a download. */
export function MixExportModal({ opened, onClose, projectId, seconds, clipCount, beforeExport }: MixExportModalProps) {
  const utils = trpc.useUtils();
  const [format, setFormat] = useState<'mp3' | 'wav'>('mp3');
  const [name, setName] = useState('Mixdown');
  const [current, setCurrent] = useState<Export | null>(null);
  const currentId = current?.id ?? null;
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const create = trpc.soundEditor.export.useMutation();
  useLiveExport(current, setCurrent);
  const recent = trpc.projects.exports.useQuery({ id: projectId, limit: 20 }, { enabled: opened });
  const earlier = (recent.data?.exports ?? []).filter((e) => e.type.startsWith('audio/') && e.id !== currentId).slice(0, 4);

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      await beforeExport();
      const res = await create.mutateAsync({ id: projectId, format, name: name.trim() || 'Mixdown' });
      setCurrent(res.export);
      void utils.projects.exports.invalidate({ id: projectId });
    } catch (e) {
      setError(e instanceof Error && !('data' in e) ? e.message : errorMessage(e));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export the mix" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {clipCount} audible clip{clipCount === 1 ? '' : 's'} · {formatTime(seconds)}. Mute, solo, volumes and fades are applied. The file appears in
          the project’s exports.
        </Text>
        <SegmentedControl
          value={format}
          onChange={(v) => setFormat(v === 'wav' ? 'wav' : 'mp3')}
          data={[
            { value: 'mp3', label: 'MP3 (192 kb/s)' },
            { value: 'wav', label: 'WAV (16-bit)' },
          ]}
          aria-label="Format"
        />
        <TextInput label="Name" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
        {error ? (
          <Alert color="red" title="The export did not start">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={() => void start()} loading={starting} disabled={clipCount === 0} leftSection={<IconFileExport size={16} />}>
            Export {format.toUpperCase()}
          </Button>
        </Group>
        {current ? <ExportRow e={current} /> : null}
        {earlier.length ? (
          <Stack gap="xs">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Earlier mixdowns
            </Text>
            {earlier.map((e) => (
              <ExportRow key={e.id} e={e} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
