import type { Env } from '@atelier/shared/env';
import { anthropicChatAdapters, anthropicEngines } from './anthropic';
import { type ComfyPool, comfyUIEngine, type LoadWorkflow } from './comfyui';
import { elevenLabsApi, elevenLabsEngines } from './elevenlabs';
import { countProviderError } from './errors';
import { createAdapterContext } from './media';
import { ollamaChatAdapter, ollamaEngine } from './ollama';
import { openAIChatAdapters, openAIEngines, enhancePrompt as openAIEnhancePrompt } from './openai';
import { openAICompatibleCatalogue, openAICompatibleChatAdapters, openAICompatibleEngines } from './openai-compatible';
import { replicateEngines } from './replicate';
import { type ChatModelAdapter, type Engine, type ProviderOptions, resolveLimits } from './types';

/**
 * The hosted providers, switched on by their keys (packages/shared env): given the env, the
 * generation engines keyed by catalogue model id (the worker merges them with the local ones),
 * the chat adapters (the api registers them with chat) and the adapters this build has. No SDK
 * client is made until a model is used; keys stay inside the SDK clients.
 */

/** Every provider this package has an adapter for (packages/shared's INSTALLED_ADAPTERS lists the same). */
export const INSTALLED_PROVIDER_ADAPTERS = ['openai', 'anthropic', 'replicate', 'elevenlabs', 'openai-compatible', 'comfyui', 'ollama'] as const;
export type ProviderId = (typeof INSTALLED_PROVIDER_ADAPTERS)[number];

export interface ProviderRegistry {
  /** By catalogue id; `provider/*` serves every model of a provider whose models come from its server (ComfyUI, Ollama). */
  engines: Record<string, Engine>;
  chat: Record<string, ChatModelAdapter>;
  /** Adapters in this build. */
  installed: readonly ProviderId[];
  /** Providers whose key (or base URL) is set. */
  configured: ProviderId[];
  /** ElevenLabs voice list and cloning, when configured (for the voice screens). */
  elevenlabs: ReturnType<typeof elevenLabsApi> | null;
  /** Prompt enhancement with OpenAI, when configured. */
  enhancePrompt:
    | ((input: { prompt: string; type: 'image' | 'video' | 'audio' | 'text'; signal?: AbortSignal }) => ReturnType<typeof openAIEnhancePrompt>)
    | null;
  /** The ComfyUI boxes, when configured with a workflow loader (the worker's). */
  comfyPool: ComfyPool | null;
}

export function createProviders(env: Env, options: ProviderOptions & { comfyWorkflows?: LoadWorkflow } = {}): ProviderRegistry {
  const ctx = createAdapterContext(resolveLimits(options), options);
  const p = env.providers;
  const engines: Record<string, Engine> = {};
  const chat: Record<string, ChatModelAdapter> = {};
  const configured: ProviderId[] = [];
  let elevenlabs: ProviderRegistry['elevenlabs'] = null;
  let enhancePrompt: ProviderRegistry['enhancePrompt'] = null;
  let comfyPool: ComfyPool | null = null;

  if (p.openai.apiKey) {
    const config = { apiKey: p.openai.apiKey, baseUrl: p.openai.baseUrl };
    configured.push('openai');
    Object.assign(engines, openAIEngines(config, ctx));
    Object.assign(chat, openAIChatAdapters(config, ctx));
    enhancePrompt = (input) => openAIEnhancePrompt(config, ctx, input);
  }
  if (p.anthropic.apiKey) {
    const config = { apiKey: p.anthropic.apiKey, baseUrl: p.anthropic.baseUrl };
    configured.push('anthropic');
    Object.assign(engines, anthropicEngines(config, ctx));
    Object.assign(chat, anthropicChatAdapters(config, ctx));
  }
  if (p.replicate.apiToken) {
    configured.push('replicate');
    Object.assign(engines, replicateEngines({ apiToken: p.replicate.apiToken, baseUrl: p.replicate.baseUrl }, ctx));
  }
  if (p.elevenlabs.apiKey) {
    const config = { apiKey: p.elevenlabs.apiKey, baseUrl: p.elevenlabs.baseUrl };
    configured.push('elevenlabs');
    Object.assign(engines, elevenLabsEngines(config, ctx));
    elevenlabs = elevenLabsApi(config, ctx);
  }
  if (p.openaiCompatible.baseUrl && p.openaiCompatible.models.length) {
    const config = { baseUrl: p.openaiCompatible.baseUrl, apiKey: p.openaiCompatible.apiKey, models: p.openaiCompatible.models };
    configured.push('openai-compatible');
    Object.assign(engines, openAICompatibleEngines(config, ctx));
    Object.assign(chat, openAICompatibleChatAdapters(config, ctx));
  }
  if (p.comfyui.urls.length) {
    configured.push('comfyui');
    // Workflows live in the database: only a process that can load them (the worker) runs them.
    if (options.comfyWorkflows) {
      const comfy = comfyUIEngine({ urls: p.comfyui.urls, token: p.comfyui.token }, ctx, options.comfyWorkflows);
      engines['comfyui/*'] = comfy.engine;
      comfyPool = comfy.pool;
    }
  }
  if (p.ollama.url) {
    const config = { url: p.ollama.url };
    configured.push('ollama');
    engines['ollama/*'] = ollamaEngine(config, ctx);
    chat['ollama/*'] = ollamaChatAdapter(config, ctx);
  }
  // Every call that leaves the registry counts the provider errors that reach its caller, once.
  return {
    engines: Object.fromEntries(Object.entries(engines).map(([id, engine]) => [id, counted(engine)])),
    chat: Object.fromEntries(Object.entries(chat).map(([id, adapter]) => [id, countedChat(adapter)])),
    installed: INSTALLED_PROVIDER_ADAPTERS,
    configured,
    elevenlabs: elevenlabs && {
      speak: counted(elevenlabs.speak),
      cloneVoice: counted(elevenlabs.cloneVoice),
      listVoices: counted(elevenlabs.listVoices),
    },
    enhancePrompt: enhancePrompt && counted(enhancePrompt),
    comfyPool,
  };
}

/** `fn`, counting the provider error it throws (atelier_provider_errors_total) before rethrowing it. */
function counted<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (e) {
      countProviderError(e);
      throw e;
    }
  };
}

function countedChat(adapter: ChatModelAdapter): ChatModelAdapter {
  return {
    ...adapter,
    async *streamReply(request) {
      try {
        return yield* adapter.streamReply(request);
      } catch (e) {
        countProviderError(e);
        throw e;
      }
    },
  };
}

/** Catalogue rows for models that come from configuration (OpenAI-compatible servers). */
export function configuredCatalogue(env: Env) {
  const c = env.providers.openaiCompatible;
  return c.baseUrl ? openAICompatibleCatalogue(c.models) : [];
}

export {
  applyWorkflowInputs,
  type ComfyHealthCheck,
  type ComfyUIConfig,
  type ComfyWorkflow,
  comfyUIHealth,
  type LoadWorkflow,
  outputFiles,
} from './comfyui';
export { downloadMedia, isPublicAddress, sniffMedia } from './download';
export { countProviderError, isProviderError, ProviderError, type ProviderErrorKind } from './errors';
export {
  listOllamaModels,
  OLLAMA_CONTEXT_TOKENS,
  OLLAMA_GENERATION_TOKENS,
  OLLAMA_REPLY_TOKENS,
  type OllamaModel,
  ollamaModelId,
  ollamaTestRun,
  ollamaVersion,
} from './ollama';
export { compatibleModelId } from './openai-compatible';
export type { ChatModelAdapter, Engine, EngineInput, EngineOutput, ProviderLimits, ProviderOptions } from './types';
