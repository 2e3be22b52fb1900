import { AppError } from '@atelier/shared';
import type { PeriodInput } from './admin.schema';

export interface Period {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  bucket: 'day' | 'week' | 'month';
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const DEFAULT_PERIOD_DAYS = 30;
const MAX_PERIOD_DAYS = 3 * 366;

/**
 * Resolves a period (UTC). A date-only `to` includes that whole day; a date-time `to` is exclusive.
 * Default: the last 30 days up to the end of today.
 */
export function resolvePeriod(input: PeriodInput = {}, now = new Date()): Period {
  const to = input.to
    ? DATE_ONLY.test(input.to)
      ? new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS)
      : new Date(input.to)
    : new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const from = input.from
    ? DATE_ONLY.test(input.from)
      ? new Date(`${input.from}T00:00:00Z`)
      : new Date(input.from)
    : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) {
    throw new AppError('VALIDATION', 'from must be before to', { fields: [{ path: 'from', message: 'from must be before to' }] });
  }
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  if (days > MAX_PERIOD_DAYS) {
    throw new AppError('VALIDATION', 'The period may span at most three years', { fields: [{ path: 'from', message: 'at most three years' }] });
  }
  return { from, to, bucket: days <= 92 ? 'day' : days <= 400 ? 'week' : 'month' };
}

export const periodDto = (p: Period) => ({ from: p.from.toISOString(), to: p.to.toISOString(), bucket: p.bucket });

/** Every bucket start between from and to, as YYYY-MM-DD (UTC), matching Postgres date_trunc. */
export function bucketDates(p: Period): string[] {
  const out: string[] = [];
  const start = new Date(p.from);
  start.setUTCHours(0, 0, 0, 0);
  if (p.bucket === 'week') {
    // date_trunc('week') starts on Monday.
    const dow = (start.getUTCDay() + 6) % 7;
    start.setUTCDate(start.getUTCDate() - dow);
  } else if (p.bucket === 'month') {
    start.setUTCDate(1);
  }
  for (let d = start; d < p.to; ) {
    out.push(d.toISOString().slice(0, 10));
    const next = new Date(d);
    if (p.bucket === 'day') next.setUTCDate(next.getUTCDate() + 1);
    else if (p.bucket === 'week') next.setUTCDate(next.getUTCDate() + 7);
    else next.setUTCMonth(next.getUTCMonth() + 1);
    d = next;
    if (out.length > 2000) break;
  }
  return out;
}

/** Money and ratios rounded for display without float dust. */
export const usd = (n: number) => Math.round(n * 1e6) / 1e6;
export const ratio = (n: number) => Math.round(n * 1e4) / 1e4;
