import Replicate, { type Prediction, parseProgressFromLogs } from 'replicate';
import { abortError, deadline, ProviderError, retryAfterMs, sleep, toProviderError } from './errors';
import { type AdapterContext, imageOutput, mediaOutput, num, readAll, str } from './media';
import { REPLICATE_HARDWARE_USD_PER_SECOND, replicateCostUsd } from './pricing';
import type { Engine, EngineInput, EngineOutput, MediaKind } from './types';

/**
 * Replicate through its official SDK: a prediction is created, polled (starting → processing →
 * succeeded, progress read from its logs), and its output URLs are downloaded into our storage
 * with the safe downloader. Cancelling the generation (or its deadline passing) cancels the
 * prediction so it stops running and billing. Versions are pinned so a re-run uses the same model.
 */

export const PROVIDER = 'replicate';
const LABEL = 'Replicate';

export interface ReplicateConfig {
  apiToken: string;
  baseUrl?: string | undefined;
}

interface ReplicateModel {
  /** owner/name */
  ref: string;
  /** Pinned version; absent for official models, which run by name. */
  version?: string;
  kind: MediaKind;
  price: { perSecond?: number; perOutput?: number };
  input(args: { prompt: string; params: Record<string, unknown>; seed: number | null; image?: string; audio?: string }): Record<string, unknown>;
}

const ratio = (params: Record<string, unknown>) => str(params.aspectRatio) ?? '1:1';
/** SDXL's trained sizes nearest each ratio. */
const SDXL_SIZES: Record<string, [number, number]> = { '1:1': [1024, 1024], '16:9': [1344, 768], '9:16': [768, 1344] };

export const REPLICATE_MODELS: Record<string, ReplicateModel> = {
  'replicate/sdxl': {
    ref: 'stability-ai/sdxl',
    version: '39ed52f2a78e934b3ba6e2a89f5b1c712de7dfea535525255b1aa35c5565e08b',
    kind: 'image',
    price: { perSecond: REPLICATE_HARDWARE_USD_PER_SECOND['nvidia-l40s'] },
    input: ({ prompt, params, seed }) => {
      const [width, height] = SDXL_SIZES[ratio(params)] ?? [1024, 1024];
      return {
        prompt,
        width,
        height,
        num_outputs: 1,
        ...(str(params.negativePrompt) ? { negative_prompt: str(params.negativePrompt) } : {}),
        ...(seed !== null ? { seed } : {}),
      };
    },
  },
  // Style transfer (issue 9): SDXL image-to-image — the content image repainted as the prompt's style;
  // the studio's strength (0–100) is SDXL's prompt_strength (how far it may move from the image).
  'replicate/sdxl-style': {
    ref: 'stability-ai/sdxl',
    version: '39ed52f2a78e934b3ba6e2a89f5b1c712de7dfea535525255b1aa35c5565e08b',
    kind: 'image',
    price: { perSecond: REPLICATE_HARDWARE_USD_PER_SECOND['nvidia-l40s'] },
    input: ({ prompt, params, seed, image }) => ({
      prompt,
      image,
      prompt_strength: Math.min(0.95, Math.max(0.05, (num(params.strength) ?? 75) / 100)),
      num_outputs: 1,
      ...(str(params.negativePrompt) ? { negative_prompt: str(params.negativePrompt) } : {}),
      ...(seed !== null ? { seed } : {}),
    }),
  },
  'replicate/flux-schnell': {
    ref: 'black-forest-labs/flux-schnell',
    kind: 'image',
    price: { perOutput: 0.003 },
    input: ({ prompt, params, seed }) => ({
      prompt,
      aspect_ratio: ratio(params),
      num_outputs: 1,
      output_format: 'png',
      ...(seed !== null ? { seed } : {}),
    }),
  },
  'replicate/animate-diff': {
    ref: 'lucataco/animate-diff',
    version: 'beecf59c4aee8d81bf04f0381033dfa10dc16e845b4ae00d281e2fa377e48a9f',
    kind: 'video',
    price: { perSecond: REPLICATE_HARDWARE_USD_PER_SECOND['nvidia-a100-80gb'] },
    input: ({ prompt, params, seed }) => ({
      prompt,
      ...(str(params.negativePrompt) ? { n_prompt: str(params.negativePrompt) } : {}),
      ...(seed !== null ? { seed } : {}),
    }),
  },
  'replicate/stable-video-diffusion': {
    ref: 'stability-ai/stable-video-diffusion',
    version: '3f0457e4619daac51203dedb472816fd4af51f3149fa7a9e0b5ffcf1b8172438',
    kind: 'video',
    price: { perSecond: REPLICATE_HARDWARE_USD_PER_SECOND['nvidia-a100-80gb'] },
    input: ({ params, seed, image }) => ({
      input_image: image,
      video_length: '25_frames_with_svd_xt',
      sizing_strategy: ratio(params) === '16:9' ? 'crop_to_16_9' : 'maintain_aspect_ratio',
      frames_per_second: 6,
      ...(seed !== null ? { seed } : {}),
    }),
  },
  'replicate/musicgen': {
    ref: 'meta/musicgen',
    version: '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb',
    kind: 'audio',
    price: { perSecond: REPLICATE_HARDWARE_USD_PER_SECOND['nvidia-a100-80gb'] },
    input: ({ prompt, params, seed, audio }) => ({
      prompt,
      model_version: audio ? 'stereo-melody-large' : 'stereo-large',
      duration: Math.round(Math.min(30, Math.max(1, num(params.duration) ?? 8))),
      output_format: 'mp3',
      normalization_strategy: 'peak',
      ...(audio ? { input_audio: audio } : {}),
      ...(seed !== null ? { seed } : {}),
    }),
  },
};

/** The SDK wants the API root including /v1; accept a bare origin too. */
export function replicateBaseUrl(configured: string | undefined): string {
  if (!configured) return 'https://api.replicate.com/v1';
  const trimmed = configured.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/**
 * Replicate's SDK retries 429 (and 5xx on GET) up to five times with no pause and ignores
 * Retry-After. This fetch makes those retries wait as the server asks (Retry-After, else a
 * doubling backoff), and after `maxRetries` answers the SDK's further retries from memory
 * instead of hitting the API again, so the SDK gives up and we map the error.
 */
export function gatedFetch(maxRetries: number, base: typeof fetch = fetch, maxWaitMs = 30_000): typeof fetch {
  const calls = new WeakMap<
    object,
    { attempts: number; waitUntil: number; exhausted?: { status: number; statusText: string; headers: Headers; body: string } }
  >();
  const replay = (r: { status: number; statusText: string; headers: Headers; body: string }) =>
    new Response(r.body, { status: r.status, statusText: r.statusText, headers: r.headers });
  return async (input, init) => {
    const key = (init ?? input) as object;
    const state = calls.get(key) ?? { attempts: 0, waitUntil: 0 };
    calls.set(key, state);
    if (state.exhausted) return replay(state.exhausted);
    const wait = state.waitUntil - Date.now();
    if (wait > 0) await sleep(wait, init?.signal ?? undefined);
    const res = await base(input, init);
    state.attempts += 1;
    const method = (init?.method ?? 'GET').toUpperCase();
    const retryable = res.status === 429 || (method === 'GET' && res.status >= 500);
    if (!retryable) return res;
    const snapshot = { status: res.status, statusText: res.statusText, headers: res.headers, body: await res.text() };
    const after = retryAfterMs(res.headers) ?? 500 * 2 ** (state.attempts - 1);
    if (state.attempts > maxRetries || after > maxWaitMs) state.exhausted = snapshot;
    else state.waitUntil = Date.now() + after;
    return replay(snapshot);
  };
}

export function createReplicateClient(config: ReplicateConfig, maxRetries: number): Replicate {
  return new Replicate({
    auth: config.apiToken,
    baseUrl: replicateBaseUrl(config.baseUrl),
    userAgent: 'atelier',
    useFileOutput: false,
    fetch: gatedFetch(maxRetries) as never,
  });
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
/** Inputs up to this size travel inline as data URLs; larger ones go through Replicate's files API. */
const INLINE_LIMIT = 256 * 1024;

function outputUrls(output: unknown): string[] {
  if (typeof output === 'string') return [output];
  if (Array.isArray(output)) return output.filter((o): o is string => typeof o === 'string');
  if (output && typeof output === 'object') return Object.values(output).flatMap((v) => outputUrls(v));
  return [];
}

export function replicateEngines(config: ReplicateConfig, ctx: AdapterContext): Record<string, Engine> {
  let client: Replicate | undefined;
  const sdk = () => {
    client ??= createReplicateClient(config, ctx.limits.maxRetries);
    return client;
  };
  const secrets = [config.apiToken];

  /** A user's stored file as a Replicate input: a data URL when small, else an uploaded file. */
  async function fileInput(input: EngineInput, key: string, mime: string, signal: AbortSignal, uploaded: string[]): Promise<string> {
    const data = await readAll(input.storage.read(key));
    if (data.length <= INLINE_LIMIT) return `data:${mime};base64,${data.toString('base64')}`;
    const file = await sdk().files.create(new Blob([new Uint8Array(data)], { type: mime }), { source: 'atelier' }, { signal });
    uploaded.push(file.id);
    return file.urls.get;
  }

  const engine =
    (model: ReplicateModel): Engine =>
    async (input) => {
      const { prompt, params, seed, signal, onProgress } = input;
      const d = deadline(PROVIDER, LABEL, signal, ctx.limits.timeoutMs[model.kind]);
      let prediction: Prediction | undefined;
      const uploaded: string[] = [];
      try {
        onProgress(2);
        // A retry after a crash resumes the prediction the earlier attempt started, unless it ended badly.
        const previousId = input.providerJob?.previousId;
        if (previousId) {
          const earlier = await sdk()
            .predictions.get(previousId, { signal: d.signal })
            .catch(() => undefined);
          if (earlier?.id && typeof earlier.status === 'string' && (earlier.status === 'succeeded' || !TERMINAL.has(earlier.status)))
            prediction = earlier;
        }
        if (!prediction) {
          const imageKey = str(params.image);
          const audioKey = str(params.referenceAudio);
          const image = imageKey
            ? await fileInput(
                input,
                imageKey,
                imageKey.endsWith('.jpg') ? 'image/jpeg' : imageKey.endsWith('.webp') ? 'image/webp' : 'image/png',
                d.signal,
                uploaded,
              )
            : undefined;
          const audio = audioKey
            ? await fileInput(input, audioKey, audioKey.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg', d.signal, uploaded)
            : undefined;
          const body = model.input({ prompt, params, seed, ...(image ? { image } : {}), ...(audio ? { audio } : {}) });
          prediction = await sdk().predictions.create(
            model.version ? { version: model.version, input: body, signal: d.signal } : { model: model.ref, input: body, signal: d.signal },
          );
          if (!prediction?.id || typeof prediction.status !== 'string')
            throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned no prediction`);
          await input.providerJob?.remember(prediction.id);
        }
        const statuses = [prediction.status];
        onProgress(5);
        while (!TERMINAL.has(prediction.status)) {
          await sleep(ctx.limits.pollIntervalMs, d.signal);
          prediction = await sdk().predictions.get(prediction.id, { signal: d.signal });
          if (statuses.at(-1) !== prediction.status) statuses.push(prediction.status);
          if (prediction.status === 'processing') {
            const p = parseProgressFromLogs(prediction);
            onProgress(p ? 10 + Math.round(p.percentage * 75) : 10);
          }
        }
        if (prediction.status === 'failed') {
          const said = typeof prediction.error === 'string' && prediction.error.trim() ? prediction.error.trim().slice(0, 500) : 'the model failed';
          throw new ProviderError(PROVIDER, 'rejected', `${LABEL} could not generate this: ${said}`);
        }
        if (prediction.status !== 'succeeded') throw new ProviderError(PROVIDER, 'rejected', `${LABEL} cancelled the prediction`);
        const urls = outputUrls(prediction.output);
        const first = urls[0];
        if (!first) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} finished without an output`);
        onProgress(88);
        const downloaded = await ctx.download(first, model.kind, d.signal, LABEL);
        const common = {
          providerCostUsd: replicateCostUsd(model.price, prediction.metrics, urls.length),
          providerRequestId: prediction.id,
          modelVersion: model.version ? `${model.ref}:${model.version}` : model.ref,
          seed,
        };
        const metadata = {
          provider: PROVIDER,
          statuses,
          predictTimeSeconds: prediction.metrics?.predict_time ?? null,
          outputHost: downloaded.host,
        };
        let out: EngineOutput;
        if (model.kind === 'image') {
          const img = await imageOutput(LABEL, downloaded.data);
          out = { file: img.file, thumbnail: img.thumbnail, metadata: { ...metadata, width: img.width, height: img.height }, ...common };
        } else {
          out = { ...mediaOutput(LABEL, model.kind, downloaded.data), metadata, ...common };
        }
        if (out.providerCostUsd === undefined) delete out.providerCostUsd;
        onProgress(97);
        return out;
      } catch (e) {
        // Stop the prediction running (and billing) when we stop waiting for it.
        if (prediction?.id && !TERMINAL.has(prediction.status)) await cancelQuietly(sdk(), prediction.id);
        if (signal.aborted) throw abortError(signal);
        if (d.timedOut()) throw d.timeoutError();
        throw toProviderError(PROVIDER, LABEL, e, secrets);
      } finally {
        for (const fileId of uploaded)
          await sdk()
            .files.delete(fileId, { signal: AbortSignal.timeout(5000) })
            .catch(() => {});
      }
    };

  const out: Record<string, Engine> = {};
  for (const [id, model] of Object.entries(REPLICATE_MODELS)) out[id] = engine(model);
  return out;
}

async function cancelQuietly(client: Replicate, id: string): Promise<void> {
  try {
    await client.predictions.cancel(id, { signal: AbortSignal.timeout(5000) });
  } catch {
    // Best effort: the prediction may have finished meanwhile.
  }
}
