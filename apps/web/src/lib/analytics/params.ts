import { ANALYTICS } from './constants';

/** What callers may pass; anything else is dropped or turned into JSON text by `sanitizeParams`. */
export type AnalyticsParamInput = Record<string, unknown>;
export type AnalyticsParams = Record<string, string | number | boolean>;

const cap = (text: string): string => (text.length > ANALYTICS.maxStringLength ? text.slice(0, ANALYTICS.maxStringLength) : text);

/**
 * §5: only string, number and boolean values are kept; a Date becomes its ISO string; other objects
 * (arrays included) become JSON text. undefined, null, functions, symbols, bigints and non-finite numbers
 * (and invalid dates) are dropped. Strings are capped at 65535 characters (§9).
 */
export function sanitizeParams(input: AnalyticsParamInput | undefined): AnalyticsParams {
  const out: AnalyticsParams = {};
  if (!input) return out;
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') {
      out[key] = cap(value);
    } else if (typeof value === 'boolean') {
      out[key] = value;
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (value instanceof Date) {
      if (!Number.isNaN(value.getTime())) out[key] = value.toISOString();
    } else if (typeof value === 'object' && value !== null) {
      try {
        const json = JSON.stringify(value);
        if (typeof json === 'string') out[key] = cap(json);
      } catch {
        /* circular or otherwise unserialisable: dropped */
      }
    }
  }
  return out;
}
