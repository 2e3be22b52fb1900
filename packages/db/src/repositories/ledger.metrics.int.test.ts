import { randomUUID } from 'node:crypto';
import { registry } from '@atelier/metrics';
import { parseExposition, sampleValue } from '@atelier/metrics/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../client';
import { createTestDatabase, type TestDatabase } from '../testing';
import { endGenerationWithRefund } from './generation.repository';
import { applyCreditChange, applyCreditChangeInTransaction } from './ledger.repository';

/**
 * The credit metrics count what the ledger committed: once per change, whatever the retries,
 * replays, races and rollbacks around it (real Postgres).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ max: 6 });
});
afterAll(async () => {
  await database?.drop();
});

const value = async (name: string, reference: string) =>
  sampleValue(parseExposition(await registry.getSingleMetricAsString(name)), name, { reference }) ?? 0;
const spent = () => value('atelier_credits_spent_total', 'generation');
const refunded = () => value('atelier_credits_refunded_total', 'generation');

async function user(units = 10_000) {
  const row = await database.db
    .insertInto('users')
    .values({ email: `${randomUUID()}@example.com`, password_hash: '!', credit_units: units })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const spend = (userId: string, units: number, key = `spend:${randomUUID()}`) => ({
  userId,
  kind: 'spend' as const,
  amountUnits: -units,
  idempotencyKey: key,
  referenceType: 'generation',
});

describe('credits spent and refunded', () => {
  it('counts a committed spend once, in credits; a replay of its key counts nothing', async () => {
    const u = await user();
    const before = await spent();
    const change = spend(u, 250);
    expect((await applyCreditChange(database.db, change)).applied).toBe(true);
    expect((await spent()) - before).toBe(2.5);
    expect((await applyCreditChange(database.db, change)).applied).toBe(false);
    await database.db.transaction().execute((trx) => applyCreditChangeInTransaction(trx, change));
    expect((await spent()) - before).toBe(2.5);
  });

  it('counts nothing for a change whose transaction rolls back, and counts it when the retry commits', async () => {
    const u = await user();
    const before = await spent();
    const change = spend(u, 100);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await applyCreditChangeInTransaction(trx, change);
        throw new Error('the enqueue after the charge failed');
      }),
    ).rejects.toThrow('enqueue');
    expect(await spent()).toBe(before);
    // Inside the transaction the change is applied but not yet counted; it counts on commit.
    await database.db.transaction().execute(async (trx) => {
      await applyCreditChangeInTransaction(trx, change);
      expect(await spent()).toBe(before);
    });
    expect((await spent()) - before).toBe(1);
  });

  it('counts changes made in a transaction with an isolation level too', async () => {
    const u = await user();
    const before = await spent();
    await database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => applyCreditChangeInTransaction(trx, spend(u, 300)));
    expect((await spent()) - before).toBe(3);
  });

  it('counts a failed generation’s refund once, however many processes end it at the same time or again later', async () => {
    const u = await user();
    const gen = await database.db
      .insertInto('generations')
      .values({ user_id: u, type: 'image', prompt: 'p', model_id: 'local/image', provider: 'local', status: 'PROCESSING', credit_units_charged: 200 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await refunded();
    const results = await Promise.all(Array.from({ length: 5 }, () => endGenerationWithRefund(database.db, gen.id, 'FAILED', 'provider down')));
    expect(results.filter((r) => r.ended)).toHaveLength(1);
    await endGenerationWithRefund(database.db, gen.id, 'FAILED', 'retried final-failure handler');
    expect((await refunded()) - before).toBe(2);
  });

  it('counts one of several racing refunds with the same key', async () => {
    const u = await user();
    const before = await refunded();
    const key = `refund:generation:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        applyCreditChange(database.db, { userId: u, kind: 'refund', amountUnits: 150, idempotencyKey: key, referenceType: 'generation' }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await refunded()) - before).toBe(1.5);
  });
});

describe('afterCommit', () => {
  it('runs hooks after the commit, in order, never after a rollback; a failing hook does not fail the transaction', async () => {
    const ran: string[] = [];
    const result = await database.db.transaction().execute(async (trx) => {
      afterCommit(trx, () => ran.push('a'));
      afterCommit(trx, () => {
        throw new Error('hook failed');
      });
      afterCommit(trx, () => ran.push('b'));
      expect(ran).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(ran).toEqual(['a', 'b']);
    await database.db
      .transaction()
      .execute(async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(ran).toEqual(['a', 'b']);
  });
});
