import { unitsToCredits } from '@atelier/shared';
import type { Db } from '../client';
import { applyCreditChangeInTransaction } from './ledger.repository';
import { recordWebhookEvent } from './webhooks.repository';

export const refundKeyFor = (generationId: string) => `refund:generation:${generationId}`;
export const spendKeyFor = (generationId: string) => `spend:generation:${generationId}`;

/**
 * How a token-metered generation (a self-hosted text model priced per 1,000 tokens) was charged:
 * a hold of `holdUnits` at `unitsPer1k`, kept in its metadata until the worker settles it.
 */
export interface GenerationMeter {
  unitsPer1k: number;
  holdUnits: number;
}

export function meterOf(metadata: unknown): GenerationMeter | null {
  const m = (metadata as { meter?: { unitsPer1k?: unknown; holdUnits?: unknown } } | null)?.meter;
  return m && typeof m.unitsPer1k === 'number' && typeof m.holdUnits === 'number' ? { unitsPer1k: m.unitsPer1k, holdUnits: m.holdUnits } : null;
}

/** A generation's live state after a write: what the `generation` event carries. */
export interface GenerationState {
  id: string;
  version: number;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  progress: number;
}
/** `RETURNING` these after a status/progress write of a generation or an export, to announce it. */
export const ROW_STATE = ['id', 'version', 'status', 'progress'] as const;

/**
 * Ends a generation that did not complete (FAILED or CANCELLED) and refunds its charge exactly
 * once: the status change is conditional on the row still being PENDING/PROCESSING, and the
 * refund's ledger key is unique, so retries, restarts and races refund once.
 */
export async function endGenerationWithRefund(
  db: Db,
  generationId: string,
  status: 'FAILED' | 'CANCELLED',
  error: string | null,
): Promise<{ ended: boolean; creditsBalance: number | null; userId: string | null; state: GenerationState | null }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('generations')
      .set((eb) => ({
        status,
        error: error?.slice(0, 2000) ?? null,
        credit_units_refunded: eb.ref('credit_units_charged'),
        completed_at: new Date(),
      }))
      .where('id', '=', generationId)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .returning(['user_id', 'credit_units_charged', 'is_admin_test', ...ROW_STATE])
      .executeTakeFirst();
    if (!row) return { ended: false, creditsBalance: null, userId: null, state: null };
    const state = { id: generationId, version: row.version, status: row.status, progress: row.progress };
    if (status === 'FAILED' && !row.is_admin_test)
      await recordWebhookEvent(trx, { userId: row.user_id, type: 'generation.failed', objectType: 'generation', objectId: generationId });
    if (row.credit_units_charged > 0 && !row.is_admin_test) {
      const refund = await applyCreditChangeInTransaction(trx, {
        userId: row.user_id,
        kind: 'refund',
        amountUnits: row.credit_units_charged,
        idempotencyKey: refundKeyFor(generationId),
        referenceType: 'generation',
        referenceId: generationId,
        note: status === 'CANCELLED' ? 'Generation cancelled' : 'Generation failed',
      });
      return { ended: true, creditsBalance: refund.creditsBalance, userId: row.user_id, state };
    }
    const user = await trx.selectFrom('users').select('credit_units').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    return { ended: true, creditsBalance: unitsToCredits(user.credit_units), userId: row.user_id, state };
  });
}
