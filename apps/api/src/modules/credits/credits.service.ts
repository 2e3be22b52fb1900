import { applyCreditChange, applyCreditChangeInTransaction, type CreditChange, type Database, type Db } from '@atelier/db';
import { AppError, unitsToCredits } from '@atelier/shared';
import { sql, type Transaction } from 'kysely';
import type { Balance, LedgerEntry, Usage } from './credits.schema';

/**
 * The credit rules other features call. Balances live in users.credit_units and every change
 * is a row in the append-only credit_ledger (packages/db ledger.repository.ts): a conditional
 * update that can never overdraw, in one transaction with the ledger row.
 */

/** A pool or an open transaction: pass the transaction to charge together with your own writes. */
export type CreditsExecutor = Db | Transaction<Database>;

export interface CreditsResult {
  /** False when the idempotency key had already been applied (a replay): nothing changed. */
  applied: boolean;
  /** The balance in credits after the call, as procedures return it. */
  creditsBalance: number;
  balanceUnits: number;
  /** The ledger row this key wrote, when known. */
  entryId: string | null;
}

export interface SpendInput {
  userId: string;
  /** Cost in credit units (hundredths); a positive integer. */
  units: number;
  /** What the credits pay for, e.g. `generation`, and its id (shown in the history). */
  referenceType: string;
  referenceId: string;
  /** Unique per logical charge, `spend:<what>:<id>` (e.g. `spend:generation:<id>`); a replay charges nothing more. */
  idempotencyKey: string;
  note?: string | null;
}

export interface RefundInput {
  userId: string;
  /** The idempotency key the spend was written with. The refund's own key: `refundKeyForSpend`. */
  spendIdempotencyKey: string;
  /** Part of the spend to give back, in units; default all of it. */
  units?: number;
  note?: string | null;
}

/** Spend keys look like `spend:<what>:<id>`, e.g. `spend:generation:<id>` (packages/db spendKeyFor). */
export const SPEND_KEY_PREFIX = 'spend:';

/**
 * The refund's ledger key for a spend key: `spend:<rest>` ↔ `refund:<rest>` — the very key
 * packages/db's generation repository refunds with (`spend:generation:<id>` ↔
 * `refund:generation:<id>`), so both refund paths hit the same UNIQUE key and a spend can never
 * be refunded once by each.
 */
export const refundKeyForSpend = (spendIdempotencyKey: string) => `refund:${spendIdempotencyKey.slice(SPEND_KEY_PREFIX.length)}`;

function apply(executor: CreditsExecutor, change: CreditChange) {
  return executor.isTransaction
    ? applyCreditChangeInTransaction(executor as Transaction<Database>, change)
    : applyCreditChange(executor as Db, change);
}

/**
 * A replayed key changes nothing, but it must be a replay of the same change: a key reused for
 * another user, kind or (for spends) amount would otherwise "succeed" without charging. A second
 * refund of a spend is a no-op whatever its amount: a spend is refunded at most once.
 */
async function assertSameChange(executor: CreditsExecutor, change: CreditChange): Promise<string> {
  const prior = await executor
    .selectFrom('credit_ledger')
    .select(['id', 'user_id', 'kind', 'amount_units'])
    .where('idempotency_key', '=', change.idempotencyKey)
    .executeTakeFirst();
  const sameAmount = change.kind !== 'spend' || prior?.amount_units === change.amountUnits;
  if (!prior || prior.user_id !== change.userId || prior.kind !== change.kind || !sameAmount) {
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different credit change', {
      details: { idempotencyKey: change.idempotencyKey },
    });
  }
  return prior.id;
}

async function applyChecked(executor: CreditsExecutor, change: CreditChange): Promise<CreditsResult> {
  const result = await apply(executor, change);
  const entryId = result.applied ? result.entryId : await assertSameChange(executor, change);
  return { applied: result.applied, creditsBalance: result.creditsBalance, balanceUnits: result.balanceUnits, entryId };
}

/**
 * Charges credits. Throws INSUFFICIENT_CREDITS (402, with needed and available) and writes
 * nothing when the balance is short; N concurrent spends admit exactly floor(balance / cost).
 * Inside a transaction a concurrent duplicate key raises a unique violation that rolls the
 * caller's transaction back — deterministic keys make that a harmless retry.
 */
export async function spendCredits(executor: CreditsExecutor, input: SpendInput): Promise<CreditsResult> {
  if (!Number.isSafeInteger(input.units) || input.units <= 0)
    throw new AppError('VALIDATION', 'A spend must be a positive whole number of credit units');
  if (!input.idempotencyKey.startsWith(SPEND_KEY_PREFIX) || input.idempotencyKey.length <= SPEND_KEY_PREFIX.length) {
    throw new AppError('VALIDATION', `A spend's idempotency key must look like ${SPEND_KEY_PREFIX}<what>:<id>`);
  }
  return applyChecked(executor, {
    userId: input.userId,
    kind: 'spend',
    amountUnits: -input.units,
    idempotencyKey: input.idempotencyKey,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    note: input.note ?? null,
  });
}

/**
 * Gives back a spend (all of it by default), exactly once: the refund's key is derived from the
 * spend's (`refundKeyForSpend`), so refunding the same spend again — from a retry, a second worker or the
 * start-up reconciler — changes nothing and returns the balance.
 */
export async function refundSpend(executor: CreditsExecutor, input: RefundInput): Promise<CreditsResult> {
  const spend = await executor
    .selectFrom('credit_ledger')
    .select(['user_id', 'kind', 'amount_units', 'reference_type', 'reference_id'])
    .where('idempotency_key', '=', input.spendIdempotencyKey)
    .executeTakeFirst();
  if (spend?.kind !== 'spend' || spend.user_id !== input.userId || !input.spendIdempotencyKey.startsWith(SPEND_KEY_PREFIX)) {
    throw new AppError('NOT_FOUND', 'Spend not found');
  }
  const spent = -spend.amount_units;
  const units = input.units ?? spent;
  if (!Number.isSafeInteger(units) || units <= 0 || units > spent) {
    throw new AppError('VALIDATION', `A refund must be between 1 and ${spent} credit units`);
  }
  return applyChecked(executor, {
    userId: input.userId,
    kind: 'refund',
    amountUnits: units,
    idempotencyKey: refundKeyForSpend(input.spendIdempotencyKey),
    referenceType: spend.reference_type,
    referenceId: spend.reference_id,
    note: input.note ?? null,
  });
}

export async function getBalance(db: CreditsExecutor, userId: string): Promise<Balance> {
  const row = await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return { credits: unitsToCredits(row.credit_units), creditUnits: row.credit_units };
}

export async function listHistory(db: CreditsExecutor, userId: string, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('credit_ledger')
      .select(['id', 'kind', 'amount_units', 'balance_after_units', 'reference_type', 'reference_id', 'note', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const entries: LedgerEntry[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: unitsToCredits(r.amount_units),
    amountUnits: r.amount_units,
    balanceAfter: unitsToCredits(r.balance_after_units),
    balanceAfterUnits: r.balance_after_units,
    referenceType: r.reference_type,
    referenceId: r.reference_id,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  }));
  return { entries, total: Number(count.n), limit: page.limit, offset: page.offset };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Credits used per day over the last `days` days (today included), in the viewer's time zone:
 * each spend counts on the day it was made, minus its own refund (matched by the refund key
 * derived from the spend key), so a failed generation refunded the next day nets to zero on the
 * day it was charged. Days without use are 0.
 */
export async function usageByDay(
  db: CreditsExecutor,
  userId: string,
  input: { days: number; tzOffsetMinutes: number },
  now = Date.now(),
): Promise<Usage> {
  const offsetMs = input.tzOffsetMinutes * 60_000;
  // "Local" midnight of the first day, expressed as a UTC instant.
  const todayLocal = Math.floor((now - offsetMs) / DAY_MS) * DAY_MS;
  const firstLocal = todayLocal - (input.days - 1) * DAY_MS;
  const since = new Date(firstLocal + offsetMs);
  const rows = await db
    .selectFrom('credit_ledger as s')
    .leftJoin('credit_ledger as r', (join) =>
      join
        .on('r.user_id', '=', userId)
        .on('r.kind', '=', 'refund')
        .on('r.idempotency_key', '=', sql<string>`'refund:' || substr(s.idempotency_key, ${SPEND_KEY_PREFIX.length + 1})`),
    )
    .select([
      sql<string>`to_char((s.created_at AT TIME ZONE 'UTC') - make_interval(mins => ${input.tzOffsetMinutes}), 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(-s.amount_units - coalesce(r.amount_units, 0))`.as('units'),
    ])
    .where('s.user_id', '=', userId)
    .where('s.kind', '=', 'spend')
    .where('s.created_at', '>=', since)
    .groupBy('day')
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, Math.max(0, Number(r.units))]));
  const days = Array.from({ length: input.days }, (_, i) => {
    const date = isoDay(firstLocal + i * DAY_MS);
    return { date, credits: unitsToCredits(byDay.get(date) ?? 0) };
  });
  const total = unitsToCredits(days.reduce((sum, d) => sum + Math.round(d.credits * 100), 0));
  return { days, total, from: isoDay(firstLocal), to: isoDay(todayLocal) };
}
