import type { AppRouter } from '@atelier/api/router';
import { normaliseClip, type SoundClip, type SoundTrack } from '@atelier/shared';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type SoundSession = Outputs['soundEditor']['session']['session'];
export type SoundSource = SoundSession['sources'][number];

/** 'saved' | 'saving' (edits waiting or on the wire) | 'error' (retry) | 'conflict' (changed elsewhere: reload). */
export type SaveStatus = 'saved' | 'saving' | 'error' | 'conflict';

const AUTOSAVE_MS = 700;

/** Keeps every clip inside its audio, exactly as the server will (so the screen never jumps after a save). */
export function normaliseTracks(tracks: SoundTrack[], sources: SoundSource[]): SoundTrack[] {
  const durations = new Map(sources.map((s) => [s.id, s.durationSeconds]));
  return tracks.map((t) => ({
    ...t,
    clips: t.clips.map((c) => {
      const d = durations.get(c.sourceId);
      return d ? normaliseClip(c, d) : c;
    }),
  }));
}

/**
 * The editor document: tracks edited locally, saved (whole) after a short pause. Guests edit
 * in this tab only. A save answered 409 stops autosaving until the user reloads.
 */
export function useSoundSession(initial: SoundSession, canSave: boolean) {
  const utils = trpc.useUtils();
  const save = trpc.soundEditor.save.useMutation();
  const [tracks, setTracks] = useState<SoundTrack[]>(initial.tracks);
  const [sources, setSources] = useState<SoundSource[]>(initial.sources);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const revision = useRef(initial.revision);
  const latest = useRef(tracks);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const blocked = useRef(false);
  const scheduleRef = useRef<() => void>(() => undefined);

  latest.current = tracks;

  const runSave = useCallback(async (): Promise<void> => {
    if (!canSave || blocked.current) return;
    if (inFlight.current) {
      await inFlight.current;
      if (!dirty.current) return;
    }
    if (!dirty.current) return;
    dirty.current = false;
    // An emptied track name is saved as 'Track n' (the server wants a name).
    const body = latest.current.map((t, i) => (t.name.trim() ? t : { ...t, name: `Track ${i + 1}` }));
    setStatus('saving');
    let ok = false;
    const p = (async () => {
      try {
        const res = await save.mutateAsync({ id: initial.projectId, revision: revision.current, tracks: body });
        revision.current = res.session.revision;
        setSources(res.session.sources);
        setError(null);
        utils.soundEditor.session.setData({ id: initial.projectId }, res);
        setStatus(dirty.current ? 'saving' : 'saved');
        ok = true;
      } catch (e) {
        dirty.current = true;
        setError(errorMessage(e));
        if (errorStatus(e) === 409) {
          blocked.current = true;
          setStatus('conflict');
        } else setStatus('error');
      }
    })();
    inFlight.current = p;
    await p;
    inFlight.current = null;
    if (ok && dirty.current && !blocked.current) scheduleRef.current();
  }, [canSave, initial.projectId, save, utils]);

  const schedule = useCallback(() => {
    if (!canSave) return;
    if (timer.current) clearTimeout(timer.current);
    setStatus((s) => (s === 'conflict' ? s : 'saving'));
    timer.current = setTimeout(() => void runSave(), AUTOSAVE_MS);
  }, [canSave, runSave]);
  scheduleRef.current = schedule;

  /** Applies an edit to the tracks (normalised against the sources) and schedules the autosave. */
  const update = useCallback(
    (fn: (tracks: SoundTrack[]) => SoundTrack[], sourceList?: SoundSource[]) => {
      setTracks((prev) => {
        const next = normaliseTracks(fn(prev), sourceList ?? sources);
        latest.current = next;
        return next;
      });
      dirty.current = true;
      schedule();
    },
    [schedule, sources],
  );

  /** Saves now (before an export); throws when the save fails. */
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    await runSave();
    if (inFlight.current) await inFlight.current;
    if (dirty.current || blocked.current) throw new Error(error ?? 'The mix could not be saved');
  }, [runSave, error]);

  const retry = useCallback(() => {
    dirty.current = true;
    void runSave();
  }, [runSave]);

  const addSources = useCallback((list: SoundSource[]) => setSources(list), []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { tracks, sources, status, error, update, flush, retry, addSources, revision };
}

export function updateClip(tracks: SoundTrack[], clipId: string, patch: Partial<SoundClip>): SoundTrack[] {
  return tracks.map((t) =>
    t.clips.some((c) => c.id === clipId) ? { ...t, clips: t.clips.map((c) => (c.id === clipId ? { ...c, ...patch } : c)) } : t,
  );
}

export function moveClipToTrack(tracks: SoundTrack[], clipId: string, trackId: string): SoundTrack[] {
  const clip = tracks.flatMap((t) => t.clips).find((c) => c.id === clipId);
  if (!clip) return tracks;
  return tracks.map((t) => {
    const without = t.clips.filter((c) => c.id !== clipId);
    return t.id === trackId ? { ...t, clips: [...without, clip] } : { ...t, clips: without };
  });
}

export function findClip(tracks: SoundTrack[], clipId: string | null): { track: SoundTrack; clip: SoundClip } | null {
  if (!clipId) return null;
  for (const track of tracks) {
    const clip = track.clips.find((c) => c.id === clipId);
    if (clip) return { track, clip };
  }
  return null;
}
