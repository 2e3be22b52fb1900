import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { type StripeSimulator, startStripeSimulator } from '../stripe-simulator';
import { ledgerMismatches } from './support';

/**
 * Stripe delivers at least once and in any order. For each flow, the same set of events (with
 * duplicates) is delivered in several shuffled orders — one session per order, some orders
 * concurrently — and every order must reach the same end state: the same payment status, the
 * package credited at most once, never a 5xx, ledger = balance.
 */
const SECRET_KEY = 'sk_test_atelier_simulator';
const WEBHOOK_SECRET = 'whsec_atelier_test_secret';
let sim: StripeSimulator;
let t: TestApp;

beforeAll(async () => {
  sim = await startStripeSimulator({ apiKey: SECRET_KEY });
  t = await createTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...sim.env() });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** A seeded shuffle, so a failing order can be replayed. */
function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function deliver(event: Stripe.Event) {
  const { payload, header } = sim.sign(event, WEBHOOK_SECRET);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
  return res.statusCode;
}

async function newSession() {
  const user = await t.signUp();
  const res = await t.rest('POST', '/api/payment/checkout', { token: user.token, body: { packageId: 'starter' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { user, sessionId: res.body.sessionId as string };
}

async function endState(userId: string, sessionId: string) {
  const db = t.deps.db;
  const payment = await db.selectFrom('payments').select('status').where('stripe_session_id', '=', sessionId).executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow();
  const purchases = await db.selectFrom('credit_ledger').select('id').where('user_id', '=', userId).where('kind', '=', 'purchase').execute();
  return { status: payment.status, balance: user.credit_units, purchases: purchases.length };
}

type Flow = { name: string; events: (sessionId: string) => Stripe.Event[]; expected: { status: string; purchases: number } };
const FLOWS: Flow[] = [
  {
    name: 'card paid at once',
    events: (id) => {
      const paid = sim.completeSession(id);
      return [
        sim.event('checkout.session.completed', paid),
        sim.event('checkout.session.completed', paid),
        sim.event('checkout.session.completed', paid),
      ];
    },
    expected: { status: 'paid', purchases: 1 },
  },
  {
    name: 'delayed method that succeeds',
    events: (id) => {
      const submitted = sim.completeSession(id, { paymentStatus: 'unpaid' });
      const settled = sim.settleAsyncPayment(id, 'succeeded');
      return [
        sim.event('checkout.session.completed', submitted),
        sim.event('checkout.session.async_payment_succeeded', settled),
        sim.event('checkout.session.completed', submitted),
        sim.event('checkout.session.async_payment_succeeded', settled),
      ];
    },
    expected: { status: 'paid', purchases: 1 },
  },
  {
    name: 'delayed method that fails',
    events: (id) => {
      const submitted = sim.completeSession(id, { paymentStatus: 'unpaid' });
      const failed = sim.settleAsyncPayment(id, 'failed');
      return [
        sim.event('checkout.session.completed', submitted),
        sim.event('checkout.session.async_payment_failed', failed),
        sim.event('checkout.session.async_payment_failed', failed),
      ];
    },
    expected: { status: 'failed', purchases: 0 },
  },
  {
    name: 'abandoned session',
    events: (id) => {
      const expired = sim.expireSession(id);
      return [sim.event('checkout.session.expired', expired), sim.event('checkout.session.expired', expired)];
    },
    expected: { status: 'expired', purchases: 0 },
  },
];

describe('Stripe events in shuffled order', () => {
  it.each(FLOWS.map((f) => [f.name, f] as const))('%s: every order reaches the same end state, no 5xx', async (_name, flow) => {
    const states: { status: string; purchases: number; credited: number }[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      const { user, sessionId } = await newSession();
      const before = (await endState(user.userId, sessionId)).balance;
      const order = shuffled(flow.events(sessionId), seed);
      // Odd seeds deliver one by one, even seeds all at once.
      const statuses =
        seed % 2
          ? await order.reduce<Promise<number[]>>(async (acc, e) => [...(await acc), await deliver(e)], Promise.resolve([]))
          : await Promise.all(order.map(deliver));
      expect(
        statuses.every((s) => s === 200),
        `seed ${seed}: ${statuses.join(',')}`,
      ).toBe(true);
      const after = await endState(user.userId, sessionId);
      states.push({ status: after.status, purchases: after.purchases, credited: after.balance - before });
    }
    const first = states[0];
    expect(first).toMatchObject(flow.expected);
    for (const s of states) expect(s).toEqual(first);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  });
});
