import { Alert, Button, FileInput, Group, Loader, Modal, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMovie, IconMusic, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { SoundSource } from './useSoundSession';

const MAX_UPLOAD_MB = 8;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

interface AddAudioModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** Where the clip goes, for the dialog's text. */
  target: string;
  /** Places the clip; the editor says where it went. */
  onAdded: (source: SoundSource, sources: SoundSource[]) => void;
}

/** Add audio: an upload, one of your speech/music generations, or the sound of this project's videos and exports. */
export function AddAudioModal({ opened, onClose, projectId, target, onAdded }: AddAudioModalProps) {
  const [tab, setTab] = useState<string | null>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const library = trpc.soundEditor.library.useQuery({ id: projectId }, { enabled: opened, staleTime: 10_000 });
  const upload = trpc.soundEditor.uploadSource.useMutation();
  const add = trpc.soundEditor.addSource.useMutation();
  const tooBig = file && file.size > MAX_UPLOAD_MB * 1024 * 1024 ? `Files can be at most ${MAX_UPLOAD_MB} MB` : null;

  const done = (res: { source: SoundSource; session: { sources: SoundSource[] } }) => {
    onAdded(res.source, res.session.sources);
    setFile(null);
    setName('');
    onClose();
  };

  const doUpload = async () => {
    if (!file || tooBig) return;
    setBusyId('upload');
    try {
      const audio = await readAsDataUrl(file);
      done(await upload.mutateAsync({ id: projectId, audio, name: (name.trim() || file.name.replace(/\.[^.]+$/, '')).slice(0, 120) }));
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not add the audio', message: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  };

  const doAdd = async (kind: 'generation' | 'video' | 'export', originId: string) => {
    setBusyId(originId);
    try {
      done(await add.mutateAsync({ id: projectId, kind, originId }));
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not add the audio', message: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  };

  const row = (id: string, title: string, detail: string, onClick: () => void) => (
    <Group key={id} justify="space-between" wrap="nowrap" gap="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate="end">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
      <Button size="xs" variant="light" loading={busyId === id} disabled={busyId !== null && busyId !== id} onClick={onClick}>
        Add
      </Button>
    </Group>
  );

  const libraryBody = (items: ReactNode[], empty: string) =>
    library.isPending ? (
      <Group justify="center" py="lg">
        <Loader size="sm" />
      </Group>
    ) : library.isError ? (
      <Alert color="red" title="Could not load your audio">
        {errorMessage(library.error)}
      </Alert>
    ) : items.length ? (
      <ScrollArea.Autosize mah={320}>{items}</ScrollArea.Autosize>
    ) : (
      <Text size="sm" c="dimmed" py="md">
        {empty}
      </Text>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={`Add audio to ${target}`} size="lg">
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="upload" leftSection={<IconUpload size={14} />}>
            Upload
          </Tabs.Tab>
          <Tabs.Tab value="library" leftSection={<IconMusic size={14} />}>
            Speech & music
          </Tabs.Tab>
          <Tabs.Tab value="project" leftSection={<IconMovie size={14} />}>
            Project videos
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upload">
          <Stack gap="sm">
            <FileInput
              label="Audio file"
              description={`WAV, MP3, OGG or FLAC, up to ${MAX_UPLOAD_MB} MB`}
              placeholder="Choose a file"
              accept="audio/*,.wav,.mp3,.ogg,.flac"
              value={file}
              onChange={setFile}
              clearable
              error={tooBig}
              data-testid="audio-file"
            />
            <TextInput
              label="Name (optional)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={120}
              placeholder="Voice-over take 2"
            />
            <Group justify="flex-end">
              <Button
                onClick={() => void doUpload()}
                disabled={!file || Boolean(tooBig)}
                loading={busyId === 'upload'}
                leftSection={<IconUpload size={14} />}
              >
                Upload and add
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="library">
          {libraryBody(
            (library.data?.generations ?? []).map((g) =>
              row(
                g.id,
                g.prompt,
                `${g.model.includes('music') ? 'Music' : 'Speech'}${g.durationSeconds ? ` · ${g.durationSeconds.toFixed(1)} s` : ''} · ${new Date(g.createdAt).toLocaleDateString()}`,
                () => void doAdd('generation', g.id),
              ),
            ),
            'No finished speech or music yet. Make some in the Voice Studio or the Music Studio.',
          )}
        </Tabs.Panel>
        <Tabs.Panel value="project">
          {libraryBody(
            [
              ...(library.data?.videoClips ?? []).map((c) =>
                row(c.id, `Clip ${c.number}`, c.prompt || 'Video clip', () => void doAdd('video', c.id)),
              ),
              ...(library.data?.exports ?? []).map((e) => row(e.id, e.name, `Export · ${e.type}`, () => void doAdd('export', e.id))),
            ],
            'This project has no videos or exports with sound yet.',
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
