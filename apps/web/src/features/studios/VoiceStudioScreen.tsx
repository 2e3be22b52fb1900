import { ActionIcon, Alert, Badge, Button, FileButton, Grid, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMicrophone2, IconSparkles, IconTrash, IconUpload, IconVoice } from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { setCredits } from '../../lib/auth/store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { Generation } from '../history/generation';
import { useLiveGeneration } from '../history/useLiveGeneration';
import { TakeList, TakeProgress, useModelPrice } from './StudioTakes';
import { MAX_AUDIO_MB, readAsDataUrl } from './studioUtils';
import { DEFAULT_VOICE, useVoiceLabel, VoicePicker, type VoiceSettings } from './VoicePicker';
import { VoiceRecorder } from './VoiceRecorder';
import { WaveformPlayer } from './WaveformPlayer';

const SPEECH = 'local/speech';
const MAX_SAMPLES = 5;

/** /voice-studio — clone voices from samples and turn text into speech. */
export function VoiceStudioScreen() {
  const speechPrice = useModelPrice(SPEECH);
  const clonePrice = useModelPrice('local/voice-clone');
  const utils = trpc.useUtils();
  const profiles = trpc.studios.voiceProfiles.useQuery(undefined, { staleTime: 10_000 });
  const clone = trpc.studios.voiceClone.useMutation();
  const generate = trpc.studios.voiceGenerate.useMutation();

  const [name, setName] = useState('');
  const [samples, setSamples] = useState<File[]>([]);
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<VoiceSettings>(DEFAULT_VOICE);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [initial, setInitial] = useState<Generation | null>(null);
  const { generation } = useLiveGeneration(currentId, initial);

  const sampleErrors = samples.map((f) => (f.size > MAX_AUDIO_MB * 1024 * 1024 ? `${f.name} is larger than ${MAX_AUDIO_MB} MB` : null));
  const addSamples = (files: File[]) => {
    const next = [...samples, ...files];
    if (next.length > MAX_SAMPLES) notifications.show({ color: 'yellow', message: `At most ${MAX_SAMPLES} samples — extra files were left out.` });
    setSamples(next.slice(0, MAX_SAMPLES));
  };

  const cloneBlocked = !name.trim()
    ? 'Give the voice a name first.'
    : !samples.length
      ? 'Upload or record at least one sample.'
      : sampleErrors.find(Boolean)
        ? 'Remove the samples that are too large.'
        : null;
  const speakBlocked = text.trim() ? null : 'Type the text to speak first.';

  const runClone = async () => {
    try {
      const res = await clone.mutateAsync({ name: name.trim(), samples: await Promise.all(samples.map(readAsDataUrl)) });
      setCredits(res.creditsBalance);
      notifications.show({ color: 'teal', title: 'Voice cloned', message: `${res.profile.name} is ready to speak.` });
      setName('');
      setSamples([]);
      setVoice({ voiceId: res.profile.id, pitch: res.profile.pitch, speed: res.profile.speed });
      void utils.studios.voiceProfiles.invalidate();
    } catch (e) {
      notifications.show({ color: 'red', title: 'Voice not cloned', message: errorMessage(e) });
    }
  };

  const runSpeak = async () => {
    try {
      const res = await generate.mutateAsync({ text: text.trim(), ...voice });
      track('generation_triggered', { type: 'audio', model: SPEECH });
      setInitial(res.generation);
      setCurrentId(res.generation.id);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Speech not started', message: errorMessage(e) });
    }
  };

  const profileList = profiles.data?.profiles ?? [];
  const voiceName = useVoiceLabel();

  return (
    <Stack gap="xl" pb="xl">
      <ScreenHeader
        eyebrow="Studio"
        title="Voice Studio"
        description="Clone a voice from a few samples, then turn any text into speech with it or a built-in voice."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Clone a voice
                </Title>
                <TextInput
                  label="Voice name"
                  placeholder="e.g. Narrator"
                  maxLength={80}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
                <Stack gap={6}>
                  <Text size="sm" fw={500}>
                    Samples ({samples.length}/{MAX_SAMPLES})
                  </Text>
                  <Text size="xs" c="dimmed">
                    1–{MAX_SAMPLES} clear recordings of one speaker — WAV, MP3, OGG or FLAC, up to {MAX_AUDIO_MB} MB each.
                  </Text>
                  <Group gap="sm" align="flex-start">
                    <FileButton onChange={addSamples} accept="audio/*" multiple>
                      {(props) => (
                        <Button
                          {...props}
                          variant="default"
                          leftSection={<IconUpload size={16} aria-hidden />}
                          disabled={samples.length >= MAX_SAMPLES}
                        >
                          Upload samples
                        </Button>
                      )}
                    </FileButton>
                    <VoiceRecorder onRecorded={(f) => addSamples([f])} disabled={samples.length >= MAX_SAMPLES} />
                  </Group>
                  {samples.length ? (
                    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Samples to clone">
                      {samples.map((f, i) => (
                        <li key={`${f.name}-${f.size}-${f.lastModified}`}>
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="sm" lineClamp={1} c={sampleErrors[i] ? 'red' : undefined}>
                              {sampleErrors[i] ?? `${f.name} · ${(f.size / 1024).toFixed(0)} KB`}
                            </Text>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Remove ${f.name}`}
                              onClick={() => setSamples(samples.filter((_, k) => k !== i))}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </li>
                      ))}
                    </Stack>
                  ) : null}
                </Stack>
                <GuardedButton
                  action="createVoiceClone"
                  onAction={() => void runClone()}
                  loading={clone.isPending}
                  blockedReason={cloneBlocked}
                  leftSection={<IconVoice size={16} aria-hidden />}
                >
                  Clone voice{clonePrice != null ? ` · ${clonePrice} credits` : ''}
                </GuardedButton>
              </Stack>
            </Paper>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Your voices
              </Title>
              {profiles.isLoading ? (
                <Group justify="center" py="md">
                  <Loader size="sm" aria-label="Loading voices" />
                </Group>
              ) : profiles.error ? (
                <Alert color="red" variant="light" title="Could not load your voices">
                  {errorMessage(profiles.error)}
                </Alert>
              ) : profileList.length ? (
                <Stack gap="sm">
                  {profileList.map((p) => (
                    <Paper key={p.id} withBorder radius="md" p="sm">
                      <Stack gap={6}>
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={600} lineClamp={1}>
                            {p.name}
                          </Text>
                          <Badge variant="light">{p.provider === 'local' ? 'Local clone' : p.provider}</Badge>
                        </Group>
                        <Text size="xs" c="dimmed">
                          ≈ {p.meanPitchHz} Hz · {p.syllablesPerSecond} syllables/s → pitch {p.pitch}, speed {p.speed}×
                        </Text>
                        {p.sampleUrls[0] ? (
                          // biome-ignore lint/a11y/useMediaCaption: a voice sample has no caption track
                          <audio
                            src={p.sampleUrls[0]}
                            controls
                            preload="metadata"
                            aria-label={`Sample of ${p.name}`}
                            style={{ width: '100%', height: 36 }}
                          />
                        ) : null}
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <ScreenEmptyState
                  bare
                  icon={<IconMicrophone2 size={26} stroke={1.6} />}
                  title="No cloned voices yet"
                  description="Upload or record a few samples above; your voices appear here with a preview."
                />
              )}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Text to speech
                </Title>
                <Textarea
                  label="Text"
                  placeholder="Type what the voice should say"
                  autosize
                  minRows={3}
                  maxLength={4000}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                />
                <VoicePicker value={voice} onChange={setVoice} />
                <GuardedButton
                  action="generateSpeech"
                  onAction={() => void runSpeak()}
                  loading={generate.isPending}
                  blockedReason={speakBlocked}
                  leftSection={<IconSparkles size={16} aria-hidden />}
                  size="md"
                >
                  Generate speech{speechPrice != null ? ` · ${speechPrice} credit${speechPrice === 1 ? '' : 's'}` : ''}
                </GuardedButton>
              </Stack>
            </Paper>
            {generation ? (
              <Stack gap="sm">
                <TakeProgress generation={generation} label="Your speech" />
                {generation.status === 'COMPLETED' && generation.outputUrl ? (
                  <WaveformPlayer src={generation.outputUrl} title={generation.prompt} downloadName={`speech-${generation.id.slice(0, 8)}.mp3`} />
                ) : null}
              </Stack>
            ) : null}
            <Stack gap="sm">
              <Title order={2} size="h4">
                Takes
              </Title>
              <TakeList
                modelIds={[SPEECH]}
                selectedId={currentId}
                onSelect={(g) => {
                  setInitial(g);
                  setCurrentId(g.id);
                }}
                describe={voiceName}
                empty={
                  <ScreenEmptyState
                    icon={<IconMicrophone2 size={26} stroke={1.6} />}
                    title="No takes yet"
                    description="Speech you generate is kept here to play again or download."
                  />
                }
              />
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
