import { Readable } from 'node:stream';
import { parseEnv } from '@atelier/shared/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders, type ProviderRegistry } from './index';
import type { RecordedRequest } from './testing/common';
import { type Simulators, startSimulators } from './testing/index';
import type { EngineInput, EngineOutput } from './types';

/**
 * Each adapter called directly against its simulator (no database, no queue): request shapes,
 * outputs, streaming order, error mapping, deadlines and cancellation. The worker pipeline
 * (COMPLETED/FAILED, refunds) is covered by providers.int.test.ts.
 */

let sims: Simulators;
let providers: ProviderRegistry;
const stored = new Map<string, Buffer>();
const storage = { read: (key: string) => Readable.from([stored.get(key) ?? Buffer.alloc(0)]) };

beforeAll(async () => {
  sims = await startSimulators();
  providers = createProviders(parseEnv({ NODE_ENV: 'test', ...sims.env }), {
    limits: { timeoutMs: { text: 1500, image: 1500, audio: 1500, video: 2500 }, pollIntervalMs: 20, downloadTimeoutMs: 2000 },
    downloadAllowHosts: ['127.0.0.1'],
  });
});
afterAll(async () => {
  await sims.close();
});

async function run(
  modelId: string,
  prompt: string,
  params: Record<string, unknown> = {},
  options: { signal?: AbortSignal } = {},
): Promise<{ out: EngineOutput; progress: number[] }> {
  const engine = providers.engines[modelId];
  if (!engine) throw new Error(`no engine for ${modelId}`);
  const progress: number[] = [];
  const input: EngineInput = {
    modelId,
    prompt,
    params,
    seed: typeof params.seed === 'number' ? params.seed : null,
    storage,
    signal: options.signal ?? new AbortController().signal,
    onProgress: (p) => progress.push(p),
  };
  return { out: await engine(input), progress };
}

async function failure(promise: Promise<unknown>): Promise<Error & { kind?: string; retryable?: boolean; status?: number }> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

/** Reads a chat stream to its end: the tokens, and the generator's return value. */
async function drain(gen: AsyncGenerator<string, unknown> | undefined) {
  const tokens: string[] = [];
  if (!gen) throw new Error('no adapter');
  for (;;) {
    const result = await gen.next();
    if (result.done) return { tokens, result };
    tokens.push(result.value);
  }
}

const pathsOf = (sim: { requests: RecordedRequest[] }, path: string) => sim.requests.filter((r) => r.path === path);

describe('registry', () => {
  it('offers every configured provider and model, and lists its installed adapters', () => {
    expect(providers.installed).toEqual(['openai', 'anthropic', 'replicate', 'elevenlabs', 'openai-compatible', 'comfyui', 'ollama']);
    expect(providers.configured.sort()).toEqual(['anthropic', 'elevenlabs', 'openai', 'openai-compatible', 'replicate']);
    expect(Object.keys(providers.engines).sort()).toEqual(
      [
        'anthropic/claude-sonnet-4-5',
        'elevenlabs/eleven_turbo_v2_5',
        'elevenlabs/voice-clone',
        'openai-compatible/llama3.1',
        'openai-compatible/qwen2.5',
        'openai/dall-e-3',
        'openai/gpt-3.5-turbo',
        'openai/gpt-4-turbo',
        'openai/gpt-image-1',
        'openai/tts-1',
        'replicate/animate-diff',
        'replicate/flux-schnell',
        'replicate/musicgen',
        'replicate/sdxl',
        'replicate/sdxl-style',
        'replicate/stable-video-diffusion',
      ].sort(),
    );
    expect(Object.keys(providers.chat).sort()).toEqual(
      ['anthropic/claude-sonnet-4-5', 'openai-compatible/llama3.1', 'openai-compatible/qwen2.5', 'openai/gpt-3.5-turbo', 'openai/gpt-4-turbo'].sort(),
    );
  });

  it('offers nothing hosted when no key is set', () => {
    const none = createProviders(parseEnv({ NODE_ENV: 'test' }));
    expect(none.engines).toEqual({});
    expect(none.chat).toEqual({});
    expect(none.configured).toEqual([]);
  });
});

describe('OpenAI', () => {
  it('dall-e-3: maps 16:9/1080p to 1792x1024 hd, decodes base64, makes a thumbnail and prices it', async () => {
    const { out, progress } = await run('openai/dall-e-3', 'a lighthouse at dusk', { aspectRatio: '16:9', resolution: '1080p' });
    const sent = pathsOf(sims.openai, '/v1/images/generations').at(-1)?.json;
    expect(sent).toMatchObject({ model: 'dall-e-3', size: '1792x1024', quality: 'hd', response_format: 'b64_json', n: 1 });
    expect(out.file?.mime).toBe('image/png');
    expect(out.thumbnail?.ext).toBe('webp');
    expect(out.metadata).toMatchObject({ revisedPrompt: 'A detailed rendering of: a lighthouse at dusk', width: 112, height: 64 });
    expect(out.providerCostUsd).toBe(0.12);
    expect(out.providerRequestId).toMatch(/^req_/);
    expect(progress.at(-1)).toBeGreaterThan(50);
  });

  it('gpt-image-1: no response_format, quality from resolution, cost from reported usage', async () => {
    const { out } = await run('openai/gpt-image-1', 'a red bicycle', { aspectRatio: '9:16', resolution: '480p' });
    const sent = pathsOf(sims.openai, '/v1/images/generations').at(-1)?.json;
    expect(sent).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', quality: 'low' });
    expect(sent.response_format).toBeUndefined();
    expect(out.file?.mime).toBe('image/png');
    // 50 text tokens in at $5/M, 4160 image tokens out at $40/M
    expect(out.providerCostUsd).toBeCloseTo(0.16665, 5);
  });

  it('an image URL answer is downloaded through the safe downloader', async () => {
    const { out } = await run('openai/dall-e-3', 'a tree [[sim:url]]');
    expect(out.file?.mime).toBe('image/png');
    expect(sims.openai.requests.some((r) => r.method === 'GET' && r.path.startsWith('/files/'))).toBe(true);
  });

  it('tts-1: voice and speed are sent, MP3 returned, priced per character', async () => {
    const { out } = await run('openai/tts-1', 'Hello there', { voiceId: 'nova', speed: 1.5 });
    expect(pathsOf(sims.openai, '/v1/audio/speech').at(-1)?.json).toMatchObject({ model: 'tts-1', voice: 'nova', speed: 1.5, input: 'Hello there' });
    expect(out.file).toMatchObject({ ext: 'mp3', mime: 'audio/mpeg' });
    expect(out.providerCostUsd).toBeCloseTo((11 * 15) / 1e6, 9);
  });

  it('tts-1: an unknown voice fails at once, before any call', async () => {
    const before = sims.openai.requests.length;
    const e = await failure(run('openai/tts-1', 'Hi', { voiceId: 'en-us' }));
    expect(e.name).toBe('UnrecoverableError');
    expect(e.message).toContain('no voice "en-us"');
    expect(sims.openai.requests.length).toBe(before);
  });

  it('text: a completion with usage-based cost', async () => {
    const { out } = await run('openai/gpt-4-turbo', 'Write a haiku');
    expect(out.text).toBe('Simulated reply to: Write a haiku');
    expect(out.providerCostUsd).toBeGreaterThan(0);
    expect(out.modelVersion).toBe('gpt-4-turbo');
  });

  it('streams chat tokens in order and reports usage', async () => {
    const adapter = providers.chat['openai/gpt-3.5-turbo'];
    const gen = adapter?.streamReply({
      modelId: 'openai/gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'count to three' }],
      signal: new AbortController().signal,
    });
    const { tokens, result } = await drain(gen);
    expect(tokens).toEqual(['Simulated ', 'reply ', 'to: ', 'count ', 'to ', 'three']);
    expect(result?.value).toMatchObject({ tokensOut: 6 });
    expect(pathsOf(sims.openai, '/v1/chat/completions').at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('a broken chat stream fails as malformed', async () => {
    const gen = providers.chat['openai/gpt-4-turbo']?.streamReply({
      modelId: 'openai/gpt-4-turbo',
      messages: [{ role: 'user', content: 'x [[sim:malformed]]' }],
      signal: new AbortController().signal,
    });
    const e = await failure(
      (async () => {
        for await (const _ of gen as AsyncGenerator<string>) {
          /* drain */
        }
      })(),
    );
    expect(e, String(e.cause)).toMatchObject({ name: 'UnrecoverableError', kind: 'malformed' });
  });

  it('429 then success: the SDK waits Retry-After and the call succeeds', async () => {
    const t0 = Date.now();
    const { out } = await run('openai/dall-e-3', 'rate limited once [[sim:429x1]]');
    expect(out.file?.mime).toBe('image/png');
    expect(pathsOf(sims.openai, '/v1/images/generations').filter((r) => r.json?.prompt?.includes('rate limited once'))).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('a 429 that outlasts the retries is retryable for the queue', async () => {
    const patient = createProviders(parseEnv({ NODE_ENV: 'test', ...sims.env }), { limits: { timeoutMs: { image: 15_000 } } });
    const engine = patient.engines['openai/dall-e-3'] as NonNullable<(typeof patient.engines)[string]>;
    const e = await failure(
      engine({
        modelId: 'openai/dall-e-3',
        prompt: 'always limited [[sim:429x9]]',
        params: {},
        seed: null,
        storage,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    );
    expect(e).toMatchObject({ name: 'ProviderError', kind: 'rate_limited', retryable: true, status: 429 });
  }, 20_000);

  it('a 400 is final, with the provider message; a safety refusal too', async () => {
    const e = await failure(run('openai/dall-e-3', 'bad [[sim:reject]]'));
    expect(e).toMatchObject({ name: 'UnrecoverableError', kind: 'rejected', status: 400 });
    expect(e.message).toContain('the simulator was told to refuse it');
    const s = await failure(run('openai/dall-e-3', 'unsafe [[sim:safety]]'));
    expect(s.message).toContain('safety system');
    expect(s.name).toBe('UnrecoverableError');
  });

  it('a hang ends at the deadline as a final timeout', async () => {
    const t0 = Date.now();
    const e = await failure(run('openai/dall-e-3', 'slow [[sim:hang]]'));
    expect(e).toMatchObject({ name: 'UnrecoverableError', kind: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('malformed output fails: not an image, a broken stream', async () => {
    expect(await failure(run('openai/dall-e-3', 'junk [[sim:malformed]]'))).toMatchObject({ kind: 'malformed', name: 'UnrecoverableError' });
    expect(await failure(run('openai/gpt-3.5-turbo', 'junk [[sim:malformed]]'))).toMatchObject({ kind: 'malformed' });
    expect(await failure(run('openai/tts-1', 'junk [[sim:malformed]]'))).toMatchObject({ kind: 'malformed' });
  });

  it('a wrong key is an auth failure whose message never carries the key', async () => {
    const bad = createProviders(
      parseEnv({ NODE_ENV: 'test', OPENAI_API_KEY: 'sk-wrong-key-abcdefghijkl', OPENAI_BASE_URL: `${sims.openai.url}/v1` }),
    );
    const e = await failure(
      (bad.engines['openai/gpt-3.5-turbo'] as NonNullable<(typeof bad.engines)[string]>)({
        modelId: 'openai/gpt-3.5-turbo',
        prompt: 'hi',
        params: {},
        seed: null,
        storage,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    );
    expect(e).toMatchObject({ kind: 'auth', name: 'UnrecoverableError', status: 401 });
    expect(e.message).not.toContain('sk-wrong-key');
  });

  it('cancelling aborts the call as an AbortError (not a provider failure)', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = await failure(run('openai/dall-e-3', 'cancel me [[sim:hang]]', {}, { signal: controller.signal }));
    expect(e.name).toBe('AbortError');
  });
});

describe('Anthropic', () => {
  it('streams chat tokens in order with usage from message_start and message_delta', async () => {
    const adapter = providers.chat['anthropic/claude-sonnet-4-5'];
    const gen = adapter?.streamReply({
      modelId: 'anthropic/claude-sonnet-4-5',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: 'name three colours' },
      ],
      signal: new AbortController().signal,
    });
    const { tokens, result } = await drain(gen);
    expect(tokens.join('')).toBe('Simulated reply to: name three colours');
    expect(tokens).toEqual(['Simulated ', 'reply ', 'to: ', 'name ', 'three ', 'colours']);
    expect(result?.value).toMatchObject({ tokensOut: 6 });
    expect((result?.value as { tokensIn: number } | undefined)?.tokensIn).toBeGreaterThan(0);
    const sent = pathsOf(sims.anthropic, '/v1/messages').at(-1);
    expect(sent?.json).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
    expect([sent?.headers['x-api-key'], sent?.headers.authorization]).toContain(
      sent?.headers['x-api-key'] ? sims.anthropic.apiKey : `Bearer ${sims.anthropic.apiKey}`,
    );
    expect(sent?.headers['anthropic-version']).toBeTruthy();
  });

  it('text generation, 429 then success, a final 400, a hang, a refusal, a broken stream', async () => {
    expect((await run('anthropic/claude-sonnet-4-5', 'plain')).out.text).toBe('Simulated reply to: plain');
    const ok = await run('anthropic/claude-sonnet-4-5', 'busy [[sim:429x1]]');
    expect(ok.out.providerCostUsd).toBeGreaterThan(0);
    expect(await failure(run('anthropic/claude-sonnet-4-5', 'no [[sim:reject]]'))).toMatchObject({ kind: 'rejected', name: 'UnrecoverableError' });
    expect(await failure(run('anthropic/claude-sonnet-4-5', 'wait [[sim:hang]]'))).toMatchObject({ kind: 'timeout' });
    expect(await failure(run('anthropic/claude-sonnet-4-5', 'refuse [[sim:safety]]'))).toMatchObject({ kind: 'rejected' });
    const adapter = providers.chat['anthropic/claude-sonnet-4-5'];
    const gen = adapter?.streamReply({
      modelId: 'anthropic/claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'x [[sim:malformed]]' }],
      signal: new AbortController().signal,
    });
    const e = await failure(
      (async () => {
        for await (const _ of gen as AsyncGenerator<string>) {
          /* drain */
        }
      })(),
    );
    expect(e, String((e as Error).cause)).toMatchObject({ name: 'UnrecoverableError', kind: 'malformed' });
  });
});

describe('Replicate', () => {
  it('sdxl: starting → processing → succeeded, progress from the logs, output downloaded, cost from predict_time', async () => {
    const { out, progress } = await run('replicate/sdxl', 'a castle', { aspectRatio: '16:9', seed: 7, negativePrompt: 'blurry' });
    expect(out.metadata.statuses).toEqual(['starting', 'processing', 'succeeded']);
    const created = pathsOf(sims.replicate, '/v1/predictions').at(-1)?.json;
    expect(created).toMatchObject({
      version: expect.stringMatching(/^39ed52f2/),
      input: { prompt: 'a castle', width: 1344, height: 768, seed: 7, negative_prompt: 'blurry' },
    });
    expect(out.file?.mime).toBe('image/png');
    expect(out.providerCostUsd).toBeCloseTo(2.5 * 0.000975, 5);
    expect(out.modelVersion).toBe('stability-ai/sdxl:39ed52f2a78e934b3ba6e2a89f5b1c712de7dfea535525255b1aa35c5565e08b');
    // Progress rises through the processing logs (0 → 33 → 67 %).
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress.filter((p) => p >= 10 && p < 88)).size).toBeGreaterThanOrEqual(3);
  });

  it('flux-schnell runs by model name; musicgen and animate-diff return single URLs', async () => {
    const flux = await run('replicate/flux-schnell', 'a fox', { aspectRatio: '9:16' });
    expect(pathsOf(sims.replicate, '/v1/models/black-forest-labs/flux-schnell/predictions').at(-1)?.json?.input).toMatchObject({
      aspect_ratio: '9:16',
    });
    expect(flux.out.providerCostUsd).toBe(0.003);
    const music = await run('replicate/musicgen', 'lofi beat', { duration: 12 });
    expect(music.out.file).toMatchObject({ ext: 'mp3', mime: 'audio/mpeg' });
    expect(pathsOf(sims.replicate, '/v1/predictions').at(-1)?.json?.input).toMatchObject({ duration: 12, output_format: 'mp3' });
    const anim = await run('replicate/animate-diff', 'a dancing cat');
    expect(anim.out.file).toMatchObject({ ext: 'mp4', mime: 'video/mp4' });
  });

  it('stable-video-diffusion sends the input image (uploaded via the files API when large, then deleted)', async () => {
    stored.set('uploads/u1/small.png', Buffer.from('tiny'));
    await run('replicate/stable-video-diffusion', 'animate', { image: 'uploads/u1/small.png' });
    expect(pathsOf(sims.replicate, '/v1/predictions').at(-1)?.json?.input?.input_image).toMatch(/^data:image\/png;base64,/);
    stored.set('uploads/u1/big.png', Buffer.alloc(300 * 1024, 1));
    await run('replicate/stable-video-diffusion', 'animate big', { image: 'uploads/u1/big.png' });
    expect(pathsOf(sims.replicate, '/v1/predictions').at(-1)?.json?.input?.input_image).toMatch(/\/v1\/files\//);
    expect(sims.replicate.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/files/'))).toHaveLength(1);
    expect(sims.replicate.uploads.size).toBe(0);
  });

  it('429 on create: waits Retry-After, then succeeds', async () => {
    const t0 = Date.now();
    const { out } = await run('replicate/sdxl', 'throttled [[sim:429x1]]');
    expect(out.file?.mime).toBe('image/png');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(pathsOf(sims.replicate, '/v1/predictions').filter((r) => r.json?.input?.prompt?.includes('throttled'))).toHaveLength(2);
  });

  it('a prediction that fails is final with the model message; a 422 on create too', async () => {
    const e = await failure(run('replicate/sdxl', 'nsfw [[sim:fail]]'));
    expect(e).toMatchObject({ kind: 'rejected', name: 'UnrecoverableError' });
    expect(e.message).toContain('NSFW content detected');
    const r = await failure(run('replicate/sdxl', 'bad [[sim:reject]]'));
    expect(r.message).toContain('the simulator was told to refuse this prompt');
    expect(r.name).toBe('UnrecoverableError');
  });

  it('a prediction that never finishes times out and is cancelled at Replicate', async () => {
    const e = await failure(run('replicate/animate-diff', 'forever [[sim:hang]]'));
    expect(e).toMatchObject({ kind: 'timeout', name: 'UnrecoverableError' });
    const p = [...sims.replicate.predictions.values()].find((x) => String(x.input.prompt).startsWith('forever'));
    expect(p?.status).toBe('canceled');
  });

  it('cancelling the generation cancels the prediction', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const e = await failure(run('replicate/animate-diff', 'stop me [[sim:hang]]', {}, { signal: controller.signal }));
    expect(e.name).toBe('AbortError');
    const p = [...sims.replicate.predictions.values()].find((x) => String(x.input.prompt).startsWith('stop me'));
    expect(p?.history).toEqual(['starting', 'processing', 'canceled']);
  });

  it('refuses output URLs at private addresses, non-media content and missing output', async () => {
    expect(await failure(run('replicate/sdxl', 'ssrf [[sim:private-url]]'))).toMatchObject({ kind: 'unsafe_output', name: 'UnrecoverableError' });
    expect(await failure(run('replicate/sdxl', 'html [[sim:html]]'))).toMatchObject({ kind: 'malformed' });
    expect(await failure(run('replicate/sdxl', 'nothing [[sim:malformed]]'))).toMatchObject({ kind: 'malformed' });
  });
});

describe('ElevenLabs', () => {
  it('speaks with the Turbo model and the voice settings, priced per character', async () => {
    const { out } = await run('elevenlabs/eleven_turbo_v2_5', 'Good morning', {
      voiceId: '21m00Tcm4TlvDq8ikWAM',
      stability: 0.4,
      similarityBoost: 0.8,
      speed: 1.5,
    });
    const sent = pathsOf(sims.elevenlabs, '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM').at(-1);
    expect(sent?.json).toMatchObject({
      text: 'Good morning',
      model_id: 'eleven_turbo_v2_5',
      voice_settings: { stability: 0.4, similarity_boost: 0.8, speed: 1.2 },
    });
    expect(sent?.query.get('output_format')).toBe('mp3_44100_128');
    expect(out.file?.mime).toBe('audio/mpeg');
    expect(out.providerCostUsd).toBeCloseTo((12 * 0.05) / 1000, 9);
    expect(out.providerRequestId).toBeTruthy();
  });

  it('clones a voice from a stored sample (multipart), speaks with it, and lists it', async () => {
    const sample = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
    stored.set('uploads/u1/voice.mp3', sample);
    const { out } = await run('elevenlabs/voice-clone', 'This is my voice', { referenceAudio: 'uploads/u1/voice.mp3' });
    expect(out.metadata).toMatchObject({ clonedVoice: true });
    const voiceId = out.metadata.voiceId as string;
    expect(pathsOf(sims.elevenlabs, `/v1/text-to-speech/${voiceId}`)).toHaveLength(1);
    const voices = await providers.elevenlabs?.listVoices(new AbortController().signal);
    expect(voices?.map((v) => v.voiceId)).toContain(voiceId);
  });

  it('429 then success; an unknown voice is final; a hang times out; junk audio fails', async () => {
    await run('elevenlabs/eleven_turbo_v2_5', 'busy [[sim:429x1]]', { voiceId: '21m00Tcm4TlvDq8ikWAM' });
    expect(pathsOf(sims.elevenlabs, '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM').filter((r) => r.json?.text?.startsWith('busy'))).toHaveLength(2);
    const e = await failure(run('elevenlabs/eleven_turbo_v2_5', 'who', { voiceId: 'nobody' }));
    expect(e).toMatchObject({ kind: 'rejected', name: 'UnrecoverableError', status: 404 });
    expect(e.message).toContain("voice_id 'nobody' was not found");
    expect(await failure(run('elevenlabs/eleven_turbo_v2_5', 'zzz [[sim:hang]]', { voiceId: '21m00Tcm4TlvDq8ikWAM' }))).toMatchObject({
      kind: 'timeout',
    });
    expect(await failure(run('elevenlabs/eleven_turbo_v2_5', 'junk [[sim:malformed]]', { voiceId: '21m00Tcm4TlvDq8ikWAM' }))).toMatchObject({
      kind: 'malformed',
    });
  });
});

describe('OpenAI-compatible', () => {
  it('runs the configured models for generations and streaming chat', async () => {
    const { out } = await run('openai-compatible/llama3.1', 'hello llama');
    expect(out.text).toBe('Simulated reply to: hello llama');
    expect(out.providerCostUsd).toBe(0);
    const gen = providers.chat['openai-compatible/qwen2.5']?.streamReply({
      modelId: 'openai-compatible/qwen2.5',
      messages: [{ role: 'user', content: 'hi qwen' }],
      signal: new AbortController().signal,
    });
    const tokens: string[] = [];
    for await (const t of gen as AsyncGenerator<string>) tokens.push(t);
    expect(tokens.join('')).toBe('Simulated reply to: hi qwen');
    expect(pathsOf(sims.compatible, '/v1/chat/completions').at(-1)?.json).toMatchObject({ model: 'qwen2.5', stream: true });
  });
});
