/**
 * §5 clip timing: values above 1000 are milliseconds (divided by 1000); an end trim at or
 * above the duration becomes 0; start trim clamped to 0..duration; end trim clamped to
 * 0..(duration − start trim). All results are seconds.
 */
export interface ClipTiming {
  duration: number;
  startTrim: number;
  endTrim: number;
}

const toSeconds = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return 0;
  return n > 1000 ? n / 1000 : n;
};
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

export function normalizeClipTiming(input: { duration: unknown; startTrim?: unknown; endTrim?: unknown }): ClipTiming {
  const duration = Math.max(0, toSeconds(input.duration));
  let endTrim = toSeconds(input.endTrim ?? 0);
  if (endTrim >= duration) endTrim = 0;
  const startTrim = clamp(toSeconds(input.startTrim ?? 0), 0, duration);
  endTrim = clamp(endTrim, 0, duration - startTrim);
  return { duration, startTrim, endTrim };
}

/** Seconds of a clip that play after trimming. */
export const playedSeconds = (t: ClipTiming): number => Math.max(0, t.duration - t.startTrim - t.endTrim);
