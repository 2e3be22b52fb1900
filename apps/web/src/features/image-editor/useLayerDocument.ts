import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { diffForSave, type LayerState, normalise, toState } from './editorState';

export type SaveStatus = 'saved' | 'saving' | 'error';
const AUTOSAVE_MS = 600;
const HISTORY_LIMIT = 100;

/**
 * The editor's layers (bottom to top) with undo/redo and autosave. Every change is a step in the
 * history (a drag or a slider gesture is one step: `commit(next, key)` with the same key joins the
 * previous step). Signed-in editors save the difference to the server 600 ms after the last change;
 * guests edit locally only (nothing is sent).
 */
export function useLayerDocument(projectId: string, initial: LayerState[], canSave: boolean) {
  const [doc, setDoc] = useState<LayerState[]>(initial);
  const past = useRef<LayerState[][]>([]);
  const future = useRef<LayerState[][]>([]);
  const [, setHistoryVersion] = useState(0);
  const bump = useCallback(() => setHistoryVersion((v) => v + 1), []);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const saved = useRef<LayerState[]>(initial);
  const docRef = useRef(doc);
  docRef.current = doc;
  const gesture = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const mutation = trpc.imageEditor.saveLayers.useMutation();
  const mutate = mutation.mutateAsync;

  const save = useCallback(async (): Promise<void> => {
    if (!canSave) return;
    if (inFlight.current) await inFlight.current.catch(() => {});
    const target = docRef.current;
    const diff = diffForSave(saved.current, target);
    if (!diff) {
      setStatus('saved');
      return;
    }
    setStatus('saving');
    const run = (async () => {
      try {
        await mutate({ id: projectId, layers: diff.layers, remove: diff.remove });
        saved.current = target.map(normalise);
        setSaveError(null);
        setStatus(diffForSave(saved.current, docRef.current) ? 'saving' : 'saved');
      } catch (e) {
        setSaveError(errorMessage(e));
        setStatus('error');
        throw e;
      }
    })();
    inFlight.current = run;
    try {
      await run;
    } finally {
      if (inFlight.current === run) inFlight.current = null;
    }
    // Changes made while saving go out next.
    if (diffForSave(saved.current, docRef.current)) await save();
  }, [canSave, mutate, projectId]);

  const schedule = useCallback(() => {
    if (!canSave) return;
    if (timer.current) clearTimeout(timer.current);
    setStatus('saving');
    timer.current = setTimeout(() => {
      timer.current = null;
      void save().catch(() => {});
    }, AUTOSAVE_MS);
  }, [canSave, save]);

  /** Saves now (before an export or a server action on a layer). */
  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    await save();
  }, [save]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Leaving with unsaved changes: one last attempt, and the browser asks.
  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => {
      if (canSave && diffForSave(saved.current, docRef.current)) {
        void save().catch(() => {});
        e.preventDefault();
      }
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [canSave, save]);

  const commit = useCallback(
    (next: LayerState[] | ((prev: LayerState[]) => LayerState[]), key?: string) => {
      const prev = docRef.current;
      const value = typeof next === 'function' ? next(prev) : next;
      if (value === prev) return;
      if (!key || gesture.current !== key) {
        past.current = [...past.current.slice(-HISTORY_LIMIT + 1), prev];
        future.current = [];
        bump();
      }
      gesture.current = key ?? null;
      docRef.current = value;
      setDoc(value);
      schedule();
    },
    [schedule, bump],
  );

  /** Ends a gesture: the next change is a new history step. */
  const endGesture = useCallback(() => {
    gesture.current = null;
  }, []);

  const undo = useCallback(() => {
    const last = past.current[past.current.length - 1];
    if (!last) return;
    past.current = past.current.slice(0, -1);
    future.current = [docRef.current, ...future.current];
    docRef.current = last;
    gesture.current = null;
    setDoc(last);
    bump();
    schedule();
  }, [schedule, bump]);

  const redo = useCallback(() => {
    const [first, ...rest] = future.current;
    if (!first) return;
    future.current = rest;
    past.current = [...past.current, docRef.current];
    docRef.current = first;
    gesture.current = null;
    setDoc(first);
    bump();
    schedule();
  }, [schedule, bump]);

  /** A layer the server made or changed (upload, generation, quick action): shown and counted as saved. */
  const applyServerLayer = useCallback(
    (layer: Parameters<typeof toState>[0], mode: 'add' | 'replace') => {
      const state = normalise(toState(layer));
      const apply = (list: LayerState[]) =>
        mode === 'add' && !list.some((l) => l.id === state.id) ? [...list, state] : list.map((l) => (l.id === state.id ? state : l));
      saved.current = apply(saved.current);
      commit(apply);
    },
    [commit],
  );

  return {
    doc,
    commit,
    endGesture,
    undo,
    redo,
    canUndo: past.current.length > 0,
    canRedo: future.current.length > 0,
    status,
    saveError,
    flush,
    retry: () => void save().catch(() => {}),
    applyServerLayer,
  };
}
