import { applyCreditChange, DEMO_USER_ID, ledgerSumUnits, refundKeyFor, spendKeyFor } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { getBalance, refundKeyForSpend, refundSpend, spendCredits } from './credits.service';

let t: TestApp;
beforeAll(async () => {
  // Every new account starts with exactly 10 credits here (the acceptance scenario).
  t = await createTestApp({ SIGNUP_BONUS_CREDITS: '10' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const balanceUnits = async (userId: string) =>
  (await db().selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units;
const ledgerRows = (userId: string) =>
  db().selectFrom('credit_ledger').select(['kind', 'amount_units', 'balance_after_units', 'idempotency_key']).where('user_id', '=', userId).execute();

async function expectAppError(p: Promise<unknown>, code: string): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe(code);
  return e as AppError;
}

let keySeq = 0;
const spend = (userId: string, units = 200, key = `spend:test:${++keySeq}`) =>
  spendCredits(db(), { userId, units, referenceType: 'generation', referenceId: `gen-${keySeq}`, idempotencyKey: key });

describe('concurrent spends (acceptance)', () => {
  it('admits exactly 5 of 200 concurrent 2-credit spends at 10 credits; the balance ends at 0, never negative, and equals the ledger sum', async () => {
    const { userId } = await t.signUp();
    expect(await balanceUnits(userId)).toBe(1000);

    let sampling = true;
    let lowest = Number.POSITIVE_INFINITY;
    const sampler = (async () => {
      while (sampling) {
        lowest = Math.min(lowest, await balanceUnits(userId));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        spendCredits(db(), { userId, units: 200, referenceType: 'generation', referenceId: `g${i}`, idempotencyKey: `spend:storm:${userId}:${i}` }),
      ),
    );
    sampling = false;
    await sampler;

    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(failed).toHaveLength(195);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(AppError);
      expect((f.reason as AppError).code).toBe('INSUFFICIENT_CREDITS');
      expect((f.reason as AppError).status).toBe(402);
      expect((f.reason as AppError).details).toMatchObject({ needed: 2, neededUnits: 200, available: 0, availableUnits: 0 });
    }
    // Each admitted spend saw a distinct balance: 8, 6, 4, 2, 0 credits.
    const after = ok.map((r) => (r as PromiseFulfilledResult<{ creditsBalance: number }>).value.creditsBalance).sort((a, b) => a - b);
    expect(after).toEqual([0, 2, 4, 6, 8]);

    expect(await balanceUnits(userId)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await ledgerSumUnits(db(), userId)).toBe(0);
    const rows = await ledgerRows(userId);
    expect(rows.filter((r) => r.kind === 'spend')).toHaveLength(5);
    expect(rows.every((r) => r.balance_after_units >= 0)).toBe(true);
  });
});

describe('spendCredits', () => {
  it('charges, writes a spend row with its reference and returns creditsBalance', async () => {
    const { userId } = await t.signUp();
    const res = await spendCredits(db(), {
      userId,
      units: 250,
      referenceType: 'generation',
      referenceId: 'gen-1',
      idempotencyKey: `spend:gen:${userId}:1`,
    });
    expect(res).toMatchObject({ applied: true, creditsBalance: 7.5, balanceUnits: 750 });
    expect(res.entryId).toBeTruthy();
    const row = await db().selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', `spend:gen:${userId}:1`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: userId,
      kind: 'spend',
      amount_units: -250,
      balance_after_units: 750,
      reference_type: 'generation',
      reference_id: 'gen-1',
    });
  });

  it('refuses a spend above the balance with 402 details and writes nothing', async () => {
    const { userId } = await t.signUp();
    const e = await expectAppError(spend(userId, 1001), 'INSUFFICIENT_CREDITS');
    expect(e.message).toMatch(/needs 10\.01 .* you have 10/);
    expect(e.details).toMatchObject({ needed: 10.01, available: 10 });
    expect(await balanceUnits(userId)).toBe(1000);
    expect(await ledgerRows(userId)).toHaveLength(1);
  });

  it('charges a replayed key once, also when 20 copies race', async () => {
    const { userId } = await t.signUp();
    const first = await spend(userId, 100, `spend:once:${userId}`);
    const again = await spend(userId, 100, `spend:once:${userId}`);
    expect(first.applied).toBe(true);
    expect(again).toMatchObject({ applied: false, creditsBalance: 9, entryId: first.entryId });

    const raced = await Promise.all(Array.from({ length: 20 }, () => spend(userId, 100, `spend:race:${userId}`)));
    expect(raced.filter((r) => r.applied)).toHaveLength(1);
    expect(raced.every((r) => r.creditsBalance === 8 || r.creditsBalance === 9)).toBe(true);
    expect(await balanceUnits(userId)).toBe(800);
    expect(await ledgerSumUnits(db(), userId)).toBe(800);
  });

  it('refuses a key reused for another amount or user instead of pretending to charge', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await spend(a.userId, 100, `spend:shared:${a.userId}`);
    await expectAppError(spend(a.userId, 300, `spend:shared:${a.userId}`), 'CONFLICT');
    await expectAppError(spend(b.userId, 100, `spend:shared:${a.userId}`), 'CONFLICT');
    expect(await balanceUnits(b.userId)).toBe(1000);
  });

  it('validates the amount and the key', async () => {
    const { userId } = await t.signUp();
    await expectAppError(spend(userId, 0), 'VALIDATION');
    await expectAppError(spend(userId, -100), 'VALIDATION');
    await expectAppError(spend(userId, 1.5), 'VALIDATION');
    await expectAppError(spend(userId, 100, ''), 'VALIDATION');
    await expectAppError(spend(userId, 100, 'refund:x'), 'VALIDATION');
    await expectAppError(spend(userId, 100, 'purchase:cs_x'), 'VALIDATION');
    await expectAppError(spend(userId, 100, 'generation:1'), 'VALIDATION');
    await expectAppError(spend(userId, 100, 'spend:'), 'VALIDATION');
    expect(await balanceUnits(userId)).toBe(1000);
  });

  it('takes part in the caller’s transaction: a rollback undoes the charge', async () => {
    const { userId } = await t.signUp();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const res = await spendCredits(trx, {
            userId,
            units: 300,
            referenceType: 'generation',
            referenceId: 'g',
            idempotencyKey: `spend:trx:${userId}`,
          });
          expect(res.creditsBalance).toBe(7);
          throw new Error('enqueue failed');
        }),
    ).rejects.toThrow('enqueue failed');
    expect(await balanceUnits(userId)).toBe(1000);
    expect(await ledgerRows(userId)).toHaveLength(1);
  });
});

describe('refundSpend', () => {
  it('refunds a spend exactly once, however often and however concurrently it is asked', async () => {
    const { userId } = await t.signUp();
    const key = `spend:gen:${userId}:refund-me`;
    await spend(userId, 400, key);
    expect(await balanceUnits(userId)).toBe(600);

    const first = await refundSpend(db(), { userId, spendIdempotencyKey: key, note: 'generation failed' });
    expect(first).toMatchObject({ applied: true, creditsBalance: 10 });
    const second = await refundSpend(db(), { userId, spendIdempotencyKey: key });
    expect(second).toMatchObject({ applied: false, creditsBalance: 10, entryId: first.entryId });
    const raced = await Promise.all(Array.from({ length: 20 }, () => refundSpend(db(), { userId, spendIdempotencyKey: key })));
    expect(raced.every((r) => !r.applied && r.creditsBalance === 10)).toBe(true);

    expect(await balanceUnits(userId)).toBe(1000);
    expect(await ledgerSumUnits(db(), userId)).toBe(1000);
    const refunds = (await ledgerRows(userId)).filter((r) => r.kind === 'refund');
    expect(refunds).toEqual([{ kind: 'refund', amount_units: 400, balance_after_units: 1000, idempotency_key: `refund:gen:${userId}:refund-me` }]);
    const row = await db()
      .selectFrom('credit_ledger')
      .select(['reference_type', 'reference_id', 'note'])
      .where('idempotency_key', '=', `refund:gen:${userId}:refund-me`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference_type: 'generation', note: 'generation failed' });
  });

  it('refunds the first of 20 racing requests only, when none came before', async () => {
    const { userId } = await t.signUp();
    const key = `spend:gen:${userId}:race`;
    await spend(userId, 200, key);
    const raced = await Promise.all(Array.from({ length: 20 }, () => refundSpend(db(), { userId, spendIdempotencyKey: key })));
    expect(raced.filter((r) => r.applied)).toHaveLength(1);
    expect(await balanceUnits(userId)).toBe(1000);
  });

  it('shares its refund key with the generation repository, so the two refund paths never both pay', async () => {
    const { userId } = await t.signUp();
    const generationId = '00000000-0000-4000-8000-0000000000aa';
    await spend(userId, 300, spendKeyFor(generationId));
    expect(refundKeyForSpend(spendKeyFor(generationId))).toBe(refundKeyFor(generationId));
    // The worker's path (endGenerationWithRefund) refunded first…
    await applyCreditChange(db(), { userId, kind: 'refund', amountUnits: 300, idempotencyKey: refundKeyFor(generationId) });
    // …so this one changes nothing.
    const res = await refundSpend(db(), { userId, spendIdempotencyKey: spendKeyFor(generationId) });
    expect(res).toMatchObject({ applied: false, creditsBalance: 10 });
    expect(await ledgerSumUnits(db(), userId)).toBe(1000);
  });

  it('can refund part of a spend, but never more than was spent', async () => {
    const { userId } = await t.signUp();
    const key = `spend:gen:${userId}:partial`;
    await spend(userId, 500, key);
    await expectAppError(refundSpend(db(), { userId, spendIdempotencyKey: key, units: 501 }), 'VALIDATION');
    await expectAppError(refundSpend(db(), { userId, spendIdempotencyKey: key, units: 0 }), 'VALIDATION');
    const res = await refundSpend(db(), { userId, spendIdempotencyKey: key, units: 150 });
    expect(res.creditsBalance).toBe(6.5);
    // A spend is refunded at most once.
    const again = await refundSpend(db(), { userId, spendIdempotencyKey: key });
    expect(again).toMatchObject({ applied: false, creditsBalance: 6.5 });
  });

  it("refuses unknown spends, other users' spends and non-spend rows", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const key = `spend:gen:${a.userId}:mine`;
    await spend(a.userId, 100, key);
    await expectAppError(refundSpend(db(), { userId: a.userId, spendIdempotencyKey: 'nope' }), 'NOT_FOUND');
    await expectAppError(refundSpend(db(), { userId: b.userId, spendIdempotencyKey: key }), 'NOT_FOUND');
    await expectAppError(refundSpend(db(), { userId: a.userId, spendIdempotencyKey: `signup_bonus:${a.userId}` }), 'NOT_FOUND');
    expect(await balanceUnits(b.userId)).toBe(1000);
    expect(await balanceUnits(a.userId)).toBe(900);
  });
});

describe('GET /credits/balance and /credits/history', () => {
  it('reads the signed-in balance', async () => {
    const { token, userId } = await t.signUp();
    await spend(userId, 125);
    const res = await t.rest('GET', '/api/credits/balance', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ credits: 8.75, creditUnits: 875 });
    expect(await getBalance(db(), userId)).toEqual({ credits: 8.75, creditUnits: 875 });
  });

  it("lets a guest read the demo account's balance and history, and answers 401 to a stale token", async () => {
    const res = await t.rest('GET', '/api/credits/balance');
    expect(res.status).toBe(200);
    const demo = await db().selectFrom('users').select('credit_units').where('id', '=', DEMO_USER_ID).executeTakeFirstOrThrow();
    expect(res.body.creditUnits).toBe(demo.credit_units);
    const history = await t.rest('GET', '/api/credits/history');
    expect(history.status).toBe(200);
    expect(history.body.total).toBeGreaterThanOrEqual(1);
    expect((await t.rest('GET', '/api/credits/balance', { token: 'not-a-token' })).status).toBe(401);
  });

  it('pages the ledger newest first with kind, amounts, balance after and reference', async () => {
    const { token, userId } = await t.signUp();
    for (let i = 1; i <= 4; i++) {
      await spendCredits(db(), {
        userId,
        units: 100 * i,
        referenceType: 'generation',
        referenceId: `gen-${i}`,
        idempotencyKey: `spend:page:${userId}:${i}`,
      });
    }
    await refundSpend(db(), { userId, spendIdempotencyKey: `spend:page:${userId}:4` });

    const first = await t.rest('GET', '/api/credits/history?limit=2', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, limit: 2, offset: 0 });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.entries[0]).toEqual({
      id: expect.any(String),
      kind: 'refund',
      amount: 4,
      amountUnits: 400,
      balanceAfter: 4,
      balanceAfterUnits: 400,
      referenceType: 'generation',
      referenceId: 'gen-4',
      note: null,
      createdAt: expect.any(String),
    });
    expect(first.body.entries[1]).toMatchObject({ kind: 'spend', amount: -4, amountUnits: -400, balanceAfter: 0, referenceId: 'gen-4' });

    const rest = await t.rest('GET', '/api/credits/history?limit=10&offset=2', { token });
    expect(rest.body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['spend', -3],
      ['spend', -2],
      ['spend', -1],
      ['signup_bonus', 10],
    ]);
    const all = [...first.body.entries, ...rest.body.entries];
    expect(new Set(all.map((e: { id: string }) => e.id)).size).toBe(6);
    expect(all[0].balanceAfterUnits).toBe(await balanceUnits(userId));

    // Defaults: limit 50, offset 0 (also through tRPC with no input at all).
    const defaults = await t.rest('GET', '/api/credits/history', { token });
    expect(defaults.body).toMatchObject({ total: 6, limit: 50, offset: 0 });
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/credits.history', headers: { authorization: `Bearer ${token}` } });
    expect(trpc.statusCode).toBe(200);
    expect(JSON.parse(trpc.body).result.data.entries).toHaveLength(6);
  });

  it("shows only the caller's own ledger", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await spend(a.userId, 100);
    const res = await t.rest('GET', '/api/credits/history', { token: b.token });
    expect(res.body.total).toBe(1);
    expect(res.body.entries[0].kind).toBe('signup_bonus');
  });

  it('names a bad limit or offset', async () => {
    const { token } = await t.signUp();
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      const res = await t.rest('GET', `/api/credits/history?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[0].path).toBe(q.split('=')[0]);
    }
  });
});
