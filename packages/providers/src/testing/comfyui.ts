import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { formData, mp4Of, pngOf, type RecordedRequest, sendBytes, sendJson, sleep } from './common';

/**
 * A local ComfyUI box for tests, after ComfyUI's server.py / execution.py (our own code; the
 * shapes are ComfyUI's):
 *   GET  /ws?clientId=…          websocket: `status` on connect, then for prompts queued with that
 *                                client id `execution_start`, `execution_cached`, `executing`
 *                                {node, display_node, prompt_id}, `progress` {value, max, prompt_id,
 *                                node} per sampler step, `executed` {node, output, prompt_id},
 *                                `execution_success`, then `executing` {node: null} once its history
 *                                is written; `execution_error` / `execution_interrupted` when it fails
 *   POST /prompt {prompt, client_id}   → {prompt_id, number, node_errors}; 400 {error, node_errors}
 *                                when a node class is unknown, an input image was never uploaded or
 *                                nothing saves an output
 *   GET  /queue                  {queue_running: [[number, id, prompt, extra, outputs]], queue_pending}
 *   POST /queue {delete: [ids]}  removes waiting prompts;  POST /interrupt {prompt_id?}
 *   GET  /history/{id}           {id: {prompt, outputs, status: {status_str, completed, messages}}}
 *   POST /history {delete: [ids]}
 *   GET  /view?filename=&subfolder=&type=    the saved files
 *   POST /upload/image (multipart: image, type, subfolder, overwrite) → {name, subfolder, type}
 *   GET  /system_stats, GET /object_info
 * One prompt runs at a time; KSampler takes `steps` × `stepMs`. Outputs are deterministic: a PNG
 * whose colour comes from the prompt texts, seed, steps and size (the same inputs give the same
 * bytes). `kill()` makes the box die (every connection dropped, the port closed). With `token`,
 * every call needs `Authorization: Bearer <token>`. Fault directives in a CLIPTextEncode text:
 *   [[sim:die]]         the box dies at the prompt's second sampler step
 *   [[sim:node-error]]  the sampler fails (execution_error)
 *   [[sim:no-output]]   the output node saves nothing
 */

const KNOWN = [
  'CheckpointLoaderSimple',
  'CLIPTextEncode',
  'EmptyLatentImage',
  'KSampler',
  'VAEDecode',
  'VAEEncode',
  'LoadImage',
  'SaveImage',
  'PreviewImage',
  'ImageScale',
  'EmptyHunyuanLatentVideo',
  'CreateVideo',
  'SaveVideo',
  'SaveAnimatedWEBP',
  'EmptyLatentAudio',
  'VAEDecodeAudio',
  'SaveAudio',
] as const;
const OUTPUT_CLASSES = new Set(['SaveImage', 'PreviewImage', 'SaveVideo', 'SaveAnimatedWEBP', 'SaveAudio']);

interface Node {
  class_type: string;
  inputs: Record<string, unknown>;
}
type Graph = Record<string, Node>;

interface QueueItem {
  number: number;
  id: string;
  prompt: Graph;
  clientId: string | null;
  outputs: string[];
}

interface HistoryEntry {
  prompt: unknown[];
  outputs: Record<string, unknown>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: [string, Record<string, unknown>][] };
  meta: Record<string, unknown>;
}

export interface ComfyUISimulator {
  url: string;
  port: number;
  /** Every HTTP call, in order. */
  requests: RecordedRequest[];
  /** Time per sampler step (ms). */
  stepMs: number;
  /** Prompt ids in the order they were accepted, and those that finished / were interrupted / were removed while waiting. */
  accepted: string[];
  finished: string[];
  interrupted: string[];
  dequeued: string[];
  /** Uploaded input images by name. */
  uploads: Map<string, Buffer>;
  /** The graph of each accepted prompt, as it was queued. */
  graphs: Map<string, Graph>;
  /** Whether the box is up. */
  alive: boolean;
  /** Open websockets by client id. */
  clients(): string[];
  /** The prompt running now, and how many sampler steps it has done. */
  running(): { id: string; step: number } | null;
  /** The box dies: connections dropped, the port closed. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

const ascii = (s: string) => s.replace(/\[\[sim:[a-z-]+\]\]/g, '');

/** The order ComfyUI would run the nodes in: inputs first. */
function order(graph: Graph): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id) || !graph[id]) return;
    seen.add(id);
    for (const v of Object.values(graph[id].inputs)) if (Array.isArray(v) && typeof v[0] === 'string') visit(v[0]);
    out.push(id);
  };
  for (const id of Object.keys(graph)) visit(id);
  return out;
}

/** A small deterministic WAV (a tone whose pitch comes from `seed`). */
function wavOf(seed: string, seconds: number): Buffer {
  const rate = 8000;
  const n = Math.max(1, Math.round(rate * Math.min(seconds, 10)));
  const h = createHash('sha256').update(seed).digest();
  const freq = 220 + ((h[0] ?? 0) % 200);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * freq * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export async function startComfyUISimulator(options: { token?: string; stepMs?: number } = {}): Promise<ComfyUISimulator> {
  const requests: RecordedRequest[] = [];
  const sockets = new Map<string, WebSocket>();
  const files = new Map<string, Buffer>();
  const history = new Map<string, HistoryEntry>();
  const pending: QueueItem[] = [];
  let running: QueueItem | null = null;
  let step = 0;
  let interruptFlag = false;
  let counter = 0;
  let fileNo = 0;

  const sim: ComfyUISimulator = {
    url: '',
    port: 0,
    requests,
    stepMs: options.stepMs ?? 20,
    accepted: [],
    finished: [],
    interrupted: [],
    dequeued: [],
    uploads: new Map(),
    graphs: new Map(),
    alive: true,
    clients: () => [...sockets.keys()],
    running: () => (running ? { id: running.id, step } : null),
    kill: async () => {},
    close: async () => {},
  };

  const send = (clientId: string | null, type: string, data: Record<string, unknown>) => {
    if (!sim.alive) return;
    const targets = clientId === null ? [...sockets.values()] : [sockets.get(clientId)].filter((s): s is WebSocket => Boolean(s));
    for (const ws of targets) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, data }));
  };
  const queueInfo = () => ({ exec_info: { queue_remaining: pending.length + (running ? 1 : 0) } });
  const status = () => send(null, 'status', { status: queueInfo() });
  const item = (q: QueueItem) => [q.number, q.id, q.prompt, { client_id: q.clientId }, q.outputs];

  /** Runs the queue, one prompt at a time. */
  let working = false;
  const work = async () => {
    if (working) return;
    working = true;
    try {
      while (sim.alive && pending.length) {
        const q = pending.shift() as QueueItem;
        running = q;
        step = 0;
        interruptFlag = false;
        status();
        await execute(q);
        running = null;
        status();
      }
    } finally {
      working = false;
    }
  };

  const execute = async (q: QueueItem) => {
    const at = () => Date.now();
    const messages: [string, Record<string, unknown>][] = [];
    const emit = (type: string, data: Record<string, unknown>) => {
      const payload = { ...data, prompt_id: q.id };
      if (['execution_start', 'execution_cached', 'execution_success', 'execution_error', 'execution_interrupted'].includes(type))
        messages.push([type, { ...payload, timestamp: at() }]);
      send(q.clientId, type, type.startsWith('execution_') ? { ...payload, timestamp: at() } : payload);
    };
    const texts = Object.values(q.prompt)
      .filter((n) => n.class_type === 'CLIPTextEncode')
      .map((n) => String(n.inputs.text ?? ''));
    const directives = texts.join(' ');
    const outputs: Record<string, unknown> = {};
    const executed: string[] = [];
    const fail = (type: 'execution_error' | 'execution_interrupted', node: string, extra: Record<string, unknown> = {}) => {
      emit(type, { node_id: node, node_type: q.prompt[node]?.class_type, executed, ...extra });
      history.set(q.id, { prompt: item(q), outputs, status: { status_str: 'error', completed: false, messages }, meta: {} });
      send(q.clientId, 'executing', { node: null, prompt_id: q.id });
    };
    emit('execution_start', {});
    emit('execution_cached', { nodes: [] });
    for (const id of order(q.prompt)) {
      if (!sim.alive) return;
      const node = q.prompt[id] as Node;
      emit('executing', { node: id, display_node: id });
      if (node.class_type === 'KSampler') {
        const steps = Math.max(1, Math.min(150, Number(node.inputs.steps ?? 20)));
        for (let i = 1; i <= steps; i++) {
          await sleep(sim.stepMs);
          if (!sim.alive) return;
          if (i === 2 && directives.includes('[[sim:die]]')) {
            await sim.kill();
            return;
          }
          if (interruptFlag) {
            sim.interrupted.push(q.id);
            return fail('execution_interrupted', id);
          }
          if (i === 2 && directives.includes('[[sim:node-error]]')) {
            return fail('execution_error', id, {
              exception_message: 'Simulated CUDA error: out of memory',
              exception_type: 'torch.OutOfMemoryError',
              traceback: [],
              current_inputs: {},
              current_outputs: {},
            });
          }
          step = i;
          emit('progress', { value: i, max: steps, node: id });
        }
      } else {
        await sleep(Math.max(1, Math.round(sim.stepMs / 4)));
      }
      if (OUTPUT_CLASSES.has(node.class_type) && !directives.includes('[[sim:no-output]]')) {
        const output = await save(q, node);
        outputs[id] = output;
        emit('executed', { node: id, display_node: id, output });
      }
      executed.push(id);
    }
    emit('execution_success', {});
    history.set(q.id, { prompt: item(q), outputs, status: { status_str: 'success', completed: true, messages }, meta: {} });
    sim.finished.push(q.id);
    send(q.clientId, 'executing', { node: null, prompt_id: q.id });
  };

  /** The file an output node saves: deterministic in the prompt's texts, seed, steps and size. */
  const save = async (q: QueueItem, node: Node) => {
    const values = Object.values(q.prompt);
    const sampler = values.find((n) => n.class_type === 'KSampler');
    const latent = values.find((n) => /^Empty.*Latent/.test(n.class_type));
    const texts = values.filter((n) => n.class_type === 'CLIPTextEncode').map((n) => ascii(String(n.inputs.text ?? '')));
    const loaded = values.filter((n) => n.class_type === 'LoadImage').map((n) => String(n.inputs.image ?? ''));
    const key = JSON.stringify({
      texts,
      seed: sampler?.inputs.seed,
      steps: sampler?.inputs.steps,
      w: latent?.inputs.width,
      h: latent?.inputs.height,
      len: latent?.inputs.length ?? latent?.inputs.seconds,
      images: loaded.map((name) =>
        createHash('sha256')
          .update(sim.uploads.get(name) ?? Buffer.alloc(0))
          .digest('hex'),
      ),
    });
    const prefix = String(node.inputs.filename_prefix ?? 'ComfyUI');
    fileNo += 1;
    if (node.class_type === 'SaveAudio') {
      const filename = `${prefix}_${String(fileNo).padStart(5, '0')}_.wav`;
      files.set(`output//${filename}`, wavOf(key, Number(latent?.inputs.seconds ?? 2)));
      return { audio: [{ filename, subfolder: '', type: 'output' }] };
    }
    if (node.class_type === 'SaveVideo') {
      const filename = `${prefix}_${String(fileNo).padStart(5, '0')}_.mp4`;
      files.set(`output//${filename}`, mp4Of(2048 + (createHash('sha256').update(key).digest()[0] ?? 0)));
      return { images: [{ filename, subfolder: '', type: 'output' }], animated: [true] };
    }
    const width = Math.min(2048, Math.max(8, Number(latent?.inputs.width ?? 64)));
    const height = Math.min(2048, Math.max(8, Number(latent?.inputs.height ?? 64)));
    const filename = `${prefix}_${String(fileNo).padStart(5, '0')}_.png`;
    const type = node.class_type === 'PreviewImage' ? 'temp' : 'output';
    files.set(`${type}//${filename}`, await pngOf(width, height, key));
    return { images: [{ filename, subfolder: '', type }] };
  };

  /** ComfyUI's validate_prompt, the parts the tests need. */
  const validate = (graph: unknown): { error: Record<string, unknown>; node_errors: Record<string, unknown> } | { outputs: string[] } => {
    const bad = (type: string, message: string, details = '') => ({ error: { type, message, details, extra_info: {} }, node_errors: {} });
    if (!graph || typeof graph !== 'object') return bad('invalid_prompt', 'Invalid prompt: no prompt');
    const g = graph as Graph;
    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(g)) {
      if (!node || typeof node.class_type !== 'string')
        return bad('invalid_prompt', `Cannot execute because a node is missing the class_type property.`, `Node ID '#${id}'`);
      if (!(KNOWN as readonly string[]).includes(node.class_type))
        return bad('invalid_prompt', `Cannot execute because node ${node.class_type} does not exist.`, `Node ID '#${id}'`);
      if (node.class_type === 'LoadImage' && !sim.uploads.has(String(node.inputs.image))) {
        nodeErrors[id] = {
          errors: [
            {
              type: 'custom_validation_failed',
              message: 'Invalid image file',
              details: `image - Invalid image file: ${String(node.inputs.image)}`,
              extra_info: {},
            },
          ],
          dependent_outputs: [],
          class_type: 'LoadImage',
        };
      }
    }
    const outputs = Object.entries(g)
      .filter(([, n]) => OUTPUT_CLASSES.has(n.class_type))
      .map(([id]) => id);
    if (!outputs.length) return bad('prompt_no_outputs', 'Prompt has no outputs');
    if (Object.keys(nodeErrors).length)
      return {
        error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
        node_errors: nodeErrors,
      };
    return { outputs };
  };

  const authorized = (headers: http.IncomingHttpHeaders) => !options.token || headers.authorization === `Bearer ${options.token}`;

  const handle = async (req: RecordedRequest, res: http.ServerResponse) => {
    if (!authorized(req.headers)) return sendJson(res, 401, { error: 'Unauthorized' });
    const { method, path } = req;
    if (method === 'GET' && path === '/queue')
      return sendJson(res, 200, { queue_running: running ? [item(running)] : [], queue_pending: pending.map(item) });
    if (method === 'GET' && path === '/prompt') return sendJson(res, 200, queueInfo());
    if (method === 'POST' && path === '/prompt') {
      const body = req.json as { prompt?: unknown; client_id?: unknown } | undefined;
      const checked = validate(body?.prompt);
      if (!('outputs' in checked)) return sendJson(res, 400, checked);
      const q: QueueItem = {
        number: counter++,
        id: randomUUID(),
        prompt: body?.prompt as Graph,
        clientId: typeof body?.client_id === 'string' ? body.client_id : null,
        outputs: checked.outputs,
      };
      pending.push(q);
      sim.accepted.push(q.id);
      sim.graphs.set(q.id, structuredClone(q.prompt));
      status();
      void work();
      return sendJson(res, 200, { prompt_id: q.id, number: q.number, node_errors: {} });
    }
    if (method === 'POST' && path === '/queue') {
      const body = (req.json ?? {}) as { delete?: string[]; clear?: boolean };
      for (const id of body.delete ?? []) {
        const at = pending.findIndex((p) => p.id === id);
        if (at >= 0) {
          pending.splice(at, 1);
          sim.dequeued.push(id);
        }
      }
      if (body.clear) sim.dequeued.push(...pending.splice(0).map((p) => p.id));
      status();
      res.writeHead(200).end();
      return;
    }
    if (method === 'POST' && path === '/interrupt') {
      const body = (req.json ?? {}) as { prompt_id?: string };
      if (running && (!body.prompt_id || body.prompt_id === running.id)) interruptFlag = true;
      res.writeHead(200).end();
      return;
    }
    const h = /^\/history\/(.+)$/.exec(path);
    if (method === 'GET' && h) {
      const entry = history.get(decodeURIComponent(h[1] as string));
      return sendJson(res, 200, entry ? { [decodeURIComponent(h[1] as string)]: entry } : {});
    }
    if (method === 'POST' && path === '/history') {
      for (const id of ((req.json ?? {}) as { delete?: string[] }).delete ?? []) history.delete(id);
      res.writeHead(200).end();
      return;
    }
    if (method === 'GET' && path === '/view') {
      const name = req.query.get('filename') ?? '';
      if (!name || name.includes('..') || name.startsWith('/')) return sendJson(res, 400, { error: 'bad filename' });
      const file = files.get(`${req.query.get('type') ?? 'output'}/${req.query.get('subfolder') ?? ''}/${name}`);
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      return sendBytes(res, 200, file, name.endsWith('.png') ? 'image/png' : name.endsWith('.mp4') ? 'video/mp4' : 'audio/wav');
    }
    if (method === 'POST' && path === '/upload/image') {
      const form = await formData(req);
      const image = form.get('image');
      if (!(image instanceof Blob)) return sendJson(res, 400, { error: 'no image' });
      const subfolder = String(form.get('subfolder') ?? '');
      const name = (image as File).name || `upload_${Date.now()}.png`;
      const key = subfolder ? `${subfolder}/${name}` : name;
      sim.uploads.set(key, Buffer.from(await image.arrayBuffer()));
      return sendJson(res, 200, { name, subfolder, type: String(form.get('type') ?? 'input') });
    }
    if (method === 'GET' && path === '/system_stats') {
      return sendJson(res, 200, {
        system: {
          os: 'posix',
          ram_total: 64 * 1024 ** 3,
          ram_free: 40 * 1024 ** 3,
          comfyui_version: '0.3.sim',
          python_version: '3.12',
          embedded_python: false,
          argv: [],
        },
        devices: [
          { name: 'cuda:0 Simulated RTX 4090 : cudaMallocAsync', type: 'cuda', index: 0, vram_total: 24 * 1024 ** 3, vram_free: 20 * 1024 ** 3 },
        ],
      });
    }
    if (method === 'GET' && path === '/object_info') {
      return sendJson(
        res,
        200,
        Object.fromEntries(
          KNOWN.map((c) => [
            c,
            { input: { required: {} }, output: [], name: c, display_name: c, output_node: OUTPUT_CLASSES.has(c), category: 'sim' },
          ]),
        ),
      );
    }
    res.writeHead(404).end();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://sim');
      const body = Buffer.concat(chunks);
      const rec: RecordedRequest = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers, body };
      if (String(req.headers['content-type'] ?? '').includes('application/json') && body.length) {
        try {
          rec.json = JSON.parse(body.toString('utf8'));
        } catch {
          rec.json = undefined;
        }
      }
      requests.push(rec);
      handle(rec, res).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: `simulator error: ${String(e)}` });
      });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const u = new URL(req.url ?? '/', 'http://sim');
    if (u.pathname !== '/ws' || !authorized(req.headers)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sid = u.searchParams.get('clientId') || randomUUID().replace(/-/g, '');
      sockets.get(sid)?.terminate();
      sockets.set(sid, ws);
      ws.on('close', () => {
        if (sockets.get(sid) === ws) sockets.delete(sid);
      });
      ws.on('error', () => {});
      ws.send(JSON.stringify({ type: 'status', data: { status: queueInfo(), sid } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sim.port = (server.address() as AddressInfo).port;
  sim.url = `http://127.0.0.1:${sim.port}`;
  let closed: Promise<void> | null = null;
  sim.kill = () => {
    closed ??= new Promise<void>((resolve) => {
      sim.alive = false;
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      server.close(() => resolve());
    });
    return closed;
  };
  sim.close = sim.kill;
  return sim;
}
