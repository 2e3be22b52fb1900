import { z } from 'zod';

/**
 * The sound editor's document (§ issue 9): tracks of clips cut from audio sources. One set of
 * rules for the api (validation on save), the worker (the ffmpeg mixdown) and the browser
 * (WebAudio playback), so what is heard while editing is what the export renders.
 * Times are seconds; gains are linear (1 = unchanged, 0 = silent, 2 = +6 dB).
 */
export const SOUND_LIMITS = {
  maxTracks: 16,
  maxClips: 200,
  /** The timeline is at most an hour long. */
  maxSeconds: 3600,
  minClipSeconds: 0.05,
  maxGain: 2,
  maxNameLength: 60,
} as const;

const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .finite()
    .min(0, `${field} must not be negative`)
    .max(SOUND_LIMITS.maxSeconds, `${field} must be at most ${SOUND_LIMITS.maxSeconds} seconds`);
const gain = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .finite()
    .min(0, `${field} must not be negative`)
    .max(SOUND_LIMITS.maxGain, `${field} must be at most ${SOUND_LIMITS.maxGain} (200 %)`);

export const ZSoundClip = z
  .object({
    id: z.uuid({ error: 'clip id must be a uuid' }),
    sourceId: z.uuid({ error: 'sourceId must be a source of this session' }),
    /** Where the clip starts on the timeline. */
    start: seconds('start'),
    /** Seconds cut from the beginning and from the end of the source. */
    trimStart: seconds('trimStart').default(0),
    trimEnd: seconds('trimEnd').default(0),
    fadeIn: seconds('fadeIn').default(0),
    fadeOut: seconds('fadeOut').default(0),
    gain: gain('gain').default(1),
  })
  .strict();
export type SoundClip = z.infer<typeof ZSoundClip>;

export const ZSoundTrack = z
  .object({
    id: z.uuid({ error: 'track id must be a uuid' }),
    name: z
      .string()
      .trim()
      .min(1, 'track name must not be empty')
      .max(SOUND_LIMITS.maxNameLength, `track name must be at most ${SOUND_LIMITS.maxNameLength} characters`),
    volume: gain('volume').default(1),
    muted: z.boolean().default(false),
    solo: z.boolean().default(false),
    clips: z.array(ZSoundClip).max(SOUND_LIMITS.maxClips, `a track holds at most ${SOUND_LIMITS.maxClips} clips`).default([]),
  })
  .strict();
export type SoundTrack = z.infer<typeof ZSoundTrack>;

/** The tracks, with unique ids and at most maxClips clips in all. */
export const ZSoundTracks = z
  .array(ZSoundTrack)
  .max(SOUND_LIMITS.maxTracks, `a session holds at most ${SOUND_LIMITS.maxTracks} tracks`)
  .superRefine((tracks, ctx) => {
    const seen = new Set<string>();
    let clips = 0;
    tracks.forEach((t, ti) => {
      if (seen.has(t.id)) ctx.addIssue({ code: 'custom', path: [ti, 'id'], message: 'track ids must be unique' });
      seen.add(t.id);
      t.clips.forEach((c, ci) => {
        if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: [ti, 'clips', ci, 'id'], message: 'clip ids must be unique' });
        seen.add(c.id);
      });
      clips += t.clips.length;
    });
    if (clips > SOUND_LIMITS.maxClips) ctx.addIssue({ code: 'custom', path: [], message: `a session holds at most ${SOUND_LIMITS.maxClips} clips` });
  });

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Seconds of the source a clip plays. */
export function clipLength(clip: Pick<SoundClip, 'trimStart' | 'trimEnd'>, sourceDuration: number): number {
  return Math.max(0, sourceDuration - clip.trimStart - clip.trimEnd);
}

/**
 * Keeps a clip playable against its source: trims leave at least minClipSeconds, the clip ends
 * inside the timeline, and the fades fit in the clip (fade in first, fade out gets the rest).
 */
export function normaliseClip(clip: SoundClip, sourceDuration: number): SoundClip {
  const min = Math.min(SOUND_LIMITS.minClipSeconds, sourceDuration);
  const trimStart = Math.min(clip.trimStart, Math.max(0, sourceDuration - min));
  const trimEnd = Math.min(clip.trimEnd, Math.max(0, sourceDuration - min - trimStart));
  const length = clipLength({ trimStart, trimEnd }, sourceDuration);
  const start = Math.min(clip.start, Math.max(0, SOUND_LIMITS.maxSeconds - length));
  const fadeIn = Math.min(clip.fadeIn, length);
  const fadeOut = Math.min(clip.fadeOut, Math.max(0, length - fadeIn));
  return {
    ...clip,
    start: round3(start),
    trimStart: round3(trimStart),
    trimEnd: round3(trimEnd),
    fadeIn: round3(fadeIn),
    fadeOut: round3(fadeOut),
    gain: round3(clip.gain),
  };
}

/** Solo wins: when any track is soloed only soloed tracks play; otherwise every unmuted track plays. A muted soloed track stays silent. */
export function audibleTracks<T extends Pick<SoundTrack, 'muted' | 'solo'>>(tracks: readonly T[]): T[] {
  const soloed = tracks.some((t) => t.solo && !t.muted);
  return tracks.filter((t) => !t.muted && (!soloed || t.solo));
}

/** One sounding piece of the mix: `length` seconds of the source from `offset`, placed at `start`. */
export interface MixSegment {
  clipId: string;
  trackId: string;
  sourceId: string;
  start: number;
  offset: number;
  length: number;
  fadeIn: number;
  fadeOut: number;
  /** Clip gain × track volume. */
  gain: number;
}

/**
 * What the mix plays, in timeline order: clips of audible tracks whose source is known, with a
 * non-zero gain and length. Sources without a known duration are skipped.
 */
export function planMix(tracks: readonly SoundTrack[], durations: ReadonlyMap<string, number> | Record<string, number>): MixSegment[] {
  const durationOf = (id: string) => (durations instanceof Map ? durations.get(id) : (durations as Record<string, number>)[id]);
  const out: MixSegment[] = [];
  for (const track of audibleTracks(tracks)) {
    for (const raw of track.clips) {
      const duration = durationOf(raw.sourceId);
      if (!duration || duration <= 0) continue;
      const clip = normaliseClip(raw, duration);
      const length = clipLength(clip, duration);
      const g = round3(clip.gain * track.volume);
      if (length <= 0 || g <= 0) continue;
      out.push({
        clipId: clip.id,
        trackId: track.id,
        sourceId: clip.sourceId,
        start: clip.start,
        offset: clip.trimStart,
        length: round3(length),
        fadeIn: clip.fadeIn,
        fadeOut: clip.fadeOut,
        gain: g,
      });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.clipId.localeCompare(b.clipId));
}

/** Where the mix ends: the end of its last sounding clip. */
export function mixLength(segments: readonly MixSegment[]): number {
  return round3(segments.reduce((end, s) => Math.max(end, s.start + s.length), 0));
}

/** The gain of a segment at `t` seconds into it (fades are linear ramps, as ffmpeg's afade curve=tri). */
export function segmentGainAt(segment: Pick<MixSegment, 'length' | 'fadeIn' | 'fadeOut' | 'gain'>, t: number): number {
  if (t < 0 || t > segment.length) return 0;
  let g = segment.gain;
  if (segment.fadeIn > 0 && t < segment.fadeIn) g *= t / segment.fadeIn;
  const untilEnd = segment.length - t;
  if (segment.fadeOut > 0 && untilEnd < segment.fadeOut) g *= untilEnd / segment.fadeOut;
  return g;
}
