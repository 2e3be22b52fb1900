import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconCircleX,
  IconExternalLink,
  IconHeartbeat,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconReload,
  IconServer,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { placeholders, QueryError, SectionCard } from './AdminUi';
import { type AdminOutputs, formatCredits, formatDateTime, formatInt, TYPE_LABELS } from './format';
import { WorkflowsSection } from './WorkflowsSection';

type Control = AdminOutputs['aiControl'];
type Provider = Control['providers'][number];
type Health = AdminOutputs['providerHealth'];

const HEALTH_COLORS: Record<Health['status'], string> = {
  ok: 'teal',
  failed: 'red',
  configured: 'blue',
  unconfigured: 'gray',
  'not-installed': 'yellow',
  'no-api': 'gray',
};
const HEALTH_LABELS: Record<Health['status'], string> = {
  ok: 'Healthy',
  failed: 'Failing',
  configured: 'Configured',
  unconfigured: 'Not configured',
  'not-installed': 'No adapter',
  'no-api': 'No public API',
};

function useControlMutations() {
  const utils = trpc.useUtils();
  const onSuccess = (data: Control) => {
    utils.admin.aiControl.setData(undefined, data);
    void utils.admin.modelPricing.invalidate();
    void utils.generation.models.invalidate();
  };
  const onError = (e: unknown) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) });
  return {
    provider: trpc.admin.setProviderEnabled.useMutation({ onSuccess, onError }),
    model: trpc.admin.setModelEnabled.useMutation({ onSuccess, onError }),
    defaults: trpc.admin.setDefaultModel.useMutation({
      onSuccess: (data, vars) => {
        onSuccess(data);
        notifications.show({
          color: 'teal',
          message: vars.modelId ? `Default ${vars.outputType} model: ${vars.modelId}` : `The ${vars.outputType} default is automatic again.`,
        });
      },
      onError,
    }),
  };
}

function ProviderCard({ provider, onToggle, toggling }: { provider: Provider; onToggle: (enabled: boolean) => void; toggling: boolean }) {
  const [health, setHealth] = useState<Health | null>(null);
  const check = trpc.admin.providerHealth.useMutation({ onSuccess: setHealth });
  return (
    <Card padding="md" data-testid="provider-card" data-provider={provider.id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={provider.available ? 'teal' : 'gray'} size={36} radius="md">
              <IconServer size={18} aria-hidden />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={650} tt={provider.name === provider.id ? 'capitalize' : undefined} truncate>
                {provider.name}
              </Text>
              <Text size="xs" c="dimmed">
                {provider.enabledModelCount} of {provider.modelCount} models on
              </Text>
            </Stack>
          </Group>
          <Switch
            checked={provider.enabled}
            onChange={(e) => onToggle(e.currentTarget.checked)}
            disabled={toggling}
            aria-label={`${provider.enabled ? 'Switch off' : 'Switch on'} ${provider.name}`}
            data-testid="provider-switch"
          />
        </Group>
        <Group gap={6}>
          {provider.local ? (
            <Badge variant="light" color="brand">
              Local · no key needed
            </Badge>
          ) : provider.configured ? (
            <Badge variant="light" color="teal" leftSection={<IconKey size={11} aria-hidden />}>
              {provider.envVar?.endsWith('_URL') ? 'Server configured' : 'Key configured'}
            </Badge>
          ) : (
            <Badge variant="light" color="gray" leftSection={<IconKey size={11} aria-hidden />}>
              {provider.envVar ? 'Not configured' : 'Unavailable'}
            </Badge>
          )}
          {provider.available ? (
            <Badge variant="dot" color="teal">
              available
            </Badge>
          ) : null}
        </Group>
        {provider.reason ? (
          <Text size="xs" c="dimmed" lh={1.45}>
            {provider.reason}
          </Text>
        ) : null}
        <div style={{ flex: 1 }} />
        <Group justify="space-between" gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHeartbeat size={14} aria-hidden />}
            loading={check.isPending}
            onClick={() => check.mutate({ provider: provider.id })}
            data-testid="health-check"
          >
            Check health
          </Button>
          {health ? (
            <Badge color={HEALTH_COLORS[health.status]} variant="light" data-testid="health-status">
              {HEALTH_LABELS[health.status]}
            </Badge>
          ) : null}
        </Group>
        {check.isError ? (
          <Text size="xs" c="red">
            {errorMessage(check.error)}
          </Text>
        ) : null}
        {health ? (
          <Stack gap={4} data-testid="health-result">
            <Text size="xs" c="dimmed">
              {health.message} · {formatDateTime(health.checkedAt)}
            </Text>
            {health.checks.length ? (
              <List size="xs" spacing={2} center>
                {health.checks.map((c) => (
                  <List.Item
                    key={c.name}
                    icon={
                      c.ok ? (
                        <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" aria-label="passed" />
                      ) : (
                        <IconCircleX size={14} color="var(--mantine-color-red-6)" aria-label="failed" />
                      )
                    }
                  >
                    {c.name} — {c.detail} ({formatInt(c.latencyMs)} ms)
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function Defaults({
  control,
  onChoose,
  busy,
}: {
  control: Control;
  onChoose: (outputType: 'image' | 'video' | 'audio' | 'text', modelId: string | null) => void;
  busy: boolean;
}) {
  return (
    <SectionCard
      title="Default model per output type"
      description="Used when a request names no model. Automatic: the spec's hosted default when its provider is available, else the local engine."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {control.defaults.map((d) => {
          const candidates = control.models.filter((m) => m.outputType === d.outputType && m.available);
          const current = control.models.find((m) => m.id === d.modelId);
          return (
            <Select
              key={d.outputType}
              label={TYPE_LABELS[d.outputType]}
              description={d.chosenByAdmin ? 'Chosen by an admin' : `Automatic${current ? `: ${current.name}` : ''}`}
              data={[{ value: '', label: 'Automatic' }, ...candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.provider})` }))]}
              value={d.chosenByAdmin ? (d.modelId ?? '') : ''}
              onChange={(v) => onChoose(d.outputType, v ? v : null)}
              allowDeselect={false}
              disabled={busy}
              data-testid={`default-${d.outputType}`}
            />
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}

function Models({
  control,
  onToggle,
  pendingId,
}: {
  control: Control;
  onToggle: (modelId: string, enabled: boolean) => void;
  pendingId: string | null;
}) {
  const [type, setType] = useState('all');
  const models = control.models.filter((m) => type === 'all' || m.outputType === type);
  return (
    <SectionCard
      title="Models"
      description="A model switched off can't be used (nobody is charged for it); an admin can still try it on the Model Test screen."
      actions={
        <SegmentedControl
          size="xs"
          aria-label="Filter models by type"
          value={type}
          onChange={setType}
          data={[{ value: 'all', label: 'All' }, ...['image', 'video', 'audio', 'text'].map((t) => ({ value: t, label: TYPE_LABELS[t] ?? t }))]}
        />
      }
      testId="models"
    >
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label="Models">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Model</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">On</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {models.map((m) => (
              <Table.Tr key={m.id} data-testid="model-row" data-model={m.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {m.name}
                    </Text>
                    {m.isDefault ? (
                      <Badge size="xs" color="brand" variant="light" style={{ flexShrink: 0 }}>
                        default
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {m.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{TYPE_LABELS[m.outputType]}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" ff="monospace">
                    {formatCredits(m.credits)}
                    {m.priceBasis === '1k-tokens' ? ' / 1K tokens' : ''}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  {m.available ? (
                    <Badge size="sm" variant="dot" color="teal">
                      available
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed" lineClamp={2} title={m.unavailableReason ?? undefined}>
                      {m.unavailableReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Group justify="flex-end" gap={6} wrap="nowrap">
                    {pendingId === m.id ? <Loader size={14} /> : null}
                    <Switch
                      checked={m.enabled}
                      onChange={(e) => onToggle(m.id, e.currentTarget.checked)}
                      aria-label={`${m.enabled ? 'Switch off' : 'Switch on'} ${m.name}`}
                      data-testid="model-switch"
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}

function QueueControls() {
  const utils = trpc.useUtils();
  const queues = trpc.admin.queues.useQuery(undefined, { refetchInterval: 5000 });
  const action = trpc.admin.queueAction.useMutation({
    onSuccess: (r, vars) => {
      void utils.admin.queues.invalidate();
      notifications.show({
        color: 'teal',
        message:
          vars.action === 'retry-failed'
            ? `${formatInt(r.retried)} failed ${r.retried === 1 ? 'job' : 'jobs'} of ${vars.queue} sent back to the queue.`
            : `The ${vars.queue} queue is ${vars.action === 'pause' ? 'paused' : 'running again'}.`,
      });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'The queue did not accept the command', message: errorMessage(e) }),
  });
  const link = trpc.admin.queueDashboardLink.useMutation({
    onSuccess: ({ url }) => {
      // A one-time link: the dashboard swaps it for a cookie scoped to /admin/queues.
      const opened = window.open(url, '_blank');
      if (!opened) window.location.assign(url);
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
  });
  const busyKey = action.isPending ? `${action.variables?.queue}:${action.variables?.action}` : null;
  return (
    <SectionCard
      title="Queues"
      description="Jobs by state, refreshed every 5 seconds. Pausing stops workers from taking new jobs; running jobs finish."
      actions={
        <Button
          size="xs"
          variant="light"
          rightSection={<IconExternalLink size={14} aria-hidden />}
          loading={link.isPending}
          onClick={() => link.mutate({})}
          data-testid="open-queue-dashboard"
        >
          Queue dashboard
        </Button>
      }
      testId="queue-controls"
    >
      {queues.isError && !queues.data ? (
        <QueryError error={queues.error} onRetry={() => void queues.refetch()} />
      ) : !queues.data ? (
        <Skeleton height={160} />
      ) : !queues.data.available ? (
        <Text size="sm" c="red">
          {queues.data.error}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" aria-label="Queue controls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th ta="right">Waiting</Table.Th>
                <Table.Th ta="right">Active</Table.Th>
                <Table.Th ta="right">Delayed</Table.Th>
                <Table.Th ta="right">Completed</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
                <Table.Th ta="right">Failed 24 h</Table.Th>
                <Table.Th ta="right">Controls</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.data.queues.map((q) => (
                <Table.Tr key={q.name} data-testid="queue-control-row" data-queue={q.name}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} tt="capitalize">
                        {q.name}
                      </Text>
                      <Badge size="xs" variant="light" color={q.paused ? 'yellow' : 'teal'} data-testid="queue-state">
                        {q.paused ? 'paused' : 'running'}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(q.counts.waiting + q.counts.prioritized)}</Table.Td>
                  <Table.Td ta="right">{formatInt(q.counts.active)}</Table.Td>
                  <Table.Td ta="right">{formatInt(q.counts.delayed)}</Table.Td>
                  <Table.Td ta="right">{formatInt(q.counts.completed)}</Table.Td>
                  <Table.Td ta="right">
                    <Text span size="sm" c={q.counts.failed ? 'red' : undefined} fw={q.counts.failed ? 700 : 400}>
                      {formatInt(q.counts.failed)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(q.failedLast24h)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        leftSection={q.paused ? <IconPlayerPlay size={12} aria-hidden /> : <IconPlayerPause size={12} aria-hidden />}
                        loading={busyKey === `${q.name}:${q.paused ? 'resume' : 'pause'}`}
                        onClick={() => action.mutate({ queue: q.name, action: q.paused ? 'resume' : 'pause' })}
                        aria-label={`${q.paused ? 'Resume' : 'Pause'} the ${q.name} queue`}
                      >
                        {q.paused ? 'Resume' : 'Pause'}
                      </Button>
                      <Tooltip label="No failed jobs" disabled={q.counts.failed > 0}>
                        <Button
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconReload size={12} aria-hidden />}
                          disabled={q.counts.failed === 0}
                          loading={busyKey === `${q.name}:retry-failed`}
                          onClick={() => action.mutate({ queue: q.name, action: 'retry-failed' })}
                          aria-label={`Retry the failed jobs of the ${q.name} queue`}
                        >
                          Retry failed
                        </Button>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

/** /admin/ai-control — providers, models, defaults and the job queues. */
export function AiControlScreen() {
  const control = trpc.admin.aiControl.useQuery();
  const m = useControlMutations();
  const c = control.data;
  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="AI Control"
          description="Turn providers and models on or off, choose the defaults for each kind of output, and run ComfyUI workflows and Ollama models on your own GPUs. API keys live in the server configuration and are never shown."
        />
        {control.isError && !c ? (
          <QueryError error={control.error} onRetry={() => void control.refetch()} title="Could not load the providers" />
        ) : !c ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Loading providers">
            {placeholders(6).map((k) => (
              <Skeleton key={k} height={170} radius="lg" />
            ))}
          </SimpleGrid>
        ) : (
          <>
            <SectionCard title="Providers" description="Configured means a key is set on the server; local engines need none." testId="providers">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {c.providers.map((p) => (
                  <ProviderCard
                    key={p.id}
                    provider={p}
                    toggling={m.provider.isPending && m.provider.variables?.provider === p.id}
                    onToggle={(enabled) => m.provider.mutate({ provider: p.id, enabled })}
                  />
                ))}
              </SimpleGrid>
            </SectionCard>
            <Defaults control={c} busy={m.defaults.isPending} onChoose={(outputType, modelId) => m.defaults.mutate({ outputType, modelId })} />
            <Models
              control={c}
              pendingId={m.model.isPending ? (m.model.variables?.modelId ?? null) : null}
              onToggle={(modelId, enabled) => m.model.mutate({ modelId, enabled })}
            />
            <WorkflowsSection />
          </>
        )}
        <QueueControls />
      </Stack>
    </>
  );
}
