import type { AppRouter } from '@atelier/api/router';
import { Anchor, Badge, Box, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLinkOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { QueryError } from '../../components/feedback/QueryError';
import { Logo } from '../../components/shell/Logo';
import { ThemeToggle } from '../../components/shell/ThemeToggle';
import { errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { RenderedText } from '../history/RenderedText';

const KIND_LABEL: Record<string, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  text: 'Text',
  'video/mp4': 'Video export',
  'application/zip': 'Zip export',
  'image/png': 'Image export',
  'text/markdown': 'Text export',
};

type SharedItem = inferRouterOutputs<AppRouter>['share']['get'];

function Media({ item }: { item: SharedItem }) {
  const t = item.mediaType;
  if (item.mediaUrl && (t === 'image' || t === 'image/png')) {
    return <Image src={item.mediaUrl} alt={item.prompt ?? item.title} radius="md" fit="contain" mah="70vh" data-testid="shared-image" />;
  }
  if (item.mediaUrl && (t === 'video' || t === 'video/mp4')) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: generated media has no captions
      <video
        src={item.mediaUrl}
        controls
        playsInline
        poster={item.thumbnailUrl ?? undefined}
        style={{ width: '100%', maxHeight: '70vh', borderRadius: 8 }}
        data-testid="shared-video"
      />
    );
  }
  if (item.mediaUrl && t === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: generated audio has no captions
    return <audio src={item.mediaUrl} controls style={{ width: '100%' }} data-testid="shared-audio" />;
  }
  if (item.text) {
    return (
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-body)">
        <Box data-testid="shared-text">
          <RenderedText text={item.text} />
        </Box>
      </Paper>
    );
  }
  if (item.mediaUrl) {
    return (
      <Center py="xl">
        <Button component="a" href={`${item.mediaUrl}&download=1`} leftSection={<IconDownload size={16} aria-hidden />}>
          Download
        </Button>
      </Center>
    );
  }
  return null;
}

/** The page's title in full: a title the api shortened from the prompt ("… with s…") becomes the whole prompt. */
function fullTitle(title: string, prompt: string | null | undefined): string {
  if (prompt && title.endsWith('…') && prompt.startsWith(title.slice(0, -1).trimEnd())) return prompt;
  return title;
}

/** /s/{token} — the public page of a share link: the media and its prompt, nothing else of the account. */
export function SharedScreen({ token }: { token: string }) {
  const shared = trpc.share.get.useQuery({ token });
  const item = shared.data;
  return (
    <Box mih="100dvh" p={{ base: 'md', sm: 'xl' }}>
      <Stack maw={960} mx="auto" gap="lg">
        <Group justify="space-between">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Atelier home">
            <Logo />
          </Anchor>
          <ThemeToggle />
        </Group>
        {shared.isPending ? (
          <Center py={80}>
            <Loader />
          </Center>
        ) : shared.isError ? (
          errorStatus(shared.error) === 404 ? (
            <Paper withBorder radius="lg" p="xl" data-testid="shared-unavailable">
              <Stack align="center" ta="center" gap="sm">
                <IconLinkOff size={36} stroke={1.5} aria-hidden />
                <Title order={2} fz="h3">
                  This link is not available
                </Title>
                <Text c="dimmed" maw={420}>
                  It may have been revoked by its owner or have expired.
                </Text>
                <Button component={Link} to="/" variant="light">
                  Go to Atelier
                </Button>
              </Stack>
            </Paper>
          ) : (
            <QueryError error={shared.error} onRetry={() => void shared.refetch()} title="Could not open the link" />
          )
        ) : item ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="shared-item">
            <Stack gap="md">
              {/* the kind above the title, both whole: a long title wraps instead of squeezing the badge to "I…" */}
              <Stack gap={6} align="flex-start">
                <Badge variant="light" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="shared-kind">
                  {KIND_LABEL[item.mediaType] ?? item.mediaType}
                </Badge>
                <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }} data-testid="shared-title">
                  {fullTitle(item.title, item.prompt)}
                </Title>
              </Stack>
              <Media item={item} />
              {item.prompt ? (
                <Stack gap={4}>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    Prompt
                  </Text>
                  <Text data-testid="shared-prompt" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.prompt}
                  </Text>
                </Stack>
              ) : null}
              <Text size="xs" c="dimmed">
                Shared {new Date(item.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}
                {item.expiresAt
                  ? ` · link expires ${new Date(item.expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`
                  : ''}
              </Text>
            </Stack>
          </Paper>
        ) : null}
        <Text size="sm" c="dimmed" ta="center">
          Made with{' '}
          <Anchor component={Link} to="/">
            Atelier
          </Anchor>{' '}
          — images, video, sound and words, made with AI.
        </Text>
      </Stack>
    </Box>
  );
}
