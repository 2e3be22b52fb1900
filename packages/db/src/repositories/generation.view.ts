import { unitsToCredits } from '@atelier/shared';
import type { GenerationRow } from '../types';

/** Makes a media key into a URL the reader may use (a signed media URL), or null without a key. */
export type MediaUrlOf = (key: string | null | undefined, options?: { name?: string }) => string | null;

/**
 * A generation as `GET /api/generation/{id}` answers it. The api (its REST and tRPC reads) and the
 * worker (webhook payloads, whose `data` must have the GET's shape) both build it here.
 */
export function generationView(row: GenerationRow, url: MediaUrlOf) {
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: row.id,
    type: row.type,
    prompt: row.prompt,
    effectivePrompt: row.effective_prompt,
    status: row.status,
    progress: row.progress,
    outputUrl: url(row.output_url, { name: row.prompt }),
    thumbnailUrl: url(row.thumbnail_url),
    outputText: row.output_text,
    provider: row.provider,
    model: row.model_id,
    modelVersion: row.model_version,
    projectId: row.project_id,
    params: row.params,
    seed: row.seed,
    metadata: row.metadata,
    creditsUsed: unitsToCredits(row.credit_units_charged),
    creditsRefunded: unitsToCredits(row.credit_units_refunded),
    providerCostUsd: Number(row.provider_cost_usd),
    latencyMs: row.latency_ms,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
  };
}
