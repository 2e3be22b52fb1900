import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  ColorSwatch,
  CopyButton,
  DataList,
  Divider,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBan, IconCheck, IconCopy, IconPlayerStop, IconRefresh, IconTrash, IconWand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { GuardedButton } from '../../components/GuardedButton';
import { SavePromptButton } from '../../components/SavePromptButton';
import { track } from '../../lib/analytics';
import { errorMessage, isLoginRequiredError } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ShareButton } from '../share/ShareButton';
import { DownloadButton, GenerationProgress, GenerationResult, GenerationStatusBadge } from './GenerationMedia';
import {
  formatCredits,
  formatDateTime,
  formatDuration,
  formatParamValue,
  formatRelative,
  type Generation,
  isRunning,
  PARAM_LABELS,
  TYPE_META,
} from './generation';
import { useLiveGeneration } from './useLiveGeneration';

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="xs" tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** What the engine reported about its output, the parts people care about. */
function outputFacts(generation: Generation): Array<[string, ReactNode]> {
  const m = generation.metadata;
  const facts: Array<[string, ReactNode]> = [];
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const width = num(m.width);
  const height = num(m.height);
  if (width && height) facts.push(['Dimensions', `${width} × ${height} px`]);
  const seconds = num(m.durationSeconds);
  if (seconds !== null) facts.push(['Length', `${seconds.toFixed(1)} s`]);
  const fps = num(m.fps);
  if (fps) facts.push(['Frame rate', `${fps} fps`]);
  if (str(m.codec)) facts.push(['Codec', str(m.codec)]);
  if (str(m.format)) facts.push(['Format', str(m.format)?.toUpperCase()]);
  if (str(m.voice)) facts.push(['Voice', str(m.voice)]);
  if (str(m.genre)) facts.push(['Genre', str(m.genre)]);
  if (str(m.key)) facts.push(['Key', str(m.key)]);
  if (num(m.bpm)) facts.push(['Tempo', `${num(m.bpm)} BPM`]);
  if (str(m.motion)) facts.push(['Camera motion', str(m.motion)]);
  if (str(m.setting)) facts.push(['Setting', str(m.setting)]);
  const drew = Array.isArray(m.drew) ? m.drew.filter((d): d is string => typeof d === 'string' && d !== '') : [];
  if (drew.length) facts.push(['Drew', drew.join(', ')]);
  if (str(m.artwork)) facts.push(['Artwork', str(m.artwork)]);
  const palette = Array.isArray(m.palette) ? m.palette.filter((c): c is string => typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c)) : [];
  if (palette.length)
    facts.push([
      'Palette',
      <Group gap={4} key="palette">
        {palette.slice(0, 8).map((c) => (
          <ColorSwatch key={c} color={c} size={16} title={c} />
        ))}
      </Group>,
    ]);
  const bytes = num(m.bytes);
  if (bytes)
    facts.push([
      generation.type === 'text' ? 'Characters' : 'File size',
      generation.type === 'text' ? bytes.toLocaleString('en-US') : formatBytes(bytes),
    ]);
  // Your own GPU (issue 25): the ComfyUI workflow and box it ran on, an Ollama model's token counts.
  if (str(m.workflow)) facts.push(['Workflow', `${str(m.workflow)}${num(m.workflowRevision) ? ` (revision ${num(m.workflowRevision)})` : ''}`]);
  if (str(m.box)) facts.push(['GPU box', str(m.box)]);
  if (num(m.samplerSteps)) facts.push(['Sampler steps', String(num(m.samplerSteps))]);
  if (num(m.tokensIn) !== null && num(m.tokensOut) !== null) facts.push(['Tokens', `${num(m.tokensIn)} prompt + ${num(m.tokensOut)} reply`]);
  const meter = m.meter && typeof m.meter === 'object' ? (m.meter as Record<string, unknown>) : null;
  if (meter && num(meter.unitsPer1k) !== null) {
    const charged = num(meter.chargedUnits);
    facts.push([
      'Token price',
      `${formatCredits((num(meter.unitsPer1k) ?? 0) / 100)} per 1K tokens${charged !== null ? ` · these cost ${formatCredits(charged / 100)}` : ''}`,
    ]);
  }
  if (str(m.engine)) facts.push(['Engine', str(m.engine) === 'local' ? 'Local · offline' : str(m.engine)]);
  if (str(m.notice)) facts.push(['Note', str(m.notice)]);
  return facts;
}

/** The API key a generation was started with (the api stores it in metadata.apiKey), if any. */
function apiKeyOf(generation: Generation): { name: string; prefix: string } | null {
  const k = (generation.metadata as Record<string, unknown> | null)?.apiKey as { name?: unknown; prefix?: unknown } | undefined;
  return k && typeof k.name === 'string' && typeof k.prefix === 'string' ? { name: k.name, prefix: k.prefix } : null;
}

interface GenerationReceiptProps {
  id: string;
  initial?: Generation | null;
  /** After a re-run: show the new generation's receipt. */
  onOpen: (id: string) => void;
  onDeleted: () => void;
}

/** The generation's receipt: what was asked, what ran, what it cost and what came out — and what you can do with it. */
export function GenerationReceipt({ id, initial, onOpen, onDeleted }: GenerationReceiptProps) {
  const { generation, error, isLoading } = useLiveGeneration(id, initial);
  const utils = trpc.useUtils();
  const catalogue = trpc.generation.models.useQuery();
  const [confirmOpened, confirm] = useDisclosure(false);

  const rerun = trpc.generation.rerun.useMutation({
    onSuccess: (result) => {
      utils.generation.byId.setData({ id: result.generation.id }, result.generation);
      void utils.generation.history.invalidate();
      if (!result.replayed) {
        track('generation_triggered', { type: result.generation.type, model: result.generation.model, credits: result.generation.creditsUsed });
      }
      notifications.show({
        color: 'brand',
        title: 'Re-running exactly',
        message: `Same model, parameters and seed · ${formatCredits(result.generation.creditsUsed)}`,
      });
      onOpen(result.generation.id);
    },
  });
  const cancel = trpc.generation.cancel.useMutation({
    onSuccess: (result) => {
      utils.generation.byId.setData({ id: result.generation.id }, result.generation);
      void utils.generation.history.invalidate();
    },
  });
  const remove = trpc.generation.delete.useMutation({
    onSuccess: () => {
      confirm.close();
      void utils.generation.history.invalidate();
      utils.generation.byId.setData({ id }, undefined);
      notifications.show({ color: 'gray', title: 'Deleted', message: 'The generation and its file were deleted.' });
      onDeleted();
    },
  });

  if (!generation) {
    if (error) {
      return (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load this generation">
          {errorMessage(error)}
        </Alert>
      );
    }
    return (
      <Stack data-loading={isLoading}>
        <Skeleton h={260} />
        <Skeleton h={18} w="60%" />
        <Skeleton h={120} />
      </Stack>
    );
  }

  const meta = TYPE_META[generation.type];
  const running = isRunning(generation.status);
  const model = catalogue.data?.models.find((m) => m.id === generation.model);
  const params = Object.entries(generation.params).filter(([key]) => key !== 'seed');
  const ms = (a: string | null, b: string | null) => (a && b ? new Date(b).getTime() - new Date(a).getTime() : null);
  const net = generation.creditsUsed - generation.creditsRefunded;
  const actionError = [rerun.error, cancel.error].find((e) => e && !isLoginRequiredError(e));
  const facts = generation.status === 'COMPLETED' ? outputFacts(generation) : [];

  return (
    <Stack gap="lg" data-testid="generation-receipt" data-generation-id={generation.id} data-status={generation.status}>
      {generation.status === 'COMPLETED' ? <GenerationResult generation={generation} maxHeight={380} /> : null}
      {running ? <GenerationProgress generation={generation} /> : null}
      {generation.status === 'FAILED' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The generation failed" data-testid="receipt-error">
          {generation.error ?? 'The engine stopped without a result.'}
        </Alert>
      ) : null}
      {generation.status === 'CANCELLED' ? (
        <Alert color="yellow" icon={<IconBan size={18} />} title="Cancelled">
          {generation.error ?? 'Cancelled before it finished.'}
        </Alert>
      ) : null}

      <Group gap="xs">
        <Badge variant="light" color={meta.color} leftSection={<meta.icon size={12} aria-hidden />}>
          {meta.label}
        </Badge>
        <GenerationStatusBadge generation={generation} />
        <Text size="xs" c="dimmed">
          {formatRelative(generation.createdAt)}
        </Text>
      </Group>

      <Group gap="xs" wrap="wrap">
        {running ? (
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: generation.id })}
          >
            Cancel
          </Button>
        ) : null}
        <GuardedButton
          action="generateRerun"
          onAction={() => rerun.mutate({ id: generation.id })}
          loading={rerun.isPending}
          leftSection={<IconRefresh size={16} aria-hidden />}
        >
          Re-run exactly
        </GuardedButton>
        <ButtonLink to="/quick-create" search={{ remix: generation.id }} variant="light" leftSection={<IconWand size={16} aria-hidden />}>
          Remix
        </ButtonLink>
        <DownloadButton generation={generation} />
        <SavePromptButton prompt={generation.prompt} type={generation.type} variant="light" data-testid="history-save-prompt" />
        {generation.status === 'COMPLETED' ? <ShareButton target={{ generationId: generation.id }} /> : null}
        {!running ? (
          <GuardedButton
            action="deleteGeneration"
            onAction={confirm.open}
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
          >
            Delete
          </GuardedButton>
        ) : null}
      </Group>
      {actionError ? (
        <Text size="sm" c="red">
          {errorMessage(actionError)}
        </Text>
      ) : null}

      <Divider />

      <Section title="Prompt">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-wrap' }} data-testid="receipt-prompt">
            {generation.prompt}
          </Text>
          <Copyable value={generation.prompt} label="prompt" />
        </Group>
        {generation.effectivePrompt && generation.effectivePrompt !== generation.prompt ? (
          <Text size="xs" c="dimmed">
            Sent to the model: {generation.effectivePrompt}
          </Text>
        ) : null}
      </Section>

      <Section title="Model">
        <DataList size="sm" labelWidth={150} gap={6}>
          <Row label="Model">
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {model?.name ?? generation.model}
              </Text>
              <Code>{generation.model}</Code>
            </Group>
          </Row>
          <Row label="Version">{generation.modelVersion ?? '—'}</Row>
          <Row label="Provider">{generation.provider === 'local' ? 'Local · offline' : generation.provider}</Row>
        </DataList>
      </Section>

      <Section title="Parameters">
        <DataList size="sm" labelWidth={150} gap={6} data-testid="receipt-params">
          <Row label="Seed">
            {generation.seed !== null ? (
              <Group gap={4}>
                <Code data-testid="receipt-seed">{generation.seed}</Code>
                <Copyable value={String(generation.seed)} label="seed" />
              </Group>
            ) : (
              'Not used by this model'
            )}
          </Row>
          {params.map(([key, value]) => (
            <Row key={key} label={PARAM_LABELS[key] ?? key}>
              {key === 'image' || key === 'referenceAudio' ? 'One of your generations' : formatParamValue(value)}
            </Row>
          ))}
        </DataList>
      </Section>

      <Section title="Credits">
        <DataList size="sm" labelWidth={150} gap={6}>
          <Row label="Charged">
            <Text size="sm" data-testid="receipt-charged">
              {formatCredits(generation.creditsUsed)}
            </Text>
          </Row>
          <Row label="Refunded">{generation.creditsRefunded > 0 ? formatCredits(generation.creditsRefunded) : '—'}</Row>
          <Row label="Net cost">
            <Text size="sm" fw={650}>
              {formatCredits(net)}
            </Text>
          </Row>
          {apiKeyOf(generation) ? (
            <Row label="Spent with API key">
              <Text size="sm" data-testid="receipt-api-key">
                {apiKeyOf(generation)?.name} <Code>{apiKeyOf(generation)?.prefix}…</Code>
              </Text>
            </Row>
          ) : null}
        </DataList>
      </Section>

      <Section title="Timing">
        <DataList size="sm" labelWidth={150} gap={6}>
          <Row label="Created">{formatDateTime(generation.createdAt)}</Row>
          <Row label="Waited in queue">{formatDuration(ms(generation.createdAt, generation.startedAt))}</Row>
          <Row label="Model latency">{formatDuration(generation.latencyMs)}</Row>
          <Row label="Total duration">{formatDuration(ms(generation.createdAt, generation.completedAt))}</Row>
        </DataList>
      </Section>

      {facts.length ? (
        <Section title="Output">
          <DataList size="sm" labelWidth={150} gap={6}>
            {facts.map(([label, value]) => (
              <Row key={label} label={label}>
                {value}
              </Row>
            ))}
          </DataList>
        </Section>
      ) : null}

      {generation.error && generation.status === 'FAILED' ? (
        <Section title="Error">
          <Code block>{generation.error}</Code>
        </Section>
      ) : null}

      <Group gap={4}>
        <Text size="xs" c="dimmed">
          Generation ID
        </Text>
        <Code fz="xs">{generation.id}</Code>
        <Copyable value={generation.id} label="generation ID" />
      </Group>

      <Modal opened={confirmOpened} onClose={confirm.close} title="Delete this generation?" size="sm">
        <Stack gap="md">
          <Text size="sm">“{generation.prompt.slice(0, 120)}” and its file will be deleted for good. Credits already spent are not refunded.</Text>
          {remove.error ? (
            <Text size="sm" c="red">
              {errorMessage(remove.error)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate({ id: generation.id })}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
