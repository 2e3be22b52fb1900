import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { guarded, ProviderError } from './errors';
import { type AdapterContext, mediaOutput, num, readAll, str } from './media';
import { elevenLabsTurboCostUsd } from './pricing';
import type { Engine } from './types';

/**
 * ElevenLabs through its official SDK: text-to-speech with the Turbo v2.5 model, instant voice
 * cloning from samples (/v1/voices/add, multipart) and the voice list. The SDK retries 408/429/5xx
 * itself, honouring Retry-After.
 */

export const PROVIDER = 'elevenlabs';
const LABEL = 'ElevenLabs';
export const TURBO_MODEL = 'eleven_turbo_v2_5';
const OUTPUT_FORMAT = 'mp3_44100_128';

export interface ElevenLabsConfig {
  apiKey: string;
  baseUrl?: string | undefined;
}

export function createElevenLabsClient(config: ElevenLabsConfig, maxRetries: number): ElevenLabsClient {
  return new ElevenLabsClient({
    apiKey: config.apiKey,
    baseUrl: (config.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/+$/, ''),
    maxRetries,
    timeoutInSeconds: 15 * 60,
  });
}

async function streamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value) chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export interface ElevenLabsApi {
  speak(input: { text: string; voiceId: string; stability?: number; similarityBoost?: number; speed?: number; signal: AbortSignal }): Promise<{
    audio: Buffer;
    requestId: string | null;
    characters: number;
  }>;
  cloneVoice(input: {
    name: string;
    samples: { data: Buffer; filename: string; mime: string }[];
    description?: string;
    signal: AbortSignal;
  }): Promise<{
    voiceId: string;
    requiresVerification: boolean;
  }>;
  listVoices(signal: AbortSignal): Promise<{ voiceId: string; name: string; category: string | null }[]>;
}

/** The three calls we make, each under a deadline and mapped to our errors. */
export function elevenLabsApi(config: ElevenLabsConfig, ctx: AdapterContext): ElevenLabsApi {
  let client: ElevenLabsClient | undefined;
  const sdk = () => {
    client ??= createElevenLabsClient(config, ctx.limits.maxRetries);
    return client;
  };
  const opts = (signal: AbortSignal) => ({
    provider: PROVIDER,
    label: LABEL,
    signal,
    timeoutMs: ctx.limits.timeoutMs.audio,
    secrets: [config.apiKey],
  });
  return {
    speak: ({ text, voiceId, stability, similarityBoost, speed, signal }) =>
      guarded(opts(signal), async (s) => {
        const voiceSettings = {
          ...(stability !== undefined ? { stability } : {}),
          ...(similarityBoost !== undefined ? { similarityBoost } : {}),
          // ElevenLabs accepts 0.7–1.2.
          ...(speed !== undefined ? { speed: Math.min(1.2, Math.max(0.7, speed)) } : {}),
        };
        const { data, rawResponse } = await sdk()
          .textToSpeech.convert(
            voiceId,
            { text, modelId: TURBO_MODEL, outputFormat: OUTPUT_FORMAT, ...(Object.keys(voiceSettings).length ? { voiceSettings } : {}) },
            { abortSignal: s, maxRetries: ctx.limits.maxRetries },
          )
          .withRawResponse();
        const audio = await streamToBuffer(data);
        const charactersHeader = Number(rawResponse.headers.get('x-character-count'));
        return {
          audio,
          requestId: rawResponse.headers.get('request-id'),
          characters: Number.isFinite(charactersHeader) && charactersHeader > 0 ? charactersHeader : text.length,
        };
      }),
    cloneVoice: ({ name, samples, description, signal }) =>
      guarded(opts(signal), async (s) => {
        if (!samples.length) throw new ProviderError(PROVIDER, 'rejected', 'Voice cloning needs at least one audio sample');
        const res = await sdk().voices.ivc.create(
          {
            name: name.slice(0, 100),
            files: samples.map((f) => ({ data: f.data, filename: f.filename, contentType: f.mime })),
            ...(description ? { description } : {}),
          },
          { abortSignal: s, maxRetries: ctx.limits.maxRetries },
        );
        if (!res?.voiceId) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} did not return the new voice's id`);
        return { voiceId: res.voiceId, requiresVerification: Boolean(res.requiresVerification) };
      }),
    listVoices: (signal) =>
      guarded(opts(signal), async (s) => {
        const res = await sdk().voices.getAll({}, { abortSignal: s, maxRetries: ctx.limits.maxRetries });
        if (!Array.isArray(res?.voices)) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned no voice list`);
        return res.voices.map((v) => ({ voiceId: v.voiceId, name: v.name ?? v.voiceId, category: (v.category as string | undefined) ?? null }));
      }),
  };
}

export function elevenLabsEngines(config: ElevenLabsConfig, ctx: AdapterContext): Record<string, Engine> {
  const api = elevenLabsApi(config, ctx);

  const turbo: Engine = async ({ prompt, params, signal, onProgress }) => {
    const voiceId = str(params.voiceId);
    if (!voiceId) throw new ProviderError(PROVIDER, 'rejected', 'ElevenLabs needs a voice (voiceId)');
    onProgress(5);
    const r = await api.speak({
      text: prompt,
      voiceId,
      ...(num(params.stability) !== undefined ? { stability: num(params.stability) as number } : {}),
      ...(num(params.similarityBoost) !== undefined ? { similarityBoost: num(params.similarityBoost) as number } : {}),
      ...(num(params.speed) !== undefined ? { speed: num(params.speed) as number } : {}),
      signal,
    });
    onProgress(95);
    return {
      ...mediaOutput(LABEL, 'audio', r.audio),
      metadata: { provider: PROVIDER, voiceId, characters: r.characters },
      providerCostUsd: elevenLabsTurboCostUsd(r.characters),
      providerRequestId: r.requestId,
      modelVersion: TURBO_MODEL,
    };
  };

  /** Clones a voice from the reference sample, then speaks the prompt with it; the new voice id is kept in metadata for reuse. */
  const clone: Engine = async ({ prompt, params, storage, signal, onProgress }) => {
    const key = str(params.referenceAudio);
    if (!key) throw new ProviderError(PROVIDER, 'rejected', 'Voice cloning needs a reference audio sample');
    const data = await readAll(storage.read(key));
    const ext = key.split('.').pop()?.toLowerCase() ?? 'mp3';
    const mime = ext === 'wav' ? 'audio/wav' : ext === 'ogg' ? 'audio/ogg' : ext === 'webm' ? 'audio/webm' : 'audio/mpeg';
    onProgress(5);
    const voice = await api.cloneVoice({
      name: `Atelier voice ${new Date().toISOString().slice(0, 10)}`,
      description: `Cloned in Atelier for: ${prompt.slice(0, 200)}`,
      samples: [{ data, filename: `sample.${ext}`, mime }],
      signal,
    });
    onProgress(50);
    const r = await api.speak({ text: prompt, voiceId: voice.voiceId, signal });
    onProgress(95);
    return {
      ...mediaOutput(LABEL, 'audio', r.audio),
      metadata: {
        provider: PROVIDER,
        voiceId: voice.voiceId,
        clonedVoice: true,
        requiresVerification: voice.requiresVerification,
        characters: r.characters,
      },
      providerCostUsd: elevenLabsTurboCostUsd(r.characters),
      providerRequestId: r.requestId,
      modelVersion: TURBO_MODEL,
    };
  };

  return { 'elevenlabs/eleven_turbo_v2_5': turbo, 'elevenlabs/voice-clone': clone };
}
