/** Business constants from the product spec §9. */
export const UNITS_PER_CREDIT = 100;
export const MARGIN_RATE = 0.2;
export const LOW_CREDIT_THRESHOLD = 100;

export const CONVERSATION_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 50;
export const DEFAULT_CONVERSATION_TYPE = 'SINGLE';

export const EDITOR_HEADER_AUTO_HIDE_MS = 4000;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeSetting = (typeof THEMES)[number];

export const DEMO = {
  delayMs: 300,
  credits: 10,
  costVideoClip: 5,
  costImageOrSegment: 2,
  clipDurationMs: 5000,
  canvas: { width: 1920, height: 1080, aspectRatio: '16:9' },
  seo: { wordsPerArticle: 1200, articleFormat: 'markdown', publishSchedule: 7, descriptionMax: 160 },
} as const;

/** Demo model prices in credits (§9). */
export const DEMO_MODEL_PRICES = {
  'Gen-3 Alpha': 6,
  'Stable Video': 4,
  SDXL: 1,
  'Pika 1.5': 5,
  'DALL-E 3': 2,
  TTS: 2,
  'Midjourney V6': 2,
  AnimateDiff: 3,
  'ElevenLabs Turbo': 2,
  'voice clone': 3,
  Suno: 4,
  MusicGen: 3,
} as const;

export const IMAGE_ESTIMATE = { creditsPerImage: 4, unitsPerCredit: 100, defaultCount: 2 } as const;

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const PROJECT_TYPES = ['VIDEO', 'IMAGE', 'TEXT'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const GENERATION_TYPES = ['image', 'video', 'text', 'audio'] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];
export const GENERATION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Actions whose name contains one of these words need a signed-in user (§5). */
export const WRITE_ACTION_WORDS = ['create', 'edit', 'delete', 'generate', 'export', 'save', 'publish'] as const;

/** Pixel sizes for ratio × resolution (short side = resolution). */
export function dimensionsFor(ratio: AspectRatio, resolution: Resolution): { width: number; height: number } {
  const short = resolution === '480p' ? 480 : resolution === '720p' ? 720 : 1080;
  const even = (n: number) => Math.round(n / 2) * 2;
  if (ratio === '1:1') return { width: short, height: short };
  const long = even((short * 16) / 9);
  return ratio === '16:9' ? { width: long, height: short } : { width: short, height: long };
}
