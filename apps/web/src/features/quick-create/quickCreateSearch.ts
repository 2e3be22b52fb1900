import type { GenerationType } from '@atelier/shared/constants';
import { isGenerationType } from '../history/generationGuards';

// Apart from quickCreate.ts: the route's search parser is in the first load.

/** Search params of /quick-create: a prefill (prompt, type, model) or a generation to remix. */
export interface QuickCreateSearch {
  type?: GenerationType;
  model?: string;
  prompt?: string;
  remix?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseQuickCreateSearch(search: Record<string, unknown>): QuickCreateSearch {
  const out: QuickCreateSearch = {};
  if (isGenerationType(search.type)) out.type = search.type;
  // Model ids are `provider/model`; Ollama names may carry a tag and a namespace (`ollama/qwen2.5:7b`, `ollama/hf.co/org/m:q4`).
  if (typeof search.model === 'string' && /^[\w.-]+\/[\w.:/-]+$/.test(search.model) && search.model.length <= 100) out.model = search.model;
  if (typeof search.prompt === 'string' && search.prompt.trim()) out.prompt = search.prompt.slice(0, 4000);
  if (typeof search.remix === 'string' && UUID.test(search.remix)) out.remix = search.remix;
  return out;
}
