import { CATALOGUE, type CatalogueEntry, type ModelType, PROVIDERS_WITHOUT_PUBLIC_API } from './catalogue';
import type { Env } from './env';

export interface ProviderInfo {
  id: string;
  name: string;
  configured: boolean;
  local: boolean;
  /** Why the provider's models can't be used here, when they can't. */
  reason: string | null;
  envVar: string | null;
}

const HOSTED: Record<string, { name: string; envVar: string; configured: (env: Env) => boolean }> = {
  openai: { name: 'OpenAI', envVar: 'OPENAI_API_KEY', configured: (e) => Boolean(e.providers.openai.apiKey) },
  anthropic: { name: 'Anthropic', envVar: 'ANTHROPIC_API_KEY', configured: (e) => Boolean(e.providers.anthropic.apiKey) },
  replicate: { name: 'Replicate', envVar: 'REPLICATE_API_TOKEN', configured: (e) => Boolean(e.providers.replicate.apiToken) },
  elevenlabs: { name: 'ElevenLabs', envVar: 'ELEVENLABS_API_KEY', configured: (e) => Boolean(e.providers.elevenlabs.apiKey) },
  'openai-compatible': {
    name: 'OpenAI-compatible server',
    envVar: 'OPENAI_COMPATIBLE_BASE_URL',
    configured: (e) => Boolean(e.providers.openaiCompatible.baseUrl && e.providers.openaiCompatible.models.length),
  },
  comfyui: { name: 'ComfyUI', envVar: 'COMFYUI_URL', configured: (e) => e.providers.comfyui.urls.length > 0 },
  ollama: { name: 'Ollama', envVar: 'OLLAMA_URL', configured: (e) => Boolean(e.providers.ollama.url) },
};

/**
 * Engines on the operator's own GPUs (issue 25). Their models come from the server, not the
 * catalogue: ComfyUI workflows an admin uploads (`comfyui/<slug>`) and the models an Ollama server
 * lists (`ollama/<name>`).
 */
export const SELF_HOSTED_PROVIDERS = ['comfyui', 'ollama'] as const;

/**
 * Providers whose adapters are installed on this build. A configured provider whose adapter is
 * not installed yet still shows as unavailable, so nobody is charged for a model that can't run.
 */
export const INSTALLED_ADAPTERS = new Set<string>([
  'local',
  'openai',
  'anthropic',
  'replicate',
  'elevenlabs',
  'openai-compatible',
  'comfyui',
  'ollama',
]);

/** Catalogue rows that price a studio action (voice cloning) rather than a generation: never generated with. */
export const ACTION_ONLY_MODELS = new Set(['local/voice-clone']);

export function providerInfo(env: Env, provider: string): ProviderInfo {
  if (provider === 'local') return { id: 'local', name: 'Local engines (offline)', configured: true, local: true, reason: null, envVar: null };
  const noApi = PROVIDERS_WITHOUT_PUBLIC_API[provider];
  if (noApi) return { id: provider, name: provider, configured: false, local: false, reason: noApi, envVar: null };
  const hosted = HOSTED[provider];
  if (!hosted) return { id: provider, name: provider, configured: false, local: false, reason: 'Unknown provider', envVar: null };
  const configured = hosted.configured(env);
  let reason: string | null = null;
  if (!configured) reason = `${hosted.name} is not configured on this server (set ${hosted.envVar})`;
  else if (!INSTALLED_ADAPTERS.has(provider)) reason = `The ${hosted.name} adapter is not installed in this build`;
  return { id: provider, name: hosted.name, configured, local: false, reason, envVar: hosted.envVar };
}

/** Every provider the catalogue knows, plus those whose models come from configuration (OpenAI-compatible servers, ComfyUI, Ollama). */
export const ALL_PROVIDERS = [...new Set([...CATALOGUE.map((m) => m.provider), 'openai-compatible', ...SELF_HOSTED_PROVIDERS])];

export const OUTPUT_TYPES: Record<'video' | 'image' | 'audio' | 'text', ModelType> = { video: 'VIDEO', image: 'IMAGE', audio: 'AUDIO', text: 'TEXT' };
export const GENERATION_TYPE_OF: Record<ModelType, 'video' | 'image' | 'audio' | 'text'> = {
  VIDEO: 'video',
  IMAGE: 'image',
  AUDIO: 'audio',
  TEXT: 'text',
};

/** The spec's hosted defaults (§7), used when their provider is available; else the local engine. */
export const SPEC_DEFAULTS: Record<'image' | 'text' | 'video' | 'audio' | 'code', string> = {
  image: 'openai/dall-e-3',
  text: 'openai/gpt-3.5-turbo',
  video: 'replicate/animate-diff',
  audio: 'openai/tts-1',
  code: 'openai/gpt-4-turbo',
};
export const LOCAL_DEFAULTS: Record<'image' | 'text' | 'video' | 'audio' | 'code', string> = {
  image: 'local/image',
  text: 'local/text',
  video: 'local/video',
  audio: 'local/speech',
  code: 'local/text',
};

export type { CatalogueEntry };
