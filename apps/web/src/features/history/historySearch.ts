import type { GenerationStatus, GenerationType } from '@atelier/shared/constants';
import { isGenerationStatus, isGenerationType } from './generationGuards';

/** Search params of /history: filters, page and the open receipt, so a reload (or a link) keeps them. */
export interface HistorySearch {
  type?: GenerationType;
  status?: GenerationStatus;
  q?: string;
  page?: number;
  /** The generation whose receipt is open. */
  id?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseHistorySearch(search: Record<string, unknown>): HistorySearch {
  const out: HistorySearch = {};
  if (isGenerationType(search.type)) out.type = search.type;
  if (isGenerationStatus(search.status)) out.status = search.status;
  if (typeof search.q === 'string' && search.q.trim()) out.q = search.q.slice(0, 200);
  const page = typeof search.page === 'number' ? search.page : typeof search.page === 'string' ? Number(search.page) : Number.NaN;
  if (Number.isInteger(page) && page > 1 && page < 100_000) out.page = page;
  if (typeof search.id === 'string' && UUID.test(search.id)) out.id = search.id;
  // Links from the credits ledger name the generation as ?generation=<id>.
  else if (typeof search.generation === 'string' && UUID.test(search.generation)) out.id = search.generation;
  return out;
}

export const HISTORY_PAGE = 24;
