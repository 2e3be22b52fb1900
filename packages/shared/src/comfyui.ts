import type { ModelInput, ModelRequirements } from './catalogue';
import type { FieldError } from './errors';

/**
 * ComfyUI workflows as Atelier models (issue 25). An admin uploads a workflow in ComfyUI's API
 * format — `{ "<nodeId>": { "class_type": "KSampler", "inputs": { "seed": 42, … } }, … }` — and
 * says which node inputs take the prompt, the negative prompt, the seed, the size, the steps, the
 * length and the input image (`"<nodeId>.<input>"`), which node saves the result and whether it is
 * an image, a video or audio. These rules check that mapping against the workflow itself and derive
 * the model's requirements (the inputs Quick Create offers). Both the api and the worker use them.
 */

export const WORKFLOW_OUTPUT_TYPES = ['image', 'video', 'audio'] as const;
export type WorkflowOutputType = (typeof WORKFLOW_OUTPUT_TYPES)[number];

/** The inputs a workflow may map, in the order the admin screen shows them. */
export const WORKFLOW_INPUT_KEYS = ['prompt', 'negativePrompt', 'seed', 'width', 'height', 'steps', 'frames', 'image'] as const;
export type WorkflowInputKey = (typeof WORKFLOW_INPUT_KEYS)[number];
export type WorkflowInputs = { prompt: string } & Partial<Record<Exclude<WorkflowInputKey, 'prompt'>, string>>;

export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}
/** A workflow in ComfyUI's API format: node id → node. */
export type ComfyGraph = Record<string, ComfyNode>;

/** Longest clip a workflow may be asked for, by output type (seconds). */
export const WORKFLOW_MAX_SECONDS: Record<Exclude<WorkflowOutputType, 'image'>, number> = { video: 20, audio: 120 };
/** Sampler steps a generation may ask for. */
export const WORKFLOW_MAX_STEPS = 150;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isWorkflowSlug = (s: string) => SLUG.test(s) && s.length <= 60;
export const workflowModelId = (slug: string) => `comfyui/${slug}`;

/** `"6.text"` → `{ node: "6", input: "text" }` (node ids may themselves contain dots in subgraphs: the input is after the last dot). */
export function parseInputRef(ref: string): { node: string; input: string } | null {
  const at = ref.lastIndexOf('.');
  if (at <= 0 || at === ref.length - 1) return null;
  return { node: ref.slice(0, at), input: ref.slice(at + 1) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A link to another node's output: `["4", 0]`. */
const isLink = (v: unknown) =>
  Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && typeof v[1] === 'number';

/**
 * Checks that `workflow` is a workflow in API format. The editor's own format (with `nodes` and
 * `links` arrays) is refused with how to export the right one.
 */
export function checkWorkflowGraph(workflow: unknown, path = 'workflow'): FieldError[] {
  if (!isObject(workflow)) return [{ path, message: 'The workflow must be a JSON object in ComfyUI API format' }];
  if (Array.isArray(workflow.nodes) || Array.isArray(workflow.links)) {
    return [
      {
        path,
        message:
          'This is the ComfyUI editor format, not the API format: in ComfyUI use Workflow → Export (API) (or "Save (API Format)" with dev mode on) and upload that file',
      },
    ];
  }
  const ids = Object.keys(workflow);
  if (!ids.length) return [{ path, message: 'The workflow has no nodes' }];
  if (ids.length > 500) return [{ path, message: 'The workflow has more than 500 nodes' }];
  const errors: FieldError[] = [];
  for (const id of ids) {
    const node: unknown = workflow[id];
    if (!isObject(node) || typeof node.class_type !== 'string' || !node.class_type.trim()) {
      errors.push({ path: `${path}.${id}`, message: `Node ${id} has no class_type: every node of an API-format workflow names its class` });
    } else if (!isObject(node.inputs)) {
      errors.push({ path: `${path}.${id}`, message: `Node ${id} (${node.class_type}) has no inputs object` });
    } else {
      for (const [name, value] of Object.entries(node.inputs as Record<string, unknown>) as [string, unknown][]) {
        if (isLink(value) && !(String((value as unknown[])[0]) in workflow)) {
          errors.push({
            path: `${path}.${id}.inputs.${name}`,
            message: `Node ${id} input "${name}" links to node ${String((value as unknown[])[0])}, which is not in the workflow`,
          });
        }
      }
    }
    if (errors.length >= 10) break;
  }
  return errors;
}

/** What each mapped input must hold in the stored workflow (its current value is the default). */
const EXPECTED: Record<WorkflowInputKey, 'string' | 'number'> = {
  prompt: 'string',
  negativePrompt: 'string',
  seed: 'number',
  width: 'number',
  height: 'number',
  steps: 'number',
  frames: 'number',
  image: 'string',
};

/**
 * Checks the mapping (`inputs`, `outputNode`) against a graph that passed `checkWorkflowGraph`:
 * every `<nodeId>.<input>` names a node of the workflow and one of its inputs that holds a value
 * (not a link to another node) of the right kind; no input is mapped twice; the output node exists.
 * Each error names the field (`inputs.seed`, `outputNode`).
 */
export function checkWorkflowMapping(graph: ComfyGraph, inputs: Record<string, string | undefined>, outputNode: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Map<string, string>();
  for (const key of WORKFLOW_INPUT_KEYS) {
    const ref = inputs[key];
    if (ref === undefined) continue;
    const path = `inputs.${key}`;
    const parsed = parseInputRef(ref);
    if (!parsed) {
      errors.push({ path, message: `${key} must look like "<nodeId>.<input>", e.g. "6.text"` });
      continue;
    }
    const node = graph[parsed.node];
    if (!node) {
      errors.push({ path, message: `${key}: node ${parsed.node} is not in the workflow` });
      continue;
    }
    if (!(parsed.input in node.inputs)) {
      const names = Object.keys(node.inputs).filter((n) => !isLink(node.inputs[n]));
      errors.push({
        path,
        message: `${key}: node ${parsed.node} (${node.class_type}) has no input "${parsed.input}"${names.length ? `; its inputs are ${names.join(', ')}` : ''}`,
      });
      continue;
    }
    const value = node.inputs[parsed.input];
    if (isLink(value)) {
      errors.push({
        path,
        message: `${key}: input "${parsed.input}" of node ${parsed.node} (${node.class_type}) is connected to another node; map an input that holds a value`,
      });
      continue;
    }
    if (typeof value !== EXPECTED[key]) {
      errors.push({ path, message: `${key}: input "${parsed.input}" of node ${parsed.node} holds a ${typeof value}, not a ${EXPECTED[key]}` });
      continue;
    }
    const other = seen.get(ref);
    if (other) errors.push({ path, message: `${key} and ${other} are both mapped to ${ref}` });
    else seen.set(ref, key);
  }
  if (Boolean(inputs.width) !== Boolean(inputs.height)) {
    const missing = inputs.width ? 'height' : 'width';
    errors.push({ path: `inputs.${missing}`, message: `Map ${missing} too: the size is set as width and height together` });
  }
  if (!(outputNode in graph)) errors.push({ path: 'outputNode', message: `Node ${outputNode} is not in the workflow` });
  return errors;
}

/** The model requirements a mapping gives: what Quick Create asks for and the api accepts. */
export function workflowRequirements(inputs: Partial<Record<WorkflowInputKey, string>>, outputType: WorkflowOutputType): ModelRequirements {
  const optional: ModelInput[] = [];
  if (inputs.negativePrompt) optional.push('negativePrompt');
  if (inputs.seed) optional.push('seed');
  if (inputs.steps) optional.push('steps');
  if (inputs.frames && outputType !== 'image') optional.push('duration');
  const requirements: ModelRequirements = { requiredInputs: inputs.image ? ['prompt', 'image'] : ['prompt'], optionalInputs: optional };
  if (inputs.width && inputs.height) {
    requirements.aspectRatios = ['16:9', '9:16', '1:1'];
    requirements.resolutions = ['480p', '720p', '1080p'];
  }
  if (inputs.frames && outputType !== 'image') requirements.maxDurationSeconds = WORKFLOW_MAX_SECONDS[outputType];
  return requirements;
}

/** The workflow's nodes for the admin screen's pickers: id, class, title and the inputs that hold values (not links). */
export function describeGraph(graph: ComfyGraph): { id: string; classType: string; title: string | null; inputs: string[] }[] {
  return Object.entries(graph).map(([id, node]) => ({
    id,
    classType: node.class_type,
    title: node._meta?.title ?? null,
    inputs: Object.keys(node.inputs).filter((n) => !isLink(node.inputs[n])),
  }));
}
