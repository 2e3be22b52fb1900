import { useCallback, useMemo } from 'react';
import { trpc } from '../../lib/trpc';
import type { TextModel } from './chatState';

/** The catalogue's text models (available or not, with the reason), and names by id. */
export function useTextModels() {
  const query = trpc.generation.modelsByOutput.useQuery({ output: 'text' });
  const models: TextModel[] = useMemo(() => query.data?.models ?? [], [query.data]);
  const byId = useMemo(() => new Map(models.map((m) => [m.id, m])), [models]);
  const nameOf = useCallback((id: string | null) => (id ? (byId.get(id)?.name ?? id) : 'Assistant'), [byId]);
  /** The model a new chat starts with: the catalogue's default text model when it is available. */
  const defaultModelId = useMemo(() => (models.find((m) => m.isDefault && m.available) ?? models.find((m) => m.available))?.id ?? null, [models]);
  return { models, byId, nameOf, defaultModelId, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}
