import { Alert, Button, Group, Image, List, Modal, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type Export, useLiveExport } from '../projects/useLiveExport';

type Format = 'png' | 'jpeg' | 'webp';

interface ImageExportDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  width: number;
  height: number;
  /** Saves pending edits first, so the export renders what is on screen. */
  beforeExport: () => Promise<void>;
}

/** PNG, JPEG or WebP rendered on the server from the layers; follows the export until it can be downloaded. */
export function ImageExportDialog({ opened, onClose, projectId, width, height, beforeExport }: ImageExportDialogProps) {
  const utils = trpc.useUtils();
  const [format, setFormat] = useState<Format>('png');
  const [name, setName] = useState('Export');
  const [current, setCurrent] = useState<Export | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const create = trpc.imageEditor.export.useMutation();
  useLiveExport(current, setCurrent);
  const shown = current;

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      await beforeExport();
      const res = await create.mutateAsync({ id: projectId, format, name: name.trim() || 'Export' });
      setWarnings(res.warnings);
      setCurrent(res.export);
      void utils.projects.exports.invalidate({ id: projectId });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>Export image</Text>} size="md">
      <Stack gap="md" data-testid="image-export-dialog">
        <Text size="sm" c="dimmed">
          {width}×{height} px · rendered on the server from the visible layers, as the canvas shows them.
        </Text>
        {shown === null ? (
          <>
            <TextInput label="Name" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Format
              </Text>
              <SegmentedControl
                fullWidth
                value={format}
                onChange={(v) => setFormat(v as Format)}
                data={[
                  { value: 'png', label: 'PNG' },
                  { value: 'jpeg', label: 'JPEG' },
                  { value: 'webp', label: 'WebP' },
                ]}
              />
            </div>
            {error ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Could not start the export">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button leftSection={<IconFileExport size={16} aria-hidden />} loading={starting} onClick={() => void start()}>
                Export {format.toUpperCase()}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {warnings.length ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />}>
                <List size="xs">
                  {warnings.map((w) => (
                    <List.Item key={w}>{w}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {shown.status === 'COMPLETED' && shown.outputUrl ? (
              <Stack gap="sm" data-testid="export-ready">
                <Image src={shown.outputUrl} alt={`${shown.name} preview`} radius="sm" mah={260} fit="contain" />
                <Group justify="space-between">
                  <Text size="sm">
                    Ready · {String(shown.metadata.width ?? width)}×{String(shown.metadata.height ?? height)} ·{' '}
                    {Math.max(1, Math.round(Number(shown.metadata.bytes ?? 0) / 1024))} KB
                  </Text>
                  <Button component="a" href={shown.downloadUrl ?? shown.outputUrl} download leftSection={<IconDownload size={16} aria-hidden />}>
                    Download
                  </Button>
                </Group>
              </Stack>
            ) : shown.status === 'FAILED' ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="The export failed">
                {shown.error ?? 'Please try again.'}
              </Alert>
            ) : (
              <Stack gap={4}>
                <Text size="sm">{shown.status === 'PENDING' ? 'Queued…' : 'Rendering…'}</Text>
                <Progress value={Math.max(5, shown.progress)} animated />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setCurrent(null);
                  setWarnings([]);
                }}
              >
                New export
              </Button>
              <Button variant="light" onClick={onClose}>
                Close
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
