import { randomUUID } from 'node:crypto';
import { type AspectRatio, dimensionsFor, type EngineInput, type EngineOutput, type Resolution } from '@atelier/ai';
import { type ComfyGraph, parseInputRef, WORKFLOW_MAX_STEPS, type WorkflowInputs, type WorkflowOutputType } from '@atelier/shared';
import WebSocket from 'ws';
import { abortError, deadline, fromHttpFailure, networkReason, ProviderError, scrub } from './errors';
import { type AdapterContext, imageOutput, mediaOutput, num, readAll, str } from './media';
import type { Engine } from './types';

/**
 * ComfyUI on the operator's own GPU boxes (issue 25), over its HTTP + websocket API — no SDK
 * exists. A workflow an admin uploaded (API format, with its input mapping) runs as the model
 * `comfyui/<slug>`: the input image is uploaded (`POST /upload/image`), the graph with the
 * generation's prompt, seed, size, steps and length written into the mapped inputs is queued
 * (`POST /prompt` with our client id) on the box with the shortest queue (`GET /queue`), its
 * progress followed over `/ws?clientId=…` (with `/history/{id}` read alongside, so a missed
 * message is never waited on), and the output node's file fetched from `/view` into our storage.
 * A cancel removes the prompt from the box's queue, or interrupts it when it is the one running.
 * A box that stops answering before our prompt started hands it to another box; once it had
 * started, the generation fails (and is refunded) with the reason.
 */

export const PROVIDER = 'comfyui';
const LABEL = 'ComfyUI';

export interface ComfyUIConfig {
  /** Base URLs of the boxes, without trailing slashes. */
  urls: string[];
  /** Sent as `Authorization: Bearer …` on every call (a reverse proxy in front of ComfyUI). */
  token?: string | undefined;
}

/** A stored workflow (comfy_workflows), as the engine runs it. */
export interface ComfyWorkflow {
  modelId: string;
  slug: string;
  name: string;
  outputType: WorkflowOutputType;
  graph: ComfyGraph;
  inputs: WorkflowInputs;
  outputNode: string;
  /** Frames per second of the `frames` input; null: it takes seconds. */
  framesPerSecond: number | null;
  revision: number;
}

export type LoadWorkflow = (modelId: string) => Promise<ComfyWorkflow | null>;

/** A file ComfyUI saved: what `/view` serves. */
export interface ComfyFile {
  filename: string;
  subfolder: string;
  type: string;
}

const EXTENSIONS: Record<WorkflowOutputType, RegExp> = {
  image: /\.(png|jpe?g|webp)$/i,
  video: /\.(mp4|webm|mov|m4v)$/i,
  audio: /\.(flac|mp3|wav|ogg|opus)$/i,
};
/** Where output nodes put their files, by output type (SaveImage: images; SaveVideo/VHS: images/videos/gifs; SaveAudio: audio). */
const OUTPUT_KEYS: Record<WorkflowOutputType, string[]> = {
  image: ['images'],
  video: ['videos', 'gifs', 'images', 'video'],
  audio: ['audio', 'audios'],
};

/** The files an output node reported, of the kind the workflow makes. */
export function outputFiles(output: unknown, kind: WorkflowOutputType): ComfyFile[] {
  if (!output || typeof output !== 'object') return [];
  const out: ComfyFile[] = [];
  for (const key of OUTPUT_KEYS[kind]) {
    const list = (output as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const f of list) {
      const filename = typeof f?.filename === 'string' ? f.filename : null;
      if (!filename || !EXTENSIONS[kind].test(filename)) continue;
      out.push({ filename, subfolder: typeof f.subfolder === 'string' ? f.subfolder : '', type: typeof f.type === 'string' ? f.type : 'output' });
    }
  }
  return out;
}

/**
 * The workflow with the generation's values written into its mapped inputs. Unmapped values keep
 * what the workflow stores (so its own seed makes a re-run exact); the seed written is returned.
 */
export function applyWorkflowInputs(
  wf: Pick<ComfyWorkflow, 'graph' | 'inputs' | 'framesPerSecond' | 'outputType'>,
  values: { prompt: string; params: Record<string, unknown>; seed: number | null; image?: string },
): { graph: ComfyGraph; seed: number | null; width: number | null; height: number | null } {
  const graph = structuredClone(wf.graph);
  const target = (key: keyof WorkflowInputs) => {
    const ref = wf.inputs[key];
    const parsed = ref ? parseInputRef(ref) : null;
    const node = parsed ? graph[parsed.node] : undefined;
    return parsed && node ? { node, input: parsed.input } : null;
  };
  const set = (key: keyof WorkflowInputs, value: unknown) => {
    const t = target(key);
    if (t && value !== undefined) t.node.inputs[t.input] = value;
  };
  set('prompt', values.prompt);
  set('negativePrompt', str(values.params.negativePrompt));
  if (values.seed !== null) set('seed', values.seed);
  const seedAt = target('seed');
  const seed = values.seed ?? (seedAt ? (num(seedAt.node.inputs[seedAt.input]) ?? null) : storedSeed(graph));

  let width: number | null = null;
  let height: number | null = null;
  const ratio = str(values.params.aspectRatio);
  const resolution = str(values.params.resolution);
  if (ratio && resolution && target('width') && target('height')) {
    const d = dimensionsFor(ratio as AspectRatio, resolution as Resolution);
    // Latent sizes are multiples of 8.
    width = Math.max(64, Math.round(d.width / 8) * 8);
    height = Math.max(64, Math.round(d.height / 8) * 8);
    set('width', width);
    set('height', height);
  }
  const steps = num(values.params.steps);
  if (steps !== undefined) set('steps', Math.min(WORKFLOW_MAX_STEPS, Math.max(1, Math.round(steps))));
  const seconds = num(values.params.duration);
  if (seconds !== undefined && wf.outputType !== 'image') {
    set('frames', wf.framesPerSecond ? Math.max(1, Math.round(seconds * wf.framesPerSecond)) : seconds);
  }
  if (values.image) set('image', values.image);
  return { graph, seed, width, height };
}

/** The seed a workflow without a mapped seed runs with: its sampler's own (`seed` or `noise_seed`). */
function storedSeed(graph: ComfyGraph): number | null {
  for (const node of Object.values(graph)) {
    const v = num(node.inputs.seed) ?? num(node.inputs.noise_seed);
    if (v !== undefined) return v;
  }
  return null;
}

/** One ComfyUI server. */
export class ComfyBox {
  readonly label: string;

  constructor(
    readonly url: string,
    private readonly token: string | undefined,
    private readonly callTimeoutMs: number,
  ) {
    const u = new URL(url);
    this.label = u.host + (u.pathname !== '/' ? u.pathname : '');
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  private unreachable(e: unknown): ProviderError {
    return new ProviderError(
      PROVIDER,
      'unavailable',
      `The ComfyUI box at ${this.label} could not be reached (${scrub(networkReason(e), [this.token])})`,
      {
        cause: e,
      },
    );
  }

  /** One HTTP call with the box's deadline; network failures and HTTP errors become ProviderErrors naming the box. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    options: { json?: unknown; form?: FormData; signal?: AbortSignal; timeoutMs?: number; allow?: number[] } = {},
  ) {
    const timer = AbortSignal.timeout(options.timeoutMs ?? this.callTimeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method,
        signal,
        headers: this.headers(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : options.form ? { body: options.form } : {}),
      });
    } catch (e) {
      if (options.signal?.aborted) throw abortError(options.signal);
      if (timer.aborted)
        throw new ProviderError(PROVIDER, 'unavailable', `The ComfyUI box at ${this.label} did not answer ${method} ${path.split('?')[0]} in time`);
      throw this.unreachable(e);
    }
    if (!res.ok && !options.allow?.includes(res.status)) {
      const body = await res.text().catch(() => '');
      throw fromHttpFailure(PROVIDER, `The ComfyUI box at ${this.label}`, { status: res.status, headers: res.headers, body }, [this.token]);
    }
    return res;
  }

  async json<T>(method: 'GET' | 'POST', path: string, options: Parameters<ComfyBox['call']>[2] = {}): Promise<T> {
    const res = await this.call(method, path, options);
    try {
      return (await res.json()) as T;
    } catch {
      throw new ProviderError(PROVIDER, 'malformed', `The ComfyUI box at ${this.label} sent a reply to ${path.split('?')[0]} that is not JSON`);
    }
  }

  /** Prompt ids running and waiting on the box. */
  async queue(signal?: AbortSignal): Promise<{ running: string[]; pending: string[] }> {
    const q = await this.json<{ queue_running?: unknown[]; queue_pending?: unknown[] }>('GET', '/queue', signal ? { signal } : {});
    const ids = (list: unknown) => (Array.isArray(list) ? list.map((item) => (Array.isArray(item) ? String(item[1]) : '')).filter(Boolean) : []);
    return { running: ids(q.queue_running), pending: ids(q.queue_pending) };
  }

  /** The prompt's history entry (status and outputs), or null while it has none. */
  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
    const h = await this.json<Record<string, HistoryEntry>>('GET', `/history/${encodeURIComponent(promptId)}`, signal ? { signal } : {});
    return h && typeof h === 'object' ? (h[promptId] ?? null) : null;
  }

  /** Uploads an input image; returns the value a LoadImage node takes (`subfolder/name`). */
  async upload(data: Buffer, filename: string, mime: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(data)], { type: mime }), filename);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const r = await this.json<{ name?: string; subfolder?: string }>('POST', '/upload/image', { form, signal });
    if (typeof r.name !== 'string' || !r.name)
      throw new ProviderError(PROVIDER, 'malformed', `The ComfyUI box at ${this.label} did not name the uploaded image`);
    return r.subfolder ? `${r.subfolder}/${r.name}` : r.name;
  }

  /** Queues a graph; a refused graph (ComfyUI's validation) fails with what ComfyUI said about its nodes. */
  async submit(graph: ComfyGraph, clientId: string, signal: AbortSignal): Promise<{ promptId: string; number: number | null }> {
    const res = await this.call('POST', '/prompt', { json: { prompt: graph, client_id: clientId }, signal, allow: [400] });
    if (res.status === 400) {
      const why = validationMessage(await res.text().catch(() => ''));
      throw new ProviderError(PROVIDER, 'rejected', `The ComfyUI box at ${this.label} refused the workflow: ${why}`, { status: 400 });
    }
    const body = (await res.json().catch(() => null)) as { prompt_id?: unknown; number?: unknown } | null;
    if (!body || typeof body.prompt_id !== 'string')
      throw new ProviderError(PROVIDER, 'malformed', `The ComfyUI box at ${this.label} did not return a prompt id`);
    return { promptId: body.prompt_id, number: typeof body.number === 'number' ? body.number : null };
  }

  /** Downloads an output file, at most `maxBytes`. */
  async view(file: ComfyFile, maxBytes: number, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
    const q = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder, type: file.type });
    const res = await this.call('GET', `/view?${q}`, { signal, timeoutMs });
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > maxBytes)
      throw new ProviderError(PROVIDER, 'unsafe_output', `The ComfyUI output ${file.filename} is larger than ${Math.round(maxBytes / 1048576)} MB`);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > maxBytes)
        throw new ProviderError(PROVIDER, 'unsafe_output', `The ComfyUI output ${file.filename} is larger than ${Math.round(maxBytes / 1048576)} MB`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  /** Best effort: the box forgets the prompt's history entry once its output is ours. */
  async forget(promptId: string): Promise<void> {
    await this.call('POST', '/history', { json: { delete: [promptId] }, timeoutMs: 5000 }).catch(() => {});
  }

  /**
   * Stops our prompt: removed from the box's queue while it waits, interrupted when it is the one
   * running (with its id, so a ComfyUI that supports it never interrupts someone else's work; we
   * only ask when our prompt is running, for older versions that interrupt whatever runs).
   */
  async cancel(promptId: string): Promise<'dequeued' | 'interrupted' | 'gone'> {
    const q = await this.queue(AbortSignal.timeout(5000));
    if (q.pending.includes(promptId)) {
      await this.call('POST', '/queue', { json: { delete: [promptId] }, timeoutMs: 5000 });
      return 'dequeued';
    }
    if (q.running.includes(promptId)) {
      await this.call('POST', '/interrupt', { json: { prompt_id: promptId }, timeoutMs: 5000 });
      return 'interrupted';
    }
    return 'gone';
  }

  /** Opens the box's websocket for `clientId` (messages about prompts queued with it come here). */
  socket(clientId: string): Promise<WebSocket> {
    const url = `${this.url.replace(/^http/i, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: this.headers(), handshakeTimeout: this.callTimeoutMs });
      const fail = (e: unknown) => {
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
        reject(this.unreachable(e));
      };
      ws.once('open', () => {
        ws.removeListener('error', fail);
        resolve(ws);
      });
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) =>
        fail(new Error(res.statusCode === 401 || res.statusCode === 403 ? `HTTP ${res.statusCode}: check COMFYUI_TOKEN` : `HTTP ${res.statusCode}`)),
      );
    });
  }
}

interface HistoryEntry {
  outputs?: Record<string, unknown>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** ComfyUI's validation answer (`error` and `node_errors`) in one line. */
export function validationMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: { message?: string; details?: string } | string; node_errors?: Record<string, NodeError> };
    const parts: string[] = [];
    for (const [node, e] of Object.entries(body.node_errors ?? {})) {
      for (const err of e.errors ?? [])
        parts.push(`node ${node} (${e.class_type ?? '?'}): ${err.message ?? ''}${err.details ? ` — ${err.details}` : ''}`);
    }
    const head = typeof body.error === 'string' ? body.error : (body.error?.message ?? '');
    return [head, ...parts].filter(Boolean).join('; ').slice(0, 500) || 'no reason given';
  } catch {
    return raw.trim().slice(0, 300) || 'no reason given';
  }
}

interface NodeError {
  class_type?: string;
  errors?: { message?: string; details?: string }[];
}

/** The execution error a failed history entry carries, in words. */
function historyError(entry: HistoryEntry): string {
  if (entry.status?.messages?.some((m) => m[0] === 'execution_interrupted')) return 'it was interrupted on the box';
  const e = entry.status?.messages?.find((m) => m[0] === 'execution_error')?.[1];
  if (!e) return 'the workflow failed';
  return `node ${String(e.node_id ?? '?')} (${String(e.node_type ?? '?')}) failed: ${String(e.exception_message ?? 'unknown error')
    .trim()
    .slice(0, 400)}`;
}

/** Spreads prompts over the boxes by the length of their queues. */
export class ComfyPool {
  readonly boxes: ComfyBox[];
  private readonly reserved = new Map<ComfyBox, number>();
  private readonly downUntil = new Map<ComfyBox, number>();
  private lock: Promise<unknown> = Promise.resolve();
  private turn = 0;

  constructor(config: ComfyUIConfig, callTimeoutMs: number) {
    this.boxes = config.urls.map((u) => new ComfyBox(u, config.token, callTimeoutMs));
  }

  markDown(box: ComfyBox, ms = 30_000) {
    this.downUntil.set(box, Date.now() + ms);
  }

  /**
   * The box to queue on: of those not excluded (and not recently down, unless all are), the one
   * whose queue — running, waiting and what this process is about to submit — is shortest; ties
   * go round. Picks are serialised in this process so concurrent jobs see each other's reservation.
   * `release()` once the prompt is on the box (its /queue then counts it).
   */
  pick(exclude: Set<ComfyBox>, signal: AbortSignal): Promise<{ box: ComfyBox; release: () => void }> {
    const run = this.lock.then(async () => {
      const now = Date.now();
      const open = this.boxes.filter((b) => !exclude.has(b));
      const candidates = open.filter((b) => (this.downUntil.get(b) ?? 0) <= now).length
        ? open.filter((b) => (this.downUntil.get(b) ?? 0) <= now)
        : open;
      if (!candidates.length) throw new ProviderError(PROVIDER, 'unavailable', 'No ComfyUI box is left to run this generation');
      const errors: string[] = [];
      const loads = await Promise.all(
        candidates.map((b) =>
          b.queue(AbortSignal.any([signal, AbortSignal.timeout(5000)])).then(
            (q) => q.running.length + q.pending.length + (this.reserved.get(b) ?? 0),
            (e: unknown) => {
              if (signal.aborted) throw abortError(signal);
              this.markDown(b);
              errors.push(e instanceof Error ? e.message : String(e));
              return null;
            },
          ),
        ),
      );
      let best: ComfyBox | null = null;
      let bestLoad = Number.POSITIVE_INFINITY;
      for (let i = 0; i < candidates.length; i++) {
        const k = (this.turn + i) % candidates.length;
        const load = loads[k];
        if (load !== null && load !== undefined && load < bestLoad) {
          best = candidates[k] as ComfyBox;
          bestLoad = load;
        }
      }
      if (!best)
        throw new ProviderError(
          PROVIDER,
          'unavailable',
          errors.length === 1 ? (errors[0] as string) : `No ComfyUI box answered: ${errors.join('; ')}`,
        );
      this.turn += 1;
      this.downUntil.delete(best);
      const box = best;
      this.reserved.set(box, (this.reserved.get(box) ?? 0) + 1);
      let released = false;
      return {
        box,
        release: () => {
          if (released) return;
          released = true;
          this.reserved.set(box, Math.max(0, (this.reserved.get(box) ?? 1) - 1));
        },
      };
    });
    this.lock = run.catch(() => {});
    return run;
  }

  find(url: string): ComfyBox | undefined {
    return this.boxes.find((b) => b.url === url);
  }
}

/** What following a prompt ended with: its history entry, or "never started, the box went away" (try another). */
type Followed =
  | { kind: 'done'; entry: HistoryEntry | null; executedOutput: unknown; steps: number; nodes: number; cached: number }
  | { kind: 'requeue'; why: string };

/** A box's websocket, with the messages that came before anyone listened (they may come before POST /prompt answers). */
interface Socket {
  ws: WebSocket;
  early: [WebSocket.RawData, boolean][];
  buffer: (data: WebSocket.RawData, isBinary: boolean) => void;
}

async function openSocket(box: ComfyBox, clientId: string): Promise<Socket> {
  const ws = await box.socket(clientId);
  const early: Socket['early'] = [];
  const buffer = (data: WebSocket.RawData, isBinary: boolean) => {
    if (early.length < 1000) early.push([data, isBinary]);
  };
  ws.on('message', buffer);
  ws.on('error', () => {});
  return { ws, early, buffer };
}

function closeSocket(s: Socket | null) {
  if (!s) return;
  s.ws.removeAllListeners();
  s.ws.on('error', () => {});
  s.ws.terminate();
}

interface FollowOptions {
  box: ComfyBox;
  socket: Socket | null;
  promptId: string;
  clientId: string;
  outputNode: string;
  signal: AbortSignal;
  pollMs: number;
  onProgress: (percent: number) => void;
  /** The prompt is already known to be running (a resumed job). */
  started?: boolean;
}

/**
 * Follows one prompt to its end: websocket messages for our prompt move the progress bar
 * (`progress` value/max per sampling node, `executing`, `executed`), `/history/{id}` and `/queue`
 * are read every `pollMs` besides (a dropped socket is reopened with the same client id). The box
 * going away before the prompt started means "try another box"; after, the run is lost.
 */
function follow(o: FollowOptions): Promise<Followed> {
  return new Promise<Followed>((resolve, reject) => {
    let ws: WebSocket | null = o.socket?.ws ?? null;
    let started = o.started === true;
    let settled = false;
    let checking = false;
    let steps = 0;
    let executedOutput: unknown = null;
    const executed = new Set<string>();
    let cached = 0;
    // Progress: each new sampling series takes most of what is left of 10–90 %.
    let series: string | null = null;
    let from = 8;
    let span = 0;
    let shown = 0;
    const show = (p: number) => {
      if (p > shown) {
        shown = p;
        o.onProgress(p);
      }
    };

    const end = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      o.signal.removeEventListener('abort', onAbort);
      if (ws) {
        ws.removeAllListeners('message');
        ws.removeAllListeners('close');
        // A socket this follow reopened is its own to close.
        if (ws !== o.socket?.ws) ws.terminate();
      }
      fn();
    };
    const done = (entry: HistoryEntry | null) => end(() => resolve({ kind: 'done', entry, executedOutput, steps, nodes: executed.size, cached }));
    const lost = (why: string) =>
      end(() => {
        if (started)
          reject(new ProviderError(PROVIDER, 'lost', `The ComfyUI box at ${o.box.label} stopped answering while running this generation (${why})`));
        else resolve({ kind: 'requeue', why });
      });
    const fail = (e: Error) => end(() => reject(e));

    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return; // preview images
      let msg: { type?: string; data?: Record<string, unknown> };
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return;
      }
      const d = msg.data ?? {};
      if (d.prompt_id !== o.promptId) return;
      switch (msg.type) {
        case 'execution_start':
          started = true;
          show(9);
          break;
        case 'execution_cached':
          cached = Array.isArray(d.nodes) ? d.nodes.length : 0;
          break;
        case 'executing':
          started = true;
          if (d.node === null || d.node === undefined) void check(true);
          break;
        case 'progress': {
          started = true;
          const value = Number(d.value);
          const max = Number(d.max);
          if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) break;
          const node = String(d.node ?? '');
          if (node !== series) {
            series = node;
            from = Math.max(10, shown);
            span = (90 - from) * 0.85;
          }
          steps = Math.max(steps, max);
          show(Math.round(from + (span * Math.min(value, max)) / max));
          break;
        }
        case 'executed':
          started = true;
          executed.add(String(d.node));
          if (String(d.node) === o.outputNode) executedOutput = d.output;
          break;
        case 'execution_success':
          // The history is written just after this; `executing` with no node follows it.
          void check(false);
          break;
        case 'execution_error':
          fail(
            new ProviderError(
              PROVIDER,
              'rejected',
              `ComfyUI could not run the workflow: node ${String(d.node_id ?? '?')} (${String(d.node_type ?? '?')}) failed: ${String(
                d.exception_message ?? 'unknown error',
              )
                .trim()
                .slice(0, 400)}`,
            ),
          );
          break;
        case 'execution_interrupted':
          if (o.signal.aborted) fail(abortError(o.signal));
          else fail(new ProviderError(PROVIDER, 'rejected', `The generation was interrupted on the ComfyUI box at ${o.box.label}`));
          break;
      }
    };
    const attach = (socket: WebSocket) => {
      socket.on('message', onMessage);
      socket.on('close', () => {
        if (ws === socket) ws = null;
        void check(false);
      });
      socket.on('error', () => {});
    };
    if (o.socket) {
      o.socket.ws.off('message', o.socket.buffer);
      attach(o.socket.ws);
      for (const [data, isBinary] of o.socket.early.splice(0)) onMessage(data, isBinary);
    }

    /** Reads the history (and the queue when there is none yet); `finished`: a message said it ended. */
    const check = async (finished: boolean) => {
      if (settled || checking) return;
      checking = true;
      try {
        const entry = await o.box.history(o.promptId, o.signal);
        if (settled) return;
        if (entry?.status?.status_str === 'error') {
          if (o.signal.aborted) return fail(abortError(o.signal));
          return fail(new ProviderError(PROVIDER, 'rejected', `ComfyUI could not run the workflow: ${historyError(entry)}`));
        }
        if (entry && (entry.status?.completed || entry.status?.status_str === 'success' || (finished && entry.outputs))) return done(entry);
        if (finished && !entry) return done(null);
        const q = await o.box.queue(o.signal);
        if (settled) return;
        if (q.running.includes(o.promptId)) started = true;
        else if (!q.pending.includes(o.promptId)) {
          // Not waiting, not running, no history: ended between the two reads, or removed.
          const again = await o.box.history(o.promptId, o.signal);
          if (again) return done(again);
          return fail(new ProviderError(PROVIDER, 'rejected', `The prompt was removed from the ComfyUI box at ${o.box.label} before it finished`));
        }
        if (!ws) {
          const socket = await o.box.socket(o.clientId).catch(() => null);
          if (socket && !settled) {
            ws = socket;
            attach(socket);
          } else if (socket) {
            socket.on('error', () => {});
            socket.terminate();
          }
        }
      } catch (e) {
        if (o.signal.aborted) return fail(abortError(o.signal));
        if (e instanceof ProviderError && e.kind === 'unavailable') return lost(e.message.replace(/^The ComfyUI box at \S+ /, ''));
        return fail(e as Error);
      } finally {
        checking = false;
      }
    };
    const timer = setInterval(() => void check(false), o.pollMs);
    const onAbort = () => fail(abortError(o.signal));
    o.signal.addEventListener('abort', onAbort, { once: true });
    if (o.signal.aborted) onAbort();
  });
}

const mimeOf = (key: string) => (key.endsWith('.jpg') || key.endsWith('.jpeg') ? 'image/jpeg' : key.endsWith('.webp') ? 'image/webp' : 'image/png');

/**
 * The engine every `comfyui/<slug>` model runs through (registered as `comfyui/*`): loads the
 * workflow, writes the generation's values into it and runs it on the pool.
 */
export function comfyUIEngine(config: ComfyUIConfig, ctx: AdapterContext, loadWorkflow: LoadWorkflow): { engine: Engine; pool: ComfyPool } {
  const pool = new ComfyPool(config, ctx.limits.comfyCallTimeoutMs);
  const engine: Engine = async (input) => {
    const wf = await loadWorkflow(input.modelId);
    if (!wf) throw new ProviderError(PROVIDER, 'rejected', `The workflow ${input.modelId} was deleted`);
    const kind = wf.outputType;
    const d = deadline(PROVIDER, LABEL, input.signal, ctx.limits.comfyTimeoutMs[kind]);
    try {
      input.onProgress(2);
      const resumed = await resume(pool, wf, input, d.signal, ctx);
      if (resumed) return await collect(wf, input, resumed, ctx, d.signal);
      const tried = new Set<ComfyBox>();
      let imageData: Buffer | null = null;
      const imageKey = wf.inputs.image ? str(input.params.image) : undefined;
      if (imageKey) imageData = await readAll(input.storage.read(imageKey));
      let lastWhy = '';
      for (;;) {
        if (tried.size >= pool.boxes.length) {
          throw new ProviderError(PROVIDER, 'unavailable', `Every ComfyUI box went away before this generation started (${lastWhy})`);
        }
        const { box, release } = await pool.pick(tried, d.signal);
        tried.add(box);
        const run = await runOn(box, release, wf, input, imageKey && imageData ? { key: imageKey, data: imageData } : null, ctx, d.signal);
        if (run.kind === 'requeue') {
          pool.markDown(box);
          lastWhy = `${box.label}: ${run.why}`;
          continue;
        }
        return await collect(wf, input, run, ctx, d.signal);
      }
    } catch (e) {
      if (input.signal.aborted) throw abortError(input.signal);
      if (d.timedOut()) throw d.timeoutError();
      throw e instanceof ProviderError ? e : new ProviderError(PROVIDER, 'unavailable', `${LABEL} failed: ${(e as Error).message}`, { cause: e });
    }
  };
  return { engine, pool };
}

interface Ran {
  kind: 'done';
  box: ComfyBox;
  promptId: string;
  followed: Extract<Followed, { kind: 'done' }>;
  seed: number | null;
  width: number | null;
  height: number | null;
}

/** Queues the workflow on one box and follows it; cancels it there when we stop waiting. */
async function runOn(
  box: ComfyBox,
  release: () => void,
  wf: ComfyWorkflow,
  input: EngineInput,
  image: { key: string; data: Buffer } | null,
  ctx: AdapterContext,
  signal: AbortSignal,
): Promise<Ran | { kind: 'requeue'; why: string }> {
  const clientId = randomUUID();
  let socket: Socket | null = null;
  let promptId: string | null = null;
  try {
    try {
      socket = await openSocket(box, clientId);
    } catch (e) {
      return { kind: 'requeue', why: (e as Error).message };
    }
    let uploaded: string | undefined;
    if (image) {
      try {
        uploaded = await box.upload(image.data, `atelier-${image.key.split('/').pop() ?? 'input.png'}`, mimeOf(image.key), signal);
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'unavailable') return { kind: 'requeue', why: e.message };
        throw e;
      }
    }
    const applied = applyWorkflowInputs(wf, {
      prompt: input.prompt,
      params: input.params,
      seed: input.seed,
      ...(uploaded ? { image: uploaded } : {}),
    });
    try {
      promptId = (await box.submit(applied.graph, clientId, signal)).promptId;
    } catch (e) {
      if (e instanceof ProviderError && e.kind === 'unavailable') return { kind: 'requeue', why: e.message };
      throw e;
    } finally {
      release();
    }
    input.onProgress(5);
    const following = follow({
      box,
      socket,
      promptId,
      clientId,
      outputNode: wf.outputNode,
      signal,
      pollMs: ctx.limits.comfyPollMs,
      onProgress: input.onProgress,
    });
    following.catch(() => {});
    await input.providerJob?.remember(`${box.url} ${promptId} ${clientId}`);
    const followed = await following;
    if (followed.kind === 'requeue') return followed;
    return { kind: 'done', box, promptId, followed, seed: applied.seed, width: applied.width, height: applied.height };
  } catch (e) {
    // We stop waiting (a cancel, the deadline, an error on our side): stop it on the box too.
    if (promptId && !(e instanceof ProviderError && (e.kind === 'lost' || e.kind === 'rejected'))) await box.cancel(promptId).catch(() => {});
    throw e;
  } finally {
    release();
    closeSocket(socket);
  }
}

/** A retried job whose prompt is still on its box (or finished there): follow it instead of queueing another. */
async function resume(pool: ComfyPool, wf: ComfyWorkflow, input: EngineInput, signal: AbortSignal, ctx: AdapterContext): Promise<Ran | null> {
  const [url, promptId, clientId] = (input.providerJob?.previousId ?? '').split(' ');
  const box = url ? pool.find(url) : undefined;
  if (!box || !promptId || !clientId) return null;
  const entry = await box.history(promptId, signal).catch(() => null);
  const applied = applyWorkflowInputs(wf, { prompt: input.prompt, params: input.params, seed: input.seed });
  const base = { kind: 'done' as const, box, promptId, seed: applied.seed, width: applied.width, height: applied.height };
  if (entry?.status?.status_str === 'success' || entry?.status?.completed) {
    return { ...base, followed: { kind: 'done', entry, executedOutput: null, steps: 0, nodes: 0, cached: 0 } };
  }
  const q = await box.queue(signal).catch(() => null);
  if (!q || !(q.running.includes(promptId) || q.pending.includes(promptId))) return null;
  const socket = await openSocket(box, clientId).catch(() => null);
  try {
    const followed = await follow({
      box,
      socket,
      promptId,
      clientId,
      outputNode: wf.outputNode,
      signal,
      pollMs: ctx.limits.comfyPollMs,
      onProgress: input.onProgress,
      started: q.running.includes(promptId),
    });
    return followed.kind === 'done' ? { ...base, followed } : null;
  } catch (e) {
    if (!(e instanceof ProviderError && (e.kind === 'lost' || e.kind === 'rejected'))) await box.cancel(promptId).catch(() => {});
    throw e;
  } finally {
    closeSocket(socket);
  }
}

/** Fetches the output node's file from the box and checks it is the kind the workflow makes. */
async function collect(wf: ComfyWorkflow, input: EngineInput, ran: Ran, ctx: AdapterContext, signal: AbortSignal): Promise<EngineOutput> {
  const { box, promptId, followed } = ran;
  const entry = followed.entry ?? (await box.history(promptId, signal));
  const files = outputFiles(entry?.outputs?.[wf.outputNode] ?? followed.executedOutput, wf.outputType);
  const file = files[0];
  if (!file) {
    throw new ProviderError(
      PROVIDER,
      'malformed',
      `The workflow finished but its output node ${wf.outputNode} saved no ${wf.outputType}: check the output node in Admin → AI Control → Workflows`,
    );
  }
  input.onProgress(92);
  const data = await box.view(file, ctx.limits.maxBytes[wf.outputType], signal, ctx.limits.downloadTimeoutMs);
  await box.forget(promptId);
  const metadata: Record<string, unknown> = {
    provider: PROVIDER,
    workflow: wf.slug,
    workflowRevision: wf.revision,
    box: box.label,
    promptId,
    outputNode: wf.outputNode,
    outputFile: file.filename,
    ...(followed.steps ? { samplerSteps: followed.steps } : {}),
    ...(followed.nodes ? { nodesRun: followed.nodes } : {}),
    ...(followed.cached ? { nodesCached: followed.cached } : {}),
  };
  const common = { providerCostUsd: 0, providerRequestId: promptId, modelVersion: `${wf.modelId}@r${wf.revision}`, seed: ran.seed };
  input.onProgress(96);
  if (wf.outputType === 'image') {
    const img = await imageOutput(LABEL, data);
    return { file: img.file, thumbnail: img.thumbnail, metadata: { ...metadata, width: img.width, height: img.height }, ...common };
  }
  return { ...mediaOutput(LABEL, wf.outputType, data), metadata, ...common };
}

/** "cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync" → "NVIDIA GeForce RTX 4090" */
const deviceName = (name: string) => name.replace(/^\w+:\d+\s+/, '').replace(/\s+:\s+\S+$/, '');

export interface ComfyHealthCheck {
  name: string;
  ok: boolean;
  latencyMs: number;
  detail: string;
}

/**
 * Health of every box: reachable (`/system_stats`: device and VRAM), its queue, and whether it has
 * every node class the stored workflows use (`/object_info`).
 */
export async function comfyUIHealth(
  config: ComfyUIConfig,
  workflows: { slug: string; enabled: boolean; classTypes: string[] }[],
  timeoutMs = 15_000,
): Promise<ComfyHealthCheck[]> {
  const pool = new ComfyPool(config, timeoutMs);
  const checks: ComfyHealthCheck[] = [];
  for (const box of pool.boxes) {
    const t0 = performance.now();
    const ms = () => Math.round(performance.now() - t0);
    try {
      const stats = await box.json<{ system?: { comfyui_version?: string }; devices?: { name?: string; vram_total?: number; vram_free?: number }[] }>(
        'GET',
        '/system_stats',
      );
      const q = await box.queue();
      const dev = stats.devices?.[0];
      const gb = (n: unknown) => (typeof n === 'number' ? `${(n / 1024 ** 3).toFixed(1)} GB` : '?');
      checks.push({
        name: `Box ${box.label}`,
        ok: true,
        latencyMs: ms(),
        detail: [
          dev?.name ? `${deviceName(dev.name)}, ${gb(dev.vram_free)} of ${gb(dev.vram_total)} VRAM free` : 'no GPU reported',
          stats.system?.comfyui_version ? `ComfyUI ${stats.system.comfyui_version}` : null,
          `${q.running.length} running, ${q.pending.length} waiting`,
        ]
          .filter(Boolean)
          .join(' · '),
      });
    } catch (e) {
      checks.push({ name: `Box ${box.label}`, ok: false, latencyMs: ms(), detail: (e as Error).message.slice(0, 300) });
      continue;
    }
    if (!workflows.length) continue;
    const t1 = performance.now();
    try {
      const info = await box.json<Record<string, unknown>>('GET', '/object_info');
      const missing = workflows.map((w) => ({ w, absent: [...new Set(w.classTypes)].filter((c) => !(c in info)) }));
      const runnable = missing.filter((m) => !m.absent.length);
      const broken = missing.filter((m) => m.absent.length);
      checks.push({
        name: `Workflows on ${box.label}`,
        ok: broken.every((b) => !b.w.enabled),
        latencyMs: Math.round(performance.now() - t1),
        detail: [
          `${runnable.length} of ${workflows.length} workflows found their nodes`,
          ...broken.map((b) => `${b.w.slug} needs ${b.absent.join(', ')}`),
        ].join(' · '),
      });
    } catch (e) {
      checks.push({
        name: `Workflows on ${box.label}`,
        ok: false,
        latencyMs: Math.round(performance.now() - t1),
        detail: (e as Error).message.slice(0, 300),
      });
    }
  }
  return checks;
}
