import { type MixSegment, mixLength, planMix, type SoundTrack } from '@atelier/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SoundSource } from './useSoundSession';

type PlayerState = 'stopped' | 'loading' | 'playing';

/** Seconds between "play" and the first scheduled sound (room for the scheduler). */
const LEAD = 0.06;

function audioContextClass(): typeof AudioContext {
  return window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext;
}

/**
 * WebAudio playback of the mix with the same plan as the export (shared planMix): each clip of an
 * audible track is a buffer source → gain (clip gain × track volume, linear fades) → output.
 * Any edit while playing re-schedules from the playhead, so mute/solo/volume/fades are heard at once.
 */
export function useMixPlayer(tracks: SoundTrack[], sources: SoundSource[]) {
  const [state, setState] = useState<PlayerState>('stopped');
  const [time, setTime] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const ctxRef = useRef<AudioContext | null>(null);
  const buffers = useRef(new Map<string, Promise<AudioBuffer>>());
  const nodes = useRef<AudioScheduledSourceNode[]>([]);
  const origin = useRef({ ctxTime: 0, mixTime: 0 });
  const raf = useRef<number | null>(null);
  const playing = useRef(false);
  const timeRef = useRef(0);

  const durations = useMemo(() => Object.fromEntries(sources.map((s) => [s.id, s.durationSeconds])), [sources]);
  const segments = useMemo(() => planMix(tracks, durations), [tracks, durations]);
  const length = useMemo(() => mixLength(segments), [segments]);
  const urls = useMemo(() => new Map(sources.map((s) => [s.id, s.url])), [sources]);

  const context = useCallback(() => {
    if (!ctxRef.current) {
      const Ctx = audioContextClass();
      ctxRef.current = new Ctx();
    }
    return ctxRef.current;
  }, []);

  const bufferFor = useCallback(
    (sourceId: string): Promise<AudioBuffer> => {
      let p = buffers.current.get(sourceId);
      if (!p) {
        const url = urls.get(sourceId);
        p = (async () => {
          if (!url) throw new Error('This audio has no file');
          const res = await fetch(url);
          if (!res.ok) throw new Error(`Could not load the audio (${res.status})`);
          return context().decodeAudioData(await res.arrayBuffer());
        })();
        p.catch(() => buffers.current.delete(sourceId));
        buffers.current.set(sourceId, p);
      }
      return p;
    },
    [urls, context],
  );

  const silence = useCallback(() => {
    for (const n of nodes.current) {
      try {
        n.stop();
      } catch {
        /* never started */
      }
      n.disconnect();
    }
    nodes.current = [];
  }, []);

  const currentTime = useCallback(() => {
    const ctx = ctxRef.current;
    if (!playing.current || !ctx) return timeRef.current;
    return Math.max(0, origin.current.mixTime + (ctx.currentTime - origin.current.ctxTime));
  }, []);

  const schedule = useCallback(
    async (from: number, plan: MixSegment[]) => {
      const ctx = context();
      const needed = [...new Set(plan.filter((s) => s.start + s.length > from).map((s) => s.sourceId))];
      const loaded = new Map<string, AudioBuffer>();
      await Promise.all(
        needed.map(async (id) => {
          try {
            loaded.set(id, await bufferFor(id));
          } catch (e) {
            setLoadError((e as Error).message);
          }
        }),
      );
      if (!playing.current) return;
      silence();
      const at = ctx.currentTime + LEAD;
      origin.current = { ctxTime: at, mixTime: from };
      for (const seg of plan) {
        const buffer = loaded.get(seg.sourceId);
        const into = Math.max(0, from - seg.start);
        if (!buffer || into >= seg.length) continue;
        const when = at + Math.max(0, seg.start - from);
        const src = ctx.createBufferSource();
        src.buffer = buffer;
        const gain = ctx.createGain();
        const g = gain.gain;
        const fadeInEnd = seg.fadeIn;
        const fadeOutStart = seg.length - seg.fadeOut;
        const level = (t: number) => {
          let v = seg.gain;
          if (seg.fadeIn > 0 && t < seg.fadeIn) v *= t / seg.fadeIn;
          if (seg.fadeOut > 0 && t > fadeOutStart) v *= Math.max(0, seg.length - t) / seg.fadeOut;
          return v;
        };
        g.setValueAtTime(level(into), when);
        if (seg.fadeIn > 0 && into < fadeInEnd) g.linearRampToValueAtTime(level(fadeInEnd), when + (fadeInEnd - into));
        if (seg.fadeOut > 0) {
          if (into < fadeOutStart) g.setValueAtTime(level(fadeOutStart), when + (fadeOutStart - into));
          g.linearRampToValueAtTime(0, when + (seg.length - into));
        }
        src.connect(gain).connect(ctx.destination);
        src.start(when, seg.offset + into, seg.length - into);
        nodes.current.push(src);
      }
    },
    [context, bufferFor, silence],
  );

  const tick = useCallback(() => {
    const t = currentTime();
    timeRef.current = t;
    setTime(t);
    if (playing.current && t >= length) {
      playing.current = false;
      silence();
      timeRef.current = length;
      setTime(length);
      setState('stopped');
      return;
    }
    if (playing.current) raf.current = requestAnimationFrame(tick);
  }, [currentTime, length, silence]);

  const tickRef = useRef(tick);
  tickRef.current = tick;

  const play = useCallback(async () => {
    if (playing.current) return;
    const ctx = context();
    if (ctx.state === 'suspended') await ctx.resume();
    setLoadError(null);
    const from = timeRef.current >= length ? 0 : timeRef.current;
    timeRef.current = from;
    playing.current = true;
    setState('loading');
    await schedule(from, segments);
    if (!playing.current) return;
    setState('playing');
    raf.current = requestAnimationFrame(() => tickRef.current());
  }, [context, length, schedule, segments]);

  const pause = useCallback(() => {
    timeRef.current = currentTime();
    playing.current = false;
    silence();
    if (raf.current) cancelAnimationFrame(raf.current);
    setTime(timeRef.current);
    setState('stopped');
  }, [currentTime, silence]);

  const seek = useCallback(
    (t: number) => {
      const to = Math.max(0, t);
      timeRef.current = to;
      setTime(to);
      if (playing.current) void schedule(to, segments);
    },
    [schedule, segments],
  );

  // Edits while playing: re-plan from where the playhead is.
  useEffect(() => {
    if (playing.current) void schedule(currentTime(), segments);
  }, [segments, schedule, currentTime]);

  useEffect(
    () => () => {
      playing.current = false;
      silence();
      if (raf.current) cancelAnimationFrame(raf.current);
      void ctxRef.current?.close();
    },
    [silence],
  );

  return { state, time, length, segments, loadError, play, pause, seek };
}
