import { dimensionsFor, type AspectRatio as Ratio, type Resolution } from '@atelier/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileExport, IconMovie, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { absoluteTime, relativeTime } from '../projects/projectTypes';
import { type Export, TERMINAL_EXPORT, useLiveExport } from '../projects/useLiveExport';
import { ExportShareButton } from '../share/ShareButton';
import { formatSeconds } from './timeline';

const TERMINAL = TERMINAL_EXPORT;
const STATUS_LABEL: Record<Export['status'], string> = { PENDING: 'Queued', PROCESSING: 'Rendering', COMPLETED: 'Ready', FAILED: 'Failed' };
const STATUS_COLOR: Record<Export['status'], string> = { PENDING: 'gray', PROCESSING: 'brand', COMPLETED: 'teal', FAILED: 'red' };

interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  ratio: Ratio;
  resolution: Resolution;
  clipCount: number;
  playableCount: number;
  seconds: number;
  /** Clips that will be left out, as sentences. */
  warnings: string[];
  /** Saves the timeline and settings first, so the export renders what is on screen. */
  beforeExport: () => Promise<void>;
  guard: (action: string, fn: () => void) => void;
}

/** Export the timeline as an MP4 (H.264/AAC) at the project's ratio and resolution, with live progress and a download. */
export function ExportDialog(props: ExportDialogProps) {
  const { opened, onClose, projectId } = props;
  const utils = trpc.useUtils();
  const [name, setName] = useState('Export');
  const [current, setCurrent] = useState<Export | null>(null);
  const [serverWarnings, setServerWarnings] = useState<string[]>([]);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const create = trpc.projects.export.useMutation();
  const recent = trpc.projects.exports.useQuery({ id: projectId, limit: 5 }, { enabled: opened });

  useLiveExport(current, setCurrent);
  const status = current?.status;
  useEffect(() => {
    if (status && TERMINAL.has(status)) {
      void utils.projects.exports.invalidate({ id: projectId });
      void utils.projects.list.invalidate();
    }
  }, [status, utils, projectId]);

  const size = dimensionsFor(props.ratio, props.resolution);
  const busy = current !== null && !TERMINAL.has(current.status);

  const start = () =>
    props.guard('exportVideo', () => {
      setStartError(null);
      setStarting(true);
      void (async () => {
        try {
          await props.beforeExport();
          const res = await create.mutateAsync({ id: projectId, name: name.trim() || 'Export', type: 'video/mp4' });
          setServerWarnings(res.warnings);
          setCurrent(res.export);
          void utils.projects.exports.invalidate({ id: projectId });
        } catch (error) {
          setStartError(errorMessage(error));
        } finally {
          setStarting(false);
        }
      })();
    });

  const reset = () => {
    setCurrent(null);
    setServerWarnings([]);
    setStartError(null);
  };

  const others = (recent.data?.exports ?? []).filter((e) => e.id !== current?.id);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>Export video</Text>} size="lg">
      <Stack gap="md" data-testid="export-dialog">
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconMovie size={18} aria-hidden />
            </ThemeIcon>
            <div>
              <Text size="sm" fw={600}>
                MP4 · {props.ratio} · {props.resolution} ({size.width}×{size.height})
              </Text>
              <Text size="xs" c="dimmed">
                {props.playableCount} of {props.clipCount} {props.clipCount === 1 ? 'clip' : 'clips'} · {formatSeconds(props.seconds)} · H.264 / AAC,
                trims applied
              </Text>
            </div>
          </Group>
        </Paper>

        {current === null ? (
          <>
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} />
            {props.warnings.length ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} title="Some clips are left out">
                <List size="xs" spacing={2}>
                  {props.warnings.map((w) => (
                    <List.Item key={w}>{w}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {startError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Could not start the export">
                {startError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button
                leftSection={<IconFileExport size={16} aria-hidden />}
                onClick={start}
                loading={starting}
                disabled={props.playableCount === 0}
                data-action="exportVideo"
              >
                Start export
              </Button>
            </Group>
          </>
        ) : (
          <Stack gap="sm" data-testid="export-progress" data-status={current.status}>
            <Group justify="space-between">
              <Group gap={8}>
                {busy ? <Loader size="xs" /> : current.status === 'COMPLETED' ? <IconCheck size={16} color="var(--mantine-color-teal-6)" /> : null}
                <Text size="sm" fw={600}>
                  {current.name}
                </Text>
                <Badge size="sm" variant="light" color={STATUS_COLOR[current.status]}>
                  {STATUS_LABEL[current.status]}
                </Badge>
              </Group>
              <Text size="sm" fw={600} data-testid="export-percent">
                {current.progress}%
              </Text>
            </Group>
            <Progress
              value={current.status === 'COMPLETED' ? 100 : Math.max(current.progress, 2)}
              color={current.status === 'FAILED' ? 'red' : current.status === 'COMPLETED' ? 'teal' : undefined}
              animated={busy}
              striped={busy}
              size="lg"
              aria-label="Export progress"
            />
            {busy ? (
              <Text size="xs" c="dimmed">
                {current.status === 'PENDING' ? 'Waiting for the renderer…' : 'Rendering the clips in order with their trims…'} You can close this
                dialog; the export continues.
              </Text>
            ) : null}
            {serverWarnings.length ? (
              <Text size="xs" c="dimmed">
                {serverWarnings.join(' · ')}
              </Text>
            ) : null}
            {current.status === 'FAILED' ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="The export failed">
                {current.error ?? 'Something went wrong while rendering.'}
              </Alert>
            ) : null}
            {current.status === 'COMPLETED' && current.outputUrl ? (
              <Paper radius="md" bg="black" style={{ overflow: 'hidden' }}>
                {/* biome-ignore lint/a11y/useMediaCaption: generated clips carry no speech to caption */}
                <video
                  src={`${current.outputUrl}#t=0.1`}
                  controls
                  playsInline
                  preload="auto"
                  aria-label="Exported video"
                  style={{ display: 'block', width: '100%', maxHeight: 280, background: 'black' }}
                />
              </Paper>
            ) : null}
            <Group justify="flex-end">
              {TERMINAL.has(current.status) ? (
                <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
                  New export
                </Button>
              ) : (
                <Button variant="default" onClick={onClose}>
                  Close
                </Button>
              )}
              {current.status === 'COMPLETED' && current.downloadUrl ? (
                <Button
                  component="a"
                  href={current.downloadUrl}
                  download={`${current.name}.mp4`}
                  leftSection={<IconDownload size={16} aria-hidden />}
                  data-testid="download-export"
                >
                  Download
                </Button>
              ) : null}
              {current.status === 'COMPLETED' && current.outputUrl ? <ExportShareButton projectId={projectId} exportId={current.id} /> : null}
            </Group>
          </Stack>
        )}

        {recent.isPending ? (
          <Skeleton h={40} />
        ) : others.length ? (
          <Stack gap={6}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              Earlier exports
            </Text>
            {others.map((e) => (
              <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={8} wrap="nowrap" miw={0}>
                  <Badge size="xs" variant="light" color={STATUS_COLOR[e.status]}>
                    {STATUS_LABEL[e.status]}
                  </Badge>
                  <Text size="sm" truncate>
                    {e.name}
                  </Text>
                  <Tooltip label={absoluteTime(e.createdAt)}>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {relativeTime(e.createdAt)}
                    </Text>
                  </Tooltip>
                </Group>
                {e.downloadUrl ? (
                  <ActionIcon component="a" href={e.downloadUrl} download={`${e.name}.mp4`} variant="subtle" aria-label={`Download ${e.name}`}>
                    <IconDownload size={16} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
