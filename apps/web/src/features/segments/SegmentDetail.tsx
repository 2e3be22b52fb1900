import type { AppRouter } from '@atelier/api/router';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconSparkles, IconStack2, IconTrash } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useRef, useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ViewOnly } from '../collaboration/viewOnly';
import { absoluteTime, relativeTime } from '../projects/projectTypes';
import { GenerationWatcher, isTerminal } from '../video-editor/GenerationWatcher';
import type { Segment } from './SegmentList';

type Version = inferRouterOutputs<AppRouter>['projects']['versions']['versions'][number];
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

interface SegmentDetailProps {
  projectId: string;
  segment: Segment;
  /** Width / height of the project's images. */
  ratio: number;
  isGuest: boolean;
  onDeleted: () => void;
}

function VersionCard({
  version,
  index,
  type,
  ratio,
  onSelect,
  onDelete,
  selecting,
  deleting,
}: {
  version: Version;
  index: number;
  type: Segment['type'];
  ratio: number;
  onSelect: () => void;
  onDelete: () => void;
  selecting: boolean;
  deleting: boolean;
}) {
  const generating = version.status === 'GENERATING';
  return (
    <Card
      padding={0}
      data-testid="version-card"
      data-version-id={version.id}
      data-selected={version.isSelected ? 'true' : 'false'}
      style={{ outline: version.isSelected ? '2px solid var(--mantine-primary-color-filled)' : undefined, outlineOffset: 1 }}
    >
      <Card.Section>
        {type === 'IMAGE' ? (
          <AspectRatio ratio={ratio}>
            {version.status === 'READY' && version.outputUrl ? (
              <Image src={version.outputUrl} alt={`Version ${index}`} fit="cover" />
            ) : (
              <Center bg="var(--mantine-color-default-hover)">
                {generating ? <Loader size="sm" /> : <IconAlertTriangle size={22} color="var(--mantine-color-red-6)" />}
              </Center>
            )}
          </AspectRatio>
        ) : (
          <ScrollArea h={170} px="md" pt="sm" bg="var(--mantine-color-default-hover)">
            {version.status === 'READY' ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} pb="sm">
                {version.content}
              </Text>
            ) : (
              <Center h={150}>{generating ? <Loader size="sm" /> : <IconAlertTriangle size={22} color="var(--mantine-color-red-6)" />}</Center>
            )}
          </ScrollArea>
        )}
      </Card.Section>
      <Stack gap={6} p="sm">
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              v{index}
            </Text>
            {version.isSelected ? (
              <Badge size="xs" leftSection={<IconCheck size={10} />}>
                Selected
              </Badge>
            ) : null}
            {generating ? (
              <Badge size="xs" variant="light" color="grape">
                {version.progress}%
              </Badge>
            ) : version.status === 'FAILED' ? (
              <Badge size="xs" variant="light" color="red">
                Failed
              </Badge>
            ) : null}
          </Group>
          <Tooltip label={absoluteTime(version.createdAt)}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {relativeTime(version.createdAt)}
            </Text>
          </Tooltip>
        </Group>
        {generating ? <Progress value={Math.max(version.progress, 3)} size="xs" animated striped aria-label={`Version ${index} progress`} /> : null}
        {version.status === 'FAILED' && version.error ? (
          <Text size="xs" c="red" lineClamp={2}>
            {version.error}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" truncate>
          {version.model ?? ''}
        </Text>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Button
            size="compact-xs"
            variant={version.isSelected ? 'light' : 'default'}
            disabled={version.isSelected || version.status !== 'READY'}
            loading={selecting}
            onClick={onSelect}
          >
            {version.isSelected ? 'In use' : 'Use this version'}
          </Button>
          <Tooltip label={version.isSelected ? 'Choose another version before deleting this one' : 'Delete version'}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete version ${index}`}
              disabled={version.isSelected || generating}
              loading={deleting}
              onClick={onDelete}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}

/** One segment: name, prompt, versions (generate at the model's price, pick one, delete the others). */
export function SegmentDetail({ projectId, segment, ratio, isGuest, onDeleted }: SegmentDetailProps) {
  const guard = useRequireLogin();
  const utils = trpc.useUtils();
  const [name, setName] = useState(segment.name);
  const [prompt, setPrompt] = useState(segment.prompt);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const savedPrompt = useRef(segment.prompt);
  const output = segment.type === 'IMAGE' ? 'image' : 'text';
  const models = trpc.generation.modelsByOutput.useQuery({ output });
  const [modelId, setModelId] = useState<string | null>(null);
  const versions = trpc.projects.versions.useQuery({ id: segment.id });
  const update = trpc.projects.updateSegment.useMutation();
  const generate = trpc.projects.generateVersion.useMutation();
  const select = trpc.projects.selectVersion.useMutation();
  const removeVersion = trpc.projects.deleteVersion.useMutation();
  const removeSegment = trpc.projects.deleteSegment.useMutation();

  useEffect(() => {
    if (modelId || !models.data?.models.length) return;
    const list = models.data.models;
    const pick = list.find((m) => m.available && m.isDefault) ?? list.find((m) => m.available) ?? list[0];
    if (pick) setModelId(pick.id);
  }, [models.data, modelId]);
  const model = models.data?.models.find((m) => m.id === modelId) ?? null;

  const refresh = () => {
    void utils.projects.versions.invalidate({ id: segment.id });
    void utils.projects.byId.invalidate({ id: projectId });
    void utils.projects.list.invalidate();
  };

  const savePrompt = async (value: string) => {
    if (value === savedPrompt.current) return;
    await update.mutateAsync({ id: projectId, segmentId: segment.id, prompt: value });
    savedPrompt.current = value;
    void utils.projects.byId.invalidate({ id: projectId });
  };
  const debouncedSave = useDebouncedCallback(
    (value: string) => {
      savePrompt(value).catch((error: unknown) => notifications.show({ color: 'red', title: 'Prompt not saved', message: errorMessage(error) }));
    },
    { delay: 800, flushOnUnmount: true },
  );

  const rename = () => {
    const next = name.trim();
    if (!next || next === segment.name) {
      setName(segment.name);
      return;
    }
    guard('editSegmentName', () => {
      update
        .mutateAsync({ id: projectId, segmentId: segment.id, name: next })
        .then(() => void utils.projects.byId.invalidate({ id: projectId }))
        .catch((error: unknown) => {
          setName(segment.name);
          notifications.show({ color: 'red', title: 'Could not rename the segment', message: errorMessage(error) });
        });
    });
  };

  const runGenerate = () =>
    guard('generateSegmentVersion', async () => {
      if (!model) return;
      try {
        await savePrompt(prompt);
        await generate.mutateAsync({ id: segment.id, model: model.id, idempotencyKey: crypto.randomUUID() });
        track('generation_triggered', { type: output, model: model.id, credits: model.credits, source: 'segment' });
        refresh();
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not generate a version', message: errorMessage(error) });
      }
    });

  const choose = (version: Version) =>
    guard('editSegmentVersion', () => {
      select
        .mutateAsync({ id: segment.id, versionId: version.id })
        .then(refresh)
        .catch((error: unknown) => notifications.show({ color: 'red', title: 'Could not select the version', message: errorMessage(error) }));
    });

  const dropVersion = (version: Version) =>
    guard('deleteSegmentVersion', () => {
      removeVersion
        .mutateAsync({ id: segment.id, versionId: version.id })
        .then(refresh)
        .catch((error: unknown) => notifications.show({ color: 'red', title: 'Could not delete the version', message: errorMessage(error) }));
    });

  const deleteSegment = async () => {
    try {
      await removeSegment.mutateAsync({ id: projectId, segmentId: segment.id });
      setConfirmDelete(false);
      await utils.projects.byId.invalidate({ id: projectId });
      void utils.projects.list.invalidate();
      onDeleted();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not delete the segment', message: errorMessage(error) });
    }
  };

  const list = versions.data?.versions ?? [];
  const watching = list.filter((v) => v.status === 'GENERATING' && v.generationId);

  return (
    <Card padding="lg" data-testid="segment-detail" data-segment-id={segment.id}>
      {watching.map((v) => (
        <GenerationWatcher key={v.id} generationId={v.generationId as string} onUpdate={(g) => isTerminal(g.status) && refresh()} />
      ))}
      <Stack gap="md">
        <ViewOnly>
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
              <TextInput
                label="Segment name"
                value={name}
                style={{ flex: 1 }}
                readOnly={isGuest}
                onClick={isGuest ? () => guard('editSegmentName', () => undefined) : undefined}
                onChange={(e) => setName(e.currentTarget.value)}
                onBlur={rename}
                onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                maxLength={200}
              />
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => guard('deleteSegment', () => setConfirmDelete(true))}
              >
                Delete
              </Button>
            </Group>
            <Textarea
              label="Prompt"
              description={segment.type === 'IMAGE' ? 'What this image shows.' : 'What this text should say.'}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={4000}
              value={prompt}
              readOnly={isGuest}
              onClick={isGuest ? () => guard('editSegmentPrompt', () => undefined) : undefined}
              onChange={(e) => {
                setPrompt(e.currentTarget.value);
                debouncedSave(e.currentTarget.value);
              }}
              onBlur={() => debouncedSave.flush()}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={segment.type === 'IMAGE' ? 'Image model' : 'Text model'}
                data={(models.data?.models ?? []).map((m) => ({ value: m.id, label: `${m.name} · ${credits(m.credits)}`, disabled: !m.available }))}
                value={modelId}
                onChange={(v) => v && setModelId(v)}
                allowDeselect={false}
                placeholder={models.isError ? 'Models could not be loaded' : 'Loading models…'}
                w={{ base: '100%', sm: 300 }}
              />
              <Button
                leftSection={<IconSparkles size={16} aria-hidden />}
                onClick={() => void runGenerate()}
                loading={generate.isPending}
                disabled={!model?.available || !prompt.trim()}
                data-testid="generate-version"
              >
                Generate version{model ? ` · ${credits(model.credits)}` : ''}
              </Button>
            </Group>
          </Stack>
        </ViewOnly>

        <Group justify="space-between" mt="xs">
          <Text fw={650} size="sm">
            Versions{' '}
            <Text span c="dimmed" fw={400} size="sm">
              {list.length}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            The selected version is the one exported.
          </Text>
        </Group>
        {versions.isPending ? (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
            <Skeleton h={200} />
            <Skeleton h={200} />
          </SimpleGrid>
        ) : versions.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Could not load the versions">
            <Group gap="sm">
              <Text size="sm">{errorMessage(versions.error)}</Text>
              <Button size="compact-xs" variant="light" color="red" onClick={() => void versions.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : list.length === 0 ? (
          <ScreenEmptyState
            icon={<IconStack2 size={24} stroke={1.6} />}
            title="No versions yet"
            description="Describe the segment and generate a version. Generate several and pick the one you like."
          />
        ) : (
          <ViewOnly>
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
              {list.map((version, i) => (
                <VersionCard
                  key={version.id}
                  version={version}
                  index={list.length - i}
                  type={segment.type}
                  ratio={ratio}
                  onSelect={() => choose(version)}
                  onDelete={() => dropVersion(version)}
                  selecting={select.isPending && select.variables?.versionId === version.id}
                  deleting={removeVersion.isPending && removeVersion.variables?.versionId === version.id}
                />
              ))}
            </SimpleGrid>
          </ViewOnly>
        )}
      </Stack>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={<Text fw={650}>Delete segment?</Text>}>
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {segment.name}
            </Text>{' '}
            and its {segment.versionCount} {segment.versionCount === 1 ? 'version' : 'versions'} will be deleted. Generations stay in your history.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red" loading={removeSegment.isPending} onClick={() => void deleteSegment()}>
              Delete segment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
