import { WORKFLOW_INPUT_KEYS, type WorkflowInputKey, type WorkflowOutputType } from '@atelier/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileButton,
  Group,
  Input,
  JsonInput,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconEdit, IconFileUpload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorFields, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { QueryError, SectionCard } from './AdminUi';
import { type AdminOutputs, formatCredits, formatInt, TYPE_LABELS } from './format';
import {
  guessMapping,
  guessOutputNode,
  guessOutputType,
  INPUT_LABELS,
  inputOptions,
  type Mapping,
  mappingErrors,
  nodeOptions,
  parseWorkflow,
  slugFromName,
} from './workflowForm';

type Workflow = AdminOutputs['workflows']['workflows'][number];

interface Draft {
  json: string;
  name: string;
  slug: string;
  slugTouched: boolean;
  description: string;
  outputType: WorkflowOutputType;
  inputs: Mapping;
  outputNode: string | null;
  framesPerSecond: number | null;
  priceCredits: number | string;
  enabled: boolean;
}

const EMPTY: Draft = {
  json: '',
  name: '',
  slug: '',
  slugTouched: false,
  description: '',
  outputType: 'image',
  inputs: {},
  outputNode: null,
  framesPerSecond: null,
  priceCredits: 1,
  enabled: true,
};

function draftOf(w: Workflow): Draft {
  return {
    json: JSON.stringify(w.workflow, null, 2),
    name: w.name,
    slug: w.slug,
    slugTouched: true,
    description: w.description,
    outputType: w.outputType,
    inputs: w.inputs as Mapping,
    outputNode: w.outputNode,
    framesPerSecond: w.framesPerSecond,
    priceCredits: w.priceCredits,
    enabled: w.enabled,
  };
}

function useInvalidate() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.workflows.invalidate();
    void utils.admin.aiControl.invalidate();
    void utils.admin.modelPricing.invalidate();
    void utils.generation.models.invalidate();
  };
}

/** Upload or edit a workflow: the JSON, its name and slug, the mapping (guessed, then checked as the server checks it), the output, the price. */
function WorkflowEditor({ editing, opened, onClose }: { editing: Workflow | null; opened: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : EMPTY));
  const [fileError, setFileError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const parsed = useMemo(() => parseWorkflow(draft.json), [draft.json]);
  const graph = parsed.graph;
  const errors = useMemo(
    () => mappingErrors(graph, draft.inputs, draft.outputNode, draft.outputType),
    [graph, draft.inputs, draft.outputNode, draft.outputType],
  );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const done = (verb: string) => (res: { workflow: Workflow }) => {
    invalidate();
    notifications.show({ color: 'teal', title: `Workflow ${verb}`, message: `${res.workflow.name} is the model ${res.workflow.modelId}.` });
    onClose();
  };
  const create = trpc.admin.createWorkflow.useMutation({ onSuccess: done('saved') });
  const update = trpc.admin.updateWorkflow.useMutation({ onSuccess: done('updated') });
  const save = editing ? update : create;
  const serverErrors = Object.fromEntries(errorFields(save.error).map((f) => [f.path, f.message]));
  const fieldError = (path: string) => errors[path] ?? serverErrors[path];

  /** A new workflow JSON: the mapping, output type and node are guessed from its nodes (the admin checks them). */
  const loadJson = (json: string) => {
    const next = parseWorkflow(json);
    setDraft((d) => {
      if (!next.graph || editing) return { ...d, json };
      const outputType = guessOutputType(next.graph);
      return { ...d, json, outputType, inputs: guessMapping(next.graph, outputType), outputNode: guessOutputNode(next.graph, outputType) };
    });
  };
  const pick = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > 1024 * 1024) return setFileError('The file is larger than 1 MB');
    const text = await file.text();
    loadJson(text);
    if (!draft.name) {
      const name = file.name
        .replace(/\.json$/i, '')
        .replace(/[-_]+/g, ' ')
        .trim();
      setDraft((d) => ({ ...d, name, slug: d.slugTouched ? d.slug : slugFromName(name) }));
    }
  };

  const price = Number(draft.priceCredits);
  const priceError = draft.priceCredits === '' || !Number.isFinite(price) || price < 0 ? 'A price of 0 credits or more' : fieldError('priceCredits');
  const canSave =
    graph !== null && Object.keys(errors).length === 0 && draft.name.trim() !== '' && draft.slug !== '' && !priceError && !save.isPending;

  const submit = () => {
    if (!graph || !draft.outputNode) return;
    const inputs = Object.fromEntries(Object.entries(draft.inputs).filter(([, v]) => v)) as { prompt: string } & Mapping;
    const common = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      outputType: draft.outputType,
      workflow: graph as Record<string, unknown>,
      inputs,
      outputNode: draft.outputNode,
      priceCredits: price,
      framesPerSecond: draft.inputs.frames && draft.outputType === 'video' ? draft.framesPerSecond : null,
      enabled: draft.enabled,
    };
    if (editing) update.mutate({ id: editing.id, ...common });
    else create.mutate({ ...common, slug: draft.slug });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={editing ? `Edit ${editing.name}` : 'Upload a ComfyUI workflow'}
      data-testid="workflow-editor"
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-end">
            <Input.Label required>Workflow (API format)</Input.Label>
            <FileButton onChange={(f) => void pick(f)} accept="application/json,.json">
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconFileUpload size={14} aria-hidden />} data-testid="workflow-file">
                  Choose a .json file
                </Button>
              )}
            </FileButton>
          </Group>
          <JsonInput
            aria-label="Workflow JSON"
            placeholder='In ComfyUI: Workflow → Export (API). Paste it here or choose the file: { "3": { "class_type": "KSampler", "inputs": { … } }, … }'
            autosize
            minRows={4}
            maxRows={10}
            value={draft.json}
            onChange={loadJson}
            error={fileError ?? parsed.error ?? fieldError('workflow')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            data-testid="workflow-json"
          />
          {graph ? (
            <Text size="xs" c="dimmed" data-testid="workflow-summary">
              {Object.keys(graph).length} nodes: {[...new Set(Object.values(graph).map((n) => n.class_type))].join(', ')}
            </Text>
          ) : null}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            description="What users see in the model picker"
            required
            value={draft.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name, slug: d.slugTouched ? d.slug : slugFromName(name) }));
            }}
            error={fieldError('name')}
            data-testid="workflow-name"
          />
          <TextInput
            label="Slug"
            description={`The model id: comfyui/${draft.slug || '<slug>'}`}
            required
            disabled={Boolean(editing)}
            value={draft.slug}
            onChange={(e) => {
              const slug = e.currentTarget.value;
              setDraft((d) => ({ ...d, slug, slugTouched: true }));
            }}
            error={
              fieldError('slug') ??
              (draft.slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(draft.slug) ? 'Lowercase letters, digits and single dashes' : undefined)
            }
            data-testid="workflow-slug"
          />
        </SimpleGrid>

        <Group gap="md" align="flex-end" wrap="wrap">
          <Input.Wrapper label="Makes">
            <SegmentedControl
              aria-label="Output type"
              value={draft.outputType}
              onChange={(v) => {
                const outputType = v as WorkflowOutputType;
                setDraft((d) => ({ ...d, outputType, outputNode: graph ? (guessOutputNode(graph, outputType) ?? d.outputNode) : d.outputNode }));
              }}
              data={[
                { value: 'image', label: 'Image' },
                { value: 'video', label: 'Video' },
                { value: 'audio', label: 'Audio' },
              ]}
              display="flex"
            />
          </Input.Wrapper>
          <Select
            label="Output node"
            description="The node that saves the result"
            placeholder={graph ? 'Choose a node' : 'Load the workflow first'}
            data={graph ? nodeOptions(graph) : []}
            value={draft.outputNode}
            onChange={(v) => set('outputNode', v)}
            error={fieldError('outputNode')}
            searchable
            style={{ flex: 1, minWidth: 220 }}
            data-testid="workflow-output-node"
          />
        </Group>

        <Stack gap={6}>
          <Text fw={600} size="sm">
            Inputs
          </Text>
          <Text size="xs" c="dimmed">
            Which node input each value goes into (<Code>nodeId.input</Code>). Guessed from the nodes when you load the workflow: check them. Unmapped
            inputs keep what the workflow stores.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {WORKFLOW_INPUT_KEYS.filter((k) => k !== 'frames' || draft.outputType !== 'image').map((key: WorkflowInputKey) => (
              <Select
                key={key}
                label={INPUT_LABELS[key].label}
                description={INPUT_LABELS[key].hint}
                required={key === 'prompt'}
                placeholder={graph ? 'Not mapped' : 'Load the workflow first'}
                data={graph ? inputOptions(graph, key) : []}
                value={draft.inputs[key] ?? null}
                onChange={(v) => setDraft((d) => ({ ...d, inputs: { ...d.inputs, [key]: v ?? undefined } }))}
                clearable={key !== 'prompt'}
                searchable
                error={fieldError(`inputs.${key}`)}
                data-testid={`workflow-input-${key}`}
              />
            ))}
          </SimpleGrid>
          {draft.outputType === 'video' && draft.inputs.frames ? (
            <NumberInput
              label="Frames per second"
              description="Frames = the length asked for × this. Empty: the input takes seconds."
              min={1}
              max={240}
              value={draft.framesPerSecond ?? ''}
              onChange={(v) => set('framesPerSecond', typeof v === 'number' ? v : null)}
              error={fieldError('framesPerSecond')}
              maw={260}
            />
          ) : null}
        </Stack>

        <Group gap="md" align="flex-end">
          <NumberInput
            label="Price"
            description="Credits per generation"
            min={0}
            max={10_000}
            decimalScale={2}
            value={draft.priceCredits}
            onChange={(v) => set('priceCredits', v)}
            error={priceError}
            maw={180}
            data-testid="workflow-price"
          />
          <Switch label="Offered to users" checked={draft.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} mb={8} />
        </Group>
        <TextInput
          label="Description"
          description="What users read in the model picker (empty: one is written from the nodes)"
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={300}
        />

        {save.error && !errorFields(save.error).length ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />}>
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!canSave} loading={save.isPending} data-testid="workflow-save">
            {editing ? 'Save changes' : 'Save workflow'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Admin → AI Control → Workflows: ComfyUI workflows served as models `comfyui/<slug>` (shown when COMFYUI_URL is set or workflows exist). */
export function WorkflowsSection() {
  const list = trpc.admin.workflows.useQuery();
  const invalidate = useInvalidate();
  const [editor, setEditor] = useState<{ key: number; workflow: Workflow | null } | null>(null);
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const toggle = trpc.admin.updateWorkflow.useMutation({
    onSuccess: invalidate,
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) }),
  });
  const remove = trpc.admin.deleteWorkflow.useMutation({
    onSuccess: () => {
      invalidate();
      notifications.show({ color: 'gray', message: `${deleting?.name ?? 'The workflow'} was deleted; its generations stay in history.` });
      setDeleting(null);
    },
  });
  const data = list.data;
  if (list.isError && !data) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load the workflows" />;
  if (data && !data.configured && !data.workflows.length) return null;

  return (
    <SectionCard
      title="Workflows"
      description={
        data?.configured
          ? `ComfyUI workflows on your GPU ${data.boxes === 1 ? 'box' : `boxes (${data.boxes}; each job goes to the shortest queue)`}. Each one is a model comfyui/<slug>, priced and switched like any other.`
          : 'COMFYUI_URL is not set: these workflows cannot run until it is.'
      }
      actions={
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditor({ key: Date.now(), workflow: null })}
          data-testid="workflow-upload"
        >
          Upload workflow
        </Button>
      }
      testId="workflows"
    >
      {!data ? (
        <Skeleton height={120} />
      ) : !data.workflows.length ? (
        <Stack align="center" gap={6} py="lg" data-testid="workflows-empty">
          <Text size="sm" fw={600}>
            No workflows yet
          </Text>
          <Text size="sm" c="dimmed" ta="center" maw={520}>
            In ComfyUI, export a workflow with Workflow → Export (API) and upload it here. The README's “Your own GPU” section has a ready SDXL
            text-to-image workflow.
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" aria-label="Workflows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Workflow</Table.Th>
                <Table.Th>Makes</Table.Th>
                <Table.Th>Inputs</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Runs</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">On</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.workflows.map((w) => (
                <Table.Tr key={w.id} data-testid="workflow-row" data-model={w.modelId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {w.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {w.modelId} · revision {w.revision}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{TYPE_LABELS[w.outputType]}</Text>
                  </Table.Td>
                  <Table.Td maw={280}>
                    <Group gap={4}>
                      {WORKFLOW_INPUT_KEYS.flatMap((key) => (w.inputs[key] ? [[key, w.inputs[key]] as const] : [])).map(([key, ref]) => (
                        <Tooltip key={key} label={ref}>
                          <Badge size="xs" variant="light" color="gray" style={{ textTransform: 'none' }}>
                            {INPUT_LABELS[key].label}
                          </Badge>
                        </Tooltip>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace">
                      {formatCredits(w.priceCredits)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(w.runs)}</Table.Td>
                  <Table.Td maw={220}>
                    {w.available ? (
                      <Badge size="sm" variant="dot" color="teal">
                        available
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {w.unavailableReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group justify="flex-end" gap={6} wrap="nowrap">
                      {toggle.isPending && toggle.variables?.id === w.id ? <Loader size={14} /> : null}
                      <Switch
                        checked={w.enabled}
                        onChange={(e) => toggle.mutate({ id: w.id, enabled: e.currentTarget.checked })}
                        aria-label={`${w.enabled ? 'Switch off' : 'Switch on'} ${w.name}`}
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        leftSection={<IconEdit size={12} aria-hidden />}
                        onClick={() => setEditor({ key: Date.now(), workflow: w })}
                        aria-label={`Edit ${w.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={12} aria-hidden />}
                        onClick={() => setDeleting(w)}
                        aria-label={`Delete ${w.name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editor ? <WorkflowEditor key={editor.key} editing={editor.workflow} opened onClose={() => setEditor(null)} /> : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this workflow?" size="sm">
        <Stack gap="md">
          <Text size="sm">
            {deleting?.name} ({deleting?.modelId}) leaves the catalogue. What it made stays in people’s history; generations still waiting fail and
            are refunded.
          </Text>
          {remove.error ? (
            <Text size="sm" c="red">
              {errorMessage(remove.error)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
