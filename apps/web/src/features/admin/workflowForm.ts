import {
  type ComfyGraph,
  checkWorkflowGraph,
  checkWorkflowMapping,
  type FieldError,
  WORKFLOW_INPUT_KEYS,
  type WorkflowInputKey,
  type WorkflowOutputType,
} from '@atelier/shared';

/**
 * The Workflows form's logic (Admin → AI Control): reading an uploaded ComfyUI workflow, guessing
 * its mapping from stock node classes (the admin checks and corrects it), the pickers' options and
 * the same checks the server makes, so mistakes show before saving.
 */

export type Mapping = Partial<Record<WorkflowInputKey, string>>;

export const INPUT_LABELS: Record<WorkflowInputKey, { label: string; hint: string; kind: 'string' | 'number' }> = {
  prompt: { label: 'Prompt', hint: "The text the user types (a CLIPTextEncode's text)", kind: 'string' },
  negativePrompt: { label: 'Negative prompt', hint: 'What to keep out', kind: 'string' },
  seed: { label: 'Seed', hint: "The sampler's seed: re-runs write the same one", kind: 'number' },
  width: { label: 'Width', hint: 'Set from the aspect ratio and resolution', kind: 'number' },
  height: { label: 'Height', hint: 'Set with the width', kind: 'number' },
  steps: { label: 'Steps', hint: 'Sampler steps the user may choose', kind: 'number' },
  frames: { label: 'Length (frames or seconds)', hint: 'The clip length the user asks for', kind: 'number' },
  image: { label: 'Input image', hint: "A LoadImage's image: the user's picture is uploaded to the box", kind: 'string' },
};

/** Parses the uploaded or pasted text; the error says what is wrong with it. */
export function parseWorkflow(text: string): { graph: ComfyGraph | null; error: string | null } {
  if (!text.trim()) return { graph: null, error: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { graph: null, error: `Not JSON: ${(e as Error).message}` };
  }
  const errors = checkWorkflowGraph(value);
  if (errors.length) return { graph: null, error: errors.map((e) => e.message).join('; ') };
  return { graph: value as ComfyGraph, error: null };
}

const isLink = (v: unknown) => Array.isArray(v) && v.length === 2 && typeof v[1] === 'number';
const linked = (v: unknown): string | null => (isLink(v) ? String((v as unknown[])[0]) : null);
const literal = (graph: ComfyGraph, id: string, input: string, kind: 'string' | 'number') => {
  const v = graph[id]?.inputs[input];
  return v !== undefined && !isLink(v) && typeof v === kind;
};

const OUTPUTS: Record<WorkflowOutputType, RegExp> = {
  image: /^(SaveImage|PreviewImage|Image Save)$/,
  video: /^(SaveVideo|SaveWEBM|SaveAnimatedWEBP|SaveAnimatedPNG|VHS_VideoCombine)$/,
  audio: /^(SaveAudio|SaveAudioMP3|SaveAudioOpus|PreviewAudio)$/,
};

/** The output type the workflow's saving nodes suggest. */
export function guessOutputType(graph: ComfyGraph): WorkflowOutputType {
  const classes = Object.values(graph).map((n) => n.class_type);
  if (classes.some((c) => OUTPUTS.video.test(c))) return 'video';
  if (classes.some((c) => OUTPUTS.audio.test(c))) return 'audio';
  return 'image';
}

/** The node that saves the result, for an output type. */
export function guessOutputNode(graph: ComfyGraph, outputType: WorkflowOutputType): string | null {
  const ids = Object.keys(graph);
  return (
    ids.find((id) => OUTPUTS[outputType].test(graph[id]?.class_type ?? '') && !/^Preview/.test(graph[id]?.class_type ?? '')) ??
    ids.find((id) => OUTPUTS[outputType].test(graph[id]?.class_type ?? '')) ??
    null
  );
}

/**
 * A first mapping from stock ComfyUI graphs: the sampler's positive and negative text encoders,
 * its seed and steps, the empty latent's size and length, the LoadImage's image.
 */
export function guessMapping(graph: ComfyGraph, outputType: WorkflowOutputType): Mapping {
  const ids = Object.keys(graph);
  const out: Mapping = {};
  const sampler = ids.find((id) => {
    const n = graph[id];
    return (
      n && (literal(graph, id, 'seed', 'number') || literal(graph, id, 'noise_seed', 'number')) && ('positive' in n.inputs || 'steps' in n.inputs)
    );
  });
  const textOf = (id: string | null) => (id && literal(graph, id, 'text', 'string') ? `${id}.text` : undefined);
  if (sampler) {
    const s = graph[sampler] as ComfyGraph[string];
    out.prompt = textOf(linked(s.inputs.positive));
    out.negativePrompt = textOf(linked(s.inputs.negative));
    out.seed = literal(graph, sampler, 'seed', 'number') ? `${sampler}.seed` : `${sampler}.noise_seed`;
    if (literal(graph, sampler, 'steps', 'number')) out.steps = `${sampler}.steps`;
  }
  const encoders = ids.filter((id) => /TextEncode/.test(graph[id]?.class_type ?? '') && literal(graph, id, 'text', 'string'));
  if (!out.prompt) out.prompt = textOf(encoders.find((id) => !/negative/i.test(graph[id]?._meta?.title ?? '')) ?? null);
  if (!out.negativePrompt) out.negativePrompt = textOf(encoders.find((id) => /negative/i.test(graph[id]?._meta?.title ?? '')) ?? null);
  if (!out.seed) {
    const noise = ids.find((id) => literal(graph, id, 'noise_seed', 'number') || literal(graph, id, 'seed', 'number'));
    if (noise) out.seed = literal(graph, noise, 'noise_seed', 'number') ? `${noise}.noise_seed` : `${noise}.seed`;
  }
  if (!out.steps) {
    const scheduler = ids.find((id) => literal(graph, id, 'steps', 'number'));
    if (scheduler) out.steps = `${scheduler}.steps`;
  }
  const latent = ids.find(
    (id) => /Latent/.test(graph[id]?.class_type ?? '') && literal(graph, id, 'width', 'number') && literal(graph, id, 'height', 'number'),
  );
  if (latent) {
    out.width = `${latent}.width`;
    out.height = `${latent}.height`;
  }
  if (outputType !== 'image') {
    for (const id of ids) {
      const input = ['length', 'frames', 'video_frames', 'num_frames', 'seconds'].find((i) => literal(graph, id, i, 'number'));
      if (input) {
        out.frames = `${id}.${input}`;
        break;
      }
    }
  }
  const loader = ids.find((id) => graph[id]?.class_type === 'LoadImage' && literal(graph, id, 'image', 'string'));
  if (loader) out.image = `${loader}.image`;
  for (const key of WORKFLOW_INPUT_KEYS) if (out[key] === undefined) delete out[key];
  return out;
}

/** The picker's options for one mapped input: every input of its kind that holds a value, grouped by node. */
export function inputOptions(graph: ComfyGraph, key: WorkflowInputKey): { group: string; items: { value: string; label: string }[] }[] {
  const kind = INPUT_LABELS[key].kind;
  const groups: { group: string; items: { value: string; label: string }[] }[] = [];
  for (const [id, node] of Object.entries(graph)) {
    const items = Object.keys(node.inputs)
      .filter((input) => literal(graph, id, input, kind))
      .map((input) => ({ value: `${id}.${input}`, label: `${input} · #${id}` }));
    if (items.length)
      groups.push({
        group: `#${id} ${node._meta?.title && node._meta.title !== node.class_type ? `${node._meta.title} (${node.class_type})` : node.class_type}`,
        items,
      });
  }
  return groups;
}

export function nodeOptions(graph: ComfyGraph): { value: string; label: string }[] {
  return Object.entries(graph).map(([id, node]) => ({
    value: id,
    label: `#${id} ${node._meta?.title && node._meta.title !== node.class_type ? `${node._meta.title} (${node.class_type})` : node.class_type}`,
  }));
}

/** The server's checks of a mapping, by field path ('inputs.seed', 'outputNode'). */
export function mappingErrors(
  graph: ComfyGraph | null,
  inputs: Mapping,
  outputNode: string | null,
  outputType: WorkflowOutputType,
): Record<string, string> {
  if (!graph) return {};
  const errors: FieldError[] = [];
  if (!inputs.prompt) errors.push({ path: 'inputs.prompt', message: 'Choose the input that takes the prompt' });
  if (!outputNode) errors.push({ path: 'outputNode', message: 'Choose the node that saves the result' });
  errors.push(...checkWorkflowMapping(graph, inputs, outputNode ?? ''));
  if (outputType === 'image' && inputs.frames) errors.push({ path: 'inputs.frames', message: 'An image workflow has no length to map' });
  const out: Record<string, string> = {};
  for (const e of errors) out[e.path] ??= e.message;
  return out;
}

/** 'SDXL on my 4090' → 'sdxl-on-my-4090' */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
