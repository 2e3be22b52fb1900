import type { AppRouter } from '@atelier/api/router';
import { normalizeClipTiming } from '@atelier/shared';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** A clip as the server answers it (status, video and image URLs, progress). */
export type ServerClip = inferRouterOutputs<AppRouter>['projects']['clips']['clips'][number];
/** One clip of a PUT /projects/{id}/video-clips body. */
export type TimelineClipInput = inferRouterInputs<AppRouter>['projects']['saveClips']['clips'][number];

/**
 * The editable part of a clip — what undo/redo and autosave are about. `key` is the clip's identity
 * in the editor: its server id once loaded, a local id for a clip not saved yet (the server id it gets
 * is looked up in the server map under the same key).
 */
export interface TimelineItem {
  key: string;
  prompt: string;
  /** Seconds. */
  duration: number;
  startTrim: number;
  endTrim: number;
}

/** A trimmed clip always keeps this much to play. */
export const MIN_PLAYED_SECONDS = 0.1;
export const MIN_DURATION_SECONDS = 1;
export const MAX_DURATION_SECONDS = 120;
export const DEFAULT_DURATION_SECONDS = 5;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** §5 timing, plus the editor's own limits: trims leave at least MIN_PLAYED_SECONDS to play. */
export function normalizeItem(item: TimelineItem): TimelineItem {
  const duration = round2(Math.min(Math.max(item.duration, MIN_DURATION_SECONDS), MAX_DURATION_SECONDS));
  let startTrim = round2(Math.min(Math.max(item.startTrim, 0), duration - MIN_PLAYED_SECONDS));
  let endTrim = round2(Math.min(Math.max(item.endTrim, 0), duration - startTrim - MIN_PLAYED_SECONDS));
  const timing = normalizeClipTiming({ duration, startTrim, endTrim });
  startTrim = round2(timing.startTrim);
  endTrim = round2(timing.endTrim);
  return { ...item, duration, startTrim, endTrim };
}

export const playedOf = (item: Pick<TimelineItem, 'duration' | 'startTrim' | 'endTrim'>) =>
  Math.max(0, round2(item.duration - item.startTrim - item.endTrim));

export function fromServer(clip: ServerClip): TimelineItem {
  return { key: clip.id, prompt: clip.prompt, duration: clip.duration, startTrim: clip.startTrim, endTrim: clip.endTrim };
}

export function newItem(key: string): TimelineItem {
  return { key, prompt: '', duration: DEFAULT_DURATION_SECONDS, startTrim: 0, endTrim: 0 };
}

/** Moves the clip `key` so it ends up at `toIndex` of the resulting list. */
export function moveItem(items: TimelineItem[], key: string, toIndex: number): TimelineItem[] {
  const from = items.findIndex((i) => i.key === key);
  if (from < 0) return items;
  const target = Math.min(Math.max(toIndex, 0), items.length - 1);
  if (target === from) return items;
  const next = items.filter((i) => i.key !== key);
  next.splice(target, 0, items[from] as TimelineItem);
  return next;
}

/** What autosave compares: the order and the editable fields. */
export function signatureOf(items: TimelineItem[]): string {
  return JSON.stringify(items.map((i) => [i.key, i.prompt, i.duration, i.startTrim, i.endTrim]));
}

/**
 * The PUT body: clips the server has keep their id; a clip it does not have (new, or deleted and
 * brought back by undo) is sent without one, with its image and video generation so it comes back whole.
 */
export function buildPayload(items: TimelineItem[], server: Record<string, ServerClip>, savedIds: ReadonlySet<string>): TimelineClipInput[] {
  return items.map((item) => {
    const clip = server[item.key];
    const timing = { prompt: item.prompt, duration: item.duration, startTrim: item.startTrim, endTrim: item.endTrim };
    if (clip && savedIds.has(clip.id)) return { id: clip.id, ...timing };
    return {
      ...timing,
      ...(clip?.imageUrl ? { imageUrl: clip.imageUrl } : {}),
      ...(clip?.generationId ? { generationId: clip.generationId } : {}),
    };
  });
}

/** One playable clip of the preview sequence (clips without a video are left out, as in the export). */
export interface SequenceEntry {
  key: string;
  /** 1-based place on the timeline. */
  number: number;
  url: string;
  poster: string | null;
  /** Seconds into the clip's video where playing starts and stops. */
  start: number;
  end: number;
  played: number;
  /** Seconds into the whole sequence where this clip starts. */
  offset: number;
}

export function buildSequence(items: TimelineItem[], server: Record<string, ServerClip>): SequenceEntry[] {
  const out: SequenceEntry[] = [];
  let offset = 0;
  items.forEach((item, i) => {
    const clip = server[item.key];
    const played = playedOf(item);
    if (!clip?.videoUrl || played <= 0) return;
    out.push({
      key: item.key,
      number: i + 1,
      url: clip.videoUrl,
      poster: clip.thumbnailUrl,
      start: item.startTrim,
      end: round2(item.duration - item.endTrim),
      played,
      offset: round2(offset),
    });
    offset += played;
  });
  return out;
}

export const sequenceLength = (sequence: SequenceEntry[]) => sequence.reduce((sum, e) => sum + e.played, 0);

/** The clip and the seconds into it (after its start trim) at `t` seconds of the sequence. */
export function locate(sequence: SequenceEntry[], t: number): { index: number; local: number } {
  if (sequence.length === 0) return { index: -1, local: 0 };
  for (const [index, entry] of sequence.entries()) {
    if (t < entry.offset + entry.played) return { index, local: Math.max(0, t - entry.offset) };
  }
  const last = sequence.length - 1;
  return { index: last, local: (sequence[last] as SequenceEntry).played };
}

/** "0:07.5", "1:02.0". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  const rest = s - minutes * 60;
  return `${minutes}:${rest < 10 ? '0' : ''}${rest.toFixed(1)}`;
}

// ---- undo / redo ------------------------------------------------------------------------------

export interface TimelineHistory {
  past: TimelineItem[][];
  present: TimelineItem[];
  future: TimelineItem[][];
  /** The last change's tag and time: changes with the same tag in quick succession are one step. */
  tag: string | null;
  at: number;
}

export type HistoryAction =
  | { type: 'set'; update: (items: TimelineItem[]) => TimelineItem[]; tag?: string | undefined; now: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; items: TimelineItem[] }
  /** Applied to every snapshot without making a step (e.g. a clip's real length from its video). */
  | { type: 'patchAll'; map: (item: TimelineItem) => TimelineItem };

export const HISTORY_LIMIT = 100;
export const COALESCE_MS = 1500;

export const initHistory = (items: TimelineItem[]): TimelineHistory => ({ past: [], present: items, future: [], tag: null, at: 0 });

export function historyReducer(state: TimelineHistory, action: HistoryAction): TimelineHistory {
  switch (action.type) {
    case 'set': {
      const next = action.update(state.present);
      if (next === state.present || signatureOf(next) === signatureOf(state.present)) return state;
      const coalesce = action.tag !== undefined && action.tag === state.tag && action.now - state.at < COALESCE_MS;
      if (coalesce) return { ...state, present: next, future: [], at: action.now };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        tag: action.tag ?? null,
        at: action.now,
      };
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], tag: null, at: 0 };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, tag: null, at: 0 };
    }
    case 'reset':
      return initHistory(action.items);
    case 'patchAll': {
      const map = (items: TimelineItem[]) => {
        let changed = false;
        const out = items.map((item) => {
          const patched = action.map(item);
          if (patched !== item) changed = true;
          return patched;
        });
        return changed ? out : items;
      };
      const present = map(state.present);
      const past = state.past.map(map);
      const future = state.future.map(map);
      if (present === state.present && past.every((p, i) => p === state.past[i]) && future.every((f, i) => f === state.future[i])) return state;
      return { ...state, present, past, future };
    }
  }
}
