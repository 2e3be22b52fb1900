import type { CatalogueEntry } from '@atelier/shared';
import type OpenAI from 'openai';
import { guarded, ProviderError } from './errors';
import type { AdapterContext } from './media';
import { createOpenAIClient, openAIStyleChatAdapter } from './openai';
import type { ChatModelAdapter, Engine } from './types';

/**
 * Any server that speaks OpenAI's /v1/chat/completions (Ollama, llama.cpp's server, vLLM,
 * LM Studio…), by base URL. Its models are the names in OPENAI_COMPATIBLE_MODELS, listed in the
 * catalogue as TEXT models `openai-compatible/<name>` at 1 credit, served as generations and
 * as streaming chat. Self-hosted: no provider cost is recorded.
 */

export const PROVIDER = 'openai-compatible';
const LABEL = 'The OpenAI-compatible server';

export interface OpenAICompatibleConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  models: string[];
}

export const compatibleModelId = (name: string) => `${PROVIDER}/${name}`;

/** Catalogue rows for the configured models (upserted at start; admins may reprice them later). */
export function openAICompatibleCatalogue(models: string[]): CatalogueEntry[] {
  return models.map((name) => ({
    id: compatibleModelId(name),
    provider: PROVIDER,
    name,
    type: 'TEXT',
    description: `${name} on this server's OpenAI-compatible endpoint (self-hosted).`,
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 1,
    providerCostUsd: 0,
  }));
}

function client(config: OpenAICompatibleConfig, maxRetries: number): () => OpenAI {
  let c: OpenAI | undefined;
  // Local servers usually ignore the key, but the SDK insists on one.
  return () => {
    c ??= createOpenAIClient({ apiKey: config.apiKey ?? 'not-needed', baseUrl: config.baseUrl }, maxRetries);
    return c;
  };
}

export function openAICompatibleChatAdapters(config: OpenAICompatibleConfig, ctx: AdapterContext): Record<string, ChatModelAdapter> {
  const sdk = client(config, ctx.limits.maxRetries);
  const out: Record<string, ChatModelAdapter> = {};
  for (const name of config.models) {
    out[compatibleModelId(name)] = openAIStyleChatAdapter({
      provider: PROVIDER,
      label: LABEL,
      client: sdk,
      secrets: [config.apiKey],
      timeoutMs: ctx.limits.timeoutMs.text,
      // Not every server knows stream_options; the usage is then estimated by chat.
      includeUsage: false,
    });
  }
  return out;
}

export function openAICompatibleEngines(config: OpenAICompatibleConfig, ctx: AdapterContext): Record<string, Engine> {
  const sdk = client(config, ctx.limits.maxRetries);
  const out: Record<string, Engine> = {};
  for (const name of config.models) {
    out[compatibleModelId(name)] = async ({ prompt, signal, onProgress }) =>
      guarded({ provider: PROVIDER, label: LABEL, signal, timeoutMs: ctx.limits.timeoutMs.text, secrets: [config.apiKey] }, async (s) => {
        onProgress(5);
        const res = await sdk().chat.completions.create(
          { model: name, messages: [{ role: 'user', content: prompt }], max_tokens: 1024 },
          { signal: s },
        );
        const content = res.choices?.[0]?.message?.content;
        if (typeof content !== 'string' || !content.trim()) throw new ProviderError(PROVIDER, 'malformed', `${LABEL} returned an empty reply`);
        onProgress(95);
        return {
          text: content,
          metadata: { provider: PROVIDER, tokensIn: res.usage?.prompt_tokens ?? null, tokensOut: res.usage?.completion_tokens ?? null },
          providerCostUsd: 0,
          providerRequestId: res.id ?? null,
          modelVersion: res.model ?? name,
        };
      });
  }
  return out;
}
