import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Card,
  type CardProps,
  Center,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  type UnstyledButtonProps,
} from '@mantine/core';
import {
  type Icon,
  IconArrowRight,
  IconBolt,
  IconFileText,
  IconFolders,
  IconHistory,
  IconMessageChatbot,
  IconMicrophone2,
  IconMovie,
  IconMusic,
  IconPalette,
  IconPhoto,
  IconPhotoEdit,
  IconSparkles,
  IconUserSquareRounded,
} from '@tabler/icons-react';
import { createLink, Link } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { GenerationStatusBadge, GenerationThumb } from '../history/GenerationMedia';
import { formatRelative, TYPE_META } from '../history/generation';
import { ShareButton } from '../share/ShareButton';
import { CreditsCard } from './CreditsCard';
import classes from './DashboardScreen.module.css';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };

function PlainAnchor(props: UnstyledButtonProps & AnchorProps) {
  return <UnstyledButton component="a" {...props} />;
}
function CardAnchor(props: CardProps & AnchorProps) {
  return <Card component="a" {...props} />;
}
/** Typed router links (params and search checked) that look like a plain block or a card. */
const BlockLink = createLink(PlainAnchor);
const CardLink = createLink(CardAnchor);

interface Tool {
  to: '/chat' | '/image-editor/new' | '/projects' | '/voice-studio' | '/music-studio' | '/avatar-studio' | '/style-transfer' | '/history';
  title: string;
  description: string;
  icon: Icon;
  gradient: { from: string; to: string };
}

const TOOLS: Tool[] = [
  {
    to: '/projects',
    title: 'Projects',
    description: 'Video, image and writing projects.',
    icon: IconFolders,
    gradient: { from: 'teal.5', to: 'lime.5' },
  },
  {
    to: '/chat',
    title: 'AI Chat',
    description: 'Talk to several models side by side.',
    icon: IconMessageChatbot,
    gradient: { from: 'indigo.5', to: 'cyan.5' },
  },
  {
    to: '/image-editor/new',
    title: 'Image Editor',
    description: 'Layers, generation and edits on one canvas.',
    icon: IconPhotoEdit,
    gradient: { from: 'grape.5', to: 'brand.5' },
  },
  {
    to: '/voice-studio',
    title: 'Voice Studio',
    description: 'Clone a voice, then speak any text with it.',
    icon: IconMicrophone2,
    gradient: { from: 'orange.5', to: 'red.5' },
  },
  {
    to: '/music-studio',
    title: 'Music Studio',
    description: 'Tracks from a prompt, genre and mood.',
    icon: IconMusic,
    gradient: { from: 'pink.5', to: 'orange.5' },
  },
  {
    to: '/avatar-studio',
    title: 'Avatar Studio',
    description: 'Create avatars and make them talk.',
    icon: IconUserSquareRounded,
    gradient: { from: 'cyan.5', to: 'blue.5' },
  },
  {
    to: '/style-transfer',
    title: 'Style Transfer',
    description: 'Restyle an image in another look.',
    icon: IconPalette,
    gradient: { from: 'yellow.5', to: 'orange.5' },
  },
  {
    to: '/history',
    title: 'History',
    description: 'Everything you generated, with receipts.',
    icon: IconHistory,
    gradient: { from: 'gray.5', to: 'brand.4' },
  },
];

/** Quick Create, one click per output type (music is audio with a music model). */
const QUICK: Array<{ label: string; icon: Icon; color: string; search: { type: 'image' | 'video' | 'text' | 'audio'; model?: string } }> = [
  { label: 'Image', icon: IconPhoto, color: 'grape', search: { type: 'image' } },
  { label: 'Video', icon: IconMovie, color: 'pink', search: { type: 'video' } },
  { label: 'Voice-over', icon: IconMicrophone2, color: 'orange', search: { type: 'audio', model: 'local/speech' } },
  { label: 'Music', icon: IconMusic, color: 'red', search: { type: 'audio', model: 'local/music' } },
  { label: 'Text', icon: IconFileText, color: 'cyan', search: { type: 'text' } },
];

function SectionTitle({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="center">
      <Title order={2} id={id} fz="lg">
        {title}
      </Title>
      {action}
    </Group>
  );
}

function QuickCreateCard() {
  const catalogue = trpc.generation.models.useQuery();
  const cheapest = (type: 'image' | 'video' | 'text' | 'audio', model?: string) => {
    const models = (catalogue.data?.models ?? []).filter((m) => m.available && m.type.toLowerCase() === type && (!model || m.id === model));
    return models.length ? Math.min(...models.map((m) => m.credits)) : null;
  };
  return (
    <Card h="100%" data-testid="dashboard-quick-create">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon size={36} radius="md" variant="gradient" aria-hidden>
            <IconBolt size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={650}>Quick Create</Text>
            <Text size="sm" c="dimmed">
              One prompt, one result.
            </Text>
          </Stack>
        </Group>
        <Stack gap={6}>
          {QUICK.map((q) => {
            const price = cheapest(q.search.type, q.search.model);
            return (
              <BlockLink
                key={q.label}
                to="/quick-create"
                search={q.search}
                p="xs"
                style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
                aria-label={`Quick Create: ${q.label}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" color={q.color} radius="md" aria-hidden>
                      <q.icon size={16} />
                    </ThemeIcon>
                    <Text size="sm" fw={600}>
                      {q.label}
                    </Text>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    {price !== null ? (
                      <Text size="xs" c="dimmed">
                        from {price} {price === 1 ? 'credit' : 'credits'}
                      </Text>
                    ) : null}
                    <IconArrowRight size={14} aria-hidden />
                  </Group>
                </Group>
              </BlockLink>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}

function RecentGenerations() {
  const recent = trpc.generation.history.useQuery({ limit: 6, offset: 0 }, { staleTime: 15_000 });
  const items = recent.data?.generations ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-generations">
      <SectionTitle
        id="dashboard-generations"
        title="Recent generations"
        action={
          items.length ? (
            <Anchor component={Link} to="/history" size="sm">
              View all
            </Anchor>
          ) : null
        }
      />
      {recent.isLoading ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={i} style={{ aspectRatio: '1' }} radius="md" />
          ))}
        </SimpleGrid>
      ) : recent.error ? (
        <Alert color="red" variant="light" title="Could not load your generations">
          {errorMessage(recent.error)}
        </Alert>
      ) : items.length === 0 ? (
        <ScreenEmptyState
          icon={<IconHistory size={26} stroke={1.6} />}
          title="No generations yet"
          description="Images, clips, voice-overs, tracks and texts you generate appear here."
          actions={
            <ButtonLink to="/quick-create" leftSection={<IconBolt size={16} aria-hidden />}>
              Open Quick Create
            </ButtonLink>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {items.map((g) => (
            <div key={g.id} style={{ position: 'relative' }}>
              <BlockLink to="/history" search={{ id: g.id }} aria-label={`${TYPE_META[g.type].label}: ${g.prompt}`} data-testid="recent-generation">
                <Stack gap={6}>
                  <GenerationThumb generation={g} />
                  <Text size="xs" lineClamp={1} fw={550}>
                    {g.prompt}
                  </Text>
                  {/* The status beside the caption, never over the picture or the text; Share keeps its own corner. */}
                  <Group gap={6} wrap="nowrap" mt={-2} pr={g.status === 'COMPLETED' ? 30 : 0}>
                    <GenerationStatusBadge generation={g} size="xs" />
                    <Text size="xs" c="dimmed" truncate>
                      {TYPE_META[g.type].label} · {formatRelative(g.createdAt)}
                    </Text>
                  </Group>
                </Stack>
              </BlockLink>
              {g.status === 'COMPLETED' ? (
                <div style={{ position: 'absolute', bottom: -4, right: 0 }}>
                  <ShareButton target={{ generationId: g.id }} compact />
                </div>
              ) : null}
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

const PROJECT_ICONS = { VIDEO: IconMovie, IMAGE: IconPhoto, TEXT: IconFileText } as const;
const PROJECT_COLORS = { VIDEO: 'pink', IMAGE: 'grape', TEXT: 'cyan' } as const;

function RecentProjects() {
  const projects = trpc.projects.list.useQuery({ limit: 4, offset: 0 }, { staleTime: 30_000 });
  const items = projects.data?.projects ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-projects">
      <SectionTitle
        id="dashboard-projects"
        title="Recent projects"
        action={
          items.length ? (
            <Anchor component={Link} to="/projects" size="sm">
              All projects
            </Anchor>
          ) : null
        }
      />
      {projects.isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={i} h={200} radius="lg" />
          ))}
        </SimpleGrid>
      ) : projects.error ? (
        <Alert color="red" variant="light" title="Could not load your projects">
          {errorMessage(projects.error)}
        </Alert>
      ) : items.length === 0 ? (
        <ScreenEmptyState
          icon={<IconFolders size={26} stroke={1.6} />}
          title="No projects yet"
          description="Projects you create or open appear here, most recently changed first."
          actions={
            <ButtonLink to="/projects" leftSection={<IconFolders size={16} aria-hidden />}>
              Go to Projects
            </ButtonLink>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {items.map((p) => {
            const ProjectIcon = PROJECT_ICONS[p.type];
            const color = PROJECT_COLORS[p.type];
            const count = p.type === 'VIDEO' ? `${p.counts.videoClips} clips` : `${p.counts.segments} ${p.type === 'TEXT' ? 'articles' : 'segments'}`;
            return (
              <CardLink key={p.id} to="/projects/$projectId" params={{ projectId: p.id }} padding="xs" shadow="xs" data-testid="recent-project">
                <Stack gap="xs">
                  <AspectRatio ratio={16 / 9}>
                    {p.thumbnailUrl ? (
                      <Image src={p.thumbnailUrl} alt="" radius="md" fit="cover" />
                    ) : (
                      <Center bg={`var(--mantine-color-${color}-light)`} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                        <ProjectIcon size={30} stroke={1.5} color={`var(--mantine-color-${color}-filled)`} aria-hidden />
                      </Center>
                    )}
                  </AspectRatio>
                  <Stack gap={2} px={4} pb={4}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm" truncate>
                        {p.name}
                      </Text>
                      <Badge size="xs" variant="light" color={color}>
                        {p.type.toLowerCase()}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {count} · updated {formatRelative(p.updatedAt)}
                    </Text>
                  </Stack>
                </Stack>
              </CardLink>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

type Visit = 'first' | 'returning';
/** One recordVisit per account and page load, however often the dashboard mounts (StrictMode included). */
const visitsInFlight = new Map<string, Promise<Visit>>();

/**
 * Is this the account's first visit? The server records it once per account (whichever browser or
 * device comes first); this browser session then remembers the answer, so the whole first session
 * says "Welcome" and every later one "Welcome back". null while asking; guests have no visits.
 */
function useVisit(): Visit | null {
  const { user } = useAuth();
  const key = user ? `${STORAGE_KEYS.visit}:${user.id}` : null;
  const utils = trpc.useUtils();
  const stored = key ? readStorage('session', key) : null;
  const [answer, setAnswer] = useState<{ key: string; visit: Visit } | null>(null);
  useEffect(() => {
    if (!key || stored === 'first' || stored === 'returning') return;
    let request = visitsInFlight.get(key);
    if (!request) {
      request = utils.client.profile.recordVisit
        .mutate({})
        .then((r): Visit => (r.firstVisit ? 'first' : 'returning'))
        // Unknown (offline, server trouble): never greet an old account as new.
        .catch((): Visit => 'returning');
      visitsInFlight.set(key, request);
    }
    let live = true;
    void request.then((visit) => {
      writeStorage('session', key, visit);
      visitsInFlight.delete(key);
      if (live) setAnswer({ key, visit });
    });
    return () => {
      live = false;
    };
  }, [key, stored, utils]);
  if (!key) return null;
  if (stored === 'first' || stored === 'returning') return stored;
  return answer?.key === key ? answer.visit : null;
}

/** Three example prompts for a new account, each opening Quick Create prefilled. */
const STARTERS: Array<{ type: 'image' | 'video' | 'text'; label: string; icon: Icon; color: string; prompt: string }> = [
  {
    type: 'image',
    label: 'Image',
    icon: IconPhoto,
    color: 'grape',
    prompt: 'A watercolour lighthouse on a rocky coast at sunset, soft warm light, gulls in the sky',
  },
  {
    type: 'video',
    label: 'Video',
    icon: IconMovie,
    color: 'pink',
    prompt: 'A slow drift over misty mountain valleys at dawn, cinematic, gentle golden haze',
  },
  {
    type: 'text',
    label: 'Text',
    icon: IconFileText,
    color: 'cyan',
    prompt: 'Write a warm three-sentence welcome for the website of a small neighbourhood bakery',
  },
];

function StartHereCard() {
  return (
    <Card data-testid="start-here" component="section" aria-labelledby="start-here-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="gradient" aria-hidden>
            <IconSparkles size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={650} id="start-here-title">
              Start here
            </Text>
            <Text size="sm" c="dimmed">
              Pick an example: it opens Quick Create with the prompt filled in. Change anything, then generate.
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {STARTERS.map((s) => (
            <BlockLink
              key={s.type}
              to="/quick-create"
              search={{ type: s.type, prompt: s.prompt }}
              p="sm"
              style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
              aria-label={`Try it: ${s.label} — ${s.prompt}`}
              data-testid="start-here-example"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" color={s.color} radius="md" aria-hidden>
                  <s.icon size={16} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" fw={700} c={`${s.color}.7`} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                    {s.label}
                  </Text>
                  <Text size="sm" lh={1.4} lineClamp={3}>
                    {s.prompt}
                  </Text>
                </Stack>
              </Group>
            </BlockLink>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** / — the studio's home: balance and usage, every tool one click away, and recent work. */
export function DashboardScreen() {
  const { user } = useAuth();
  const visit = useVisit();
  const name = user?.email.split('@')[0] ?? '';
  const greeting = !user ? (
    'Welcome to Atelier'
  ) : visit === null ? (
    <Skeleton h={36} w={280} radius="sm" data-testid="greeting-pending" />
  ) : visit === 'first' ? (
    `Welcome, ${name}`
  ) : (
    `Welcome back, ${name}`
  );
  return (
    <Stack gap={40}>
      <ScreenHeader
        eyebrow="Dashboard"
        title={greeting}
        description={
          visit === 'first'
            ? 'Your studio is ready. Try one of the examples below, or start from scratch.'
            : 'Start something new, or carry on where you left off.'
        }
        actions={
          <ButtonLink to="/quick-create" leftSection={<IconBolt size={16} aria-hidden />}>
            Quick Create
          </ButtonLink>
        }
      />

      {visit === 'first' ? <StartHereCard /> : null}

      <div className={classes.top}>
        <CreditsCard />
        <QuickCreateCard />
      </div>

      <RecentGenerations />

      <Stack gap="md" component="section" aria-labelledby="dashboard-tools">
        <SectionTitle id="dashboard-tools" title="Studios and editors" />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {TOOLS.map((tool) => {
            const ToolIcon = tool.icon;
            return (
              <Card key={tool.to} component={Link} to={tool.to} padding="lg" shadow="xs" data-testid="tool-card">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="gradient" gradient={{ ...tool.gradient, deg: 135 }} aria-hidden>
                    <ToolIcon size={20} stroke={1.8} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={650} lh={1.3}>
                      {tool.title}
                    </Text>
                    <Text size="sm" c="dimmed" lh={1.4} visibleFrom="sm">
                      {tool.description}
                    </Text>
                  </div>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      <RecentProjects />
    </Stack>
  );
}
