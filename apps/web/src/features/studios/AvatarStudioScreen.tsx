import type { AppRouter } from '@atelier/api/router';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconMovie, IconPhoto, IconPlus, IconSparkles, IconUpload, IconUserSquareRounded } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { Generation } from '../history/generation';
import { useLiveGeneration } from '../history/useLiveGeneration';
import { TakeProgress, useModelPrice } from './StudioTakes';
import { readAsDataUrl } from './studioUtils';
import { DEFAULT_VOICE, useVoiceLabel, VoicePicker, type VoiceSettings } from './VoicePicker';

type Avatar = inferRouterOutputs<AppRouter>['studios']['avatarList']['avatars'][number];

const VIDEO_MODEL = 'local/avatar';
const VARIATION_MODEL = 'local/avatar-variation';
const MAX_PHOTO_MB = 8;
const TYPES = [
  { value: 'photo', label: 'Photo' },
  { value: 'illustration', label: 'Illustration' },
  { value: '3d', label: '3D' },
];
const LOOK_IDEAS = ['pencil sketch', 'soft watercolour', 'pop art poster', 'blue duotone', 'vintage film photo', '8-bit pixel art'];

const credits = (n: number | null) => (n == null ? '' : ` · ${n} credit${n === 1 ? '' : 's'}`);

/** /avatar-studio — avatars from a photo: new looks, and videos of the avatar speaking a script. */
export function AvatarStudioScreen() {
  const avatars = trpc.studios.avatarList.useQuery(undefined, { staleTime: 10_000 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = avatars.data?.avatars ?? [];
  const selected = list.find((a) => a.id === selectedId) ?? list[0] ?? null;

  return (
    <Stack gap="xl" pb="xl">
      <ScreenHeader
        eyebrow="Studio"
        title="Avatar Studio"
        description="Create an avatar from a photo, give it new looks, and make it speak a script with one of your voices."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <CreateAvatarCard onCreated={(a) => setSelectedId(a.id)} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                Your avatars
              </Title>
              {avatars.isLoading ? (
                <Center py="md">
                  <Loader size="sm" aria-label="Loading avatars" />
                </Center>
              ) : avatars.error ? (
                <Alert color="red" variant="light" title="Could not load your avatars">
                  {errorMessage(avatars.error)}
                </Alert>
              ) : list.length ? (
                <SimpleGrid cols={3} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Avatars">
                  {list.map((a) => (
                    <li key={a.id}>
                      <UnstyledButton
                        onClick={() => setSelectedId(a.id)}
                        aria-pressed={a.id === selected?.id}
                        aria-label={`Select avatar ${a.name}`}
                        w="100%"
                        style={(theme) => ({
                          borderRadius: theme.radius.md,
                          overflow: 'hidden',
                          outline:
                            a.id === selected?.id ? '3px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
                          outlineOffset: a.id === selected?.id ? 1 : 0,
                        })}
                      >
                        <Image src={a.imageUrl} alt={a.name} w="100%" style={{ aspectRatio: '1 / 1' }} fit="cover" />
                        <Text size="xs" fw={500} px={6} py={4} lineClamp={1}>
                          {a.name}
                        </Text>
                      </UnstyledButton>
                    </li>
                  ))}
                </SimpleGrid>
              ) : (
                <ScreenEmptyState
                  bare
                  icon={<IconUserSquareRounded size={26} stroke={1.6} />}
                  title="No avatars yet"
                  description="Upload a photo above: it is cropped square around the face and kept here."
                />
              )}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <AvatarWorkspace key={selected.id} avatar={selected} />
          ) : avatars.isLoading ? null : (
            <ScreenEmptyState
              icon={<IconUserSquareRounded size={26} stroke={1.6} />}
              title="Create your first avatar"
              description="Once you have an avatar you can generate new looks of it and animate it with text and a voice."
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CreateAvatarCard({ onCreated }: { onCreated: (a: Avatar) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.studios.avatarCreate.useMutation();
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>('photo');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const photoError = photo && photo.size > MAX_PHOTO_MB * 1024 * 1024 ? `The photo must be at most ${MAX_PHOTO_MB} MB` : null;

  const blocked = !name.trim() ? 'Give the avatar a name first.' : !photo ? 'Choose a photo of a face.' : photoError;

  const run = async () => {
    if (!photo) return;
    try {
      const res = await create.mutateAsync({ name: name.trim(), type: (type ?? 'photo') as 'photo', photo: await readAsDataUrl(photo) });
      notifications.show({ color: 'teal', title: 'Avatar created', message: `${res.avatar.name} is ready.` });
      if (res.warning) notifications.show({ color: 'yellow', title: 'Face not checked', message: res.warning, autoClose: false });
      setName('');
      setPhoto(null);
      await utils.studios.avatarList.invalidate();
      onCreated(res.avatar);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Avatar not created', message: errorMessage(e) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Create an avatar
        </Title>
        <TextInput label="Name" placeholder="e.g. Studio host" maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select label="Type" data={TYPES} value={type} onChange={setType} allowDeselect={false} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Photo
          </Text>
          <Text size="xs" c="dimmed">
            A PNG, JPEG or WebP of one face, up to {MAX_PHOTO_MB} MB. It is cropped square around the face.
          </Text>
          <Group gap="sm" wrap="nowrap">
            <FileButton onChange={setPhoto} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                  {photo ? 'Change photo' : 'Choose photo'}
                </Button>
              )}
            </FileButton>
            {preview ? <Image src={preview} alt="Photo preview" w={56} h={56} radius="sm" fit="cover" /> : null}
            {photo ? (
              <Text size="xs" c={photoError ? 'red' : 'dimmed'} lineClamp={2}>
                {photoError ?? photo.name}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <GuardedButton
          action="createAvatar"
          onAction={() => void run()}
          loading={create.isPending}
          blockedReason={blocked}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create avatar
        </GuardedButton>
      </Stack>
    </Paper>
  );
}

function AvatarWorkspace({ avatar }: { avatar: Avatar }) {
  const utils = trpc.useUtils();
  const videoPrice = useModelPrice(VIDEO_MODEL);
  const variationPrice = useModelPrice(VARIATION_MODEL);
  const takes = trpc.studios.avatarTakes.useQuery({ avatarId: avatar.id }, { staleTime: 5_000 });
  const animate = trpc.studios.avatarAnimate.useMutation();
  const variations = trpc.studios.avatarGenerate.useMutation();

  const [text, setText] = useState('');
  const [voice, setVoice] = useState<VoiceSettings>(DEFAULT_VOICE);
  const [look, setLook] = useState('');
  const [count, setCount] = useState<number | string>(2);
  const [videoPick, setVideoPick] = useState<Generation | null>(null);

  const allTakes = takes.data?.generations ?? [];
  const videos = allTakes.filter((g) => g.model === VIDEO_MODEL);
  const looks = allTakes.filter((g) => g.model === VARIATION_MODEL);
  const shown = videoPick ?? videos[0] ?? null;
  const refreshTakes = () => void utils.studios.avatarTakes.invalidate({ avatarId: avatar.id });

  const countNumber = typeof count === 'number' ? count : 1;

  const runAnimate = async () => {
    try {
      const res = await animate.mutateAsync({ avatarId: avatar.id, text: text.trim(), ...voice });
      track('generation_triggered', { type: 'video', model: VIDEO_MODEL });
      setVideoPick(res.generation);
      refreshTakes();
    } catch (e) {
      notifications.show({ color: 'red', title: 'Video not started', message: errorMessage(e) });
    }
  };

  const runVariations = async () => {
    try {
      const res = await variations.mutateAsync({ avatarId: avatar.id, prompt: look.trim(), count: countNumber });
      track('generation_triggered', { type: 'image', model: VARIATION_MODEL, count: res.generations.length });
      notifications.show({ color: 'teal', message: `${res.generations.length} new look${res.generations.length === 1 ? '' : 's'} on the way.` });
      refreshTakes();
    } catch (e) {
      notifications.show({ color: 'red', title: 'Looks not started', message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Image src={avatar.imageUrl} alt={avatar.name} w={112} h={112} radius="md" fit="cover" />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} size="h3">
                {avatar.name}
              </Title>
              <Badge variant="light">{TYPES.find((t) => t.value === avatar.type)?.label ?? avatar.type}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {avatar.width}×{avatar.height} · created {new Date(avatar.createdAt).toLocaleDateString()}
            </Text>
            <Group gap="xs">
              <Button
                component="a"
                href={avatar.imageUrl}
                download={`avatar-${avatar.name}.png`}
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download photo
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Animate
          </Title>
          <Textarea
            label="Script"
            description="What the avatar says (up to 1000 characters)."
            placeholder="Hi! I'm your new studio host. Let me show you around."
            autosize
            minRows={3}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <VoicePicker value={voice} onChange={setVoice} />
          <GuardedButton
            action="generateAvatarVideo"
            onAction={() => void runAnimate()}
            loading={animate.isPending}
            blockedReason={text.trim() ? null : 'Type what the avatar should say first.'}
            leftSection={<IconMovie size={16} aria-hidden />}
            size="md"
          >
            Animate{credits(videoPrice)}
          </GuardedButton>
          {shown ? <AvatarVideo key={shown.id} generation={shown} onSettled={refreshTakes} /> : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            New looks
          </Title>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Look"
              placeholder="e.g. pencil sketch, pop art poster, blue duotone"
              maxLength={1000}
              value={look}
              onChange={(e) => setLook(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
            />
            <NumberInput label="How many" min={1} max={4} value={count} onChange={setCount} w={110} allowDecimal={false} />
          </Group>
          <Group gap={6}>
            {LOOK_IDEAS.map((idea) => (
              <Button key={idea} size="compact-xs" variant="light" onClick={() => setLook(idea)}>
                {idea}
              </Button>
            ))}
          </Group>
          <GuardedButton
            action="generateAvatarLooks"
            onAction={() => void runVariations()}
            loading={variations.isPending}
            blockedReason={look.trim() ? null : 'Describe the new look first — e.g. “pencil sketch”.'}
            leftSection={<IconSparkles size={16} aria-hidden />}
          >
            Generate {countNumber} look{countNumber === 1 ? '' : 's'}
            {credits(variationPrice == null ? null : variationPrice * countNumber)}
          </GuardedButton>
          {takes.isLoading ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading looks" />
            </Center>
          ) : takes.error ? (
            <Alert color="red" variant="light" title="Could not load this avatar's takes">
              {errorMessage(takes.error)}
            </Alert>
          ) : looks.length ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Looks">
              {looks.map((g) => (
                <LookCard key={g.id} initial={g} />
              ))}
            </SimpleGrid>
          ) : (
            <ScreenEmptyState
              bare
              icon={<IconPhoto size={26} stroke={1.6} />}
              title="No looks yet"
              description="Describe a look above; each one is a new image of this avatar."
            />
          )}
        </Stack>
      </Paper>

      {videos.length > 1 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Earlier videos
            </Title>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Avatar videos">
              {videos.map((g) => (
                <li key={g.id}>
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    onClick={() => setVideoPick(g)}
                    aria-current={g.id === shown?.id ? 'true' : undefined}
                    style={(theme) => ({
                      borderRadius: theme.radius.md,
                      border: `1px solid ${g.id === shown?.id ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    })}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" lineClamp={1}>
                        {g.prompt}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {new Date(g.createdAt).toLocaleString()}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function AvatarVideo({ generation, onSettled }: { generation: Generation; onSettled: () => void }) {
  const voiceLabel = useVoiceLabel();
  const { generation: live } = useLiveGeneration(generation.status === 'COMPLETED' ? null : generation.id, generation);
  const g = live ?? generation;
  const done = g.status !== 'PENDING' && g.status !== 'PROCESSING';
  const wasRunning = generation.status === 'PENDING' || generation.status === 'PROCESSING';
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh the takes once, when this video ends
  useEffect(() => {
    if (done && wasRunning) onSettled();
  }, [done, wasRunning]);
  const seconds = Number((g.metadata as { speechSeconds?: number }).speechSeconds);
  return (
    <Stack gap="sm">
      <TakeProgress generation={g} label="Your avatar video" />
      {g.status === 'COMPLETED' && g.outputUrl ? (
        <Card withBorder radius="md" p="sm">
          <Stack gap="xs">
            {/* biome-ignore lint/a11y/useMediaCaption: the script is shown below the video */}
            <video
              src={g.outputUrl}
              poster={g.thumbnailUrl ?? undefined}
              controls
              playsInline
              preload="metadata"
              aria-label="Avatar video"
              data-testid="avatar-video"
              style={{ width: '100%', maxWidth: 512, aspectRatio: '1 / 1', borderRadius: 8, background: '#000', alignSelf: 'center' }}
            />
            <Text size="sm" lineClamp={3}>
              “{g.prompt}”
            </Text>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {Number.isFinite(seconds) ? `${seconds.toFixed(1)} s · ` : ''}
                {voiceLabel(g)} · {g.creditsUsed} credits
              </Text>
              <Button
                component="a"
                href={g.outputUrl}
                download={`avatar-${g.id.slice(0, 8)}.mp4`}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                Download MP4
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

function LookCard({ initial }: { initial: Generation }) {
  const { generation } = useLiveGeneration(initial.status === 'COMPLETED' ? null : initial.id, initial);
  const g = generation ?? initial;
  const style = String((g.metadata as { style?: string }).style ?? '');
  return (
    <Card withBorder radius="md" p={0} component="figure" m={0} aria-label={`Look: ${g.prompt}`}>
      {g.status === 'COMPLETED' && g.outputUrl ? (
        <a href={g.outputUrl} target="_blank" rel="noreferrer">
          <Image src={g.thumbnailUrl ?? g.outputUrl} alt={g.prompt} style={{ aspectRatio: '1 / 1' }} fit="cover" />
        </a>
      ) : (
        <Center style={{ aspectRatio: '1 / 1' }} bg="var(--mantine-color-default-hover)" p="xs">
          {g.status === 'FAILED' || g.status === 'CANCELLED' ? (
            <Text size="xs" c="red" ta="center">
              {g.error ?? 'Failed — refunded'}
            </Text>
          ) : (
            <Stack gap={4} align="center">
              <Loader size="sm" aria-label="Generating look" />
              <Text size="xs" c="dimmed">
                {g.status === 'PENDING' ? 'Queued' : `${Math.round(g.progress)} %`}
              </Text>
            </Stack>
          )}
        </Center>
      )}
      <Group justify="space-between" px={8} py={6} wrap="nowrap" component="figcaption">
        <Text size="xs" lineClamp={1}>
          {style || g.prompt}
        </Text>
        {g.status === 'COMPLETED' && g.outputUrl ? (
          <Button
            component="a"
            href={g.outputUrl}
            download={`avatar-look-${g.id.slice(0, 8)}.png`}
            variant="subtle"
            size="compact-xs"
            aria-label="Download look"
          >
            <IconDownload size={14} aria-hidden />
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
