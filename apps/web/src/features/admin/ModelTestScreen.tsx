import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  MultiSelect,
  Progress,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFlask, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { QueryError, SectionCard } from './AdminUi';
import { type AdminOutputs, formatCredits, formatDateTime, formatInt, formatUsd, statusBadgeColor, TYPE_LABELS } from './format';

type Test = AdminOutputs['modelTest'];
type Run = Test['runs'][number];

const SWITCHED_OFF = new Set(['Switched off by an administrator', 'Provider switched off by an administrator']);
const isRunning = (r: Run) => r.status === 'PENDING' || r.status === 'PROCESSING';

function RunOutput({ run }: { run: Run }) {
  if (run.status === 'FAILED' || run.status === 'CANCELLED') {
    return (
      <Alert color="red" variant="light" p="sm">
        <Text size="sm">{run.error ?? 'The run failed.'}</Text>
      </Alert>
    );
  }
  if (isRunning(run)) {
    return (
      <Stack gap={6} py="md" data-testid="run-progress">
        <Progress value={Math.max(3, run.progress)} animated={run.status === 'PROCESSING'} aria-label={`${run.modelName} progress`} />
        <Text size="xs" c="dimmed">
          {run.status === 'PENDING' ? 'Waiting for a worker…' : `Generating… ${run.progress}%`}
        </Text>
      </Stack>
    );
  }
  if (run.type === 'text') {
    return (
      <ScrollArea.Autosize mah={260} type="auto">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="run-text">
          {run.outputText}
        </Text>
      </ScrollArea.Autosize>
    );
  }
  if (run.type === 'image' && run.outputUrl) {
    return <Image src={run.outputUrl} alt={`Output of ${run.modelName}`} radius="md" fit="contain" mah={320} data-testid="run-image" />;
  }
  if (run.type === 'video' && run.outputUrl) {
    return (
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: generated clips have no captions */}
        <video
          src={run.outputUrl}
          poster={run.thumbnailUrl ?? undefined}
          controls
          preload="metadata"
          style={{ borderRadius: 8, background: 'black' }}
          data-testid="run-video"
        />
      </AspectRatio>
    );
  }
  if (run.type === 'audio' && run.outputUrl) {
    // biome-ignore lint/a11y/useMediaCaption: generated audio has no captions
    return <audio src={run.outputUrl} controls preload="metadata" style={{ width: '100%' }} data-testid="run-audio" />;
  }
  return (
    <Text size="sm" c="dimmed">
      No output.
    </Text>
  );
}

function RunCard({ run }: { run: Run }) {
  return (
    <Card padding="md" data-testid="run-card" data-model={run.modelId} data-status={run.status}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={650} truncate>
              {run.modelName}
            </Text>
            <Text size="xs" c="dimmed">
              {run.modelId} · {TYPE_LABELS[run.type]}
            </Text>
          </Stack>
          <Badge color={statusBadgeColor(run.status)} variant="light" data-testid="run-status">
            {run.status.toLowerCase()}
          </Badge>
        </Group>
        <div style={{ flex: 1 }}>
          <RunOutput run={run} />
        </div>
        <SimpleGrid cols={3} spacing="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Latency
            </Text>
            <Text size="sm" fw={600} data-testid="run-latency">
              {run.latencyMs === null ? '—' : `${formatInt(run.latencyMs)} ms`}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Provider cost
            </Text>
            <Text size="sm" fw={600}>
              {formatUsd(run.providerCostUsd)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Price (not charged)
            </Text>
            <Text size="sm" fw={600}>
              {formatCredits(run.priceCredits)} {run.priceCredits === 1 ? 'credit' : 'credits'}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function TestResult({ id }: { id: string }) {
  const test = trpc.admin.modelTest.useQuery({ id }, { refetchInterval: (q) => (q.state.data?.runs.some(isRunning) ? 800 : false) });
  if (test.isError && !test.data) return <QueryError error={test.error} onRetry={() => void test.refetch()} />;
  if (!test.data)
    return (
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </SimpleGrid>
    );
  const t = test.data;
  const running = t.runs.filter(isRunning).length;
  return (
    <SectionCard
      title={`“${t.prompt}”`}
      description={`${formatDateTime(t.createdAt)} · ${t.actorEmail ?? 'an admin'} · ${running ? `${running} of ${t.runs.length} still running` : `${t.runs.length} runs done`} · admin tests: not charged, counted as provider cost`}
      testId="test-result"
    >
      <SimpleGrid cols={{ base: 1, md: 2, lg: Math.min(3, Math.max(1, t.runs.length)) }} spacing="md">
        {t.runs.map((r) => (
          <RunCard key={r.generationId} run={r} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function PastTests({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const tests = trpc.admin.modelTests.useQuery({ limit: 10, offset: 0 });
  if (tests.isError) return <QueryError error={tests.error} onRetry={() => void tests.refetch()} />;
  if (!tests.data) return <Skeleton height={120} radius="lg" />;
  if (tests.data.tests.length === 0)
    return (
      <ScreenEmptyState
        icon={<IconFlask size={26} stroke={1.6} />}
        title="No test runs yet"
        description="Run a prompt on a few models above; each comparison is kept here with its outputs, speed and cost."
      />
    );
  return (
    <SectionCard title="Earlier tests" description={`${formatInt(tests.data.total)} in total, newest first`} testId="past-tests">
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label="Earlier tests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Prompt</Table.Th>
              <Table.Th>Models</Table.Th>
              <Table.Th ta="right">Provider cost</Table.Th>
              <Table.Th ta="right">When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tests.data.tests.map((t) => (
              <Table.Tr key={t.id} bg={t.id === currentId ? 'var(--mantine-color-default-hover)' : undefined}>
                <Table.Td maw={360}>
                  <UnstyledButton onClick={() => onOpen(t.id)} aria-label={`Open the test “${t.prompt}”`}>
                    <Text size="sm" fw={600} c="brand" lineClamp={1}>
                      {t.prompt}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {t.runs.map((r) => (
                      <Badge key={r.generationId} size="xs" variant="light" color={statusBadgeColor(r.status)}>
                        {r.modelName}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatUsd(t.runs.reduce((a, r) => a + r.providerCostUsd, 0))}</Table.Td>
                <Table.Td ta="right">
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(t.createdAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}

/** /admin/model-test — one prompt on several models side by side: output, latency, status, cost and price. */
export function ModelTestScreen() {
  const utils = trpc.useUtils();
  const control = trpc.admin.aiControl.useQuery();
  const [currentId, setCurrentId] = useState<string | null>(null);
  // Until a test is run or picked, the most recent one is shown.
  const recent = trpc.admin.modelTests.useQuery({ limit: 10, offset: 0 });
  const shownId = currentId ?? recent.data?.tests[0]?.id ?? null;
  const [startErrors, setStartErrors] = useState<{ modelId: string; message: string }[]>([]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { prompt: '', modelIds: [] as string[] },
    validate: {
      prompt: (v) => (v.trim() ? null : 'Write a prompt'),
      modelIds: (v) => (v.length === 0 ? 'Pick at least one model' : v.length > 6 ? 'Pick at most 6 models' : null),
    },
  });
  const run = trpc.admin.runModelTest.useMutation({
    onSuccess: (t) => {
      setCurrentId(t.id);
      setStartErrors(t.errors);
      utils.admin.modelTest.setData({ id: t.id }, t);
      void utils.admin.modelTests.invalidate();
    },
  });

  const groups = ['image', 'video', 'audio', 'text']
    .map((type) => ({
      group: TYPE_LABELS[type] ?? type,
      items: (control.data?.models ?? [])
        .filter((m) => m.outputType === type)
        .map((m) => {
          const usable = m.available || SWITCHED_OFF.has(m.unavailableReason ?? '');
          return {
            value: m.id,
            label: `${m.name} · ${m.provider}${m.available ? '' : usable ? ' (switched off)' : ' (unavailable)'}`,
            disabled: !usable,
          };
        }),
    }))
    .filter((g) => g.items.length > 0);

  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="Model Test"
          description="Send the same prompt to several models and compare output, speed and cost before offering them. Test runs are not charged to you but count as provider cost."
        />
        <Card padding="lg" data-testid="model-test-form">
          <form onSubmit={form.onSubmit((v) => run.mutate({ prompt: v.prompt.trim(), modelIds: v.modelIds }))}>
            <Stack gap="md">
              <Textarea
                label="Prompt"
                placeholder="A lighthouse on a cliff at dusk, warm light"
                autosize
                minRows={2}
                maxLength={2000}
                data-testid="test-prompt"
                {...form.getInputProps('prompt')}
              />
              {control.isError ? (
                <QueryError error={control.error} onRetry={() => void control.refetch()} title="Could not load the models" />
              ) : (
                <MultiSelect
                  label="Models"
                  description="Up to 6. Models whose provider isn't configured can't run here."
                  placeholder={control.isLoading ? 'Loading models…' : 'Pick models'}
                  data={groups}
                  searchable
                  maxValues={6}
                  hidePickedOptions
                  disabled={control.isLoading}
                  data-testid="test-models"
                  {...form.getInputProps('modelIds')}
                />
              )}
              {run.isError ? (
                <Text size="sm" c="red" role="alert">
                  {errorMessage(run.error)}
                </Text>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={run.isPending} data-testid="run-test">
                  Run test
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        {startErrors.length ? (
          <Alert color="yellow" variant="light" title="Some models did not start">
            {startErrors.map((e) => (
              <Text key={e.modelId} size="sm">
                {e.modelId}: {e.message}
              </Text>
            ))}
          </Alert>
        ) : null}
        {shownId ? <TestResult id={shownId} /> : null}
        <PastTests
          currentId={shownId}
          onOpen={(id) => {
            setStartErrors([]);
            setCurrentId(id);
          }}
        />
      </Stack>
    </>
  );
}
