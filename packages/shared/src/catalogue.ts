/**
 * The model catalogue the seed writes to Postgres (admins reprice and switch models later).
 * Prices are in credits (spec §9's demo prices for the hosted models). A model whose provider
 * has no adapter here, or no key, shows as unavailable with the reason and cannot be charged.
 */
export type ModelType = 'VIDEO' | 'IMAGE' | 'AUDIO' | 'TEXT';
export const MODEL_INPUTS = [
  'prompt',
  'image',
  'negativePrompt',
  'seed',
  'voiceId',
  'speed',
  'pitch',
  'language',
  'stability',
  'similarityBoost',
  'genre',
  'mood',
  'duration',
  'bpm',
  'key',
  'referenceAudio',
] as const;
export type ModelInput = (typeof MODEL_INPUTS)[number];

export interface ModelRequirements {
  aspectRatios?: string[];
  resolutions?: string[];
  requiredInputs: ModelInput[];
  optionalInputs: ModelInput[];
  maxDurationSeconds?: number;
}

export interface CatalogueEntry {
  id: string;
  provider: string;
  name: string;
  type: ModelType;
  category?: 'voice' | 'music';
  description: string;
  requirements: ModelRequirements;
  credits: number;
  /** Provider's list price per generation in USD (estimate), for profitability. */
  providerCostUsd: number;
  isDefault?: boolean;
  isLocal?: boolean;
}

const visual = { aspectRatios: ['16:9', '9:16', '1:1'], resolutions: ['480p', '720p', '1080p'] };

export const CATALOGUE: CatalogueEntry[] = [
  {
    id: 'local/image',
    provider: 'local',
    name: 'Local Image (offline)',
    type: 'IMAGE',
    description: 'Renders an image on this server from the prompt and seed — no network, no key.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['seed', 'negativePrompt'] },
    credits: 1,
    providerCostUsd: 0,
    isDefault: true,
    isLocal: true,
  },
  {
    id: 'local/video',
    provider: 'local',
    name: 'Local Video (offline)',
    type: 'VIDEO',
    description: 'ffmpeg camera motion over an input image or a local picture of the prompt.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['image', 'seed', 'duration'], maxDurationSeconds: 20 },
    credits: 3,
    providerCostUsd: 0,
    isDefault: true,
    isLocal: true,
  },
  {
    id: 'local/speech',
    provider: 'local',
    name: 'Local Speech (offline)',
    type: 'AUDIO',
    category: 'voice',
    description: 'espeak-ng text-to-speech on this server.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: ['voiceId', 'speed', 'pitch', 'language'] },
    credits: 1,
    providerCostUsd: 0,
    isDefault: true,
    isLocal: true,
  },
  {
    id: 'local/music',
    provider: 'local',
    name: 'Local Music (offline)',
    type: 'AUDIO',
    category: 'music',
    description: 'A synthesiser on this server: melody, harmony, bass and drums.',
    requirements: {
      requiredInputs: ['prompt'],
      optionalInputs: ['duration', 'bpm', 'key', 'genre', 'mood', 'seed', 'referenceAudio'],
      maxDurationSeconds: 120,
    },
    credits: 2,
    providerCostUsd: 0,
    isDefault: true,
    isLocal: true,
  },
  {
    id: 'local/voice-clone',
    provider: 'local',
    name: 'Local Voice Clone (offline)',
    type: 'AUDIO',
    category: 'voice',
    description: 'Analyses voice samples (pitch, speaking rate) and maps them onto espeak-ng voice parameters.',
    requirements: { requiredInputs: ['referenceAudio'], optionalInputs: [] },
    credits: 3,
    providerCostUsd: 0,
    isLocal: true,
  },
  {
    id: 'local/text',
    provider: 'local',
    name: 'Local Draft Writer (offline)',
    type: 'TEXT',
    description: 'An offline draft writer that structures your prompt — not an AI model.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 1,
    providerCostUsd: 0,
    isDefault: true,
    isLocal: true,
  },
  {
    id: 'local/text-brief',
    provider: 'local',
    name: 'Local Brief Writer (offline)',
    type: 'TEXT',
    description: 'The offline draft writer in short form: a few key points and next steps — not an AI model.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 1,
    providerCostUsd: 0,
    isLocal: true,
  },
  {
    id: 'openai/dall-e-3',
    provider: 'openai',
    name: 'DALL-E 3',
    type: 'IMAGE',
    description: "OpenAI's DALL-E 3 image model.",
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 2,
    providerCostUsd: 0.04,
    isDefault: true,
  },
  {
    id: 'openai/gpt-image-1',
    provider: 'openai',
    name: 'GPT Image 1',
    type: 'IMAGE',
    description: "OpenAI's GPT Image 1 model.",
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 3,
    providerCostUsd: 0.042,
  },
  {
    id: 'openai/gpt-3.5-turbo',
    provider: 'openai',
    name: 'GPT-3.5 Turbo',
    type: 'TEXT',
    description: 'Fast, inexpensive text model.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 1,
    providerCostUsd: 0.002,
    isDefault: true,
  },
  {
    id: 'openai/gpt-4-turbo',
    provider: 'openai',
    name: 'GPT-4 Turbo',
    type: 'TEXT',
    description: 'Stronger text and code model.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 2,
    providerCostUsd: 0.02,
  },
  {
    id: 'openai/tts-1',
    provider: 'openai',
    name: 'TTS',
    type: 'AUDIO',
    category: 'voice',
    description: "OpenAI's text-to-speech.",
    requirements: { requiredInputs: ['prompt'], optionalInputs: ['voiceId', 'speed'] },
    credits: 2,
    providerCostUsd: 0.015,
    isDefault: true,
  },
  {
    id: 'anthropic/claude-sonnet-4-5',
    provider: 'anthropic',
    name: 'Claude Sonnet',
    type: 'TEXT',
    description: "Anthropic's Claude Sonnet.",
    requirements: { requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 2,
    providerCostUsd: 0.015,
  },
  {
    id: 'replicate/sdxl',
    provider: 'replicate',
    name: 'SDXL',
    type: 'IMAGE',
    description: 'Stable Diffusion XL on Replicate.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['negativePrompt', 'seed'] },
    credits: 1,
    providerCostUsd: 0.004,
  },
  {
    id: 'replicate/flux-schnell',
    provider: 'replicate',
    name: 'Flux Schnell',
    type: 'IMAGE',
    description: 'Black Forest Labs Flux Schnell on Replicate.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['seed'] },
    credits: 1,
    providerCostUsd: 0.003,
  },
  {
    id: 'replicate/animate-diff',
    provider: 'replicate',
    name: 'AnimateDiff',
    type: 'VIDEO',
    description: 'Text-to-video with AnimateDiff on Replicate.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['negativePrompt', 'seed'] },
    credits: 3,
    providerCostUsd: 0.05,
    isDefault: true,
  },
  {
    id: 'replicate/stable-video-diffusion',
    provider: 'replicate',
    name: 'Stable Video',
    type: 'VIDEO',
    description: 'Image-to-video with Stable Video Diffusion on Replicate.',
    requirements: { ...visual, requiredInputs: ['image'], optionalInputs: ['prompt', 'seed'] },
    credits: 4,
    providerCostUsd: 0.08,
  },
  {
    id: 'replicate/musicgen',
    provider: 'replicate',
    name: 'MusicGen',
    type: 'AUDIO',
    category: 'music',
    description: "Meta's MusicGen on Replicate.",
    requirements: { requiredInputs: ['prompt'], optionalInputs: ['duration', 'referenceAudio'], maxDurationSeconds: 30 },
    credits: 3,
    providerCostUsd: 0.03,
  },
  {
    id: 'elevenlabs/eleven_turbo_v2_5',
    provider: 'elevenlabs',
    name: 'ElevenLabs Turbo',
    type: 'AUDIO',
    category: 'voice',
    description: 'ElevenLabs Turbo text-to-speech.',
    requirements: { requiredInputs: ['prompt', 'voiceId'], optionalInputs: ['stability', 'similarityBoost', 'speed'] },
    credits: 2,
    providerCostUsd: 0.02,
  },
  {
    id: 'elevenlabs/voice-clone',
    provider: 'elevenlabs',
    name: 'Voice clone',
    type: 'AUDIO',
    category: 'voice',
    description: 'Instant voice cloning from samples (ElevenLabs).',
    requirements: { requiredInputs: ['referenceAudio'], optionalInputs: [] },
    credits: 3,
    providerCostUsd: 0.05,
  },
  {
    id: 'runway/gen-3-alpha',
    provider: 'runway',
    name: 'Gen-3 Alpha',
    type: 'VIDEO',
    description: "Runway's Gen-3 Alpha.",
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['image'] },
    credits: 6,
    providerCostUsd: 0.5,
  },
  {
    id: 'pika/pika-1.5',
    provider: 'pika',
    name: 'Pika 1.5',
    type: 'VIDEO',
    description: 'Pika 1.5 video model.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: ['image'] },
    credits: 5,
    providerCostUsd: 0.3,
  },
  {
    id: 'midjourney/v6',
    provider: 'midjourney',
    name: 'Midjourney V6',
    type: 'IMAGE',
    description: 'Midjourney V6.',
    requirements: { ...visual, requiredInputs: ['prompt'], optionalInputs: [] },
    credits: 2,
    providerCostUsd: 0.03,
  },
  {
    id: 'suno/v3.5',
    provider: 'suno',
    name: 'Suno',
    type: 'AUDIO',
    category: 'music',
    description: 'Suno song generation.',
    requirements: { requiredInputs: ['prompt'], optionalInputs: ['genre', 'mood', 'duration'] },
    credits: 4,
    providerCostUsd: 0.05,
  },
];

/** Providers with no public API, so they can never be switched on here. */
export const PROVIDERS_WITHOUT_PUBLIC_API: Record<string, string> = {
  runway: 'No Runway adapter is installed on this server',
  pika: 'Pika has no public API',
  midjourney: 'Midjourney has no public API',
  suno: 'Suno has no public API',
};

export const CREDIT_PACKAGES = [
  { id: 'starter', name: 'Starter', credits: 100, priceCents: 1000, currency: 'usd', sort: 1 },
  { id: 'creator', name: 'Creator', credits: 500, priceCents: 4000, currency: 'usd', sort: 2 },
  { id: 'studio', name: 'Studio', credits: 1500, priceCents: 10000, currency: 'usd', sort: 3 },
  { id: 'pro', name: 'Pro', credits: 5000, priceCents: 30000, currency: 'usd', sort: 4 },
] as const;
