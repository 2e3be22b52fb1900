import type { AppRouter } from '@atelier/api/router';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  FileButton,
  Group,
  Image,
  NumberInput,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconMovie,
  IconPhoto,
  IconSparkles,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS, playedOf, type ServerClip, type TimelineItem } from './timeline';

export type VideoModel = inferRouterOutputs<AppRouter>['generation']['modelsByOutput']['models'][number];

export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp';
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

interface ClipPanelProps {
  item: TimelineItem;
  clip: ServerClip | undefined;
  index: number;
  count: number;
  /** Guests: prompt and length are read-only (trims stay editable locally). */
  isGuest: boolean;
  models: VideoModel[] | undefined;
  modelsError: boolean;
  modelId: string | null;
  onModelChange: (id: string) => void;
  imagePrice: number | null;
  imageProgress: number | undefined;
  busy: { upload: boolean; image: boolean; video: boolean };
  onPrompt: (value: string) => void;
  onTiming: (patch: Partial<Pick<TimelineItem, 'duration' | 'startTrim' | 'endTrim'>>, tag: string) => void;
  onDelete: () => void;
  onMove: (delta: number) => void;
  onUpload: (file: File) => void;
  onGenerateImage: () => void;
  onGenerateVideo: () => void;
  /** A guest touched something that needs an account. */
  onGuestWrite: (action: string) => void;
}

/** The selected clip: image, prompt, timing, model and its video generation with live status. */
export function ClipPanel(props: ClipPanelProps) {
  const { item, clip, index, count, isGuest, models, modelId } = props;
  const model = models?.find((m) => m.id === modelId) ?? null;
  const generating = clip?.status === 'GENERATING';
  const hasVideo = Boolean(clip?.videoUrl);
  const takesImage = Boolean(model && [...model.requirements.requiredInputs, ...model.requirements.optionalInputs].includes('image'));
  const maxLength = Math.min(MAX_DURATION_SECONDS, model?.requirements.maxDurationSeconds ?? MAX_DURATION_SECONDS);

  return (
    <Stack gap="md" p="md" data-testid="clip-panel" data-clip-key={item.key}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Text fw={650} size="sm">
            Clip {index + 1}{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              of {count}
            </Text>
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={generating ? 'grape' : clip?.status === 'READY' ? 'teal' : clip?.status === 'FAILED' ? 'red' : 'gray'}
            data-testid="clip-status"
          >
            {generating ? 'Generating' : clip?.status === 'READY' ? 'Ready' : clip?.status === 'FAILED' ? 'Failed' : 'Draft'}
          </Badge>
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Move left">
            <ActionIcon variant="subtle" color="gray" aria-label="Move clip left" disabled={index === 0} onClick={() => props.onMove(-1)}>
              <IconArrowLeft size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move right">
            <ActionIcon variant="subtle" color="gray" aria-label="Move clip right" disabled={index === count - 1} onClick={() => props.onMove(1)}>
              <IconArrowRight size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete clip">
            <ActionIcon variant="subtle" color="red" aria-label="Delete clip" onClick={props.onDelete}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Stack gap={8}>
        <Text size="sm" fw={500}>
          Image
        </Text>
        <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)' }}>
          <AspectRatio ratio={16 / 9}>
            {clip?.imageUrl ? (
              <Image src={clip.imageUrl} alt={`Image of clip ${index + 1}`} fit="cover" data-testid="clip-image" />
            ) : (
              <Center bg="var(--mantine-color-default-hover)">
                <Stack align="center" gap={4} px="sm">
                  <IconPhoto size={24} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Text size="xs" c="dimmed" ta="center">
                    No image: the video is made from the prompt
                  </Text>
                </Stack>
              </Center>
            )}
          </AspectRatio>
        </Box>
        {props.imageProgress !== undefined ? (
          <Progress value={Math.max(props.imageProgress, 4)} size="sm" animated striped aria-label="Image generation progress" />
        ) : null}
        <Group gap={8} grow wrap="nowrap">
          <FileButton onChange={(file) => file && props.onUpload(file)} accept={ACCEPTED_IMAGES}>
            {(fileProps) => (
              <Button
                {...fileProps}
                onClick={isGuest ? () => props.onGuestWrite('saveClipImage') : fileProps.onClick}
                variant="default"
                size="xs"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={props.busy.upload}
              >
                Upload
              </Button>
            )}
          </FileButton>
          <Tooltip
            label={
              item.prompt.trim()
                ? `Generate an image from the prompt${props.imagePrice !== null ? ` · ${credits(props.imagePrice)}` : ''}`
                : 'Write a prompt first'
            }
          >
            <Button
              variant="light"
              size="xs"
              leftSection={<IconSparkles size={14} aria-hidden />}
              loading={props.busy.image || props.imageProgress !== undefined}
              onClick={props.onGenerateImage}
              disabled={!item.prompt.trim()}
              aria-label={`Generate image${props.imagePrice !== null ? `, ${credits(props.imagePrice)}` : ''}`}
            >
              Generate
            </Button>
          </Tooltip>
        </Group>
        <Text size="xs" c="dimmed">
          Upload a PNG, JPEG or WebP (up to 8 MB), or generate one from the prompt
          {props.imagePrice !== null ? ` for ${credits(props.imagePrice)}` : ''}.
        </Text>
      </Stack>

      <Textarea
        label="Prompt"
        description="What happens in this clip. The project’s global prompt is added when generating."
        placeholder="A slow dolly shot across a sunlit desk…"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={4000}
        value={item.prompt}
        readOnly={isGuest}
        onClick={isGuest ? () => props.onGuestWrite('editClipPrompt') : undefined}
        onChange={(event) => props.onPrompt(event.currentTarget.value)}
      />

      <Stack gap={6}>
        <Group gap={8} grow align="flex-start">
          <NumberInput
            label="Start trim"
            size="xs"
            suffix=" s"
            min={0}
            max={item.duration}
            step={0.1}
            decimalScale={2}
            value={item.startTrim}
            onChange={(v) => typeof v === 'number' && props.onTiming({ startTrim: v }, `trim:${item.key}:start`)}
          />
          <NumberInput
            label="End trim"
            size="xs"
            suffix=" s"
            min={0}
            max={item.duration}
            step={0.1}
            decimalScale={2}
            value={item.endTrim}
            onChange={(v) => typeof v === 'number' && props.onTiming({ endTrim: v }, `trim:${item.key}:end`)}
          />
          <NumberInput
            label="Length"
            size="xs"
            suffix=" s"
            min={MIN_DURATION_SECONDS}
            max={maxLength}
            step={1}
            decimalScale={2}
            value={item.duration}
            readOnly={hasVideo || isGuest}
            onClick={isGuest ? () => props.onGuestWrite('editClipLength') : undefined}
            onChange={(v) => typeof v === 'number' && props.onTiming({ duration: v }, `length:${item.key}`)}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Plays {playedOf(item).toFixed(1)} s of {item.duration.toFixed(1)} s{hasVideo ? ' (length from the video)' : ''}.
        </Text>
      </Stack>

      <Divider />

      <Stack gap={8}>
        <Select
          label="Video model"
          placeholder={props.modelsError ? 'Models could not be loaded' : 'Loading models…'}
          data={(models ?? []).map((m) => ({ value: m.id, label: `${m.name} · ${credits(m.credits)}`, disabled: !m.available }))}
          value={modelId}
          onOptionSubmit={(value) => props.onModelChange(value)}
          allowDeselect={false}
          size="sm"
          error={props.modelsError ? 'Could not load the video models' : undefined}
          renderOption={({ option }) => {
            const m = models?.find((x) => x.id === option.value);
            return (
              <Stack gap={0} py={2}>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Text size="sm">{m?.name ?? option.label}</Text>
                  <Badge size="xs" variant="light">
                    {m ? credits(m.credits) : ''}
                  </Badge>
                </Group>
                {m && !m.available ? (
                  <Text size="xs" c="dimmed">
                    {m.unavailableReason ?? 'Unavailable'}
                  </Text>
                ) : null}
              </Stack>
            );
          }}
        />
        {model ? (
          <Text size="xs" c="dimmed">
            {clip?.imageUrl && takesImage
              ? 'Animates the clip image. '
              : clip?.imageUrl
                ? 'This model ignores the image: text to video. '
                : 'Text to video. '}
            {model.description}
          </Text>
        ) : null}
        <Button
          leftSection={<IconMovie size={16} aria-hidden />}
          onClick={props.onGenerateVideo}
          loading={props.busy.video}
          disabled={generating || !model || !model.available}
          data-testid="generate-video"
        >
          {hasVideo ? 'Regenerate' : 'Generate video'}
          {model ? ` · ${credits(model.credits)}` : ''}
        </Button>
        {generating ? (
          <Stack gap={4} data-testid="clip-progress">
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Generating with {clip?.model ?? 'the model'}…
              </Text>
              <Text size="xs" fw={600}>
                {clip?.progress ?? 0}%
              </Text>
            </Group>
            <Progress value={Math.max(clip?.progress ?? 0, 3)} animated striped aria-label="Video generation progress" />
          </Stack>
        ) : clip?.status === 'FAILED' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title="Generation failed" p="xs">
            <Text size="xs">{clip.error ?? 'The video could not be generated. Your credits were refunded.'}</Text>
          </Alert>
        ) : hasVideo ? (
          <Group gap={6}>
            <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text size="xs" c="dimmed">
              Video ready{clip?.model ? ` · ${clip.model}` : ''}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
