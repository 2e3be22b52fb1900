import { GENERATION_TYPE_OF, GENERATION_TYPES, type GenerationType } from '@atelier/shared';
import { Alert, Anchor, Box, Button, Card, Grid, Group, SegmentedControl, Skeleton, Stack, Switch, Tabs, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowBackUp, IconCoins, IconMicrophone2, IconMusic, IconSparkles, IconWand } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { GuardedButton } from '../../components/GuardedButton';
import { SavePromptButton } from '../../components/SavePromptButton';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { errorAppCode, errorMessage, isLoginRequiredError } from '../../lib/errors';
import { isRecord } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { type CatalogueModel, formatCredits, formatPrice, type Generation, TYPE_META } from '../history/generation';
import { ModelOptions } from './ModelOptions';
import { ModelPicker } from './ModelPicker';
import {
  buildGenerateInput,
  EMPTY_OPTIONS,
  newIdempotencyKey,
  type OptionValues,
  optionsFromGeneration,
  type QuickCreateSearch,
} from './quickCreate';
import { ResultPanel } from './ResultPanel';

type AudioKind = 'voice' | 'music';

const PROMPT_COPY: Record<GenerationType | 'music', { label: string; placeholder: string }> = {
  image: { label: 'Describe the image', placeholder: 'A ceramic teapot on a linen table, soft morning light, film grain' },
  video: { label: 'Describe the clip', placeholder: 'Slow push-in on a lighthouse at dusk, waves rolling in' },
  text: { label: 'What should it write?', placeholder: 'A product description for a handmade walnut desk lamp' },
  audio: { label: 'Text to speak', placeholder: 'Welcome to Atelier. Let’s make something beautiful today.' },
  music: { label: 'Describe the music', placeholder: 'Warm lo-fi beat with soft piano, rainy evening' },
};

function pickModel(models: CatalogueModel[], wanted: string | undefined): CatalogueModel | undefined {
  return (
    (wanted ? models.find((m) => m.id === wanted) : undefined) ??
    models.find((m) => m.isDefault && m.available) ??
    models.find((m) => m.available) ??
    models[0]
  );
}

/** /quick-create — one prompt, one generation, no project needed. */
export function QuickCreateScreen() {
  const search: QuickCreateSearch = useSearch({ from: '/_main/quick-create' });
  const navigate = useNavigate();
  const { user, isAuthenticated } = useAuth();
  const utils = trpc.useUtils();
  const compact = useMediaQuery('(max-width: 30em)');

  const [type, setType] = useState<GenerationType>(search.type ?? 'image');
  const [audioKind, setAudioKind] = useState<AudioKind>('voice');
  const [prompt, setPrompt] = useState(search.prompt ?? '');
  const [promptBeforeEnhance, setPromptBeforeEnhance] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Partial<Record<GenerationType, string>>>(search.model && search.type ? { [search.type]: search.model } : {});
  const [options, setOptions] = useState<OptionValues>(EMPTY_OPTIONS);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [activeInitial, setActiveInitial] = useState<Generation | null>(null);
  const [remixedFrom, setRemixedFrom] = useState<Generation | null>(null);
  const [applyBrandKit, setApplyBrandKit] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const catalogue = trpc.generation.models.useQuery();
  // Only a signed-in user's own kit can be applied (guests see the switch and get the login popup).
  const brandKit = trpc.brandKit.get.useQuery(undefined, { enabled: isAuthenticated });
  const hasBrandKit = Boolean(brandKit.data?.brandKit);
  const allModels = catalogue.data?.models ?? [];
  const typeModels = useMemo(() => allModels.filter((m) => GENERATION_TYPE_OF[m.type] === type), [allModels, type]);
  const pickerModels = type === 'audio' ? typeModels.filter((m) => (m.category ?? 'voice') === audioKind) : typeModels;
  const model = pickModel(pickerModels, chosen[type]);

  // Prefill from the URL (?type&model&prompt), e.g. the dashboard's quick actions.
  useEffect(() => {
    if (search.type) setType(search.type);
    if (search.prompt) setPrompt(search.prompt);
    if (search.model && search.type) setChosen((c) => ({ ...c, [search.type as GenerationType]: search.model }));
  }, [search.type, search.prompt, search.model]);

  // A chosen audio model decides Voice or Music.
  useEffect(() => {
    const wanted = chosen.audio ? allModels.find((m) => m.id === chosen.audio) : undefined;
    if (wanted?.category === 'voice' || wanted?.category === 'music') setAudioKind(wanted.category);
  }, [chosen.audio, allModels]);

  // ?remix=<id>: the generation's prompt, model and options (a fresh seed: it is a remix, not a re-run).
  const remix = trpc.generation.byId.useQuery(search.remix ? { id: search.remix } : skipToken);
  const appliedRemix = useRef<string | null>(null);
  useEffect(() => {
    const source = remix.data;
    if (!source || appliedRemix.current === source.id) return;
    appliedRemix.current = source.id;
    setType(source.type);
    setPrompt(source.prompt);
    setChosen((c) => ({ ...c, [source.type]: source.model }));
    setOptions({ ...optionsFromGeneration(source), seed: null });
    setRemixedFrom(source);
  }, [remix.data]);

  // One Idempotency-Key per intended generation: kept across a double click or a retry of the same
  // request, replaced once a generation was made or anything about the request changed.
  const idempotencyKey = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: any change of the request means a new intended generation
  useEffect(() => {
    idempotencyKey.current = null;
  }, [type, prompt, model?.id, options, applyBrandKit]);

  const generate = trpc.generation.generate.useMutation({
    onSuccess: (result, input) => {
      idempotencyKey.current = null;
      utils.generation.byId.setData({ id: result.generation.id }, result.generation);
      setActiveInitial(result.generation);
      setActiveId(result.generation.id);
      // On one-column layouts the result is below the form: bring it into view.
      if (window.matchMedia('(max-width: 62em)').matches) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      void utils.generation.history.invalidate();
      void utils.credits.usage.invalidate();
      if (!result.replayed) {
        track('generation_triggered', { type: input.type, model: result.generation.model, credits: result.generation.creditsUsed });
      }
    },
  });

  const enhance = trpc.generation.enhance.useMutation({
    onSuccess: (result) => {
      setPromptBeforeEnhance(prompt);
      setPrompt(result.enhancedPrompt);
    },
  });

  const setOption = <K extends keyof OptionValues>(key: K, value: OptionValues[K]) => setOptions((o) => ({ ...o, [key]: value }));

  const provided: Record<string, boolean> = {
    image: options.image !== null,
    referenceAudio: options.referenceAudio !== null,
    voiceId: Boolean(options.voiceId),
  };
  const missingRequired = model?.requirements.requiredInputs.filter((input) => input !== 'prompt' && provided[input] === false) ?? [];
  const canGenerate = Boolean(model?.available) && prompt.trim() !== '' && missingRequired.length === 0 && !generate.isPending;
  const price = model ? formatPrice(model) : '';
  const generateLabel = model ? `Generate · ${price}` : 'Generate';
  const balance = isAuthenticated && user ? user.credits : null;
  const short = balance !== null && model ? balance < model.credits : false;

  const submit = () => {
    if (!model || !canGenerate) return;
    idempotencyKey.current ??= newIdempotencyKey();
    const input = buildGenerateInput(type, model, prompt, options, idempotencyKey.current);
    generate.mutate(applyBrandKit ? { ...input, applyBrandKit: true } : input);
  };

  const changeType = (value: string | null) => {
    if (!value || !(GENERATION_TYPES as readonly string[]).includes(value)) return;
    setType(value as GenerationType);
    setPromptBeforeEnhance(null);
    generate.reset();
  };

  const copy = PROMPT_COPY[type === 'audio' && audioKind === 'music' ? 'music' : type];
  const TypeIcon = TYPE_META[type].icon;
  const errorCode = generate.error ? errorAppCode(generate.error) : undefined;
  const errorDetails = generate.error && isRecord(generate.error.data) && isRecord(generate.error.data.details) ? generate.error.data.details : null;

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Create"
        title="Quick Create"
        description="Describe what you want and generate an image, a video clip, a voice-over, music or a text in one step."
      />

      {remixedFrom ? (
        <Alert
          color="brand"
          variant="light"
          icon={<IconWand size={18} />}
          title="Remixing a generation"
          withCloseButton
          onClose={() => {
            setRemixedFrom(null);
            void navigate({ to: '/quick-create', search: {}, replace: true });
          }}
          data-testid="remix-banner"
        >
          Prefilled with the prompt, model and options of “{remixedFrom.prompt.slice(0, 80)}”. Change anything, then generate — a new seed is used
          unless you set one.
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Stack gap="md">
              <Tabs value={type} onChange={changeType} variant="pills" radius="md" keepMounted={false}>
                <Tabs.List grow aria-label="Output type">
                  {(['image', 'video', 'text', 'audio'] as const).map((t) => {
                    const TabIcon = TYPE_META[t].icon;
                    return (
                      <Tabs.Tab key={t} value={t} px="xs" leftSection={compact ? null : <TabIcon size={16} aria-hidden />}>
                        {TYPE_META[t].label}
                      </Tabs.Tab>
                    );
                  })}
                </Tabs.List>
              </Tabs>

              {type === 'audio' ? (
                <SegmentedControl
                  fullWidth
                  aria-label="Audio kind"
                  value={audioKind}
                  onChange={(v) => {
                    setAudioKind(v as AudioKind);
                    setChosen((c) => ({ ...c, audio: undefined }));
                  }}
                  data={[
                    {
                      value: 'voice',
                      label: (
                        <Group gap={6} justify="center" wrap="nowrap">
                          <IconMicrophone2 size={14} aria-hidden /> Voice
                        </Group>
                      ),
                    },
                    {
                      value: 'music',
                      label: (
                        <Group gap={6} justify="center" wrap="nowrap">
                          <IconMusic size={14} aria-hidden /> Music
                        </Group>
                      ),
                    },
                  ]}
                />
              ) : null}

              <Stack gap={6}>
                <Textarea
                  label={copy.label}
                  placeholder={copy.placeholder}
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={4000}
                  value={prompt}
                  onChange={(event) => {
                    setPrompt(event.currentTarget.value);
                    setPromptBeforeEnhance(null);
                  }}
                  data-testid="prompt-input"
                />
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {prompt.length.toLocaleString('en-US')} / 4,000
                  </Text>
                  <Group gap="xs">
                    <SavePromptButton prompt={prompt} type={type} size="xs" variant="subtle" data-testid="quick-create-save-prompt" />
                    {promptBeforeEnhance !== null ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="gray"
                        leftSection={<IconArrowBackUp size={14} aria-hidden />}
                        onClick={() => {
                          setPrompt(promptBeforeEnhance);
                          setPromptBeforeEnhance(null);
                        }}
                      >
                        Undo
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconWand size={14} aria-hidden />}
                      loading={enhance.isPending}
                      disabled={prompt.trim() === ''}
                      onClick={() => enhance.mutate({ prompt, type })}
                    >
                      Enhance
                    </Button>
                  </Group>
                </Group>
                {enhance.error && !isLoginRequiredError(enhance.error) ? (
                  <Text size="xs" c="red">
                    {errorMessage(enhance.error)}
                  </Text>
                ) : null}
              </Stack>

              {catalogue.isLoading ? (
                <Stack gap="xs">
                  <Skeleton h={14} w={60} />
                  <Skeleton h={36} />
                </Stack>
              ) : catalogue.error ? (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load the models">
                  <Stack gap="xs" align="flex-start">
                    {errorMessage(catalogue.error)}
                    <Button size="xs" variant="light" color="red" onClick={() => void catalogue.refetch()}>
                      Try again
                    </Button>
                  </Stack>
                </Alert>
              ) : pickerModels.length === 0 ? (
                <Alert color="yellow" title="No model makes this type">
                  No {type} model is installed on this server.
                </Alert>
              ) : (
                <ModelPicker models={pickerModels} value={model?.id ?? null} onChange={(id) => setChosen((c) => ({ ...c, [type]: id }))} />
              )}

              {model ? <ModelOptions model={model} values={options} onChange={setOption} /> : null}

              <Switch
                label="Apply brand kit"
                checked={applyBrandKit}
                onChange={(event) => setApplyBrandKit(event.currentTarget.checked)}
                disabled={isAuthenticated && brandKit.isSuccess && !hasBrandKit}
                description={
                  isAuthenticated && brandKit.isSuccess && !hasBrandKit ? (
                    <>
                      You have no brand kit yet.{' '}
                      <Anchor component={Link} to="/brand-kit" size="xs">
                        Set one up
                      </Anchor>{' '}
                      to add your colours, tone and words to prompts.
                    </>
                  ) : (
                    'Adds your brand’s colours, fonts, tone of voice and words to the prompt.'
                  )
                }
                data-testid="apply-brand-kit"
              />

              {model && !model.available ? (
                <Alert color="gray" title={`${model.name} is not available`}>
                  {model.unavailableReason}
                </Alert>
              ) : null}

              {short && model ? (
                <Alert color="orange" variant="light" icon={<IconCoins size={18} />} title="Not enough credits" data-testid="low-balance-hint">
                  This costs {price} and you have {formatCredits(balance ?? 0)}.{' '}
                  <Anchor component={Link} to="/payments" fw={600}>
                    Buy credits
                  </Anchor>
                </Alert>
              ) : null}

              {generate.error && !isLoginRequiredError(generate.error) ? (
                errorCode === 'INSUFFICIENT_CREDITS' ? (
                  <Alert color="orange" icon={<IconCoins size={18} />} title="Not enough credits" data-testid="insufficient-credits">
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">
                        {typeof errorDetails?.needed === 'number' && typeof errorDetails.available === 'number'
                          ? `This generation costs ${formatCredits(errorDetails.needed)} and your balance is ${formatCredits(errorDetails.available)}.`
                          : errorMessage(generate.error)}{' '}
                        Nothing was charged. Top up to continue — failed generations are always refunded.
                      </Text>
                      <ButtonLink to="/payments" size="xs" color="orange" leftSection={<IconCoins size={14} aria-hidden />}>
                        Buy credits
                      </ButtonLink>
                    </Stack>
                  </Alert>
                ) : (
                  <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not start the generation" data-testid="generate-error">
                    {errorMessage(generate.error)}
                  </Alert>
                )
              ) : null}

              <Group justify="space-between" align="center" gap="sm">
                <Text size="xs" c="dimmed">
                  {balance !== null ? `Balance: ${formatCredits(balance)}` : 'Log in to generate.'}
                  {missingRequired.length ? ` · needs ${missingRequired.join(', ')}` : ''}
                </Text>
                <GuardedButton
                  action="generateQuickCreate"
                  onAction={submit}
                  disabled={isAuthenticated && !canGenerate}
                  loading={generate.isPending}
                  leftSection={<IconSparkles size={16} aria-hidden />}
                  size="md"
                  data-testid="generate-button"
                >
                  {generateLabel}
                </GuardedButton>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }}>
          <Box pos="sticky" top={88} ref={resultRef} style={{ scrollMarginTop: 88 }}>
            <ResultPanel
              key={activeId ?? 'none'}
              generationId={activeId}
              initial={activeInitial}
              emptyIcon={<TypeIcon size={26} stroke={1.6} />}
              onGenerateAgain={submit}
              generateAgainDisabled={!canGenerate}
              generateAgainLabel={model ? `Generate again · ${price}` : 'Generate again'}
            />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
