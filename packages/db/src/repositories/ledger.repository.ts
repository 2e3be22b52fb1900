import { countCredits } from '@atelier/metrics';
import { AppError, unitsToCredits } from '@atelier/shared';
import { sql, type Transaction } from 'kysely';
import { afterCommit, type Db } from '../client';
import type { Database, LedgerKind } from '../types';
import { apiKeyNote, currentApiKey } from './api-key-actor';
import { recordCreditsLow } from './webhooks.repository';

export interface CreditChange {
  userId: string;
  kind: LedgerKind;
  /** Signed amount in credit units (hundredths). Spends are negative. */
  amountUnits: number;
  /** Unique per logical change: replaying the same key changes nothing. */
  idempotencyKey: string;
  referenceType?: string | null;
  referenceId?: string | null;
  note?: string | null;
  createdBy?: string | null;
}

export interface CreditChangeResult {
  applied: boolean;
  balanceUnits: number;
  /** Balance in credits, as procedures return it (`creditsBalance`). */
  creditsBalance: number;
  entryId: string | null;
}

type Executor = Db | Transaction<Database>;

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row.credit_units;
}

/**
 * Applies one change inside the caller's transaction: a conditional balance update that can
 * never overdraw, and the ledger row carrying the balance after it. Throws INSUFFICIENT_CREDITS
 * (nothing written) when a spend exceeds the balance. A duplicate idempotency key raises a
 * unique violation that rolls the caller's transaction back; use `applyCreditChange` for the
 * replay-safe standalone form.
 */
export async function applyCreditChangeInTransaction(trx: Transaction<Database>, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.amountUnits)) throw new AppError('VALIDATION', 'Credit amounts must be whole units');
  const prior = await trx
    .selectFrom('credit_ledger')
    .select(['id', 'user_id', 'kind', 'amount_units'])
    .where('idempotency_key', '=', change.idempotencyKey)
    .executeTakeFirst();
  if (prior) {
    if (prior.user_id !== change.userId || prior.kind !== change.kind) {
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different credit change');
    }
    const balanceUnits = await balanceOf(trx, change.userId);
    return { applied: false, balanceUnits, creditsBalance: unitsToCredits(balanceUnits), entryId: prior.id };
  }
  let query = trx
    .updateTable('users')
    .set({ credit_units: sql<number>`credit_units + ${change.amountUnits}` })
    .where('id', '=', change.userId);
  if (change.amountUnits < 0) query = query.where('credit_units', '>=', -change.amountUnits);
  const updated = await query.returning('credit_units').executeTakeFirst();
  if (!updated) {
    const available = await balanceOf(trx, change.userId);
    const needed = -change.amountUnits;
    throw new AppError('INSUFFICIENT_CREDITS', `Not enough credits: this needs ${unitsToCredits(needed)} and you have ${unitsToCredits(available)}`, {
      details: { neededUnits: needed, availableUnits: available, needed: unitsToCredits(needed), available: unitsToCredits(available) },
    });
  }
  // A spend made with an API key names it (the receipt and the ledger show which script spent).
  const apiKey = change.kind === 'spend' ? currentApiKey() : undefined;
  const entry = await trx
    .insertInto('credit_ledger')
    .values({
      user_id: change.userId,
      kind: change.kind,
      amount_units: change.amountUnits,
      balance_after_units: updated.credit_units,
      idempotency_key: change.idempotencyKey,
      reference_type: change.referenceType ?? null,
      reference_id: change.referenceId ?? null,
      note: apiKey ? `${change.note ?? 'Spend'}${apiKeyNote(apiKey)}`.slice(0, 1000) : (change.note ?? null),
      created_by: change.createdBy ?? null,
      api_key_id: apiKey?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Webhooks: a debit that crosses an endpoint's credits.low threshold (same transaction).
  if (change.amountUnits < 0) await recordCreditsLow(trx, change.userId, updated.credit_units - change.amountUnits, updated.credit_units);
  // The credit metrics count what committed: a replayed key (above) or a rolled-back caller counts nothing.
  if (change.kind === 'spend' || change.kind === 'refund') {
    const { kind, amountUnits, referenceType } = change;
    afterCommit(trx, () => countCredits(kind, amountUnits, referenceType));
  }
  return { applied: true, balanceUnits: updated.credit_units, creditsBalance: unitsToCredits(updated.credit_units), entryId: entry.id };
}

/** Standalone, replay-safe form: a concurrent duplicate of the same key applies once. */
export async function applyCreditChange(db: Db, change: CreditChange): Promise<CreditChangeResult> {
  try {
    return await db.transaction().execute((trx) => applyCreditChangeInTransaction(trx, change));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const balanceUnits = await balanceOf(db, change.userId);
    return { applied: false, balanceUnits, creditsBalance: unitsToCredits(balanceUnits), entryId: null };
  }
}

export async function ledgerSumUnits(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount_units), 0)::bigint`.as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}
