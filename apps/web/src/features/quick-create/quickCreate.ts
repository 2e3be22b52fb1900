import type { GenerationType } from '@atelier/shared/constants';
import type { CatalogueModel, GenerateInput, Generation } from '../history/generation';

export { parseQuickCreateSearch, type QuickCreateSearch } from './quickCreateSearch';

/** The options a model may take, as the form keeps them (empty = the engine's default). */
export interface OptionValues {
  aspectRatio: string | null;
  resolution: string | null;
  duration: number | null;
  seed: number | null;
  negativePrompt: string;
  image: { key: string; url: string | null } | null;
  voiceId: string | null;
  speed: number;
  pitch: number;
  language: string | null;
  stability: number;
  similarityBoost: number;
  genre: string | null;
  mood: string | null;
  bpm: number | null;
  key: string | null;
  referenceAudio: { key: string; url: string | null } | null;
  /** Sampler steps (ComfyUI workflows that map them); null: the workflow's own. */
  steps: number | null;
}

export const EMPTY_OPTIONS: OptionValues = {
  aspectRatio: null,
  resolution: null,
  duration: null,
  seed: null,
  negativePrompt: '',
  image: null,
  voiceId: null,
  speed: 1,
  pitch: 50,
  language: null,
  stability: 0.5,
  similarityBoost: 0.75,
  genre: null,
  mood: null,
  bpm: null,
  key: null,
  referenceAudio: null,
  steps: null,
};

/** The inputs a model takes besides the prompt (its required and optional inputs). */
export function modelInputs(model: CatalogueModel): Set<string> {
  return new Set([...model.requirements.requiredInputs, ...model.requirements.optionalInputs].filter((input) => input !== 'prompt'));
}

/** What the model's pickers show when the user has not chosen: the api's own defaults. */
export function defaultAspectRatio(model: CatalogueModel): string | null {
  const list = model.requirements.aspectRatios ?? [];
  if (!list.length) return null;
  if (model.type === 'IMAGE' && list.includes('1:1')) return '1:1';
  return list[0] ?? null;
}

export function defaultResolution(model: CatalogueModel): string | null {
  const list = model.requirements.resolutions ?? [];
  if (!list.length) return null;
  return list.includes('720p') ? '720p' : (list[0] ?? null);
}

export function defaultDuration(model: CatalogueModel): number {
  const max = model.requirements.maxDurationSeconds ?? 60;
  const preferred = model.type === 'VIDEO' ? 5 : 30;
  return Math.min(preferred, max);
}

/**
 * The generate input for the chosen model: only the options it supports, only the ones that are
 * set (the api fills in its defaults and records them on the generation).
 */
export function buildGenerateInput(
  type: GenerationType,
  model: CatalogueModel,
  prompt: string,
  values: OptionValues,
  idempotencyKey: string,
): GenerateInput {
  const inputs = modelInputs(model);
  const input: GenerateInput = { type, model: model.id, prompt: prompt.trim(), idempotencyKey };
  const aspectRatio = values.aspectRatio ?? defaultAspectRatio(model);
  if (aspectRatio && model.requirements.aspectRatios?.includes(aspectRatio)) input.aspectRatio = aspectRatio as GenerateInput['aspectRatio'];
  const resolution = values.resolution ?? defaultResolution(model);
  if (resolution && model.requirements.resolutions?.includes(resolution)) input.resolution = resolution as GenerateInput['resolution'];
  if (inputs.has('duration')) input.duration = values.duration ?? defaultDuration(model);
  if (inputs.has('seed') && values.seed !== null) input.seed = values.seed;
  if (inputs.has('negativePrompt') && values.negativePrompt.trim()) input.negativePrompt = values.negativePrompt.trim();
  if (inputs.has('image') && values.image) input.image = values.image.key;
  if (inputs.has('referenceAudio') && values.referenceAudio) input.referenceAudio = values.referenceAudio.key;
  if (inputs.has('voiceId') && values.voiceId) input.voiceId = values.voiceId;
  if (inputs.has('speed') && values.speed !== 1) input.speed = values.speed;
  if (inputs.has('pitch') && values.pitch !== 50) input.pitch = values.pitch;
  if (inputs.has('language') && values.language) input.language = values.language;
  if (inputs.has('stability')) input.stability = values.stability;
  if (inputs.has('similarityBoost')) input.similarityBoost = values.similarityBoost;
  if (inputs.has('genre') && values.genre) input.genre = values.genre;
  if (inputs.has('mood') && values.mood) input.mood = values.mood;
  if (inputs.has('bpm') && values.bpm !== null) input.bpm = values.bpm;
  if (inputs.has('key') && values.key) input.key = values.key;
  if (inputs.has('steps') && values.steps !== null) input.steps = values.steps;
  return input;
}

/** The form values that reproduce a generation's options (for remix: everything but the seed). */
export function optionsFromGeneration(generation: Generation): OptionValues {
  const p = generation.params;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const media = (v: unknown) => (typeof v === 'string' && v !== '' ? { key: v, url: null } : null);
  return {
    ...EMPTY_OPTIONS,
    aspectRatio: str(p.aspectRatio),
    resolution: str(p.resolution),
    duration: num(p.duration),
    negativePrompt: str(p.negativePrompt) ?? '',
    image: media(p.image),
    voiceId: str(p.voiceId),
    speed: num(p.speed) ?? 1,
    pitch: num(p.pitch) ?? 50,
    language: str(p.language),
    stability: num(p.stability) ?? EMPTY_OPTIONS.stability,
    similarityBoost: num(p.similarityBoost) ?? EMPTY_OPTIONS.similarityBoost,
    genre: str(p.genre),
    mood: str(p.mood),
    bpm: num(p.bpm),
    key: str(p.key),
    referenceAudio: media(p.referenceAudio),
    steps: num(p.steps),
  };
}

export function newIdempotencyKey(): string {
  return `qc-${crypto.randomUUID()}`;
}

/** Voices of the local espeak-ng engine: variants applied to the chosen language. */
export const LOCAL_VOICES = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: '+m3', label: 'Male — deep' },
  { value: '+f4', label: 'Female — soft' },
  { value: '+whisperf', label: 'Whisper' },
  { value: '+klatt', label: 'Retro synthesiser' },
];

export const OPENAI_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'].map((v) => ({
  value: v,
  label: v[0]?.toUpperCase() + v.slice(1),
}));

export const SPEECH_LANGUAGES = [
  { value: 'en-us', label: 'English (US)' },
  { value: 'en-gb', label: 'English (UK)' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'es', label: 'Spanish' },
  { value: 'it', label: 'Italian' },
  { value: 'pt-br', label: 'Portuguese (Brazil)' },
  { value: 'nl', label: 'Dutch' },
  { value: 'pl', label: 'Polish' },
  { value: 'sv', label: 'Swedish' },
  { value: 'ja', label: 'Japanese' },
  { value: 'hi', label: 'Hindi' },
];

export const MUSIC_GENRES = ['ambient', 'classical', 'rock', 'pop', 'electronic', 'hip-hop', 'lofi', 'jazz'].map((g) => ({
  value: g,
  label: g === 'lofi' ? 'Lo-fi' : g === 'hip-hop' ? 'Hip-hop' : g[0]?.toUpperCase() + g.slice(1),
}));

export const MUSIC_MOODS = ['happy', 'calm', 'energetic', 'sad', 'dark', 'dreamy', 'uplifting', 'tense'].map((m) => ({
  value: m,
  label: m[0]?.toUpperCase() + m.slice(1),
}));

const TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
export const MUSIC_KEYS = [
  { group: 'Major', items: TONICS.map((t) => `${t} major`) },
  { group: 'Minor', items: TONICS.map((t) => `${t} minor`) },
];
