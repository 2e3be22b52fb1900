import { MARGIN_RATE, UNITS_PER_CREDIT } from '../constants';

/** Credit units (hundredths) → credits. */
export const unitsToCredits = (units: number): number => units / UNITS_PER_CREDIT;
/** Credits → integer credit units. */
export const creditsToUnits = (credits: number): number => Math.round(credits * UNITS_PER_CREDIT);

/** §5: credit display floors to whole numbers, never negative; a non-numeric value counts as 0. */
export function displayCredits(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n);
}

/** §9: adds a 20 percent margin to a cost, rounded up; 0 gives 0. */
export function withMargin(cost: number): number {
  if (!Number.isFinite(cost) || cost <= 0) return 0;
  // Work in integer hundredths first to avoid 1.2 * 5 = 6.000000000000001 → 7.
  return Math.ceil(Math.round(cost * (1 + MARGIN_RATE) * 1e6) / 1e6);
}

/**
 * Token-metered models (self-hosted text models, issue 25): their price is per 1,000 tokens, prompt
 * and reply together, as the server counted them. A reply is charged a hold for the most it can
 * use (the prompt's estimate plus the reply's token limit) and settled to what it used.
 */
export const TOKENS_PER_PRICE_UNIT = 1000;

/** The rough rule of thumb: about four characters per token (for holds and where a model reports no usage). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Credit units for `tokens` at `unitsPer1k` credit units per 1,000 tokens, rounded up to a whole unit. */
export function meteredUnits(unitsPer1k: number, tokens: number): number {
  if (!Number.isFinite(unitsPer1k) || unitsPer1k <= 0 || !Number.isFinite(tokens) || tokens <= 0) return 0;
  return Math.ceil((unitsPer1k * tokens) / TOKENS_PER_PRICE_UNIT);
}

/** What a metered reply costs once its tokens are known: never more than its hold. */
export function settleMetered(
  holdUnits: number,
  unitsPer1k: number,
  tokensIn: number,
  tokensOut: number,
): { chargedUnits: number; refundUnits: number } {
  const used = Math.min(holdUnits, meteredUnits(unitsPer1k, Math.max(0, tokensIn) + Math.max(0, tokensOut)));
  return { chargedUnits: used, refundUnits: holdUnits - used };
}
