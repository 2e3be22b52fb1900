import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { engineFor } from '@atelier/ai';
import type { ComfyGraph } from '@atelier/shared';
import { parseEnv } from '@atelier/shared/env';
import { afterEach, describe, expect, it } from 'vitest';
import { applyWorkflowInputs, type ComfyWorkflow, outputFiles, validationMessage } from './comfyui';
import { createProviders } from './index';
import { listOllamaModels } from './ollama';
import { type ComfyUISimulator, startComfyUISimulator } from './testing/comfyui';
import { pngOf } from './testing/common';
import { type OllamaSimulator, promptEvalCount, startOllamaSimulator } from './testing/ollama';
import type { EngineInput, EngineOutput } from './types';

/**
 * The self-hosted engines (issue 25) called directly against their simulators over real HTTP and
 * websockets: ComfyUI workflows on a pool of boxes (mapping, progress, outputs, spreading, a box
 * that dies, cancel, deadlines, resuming) and Ollama's streaming chat with its token counts.
 */

const SDXL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/comfyui/sdxl-text-to-image.json'), 'utf8')) as ComfyGraph;

const workflow = (over: Partial<ComfyWorkflow> = {}): ComfyWorkflow => ({
  modelId: 'comfyui/sdxl',
  slug: 'sdxl',
  name: 'SDXL',
  outputType: 'image',
  graph: SDXL,
  inputs: { prompt: '6.text', negativePrompt: '7.text', seed: '3.seed', width: '5.width', height: '5.height', steps: '3.steps' },
  outputNode: '9',
  framesPerSecond: null,
  revision: 3,
  ...over,
});

/** Image-to-image: the input image is uploaded to the box and given to LoadImage. */
const IMG2IMG: ComfyGraph = {
  '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
  '2': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
  '3': { class_type: 'VAEEncode', inputs: { pixels: ['2', 0], vae: ['1', 2] } },
  '4': { class_type: 'CLIPTextEncode', inputs: { text: 'oil painting', clip: ['1', 1] } },
  '5': { class_type: 'KSampler', inputs: { seed: 7, steps: 6, model: ['1', 0], positive: ['4', 0], negative: ['4', 0], latent_image: ['3', 0] } },
  '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
  '7': { class_type: 'SaveImage', inputs: { filename_prefix: 'i2i', images: ['6', 0] } },
};

const sims: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function comfy(count = 1, options: { token?: string; stepMs?: number } = {}) {
  const boxes: ComfyUISimulator[] = [];
  for (let i = 0; i < count; i++) boxes.push(await startComfyUISimulator(options));
  sims.push(...boxes);
  return boxes;
}

function engines(env: Record<string, string>, workflows: ComfyWorkflow[] = [workflow()], limits: Record<string, unknown> = {}) {
  return createProviders(parseEnv({ NODE_ENV: 'test', ...env }), {
    limits: { comfyPollMs: 60, comfyCallTimeoutMs: 2000, comfyTimeoutMs: { image: 20_000, video: 20_000, audio: 20_000 }, ...limits },
    comfyWorkflows: async (id) => workflows.find((w) => w.modelId === id) ?? null,
  }).engines;
}

const stored = new Map<string, Buffer>();
const storage = { read: (key: string) => Readable.from([stored.get(key) ?? Buffer.alloc(0)]) };

async function run(
  all: ReturnType<typeof engines>,
  modelId: string,
  prompt: string,
  params: Record<string, unknown> = {},
  extra: Partial<EngineInput> = {},
): Promise<{ out: EngineOutput; progress: number[]; remembered: string[] }> {
  const engine = engineFor(all, modelId);
  if (!engine) throw new Error(`no engine for ${modelId}`);
  const progress: number[] = [];
  const remembered: string[] = [];
  const out = await engine({
    modelId,
    prompt,
    params,
    seed: typeof params.seed === 'number' ? params.seed : null,
    storage,
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(p),
    providerJob: { previousId: null, remember: async (id) => void remembered.push(id) },
    ...extra,
  });
  return { out, progress, remembered };
}

async function failure(promise: Promise<unknown>): Promise<Error & { kind?: string; retryable?: boolean }> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

const sha = (b: Buffer | undefined) =>
  createHash('sha256')
    .update(b ?? Buffer.alloc(0))
    .digest('hex');
const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('ComfyUI workflows', () => {
  it('writes the generation into the mapped inputs, follows its progress and stores the saved image', async () => {
    const [box] = (await comfy(1, { stepMs: 15 })) as [ComfyUISimulator];
    const all = engines({ COMFYUI_URL: box.url });
    const { out, progress, remembered } = await run(all, 'comfyui/sdxl', 'a red fox in snow', {
      negativePrompt: 'blurry',
      seed: 1234,
      aspectRatio: '16:9',
      resolution: '720p',
      steps: 12,
    });
    const [promptId] = box.accepted;
    const graph = box.graphs.get(promptId as string) as ComfyGraph;
    expect(graph['6']?.inputs.text).toBe('a red fox in snow');
    expect(graph['7']?.inputs.text).toBe('blurry');
    expect(graph['3']?.inputs).toMatchObject({ seed: 1234, steps: 12, cfg: 7 });
    expect(graph['5']?.inputs).toMatchObject({ width: 1280, height: 720 });
    // The stored workflow itself is untouched.
    expect(SDXL['6']?.inputs.text).toMatch(/lighthouse/);
    // Real progress: one value per sampler step came through, rising.
    expect(progress.filter((p) => p > 10 && p < 90).length).toBeGreaterThanOrEqual(6);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(out.file?.mime).toBe('image/png');
    expect(out.thumbnail?.ext).toBe('webp');
    expect(out.metadata).toMatchObject({
      provider: 'comfyui',
      workflow: 'sdxl',
      workflowRevision: 3,
      box: box.url.replace('http://', ''),
      promptId,
      samplerSteps: 12,
      width: 1280,
      height: 720,
    });
    expect(out).toMatchObject({ seed: 1234, modelVersion: 'comfyui/sdxl@r3', providerRequestId: promptId, providerCostUsd: 0 });
    expect(remembered).toEqual([expect.stringMatching(new RegExp(`^${box.url} ${promptId} [0-9a-f-]{36}$`))]);
    // Its history entry is forgotten once the file is ours; the client id was ours, on the websocket.
    expect(box.requests.some((r) => r.path === '/history' && r.json?.delete?.[0] === promptId)).toBe(true);
    const post = box.requests.find((r) => r.path === '/prompt' && r.method === 'POST');
    expect(post?.json?.client_id).toEqual(remembered[0]?.split(' ')[2]);
  });

  it('is exact on a re-run: the same seed gives the same bytes, another seed does not; no seed mapped keeps the stored one', async () => {
    const [box] = (await comfy(1, { stepMs: 2 })) as [ComfyUISimulator];
    const noSeed = workflow({ modelId: 'comfyui/fixed', slug: 'fixed', inputs: { prompt: '6.text' } });
    const all = engines({ COMFYUI_URL: box.url }, [workflow(), noSeed]);
    const a = await run(all, 'comfyui/sdxl', 'a teapot', { seed: 99, steps: 3 });
    const b = await run(all, 'comfyui/sdxl', 'a teapot', { seed: 99, steps: 3 });
    const c = await run(all, 'comfyui/sdxl', 'a teapot', { seed: 100, steps: 3 });
    expect(sha(a.out.file?.data)).toBe(sha(b.out.file?.data));
    expect(sha(a.out.file?.data)).not.toBe(sha(c.out.file?.data));
    const d = await run(all, 'comfyui/fixed', 'a teapot');
    expect(d.out.seed).toBe(42);
    expect(box.graphs.get(box.accepted.at(-1) as string)?.['3']?.inputs.seed).toBe(42);
  });

  it('uploads the input image and gives its name to LoadImage', async () => {
    const [box] = (await comfy(1, { stepMs: 2 })) as [ComfyUISimulator];
    const wf = workflow({ modelId: 'comfyui/i2i', slug: 'i2i', graph: IMG2IMG, inputs: { prompt: '4.text', image: '2.image' }, outputNode: '7' });
    const all = engines({ COMFYUI_URL: box.url }, [wf]);
    const key = 'uploads/u1/photo.png';
    stored.set(key, await pngOf(32, 32, 'photo'));
    const { out } = await run(all, 'comfyui/i2i', 'as an oil painting', { image: key });
    const upload = box.requests.find((r) => r.path === '/upload/image');
    expect(upload?.method).toBe('POST');
    expect(sha(box.uploads.get('atelier-photo.png'))).toBe(sha(stored.get(key)));
    expect(box.graphs.get(box.accepted[0] as string)?.['2']?.inputs.image).toBe('atelier-photo.png');
    expect(out.file?.mime).toBe('image/png');
  });

  it('sends COMFYUI_TOKEN as a bearer header on every call and on the websocket', async () => {
    const [box] = (await comfy(1, { token: 'box-secret', stepMs: 2 })) as [ComfyUISimulator];
    const ok = await run(engines({ COMFYUI_URL: box.url, COMFYUI_TOKEN: 'box-secret' }), 'comfyui/sdxl', 'a boat', { seed: 1, steps: 2 });
    expect(ok.out.file?.mime).toBe('image/png');
    expect(box.requests.every((r) => r.headers.authorization === 'Bearer box-secret')).toBe(true);
    const denied = await failure(run(engines({ COMFYUI_URL: box.url, COMFYUI_TOKEN: 'wrong' }), 'comfyui/sdxl', 'a boat', { seed: 1, steps: 2 }));
    expect(denied.message).not.toContain('wrong');
  });

  it('spreads prompts over the boxes by the length of their queues', async () => {
    const boxes = await comfy(2, { stepMs: 10 });
    const all = engines({ COMFYUI_URL: boxes.map((b) => b.url).join(',') });
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => run(all, 'comfyui/sdxl', `job ${i}`, { seed: i, steps: 4 })));
    expect(runs.every((r) => r.out.file?.mime === 'image/png')).toBe(true);
    expect(boxes.map((b) => b.accepted.length).sort()).toEqual([4, 4]);
  });

  it('a box that dies mid-run fails only the prompt it was running; the one waiting on it moves to the other box', async () => {
    const [a, b] = (await comfy(2, { stepMs: 40 })) as [ComfyUISimulator, ComfyUISimulator];
    const all = engines({ COMFYUI_URL: `${a.url},${b.url}` });
    const jobs = Array.from({ length: 4 }, (_, i) =>
      run(all, 'comfyui/sdxl', `job ${i}`, { seed: i, steps: 6 }).then(
        (r) => r,
        (e: Error) => e,
      ),
    );
    await until(() => a.accepted.length === 2 && b.accepted.length === 2);
    const runningOnA = a.accepted[0] as string;
    await until(() => a.requests.length > 0 && !a.finished.length, 2000);
    await new Promise((r) => setTimeout(r, 60));
    await a.kill();
    const results = await Promise.all(jobs);
    const failed = results.filter((r): r is Error & { kind?: string } => r instanceof Error);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.kind).toBe('lost');
    expect(failed[0]?.name).toBe('UnrecoverableError');
    expect(failed[0]?.message).toMatch(new RegExp(`ComfyUI box at ${a.url.replace('http://', '')} stopped answering while running this generation`));
    expect(a.finished).not.toContain(runningOnA);
    // The prompt that was waiting on the dead box ran on the other one.
    expect(b.accepted).toHaveLength(3);
    expect(b.finished).toHaveLength(3);
  });

  it('every box down: a retryable failure that names the box', async () => {
    const [box] = (await comfy(1)) as [ComfyUISimulator];
    await box.kill();
    const e = await failure(run(engines({ COMFYUI_URL: box.url }), 'comfyui/sdxl', 'a fox', { seed: 1 }));
    expect(e.kind).toBe('unavailable');
    expect(e.retryable).toBe(true);
    expect(e.message).toMatch(new RegExp(`ComfyUI box at ${box.url.replace('http://', '')} could not be reached \\(connection refused\\)`));
  });

  it('cancel interrupts the running prompt on its box, and removes a waiting one from the queue', async () => {
    const [box] = (await comfy(1, { stepMs: 40 })) as [ComfyUISimulator];
    const all = engines({ COMFYUI_URL: box.url });
    const first = new AbortController();
    const second = new AbortController();
    const p1 = failure(run(all, 'comfyui/sdxl', 'first', { seed: 1, steps: 20 }, { signal: first.signal }));
    await until(() => box.accepted.length === 1);
    const p2 = failure(run(all, 'comfyui/sdxl', 'second', { seed: 2, steps: 20 }, { signal: second.signal }));
    await until(() => box.accepted.length === 2);
    second.abort();
    expect((await p2).name).toBe('AbortError');
    // The dequeue request may still be on its way when the run has already ended aborted.
    await until(() => box.dequeued.length === 1);
    expect(box.dequeued).toEqual([box.accepted[1]]);
    first.abort();
    expect((await p1).name).toBe('AbortError');
    await until(() => box.interrupted.length === 1);
    expect(box.interrupted).toEqual([box.accepted[0]]);
    const interrupt = box.requests.find((r) => r.path === '/interrupt');
    expect(interrupt?.json).toEqual({ prompt_id: box.accepted[0] });
    expect(box.finished).toEqual([]);
  });

  it('a workflow that does not finish in time fails with the deadline, and is interrupted on the box', async () => {
    const [box] = (await comfy(1, { stepMs: 100 })) as [ComfyUISimulator];
    const all = engines({ COMFYUI_URL: box.url }, [workflow()], { comfyTimeoutMs: { image: 500 } });
    const e = await failure(run(all, 'comfyui/sdxl', 'slow', { seed: 1, steps: 30 }));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/ComfyUI did not finish within 1 s/);
    await until(() => box.interrupted.length === 1);
  });

  it("fails with ComfyUI's own words: a node error while running, a graph it refuses, an output node that saved nothing", async () => {
    const [box] = (await comfy(1, { stepMs: 2 })) as [ComfyUISimulator];
    const unknown = workflow({
      modelId: 'comfyui/custom',
      slug: 'custom',
      graph: { ...SDXL, '10': { class_type: 'UltimateSDUpscale', inputs: {} } },
    });
    const all = engines({ COMFYUI_URL: box.url }, [workflow(), unknown]);
    const crashed = await failure(run(all, 'comfyui/sdxl', 'x [[sim:node-error]]', { seed: 1, steps: 4 }));
    expect(crashed).toMatchObject({ kind: 'rejected', name: 'UnrecoverableError' });
    expect(crashed.message).toMatch(/node 3 \(KSampler\) failed: Simulated CUDA error: out of memory/);
    const refused = await failure(run(all, 'comfyui/custom', 'x', { seed: 1 }));
    expect(refused.kind).toBe('rejected');
    expect(refused.message).toMatch(/refused the workflow: Cannot execute because node UltimateSDUpscale does not exist/);
    const empty = await failure(run(all, 'comfyui/sdxl', 'x [[sim:no-output]]', { seed: 1, steps: 2 }));
    expect(empty.message).toMatch(/output node 9 saved no image/);
    const gone = await failure(run(all, 'comfyui/deleted', 'x'));
    expect(gone.message).toMatch(/was deleted/);
  });

  it('a retry after a crash follows the prompt the earlier attempt queued instead of queueing another', async () => {
    const [box] = (await comfy(1, { stepMs: 20 })) as [ComfyUISimulator];
    const all = engines({ COMFYUI_URL: box.url });
    // An earlier attempt queued this prompt, then its worker died (its history stays on the box).
    const graph = applyWorkflowInputs(workflow(), { prompt: 'crashed', params: { steps: 8 }, seed: 6 }).graph;
    const queued = await fetch(`${box.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: graph, client_id: 'earlier-client' }),
    }).then((r) => r.json() as Promise<{ prompt_id: string }>);
    const again = await run(
      all,
      'comfyui/sdxl',
      'crashed',
      { seed: 6, steps: 8 },
      {
        providerJob: { previousId: `${box.url} ${queued.prompt_id} earlier-client`, remember: async () => {} },
      },
    );
    expect(box.accepted).toEqual([queued.prompt_id]);
    expect(again.out.providerRequestId).toBe(queued.prompt_id);
    expect(again.out.file?.mime).toBe('image/png');
    // Finished and still in its history: collected at once.
    const graph2 = applyWorkflowInputs(workflow(), { prompt: 'finished', params: { steps: 2 }, seed: 7 }).graph;
    const done = await fetch(`${box.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: graph2, client_id: 'gone' }),
    }).then((r) => r.json() as Promise<{ prompt_id: string }>);
    await until(() => box.finished.includes(done.prompt_id));
    const collected = await run(
      all,
      'comfyui/sdxl',
      'finished',
      { seed: 7, steps: 2 },
      {
        providerJob: { previousId: `${box.url} ${done.prompt_id} gone`, remember: async () => {} },
      },
    );
    expect(collected.out.providerRequestId).toBe(done.prompt_id);
    expect(box.accepted).toHaveLength(2);
  });
});

describe('ComfyUI helpers', () => {
  it('picks the output files of the workflow kind from what the node reported', () => {
    expect(outputFiles({ images: [{ filename: 'a.png', subfolder: 's', type: 'output' }] }, 'image')).toEqual([
      { filename: 'a.png', subfolder: 's', type: 'output' },
    ]);
    expect(outputFiles({ images: [{ filename: 'clip.mp4', subfolder: '', type: 'output' }], animated: [true] }, 'video')).toHaveLength(1);
    expect(outputFiles({ gifs: [{ filename: 'v.webm' }] }, 'video')).toEqual([{ filename: 'v.webm', subfolder: '', type: 'output' }]);
    expect(outputFiles({ audio: [{ filename: 'song.flac', subfolder: 'audio', type: 'output' }] }, 'audio')).toHaveLength(1);
    expect(outputFiles({ images: [{ filename: 'preview.png' }] }, 'video')).toEqual([]);
    expect(outputFiles(null, 'image')).toEqual([]);
  });

  it('turns frames per second and seconds into the length input; sizes are multiples of 8', () => {
    const graph: ComfyGraph = { '1': { class_type: 'EmptyHunyuanLatentVideo', inputs: { length: 33, width: 848, height: 480 } } };
    const fps = applyWorkflowInputs(
      { graph, inputs: { prompt: '1.width', frames: '1.length' }, framesPerSecond: 24, outputType: 'video' },
      { prompt: 'x', params: { duration: 3 }, seed: null },
    );
    expect(fps.graph['1']?.inputs.length).toBe(72);
    const seconds = applyWorkflowInputs(
      { graph, inputs: { prompt: '1.width', frames: '1.length' }, framesPerSecond: null, outputType: 'audio' },
      { prompt: 'x', params: { duration: 3 }, seed: null },
    );
    expect(seconds.graph['1']?.inputs.length).toBe(3);
    const sized = applyWorkflowInputs(workflow(), { prompt: 'x', params: { aspectRatio: '9:16', resolution: '480p' }, seed: 3 });
    expect([sized.width, sized.height]).toEqual([480, 856]);
  });

  it("reads ComfyUI's validation answer into one line", () => {
    const raw = JSON.stringify({
      error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
      node_errors: {
        '4': { errors: [{ message: 'Value not in list', details: "ckpt_name: 'x.safetensors' not in []" }], class_type: 'CheckpointLoaderSimple' },
      },
    });
    expect(validationMessage(raw)).toBe(
      "Prompt outputs failed validation; node 4 (CheckpointLoaderSimple): Value not in list — ckpt_name: 'x.safetensors' not in []",
    );
    expect(validationMessage('Bad gateway')).toBe('Bad gateway');
  });
});

describe('Ollama', () => {
  async function ollama(options: Parameters<typeof startOllamaSimulator>[0] = {}) {
    const sim: OllamaSimulator = await startOllamaSimulator(options);
    sims.push(sim);
    return { sim, providers: createProviders(parseEnv({ NODE_ENV: 'test', OLLAMA_URL: sim.url }), { limits: { timeoutMs: { text: 3000 } } }) };
  }

  it('lists its models', async () => {
    const { sim } = await ollama();
    expect((await listOllamaModels({ url: sim.url }, AbortSignal.timeout(2000))).map((m) => m.name)).toEqual(['llama3.2:latest', 'qwen2.5:7b']);
  });

  it('streams a chat reply in order and reports the tokens Ollama counted', async () => {
    const { sim, providers } = await ollama();
    const adapter = providers.chat['ollama/*'];
    if (!adapter) throw new Error('no ollama chat');
    const messages = [{ role: 'user' as const, content: 'Name three rivers' }];
    const stream = adapter.streamReply({ modelId: 'ollama/llama3.2:latest', messages, signal: new AbortController().signal });
    const pieces: string[] = [];
    let step = await stream.next();
    while (!step.done) {
      pieces.push(step.value);
      step = await stream.next();
    }
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('Simulated reply to: Name three rivers');
    expect(step.value).toEqual({ tokensIn: promptEvalCount(messages), tokensOut: pieces.length });
    expect(sim.usage).toEqual([{ model: 'llama3.2:latest', promptEvalCount: promptEvalCount(messages), evalCount: pieces.length }]);
    const body = sim.requests.find((r) => r.path === '/api/chat')?.json;
    expect(body).toMatchObject({ model: 'llama3.2:latest', stream: true, options: { num_ctx: 8192, num_predict: 1024 } });
  });

  it('generates text with its token counts in the metadata', async () => {
    const { providers } = await ollama();
    const { out } = await run(providers.engines, 'ollama/qwen2.5:7b', 'Write a haiku');
    expect(out.text).toBe('Simulated reply to: Write a haiku');
    expect(out.metadata).toMatchObject({ provider: 'ollama', tokensIn: promptEvalCount([{ content: 'Write a haiku' }]), doneReason: 'stop' });
    expect(out.metadata.tokensOut).toBeGreaterThan(3);
  });

  it('fails clearly: a model it does not have, an error line mid-stream, a server that is down', async () => {
    const { sim, providers } = await ollama();
    const missing = await failure(run(providers.engines, 'ollama/mistral:7b', 'hi'));
    expect(missing).toMatchObject({ kind: 'rejected' });
    expect(missing.message).toMatch(/Ollama does not have this model \(model 'mistral:7b' not found\); pull it/);
    const broken = await failure(run(providers.engines, 'ollama/llama3.2:latest', 'hi [[sim:fail]]'));
    expect(broken.message).toMatch(/Ollama could not answer: simulated failure/);
    await sim.close();
    const down = await failure(run(providers.engines, 'ollama/llama3.2:latest', 'hi'));
    expect(down).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(down.message).toMatch(/Ollama at 127\.0\.0\.1:\d+ could not be reached \(connection (refused|closed)\)/);
  });
});
