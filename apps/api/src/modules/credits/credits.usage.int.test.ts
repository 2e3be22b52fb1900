import { DEMO_USER_ID } from '@atelier/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { refundSpend, spendCredits, usageByDay } from './credits.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_BONUS_CREDITS: '50' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;

/** Writes a spend (and optionally its refund) then back-dates the rows. */
async function spendAt(userId: string, units: number, at: Date, refund?: { units: number; at: Date }) {
  const key = `spend:test:${Math.random().toString(36).slice(2)}`;
  await spendCredits(db(), { userId, units, referenceType: 'generation', referenceId: key, idempotencyKey: key });
  await db().updateTable('credit_ledger').set({ created_at: at }).where('idempotency_key', '=', key).execute();
  if (refund) {
    await refundSpend(db(), { userId, spendIdempotencyKey: key, units: refund.units });
    await db()
      .updateTable('credit_ledger')
      .set({ created_at: refund.at })
      .where('idempotency_key', '=', `refund:${key.slice('spend:'.length)}`)
      .execute();
  }
}

describe('credits.usage', () => {
  it('sums spends minus their own refunds per day, fills empty days with 0, and ignores purchases and bonuses', async () => {
    const { userId } = await t.signUp();
    const now = Date.UTC(2026, 5, 15, 12, 0, 0);
    const day = (daysAgo: number, hour = 10) => new Date(Date.UTC(2026, 5, 15 - daysAgo, hour));
    await spendAt(userId, 200, day(0)); // 2 today
    await spendAt(userId, 150, day(0, 11)); // +1.5 today
    await spendAt(userId, 300, day(3)); // 3, three days ago
    await spendAt(userId, 500, day(5), { units: 500, at: day(4) }); // refunded the next day: nets 0 on day 5, nothing on day 4
    await spendAt(userId, 400, day(7), { units: 100, at: day(7) }); // partly refunded: 3
    await spendAt(userId, 900, day(40)); // outside the window

    const usage = await usageByDay(db(), userId, { days: 30, tzOffsetMinutes: 0 }, now);
    expect(usage.days).toHaveLength(30);
    expect(usage.from).toBe('2026-05-17');
    expect(usage.to).toBe('2026-06-15');
    const byDate = Object.fromEntries(usage.days.map((d) => [d.date, d.credits]));
    expect(byDate['2026-06-15']).toBe(3.5);
    expect(byDate['2026-06-12']).toBe(3);
    expect(byDate['2026-06-10']).toBe(0);
    expect(byDate['2026-06-11']).toBe(0);
    expect(byDate['2026-06-08']).toBe(3);
    expect(usage.total).toBe(9.5);
    expect(usage.days.map((d) => d.date)).toEqual([...usage.days.map((d) => d.date)].sort());
  });

  it("groups by the viewer's own day (time-zone offset)", async () => {
    const { userId } = await t.signUp();
    // 23:30 UTC on the 14th is 01:30 on the 15th in UTC+2 (getTimezoneOffset() = -120).
    await spendAt(userId, 100, new Date(Date.UTC(2026, 5, 14, 23, 30)));
    const now = Date.UTC(2026, 5, 15, 12, 0, 0);
    const utc = await usageByDay(db(), userId, { days: 7, tzOffsetMinutes: 0 }, now);
    const east = await usageByDay(db(), userId, { days: 7, tzOffsetMinutes: -120 }, now);
    expect(utc.days.find((d) => d.date === '2026-06-14')?.credits).toBe(1);
    expect(east.days.find((d) => d.date === '2026-06-15')?.credits).toBe(1);
    expect(east.days.find((d) => d.date === '2026-06-14')?.credits).toBe(0);
  });

  it('is served over tRPC and REST to the owner; guests read the demo workspace', async () => {
    const { userId, token } = await t.signUp();
    await spendAt(userId, 200, new Date());
    const rest = await t.rest('GET', '/api/credits/usage?days=7', { token });
    expect(rest.status).toBe(200);
    expect(rest.body.days).toHaveLength(7);
    expect(rest.body.total).toBe(2);
    expect(rest.body.days.at(-1).credits).toBe(2);

    const trpc = await t.rest('GET', `/trpc/credits.usage?input=${encodeURIComponent(JSON.stringify({ days: 30 }))}`, { token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.days).toHaveLength(30);

    const guest = await t.rest('GET', '/api/credits/usage');
    expect(guest.status).toBe(200);
    expect(guest.body.days).toHaveLength(30);
    const demo = await usageByDay(db(), DEMO_USER_ID, { days: 30, tzOffsetMinutes: 0 });
    expect(guest.body.total).toBe(demo.total);

    const bad = await t.rest('GET', '/api/credits/usage?days=0', { token });
    expect(bad.status).toBe(400);
  });
});
