import { ledgerSumUnits } from '@atelier/db';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness';
import { type StripeSimulator, startStripeSimulator } from '../../testing/stripe-simulator';

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
beforeEach(() => sim.reset());

const db = () => t.deps.db;
const balanceUnits = async (userId: string) =>
  (await db().selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units;
const paymentOf = (sessionId: string) => db().selectFrom('payments').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirstOrThrow();
const purchases = (userId: string) =>
  db()
    .selectFrom('credit_ledger')
    .select(['amount_units', 'idempotency_key', 'reference_type', 'reference_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .execute();

async function checkout(token: string, packageId = 'starter', headers: Record<string, string> = {}) {
  const res = await t.rest('POST', '/api/payment/checkout', { token, body: { packageId }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { url: string; sessionId: string };
}

/** Posts one delivery the way Stripe does: raw JSON body, `Stripe-Signature` over exactly those bytes. */
async function deliver(
  event: Stripe.Event,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string; signature?: string | null } = {},
) {
  const { payload, header } = sim.sign(event, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (options.signature !== null) headers['stripe-signature'] = options.signature ?? header;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers,
    payload: options.tamper ? options.tamper(payload) : payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body || '{}') };
}

/** A signed-up user who has started (and, at Stripe, paid for) a checkout. */
async function paidSession(packageId = 'starter') {
  const user = await t.signUp();
  const { sessionId } = await checkout(user.token, packageId);
  const session = sim.completeSession(sessionId);
  return { user, sessionId, session, completed: sim.event('checkout.session.completed', session) };
}

describe('REST mirror', () => {
  it('documents every credits and payments procedure; the webhook is a route of its own', async () => {
    const doc = await t.rest('GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/credits/balance',
        '/credits/history',
        '/payment/packages',
        '/payment/checkout',
        '/payment/confirm',
        '/payment/history',
      ]),
    );
    expect(doc.body.paths['/payment/webhook']).toBeUndefined();
    expect(t.app.hasRoute({ method: 'POST', url: '/api/payment/webhook' })).toBe(true);
  });
});

describe('GET /payment/packages', () => {
  it('lists the active packages in order with price, currency and per-credit figures, publicly', async () => {
    const res = await t.rest('GET', '/api/payment/packages');
    expect(res.status).toBe(200);
    expect(res.body.configured).toBe(true);
    expect(res.body.packages.map((p: { id: string }) => p.id)).toEqual(['starter', 'creator', 'studio', 'pro']);
    expect(res.body.packages[0]).toEqual({
      id: 'starter',
      name: 'Starter',
      credits: 100,
      price: 1000,
      currency: 'usd',
      pricePerCredit: 10,
      creditsPerCurrencyUnit: 10,
    });
    expect(res.body.packages[2]).toMatchObject({ id: 'studio', pricePerCredit: 6.67, creditsPerCurrencyUnit: 15 });
  });

  it('hides inactive packages', async () => {
    await db().updateTable('credit_packages').set({ active: false }).where('id', '=', 'pro').execute();
    try {
      const res = await t.rest('GET', '/api/payment/packages');
      expect(res.body.packages.map((p: { id: string }) => p.id)).not.toContain('pro');
      const { token } = await t.signUp();
      const buy = await t.rest('POST', '/api/payment/checkout', { token, body: { packageId: 'pro' } });
      expect(buy.status).toBe(400);
    } finally {
      await db().updateTable('credit_packages').set({ active: true }).where('id', '=', 'pro').execute();
    }
  });
});

describe('POST /payment/checkout', () => {
  it('creates a Checkout Session through the SDK and a pending payment row with the campaign', async () => {
    const { token, userId, email } = await t.signUp();
    const campaign = { campaignId: 'spring', source: 'newsletter' };
    const res = await checkout(token, 'creator', { 'x-campaign': JSON.stringify(campaign) });
    expect(res.sessionId).toMatch(/^cs_test_/);
    expect(res.url).toBe(`${sim.url}/c/pay/${res.sessionId}`);

    expect(sim.requests).toHaveLength(1);
    const req = sim.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.headers['stripe-version']).toBeTruthy();
    expect(req.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    const payment = await paymentOf(res.sessionId);
    expect(req.headers['idempotency-key']).toBe(`checkout:${payment.id}`);
    expect(req.body).toMatchObject({
      mode: 'payment',
      client_reference_id: userId,
      customer_email: email,
      metadata: { userId, packageId: 'creator', paymentId: payment.id },
      payment_intent_data: { metadata: { userId, packageId: 'creator', paymentId: payment.id } },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '4000', product_data: { name: 'Creator — 500 credits' } } }],
      success_url: `${TEST_ORIGIN}/payments?status=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/payments?status=cancelled`,
    });

    expect(payment).toMatchObject({
      user_id: userId,
      package_id: 'creator',
      status: 'pending',
      amount_cents: 4000,
      currency: 'usd',
      credits: 500,
      paid_at: null,
      campaign,
    });
    // Starting a checkout grants nothing.
    expect(await balanceUnits(userId)).toBe(5000);
  });

  it('needs a signed-in user', async () => {
    const res = await t.rest('POST', '/api/payment/checkout', { body: { packageId: 'starter' } });
    expect(res.status).toBe(401);
    expect(sim.requests).toHaveLength(0);
  });

  it('answers 400 naming packageId for an unknown or missing package, and writes nothing', async () => {
    const { token, userId } = await t.signUp();
    for (const body of [{ packageId: 'platinum' }, { packageId: '' }, {}]) {
      const res = await t.rest('POST', '/api/payment/checkout', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['packageId']);
    }
    expect(await db().selectFrom('payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    expect(sim.requests).toHaveLength(0);
  });

  it('answers 503 and leaves no payment row when Stripe refuses', async () => {
    const bad = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...sim.env() });
    try {
      const { token, userId } = await bad.signUp();
      const res = await bad.rest('POST', '/api/payment/checkout', { token, body: { packageId: 'starter' } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
      expect(sim.requests.length).toBeGreaterThanOrEqual(1);
      expect(await bad.deps.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    } finally {
      await bad.close();
    }
  });
});

describe('POST /api/payment/webhook', () => {
  it('grants the package credits on checkout.session.completed with payment_status paid', async () => {
    const { user, sessionId, completed } = await paidSession('starter');
    const res = await deliver(completed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'granted' });

    expect(await balanceUnits(user.userId)).toBe(5000 + 10000);
    expect(await ledgerSumUnits(db(), user.userId)).toBe(15000);
    const payment = await paymentOf(sessionId);
    expect(payment.status).toBe('paid');
    expect(payment.paid_at).toBeInstanceOf(Date);
    expect(await purchases(user.userId)).toEqual([
      { amount_units: 10000, idempotency_key: `purchase:${sessionId}`, reference_type: 'payment', reference_id: payment.id },
    ]);
    const me = await t.rest('GET', '/api/auth/me', { token: user.token });
    expect(me.body.user.credits).toBe(150);
  });

  it('grants once when the same event is replayed 20× in a row and 20× at once', async () => {
    const { user, completed, sessionId } = await paidSession('creator');
    const sequential = [];
    for (let i = 0; i < 20; i++) sequential.push(await deliver(completed));
    expect(sequential.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(sequential.filter((r) => r.body.outcome === 'granted')).toHaveLength(1);

    const concurrent = await Promise.all(Array.from({ length: 20 }, () => deliver(completed)));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect(concurrent.every((r) => r.body.outcome === 'already_paid')).toBe(true);

    expect(await balanceUnits(user.userId)).toBe(5000 + 50000);
    expect(await purchases(user.userId)).toHaveLength(1);
    expect((await paymentOf(sessionId)).status).toBe('paid');
  });

  it('grants once when 20 first deliveries race (UNIQUE per session, row lock)', async () => {
    const { user, completed, session } = await paidSession('studio');
    const succeeded = sim.event('checkout.session.async_payment_succeeded', session);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(i % 2 ? completed : succeeded)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.outcome === 'granted')).toHaveLength(1);
    expect(await balanceUnits(user.userId)).toBe(5000 + 150000);
    expect(await ledgerSumUnits(db(), user.userId)).toBe(155000);
  });

  it('refuses a tampered body, a wrong secret, a missing or stale signature with 400 and grants nothing', async () => {
    const { user, completed, sessionId } = await paidSession();
    const attempts = [
      await deliver(completed, { tamper: (p) => p.replace('"amount_total": 1000', '"amount_total": 100') }),
      await deliver(completed, { tamper: (p) => `${p} ` }),
      await deliver(completed, { secret: 'whsec_someone_else' }),
      await deliver(completed, { signature: null }),
      await deliver(completed, { signature: 't=1,v1=deadbeef' }),
      await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION');
    }
    expect(await balanceUnits(user.userId)).toBe(5000);
    expect(await purchases(user.userId)).toHaveLength(0);
    expect((await paymentOf(sessionId)).status).toBe('pending');
  });

  it('waits for async_payment_succeeded when the method is delayed, in either delivery order', async () => {
    // In order: completed (unpaid) → async_payment_succeeded.
    const a = await t.signUp();
    const s1 = (await checkout(a.token)).sessionId;
    const submitted = sim.completeSession(s1, { paymentStatus: 'unpaid' });
    expect((await deliver(sim.event('checkout.session.completed', submitted))).body.outcome).toBe('not_paid');
    expect(await balanceUnits(a.userId)).toBe(5000);
    expect((await paymentOf(s1)).status).toBe('pending');
    const settled = sim.settleAsyncPayment(s1, 'succeeded');
    expect((await deliver(sim.event('checkout.session.async_payment_succeeded', settled))).body.outcome).toBe('granted');
    expect(await balanceUnits(a.userId)).toBe(15000);

    // Out of order: async_payment_succeeded arrives before completed (unpaid); the late one changes nothing.
    const b = await t.signUp();
    const s2 = (await checkout(b.token)).sessionId;
    const unpaid = sim.completeSession(s2, { paymentStatus: 'unpaid' });
    const paid = sim.settleAsyncPayment(s2, 'succeeded');
    expect((await deliver(sim.event('checkout.session.async_payment_succeeded', paid))).body.outcome).toBe('granted');
    expect((await deliver(sim.event('checkout.session.completed', unpaid))).body.outcome).toBe('not_paid');
    expect((await deliver(sim.event('checkout.session.completed', paid))).body.outcome).toBe('already_paid');
    expect(await balanceUnits(b.userId)).toBe(15000);
    expect((await paymentOf(s2)).status).toBe('paid');
  });

  it('marks a failed delayed payment failed and grants nothing', async () => {
    const { token, userId } = await t.signUp();
    const { sessionId } = await checkout(token);
    sim.completeSession(sessionId, { paymentStatus: 'unpaid' });
    const failed = sim.settleAsyncPayment(sessionId, 'failed');
    const res = await deliver(sim.event('checkout.session.async_payment_failed', failed));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'failed' } });
    expect((await paymentOf(sessionId)).status).toBe('failed');
    expect(await balanceUnits(userId)).toBe(5000);
  });

  it('marks an abandoned session expired; a late expiry never undoes a paid one', async () => {
    const { token, userId } = await t.signUp();
    const { sessionId } = await checkout(token);
    const expired = sim.expireSession(sessionId);
    expect((await deliver(sim.event('checkout.session.expired', expired))).body.outcome).toBe('expired');
    expect((await deliver(sim.event('checkout.session.expired', expired))).body.outcome).toBe('unchanged');
    expect((await paymentOf(sessionId)).status).toBe('expired');
    expect(await balanceUnits(userId)).toBe(5000);

    const { user, completed, session } = await paidSession();
    await deliver(completed);
    const lateExpiry = sim.event('checkout.session.expired', { ...session, status: 'expired' } as Stripe.Checkout.Session);
    expect((await deliver(lateExpiry)).body.outcome).toBe('unchanged');
    expect((await paymentOf(session.id)).status).toBe('paid');
    expect(await balanceUnits(user.userId)).toBe(15000);
  });

  it('does not trust a session that disagrees with its payment row', async () => {
    const { user, session, sessionId } = await paidSession('starter');
    const variants: Partial<Stripe.Checkout.Session>[] = [
      { amount_total: 1 },
      { currency: 'eur' },
      { metadata: { ...session.metadata, packageId: 'pro' } },
      { client_reference_id: (await t.signUp()).userId },
    ];
    for (const v of variants) {
      const res = await deliver(sim.event('checkout.session.completed', { ...session, ...v } as Stripe.Checkout.Session));
      expect(res.status).toBe(200);
      expect(res.body.outcome, JSON.stringify(v)).toBe('mismatch');
    }
    expect(await balanceUnits(user.userId)).toBe(5000);
    expect((await paymentOf(sessionId)).status).toBe('pending');
    // The genuine event still works afterwards.
    expect((await deliver(sim.event('checkout.session.completed', session))).body.outcome).toBe('granted');
  });

  it('finds the payment by its metadata when the session id was never stored (crash after Stripe answered)', async () => {
    const { user, completed, sessionId } = await paidSession();
    const { id } = await paymentOf(sessionId);
    await db().updateTable('payments').set({ stripe_session_id: null }).where('id', '=', id).execute();
    expect((await deliver(completed)).body.outcome).toBe('granted');
    const row = await db().selectFrom('payments').select(['status', 'stripe_session_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', stripe_session_id: sessionId });
    expect(await balanceUnits(user.userId)).toBe(15000);
  });

  it('acknowledges sessions it did not create and events it does not use', async () => {
    const foreign = sim.event('checkout.session.completed', {
      id: 'cs_test_foreign',
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      metadata: {},
      client_reference_id: null,
    } as unknown as Stripe.Checkout.Session);
    expect(await deliver(foreign)).toEqual({ status: 200, body: { received: true, outcome: 'unknown_session' } });
    const other = sim.event('payment_intent.succeeded', { id: 'pi_test_1', object: 'payment_intent' } as unknown as Stripe.Checkout.Session);
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('answers quickly', async () => {
    const { completed } = await paidSession();
    const started = performance.now();
    await deliver(completed);
    await deliver(completed);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the simulator’s hosted checkout page (for browser tests)', () => {
  it('Pay completes the session, delivers a signed event to the webhook and redirects to the success URL', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sim.setWebhook({ url: `${address}/api/payment/webhook`, secret: WEBHOOK_SECRET });
    try {
      const { token, userId } = await t.signUp();
      const { url, sessionId } = await checkout(token, 'starter');
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Pay 10.00 USD');
      const pay = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toBe(`${TEST_ORIGIN}/payments?status=success&session_id=${sessionId}`);
      expect(await balanceUnits(userId)).toBe(15000);
      expect((await paymentOf(sessionId)).status).toBe('paid');

      const second = await checkout(token, 'starter');
      const cancel = await fetch(`${second.url}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(cancel.headers.get('location')).toBe(`${TEST_ORIGIN}/payments?status=cancelled`);
      expect((await paymentOf(second.sessionId)).status).toBe('pending');
    } finally {
      sim.setWebhook(undefined);
    }
  });
});

describe('POST /payment/confirm (return page)', () => {
  it('checks a pending payment with Stripe and grants it once; the later webhook changes nothing', async () => {
    const { user, sessionId, completed } = await paidSession('starter');
    sim.requests.length = 0;
    const res = await t.rest('POST', '/api/payment/confirm', { token: user.token, body: { sessionId } });
    expect(res.status).toBe(200);
    expect(res.body.creditsBalance).toBe(150);
    expect(res.body.payment).toMatchObject({ packageId: 'starter', packageName: 'Starter', status: 'paid', amount: 1000, credits: 100, sessionId });
    expect(sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`]);

    const again = await t.rest('POST', '/api/payment/confirm', { token: user.token, body: { sessionId } });
    expect(again.body.creditsBalance).toBe(150);
    expect(sim.requests).toHaveLength(1); // paid: no need to ask Stripe again
    expect((await deliver(completed)).body.outcome).toBe('already_paid');
    expect(await balanceUnits(user.userId)).toBe(15000);
  });

  it('grants nothing for an unpaid session (the success URL alone proves nothing)', async () => {
    const { token, userId } = await t.signUp();
    const { sessionId } = await checkout(token);
    const res = await t.rest('POST', '/api/payment/confirm', { token, body: { sessionId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment: { status: 'pending' }, creditsBalance: 50 });
    expect(await balanceUnits(userId)).toBe(5000);
  });

  it("answers 404 for another user's session and 400 for a malformed id", async () => {
    const { sessionId } = await paidSession();
    const other = await t.signUp();
    const res = await t.rest('POST', '/api/payment/confirm', { token: other.token, body: { sessionId } });
    expect(res.status).toBe(404);
    expect((await t.rest('POST', '/api/payment/confirm', { token: other.token, body: { sessionId: 'nope' } })).status).toBe(400);
    expect((await t.rest('POST', '/api/payment/confirm', { body: { sessionId } })).status).toBe(401);
    expect((await paymentOf(sessionId)).status).toBe('pending');
  });
});

describe('GET /payment/history', () => {
  it("lists the caller's payments, newest first, with status", async () => {
    const a = await t.signUp();
    const first = await checkout(a.token, 'starter');
    const second = await checkout(a.token, 'pro');
    await deliver(sim.event('checkout.session.completed', sim.completeSession(first.sessionId)));
    const other = await t.signUp();
    await checkout(other.token, 'creator');

    const res = await t.rest('GET', '/api/payment/history', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(res.body.payments.map((p: { sessionId: string; status: string }) => [p.sessionId, p.status])).toEqual([
      [second.sessionId, 'pending'],
      [first.sessionId, 'paid'],
    ]);
    expect(res.body.payments[1]).toMatchObject({ packageName: 'Starter', amount: 1000, currency: 'usd', credits: 100, paidAt: expect.any(String) });
    const page = await t.rest('GET', '/api/payment/history?limit=1&offset=1', { token: a.token });
    expect(page.body.payments.map((p: { sessionId: string }) => p.sessionId)).toEqual([first.sessionId]);
  });

  it('gives a guest the demo account’s (empty) history', async () => {
    const res = await t.rest('GET', '/api/payment/history');
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual([]);
  });
});

describe('without Stripe keys', () => {
  it('still lists packages, says buying is not configured, writes nothing and refuses webhooks', async () => {
    const bare = await createTestApp();
    try {
      const packages = await bare.rest('GET', '/api/payment/packages');
      expect(packages.status).toBe(200);
      expect(packages.body.configured).toBe(false);
      expect(packages.body.packages).toHaveLength(4);

      const { token, userId } = await bare.signUp();
      const res = await bare.rest('POST', '/api/payment/checkout', { token, body: { packageId: 'starter' } });
      expect(res.status).toBe(501);
      expect(res.body.error).toMatchObject({ code: 'NOT_CONFIGURED', message: 'Payments are not configured on this server' });
      expect(await bare.deps.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);

      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(501);
      expect(sim.requests).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('with only the secret key (no webhook secret) is not configured either', async () => {
    const half = await createTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, ...sim.env() });
    try {
      expect((await half.rest('GET', '/api/payment/packages')).body.configured).toBe(false);
      const { token } = await half.signUp();
      expect((await half.rest('POST', '/api/payment/checkout', { token, body: { packageId: 'starter' } })).status).toBe(501);
    } finally {
      await half.close();
    }
  });
});
