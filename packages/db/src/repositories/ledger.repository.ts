import { countCredits } from '@atelier/metrics';
import { AppError, unitsToCredits } from '@atelier/shared';
import { type QueryCreator, sql, type Transaction } from 'kysely';
import { afterCommit, type Db } from '../client';
import type { Database, LedgerKind } from '../types';
import { apiKeyNote, currentApiKey } from './api-key-actor';
import { creditsLowInsert, dispatchWebhookDeliveries } from './webhooks.repository';

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
 *
 * One statement (one round trip): the replay check, the balance update, the ledger row and a
 * debit's credits.low deliveries are data-modifying CTEs of one query; the update runs only when
 * the key is new and the balance covers the debit, and the rest only when the update did.
 */
export async function applyCreditChangeInTransaction(trx: Transaction<Database>, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.amountUnits)) throw new AppError('VALIDATION', 'Credit amounts must be whole units');
  const amount = change.amountUnits;
  // A spend made with an API key names it (the receipt and the ledger show which script spent).
  const apiKey = change.kind === 'spend' ? currentApiKey() : undefined;
  const note = apiKey ? `${change.note ?? 'Spend'}${apiKeyNote(apiKey)}`.slice(0, 1000) : (change.note ?? null);
  const result = await trx
    .with('prior', (qc) => qc.selectFrom('credit_ledger').select(['id', 'user_id', 'kind']).where('idempotency_key', '=', change.idempotencyKey))
    .with('updated', (qc) => {
      let q = qc
        .updateTable('users')
        .set({ credit_units: sql<number>`credit_units + ${amount}::bigint` })
        .where('id', '=', change.userId)
        .where(sql<boolean>`not exists (select 1 from prior)`);
      if (amount < 0) q = q.where('credit_units', '>=', -amount);
      return q.returning('credit_units');
    })
    .with('entry', (qc) =>
      qc
        .insertInto('credit_ledger')
        .columns([
          'user_id',
          'kind',
          'amount_units',
          'balance_after_units',
          'idempotency_key',
          'reference_type',
          'reference_id',
          'note',
          'created_by',
          'api_key_id',
        ])
        .expression((eb) =>
          eb
            .selectFrom('updated')
            .select([
              sql<string>`${change.userId}::uuid`.as('user_id'),
              sql<string>`${change.kind}::text`.as('kind'),
              sql<number>`${amount}::bigint`.as('amount_units'),
              'updated.credit_units',
              sql<string>`${change.idempotencyKey}::text`.as('idempotency_key'),
              sql<string | null>`${change.referenceType ?? null}::text`.as('reference_type'),
              sql<string | null>`${change.referenceId ?? null}::text`.as('reference_id'),
              sql<string | null>`${note}::text`.as('note'),
              sql<string | null>`${change.createdBy ?? null}::uuid`.as('created_by'),
              sql<string | null>`${apiKey?.id ?? null}::uuid`.as('api_key_id'),
            ]),
        )
        .returning('id'),
    )
    // Webhooks: a debit that crosses an endpoint's credits.low threshold (same statement).
    .with('low', (qc) =>
      amount < 0
        ? creditsLowInsert(qc as unknown as QueryCreator<Database>, change.userId, sql<number>`(select credit_units from updated)`, amount)
        : qc.selectNoFrom(sql<string>`null::uuid`.as('id')).where(sql<boolean>`false`),
    )
    .selectNoFrom([
      sql<number | null>`(select credit_units from updated)`.as('balance_units'),
      sql<string | null>`(select id from entry)`.as('entry_id'),
      sql<string[]>`array(select id from low)`.as('low_ids'),
      sql<string | null>`(select id from prior)`.as('prior_id'),
      sql<string | null>`(select user_id from prior)`.as('prior_user_id'),
      sql<string | null>`(select kind from prior)`.as('prior_kind'),
    ])
    .executeTakeFirstOrThrow();
  if (result.prior_id) {
    if (result.prior_user_id !== change.userId || result.prior_kind !== change.kind) {
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different credit change');
    }
    const balanceUnits = await balanceOf(trx, change.userId);
    return { applied: false, balanceUnits, creditsBalance: unitsToCredits(balanceUnits), entryId: result.prior_id };
  }
  if (result.balance_units === null || !result.entry_id) {
    const available = await balanceOf(trx, change.userId);
    const needed = -amount;
    throw new AppError('INSUFFICIENT_CREDITS', `Not enough credits: this needs ${unitsToCredits(needed)} and you have ${unitsToCredits(available)}`, {
      details: { neededUnits: needed, availableUnits: available, needed: unitsToCredits(needed), available: unitsToCredits(available) },
    });
  }
  const lowIds = result.low_ids;
  if (lowIds.length) afterCommit(trx, () => dispatchWebhookDeliveries(lowIds));
  // The credit metrics count what committed: a replayed key (above) or a rolled-back caller counts nothing.
  if (change.kind === 'spend' || change.kind === 'refund') {
    const { kind, referenceType } = change;
    afterCommit(trx, () => countCredits(kind, amount, referenceType));
  }
  const balanceUnits = Number(result.balance_units);
  return { applied: true, balanceUnits, creditsBalance: unitsToCredits(balanceUnits), entryId: result.entry_id };
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
