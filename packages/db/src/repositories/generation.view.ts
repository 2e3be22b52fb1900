import { unitsToCredits } from '@atelier/shared';
import type { ExportRow, GenerationRow } from '../types';

/** Makes a media key into a URL the reader may use (a signed media URL), or null without a key. */
export type MediaUrlOf = (key: string | null | undefined, options?: { name?: string }) => string | null;

const EXPORT_STATES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

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

/**
 * A project export as `GET /api/projects/exports/{id}` answers it (api) and as a webhook's `data`
 * (worker). `url` is the project's media URL maker; downloads are named after the export.
 */
export function exportView(r: ExportRow, url: MediaUrlOf) {
  const outputUrl = url(r.output_url, { name: r.name });
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    type: r.type,
    status: (EXPORT_STATES as readonly string[]).includes(r.status) ? (r.status as (typeof EXPORT_STATES)[number]) : 'PENDING',
    progress: r.progress,
    outputUrl,
    downloadUrl: outputUrl ? `${outputUrl}&download=1` : null,
    error: r.error,
    metadata: r.metadata,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  };
}
