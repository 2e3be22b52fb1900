/**
 * What a generation cost us at the provider, in USD, so admins can compare it with the credits
 * charged (generations.provider_cost_usd). From the provider's reported usage where it reports
 * any (tokens, characters, GPU seconds), else its published list price. Prices as published
 * by each provider at the time of writing; change them here when they change.
 */

/** USD per million tokens (input, output). */
export const TOKEN_PRICES: Record<string, { input: number; output: number }> = {
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'gpt-4-turbo': { input: 10, output: 30 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
};

export function tokenCostUsd(model: string, tokensIn: number, tokensOut: number): number {
  const p = TOKEN_PRICES[model];
  if (!p) return 0;
  return round((tokensIn * p.input + tokensOut * p.output) / 1_000_000);
}

/** DALL-E 3, per image: standard/hd × square/wide. */
export function dalle3CostUsd(size: string, quality: 'standard' | 'hd'): number {
  const square = size === '1024x1024';
  if (quality === 'hd') return square ? 0.08 : 0.12;
  return square ? 0.04 : 0.08;
}

/** GPT Image 1: per token (text in $5/M, image in $10/M, image out $40/M) when usage is reported, else the per-image list price. */
export function gptImage1CostUsd(
  size: string,
  quality: 'low' | 'medium' | 'high',
  usage?: { input_tokens?: number; output_tokens?: number; input_tokens_details?: { text_tokens?: number; image_tokens?: number } } | null,
): number {
  if (usage && typeof usage.output_tokens === 'number') {
    const textIn = usage.input_tokens_details?.text_tokens ?? usage.input_tokens ?? 0;
    const imageIn = usage.input_tokens_details?.image_tokens ?? 0;
    return round((textIn * 5 + imageIn * 10 + usage.output_tokens * 40) / 1_000_000);
  }
  const square = size === '1024x1024';
  const table = { low: square ? 0.011 : 0.016, medium: square ? 0.042 : 0.063, high: square ? 0.167 : 0.25 };
  return table[quality];
}

/** OpenAI tts-1: $15 per million characters. */
export const ttsCostUsd = (characters: number): number => round((characters * 15) / 1_000_000);

/** ElevenLabs Flash/Turbo text-to-speech: $0.05 per 1,000 characters (instant voice cloning itself is not billed per call). */
export const elevenLabsTurboCostUsd = (characters: number): number => round((characters * 0.05) / 1000);

/** Replicate bills GPU seconds (metrics.predict_time) at the hardware's price, or per output for official models. */
export const REPLICATE_HARDWARE_USD_PER_SECOND = {
  'nvidia-l40s': 0.000975,
  'nvidia-a100-80gb': 0.0014,
} as const;

export function replicateCostUsd(
  price: { perSecond?: number; perOutput?: number },
  metrics: { predict_time?: number } | undefined | null,
  outputs: number,
): number | undefined {
  if (price.perOutput !== undefined) return round(price.perOutput * Math.max(1, outputs));
  const seconds = metrics?.predict_time;
  if (price.perSecond !== undefined && typeof seconds === 'number' && Number.isFinite(seconds)) return round(price.perSecond * seconds);
  return undefined;
}

/** Six decimals: the column's precision is plenty for cents-and-fractions comparisons. */
export const round = (usd: number): number => Math.round(usd * 1_000_000) / 1_000_000;
