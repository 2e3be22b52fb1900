import { applyCreditChangeInTransaction, type Db } from '@atelier/db';
import { AppError, creditsToUnits, unitsToCredits } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { rateLimit } from '../../lib/rate-limit';
import type { AuthedUser } from '../auth/auth.session';
import type { CreditPackage, Payment, PaymentStatus } from './payments.schema';
import { getStripe, isStripeConfigured, NOT_CONFIGURED_MESSAGE } from './stripe';

interface Deps {
  db: Db;
  env: Env;
  log: Logger;
  redis: Redis;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const round2 = (n: number) => Math.round(n * 100) / 100;
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/** Ledger idempotency key of a Checkout Session's credits: one grant per session, ever. */
export const purchaseKeyFor = (sessionId: string) => `purchase:${sessionId}`;

export function successUrl(env: Pick<Env, 'http'>) {
  return `${env.http.publicUrl}/payments?status=success&session_id={CHECKOUT_SESSION_ID}`;
}
export function cancelUrl(env: Pick<Env, 'http'>) {
  return `${env.http.publicUrl}/payments?status=cancelled`;
}

// ─── Packages ──────────────────────────────────────────────────────────────────────────────

export async function listPackages(deps: Pick<Deps, 'db' | 'env'>): Promise<{ packages: CreditPackage[]; configured: boolean }> {
  const rows = await deps.db
    .selectFrom('credit_packages')
    .select(['id', 'name', 'credits', 'price_cents', 'currency'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('price_cents')
    .execute();
  return {
    packages: rows.map((p) => ({
      id: p.id,
      name: p.name,
      credits: p.credits,
      price: p.price_cents,
      currency: p.currency,
      pricePerCredit: round2(p.price_cents / p.credits),
      creditsPerCurrencyUnit: round2(p.credits / (p.price_cents / 100)),
    })),
    configured: isStripeConfigured(deps.env),
  };
}

// ─── Checkout ──────────────────────────────────────────────────────────────────────────────

/**
 * Creates a Stripe Checkout Session for one package. The payments row is written first
 * (pending, its id in the session's metadata) so a webhook can always find it; if Stripe
 * refuses or cannot be reached the row is removed again and nothing is left behind.
 */
export async function createCheckout(
  ctx: Deps & { user: AuthedUser; campaign: Record<string, string> | null },
  packageId: string,
): Promise<{ url: string; sessionId: string }> {
  if (!isStripeConfigured(ctx.env)) throw new AppError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
  await rateLimit(ctx, `checkout:user:${ctx.user.id}`, 20);
  const pkg = await ctx.db
    .selectFrom('credit_packages')
    .select(['id', 'name', 'credits', 'price_cents', 'currency'])
    .where('id', '=', packageId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!pkg) throw new AppError('VALIDATION', 'Unknown credit package', { fields: [{ path: 'packageId', message: 'Unknown credit package' }] });
  const user = await ctx.db.selectFrom('users').select(['email', 'attribution']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  // First touch wins: the campaign stored at sign-up, else the one this visit came from.
  const campaign = user.attribution ?? ctx.campaign ?? null;

  const payment = await ctx.db
    .insertInto('payments')
    .values({
      user_id: ctx.user.id,
      package_id: pkg.id,
      status: 'pending',
      amount_cents: pkg.price_cents,
      currency: pkg.currency,
      credits: pkg.credits,
      campaign: campaign ? JSON.stringify(campaign) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const metadata = { userId: ctx.user.id, packageId: pkg.id, paymentId: payment.id };
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe(ctx.env).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: ctx.user.id,
        customer_email: user.email,
        metadata,
        payment_intent_data: { metadata },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: pkg.currency,
              unit_amount: pkg.price_cents,
              product_data: { name: `${pkg.name} — ${pkg.credits} credits`, metadata: { packageId: pkg.id } },
            },
          },
        ],
        success_url: successUrl(ctx.env),
        cancel_url: cancelUrl(ctx.env),
      },
      { idempotencyKey: `checkout:${payment.id}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a url');
  } catch (e) {
    await ctx.db
      .deleteFrom('payments')
      .where('id', '=', payment.id)
      .execute()
      .catch(() => {});
    ctx.log.error({ err: e instanceof Error ? e.message : String(e), paymentId: payment.id }, 'stripe checkout session failed');
    throw new AppError('UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.', { cause: e });
  }
  await ctx.db.updateTable('payments').set({ stripe_session_id: session.id }).where('id', '=', payment.id).execute();
  ctx.log.info({ userId: ctx.user.id, paymentId: payment.id, packageId: pkg.id, sessionId: session.id }, 'checkout started');
  return { url: session.url, sessionId: session.id };
}

// ─── History ───────────────────────────────────────────────────────────────────────────────

const paymentColumns = [
  'p.id',
  'p.package_id',
  'k.name as package_name',
  'p.status',
  'p.amount_cents',
  'p.currency',
  'p.credits',
  'p.stripe_session_id',
  'p.created_at',
  'p.paid_at',
] as const;

type PaymentRow = {
  id: string;
  package_id: string;
  package_name: string;
  status: PaymentStatus;
  amount_cents: number;
  currency: string;
  credits: number;
  stripe_session_id: string | null;
  created_at: Date;
  paid_at: Date | null;
};

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  packageId: r.package_id,
  packageName: r.package_name,
  status: r.status,
  amount: r.amount_cents,
  currency: r.currency,
  credits: r.credits,
  sessionId: r.stripe_session_id,
  createdAt: r.created_at.toISOString(),
  paidAt: r.paid_at ? r.paid_at.toISOString() : null,
});

const paymentsOf = (db: Db) => db.selectFrom('payments as p').innerJoin('credit_packages as k', 'k.id', 'p.package_id');

export async function listPayments(db: Db, userId: string, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    paymentsOf(db)
      .select(paymentColumns)
      .where('p.user_id', '=', userId)
      .where('p.stripe_session_id', 'is not', null)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('stripe_session_id', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { payments: rows.map(toPayment), total: Number(count.n), limit: page.limit, offset: page.offset };
}

// ─── Fulfilment (webhook and confirm) ──────────────────────────────────────────────────────

export type SessionOutcome =
  | 'granted'
  | 'already_paid'
  | 'not_paid'
  | 'expired'
  | 'failed'
  | 'unchanged'
  | 'unknown_session'
  | 'mismatch'
  | 'ignored';

/** The payments row a session belongs to: by session id, else (crash between insert and update) by our metadata. */
async function findPaymentId(db: Db, session: Stripe.Checkout.Session): Promise<string | null> {
  const bySession = await db.selectFrom('payments').select('id').where('stripe_session_id', '=', session.id).executeTakeFirst();
  if (bySession) return bySession.id;
  const paymentId = session.metadata?.paymentId;
  if (!paymentId || !UUID.test(paymentId)) return null;
  const byId = await db
    .selectFrom('payments')
    .select('id')
    .where('id', '=', paymentId)
    .where('stripe_session_id', 'is', null)
    .where('user_id', '=', session.client_reference_id ?? '')
    .executeTakeFirst();
  return byId?.id ?? null;
}

/** Metadata is ours but not the authority: the row written at checkout is. Returns what disagrees. */
function mismatchOf(
  row: { user_id: string; package_id: string; amount_cents: number; currency: string; stripe_session_id: string | null },
  session: Stripe.Checkout.Session,
): string | null {
  if (row.stripe_session_id && row.stripe_session_id !== session.id) return 'session id';
  if (session.client_reference_id !== row.user_id) return 'client_reference_id';
  if (session.metadata?.userId && session.metadata.userId !== row.user_id) return 'metadata.userId';
  if (session.metadata?.packageId && session.metadata.packageId !== row.package_id) return 'metadata.packageId';
  if (session.mode !== 'payment') return 'mode';
  if (session.amount_total !== row.amount_cents) return 'amount_total';
  if ((session.currency ?? '').toLowerCase() !== row.currency.toLowerCase()) return 'currency';
  return null;
}

/**
 * Grants the session's credits exactly once: the payments row is locked, moved pending → paid
 * and the ledger row (key `purchase:<session id>`) written in one transaction. A replay, a
 * concurrent duplicate or a later out-of-order event finds the row paid and changes nothing.
 */
async function grant(deps: Pick<Deps, 'db' | 'log'>, paymentId: string, session: Stripe.Checkout.Session): Promise<SessionOutcome> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('payments as p')
        .innerJoin('credit_packages as k', 'k.id', 'p.package_id')
        .select(['p.id', 'p.user_id', 'p.package_id', 'k.name', 'p.status', 'p.amount_cents', 'p.currency', 'p.credits', 'p.stripe_session_id'])
        .where('p.id', '=', paymentId)
        .forUpdate('p')
        .executeTakeFirstOrThrow();
      if (row.status === 'paid') return 'already_paid' as const;
      const problem = mismatchOf(row, session);
      if (problem) {
        deps.log.error({ paymentId, sessionId: session.id, field: problem }, 'stripe session does not match its payment; no credits granted');
        return 'mismatch' as const;
      }
      if (row.status !== 'pending')
        deps.log.warn({ paymentId, sessionId: session.id, from: row.status }, 'paid session for a payment marked ' + row.status);
      await trx
        .updateTable('payments')
        .set({ status: 'paid', paid_at: new Date(), stripe_session_id: session.id })
        .where('id', '=', row.id)
        .execute();
      const change = await applyCreditChangeInTransaction(trx, {
        userId: row.user_id,
        kind: 'purchase',
        amountUnits: creditsToUnits(row.credits),
        idempotencyKey: purchaseKeyFor(session.id),
        referenceType: 'payment',
        referenceId: row.id,
        note: `${row.name} package: ${row.credits} credits`,
      });
      if (change.applied) deps.log.info({ paymentId, sessionId: session.id, userId: row.user_id, credits: row.credits }, 'credits purchased');
      return change.applied ? ('granted' as const) : ('already_paid' as const);
    });
  } catch (e) {
    // A concurrent delivery committed the same grant first.
    if (isUniqueViolation(e)) return 'already_paid';
    throw e;
  }
}

async function settle(db: Db, paymentId: string, sessionId: string, status: 'expired' | 'failed'): Promise<SessionOutcome> {
  const res = await db
    .updateTable('payments')
    .set({ status, stripe_session_id: sessionId })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? status : 'unchanged';
}

/** Applies what a Checkout Session says now (from a verified event or from Stripe's API). */
async function applySession(
  deps: Pick<Deps, 'db' | 'log'>,
  session: Stripe.Checkout.Session,
  intent: 'paid' | 'expired' | 'failed' | 'check',
): Promise<SessionOutcome> {
  const paymentId = await findPaymentId(deps.db, session);
  if (!paymentId) {
    deps.log.warn({ sessionId: session.id }, 'stripe event for a checkout session this server did not create');
    return 'unknown_session';
  }
  if (intent === 'expired' || intent === 'failed') return settle(deps.db, paymentId, session.id, intent);
  if (session.payment_status === 'paid') return grant(deps, paymentId, session);
  if (intent === 'check' && session.status === 'expired') return settle(deps.db, paymentId, session.id, 'expired');
  return 'not_paid';
}

/**
 * One verified Stripe event. Fulfilment is idempotent per Checkout Session, so Stripe's
 * at-least-once, any-order delivery is safe; events we do not use are acknowledged.
 */
export async function handleStripeEvent(deps: Pick<Deps, 'db' | 'log'>, event: Stripe.Event): Promise<SessionOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // `completed` with payment_status 'unpaid' is a delayed method: wait for async_payment_succeeded.
      return applySession(deps, event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return applySession(deps, event.data.object, 'failed');
    case 'checkout.session.expired':
      return applySession(deps, event.data.object, 'expired');
    default:
      return 'ignored';
  }
}

/**
 * The return page's check (`?status=success&session_id=…`). Never trusts the URL: while the
 * payment is still pending it asks Stripe's API for the session and applies it exactly as the
 * webhook would — so a delayed or lost webhook does not leave a paid user without credits.
 */
export async function confirmCheckout(ctx: Deps & { user: AuthedUser }, sessionId: string) {
  const find = () =>
    paymentsOf(ctx.db).select(paymentColumns).where('p.stripe_session_id', '=', sessionId).where('p.user_id', '=', ctx.user.id).executeTakeFirst();
  const row = await find();
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
  let current = row;
  if (row.status === 'pending' && isStripeConfigured(ctx.env)) {
    await rateLimit(ctx, `confirm:user:${ctx.user.id}`, 60);
    try {
      const session = await getStripe(ctx.env).checkout.sessions.retrieve(sessionId);
      await applySession(ctx, session, 'check');
      current = (await find()) ?? row;
    } catch (e) {
      if (e instanceof AppError) throw e;
      ctx.log.warn({ err: e instanceof Error ? e.message : String(e), sessionId }, 'could not check the checkout session with stripe');
    }
  }
  const balance = await ctx.db.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  return { payment: toPayment(current), creditsBalance: unitsToCredits(balance.credit_units) };
}
