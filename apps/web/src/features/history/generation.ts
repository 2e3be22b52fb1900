import type { AppRouter } from '@atelier/api/router';
import type { GenerationStatus, GenerationType } from '@atelier/shared/constants';
import type { MantineColor } from '@mantine/core';
import { type Icon, IconFileText, IconMovie, IconPhoto, IconWaveSine } from '@tabler/icons-react';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** One generation as the api returns it (`generation.byId`, `generation.history` rows). */
export type Generation = inferRouterOutputs<AppRouter>['generation']['byId'];
/** One model catalogue entry (`generation.models`). */
export type CatalogueModel = inferRouterOutputs<AppRouter>['generation']['models']['models'][number];
export type GenerateInput = inferRouterInputs<AppRouter>['generation']['generate'];

export const TYPE_META: Record<GenerationType, { label: string; icon: Icon; color: MantineColor }> = {
  image: { label: 'Image', icon: IconPhoto, color: 'grape' },
  video: { label: 'Video', icon: IconMovie, color: 'pink' },
  text: { label: 'Text', icon: IconFileText, color: 'cyan' },
  audio: { label: 'Audio', icon: IconWaveSine, color: 'orange' },
};

export const STATUS_META: Record<GenerationStatus, { label: string; color: MantineColor }> = {
  PENDING: { label: 'Queued', color: 'gray' },
  PROCESSING: { label: 'Generating', color: 'blue' },
  COMPLETED: { label: 'Completed', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'yellow' },
};

export { isGenerationStatus, isGenerationType } from './generationGuards';

/** PENDING or PROCESSING: the job may still change it. */
export const isRunning = (status: GenerationStatus): boolean => status === 'PENDING' || status === 'PROCESSING';

/** '1 credit', '2 credits', '1.5 credits' (credits may have hundredths). */
export function formatCredits(credits: number): string {
  const rounded = Math.round(credits * 100) / 100;
  const text = rounded.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${text} ${rounded === 1 ? 'credit' : 'credits'}`;
}

/** A model's price as people read it: '2 credits', or '1 credit / 1K tokens' for a model charged by the tokens it uses. */
export function formatPrice(model: Pick<CatalogueModel, 'credits' | 'priceBasis'>): string {
  return model.priceBasis === '1k-tokens' ? `${formatCredits(model.credits)} / 1K tokens` : formatCredits(model.credits);
}

/** What one message costs with these models: '3 credits per message', '1 credit per message + 2 credits per 1K tokens'. */
export function messagePrice(models: Pick<CatalogueModel, 'credits' | 'priceBasis'>[]): string {
  const metered = models.filter((m) => m.priceBasis === '1k-tokens');
  const flat = models.filter((m) => m.priceBasis !== '1k-tokens').reduce((n, m) => n + m.credits, 0);
  const perTokens = metered.reduce((n, m) => n + m.credits, 0);
  const parts = flat > 0 || !metered.length ? [`${formatCredits(flat)} per message`] : [];
  if (metered.length) parts.push(`${formatCredits(perTokens)} per 1K tokens`);
  return parts.join(' + ');
}

/** '850 ms', '2.4 s', '1 min 05 s'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday'. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * The storage key behind a signed media URL (`/media/<key>?exp&sig`), which is what the api takes
 * as an input image or reference audio ("one of your generations").
 */
export function mediaKeyFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { pathname } = new URL(url, 'http://local');
    if (!pathname.startsWith('/media/')) return null;
    return decodeURIComponent(pathname.slice('/media/'.length));
  } catch {
    return null;
  }
}

/** The same signed URL, asking the server for `Content-Disposition: attachment`. */
export function downloadUrlFor(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** A file name for a text result's download. */
export function textFileName(generation: Pick<Generation, 'id' | 'prompt'>): string {
  const slug = generation.prompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'generation'}-${generation.id.slice(0, 8)}.md`;
}

/** Saves a text result as a file (text has no media URL). */
export function downloadText(generation: Pick<Generation, 'id' | 'prompt' | 'outputText'>): void {
  const blob = new Blob([generation.outputText ?? ''], { type: 'text/markdown;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = textFileName(generation);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Human labels for the parameters a receipt lists. */
export const PARAM_LABELS: Record<string, string> = {
  aspectRatio: 'Aspect ratio',
  resolution: 'Resolution',
  duration: 'Duration (s)',
  seed: 'Seed',
  negativePrompt: 'Negative prompt',
  image: 'Input image',
  voiceId: 'Voice',
  speed: 'Speed',
  pitch: 'Pitch',
  language: 'Language',
  stability: 'Stability',
  similarityBoost: 'Similarity boost',
  genre: 'Genre',
  mood: 'Mood',
  bpm: 'Tempo (BPM)',
  key: 'Key',
  referenceAudio: 'Reference audio',
  steps: 'Sampler steps',
};

export function formatParamValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
