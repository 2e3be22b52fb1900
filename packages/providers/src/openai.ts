import OpenAI from 'openai';
import { abortError, deadline, guarded, ProviderError, toProviderError } from './errors';
import { type AdapterContext, imageOutput, mediaOutput, num, str } from './media';
import { dalle3CostUsd, gptImage1CostUsd, tokenCostUsd, ttsCostUsd } from './pricing';
import type { ChatModelAdapter, ChatUsage, Engine } from './types';

/**
 * OpenAI through its official SDK: images (dall-e-3, gpt-image-1), speech (tts-1), text
 * (gpt-3.5-turbo, gpt-4-turbo) as generations and as streaming chat, and prompt enhancement.
 * The SDK retries 408/409/429/5xx itself (maxRetries), waiting what Retry-After(-ms) says.
 */

export const PROVIDER = 'openai';
const LABEL = 'OpenAI';

export interface OpenAIConfig {
  apiKey: string;
  baseUrl?: string | undefined;
}

/** Everything passed explicitly: the SDK would otherwise read OPENAI_* variables itself. */
export function createOpenAIClient(config: OpenAIConfig, maxRetries: number): OpenAI {
  return new OpenAI({
    apiKey: config.apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: config.baseUrl ?? 'https://api.openai.com/v1',
    maxRetries,
    // Our own deadline (AbortSignal) bounds each call; this only stops a silent socket.
    timeout: 15 * 60_000,
    logLevel: 'off',
  });
}

export const TTS_VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'] as const;

/** Our ratio/resolution → DALL-E 3's sizes and quality. */
export function dalle3Size(aspectRatio: string | undefined, resolution: string | undefined) {
  const size = aspectRatio === '16:9' ? '1792x1024' : aspectRatio === '9:16' ? '1024x1792' : '1024x1024';
  const quality: 'standard' | 'hd' = resolution === '1080p' ? 'hd' : 'standard';
  return { size, quality } as const;
}

/** Our ratio/resolution → GPT Image 1's sizes and quality. */
export function gptImage1Size(aspectRatio: string | undefined, resolution: string | undefined) {
  const size = aspectRatio === '16:9' ? '1536x1024' : aspectRatio === '9:16' ? '1024x1536' : '1024x1024';
  const quality: 'low' | 'medium' | 'high' = resolution === '480p' ? 'low' : resolution === '1080p' ? 'high' : 'medium';
  return { size, quality } as const;
}

const CHAT_LIMITS: Record<string, { contextTokens: number; replyTokens: number }> = {
  'gpt-3.5-turbo': { contextTokens: 16_385, replyTokens: 1024 },
  'gpt-4-turbo': { contextTokens: 128_000, replyTokens: 4096 },
};

const modelName = (modelId: string) => modelId.slice(modelId.indexOf('/') + 1);

export function openAIEngines(config: OpenAIConfig, ctx: AdapterContext): Record<string, Engine> {
  let client: OpenAI | undefined;
  const sdk = () => {
    client ??= createOpenAIClient(config, ctx.limits.maxRetries);
    return client;
  };
  const secrets = [config.apiKey];
  const opts = (signal: AbortSignal, kind: 'text' | 'image' | 'audio') => ({
    provider: PROVIDER,
    label: LABEL,
    signal,
    timeoutMs: ctx.limits.timeoutMs[kind],
    secrets,
  });

  const image =
    (model: 'dall-e-3' | 'gpt-image-1'): Engine =>
    async ({ prompt, params, signal, onProgress }) =>
      guarded(opts(signal, 'image'), async (s) => {
        onProgress(5);
        const isDalle = model === 'dall-e-3';
        const { size, quality } = isDalle
          ? dalle3Size(str(params.aspectRatio), str(params.resolution))
          : gptImage1Size(str(params.aspectRatio), str(params.resolution));
        const body = isDalle
          ? { model, prompt, n: 1, size, quality, response_format: 'b64_json' as const }
          : { model, prompt, n: 1, size, quality, output_format: 'png' as const };
        const { data: res, request_id } = await sdk()
          .images.generate(body as OpenAI.Images.ImageGenerateParamsNonStreaming, { signal: s })
          .withResponse();
        onProgress(70);
        const first = res.data?.[0];
        let bytes: Buffer;
        if (first?.b64_json) bytes = Buffer.from(first.b64_json, 'base64');
        else if (first?.url) bytes = (await ctx.download(first.url, 'image', s, LABEL)).data;
        else throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned no image`);
        const out = await imageOutput(LABEL, bytes);
        onProgress(95);
        return {
          file: out.file,
          thumbnail: out.thumbnail,
          metadata: {
            provider: PROVIDER,
            width: out.width,
            height: out.height,
            size,
            quality,
            ...(first.revised_prompt ? { revisedPrompt: first.revised_prompt } : {}),
          },
          providerCostUsd: isDalle ? dalle3CostUsd(size, quality as 'standard' | 'hd') : gptImage1CostUsd(size, quality as 'low', res.usage ?? null),
          providerRequestId: request_id ?? null,
          modelVersion: model,
        };
      });

  const speech: Engine = async ({ prompt, params, signal, onProgress }) => {
    const requested = str(params.voiceId);
    const voice = requested ?? 'alloy';
    if (!(TTS_VOICES as readonly string[]).includes(voice)) {
      throw new ProviderError(PROVIDER, 'rejected', `OpenAI TTS has no voice "${voice}"; choose one of ${TTS_VOICES.join(', ')}`);
    }
    const speed = Math.min(4, Math.max(0.25, num(params.speed) ?? 1));
    return guarded(opts(signal, 'audio'), async (s) => {
      onProgress(5);
      const { data: res, request_id } = await sdk()
        .audio.speech.create({ model: 'tts-1', voice, input: prompt, speed, response_format: 'mp3' }, { signal: s })
        .withResponse();
      const bytes = Buffer.from(await res.arrayBuffer());
      onProgress(90);
      return {
        ...mediaOutput(LABEL, 'audio', bytes),
        metadata: { provider: PROVIDER, voice, speed, characters: prompt.length },
        providerCostUsd: ttsCostUsd(prompt.length),
        providerRequestId: request_id ?? null,
        modelVersion: 'tts-1',
      };
    });
  };

  const text =
    (model: string): Engine =>
    async ({ prompt, signal, onProgress }) =>
      guarded(opts(signal, 'text'), async (s) => {
        onProgress(5);
        const { data: res, request_id } = await sdk()
          .chat.completions.create(
            { model, messages: [{ role: 'user', content: prompt }], max_tokens: CHAT_LIMITS[model]?.replyTokens ?? 1024 },
            { signal: s },
          )
          .withResponse();
        const choice = res.choices?.[0];
        if (choice?.finish_reason === 'content_filter')
          throw new ProviderError(PROVIDER, 'rejected', `${LABEL} refused the request: its content filter stopped the reply`);
        const content = choice?.message?.content;
        if (typeof content !== 'string' || !content.trim()) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned an empty reply`);
        const tokensIn = res.usage?.prompt_tokens ?? 0;
        const tokensOut = res.usage?.completion_tokens ?? 0;
        onProgress(95);
        return {
          text: content,
          metadata: { provider: PROVIDER, tokensIn, tokensOut, finishReason: choice?.finish_reason ?? null },
          providerCostUsd: tokenCostUsd(model, tokensIn, tokensOut),
          providerRequestId: request_id ?? res.id ?? null,
          modelVersion: res.model ?? model,
        };
      });

  return {
    'openai/dall-e-3': image('dall-e-3'),
    'openai/gpt-image-1': image('gpt-image-1'),
    'openai/tts-1': speech,
    'openai/gpt-3.5-turbo': text('gpt-3.5-turbo'),
    'openai/gpt-4-turbo': text('gpt-4-turbo'),
  };
}

/**
 * A streaming chat adapter over any OpenAI-style /chat/completions endpoint (OpenAI itself and
 * OpenAI-compatible servers). Deltas are yielded in the order they arrive; usage comes from the
 * final chunk when the server sends it (stream_options.include_usage).
 */
export function openAIStyleChatAdapter(options: {
  provider: string;
  label: string;
  client: () => OpenAI;
  secrets: (string | undefined)[];
  timeoutMs: number;
  limits?: { contextTokens: number; replyTokens: number };
  includeUsage?: boolean;
}): ChatModelAdapter {
  const limits = options.limits ?? { contextTokens: 8192, replyTokens: 1024 };
  return {
    contextTokens: limits.contextTokens,
    replyTokens: limits.replyTokens,
    async *streamReply({ modelId, messages, signal }) {
      const model = modelName(modelId);
      const d = deadline(options.provider, options.label, signal, options.timeoutMs);
      let usage: ChatUsage | undefined;
      try {
        const stream = await options.client().chat.completions.create(
          {
            model,
            messages: messages.map((m) => ({ role: m.role, content: m.content })),
            stream: true,
            max_tokens: limits.replyTokens,
            ...(options.includeUsage === false ? {} : { stream_options: { include_usage: true } }),
          },
          { signal: d.signal },
        );
        for await (const chunk of stream) {
          const choice = chunk.choices?.[0];
          const delta = choice?.delta?.content;
          if (delta) yield delta;
          if (choice?.finish_reason === 'content_filter') {
            throw new ProviderError(options.provider, 'rejected', `${options.label} stopped the reply: its content filter was triggered`);
          }
          if (chunk.usage) usage = { tokensIn: chunk.usage.prompt_tokens ?? 0, tokensOut: chunk.usage.completion_tokens ?? 0 };
        }
      } catch (e) {
        if (signal.aborted) throw abortError(signal);
        if (d.timedOut()) throw d.timeoutError();
        throw toProviderError(options.provider, options.label, e, options.secrets);
      }
      return usage;
    },
  };
}

export function openAIChatAdapters(config: OpenAIConfig, ctx: AdapterContext): Record<string, ChatModelAdapter> {
  let client: OpenAI | undefined;
  const sdk = () => {
    client ??= createOpenAIClient(config, ctx.limits.maxRetries);
    return client;
  };
  const out: Record<string, ChatModelAdapter> = {};
  for (const [model, limits] of Object.entries(CHAT_LIMITS)) {
    out[`openai/${model}`] = openAIStyleChatAdapter({
      provider: PROVIDER,
      label: LABEL,
      client: sdk,
      secrets: [config.apiKey],
      timeoutMs: ctx.limits.timeoutMs.text,
      limits,
    });
  }
  return out;
}

/** Rewrites a prompt for the given output type with gpt-3.5-turbo; returns the text and its cost. */
export async function enhancePrompt(
  config: OpenAIConfig,
  ctx: AdapterContext,
  input: { prompt: string; type: 'image' | 'video' | 'audio' | 'text'; signal?: AbortSignal },
): Promise<{ prompt: string; model: string; providerCostUsd: number }> {
  const model = 'gpt-3.5-turbo';
  const signal = input.signal ?? new AbortController().signal;
  return guarded({ provider: PROVIDER, label: LABEL, signal, timeoutMs: ctx.limits.timeoutMs.text, secrets: [config.apiKey] }, async (s) => {
    const res = await createOpenAIClient(config, ctx.limits.maxRetries).chat.completions.create(
      {
        model,
        max_tokens: 300,
        messages: [
          {
            role: 'system',
            content: `You improve prompts for ${input.type} generation. Keep the user's subject and intent, add concrete detail (style, composition, lighting, mood or tone as fits a ${input.type}), and answer with the improved prompt only, under 120 words.`,
          },
          { role: 'user', content: input.prompt },
        ],
      },
      { signal: s },
    );
    const text = res.choices?.[0]?.message?.content?.trim();
    if (!text) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned an empty prompt`);
    return {
      prompt: text,
      model: `openai/${model}`,
      providerCostUsd: tokenCostUsd(model, res.usage?.prompt_tokens ?? 0, res.usage?.completion_tokens ?? 0),
    };
  });
}
