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
