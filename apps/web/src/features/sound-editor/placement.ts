import { clipLength, SOUND_LIMITS, type SoundClip, type SoundTrack } from '@atelier/shared';

export interface Placement {
  /** The track the clip goes on; null = a new track. */
  trackId: string | null;
  start: number;
  /** Why it goes there, for the toast: 'playhead' (free there), 'after' (after the track's last clip), 'new-track'. */
  why: 'playhead' | 'after' | 'new-track';
  /** The clip it follows, when `why` is 'after'. */
  afterClipId?: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Where a new clip of `length` seconds goes so that it never overlaps another: on the selected track at the
 * playhead when that stretch is free, else right after the track's last clip; with no track selected (or when the
 * track is full or would run past the timeline's end) on a new track at the playhead.
 */
export function placeNewClip(
  tracks: readonly SoundTrack[],
  durations: ReadonlyMap<string, number>,
  selectedTrackId: string | null,
  length: number,
  playhead: number,
): Placement {
  const at = round(Math.max(0, playhead));
  const track = tracks.find((t) => t.id === selectedTrackId);
  if (!track || track.clips.length >= SOUND_LIMITS.maxClips) return { trackId: null, start: at, why: 'new-track' };
  const spans = track.clips.map((c: SoundClip) => ({ id: c.id, from: c.start, to: c.start + clipLength(c, durations.get(c.sourceId) ?? 0) }));
  const free = (from: number) => spans.every((s) => from + length <= s.from + 1e-6 || from >= s.to - 1e-6);
  if (free(at)) return { trackId: track.id, start: at, why: 'playhead' };
  const last = spans.reduce((a, b) => (b.to > a.to ? b : a));
  const start = round(last.to);
  if (start + length > SOUND_LIMITS.maxSeconds) return { trackId: null, start: at, why: 'new-track' };
  return { trackId: track.id, start, why: 'after', afterClipId: last.id };
}

/** m:ss.s for the toast. */
export function timeLabel(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}
