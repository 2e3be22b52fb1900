import Anthropic from '@anthropic-ai/sdk';
import { abortError, deadline, guarded, ProviderError, toProviderError } from './errors';
import type { AdapterContext } from './media';
import { tokenCostUsd } from './pricing';
import type { ChatModelAdapter, ChatUsage, Engine } from './types';

/**
 * Anthropic through its official SDK: Claude as streaming chat (Messages API, SSE) and as a
 * text generation. The SDK retries 408/409/429/5xx itself, honouring Retry-After.
 */

export const PROVIDER = 'anthropic';
const LABEL = 'Anthropic';

export interface AnthropicConfig {
  apiKey: string;
  baseUrl?: string | undefined;
}

/** Everything passed explicitly: the SDK would otherwise read ANTHROPIC_* variables itself. */
export function createAnthropicClient(config: AnthropicConfig, maxRetries: number): Anthropic {
  return new Anthropic({
    apiKey: config.apiKey,
    webhookKey: null,
    baseURL: config.baseUrl ?? 'https://api.anthropic.com',
    maxRetries,
    timeout: 15 * 60_000,
    logLevel: 'off',
  });
}

/** Catalogue id → the API's model id, window and reply budget. */
export const CLAUDE_MODELS: Record<string, { model: string; contextTokens: number; replyTokens: number }> = {
  'anthropic/claude-sonnet-4-5': { model: 'claude-sonnet-4-5', contextTokens: 200_000, replyTokens: 4096 },
};

const STOP_REFUSAL = 'refusal';

export function anthropicChatAdapters(config: AnthropicConfig, ctx: AdapterContext): Record<string, ChatModelAdapter> {
  let client: Anthropic | undefined;
  const sdk = () => {
    client ??= createAnthropicClient(config, ctx.limits.maxRetries);
    return client;
  };
  const out: Record<string, ChatModelAdapter> = {};
  for (const [id, spec] of Object.entries(CLAUDE_MODELS)) {
    out[id] = {
      contextTokens: spec.contextTokens,
      replyTokens: spec.replyTokens,
      async *streamReply({ messages, signal }) {
        const d = deadline(PROVIDER, LABEL, signal, ctx.limits.timeoutMs.text);
        const usage: ChatUsage = { tokensIn: 0, tokensOut: 0 };
        try {
          const stream = await sdk().messages.create(
            {
              model: spec.model,
              max_tokens: spec.replyTokens,
              messages: messages.map((m) => ({ role: m.role, content: m.content })),
              stream: true,
            },
            { signal: d.signal },
          );
          for await (const event of stream) {
            if (event.type === 'message_start') usage.tokensIn = event.message.usage?.input_tokens ?? 0;
            else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
              if (event.delta.text) yield event.delta.text;
            } else if (event.type === 'message_delta') {
              usage.tokensOut = event.usage?.output_tokens ?? usage.tokensOut;
              if ((event.delta.stop_reason as string | null) === STOP_REFUSAL) {
                throw new ProviderError(PROVIDER, 'rejected', `${LABEL} declined to answer this message`);
              }
            }
          }
        } catch (e) {
          if (signal.aborted) throw abortError(signal);
          if (d.timedOut()) throw d.timeoutError();
          throw toProviderError(PROVIDER, LABEL, e, [config.apiKey]);
        }
        return usage;
      },
    };
  }
  return out;
}

export function anthropicEngines(config: AnthropicConfig, ctx: AdapterContext): Record<string, Engine> {
  let client: Anthropic | undefined;
  const sdk = () => {
    client ??= createAnthropicClient(config, ctx.limits.maxRetries);
    return client;
  };
  const out: Record<string, Engine> = {};
  for (const [id, spec] of Object.entries(CLAUDE_MODELS)) {
    out[id] = async ({ prompt, signal, onProgress }) =>
      guarded({ provider: PROVIDER, label: LABEL, signal, timeoutMs: ctx.limits.timeoutMs.text, secrets: [config.apiKey] }, async (s) => {
        onProgress(5);
        const { data: res, request_id } = await sdk()
          .messages.create({ model: spec.model, max_tokens: spec.replyTokens, messages: [{ role: 'user', content: prompt }] }, { signal: s })
          .withResponse();
        if ((res.stop_reason as string | null) === STOP_REFUSAL)
          throw new ProviderError(PROVIDER, 'rejected', `${LABEL} declined to answer this prompt`);
        const text = (res.content ?? [])
          .filter((b): b is Anthropic.TextBlock => b.type === 'text')
          .map((b) => b.text)
          .join('');
        if (!text.trim()) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned an empty reply`);
        const tokensIn = res.usage?.input_tokens ?? 0;
        const tokensOut = res.usage?.output_tokens ?? 0;
        onProgress(95);
        return {
          text,
          metadata: { provider: PROVIDER, tokensIn, tokensOut, stopReason: res.stop_reason ?? null },
          providerCostUsd: tokenCostUsd(spec.model, tokensIn, tokensOut),
          providerRequestId: request_id ?? res.id ?? null,
          modelVersion: res.model ?? spec.model,
        };
      });
  }
  return out;
}
