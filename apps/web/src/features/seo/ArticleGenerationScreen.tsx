import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Grid,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Progress,
  Rating,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArticle,
  IconCalendarEvent,
  IconCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconPencil,
  IconRss,
  IconSend,
  IconTrash,
  IconWorldOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { StatCard } from '../../components/ChartCard';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useEditAccess } from '../collaboration/viewOnly';
import { PublishingCalendar } from './PublishingCalendar';
import { RequestArticlesPanel } from './RequestArticlesPanel';
import { SeoScaffold } from './SeoScaffold';
import { StatusBadge } from './StatusBadge';
import { type ArticleSummary, articleBusy, credits, formatDate, isWriting, qualityStat, type SeoProject } from './seoData';
import { useArticleActions } from './useArticleActions';
import { useJobsSettled } from './useJobsSettled';
import { useSeoProgress } from './useSeoProgress';

/** /projects/{projectId}/seo — request articles, follow their progress, and publish them on a schedule. */
export function ArticleGenerationScreen({ projectId }: { projectId: string }) {
  return (
    <SeoScaffold
      projectId={projectId}
      step="generate"
      title="Article Generation"
      description="Request search-optimised articles for your site, follow them while they are written, and publish them on your schedule."
    >
      {({ seoProject }) => <ArticlesBody projectId={projectId} seoProject={seoProject} />}
    </SeoScaffold>
  );
}

type Filter = 'ALL' | 'DRAFTS' | 'SCHEDULED' | 'PUBLISHED';

function ArticlesBody({ projectId, seoProject }: { projectId: string; seoProject: SeoProject }) {
  const [filter, setFilter] = useState<Filter>('ALL');
  const live = useSeoProgress(seoProject.id);
  const articles = trpc.seo.articles.useQuery(
    { id: seoProject.id, limit: 100, offset: 0 },
    { refetchInterval: (q) => (!live && q.state.data?.articles.some(articleBusy) ? 1500 : false), staleTime: 0 },
  );
  const busy = articles.data?.articles.some(articleBusy) ?? false;
  useJobsSettled(seoProject.id, busy);
  const stats = trpc.seo.stats.useQuery({ id: seoProject.id }, { refetchInterval: busy && !live ? 3000 : false });
  const list = articles.data?.articles ?? [];
  const shown = list.filter((a) =>
    filter === 'ALL' ? true : filter === 'DRAFTS' ? a.status === 'READY' || isWriting(a.status) || a.status === 'FAILED' : a.status === filter,
  );
  const suggestions = (seoProject.analysis?.suggestedTopics ?? []).filter((s) => !list.some((a) => a.topic.toLowerCase() === s.topic.toLowerCase()));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} data-testid="seo-stats">
        {stats.isPending ? (
          ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => <Skeleton key={k} h={74} radius="md" />)
        ) : stats.data ? (
          <>
            <StatCard label="Articles" value={String(stats.data.total)} hint={`${stats.data.byStatus.READY ?? 0} drafts ready`} />
            <StatCard label="Published" value={String(stats.data.byStatus.PUBLISHED ?? 0)} hint={`${stats.data.byStatus.SCHEDULED ?? 0} scheduled`} />
            <StatCard
              label="Words written"
              value={stats.data.totalWords.toLocaleString('en')}
              hint={`≈ ${Math.round(stats.data.avgWords)} per article`}
            />
            <StatCard
              label="Credits used"
              value={String(Math.round(stats.data.creditsUsed * 100) / 100)}
              hint={`${stats.data.regenerations} regenerations`}
            />
            <StatCard {...qualityStat(stats.data.avgScore, stats.data.avgRating, stats.data.rated)} />
            <StatCard label="Next publish" value={formatDate(stats.data.nextPublishDate)} hint={`Every ${seoProject.publishSchedule} days`} />
          </>
        ) : (
          <Alert color="red" variant="light" title="Stats unavailable">
            {errorMessage(stats.error)}
          </Alert>
        )}
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Title order={2} size="h4">
                  Articles
                </Title>
                <SegmentedControl
                  size="xs"
                  value={filter}
                  onChange={(v) => setFilter(v as Filter)}
                  data={[
                    { value: 'ALL', label: `All ${list.length}` },
                    { value: 'DRAFTS', label: 'Drafts' },
                    { value: 'SCHEDULED', label: 'Scheduled' },
                    { value: 'PUBLISHED', label: 'Published' },
                  ]}
                  aria-label="Filter articles"
                />
              </Group>
              {articles.isPending ? (
                <Stack gap="xs">
                  <Skeleton h={48} />
                  <Skeleton h={48} />
                  <Skeleton h={48} />
                </Stack>
              ) : articles.isError ? (
                <Alert color="red" variant="light" title="Could not load the articles">
                  <Group gap="sm">
                    <Text size="sm">{errorMessage(articles.error)}</Text>
                    <Button size="xs" variant="light" color="red" onClick={() => void articles.refetch()}>
                      Try again
                    </Button>
                  </Group>
                </Alert>
              ) : shown.length === 0 ? (
                <ScreenEmptyState
                  bare
                  icon={<IconArticle size={26} stroke={1.6} />}
                  title={list.length ? 'No articles with this status' : 'No articles yet'}
                  description={
                    list.length
                      ? 'Choose another filter to see the rest.'
                      : 'Articles you request appear here while they are written, then as drafts to refine, schedule and publish.'
                  }
                />
              ) : (
                <ArticleTable projectId={projectId} seoProject={seoProject} articles={shown} />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <RequestArticlesPanel seoProject={seoProject} suggestions={suggestions.slice(0, 6)} />
            {!seoProject.analysis ? (
              <Text size="sm" c="dimmed">
                Need ideas?{' '}
                <ButtonLink to="/projects/$projectId/seo/analysis" params={{ projectId }} variant="subtle" size="compact-sm" px={4}>
                  Analyse your competitors
                </ButtonLink>{' '}
                to get topic suggestions.
              </Text>
            ) : null}
            <FeedsPanel seoProject={seoProject} />
          </Stack>
        </Grid.Col>
      </Grid>

      <PublishingCalendar articles={list} publishSchedule={seoProject.publishSchedule} />
    </Stack>
  );
}

function ArticleTable({ projectId, seoProject, articles }: { projectId: string; seoProject: SeoProject; articles: ArticleSummary[] }) {
  const actions = useArticleActions(seoProject.id);
  const { viewOnly } = useEditAccess();
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const confirmDelete = (a: ArticleSummary) => setDeleting(a);

  return (
    <>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this article?" centered>
        <Stack gap="md">
          <Text size="sm">
            “{deleting?.title || deleting?.topic}” will be deleted and removed from the feed. Credits spent on it are not refunded.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={actions.pending}
              onClick={() => {
                const a = deleting;
                if (!a) return;
                void Promise.resolve(actions.remove(a.id, a.title || a.topic)).then(() => setDeleting(null));
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="articles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Article</Table.Th>
              <Table.Th w={150}>Status</Table.Th>
              <Table.Th ta="right">Words</Table.Th>
              <Table.Th ta="right">Score</Table.Th>
              <Table.Th>Publish</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {articles.map((a) => {
              const writing = isWriting(a.status);
              const runningImages = a.images.filter((i) => i.status === 'queued' || i.status === 'processing').length;
              return (
                <Table.Tr key={a.id} data-testid="article-row" data-status={a.status}>
                  <Table.Td maw={320}>
                    <Stack gap={4}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        {a.title || a.topic}
                      </Text>
                      {writing ? (
                        <Progress
                          value={a.status === 'QUEUED' ? 100 : Math.max(4, a.progress)}
                          striped={a.status === 'QUEUED'}
                          animated
                          size="sm"
                          aria-label={`Writing progress of ${a.topic}`}
                        />
                      ) : a.status === 'FAILED' ? (
                        <Text size="xs" c="red">
                          {a.error ?? 'Writing failed'} · {credits(a.creditsUsed)} refunded
                        </Text>
                      ) : (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {a.description || a.topic}
                        </Text>
                      )}
                      {runningImages ? (
                        <Group gap={6}>
                          <Loader size={10} />
                          <Text size="xs" c="dimmed">
                            {runningImages} image{runningImages === 1 ? '' : 's'} rendering
                          </Text>
                        </Group>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Stack gap={2} align="flex-start">
                      <StatusBadge status={a.status} />
                      {writing ? (
                        <Text size="xs" c="dimmed" aria-live="polite">
                          {a.status === 'QUEUED' ? 'Waiting…' : `${Math.round(a.progress)} %`}
                        </Text>
                      ) : a.rating ? (
                        <Rating value={a.rating} readOnly size="xs" aria-label={`Rated ${a.rating} of 5`} />
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">{writing || a.status === 'FAILED' ? '—' : a.wordCount}</Table.Td>
                  <Table.Td ta="right">{a.seoScore == null ? '—' : Math.round(a.seoScore)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {a.status === 'PUBLISHED'
                        ? `Published ${formatDate(a.publishedAt)}`
                        : a.status === 'SCHEDULED'
                          ? formatDate(a.publishDate, true)
                          : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {!writing && a.status !== 'FAILED' ? (
                        <ButtonLink
                          to="/projects/$projectId/seo/refine"
                          params={{ projectId }}
                          search={{ article: a.id }}
                          variant="light"
                          size="compact-xs"
                          leftSection={<IconPencil size={12} aria-hidden />}
                          aria-label={`Refine ${a.title || a.topic}`}
                        >
                          Refine
                        </ButtonLink>
                      ) : null}
                      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${a.title || a.topic}`} loading={actions.pending}>
                            <IconDots size={16} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {a.status === 'READY' ? (
                            <Menu.Item
                              disabled={viewOnly}
                              leftSection={<IconCalendarEvent size={15} aria-hidden />}
                              onClick={() => void actions.schedule(a.id)}
                            >
                              Schedule next slot
                            </Menu.Item>
                          ) : null}
                          {a.status === 'READY' || a.status === 'SCHEDULED' ? (
                            <Menu.Item
                              disabled={viewOnly}
                              leftSection={<IconSend size={15} aria-hidden />}
                              onClick={() => void actions.publish(a.id)}
                            >
                              Publish now
                            </Menu.Item>
                          ) : null}
                          {a.status === 'PUBLISHED' || a.status === 'SCHEDULED' ? (
                            <Menu.Item
                              disabled={viewOnly}
                              leftSection={<IconWorldOff size={15} aria-hidden />}
                              onClick={() => void actions.unpublish(a.id)}
                            >
                              {a.status === 'PUBLISHED' ? 'Unpublish' : 'Unschedule'}
                            </Menu.Item>
                          ) : null}
                          {!writing && a.status !== 'FAILED' ? (
                            <>
                              <Menu.Item
                                leftSection={<IconDownload size={15} aria-hidden />}
                                onClick={() => void actions.exportOne(a.id, 'markdown')}
                              >
                                Export Markdown
                              </Menu.Item>
                              <Menu.Item leftSection={<IconDownload size={15} aria-hidden />} onClick={() => void actions.exportOne(a.id, 'html')}>
                                Export HTML
                              </Menu.Item>
                            </>
                          ) : null}
                          <Menu.Divider />
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={15} aria-hidden />}
                            disabled={writing || viewOnly}
                            onClick={() => confirmDelete(a)}
                          >
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function FeedsPanel({ seoProject }: { seoProject: SeoProject }) {
  const actions = useArticleActions(seoProject.id);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const feeds = [
    { label: 'RSS feed', url: `${origin}${seoProject.feeds.rss}` },
    { label: 'JSON feed', url: `${origin}${seoProject.feeds.json}` },
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Feeds and export
        </Title>
        <Text size="sm" c="dimmed">
          Published articles appear in these public feeds, ready for your site or newsletter.
        </Text>
        {feeds.map((f) => (
          <Group key={f.label} gap="xs" wrap="nowrap">
            <IconRss size={16} aria-hidden color="var(--mantine-color-orange-6)" />
            <Anchor href={f.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {f.label}
            </Anchor>
            <CopyButton value={f.url} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : `Copy ${f.label} link`}>
                  <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${f.label} link`}>
                    {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        ))}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void actions.exportAll('markdown')}>
            Export all (Markdown)
          </Button>
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void actions.exportAll('html')}>
            Export all (HTML)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
