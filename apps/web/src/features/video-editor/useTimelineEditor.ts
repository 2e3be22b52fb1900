import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { buildPayload, fromServer, historyReducer, initHistory, normalizeItem, type ServerClip, signatureOf, type TimelineItem } from './timeline';

export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus = 'saved' | 'saving' | 'error';

/**
 * The video editor's timeline: editable clips with undo/redo, the server's view of each clip
 * (status, video, image) keyed the same way, and autosave — a debounced PUT of the whole timeline
 * after each change, one save at a time. `flush()` saves at once and resolves when the server has
 * the current timeline (generation and export call it first). Without `canSave` (guests) edits stay local.
 */
export function useTimelineEditor(projectId: string, initialClips: ServerClip[], canSave: boolean) {
  const [history, dispatch] = useReducer(historyReducer, initialClips, (clips) => initHistory(clips.map(fromServer)));
  const [server, setServer] = useState<Record<string, ServerClip>>(() => Object.fromEntries(initialClips.map((c) => [c.id, c])));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saveClips = trpc.projects.saveClips.useMutation();
  const saveRef = useRef(saveClips.mutateAsync);

  const items = history.present;
  const itemsRef = useRef(items);
  const serverRef = useRef(server);
  useLayoutEffect(() => {
    itemsRef.current = items;
    serverRef.current = server;
    saveRef.current = saveClips.mutateAsync;
  });
  const savedSig = useRef(signatureOf(items));
  const savedIds = useRef<ReadonlySet<string>>(new Set(initialClips.map((c) => c.id)));
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | undefined>(undefined);
  const [, forceRender] = useReducer((n: number) => n + 1, 0);

  /** Server clips replace the derived fields; a clip's real length (from its video) updates its timing everywhere. */
  const mergeServer = useCallback((updates: Record<string, ServerClip>) => {
    // The ref too, at once: a caller awaiting flush() reads the new ids before the next render.
    serverRef.current = { ...serverRef.current, ...updates };
    setServer((prev) => ({ ...prev, ...updates }));
    dispatch({
      type: 'patchAll',
      map: (item) => {
        const clip = updates[item.key];
        if (!clip?.videoUrl || Math.abs(clip.duration - item.duration) < 0.005) return item;
        return normalizeItem({ ...item, duration: clip.duration });
      },
    });
  }, []);

  const runSave = useCallback(async (): Promise<void> => {
    const sent = itemsRef.current;
    const sig = signatureOf(sent);
    if (sig === savedSig.current) return;
    setSaving(true);
    try {
      const result = await saveRef.current({ id: projectId, clips: buildPayload(sent, serverRef.current, savedIds.current) });
      savedSig.current = sig;
      savedIds.current = new Set(result.clips.map((c) => c.id));
      const updates: Record<string, ServerClip> = {};
      sent.forEach((item, i) => {
        const clip = result.clips[i];
        if (clip) updates[item.key] = clip;
      });
      mergeServer(updates);
      setSaveError(null);
    } catch (error) {
      setSaveError(errorMessage(error));
      throw error;
    } finally {
      setSaving(false);
      forceRender();
    }
  }, [projectId, mergeServer]);

  const saveNow = useCallback((): Promise<void> => {
    window.clearTimeout(timer.current);
    const next = chain.current.catch(() => undefined).then(runSave);
    chain.current = next;
    return next;
  }, [runSave]);

  const dirty = signatureOf(items) !== savedSig.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change to `items` restarts the debounce
  useEffect(() => {
    if (!canSave || !dirty || saveError) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void saveNow().catch(() => undefined), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [items, canSave, dirty, saveError, saveNow]);

  // Leaving the editor with edits still waiting for the debounce: save them on the way out.
  const leaving = useRef({ canSave, runSave });
  useLayoutEffect(() => {
    leaving.current = { canSave, runSave };
  });
  useEffect(
    () => () => {
      const { canSave: allowed, runSave: save } = leaving.current;
      if (allowed && signatureOf(itemsRef.current) !== savedSig.current)
        void chain.current
          .catch(() => undefined)
          .then(save)
          .catch(() => undefined);
    },
    [],
  );

  /** Saves pending edits now; rejects when the save fails. */
  const flush = useCallback(async () => {
    if (!canSave) return;
    await saveNow();
  }, [canSave, saveNow]);

  const retry = useCallback(() => {
    setSaveError(null);
    void saveNow().catch(() => undefined);
  }, [saveNow]);

  const update = useCallback((updater: (items: TimelineItem[]) => TimelineItem[], tag?: string) => {
    dispatch({ type: 'set', update: updater, tag, now: Date.now() });
  }, []);

  /** The server id of a clip, once it has one. */
  const idOf = useCallback((key: string): string | null => {
    const clip = serverRef.current[key];
    return clip && savedIds.current.has(clip.id) ? clip.id : null;
  }, []);

  /** Merges clips read from the server (after a generation, an upload…) by their id. */
  const mergeClips = useCallback(
    (clips: ServerClip[]) => {
      const byId = new Map(clips.map((c) => [c.id, c]));
      const updates: Record<string, ServerClip> = {};
      for (const [key, clip] of Object.entries(serverRef.current)) {
        const fresh = byId.get(clip.id);
        if (fresh) updates[key] = fresh;
      }
      if (Object.keys(updates).length) mergeServer(updates);
    },
    [mergeServer],
  );

  const status: SaveStatus = saveError ? 'error' : saving || dirty ? 'saving' : 'saved';

  return useMemo(
    () => ({
      items,
      server,
      update,
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      status,
      saveError,
      dirty,
      flush,
      retry,
      idOf,
      mergeClips,
    }),
    [items, server, update, history.past.length, history.future.length, status, saveError, dirty, flush, retry, idOf, mergeClips],
  );
}

export type TimelineEditor = ReturnType<typeof useTimelineEditor>;
