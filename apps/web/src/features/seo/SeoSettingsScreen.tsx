import { DEMO } from '@atelier/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ViewOnly } from '../collaboration/viewOnly';
import { SeoFlowNav } from './SeoFlowNav';
import { SeoLoadState, useSeoProjectQuery } from './SeoScaffold';
import { fieldErrors, type SeoProject } from './seoData';
import { UrlChecks } from './UrlChecks';

/** Mirrors the server's limits (apps/api seo.schema) so mistakes show before a round trip. */
const LIMITS = { minWords: 300, maxWords: 5000, maxKeywords: 20, maxCompetitors: 5, maxScheduleDays: 90 };
const STEPS = ['business', 'keywords', 'competitors', 'publishing'] as const;
type WizardStep = (typeof STEPS)[number];

interface FormState {
  businessName: string;
  businessDesc: string;
  targetUrl: string;
  seoKeywords: string[];
  competitors: string[];
  wordsPerArticle: number | string;
  articleFormat: 'markdown' | 'html';
  publishSchedule: number | string;
  textModel: string | null;
}

const EMPTY: FormState = {
  businessName: '',
  businessDesc: '',
  targetUrl: '',
  seoKeywords: [],
  competitors: [],
  wordsPerArticle: DEMO.seo.wordsPerArticle,
  articleFormat: 'markdown',
  publishSchedule: DEMO.seo.publishSchedule,
  textModel: null,
};

function fromProject(p: SeoProject): FormState {
  return {
    businessName: p.businessName,
    businessDesc: p.businessDesc,
    targetUrl: p.targetUrl,
    seoKeywords: p.seoKeywords,
    competitors: p.competitors,
    wordsPerArticle: p.wordsPerArticle,
    articleFormat: p.articleFormat,
    publishSchedule: p.publishSchedule,
    textModel: p.textModel,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Client-side checks per step: the same rules as the server, with messages naming the field. */
function validate(form: FormState, step: WizardStep): Record<string, string> {
  const e: Record<string, string> = {};
  if (step === 'business') {
    if (!form.businessName.trim()) e.businessName = 'Business name is required';
    else if (form.businessName.trim().length > 120) e.businessName = 'Business name must be at most 120 characters';
    if (form.businessDesc.length > 2000) e.businessDesc = 'Description must be at most 2000 characters';
    if (form.targetUrl.trim() && !isHttpUrl(form.targetUrl.trim())) e.targetUrl = 'Target URL must be an http(s) URL, e.g. https://example.com';
  }
  if (step === 'keywords') {
    if (form.seoKeywords.length === 0) e.seoKeywords = 'Add at least one keyword';
    else if (form.seoKeywords.length > LIMITS.maxKeywords) e.seoKeywords = `At most ${LIMITS.maxKeywords} keywords`;
    else if (form.seoKeywords.some((k) => k.length > 60)) e.seoKeywords = 'A keyword is at most 60 characters';
  }
  if (step === 'competitors') {
    const bad = form.competitors.find((c) => !isHttpUrl(c));
    if (bad) e.competitors = `“${bad}” is not an http(s) URL`;
    else if (form.competitors.length > LIMITS.maxCompetitors) e.competitors = `At most ${LIMITS.maxCompetitors} competitor URLs`;
  }
  if (step === 'publishing') {
    const words = Number(form.wordsPerArticle);
    if (!Number.isInteger(words) || words < LIMITS.minWords || words > LIMITS.maxWords)
      e.wordsPerArticle = `Words per article must be a whole number between ${LIMITS.minWords} and ${LIMITS.maxWords}`;
    const days = Number(form.publishSchedule);
    if (!Number.isInteger(days) || days < 1 || days > LIMITS.maxScheduleDays) e.publishSchedule = `Publish every 1 to ${LIMITS.maxScheduleDays} days`;
  }
  return e;
}

const STEP_OF_FIELD: Record<string, number> = {
  businessName: 0,
  businessDesc: 0,
  targetUrl: 0,
  seoKeywords: 1,
  competitors: 2,
  wordsPerArticle: 3,
  articleFormat: 3,
  publishSchedule: 3,
  textModel: 3,
};

/** /projects/{projectId}/seo/settings — a four-step setup wizard: business, keywords, competitors, publishing. */
export function SeoSettingsScreen({ projectId }: { projectId: string }) {
  const { query, ready, isGuest } = useSeoProjectQuery(projectId);
  const state = SeoLoadState({ query, ready });
  const existing = query.data?.seoProject ?? null;
  return (
    <>
      <SeoFlowNav projectId={projectId} current="settings" />
      <Stack gap="lg" pb="xl">
        <ScreenHeader
          eyebrow={query.data ? `SEO · ${query.data.project.name}` : 'SEO'}
          title="SEO Project Setup"
          description={`Describe the business and its site, the keywords to target and the competitors to watch; articles default to ${DEMO.seo.wordsPerArticle} words, one every ${DEMO.seo.publishSchedule} days.`}
        />
        {state ?? <SettingsWizard projectId={projectId} existing={existing} isGuest={isGuest} />}
      </Stack>
    </>
  );
}

function SettingsWizard({ projectId, existing, isGuest }: { projectId: string; existing: SeoProject | null; isGuest: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<FormState>(existing ? fromProject(existing) : EMPTY);
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.seo.save.useMutation();
  const models = trpc.generation.models.useQuery(undefined, { staleTime: 60_000 });
  const textModels = (models.data?.models ?? []).filter((m) => m.type === 'TEXT');

  const step = STEPS[Math.min(active, STEPS.length - 1)] as WizardStep;
  useEffect(() => {
    track('seo_flow_step', { step: `settings_${step}`, projectId });
  }, [step, projectId]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const goTo = (next: number) => {
    if (next > active) {
      for (let s = active; s < next; s++) {
        const e = validate(form, STEPS[s] as WizardStep);
        if (Object.keys(e).length) {
          setErrors(e);
          setActive(s);
          return;
        }
      }
    }
    setErrors({});
    setActive(next);
  };

  const submit = async () => {
    const all = Object.assign({}, ...STEPS.map((s) => validate(form, s))) as Record<string, string>;
    if (Object.keys(all).length) {
      setErrors(all);
      setActive(Math.min(...Object.keys(all).map((k) => STEP_OF_FIELD[k] ?? 0)));
      return;
    }
    try {
      const res = await save.mutateAsync({
        projectId,
        businessName: form.businessName.trim(),
        businessDesc: form.businessDesc.trim(),
        targetUrl: form.targetUrl.trim(),
        seoKeywords: form.seoKeywords,
        competitors: form.competitors,
        wordsPerArticle: Number(form.wordsPerArticle),
        articleFormat: form.articleFormat,
        publishSchedule: Number(form.publishSchedule),
        textModel: form.textModel,
      });
      utils.seo.byProject.setData({ projectId }, (old) => (old ? { ...old, seoProject: res.seoProject } : old));
      void utils.seo.invalidate();
      notifications.show({
        color: 'teal',
        title: res.created ? 'SEO project created' : 'Setup saved',
        message: res.created ? 'Next: analyse your competitors.' : 'Your changes are saved.',
      });
      if (res.created) void navigate({ to: '/projects/$projectId/seo/analysis', params: { projectId } });
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length) {
        setErrors(fields);
        setActive(Math.min(...Object.keys(fields).map((k) => STEP_OF_FIELD[k] ?? 0)));
      }
      notifications.show({ color: 'red', title: 'Setup not saved', message: errorMessage(error) });
    }
  };

  const last = active >= STEPS.length;
  const keywordCount = `${form.seoKeywords.length}/${LIMITS.maxKeywords}`;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      {isGuest ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="lg" title="Demo setup">
          You are viewing the demo project’s SEO setup. Log in to set up SEO for your own projects.
        </Alert>
      ) : null}
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={Boolean(existing)} size="sm" iconSize={32}>
        <Stepper.Step label="Business" description="Who you are">
          <ViewOnly>
            <Stack gap="md" mt="lg" maw={640}>
              <TextInput
                label="Business name"
                required
                maxLength={120}
                value={form.businessName}
                onChange={(e) => set('businessName', e.currentTarget.value)}
                error={errors.businessName}
                placeholder="Northwind Coffee Roasters"
              />
              <Textarea
                label="What the business does"
                description="Used in every article prompt, so the writer knows your offer and audience."
                autosize
                minRows={3}
                maxLength={2000}
                value={form.businessDesc}
                onChange={(e) => set('businessDesc', e.currentTarget.value)}
                error={errors.businessDesc}
                placeholder="Small-batch specialty coffee roaster shipping fresh beans across Europe."
              />
              <TextInput
                label="Target URL"
                description="Your site: its page is analysed next to the competitors’ pages."
                value={form.targetUrl}
                onChange={(e) => set('targetUrl', e.currentTarget.value)}
                error={errors.targetUrl}
                placeholder="https://www.example.com"
              />
              <UrlChecks urls={form.targetUrl.trim() ? [form.targetUrl.trim()] : []} label="Target URL check" />
            </Stack>
          </ViewOnly>
        </Stepper.Step>
        <Stepper.Step label="Keywords" description="What to rank for">
          <ViewOnly>
            <Stack gap="md" mt="lg" maw={640}>
              <TagsInput
                label="SEO keywords"
                description={`Press Enter after each keyword (${keywordCount}). Articles and scores are built around them.`}
                value={form.seoKeywords}
                onChange={(v) => set('seoKeywords', v.map((k) => k.trim()).filter(Boolean))}
                error={errors.seoKeywords}
                placeholder="e.g. specialty coffee"
                clearable
                splitChars={[',']}
              />
            </Stack>
          </ViewOnly>
        </Stepper.Step>
        <Stepper.Step label="Competitors" description="Who to watch">
          <ViewOnly>
            <Stack gap="md" mt="lg" maw={640}>
              <TagsInput
                label="Competitor pages"
                description={`Up to ${LIMITS.maxCompetitors} URLs. Their titles, headings, length and keyword use are compared with yours.`}
                value={form.competitors}
                onChange={(v) => set('competitors', v.map((k) => k.trim()).filter(Boolean))}
                error={errors.competitors}
                placeholder="https://competitor.example/blog/post"
                clearable
                splitChars={[' ', ',']}
              />
              <UrlChecks urls={form.competitors} label="Competitor URL checks" />
            </Stack>
          </ViewOnly>
        </Stepper.Step>
        <Stepper.Step label="Publishing" description="Length and cadence">
          <ViewOnly>
            <Stack gap="md" mt="lg" maw={640}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Words per article"
                  min={LIMITS.minWords}
                  max={LIMITS.maxWords}
                  step={100}
                  value={form.wordsPerArticle}
                  onChange={(v) => set('wordsPerArticle', v)}
                  error={errors.wordsPerArticle}
                  allowDecimal={false}
                />
                <NumberInput
                  label="Publish every"
                  suffix=" days"
                  min={1}
                  max={LIMITS.maxScheduleDays}
                  value={form.publishSchedule}
                  onChange={(v) => set('publishSchedule', v)}
                  error={errors.publishSchedule}
                  allowDecimal={false}
                />
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Article format
                </Text>
                <SegmentedControl
                  value={form.articleFormat}
                  onChange={(v) => set('articleFormat', v === 'html' ? 'html' : 'markdown')}
                  data={[
                    { value: 'markdown', label: 'Markdown' },
                    { value: 'html', label: 'HTML' },
                  ]}
                  aria-label="Article format"
                  w="fit-content"
                />
              </Stack>
              <Select
                label="Writer model"
                description="The text model that writes and rewrites articles; its price is the cost of one article."
                placeholder={models.isLoading ? 'Loading models…' : 'Default text model'}
                data={textModels.map((m) => ({
                  value: m.id,
                  label: `${m.name} · ${m.credits} credit${m.credits === 1 ? '' : 's'}${m.available ? '' : ' (unavailable)'}`,
                  disabled: !m.available,
                }))}
                value={form.textModel}
                onChange={(v) => set('textModel', v)}
                clearable
                error={errors.textModel}
              />
            </Stack>
          </ViewOnly>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="sm" mt="lg" maw={640}>
            <Text fw={600}>Review</Text>
            <Summary label="Business" value={form.businessName || '—'} />
            <Summary label="Target URL" value={form.targetUrl || 'None (competitors only)'} />
            <Group gap={6}>
              <Text size="sm" c="dimmed" w={140}>
                Keywords
              </Text>
              {form.seoKeywords.map((k) => (
                <Badge key={k} variant="light">
                  {k}
                </Badge>
              ))}
            </Group>
            <Summary label="Competitors" value={form.competitors.length ? form.competitors.join(', ') : 'None'} />
            <Summary
              label="Articles"
              value={`${form.wordsPerArticle} words, ${form.articleFormat === 'html' ? 'HTML' : 'Markdown'}, one every ${form.publishSchedule} day${Number(form.publishSchedule) === 1 ? '' : 's'}`}
            />
          </Stack>
        </Stepper.Completed>
      </Stepper>

      <Group justify="space-between" mt="xl">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => goTo(active - 1)} disabled={active === 0}>
          Back
        </Button>
        <Group gap="sm">
          {existing && !last ? (
            <GuardedButton
              action="saveSeoProject"
              variant="light"
              onAction={() => void submit()}
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save changes
            </GuardedButton>
          ) : null}
          {last ? (
            <GuardedButton
              action="saveSeoProject"
              onAction={() => void submit()}
              loading={save.isPending}
              leftSection={<IconCheck size={16} aria-hidden />}
            >
              {existing ? 'Save setup' : 'Create SEO project'}
            </GuardedButton>
          ) : (
            <Button onClick={() => goTo(active + 1)} rightSection={<IconArrowRight size={16} aria-hidden />}>
              {active === STEPS.length - 1 ? 'Review' : 'Next'}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
