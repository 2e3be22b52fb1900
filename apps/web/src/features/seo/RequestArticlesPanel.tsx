import { ActionIcon, Alert, Badge, Checkbox, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSparkles, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ViewOnly } from '../collaboration/viewOnly';
import { credits, fieldErrors, type SeoProject } from './seoData';

const MAX_TOPICS = 10;

interface Props {
  seoProject: SeoProject;
  /** Topics offered as checkboxes (e.g. the analysis' suggested topics). */
  suggestions: Array<{ topic: string; reason?: string; keywords?: string[] }>;
  /** Called with the new articles' ids once the request is accepted. */
  onRequested?: (ids: string[]) => void;
  title?: string;
}

/** Pick or type topics, see what they cost, and request one article per topic. */
export function RequestArticlesPanel({ seoProject, suggestions, onRequested, title = 'Request articles' }: Props) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<string[]>([]);
  const [custom, setCustom] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const request = trpc.seo.requestArticles.useMutation();

  const topics = [...selected, ...custom];
  const price = seoProject.pricing.articleCredits;
  const total = topics.length * price;
  const short = user ? user.credits < total : false;

  const addCustom = () => {
    const topic = draft.trim();
    if (topic.length < 3) {
      setDraftError('A topic needs at least 3 characters');
      return;
    }
    if (topic.length > 200) {
      setDraftError('A topic is at most 200 characters');
      return;
    }
    if (topics.some((t) => t.toLowerCase() === topic.toLowerCase())) {
      setDraftError('That topic is already in the list');
      return;
    }
    if (topics.length >= MAX_TOPICS) {
      setDraftError(`At most ${MAX_TOPICS} articles per request`);
      return;
    }
    setCustom((c) => [...c, topic]);
    setDraft('');
    setDraftError(null);
  };

  const toggle = (topic: string, on: boolean) => {
    if (on && topics.length >= MAX_TOPICS) {
      notifications.show({ color: 'yellow', title: 'Too many topics', message: `At most ${MAX_TOPICS} articles per request.` });
      return;
    }
    setSelected((s) => (on ? [...s, topic] : s.filter((t) => t !== topic)));
  };

  const run = async () => {
    if (topics.length === 0) {
      notifications.show({ color: 'yellow', title: 'Choose a topic', message: 'Pick a suggested topic or type your own first.' });
      return;
    }
    try {
      const res = await request.mutateAsync({ id: seoProject.id, topics });
      track('seo_articles_requested', { count: res.articles.length, credits: res.creditsCharged, projectId: seoProject.projectId });
      notifications.show({
        color: 'teal',
        title: `${res.articles.length} article${res.articles.length === 1 ? '' : 's'} queued`,
        message: `${credits(res.creditsCharged)} charged. You can follow their progress below.`,
      });
      setSelected([]);
      setCustom([]);
      void utils.seo.articles.invalidate({ id: seoProject.id });
      void utils.seo.stats.invalidate({ id: seoProject.id });
      onRequested?.(res.articles.map((a) => a.id));
    } catch (error) {
      const fields = fieldErrors(error);
      notifications.show({ color: 'red', title: 'Articles not requested', message: fields.topics ?? errorMessage(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="request-articles">
      <ViewOnly>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                One article per topic, about {seoProject.wordsPerArticle} words, written by {seoProject.pricing.modelName} for {credits(price)} each.
              </Text>
            </div>
          </Group>
          {suggestions.length ? (
            <Stack gap={6} role="group" aria-label="Suggested topics">
              <Text size="sm" fw={500}>
                Suggested topics
              </Text>
              {suggestions.map((s) => (
                <Checkbox
                  key={s.topic}
                  checked={selected.includes(s.topic)}
                  onChange={(e) => toggle(s.topic, e.currentTarget.checked)}
                  label={s.topic}
                  description={
                    s.reason || s.keywords?.length ? (
                      <>
                        {s.reason}
                        {s.keywords?.length ? ` · ${s.keywords.join(', ')}` : ''}
                      </>
                    ) : undefined
                  }
                />
              ))}
            </Stack>
          ) : null}
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Your own topic"
              placeholder="How to choose beans for espresso at home"
              value={draft}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setDraftError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCustom();
                }
              }}
              error={draftError}
              maxLength={200}
              style={{ flex: 1 }}
            />
            <Tooltip label="Add topic">
              <ActionIcon size={36} mt={25} variant="light" onClick={addCustom} aria-label="Add topic">
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {custom.length ? (
            <Group gap={6} aria-label="Your topics">
              {custom.map((t) => (
                <Badge
                  key={t}
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <ActionIcon size="xs" variant="transparent" onClick={() => setCustom((c) => c.filter((x) => x !== t))} aria-label={`Remove ${t}`}>
                      <IconX size={12} aria-hidden />
                    </ActionIcon>
                  }
                >
                  {t}
                </Badge>
              ))}
            </Group>
          ) : null}
          {!seoProject.pricing.available ? (
            <Alert color="orange" variant="light" title="Writer model unavailable">
              {seoProject.pricing.modelName} is not available right now. Choose another writer model in the setup.
            </Alert>
          ) : null}
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Text size="sm" data-testid="articles-cost" aria-live="polite">
              {topics.length === 0
                ? 'No topics chosen yet'
                : `${topics.length} article${topics.length === 1 ? '' : 's'} × ${credits(price)} = ${credits(total)}`}
              {user ? (
                <Text span c={short ? 'red' : 'dimmed'} size="sm">
                  {' '}
                  · balance {credits(Math.floor(user.credits))}
                </Text>
              ) : null}
            </Text>
            <GuardedButton
              action="generateArticles"
              onAction={() => void run()}
              loading={request.isPending}
              disabled={Boolean(user) && !seoProject.pricing.available}
              leftSection={<IconSparkles size={16} aria-hidden />}
            >
              {topics.length ? `Write ${topics.length} article${topics.length === 1 ? '' : 's'} · ${credits(total)}` : 'Write articles'}
            </GuardedButton>
          </Group>
        </Stack>
      </ViewOnly>
    </Paper>
  );
}
