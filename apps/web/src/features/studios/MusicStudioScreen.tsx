import { Alert, Button, FileInput, Grid, Group, NumberInput, Paper, Select, Slider, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMusic, IconSparkles, IconUpload, IconWaveSine } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { Generation } from '../history/generation';
import { useLiveGeneration } from '../history/useLiveGeneration';
import { TakeList, TakeProgress, useModelPrice } from './StudioTakes';
import { detailLine, MAX_AUDIO_MB, readAsDataUrl } from './studioUtils';
import { WaveformPlayer } from './WaveformPlayer';

const MODEL = 'local/music';
const GENRES = ['Ambient', 'Cinematic', 'Electronic', 'Hip-hop', 'Jazz', 'Lo-fi', 'Pop', 'Rock', 'Classical', 'Funk'];
const MOODS = ['Calm', 'Happy', 'Energetic', 'Dark', 'Dreamy', 'Epic', 'Melancholic', 'Playful', 'Tense'];
const NOTES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const KEYS = NOTES.flatMap((n) => [`${n} major`, `${n} minor`]);

const describeTake = (g: Generation) =>
  detailLine(
    g.params.genre as string | undefined,
    g.params.mood as string | undefined,
    Boolean(g.params.bpm) && `${g.params.bpm} bpm`,
    g.params.key as string | undefined,
  );

/** /music-studio — music from a prompt with genre, mood, tempo, key and an optional reference. */
export function MusicStudioScreen() {
  const { isAuthenticated } = useAuth();
  const price = useModelPrice(MODEL);
  const [prompt, setPrompt] = useState('');
  const [genre, setGenre] = useState<string | null>('Lo-fi');
  const [mood, setMood] = useState<string | null>('Calm');
  const [bpm, setBpm] = useState<number | string>(100);
  const [key, setKey] = useState<string | null>('A minor');
  const [duration, setDuration] = useState(20);
  const [reference, setReference] = useState<File | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [initial, setInitial] = useState<Generation | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);

  const generate = trpc.studios.musicGenerate.useMutation();
  const sendToEditor = trpc.soundEditor.addClipFromGeneration.useMutation();
  const navigate = useNavigate();
  const { generation } = useLiveGeneration(currentId, initial);
  const projects = trpc.projects.list.useQuery({ limit: 50, offset: 0 }, { staleTime: 30_000 });

  const referenceError = reference && reference.size > MAX_AUDIO_MB * 1024 * 1024 ? `The reference must be at most ${MAX_AUDIO_MB} MB` : null;
  const promptError = generate.error?.data && JSON.stringify(generate.error.data).includes('prompt') ? errorMessage(generate.error) : null;

  const runBlocked = prompt.trim() ? referenceError : 'Describe the track first — e.g. “warm lo-fi beat with vinyl crackle”.';

  const run = async () => {
    try {
      const referenceAudio = reference ? await readAsDataUrl(reference) : undefined;
      const res = await generate.mutateAsync({
        prompt: prompt.trim(),
        duration,
        ...(genre ? { genre } : {}),
        ...(mood ? { mood } : {}),
        ...(typeof bpm === 'number' ? { bpm } : {}),
        ...(key ? { key } : {}),
        ...(referenceAudio ? { referenceAudio } : {}),
      });
      track('generation_triggered', { type: 'audio', model: MODEL });
      setInitial(res.generation);
      setCurrentId(res.generation.id);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Music not started', message: errorMessage(e) });
    }
  };

  const select = (g: Generation) => {
    setInitial(g);
    setCurrentId(g.id);
  };
  const projectOptions = (projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }));

  return (
    <Stack gap="xl" pb="xl">
      <ScreenHeader
        eyebrow="Studio"
        title="Music Studio"
        description="Describe a track — genre, mood, tempo, length — and generate original music for your projects."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                New track
              </Title>
              <Textarea
                label="Prompt"
                placeholder="Warm lo-fi beat with soft keys and vinyl crackle"
                autosize
                minRows={3}
                maxLength={4000}
                value={prompt}
                onChange={(e) => setPrompt(e.currentTarget.value)}
                error={promptError}
              />
              <Group grow align="flex-start">
                <Select label="Genre" data={GENRES} value={genre} onChange={setGenre} clearable searchable />
                <Select label="Mood" data={MOODS} value={mood} onChange={setMood} clearable searchable />
              </Group>
              <Group grow align="flex-start">
                <NumberInput label="Tempo (bpm)" min={40} max={220} step={5} value={bpm} onChange={setBpm} suffix=" bpm" />
                <Select label="Key" data={KEYS} value={key} onChange={setKey} searchable clearable />
              </Group>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="music-duration-label">
                  Duration: {duration} s
                </Text>
                <Slider
                  thumbLabel="Duration in seconds"
                  min={5}
                  max={120}
                  step={1}
                  value={duration}
                  onChange={setDuration}
                  marks={[
                    { value: 30, label: '30 s' },
                    { value: 60, label: '1 min' },
                    { value: 90, label: '1:30' },
                  ]}
                  mb="md"
                />
              </Stack>
              <FileInput
                label="Reference audio (optional)"
                description={`WAV, MP3, OGG or FLAC, up to ${MAX_AUDIO_MB} MB`}
                placeholder="Choose a file"
                accept="audio/*"
                leftSection={<IconUpload size={16} aria-hidden />}
                value={reference}
                onChange={setReference}
                clearable
                error={referenceError}
              />
              <GuardedButton
                action="generateMusic"
                onAction={() => void run()}
                loading={generate.isPending}
                blockedReason={runBlocked}
                leftSection={<IconSparkles size={16} aria-hidden />}
                size="md"
              >
                Generate{price != null ? ` · ${price} credit${price === 1 ? '' : 's'}` : ''}
              </GuardedButton>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {generation ? (
              <Stack gap="sm">
                <TakeProgress generation={generation} label="Your track" />
                {generation.status === 'COMPLETED' && generation.outputUrl ? (
                  <>
                    <WaveformPlayer
                      src={generation.outputUrl}
                      title={generation.prompt}
                      downloadName={`music-${generation.id.slice(0, 8)}.mp3`}
                      loopable
                    />
                    {isAuthenticated ? (
                      <Paper withBorder radius="md" p="md">
                        <Group align="flex-end" gap="sm">
                          <Select
                            label="Send to the sound editor of"
                            placeholder={projects.isLoading ? 'Loading projects…' : projectOptions.length ? 'Choose a project' : 'No projects yet'}
                            data={projectOptions}
                            value={projectId}
                            onChange={setProjectId}
                            searchable
                            allowDeselect={false}
                            style={{ flex: 1, minWidth: 200 }}
                            error={projects.error ? errorMessage(projects.error) : null}
                          />
                          <Button
                            variant="light"
                            disabled={!projectId}
                            loading={sendToEditor.isPending}
                            leftSection={<IconWaveSine size={16} aria-hidden />}
                            onClick={() => {
                              if (!projectId) return;
                              sendToEditor
                                .mutateAsync({ id: projectId, generationId: generation.id })
                                .then(() => navigate({ to: '/projects/$projectId/sound-editor', params: { projectId } }))
                                .catch((e: unknown) =>
                                  notifications.show({ color: 'red', title: 'Not sent to the sound editor', message: errorMessage(e) }),
                                );
                            }}
                          >
                            Send to sound editor
                          </Button>
                        </Group>
                      </Paper>
                    ) : null}
                  </>
                ) : null}
              </Stack>
            ) : null}
            <Stack gap="sm">
              <Title order={2} size="h4">
                Your tracks
              </Title>
              <TakeList
                modelIds={[MODEL]}
                selectedId={currentId}
                onSelect={select}
                describe={describeTake}
                empty={
                  <ScreenEmptyState
                    icon={<IconMusic size={26} stroke={1.6} />}
                    title="No tracks yet"
                    description="Tracks you generate are listed here to play, download or use in the sound editor."
                  />
                }
              />
            </Stack>
            {generate.error && !promptError ? (
              <Alert color="red" variant="light" title="Music not started">
                {errorMessage(generate.error)}
              </Alert>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
