import type http from 'node:http';
import {
  bearer,
  CallCounter,
  formData,
  has,
  id,
  mp3Of,
  mp4Of,
  pngOf,
  type RecordedRequest,
  type Simulator,
  sendBytes,
  sendJson,
  startSimulator,
  transientFault,
} from './common';

/**
 * A local Replicate HTTP API for tests, after Replicate's API reference:
 *   POST /v1/predictions                          { version, input } → 201, status "starting"
 *   POST /v1/models/{owner}/{name}/predictions    official models by name (flux-schnell)
 *   GET  /v1/predictions/{id}                     each read moves it on: starting → processing
 *                                                 (logs with tqdm progress bars 0% … 100%) → succeeded
 *   POST /v1/predictions/{id}/cancel              → canceled
 *   POST /v1/files (multipart `content`), DELETE /v1/files/{id}
 *   GET  /delivery/{name}                         the output files the predictions point at
 * Errors use Replicate's problem body (`{ title, detail, status }`); 401 without the token.
 * Fault directives (in input.prompt): see ./common.ts. A hung prediction stays "processing".
 */

interface Known {
  model: string;
  kind: 'image' | 'video' | 'audio';
  required: string[];
  /** How the model returns its output. */
  shape: 'array' | 'string';
}

const VERSIONS: Record<string, Known> = {
  '39ed52f2a78e934b3ba6e2a89f5b1c712de7dfea535525255b1aa35c5565e08b': {
    model: 'stability-ai/sdxl',
    kind: 'image',
    required: ['prompt'],
    shape: 'array',
  },
  beecf59c4aee8d81bf04f0381033dfa10dc16e845b4ae00d281e2fa377e48a9f: {
    model: 'lucataco/animate-diff',
    kind: 'video',
    required: ['prompt'],
    shape: 'string',
  },
  '3f0457e4619daac51203dedb472816fd4af51f3149fa7a9e0b5ffcf1b8172438': {
    model: 'stability-ai/stable-video-diffusion',
    kind: 'video',
    required: ['input_image'],
    shape: 'string',
  },
  '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb': {
    model: 'meta/musicgen',
    kind: 'audio',
    required: ['prompt'],
    shape: 'string',
  },
};
const OFFICIAL: Record<string, Known> = {
  'black-forest-labs/flux-schnell': { model: 'black-forest-labs/flux-schnell', kind: 'image', required: ['prompt'], shape: 'array' },
};

export interface SimPrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, any>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  logs: string;
  output: unknown;
  error: string | null;
  reads: number;
  known: Known;
  created_at: string;
  started_at?: string;
  completed_at?: string;
  /** Every status it went through, in order. */
  history: string[];
}

export interface ReplicateSimulator extends Simulator {
  apiToken: string;
  predictions: Map<string, SimPrediction>;
  files: Map<string, { data: Buffer; type: string }>;
  uploads: Map<string, { size: number; type: string }>;
  /** Reads spent in "processing" before a prediction succeeds. */
  processingReads: number;
}

const problem = (res: http.ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
  sendJson(res, status, { title, detail, status }, { 'content-type': 'application/problem+json', ...headers });

function bar(pct: number, steps: number): string {
  const done = Math.round((pct / 100) * steps);
  return `${String(pct).padStart(3)}%|${'█'.repeat(done)}${' '.repeat(steps - done)}| ${done}/${steps} [00:0${done}<00:0${steps - done}, 1.50it/s]`;
}

export async function startReplicateSimulator(options: { apiToken?: string } = {}): Promise<ReplicateSimulator> {
  const apiToken = options.apiToken ?? 'r8_sim_0123456789abcdef';
  const counter = new CallCounter();
  const predictions = new Map<string, SimPrediction>();
  const files = new Map<string, { data: Buffer; type: string }>();
  const uploads = new Map<string, { size: number; type: string }>();

  const view = (p: SimPrediction, base: string) => ({
    id: p.id,
    model: p.model,
    version: p.version,
    input: p.input,
    logs: p.logs,
    output: p.output,
    data_removed: false,
    error: p.error,
    status: p.status,
    created_at: p.created_at,
    ...(p.started_at ? { started_at: p.started_at } : {}),
    ...(p.completed_at ? { completed_at: p.completed_at, metrics: { predict_time: 2.5, total_time: 3 } } : {}),
    urls: { get: `${base}/v1/predictions/${p.id}`, cancel: `${base}/v1/predictions/${p.id}/cancel`, web: `https://replicate.com/p/${p.id}` },
  });

  const setStatus = (p: SimPrediction, status: SimPrediction['status']) => {
    p.status = status;
    if (p.history.at(-1) !== status) p.history.push(status);
  };

  async function finish(p: SimPrediction, base: string) {
    const prompt = String(p.input.prompt ?? '');
    if (has(prompt, 'fail')) {
      setStatus(p, 'failed');
      p.error = 'NSFW content detected. Try running it again, or try a different prompt.';
      p.completed_at = new Date().toISOString();
      return;
    }
    let data: Buffer;
    let type: string;
    let ext: string;
    if (p.known.kind === 'image') {
      const [w, h] = [Number(p.input.width ?? 1024), Number(p.input.height ?? 1024)];
      data = await pngOf(Math.round(w / 16), Math.round(h / 16), prompt);
      type = 'image/png';
      ext = 'png';
    } else if (p.known.kind === 'video') {
      data = mp4Of();
      type = 'video/mp4';
      ext = 'mp4';
    } else {
      data = mp3Of();
      type = 'audio/mpeg';
      ext = 'mp3';
    }
    if (has(prompt, 'html')) {
      data = Buffer.from('<html><body>not media</body></html>');
      type = 'text/html';
    }
    const name = `${p.id}/out-0.${ext}`;
    files.set(name, { data, type });
    const url = has(prompt, 'private-url') ? `http://169.254.169.254/latest/meta-data/${name}` : `${base}/delivery/${name}`;
    p.output = has(prompt, 'malformed') ? null : p.known.shape === 'array' ? [url] : url;
    setStatus(p, 'succeeded');
    p.logs += `\n${bar(100, 4)}\nDone.`;
    p.completed_at = new Date().toISOString();
  }

  async function advance(p: SimPrediction, base: string, processingReads: number) {
    if (p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled') return;
    p.reads += 1;
    const hung = has(String(p.input.prompt ?? ''), 'hang');
    if (p.status === 'starting') {
      setStatus(p, 'processing');
      p.started_at = new Date().toISOString();
      p.logs = `Using seed: ${p.input.seed ?? 1234}\n${bar(0, 4)}`;
      return;
    }
    if (hung) return;
    const step = p.reads - 1;
    if (step < processingReads) {
      p.logs += `\n${bar(Math.round((step / processingReads) * 100), 4)}`;
      return;
    }
    await finish(p, base);
  }

  function create(req: RecordedRequest, res: http.ServerResponse, s: Simulator, known: Known, version: string) {
    const input = req.json?.input;
    if (!input || typeof input !== 'object') return problem(res, 422, 'Input validation failed', 'input: Input is required');
    for (const key of known.required)
      if (input[key] === undefined || input[key] === '') return problem(res, 422, 'Input validation failed', `input: ${key} is required`);
    const prompt = String(input.prompt ?? '');
    const status = transientFault(counter, req.path, prompt);
    if (status === 429)
      return problem(res, 429, 'Too Many Requests', 'Request was throttled. Expected available in 1 second.', {
        'retry-after': String(s.knobs.retryAfterSeconds),
      });
    if (status) return problem(res, status, 'Internal Server Error', 'Something went wrong', { 'retry-after': String(s.knobs.retryAfterSeconds) });
    if (has(prompt, 'reject')) return problem(res, 422, 'Input validation failed', 'input.prompt: the simulator was told to refuse this prompt');
    const p: SimPrediction = {
      id: id('', prompt).slice(0, 26),
      model: known.model,
      version,
      input,
      status: 'starting',
      logs: '',
      output: null,
      error: null,
      reads: 0,
      known,
      created_at: new Date().toISOString(),
      history: ['starting'],
    };
    predictions.set(p.id, p);
    return sendJson(res, 201, view(p, s.url));
  }

  const sim = (await startSimulator(async (req, res, s) => {
    const self = sim as ReplicateSimulator;
    if (req.method === 'GET' && req.path.startsWith('/delivery/')) {
      const f = files.get(req.path.slice('/delivery/'.length));
      if (!f) return problem(res, 404, 'Not found', 'No such file');
      return sendBytes(res, 200, f.data, f.type);
    }
    if (bearer(req) !== apiToken) return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');

    if (req.method === 'POST' && req.path === '/v1/predictions') {
      const version = String(req.json?.version ?? '');
      const known = VERSIONS[version.includes(':') ? (version.split(':')[1] as string) : version];
      if (!known) return problem(res, 422, 'Invalid version', 'Invalid version or not permitted');
      return create(req, res, s, known, version);
    }
    const byModel = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(req.path);
    if (req.method === 'POST' && byModel) {
      const known = OFFICIAL[byModel[1] as string];
      if (!known) return problem(res, 404, 'Not found', 'The requested resource could not be found, or it is not an official model');
      return create(req, res, s, known, 'official');
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && get) {
      const p = predictions.get(get[1] as string);
      if (!p) return problem(res, 404, 'Not found', 'Prediction not found');
      await advance(p, s.url, self.processingReads);
      return sendJson(res, 200, view(p, s.url));
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(req.path);
    if (req.method === 'POST' && cancel) {
      const p = predictions.get(cancel[1] as string);
      if (!p) return problem(res, 404, 'Not found', 'Prediction not found');
      if (p.status === 'starting' || p.status === 'processing') {
        setStatus(p, 'canceled');
        p.completed_at = new Date().toISOString();
      }
      return sendJson(res, 200, view(p, s.url));
    }
    if (req.method === 'POST' && req.path === '/v1/files') {
      const form = await formData(req);
      const content = form.get('content');
      if (!(content instanceof Blob)) return problem(res, 400, 'Bad request', 'content: a file is required');
      const fileId = id('', 'file').slice(0, 20);
      uploads.set(fileId, { size: content.size, type: content.type });
      return sendJson(res, 201, {
        id: fileId,
        name: 'upload',
        content_type: content.type || 'application/octet-stream',
        size: content.size,
        etag: fileId,
        checksums: {},
        metadata: {},
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        urls: { get: `${s.url}/v1/files/${fileId}` },
      });
    }
    const del = /^\/v1\/files\/([^/]+)$/.exec(req.path);
    if (req.method === 'DELETE' && del) {
      uploads.delete(del[1] as string);
      res.writeHead(204);
      return res.end();
    }
    return problem(res, 404, 'Not found', `No route for ${req.method} ${req.path}`);
  })) as ReplicateSimulator;
  sim.apiToken = apiToken;
  sim.predictions = predictions;
  sim.files = files;
  sim.uploads = uploads;
  sim.processingReads = 3;
  return sim;
}
