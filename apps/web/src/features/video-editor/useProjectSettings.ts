import type { AspectRatio, Resolution } from '@atelier/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { SaveStatus } from './useTimelineEditor';

export interface VideoSettings {
  globalPrompt: string;
  aspectRatio: AspectRatio;
  resolution: Resolution;
}

const SETTINGS_DELAY_MS = 700;
const same = (a: VideoSettings, b: VideoSettings) =>
  a.globalPrompt === b.globalPrompt && a.aspectRatio === b.aspectRatio && a.resolution === b.resolution;

/**
 * The project's global prompt, ratio and resolution, saved with PUT /projects/{id} shortly after a
 * change (the prompt after typing pauses). `flush()` saves at once: generation and export read them.
 */
export function useProjectSettings(projectId: string, initial: VideoSettings, canSave: boolean) {
  const [settings, setSettings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const update = trpc.projects.update.useMutation();
  const saved = useRef(initial);
  const current = useRef(settings);
  const mutate = useRef(update.mutateAsync);
  useLayoutEffect(() => {
    current.current = settings;
    mutate.current = update.mutateAsync;
  });
  const chain = useRef<Promise<void>>(Promise.resolve());

  const run = useCallback(async () => {
    const next = current.current;
    if (same(next, saved.current)) return;
    setSaving(true);
    try {
      await mutate.current({
        id: projectId,
        globalPrompt: next.globalPrompt.trim() ? next.globalPrompt : null,
        aspectRatio: next.aspectRatio,
        resolution: next.resolution,
      });
      saved.current = next;
      setError(null);
      void utils.projects.list.invalidate();
    } catch (e) {
      setError(errorMessage(e));
      throw e;
    } finally {
      setSaving(false);
    }
  }, [projectId, utils]);

  const saveNow = useCallback(() => {
    const next = chain.current.catch(() => undefined).then(run);
    chain.current = next;
    return next;
  }, [run]);

  const dirty = !same(settings, saved.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change to `settings` restarts the debounce
  useEffect(() => {
    if (!canSave || !dirty || error) return;
    const timer = window.setTimeout(() => void saveNow().catch(() => undefined), SETTINGS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settings, canSave, dirty, error, saveNow]);

  const status: SaveStatus = error ? 'error' : saving || dirty ? 'saving' : 'saved';
  return {
    settings,
    change: (patch: Partial<VideoSettings>) => setSettings((prev) => ({ ...prev, ...patch })),
    status,
    error,
    flush: async () => {
      if (canSave) await saveNow();
    },
    retry: () => {
      setError(null);
      void saveNow().catch(() => undefined);
    },
  };
}
