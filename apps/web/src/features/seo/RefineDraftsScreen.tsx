import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  ScrollArea,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconEye, IconPencil, IconRefresh } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ViewOnly } from '../collaboration/viewOnly';
import { ArticlePreview } from './ArticlePreview';
import { ArticleSidePanels } from './RefinePanels';
import { SeoScaffold } from './SeoScaffold';
import { StatusBadge } from './StatusBadge';
import { type Article, type ArticleSummary, articleBusy, fieldErrors, formatDate, isWriting, type SeoProject } from './seoData';
import { useJobsSettled } from './useJobsSettled';
import { useSeoProgress } from './useSeoProgress';

const DESCRIPTION_MAX = 160;

/** /projects/{projectId}/seo/refine — review, edit, rewrite, illustrate and publish drafts. */
export function RefineDraftsScreen({ projectId, articleId }: { projectId: string; articleId?: string | null }) {
  return (
    <SeoScaffold
      projectId={projectId}
      step="refine"
      title="Refine Drafts"
      description="Read each draft, edit it, rewrite weak sections, check its SEO score, add images and schedule it for publishing."
    >
      {({ seoProject, isGuest }) => <RefineBody projectId={projectId} seoProject={seoProject} articleId={articleId ?? null} isGuest={isGuest} />}
    </SeoScaffold>
  );
}

function RefineBody({
  projectId,
  seoProject,
  articleId,
  isGuest,
}: {
  projectId: string;
  seoProject: SeoProject;
  articleId: string | null;
  isGuest: boolean;
}) {
  const navigate = useNavigate();
  const live = useSeoProgress(seoProject.id);
  const list = trpc.seo.articles.useQuery(
    { id: seoProject.id, limit: 100, offset: 0 },
    { refetchInterval: (q) => (!live && q.state.data?.articles.some(articleBusy) ? 2000 : false), staleTime: 0 },
  );
  const drafts = (list.data?.articles ?? []).filter((a) => a.status !== 'FAILED');
  const selectedId = articleId && drafts.some((a) => a.id === articleId) ? articleId : (drafts.find((a) => !isWriting(a.status))?.id ?? null);

  // Drafts prepared for review: reported once per visit, when the list of ready drafts is first shown.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || !list.data) return;
    const ready = list.data.articles.filter((a) => a.status === 'READY').length;
    if (ready === 0) return;
    reported.current = true;
    track('seo_drafts_prepared', { projectId, count: ready, total: list.data.articles.length });
  }, [list.data, projectId]);

  const select = (id: string) =>
    void navigate({ to: '/projects/$projectId/seo/refine', params: { projectId }, search: { article: id }, replace: true });

  if (list.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading drafts" />
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the drafts">
        <Group gap="sm">
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (drafts.length === 0) {
    return (
      <ScreenEmptyState
        icon={<IconPencil size={26} stroke={1.6} />}
        title="No drafts to refine"
        description="Generated articles wait here for your review before they are scheduled. Request some on the Articles step."
      />
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <DraftList drafts={drafts} selectedId={selectedId} onSelect={select} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selectedId ? (
          <ArticleWorkspace key={selectedId} articleId={selectedId} seoProject={seoProject} isGuest={isGuest} live={live} />
        ) : (
          <Paper withBorder radius="md" p="xl">
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Your drafts are still being written…
              </Text>
            </Group>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}

function DraftList({ drafts, selectedId, onSelect }: { drafts: ArticleSummary[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <ScrollArea.Autosize mah={720} type="auto">
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Drafts">
          {drafts.map((a) => {
            const active = a.id === selectedId;
            const writing = isWriting(a.status);
            return (
              <li key={a.id}>
                <UnstyledButton
                  w="100%"
                  p="sm"
                  disabled={writing && !active}
                  onClick={() => onSelect(a.id)}
                  aria-current={active ? 'true' : undefined}
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    border: `1px solid ${active ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                    background: active ? 'var(--mantine-primary-color-light)' : undefined,
                    opacity: writing && !active ? 0.7 : 1,
                  }}
                >
                  <Stack gap={4}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {a.title || a.topic}
                    </Text>
                    <Group gap={6}>
                      <StatusBadge status={a.status} />
                      {a.seoScore != null ? (
                        <Badge variant="outline" color="gray" size="sm">
                          SEO {Math.round(a.seoScore)}
                        </Badge>
                      ) : null}
                    </Group>
                    {writing ? (
                      <Progress
                        value={a.status === 'QUEUED' ? 100 : Math.max(4, a.progress)}
                        striped
                        animated
                        size="xs"
                        aria-label={`Writing ${a.topic}`}
                      />
                    ) : null}
                  </Stack>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

interface EditForm {
  title: string;
  description: string;
  slug: string;
  keywords: string[];
  content: string;
}

const formOf = (a: Article): EditForm => ({ title: a.title, description: a.description, slug: a.slug, keywords: a.keywords, content: a.content });
const sameForm = (x: EditForm, y: EditForm) =>
  x.title === y.title &&
  x.description === y.description &&
  x.slug === y.slug &&
  x.content === y.content &&
  x.keywords.join('\n') === y.keywords.join('\n');

function ArticleWorkspace({
  articleId,
  seoProject,
  isGuest,
  live,
}: {
  articleId: string;
  seoProject: SeoProject;
  isGuest: boolean;
  /** RefineBody's seo.onProgress stream is connected: no polling needed. */
  live: boolean;
}) {
  const utils = trpc.useUtils();
  const query = trpc.seo.article.useQuery(articleId ? { id: articleId } : skipToken, {
    refetchInterval: (q) => (!live && q.state.data && articleBusy(q.state.data.article) ? 1500 : false),
    staleTime: 0,
  });
  const article = query.data?.article ?? null;
  useJobsSettled(seoProject.id, article ? articleBusy(article) : false);
  const [form, setForm] = useState<EditForm | null>(null);
  const [base, setBase] = useState<EditForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const update = trpc.seo.updateArticle.useMutation();

  const server = article ? formOf(article) : null;
  const dirty = form && base ? !sameForm(form, base) : false;
  const serverChanged = server && base ? !sameForm(server, base) : false;

  // Follow the server while nothing is edited (a rewrite finishing, images placed); keep edits otherwise.
  useEffect(() => {
    if (!server) return;
    if (!form || !base || (!dirty && serverChanged)) {
      setForm(server);
      setBase(server);
    }
  }, [server, form, base, dirty, serverChanged]);

  // A finished job changes the list and the stats too.
  const status = article?.status;
  const prevStatus = useRef(status);
  useEffect(() => {
    if (prevStatus.current && status && prevStatus.current !== status) {
      void utils.seo.articles.invalidate({ id: seoProject.id });
      void utils.seo.stats.invalidate({ id: seoProject.id });
      if (prevStatus.current === 'GENERATING' && status === 'READY')
        notifications.show({ color: 'teal', title: 'Rewrite finished', message: 'The new version is in the editor.' });
    }
    prevStatus.current = status;
  }, [status, utils, seoProject.id]);

  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the article" />
      </Group>
    );
  }
  if (query.isError || !article || !form) {
    return (
      <Alert color="red" variant="light" title="Could not load the article">
        {query.error ? errorMessage(query.error) : 'Article not found'}
      </Alert>
    );
  }

  const writing = isWriting(article.status);
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) => {
    setForm((f) => (f ? { ...f, [key]: value } : f));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  const save = async () => {
    const e: Record<string, string> = {};
    if (form.title.trim().length < 3) e.title = 'Title needs at least 3 characters';
    if (form.description.length > DESCRIPTION_MAX) e.description = `Description is at most ${DESCRIPTION_MAX} characters`;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(form.slug.trim())) e.slug = 'Slug may contain lowercase letters, digits and single dashes';
    if (!form.content.trim()) e.content = 'Content cannot be empty';
    if (Object.keys(e).length) {
      setErrors(e);
      return;
    }
    try {
      const res = await update.mutateAsync({
        id: article.id,
        title: form.title.trim(),
        description: form.description.trim(),
        slug: form.slug.trim(),
        keywords: form.keywords,
        content: form.content,
      });
      utils.seo.article.setData({ id: article.id }, res);
      const next = formOf(res.article);
      setForm(next);
      setBase(next);
      void utils.seo.articles.invalidate({ id: seoProject.id });
      notifications.show({
        color: 'teal',
        title: 'Draft saved',
        message: `SEO score ${res.article.score ? Math.round(res.article.score.score) : '—'}.`,
      });
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length) setErrors(fields);
      notifications.show({ color: 'red', title: 'Draft not saved', message: errorMessage(error) });
    }
  };

  const discard = () => {
    if (server) {
      setForm(server);
      setBase(server);
      setErrors({});
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <StatusBadge status={article.status} />
                <Text size="xs" c="dimmed">
                  {article.wordCount} words · {article.aiModel} · {article.regenerations} rewrite{article.regenerations === 1 ? '' : 's'} · updated{' '}
                  {formatDate(article.updatedAt, true)}
                </Text>
              </Group>
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => setView(v === 'preview' ? 'preview' : 'edit')}
                data={[
                  { value: 'edit', label: 'Edit' },
                  { value: 'preview', label: 'Preview' },
                ]}
                aria-label="Editor view"
              />
            </Group>
            {writing ? (
              <Stack gap={4} aria-live="polite">
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    Rewriting…
                  </Text>
                  <Text size="sm" c="dimmed">
                    {article.status === 'QUEUED' ? 'Queued' : `${Math.round(article.progress)} %`}
                  </Text>
                </Group>
                <Progress value={article.status === 'QUEUED' ? 100 : Math.max(4, article.progress)} striped animated aria-label="Rewrite progress" />
              </Stack>
            ) : null}
            {dirty && serverChanged ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="This article changed on the server">
                <Group gap="sm">
                  <Text size="sm">New images or a rewrite arrived while you were editing. Save to keep your version, or load theirs.</Text>
                  <Button size="xs" variant="light" color="yellow" leftSection={<IconRefresh size={14} aria-hidden />} onClick={discard}>
                    Load server version
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {article.error && !writing ? (
              <Alert color="orange" variant="light" title="Last rewrite failed">
                {article.error} Your credits were refunded and the previous version was kept.
              </Alert>
            ) : null}
            {view === 'edit' ? (
              <ViewOnly>
                <Stack gap="sm">
                  <TextInput
                    label="Title"
                    value={form.title}
                    onChange={(e) => set('title', e.currentTarget.value)}
                    error={errors.title}
                    maxLength={200}
                    disabled={writing}
                  />
                  <Textarea
                    label="Meta description"
                    description={`${form.description.length}/${DESCRIPTION_MAX} characters — shown by search engines under the title`}
                    value={form.description}
                    onChange={(e) => set('description', e.currentTarget.value)}
                    error={errors.description ?? (form.description.length > DESCRIPTION_MAX ? `At most ${DESCRIPTION_MAX} characters` : undefined)}
                    autosize
                    minRows={2}
                    disabled={writing}
                  />
                  <Group grow align="flex-start">
                    <TextInput
                      label="Slug"
                      value={form.slug}
                      onChange={(e) => set('slug', e.currentTarget.value)}
                      error={errors.slug}
                      maxLength={120}
                      disabled={writing}
                    />
                    <TagsInput
                      label="Keywords"
                      value={form.keywords}
                      onChange={(v) => set('keywords', v)}
                      error={errors.keywords}
                      disabled={writing}
                      clearable
                    />
                  </Group>
                  <Textarea
                    label={`Content (${article.format === 'html' ? 'HTML' : 'Markdown'})`}
                    value={form.content}
                    onChange={(e) => set('content', e.currentTarget.value)}
                    error={errors.content}
                    autosize
                    minRows={14}
                    maxRows={30}
                    disabled={writing}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                  />
                </Stack>
              </ViewOnly>
            ) : (
              <Stack gap="xs">
                <Text fz="xl" fw={700}>
                  {form.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {form.description}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  /{form.slug}
                </Text>
                <ArticlePreview content={form.content} format={article.format} />
              </Stack>
            )}
            <Group justify="space-between">
              <Text size="xs" c={dirty ? 'orange' : 'dimmed'}>
                {dirty ? 'Unsaved changes' : 'All changes saved'}
              </Text>
              <Group gap="sm">
                {view === 'edit' ? (
                  <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={() => setView('preview')}>
                    Preview
                  </Button>
                ) : null}
                <Button variant="default" onClick={discard} disabled={!dirty}>
                  Discard
                </Button>
                <GuardedButton
                  action="saveArticle"
                  onAction={() => void save()}
                  loading={update.isPending}
                  disabled={!isGuest && (!dirty || writing)}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                >
                  Save draft
                </GuardedButton>
              </Group>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <ArticleSidePanels article={article} seoProject={seoProject} dirty={dirty} />
      </Grid.Col>
    </Grid>
  );
}
