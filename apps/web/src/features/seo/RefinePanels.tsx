import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  List,
  Loader,
  NumberInput,
  Paper,
  Progress,
  Rating,
  RingProgress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBulb, IconCalendarEvent, IconDownload, IconPhoto, IconSend, IconSparkles, IconWorldOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ViewOnly } from '../collaboration/viewOnly';
import {
  type Article,
  articleHeadings,
  credits,
  formatDate,
  type ImageEstimate,
  imageRunning,
  isWriting,
  type SeoProject,
  safeImageSrc,
} from './seoData';
import { useArticleActions } from './useArticleActions';

function Panel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap={6}>
          {icon}
          <Title order={2} size="h5">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Score, rating, rewrite, images and publishing of the article being refined. */
export function ArticleSidePanels({ article, seoProject, dirty }: { article: Article; seoProject: SeoProject; dirty: boolean }) {
  return (
    <Stack gap="md">
      <ScorePanel article={article} dirty={dirty} />
      <ViewOnly>
        <Stack gap="md">
          <RatingPanel article={article} />
          <RegeneratePanel article={article} seoProject={seoProject} dirty={dirty} />
          <ImagesPanel article={article} dirty={dirty} />
          <PublishPanel article={article} seoProject={seoProject} dirty={dirty} />
        </Stack>
      </ViewOnly>
    </Stack>
  );
}

const scoreColor = (n: number) => (n >= 80 ? 'teal' : n >= 60 ? 'yellow' : 'red');

function ScorePanel({ article, dirty }: { article: Article; dirty: boolean }) {
  const score = article.score;
  return (
    <Panel title="SEO score">
      {score ? (
        <Stack gap="sm" data-testid="seo-score">
          <Group gap="md" wrap="nowrap">
            <RingProgress
              size={92}
              thickness={9}
              roundCaps
              sections={[{ value: score.score, color: scoreColor(score.score) }]}
              label={
                <Text ta="center" fw={700} fz="lg" aria-label={`SEO score ${Math.round(score.score)} of 100`}>
                  {Math.round(score.score)}
                </Text>
              }
            />
            <Stack gap={6} style={{ flex: 1 }}>
              {(
                [
                  ['Keywords', score.breakdown.keywords],
                  ['Headings', score.breakdown.headings],
                  ['Length', score.breakdown.length],
                  ['Readability', score.breakdown.readability],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Group justify="space-between">
                    <Text size="xs">{label}</Text>
                    <Text size="xs" c="dimmed">
                      {Math.round(value)}
                    </Text>
                  </Group>
                  <Progress value={value} color={scoreColor(value)} size="sm" aria-label={`${label} score`} />
                </div>
              ))}
            </Stack>
          </Group>
          <Text size="xs" c="dimmed">
            {score.details.wordCount} of {score.details.targetWords} target words · {score.details.headingCount} headings ·{' '}
            {score.details.avgSentenceWords.toFixed(1)} words per sentence
          </Text>
          {score.details.keywordHits.length ? (
            <Group gap={4}>
              {score.details.keywordHits.map((k) => (
                <Badge key={k.keyword} size="sm" variant="light" color={k.count > 0 ? 'teal' : 'red'} tt="none">
                  {k.keyword} ×{k.count}
                  {k.inTitle ? ' · title' : ''}
                  {k.inHeadings ? ' · heading' : ''}
                </Badge>
              ))}
            </Group>
          ) : null}
          {score.suggestions.length ? (
            <List size="sm" spacing={4} icon={<IconBulb size={14} color="var(--mantine-color-yellow-6)" aria-hidden />} aria-label="Suggestions">
              {score.suggestions.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="teal">
              No suggestions — this draft covers the basics.
            </Text>
          )}
          {dirty ? (
            <Text size="xs" c="orange">
              The score is for the saved version; save to re-score your edits.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          The score appears once the article is written.
        </Text>
      )}
    </Panel>
  );
}

function RatingPanel({ article }: { article: Article }) {
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const rate = trpc.seo.rate.useMutation();
  const onChange = (rating: number) =>
    guard('saveRating', async () => {
      try {
        const res = await rate.mutateAsync({ id: article.id, rating });
        utils.seo.article.setData({ id: article.id }, res);
        void utils.seo.articles.invalidate({ id: article.seoProjectId });
        void utils.seo.stats.invalidate({ id: article.seoProjectId });
        notifications.show({ color: 'teal', title: 'Rating saved', message: `You rated this draft ${rating} of 5.` });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Rating not saved', message: errorMessage(error) });
      }
    });
  return (
    <Panel title="Your rating">
      <Group gap="sm">
        <Rating value={article.rating ?? 0} onChange={(v) => void onChange(v)} readOnly={rate.isPending} aria-label="Rate this draft" />
        <Text size="sm" c="dimmed">
          {article.rating ? `${article.rating} of 5` : 'Not rated yet'}
        </Text>
        {rate.isPending ? <Loader size="xs" /> : null}
      </Group>
    </Panel>
  );
}

function RegeneratePanel({ article, seoProject, dirty }: { article: Article; seoProject: SeoProject; dirty: boolean }) {
  const utils = trpc.useUtils();
  const { user } = useAuth();
  const [section, setSection] = useState<string | null>(null);
  const [instructions, setInstructions] = useState('');
  const regenerate = trpc.seo.regenerate.useMutation();
  const headings = articleHeadings(article.content, article.format);
  const price = seoProject.pricing.articleCredits;
  const writing = isWriting(article.status);

  const run = async () => {
    try {
      const res = await regenerate.mutateAsync({
        id: article.id,
        ...(section ? { section } : {}),
        ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
      });
      track('seo_article_regenerated', { scope: section ? 'section' : 'article', projectId: seoProject.projectId, credits: res.creditsCharged });
      utils.seo.article.setData({ id: article.id }, { article: res.article });
      void utils.seo.articles.invalidate({ id: seoProject.id });
      notifications.show({
        color: 'blue',
        title: 'Rewriting',
        message: `${section ? `“${section}”` : 'The whole article'} is being rewritten · ${credits(res.creditsCharged)} charged.`,
      });
      setInstructions('');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Rewrite not started', message: errorMessage(error) });
    }
  };

  return (
    <Panel title="Regenerate" icon={<IconSparkles size={16} aria-hidden />}>
      <Select
        label="What to rewrite"
        data={[{ value: '', label: 'The whole article' }, ...headings.map((h) => ({ value: h, label: `Section: ${h}` }))]}
        value={section ?? ''}
        onChange={(v) => setSection(v ? v : null)}
        allowDeselect={false}
        disabled={writing}
      />
      <Textarea
        label="Instructions (optional)"
        placeholder="Make it friendlier and add a short checklist"
        value={instructions}
        onChange={(e) => setInstructions(e.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
        disabled={writing}
      />
      {dirty ? (
        <Text size="xs" c="orange">
          Save or discard your edits first: a rewrite starts from the saved version.
        </Text>
      ) : null}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {credits(price)} per rewrite{user ? ` · balance ${credits(Math.floor(user.credits))}` : ''}
        </Text>
        <GuardedButton
          action="generateRegeneration"
          onAction={() => void run()}
          loading={regenerate.isPending}
          disabled={Boolean(user) && (writing || dirty)}
          leftSection={<IconSparkles size={16} aria-hidden />}
          variant="light"
        >
          Regenerate · {credits(price)}
        </GuardedButton>
      </Group>
    </Panel>
  );
}

const SIZES = [
  { value: '16:9', label: '16:9' },
  { value: '1:1', label: '1:1' },
  { value: '9:16', label: '9:16' },
];

function ImagesPanel({ article, dirty }: { article: Article; dirty: boolean }) {
  const utils = trpc.useUtils();
  const { user } = useAuth();
  const [count, setCount] = useState<number | string>(2);
  const [includeHero, setIncludeHero] = useState(true);
  const [size, setSize] = useState<'16:9' | '1:1' | '9:16'>('16:9');
  const [estimate, setEstimate] = useState<ImageEstimate | null>(null);
  const [estimateError, setEstimateError] = useState<string | null>(null);
  const estimateMutation = trpc.seo.imageEstimate.useMutation();
  const generate = trpc.seo.generateImages.useMutation();
  const [params] = useDebouncedValue({ count: Number(count), includeHero, size }, 250);
  const canWrite = article.status === 'READY' || article.status === 'SCHEDULED' || article.status === 'PUBLISHED';
  const running = article.images.filter(imageRunning).length;

  const validCount = Number.isInteger(params.count) && params.count >= 0 && params.count <= 8;
  const nothing = validCount && params.count + (params.includeHero ? 1 : 0) === 0;
  const { mutateAsync: estimateAsync } = estimateMutation;
  useEffect(() => {
    if (!validCount || nothing) {
      setEstimate(null);
      setEstimateError(nothing ? 'Ask for at least one image (count or hero)' : 'Count must be a whole number from 0 to 8');
      return;
    }
    let cancelled = false;
    estimateAsync({ id: article.id, count: params.count, includeHero: params.includeHero, size: params.size })
      .then((e) => {
        if (cancelled) return;
        setEstimate(e);
        setEstimateError(null);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setEstimate(null);
        setEstimateError(errorMessage(error));
      });
    return () => {
      cancelled = true;
    };
  }, [article.id, params.count, params.includeHero, params.size, validCount, nothing, estimateAsync]);

  const fresh = estimate && estimate.count === params.count && estimate.includeHero === params.includeHero && estimate.size === params.size;
  const images = fresh ? estimate.count + (estimate.includeHero ? 1 : 0) : 0;

  const run = async () => {
    if (!estimate || !fresh) return;
    try {
      const res = await generate.mutateAsync({
        id: article.id,
        count: estimate.count,
        includeHero: estimate.includeHero,
        size: estimate.size as '16:9' | '1:1' | '9:16',
      });
      utils.seo.article.setData({ id: article.id }, { article: res.article });
      void utils.seo.articles.invalidate({ id: article.seoProjectId });
      notifications.show({
        color: 'blue',
        title: `Images ${res.status}`,
        message: `${res.images.length} image${res.images.length === 1 ? '' : 's'} queued · ${credits(res.estimate.totalCredits)} charged. They are placed into the article when ready.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Images not started', message: errorMessage(error) });
    }
  };

  return (
    <Panel title="Images" icon={<IconPhoto size={16} aria-hidden />}>
      <Group grow align="flex-end">
        <NumberInput label="Inline images" min={0} max={8} value={count} onChange={setCount} allowDecimal={false} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Aspect ratio
          </Text>
          <SegmentedControl
            size="xs"
            data={SIZES}
            value={size}
            onChange={(v) => setSize(v as '16:9' | '1:1' | '9:16')}
            aria-label="Image aspect ratio"
          />
        </Stack>
      </Group>
      <Switch
        label="Hero image at the top (counts as one extra image)"
        checked={includeHero}
        onChange={(e) => setIncludeHero(e.currentTarget.checked)}
      />
      <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm" data-testid="image-estimate" aria-live="polite">
        {estimateError ? (
          <Text size="sm" c="red">
            {estimateError}
          </Text>
        ) : fresh ? (
          <Text size="sm">
            {images} image{images === 1 ? '' : 's'} × {credits(estimate.perImageCredits)} = <strong>{credits(estimate.totalCredits)}</strong>
            <Text span size="xs" c="dimmed">
              {' '}
              ({estimate.model}, {estimate.size})
            </Text>
          </Text>
        ) : (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Estimating…
            </Text>
          </Group>
        )}
      </Paper>
      {!canWrite ? (
        <Text size="xs" c="dimmed">
          Images can be added once the draft is written.
        </Text>
      ) : dirty ? (
        <Text size="xs" c="orange">
          Save your edits first: images are placed into the saved article.
        </Text>
      ) : null}
      <Group justify="space-between">
        <Text size="xs" c={user && fresh && user.credits < estimate.totalCredits ? 'red' : 'dimmed'}>
          {user ? `Balance ${credits(Math.floor(user.credits))}` : ''}
        </Text>
        <GuardedButton
          action="generateImages"
          onAction={() => void run()}
          loading={generate.isPending}
          disabled={Boolean(user) && (!fresh || !canWrite || dirty || running > 0)}
          leftSection={<IconPhoto size={16} aria-hidden />}
          variant="light"
        >
          {fresh ? `Generate ${images} image${images === 1 ? '' : 's'} · ${credits(estimate.totalCredits)}` : 'Generate images'}
        </GuardedButton>
      </Group>
      {article.images.length ? (
        <SimpleGrid cols={3} spacing="xs" aria-label="Article images">
          {article.images.map((img) => {
            const src = safeImageSrc(img.url);
            return (
              <Stack key={img.id} gap={2} data-testid="article-image" data-status={img.status}>
                {img.status === 'ready' && src ? (
                  <Image src={src} alt={img.alt} radius="sm" h={64} fit="cover" />
                ) : (
                  <Paper h={64} radius="sm" withBorder style={{ display: 'grid', placeItems: 'center' }}>
                    {imageRunning(img) ? (
                      <Loader size="xs" />
                    ) : (
                      <Text size="xs" c="red">
                        Failed
                      </Text>
                    )}
                  </Paper>
                )}
                <Text size="xs" c="dimmed" ta="center">
                  {img.role === 'hero' ? 'Hero' : 'Inline'} · {img.status}
                  {img.status === 'processing' ? ` ${Math.round(img.progress)} %` : ''}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      ) : null}
      {article.images.some((i) => i.status === 'failed') ? (
        <Alert color="orange" variant="light" p="xs">
          <Text size="xs">Failed images were refunded.</Text>
        </Alert>
      ) : null}
    </Panel>
  );
}

/** A datetime-local value (local time, minutes) for an ISO date. */
function toLocalInput(iso: string | null): string {
  const d = iso ? new Date(iso) : new Date(Date.now() + 24 * 3600 * 1000);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function PublishPanel({ article, seoProject, dirty }: { article: Article; seoProject: SeoProject; dirty: boolean }) {
  const actions = useArticleActions(seoProject.id);
  const [when, setWhen] = useState(() => toLocalInput(article.publishDate));
  const [whenError, setWhenError] = useState<string | null>(null);
  const canPublish = article.status === 'READY' || article.status === 'SCHEDULED';
  const scheduleAt = () => {
    const d = new Date(when);
    if (!when || Number.isNaN(d.getTime())) {
      setWhenError('Choose a date and time');
      return;
    }
    if (d.getTime() < Date.now()) {
      setWhenError('Choose a time in the future, or publish now');
      return;
    }
    setWhenError(null);
    void actions.schedule(article.id, d.toISOString());
  };
  return (
    <Panel title="Publishing" icon={<IconCalendarEvent size={16} aria-hidden />}>
      <Text size="sm">
        {article.status === 'PUBLISHED'
          ? `Published ${formatDate(article.publishedAt, true)} — live in the feeds.`
          : article.status === 'SCHEDULED'
            ? `Scheduled for ${formatDate(article.publishDate, true)}.`
            : canPublish
              ? `Not scheduled. The next slot follows your cadence of every ${seoProject.publishSchedule} days.`
              : 'Publishing opens once the draft is written.'}
      </Text>
      {dirty ? (
        <Text size="xs" c="orange">
          Unsaved edits are not published: save first.
        </Text>
      ) : null}
      {canPublish ? (
        <>
          <Group align="flex-end" gap="xs">
            <TextInput
              type="datetime-local"
              label="Publish on"
              value={when}
              onChange={(e) => {
                setWhen(e.currentTarget.value);
                setWhenError(null);
              }}
              error={whenError}
              style={{ flex: 1, minWidth: 200 }}
            />
            <GuardedButton action="publishSchedule" variant="default" onAction={scheduleAt} loading={actions.pending}>
              Schedule
            </GuardedButton>
          </Group>
          <Group gap="xs">
            {article.status === 'READY' ? (
              <GuardedButton
                action="publishScheduleNext"
                variant="light"
                color="violet"
                size="xs"
                onAction={() => void actions.schedule(article.id)}
                leftSection={<IconCalendarEvent size={14} aria-hidden />}
              >
                Schedule next slot
              </GuardedButton>
            ) : null}
            <GuardedButton
              action="publishNow"
              color="green"
              size="xs"
              onAction={() => void actions.publish(article.id)}
              leftSection={<IconSend size={14} aria-hidden />}
            >
              Publish now
            </GuardedButton>
            {article.status === 'SCHEDULED' ? (
              <GuardedButton action="unpublishArticle" variant="subtle" color="gray" size="xs" onAction={() => void actions.unpublish(article.id)}>
                Unschedule
              </GuardedButton>
            ) : null}
          </Group>
        </>
      ) : article.status === 'PUBLISHED' ? (
        <GuardedButton
          action="unpublishArticle"
          variant="light"
          color="gray"
          size="xs"
          onAction={() => void actions.unpublish(article.id)}
          leftSection={<IconWorldOff size={14} aria-hidden />}
        >
          Unpublish
        </GuardedButton>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void actions.exportOne(article.id, 'markdown')}
        >
          Export Markdown
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void actions.exportOne(article.id, 'html')}
        >
          Export HTML
        </Button>
      </Group>
    </Panel>
  );
}
