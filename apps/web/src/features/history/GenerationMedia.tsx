import {
  AspectRatio,
  Badge,
  Box,
  Button,
  type ButtonProps,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconDownload, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadText, downloadUrlFor, type Generation, isRunning, STATUS_META, TYPE_META } from './generation';
import { RenderedText } from './RenderedText';

/** The status as a coloured badge ('Generating 42%' while it runs). */
export function GenerationStatusBadge({
  generation,
  size = 'sm',
}: {
  generation: Pick<Generation, 'status' | 'progress'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const meta = STATUS_META[generation.status];
  const label = generation.status === 'PROCESSING' && generation.progress > 0 ? `${meta.label} ${Math.round(generation.progress)}%` : meta.label;
  return (
    <Badge
      size={size}
      variant="light"
      color={meta.color}
      data-testid="generation-status"
      data-status={generation.status}
      // Beside a caption that may be long: the caption gives way, the status is always read whole.
      style={{ flexShrink: 0 }}
      leftSection={isRunning(generation.status) ? <Loader size={8} color={meta.color} type="dots" /> : null}
    >
      {label}
    </Badge>
  );
}

/**
 * A small square picture of a generation: its thumbnail, its text, or its type's icon (audio, not yet
 * ready). Nothing is ever laid over it (status badges go beside the caption), and a picture that is
 * loading or fails shows no alt text spilling out of its box: a failed one becomes a "Preview
 * unavailable" tile (the alt text stays for screen readers while the picture is shown).
 */
export function GenerationThumb({ generation, radius = 'md' }: { generation: Generation; radius?: 'sm' | 'md' | 'lg' }) {
  const meta = TYPE_META[generation.type];
  const TypeIcon = meta.icon;
  const src = generation.thumbnailUrl ?? (generation.type === 'image' ? generation.outputUrl : null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const snippet = generation.type === 'text' && generation.outputText ? generation.outputText.replace(/[#*_>`]/g, '').trim() : null;
  const tile = { borderRadius: `var(--mantine-radius-${radius})`, overflow: 'hidden' } as const;
  return (
    <AspectRatio ratio={1} style={tile} data-testid="generation-thumb">
      {snippet ? (
        <Box p="sm" bg={`var(--mantine-color-${meta.color}-light)`} style={{ alignItems: 'flex-start' }}>
          <Text size="xs" lh={1.45} lineClamp={7} style={{ whiteSpace: 'pre-line' }}>
            {snippet}
          </Text>
        </Box>
      ) : src && failedSrc !== src ? (
        <Image
          src={src}
          alt={generation.prompt}
          radius={radius}
          fit="cover"
          loading="lazy"
          onError={() => setFailedSrc(src)}
          // Chrome draws the alt text of a loading or broken picture: keep it invisible and inside the box.
          style={{ color: 'transparent', overflow: 'hidden' }}
        />
      ) : (
        <Center bg={`var(--mantine-color-${meta.color}-light)`} data-testid={src ? 'thumb-unavailable' : undefined}>
          {isRunning(generation.status) ? (
            <Loader size="sm" color={meta.color} />
          ) : src ? (
            <Stack gap={4} align="center" role="img" aria-label={`Preview unavailable: ${generation.prompt}`}>
              <IconPhotoOff size={24} stroke={1.5} color={`var(--mantine-color-${meta.color}-filled)`} aria-hidden />
              <Text size="xs" c="dimmed">
                Preview unavailable
              </Text>
            </Stack>
          ) : (
            <ThemeIcon variant="transparent" color={meta.color} size="xl" aria-hidden>
              <TypeIcon size={28} stroke={1.5} />
            </ThemeIcon>
          )}
        </Center>
      )}
    </AspectRatio>
  );
}

/** The finished result, full size: picture, video player, audio player or rendered text. */
export function GenerationResult({ generation, maxHeight = 520 }: { generation: Generation; maxHeight?: number }) {
  if (generation.type === 'text') {
    return (
      <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-default)">
        {/* A native scroller: Mantine's ScrollArea would bring floating-ui into the dashboard's first load. */}
        <Box mah={maxHeight} style={{ overflowY: 'auto' }}>
          {generation.outputText ? (
            <RenderedText text={generation.outputText} />
          ) : (
            <Text size="sm" c="dimmed">
              This generation produced no text.
            </Text>
          )}
        </Box>
      </Paper>
    );
  }
  if (!generation.outputUrl) {
    return (
      <Text size="sm" c="dimmed">
        The output file is no longer available.
      </Text>
    );
  }
  if (generation.type === 'image') {
    return (
      <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <Image src={generation.outputUrl} alt={generation.prompt} fit="contain" mah={maxHeight} w="auto" maw="100%" data-testid="result-image" />
      </Center>
    );
  }
  if (generation.type === 'video') {
    return (
      <Box
        component="video"
        src={generation.outputUrl}
        poster={generation.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${generation.prompt}`}
        data-testid="result-video"
        w="100%"
        mah={maxHeight}
        bg="black"
        style={{ borderRadius: 'var(--mantine-radius-md)', display: 'block' }}
      />
    );
  }
  const meta = TYPE_META.audio;
  const category = typeof generation.metadata.category === 'string' ? generation.metadata.category : null;
  return (
    <Paper withBorder p="lg" radius="md" bg={`var(--mantine-color-${meta.color}-light)`}>
      <Stack gap="md" align="center">
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'orange.5', to: 'pink.5', deg: 135 }} aria-hidden>
          <meta.icon size={30} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" ta="center" lineClamp={2} maw={480}>
          {generation.prompt}
        </Text>
        {category ? (
          <Badge variant="light" color="orange">
            {category}
          </Badge>
        ) : null}
        {/* biome-ignore lint/a11y/useMediaCaption: generated audio has no caption track; the prompt is shown above */}
        <audio
          src={generation.outputUrl}
          controls
          preload="metadata"
          style={{ width: '100%' }}
          aria-label={`Audio: ${generation.prompt}`}
          data-testid="result-audio"
        />
      </Stack>
    </Paper>
  );
}

/** Download the result: the media file (as an attachment), or the text as a Markdown file. */
export function DownloadButton({ generation, ...props }: { generation: Generation } & ButtonProps) {
  if (generation.status !== 'COMPLETED') return null;
  if (generation.type === 'text') {
    return (
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => downloadText(generation)} {...props}>
        Download
      </Button>
    );
  }
  if (!generation.outputUrl) return null;
  return (
    <Button
      component="a"
      href={downloadUrlFor(generation.outputUrl)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      {...props}
    >
      Download
    </Button>
  );
}

/** The live progress of a running generation: queued, then the engine's real percentage. */
export function GenerationProgress({ generation }: { generation: Pick<Generation, 'status' | 'progress' | 'model'> }) {
  const queued = generation.status === 'PENDING';
  const value = Math.max(0, Math.min(100, Math.round(generation.progress)));
  return (
    <Stack gap={6} data-testid="generation-progress">
      <Group justify="space-between" gap="xs">
        <Group gap={8}>
          <Loader size={14} type="oval" />
          <Text size="sm" fw={600}>
            {queued ? 'Waiting for a worker…' : 'Generating…'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" ff="monospace" data-testid="generation-progress-value">
          {queued ? 'queued' : `${value}%`}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={queued ? 0 : value} animated aria-label="Generation progress" />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {generation.model} · you can leave this page — the result is kept in your History.
      </Text>
    </Stack>
  );
}
