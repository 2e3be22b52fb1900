import { type Db, DEMO_USER_ID } from '@atelier/db';
import type { QueueClient } from '@atelier/jobs';
import { AppError, GENERATION_STATUSES, GENERATION_TYPES, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import { bucketDates, type Period, periodDto, ratio, usd } from './admin.period';
import { queueOverview } from './admin.queues.service';
import type { Summary, Usage } from './admin.schema';

/**
 * The admin figures. Definitions (the tests compute them by hand the same way):
 * - revenue: paid payments (amount_cents) whose paid_at falls in the period;
 * - credits sold: the credits of those payments; credits spent: spend minus refund ledger rows in the period;
 * - provider cost: generations.provider_cost_usd of generations created in the period, admin tests included
 *   (they are not charged, but they cost);
 * - credit price: revenue / credits sold in the period, else all time, else the credit packages' list price;
 * - revenue per model / type: net credits charged (charged − refunded, admin tests excluded) × credit price;
 * - margin = revenue − provider cost; margin per credit = credit price − provider cost per credit spent.
 * The demo workspace (guests' read-only account) is not usage and is left out everywhere.
 */

const n = (v: unknown) => Number(v ?? 0);
const DAY_MS = 86_400_000;

export interface CreditPrice {
  usdPerCredit: number;
  basis: 'period' | 'all-time' | 'list-price';
}

/** The average sale price of a credit (USD), unrounded. */
export async function creditPrice(db: Db, period?: Period): Promise<CreditPrice> {
  const paid = async (p?: Period) => {
    let q = db
      .selectFrom('payments')
      .select([sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'), sql<string>`coalesce(sum(credits), 0)`.as('credits')])
      .where('status', '=', 'paid');
    if (p) q = q.where('paid_at', '>=', p.from).where('paid_at', '<', p.to);
    return q.executeTakeFirstOrThrow();
  };
  if (period) {
    const r = await paid(period);
    if (n(r.credits) > 0) return { usdPerCredit: n(r.cents) / 100 / n(r.credits), basis: 'period' };
  }
  const all = await paid();
  if (n(all.credits) > 0) return { usdPerCredit: n(all.cents) / 100 / n(all.credits), basis: 'all-time' };
  const list = await db
    .selectFrom('credit_packages')
    .select([sql<string>`coalesce(sum(price_cents), 0)`.as('cents'), sql<string>`coalesce(sum(credits), 0)`.as('credits')])
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { usdPerCredit: n(list.credits) > 0 ? n(list.cents) / 100 / n(list.credits) : 0, basis: 'list-price' };
}

/** For responses: the price rounded to a millionth of a dollar (computations use the exact value). */
export const creditPriceDto = (p: CreditPrice): CreditPrice => ({ usdPerCredit: usd(p.usdPerCredit), basis: p.basis });

/** SQL for a campaign's source: utm source, else the click id's network, else the campaign id, else direct. */
const sourceOf = (col: string) =>
  sql<string>`coalesce(
    nullif(${sql.raw(col)}->>'source', ''),
    case when coalesce(${sql.raw(col)}->>'gclid', '') <> '' then 'google-ads' end,
    case when coalesce(${sql.raw(col)}->>'fbclid', '') <> '' then 'facebook-ads' end,
    nullif(${sql.raw(col)}->>'campaign', ''),
    nullif(${sql.raw(col)}->>'campaignId', ''),
    '(direct)')`;

const bucketExpr = (p: Period, col: string) => sql<string>`to_char(date_trunc(${p.bucket}, ${sql.raw(col)} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

export async function summary(deps: { db: Db; queues: QueueClient }, p: Period, now = new Date()): Promise<Summary> {
  const { db } = deps;
  const inPeriod = (col: string) => sql<boolean>`${sql.raw(col)} >= ${p.from} AND ${sql.raw(col)} < ${p.to}`;
  const [
    users,
    active,
    gens,
    adminTests,
    failed24,
    pay,
    ledger,
    cost,
    signupSeries,
    genSeries,
    paySeries,
    spendSeries,
    signupsBySource,
    paymentsBySource,
    queues,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where ${inPeriod('created_at')})`.as('new'),
        sql<string>`count(*) filter (where is_admin)`.as('admins'),
        sql<string>`count(*) filter (where disabled_at is not null)`.as('disabled'),
      ])
      .where('is_demo', '=', false)
      .executeTakeFirstOrThrow(),
    sql<{ n: string }>`
        select count(*) as n from (
          select id as user_id from users where not is_demo and ${inPeriod('last_active_at')}
          union
          select g.user_id from generations g join users u on u.id = g.user_id
            where not u.is_demo and not g.is_admin_test and ${inPeriod('g.created_at')}
          union
          select l.user_id from credit_ledger l join users u on u.id = l.user_id
            where not u.is_demo and l.kind = 'spend' and ${inPeriod('l.created_at')}
        ) a`.execute(db),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select(['type', 'status', sql<string>`count(*)`.as('n')])
      .where('is_admin_test', '=', false)
      .where(inPeriod('created_at'))
      .groupBy(['type', 'status'])
      .execute(),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(provider_cost_usd), 0)`.as('cost')])
      .where('is_admin_test', '=', true)
      .where(inPeriod('created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'FAILED')
      .where('completed_at', '>=', new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'),
        sql<string>`coalesce(sum(credits), 0)`.as('credits'),
      ])
      .where('status', '=', 'paid')
      .where(inPeriod('paid_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_ledger')
      .where('user_id', '!=', DEMO_USER_ID)
      .select([
        sql<string>`coalesce(sum(-amount_units) filter (where kind = 'spend'), 0)`.as('spent'),
        sql<string>`coalesce(sum(amount_units) filter (where kind = 'refund'), 0)`.as('refunded'),
        sql<string>`coalesce(sum(amount_units) filter (where kind in ('signup_bonus', 'admin_adjustment') and amount_units > 0), 0)`.as('granted'),
      ])
      .where(inPeriod('created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select(sql<string>`coalesce(sum(provider_cost_usd), 0)`.as('cost'))
      .where(inPeriod('created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select([bucketExpr(p, 'created_at').as('d'), sql<string>`count(*)`.as('n')])
      .where('is_demo', '=', false)
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select([
        bucketExpr(p, 'created_at').as('d'),
        sql<string>`count(*) filter (where not is_admin_test)`.as('n'),
        sql<string>`coalesce(sum(provider_cost_usd), 0)`.as('cost'),
      ])
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('payments')
      .select([bucketExpr(p, 'paid_at').as('d'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
      .where('status', '=', 'paid')
      .where(inPeriod('paid_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('credit_ledger')
      .where('user_id', '!=', DEMO_USER_ID)
      .select([bucketExpr(p, 'created_at').as('d'), sql<string>`coalesce(sum(-amount_units), 0)`.as('units')])
      .where('kind', 'in', ['spend', 'refund'])
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('users')
      .select([sourceOf('attribution').as('source'), sql<string>`count(*)`.as('n')])
      .where('is_demo', '=', false)
      .where(inPeriod('created_at'))
      .groupBy('source')
      .execute(),
    db
      .selectFrom('payments as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        sql<string>`${sourceOf('coalesce(p.campaign, u.attribution)')}`.as('source'),
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(p.amount_cents), 0)`.as('cents'),
      ])
      .where('p.status', '=', 'paid')
      .where(inPeriod('p.paid_at'))
      .groupBy('source')
      .execute(),
    queueOverview(deps.queues, now.getTime()),
  ]);

  const byStatus = GENERATION_STATUSES.map((s) => ({ key: s, count: gens.filter((g) => g.status === s).reduce((a, g) => a + n(g.n), 0) }));
  const byType = GENERATION_TYPES.map((t) => ({ key: t, count: gens.filter((g) => g.type === t).reduce((a, g) => a + n(g.n), 0) }));
  const revenueUsd = n(pay.cents) / 100;
  const providerCostUsd = usd(n(cost.cost));
  const margin = usd(revenueUsd - providerCostUsd);

  const series = bucketDates(p).map((date) => {
    const g = genSeries.find((r) => r.d === date);
    return {
      date,
      signups: n(signupSeries.find((r) => r.d === date)?.n),
      generations: n(g?.n),
      revenueUsd: n(paySeries.find((r) => r.d === date)?.cents) / 100,
      providerCostUsd: usd(n(g?.cost)),
      creditsSpent: unitsToCredits(n(spendSeries.find((r) => r.d === date)?.units)),
    };
  });

  const sources = new Set([...signupsBySource.map((r) => r.source), ...paymentsBySource.map((r) => r.source)]);
  const campaigns = [...sources]
    .map((source) => {
      const pr = paymentsBySource.find((r) => r.source === source);
      return { source, signups: n(signupsBySource.find((r) => r.source === source)?.n), payments: n(pr?.n), revenueUsd: n(pr?.cents) / 100 };
    })
    .sort((a, b) => b.revenueUsd - a.revenueUsd || b.signups - a.signups || a.source.localeCompare(b.source));

  return {
    period: periodDto(p),
    users: { total: n(users.total), new: n(users.new), active: n(active.rows[0]?.n), admins: n(users.admins), disabled: n(users.disabled) },
    generations: {
      total: byStatus.reduce((a, s) => a + s.count, 0),
      byStatus,
      byType,
      byTypeAndStatus: gens.map((g) => ({ type: g.type, status: g.status, count: n(g.n) })),
      adminTests: n(adminTests.n),
      failedLast24h: n(failed24.n),
    },
    credits: {
      sold: n(pay.credits),
      spent: unitsToCredits(n(ledger.spent) - n(ledger.refunded)),
      refunded: unitsToCredits(n(ledger.refunded)),
      granted: unitsToCredits(n(ledger.granted)),
    },
    money: {
      currency: 'usd',
      revenueUsd,
      providerCostUsd,
      adminTestCostUsd: usd(n(adminTests.cost)),
      grossMarginUsd: margin,
      grossMarginRate: revenueUsd > 0 ? ratio(margin / revenueUsd) : null,
      payments: n(pay.n),
    },
    series,
    campaigns,
    queues,
  };
}

interface GenAgg {
  generations: number;
  netUnits: number;
  cost: number;
}

function profitRow(agg: GenAgg, price: CreditPrice) {
  const creditsSpent = unitsToCredits(agg.netUnits);
  const revenueUsd = usd(creditsSpent * price.usdPerCredit);
  const providerCostUsd = usd(agg.cost);
  const marginUsd = usd(revenueUsd - providerCostUsd);
  return {
    generations: agg.generations,
    creditsSpent,
    revenueUsd,
    providerCostUsd,
    marginUsd,
    marginPerCreditUsd: creditsSpent > 0 ? usd(price.usdPerCredit - agg.cost / creditsSpent) : null,
  };
}

/** Revenue versus provider cost per model, per type and per user over a period; margin per credit. */
export async function usage(db: Db, p: Period): Promise<Usage> {
  const inPeriod = (col: string) => sql<boolean>`${sql.raw(col)} >= ${p.from} AND ${sql.raw(col)} < ${p.to}`;
  const price = await creditPrice(db, p);
  const [byModelRows, pay, ledger, userRows, costSeries, paySeries] = await Promise.all([
    db
      .selectFrom('generations as g')
      .where('g.user_id', '!=', DEMO_USER_ID)
      .leftJoin('ai_models as m', 'm.id', 'g.model_id')
      .select([
        'g.model_id',
        'g.type',
        sql<string>`max(g.provider)`.as('provider'),
        sql<string | null>`max(m.name)`.as('name'),
        sql<string>`count(*) filter (where not g.is_admin_test)`.as('n'),
        sql<string>`coalesce(sum(g.credit_units_charged - g.credit_units_refunded) filter (where not g.is_admin_test), 0)`.as('units'),
        sql<string>`coalesce(sum(g.provider_cost_usd), 0)`.as('cost'),
        sql<string>`coalesce(sum(g.provider_cost_usd) filter (where g.is_admin_test), 0)`.as('test_cost'),
      ])
      .where(inPeriod('g.created_at'))
      .groupBy(['g.model_id', 'g.type'])
      .execute(),
    db
      .selectFrom('payments')
      .select([sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'), sql<string>`coalesce(sum(credits), 0)`.as('credits')])
      .where('status', '=', 'paid')
      .where(inPeriod('paid_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_ledger')
      .where('user_id', '!=', DEMO_USER_ID)
      .select(sql<string>`coalesce(sum(-amount_units), 0)`.as('units'))
      .where('kind', 'in', ['spend', 'refund'])
      .where(inPeriod('created_at'))
      .executeTakeFirstOrThrow(),
    sql<{ id: string; email: string; cents: string; credits: string; gens: string; units: string; cost: string }>`
      with pay as (
        select user_id, sum(amount_cents) as cents, sum(credits) as credits
        from payments where status = 'paid' and ${inPeriod('paid_at')} group by user_id
      ), gen as (
        select user_id,
          count(*) filter (where not is_admin_test) as gens,
          sum(provider_cost_usd) as cost
        from generations where ${inPeriod('created_at')} and user_id <> ${DEMO_USER_ID} group by user_id
      ), spent as (
        select user_id, sum(-amount_units) as units
        from credit_ledger where kind in ('spend', 'refund') and ${inPeriod('created_at')} and user_id <> ${DEMO_USER_ID} group by user_id
      )
      select u.id, u.email,
        coalesce(pay.cents, 0) as cents, coalesce(pay.credits, 0) as credits,
        coalesce(gen.gens, 0) as gens, coalesce(spent.units, 0) as units, coalesce(gen.cost, 0) as cost
      from users u
      left join pay on pay.user_id = u.id
      left join gen on gen.user_id = u.id
      left join spent on spent.user_id = u.id
      where pay.user_id is not null or gen.user_id is not null or spent.user_id is not null
      order by coalesce(pay.cents, 0) desc, coalesce(gen.cost, 0) desc, u.email
      limit 200`.execute(db),
    db
      .selectFrom('generations')
      .where('user_id', '!=', DEMO_USER_ID)
      .select([bucketExpr(p, 'created_at').as('d'), sql<string>`coalesce(sum(provider_cost_usd), 0)`.as('cost')])
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('payments')
      .select([bucketExpr(p, 'paid_at').as('d'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
      .where('status', '=', 'paid')
      .where(inPeriod('paid_at'))
      .groupBy('d')
      .execute(),
  ]);

  const byModel = byModelRows
    .map((r) => ({
      modelId: r.model_id,
      name: r.name ?? r.model_id,
      provider: r.provider,
      type: r.type,
      ...profitRow({ generations: n(r.n), netUnits: n(r.units), cost: n(r.cost) }, price),
    }))
    .sort((a, b) => b.revenueUsd - a.revenueUsd || b.providerCostUsd - a.providerCostUsd || a.modelId.localeCompare(b.modelId));

  const byType = GENERATION_TYPES.map((type) => {
    const rows = byModelRows.filter((r) => r.type === type);
    return {
      type,
      ...profitRow(
        {
          generations: rows.reduce((a, r) => a + n(r.n), 0),
          netUnits: rows.reduce((a, r) => a + n(r.units), 0),
          cost: rows.reduce((a, r) => a + n(r.cost), 0),
        },
        price,
      ),
    };
  });

  const revenueUsd = n(pay.cents) / 100;
  const providerCostUsd = usd(byModelRows.reduce((a, r) => a + n(r.cost), 0));
  const adminTestCostUsd = usd(byModelRows.reduce((a, r) => a + n(r.test_cost), 0));
  const creditsSpent = unitsToCredits(n(ledger.units));
  const grossMarginUsd = usd(revenueUsd - providerCostUsd);

  return {
    period: periodDto(p),
    creditPrice: creditPriceDto(price),
    totals: {
      revenueUsd,
      creditsSold: n(pay.credits),
      creditsSpent,
      providerCostUsd,
      adminTestCostUsd,
      grossMarginUsd,
      grossMarginRate: revenueUsd > 0 ? ratio(grossMarginUsd / revenueUsd) : null,
      marginPerCreditUsd: creditsSpent > 0 ? usd(price.usdPerCredit - providerCostUsd / creditsSpent) : null,
    },
    byModel,
    byType,
    byUser: userRows.rows.map((r) => {
      const rev = n(r.cents) / 100;
      const c = usd(n(r.cost));
      return {
        userId: r.id,
        email: r.email,
        revenueUsd: rev,
        creditsBought: n(r.credits),
        creditsSpent: unitsToCredits(n(r.units)),
        generations: n(r.gens),
        providerCostUsd: c,
        marginUsd: usd(rev - c),
      };
    }),
    series: bucketDates(p).map((date) => {
      const r = n(paySeries.find((x) => x.d === date)?.cents) / 100;
      const c = usd(n(costSeries.find((x) => x.d === date)?.cost));
      return { date, revenueUsd: r, providerCostUsd: c, marginUsd: usd(r - c) };
    }),
  };
}

/** One user's purchases, spend by model, provider cost and margin over a period. */
export async function userProfitability(db: Db, userId: string, p: Period) {
  const inPeriod = (col: string) => sql<boolean>`${sql.raw(col)} >= ${p.from} AND ${sql.raw(col)} < ${p.to}`;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin', 'disabled_at', 'credit_units', 'created_at', 'last_active_at', 'is_demo'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.is_demo) throw new AppError('NOT_FOUND', 'User not found');
  const price = await creditPrice(db, p);
  const [purchases, models, ledger, spendSeries, costSeries, paySeries] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['id', 'package_id', 'status', 'amount_cents', 'credits', 'created_at', 'paid_at'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('paid_at', '>=', p.from), eb('paid_at', '<', p.to)]),
          eb.and([eb('created_at', '>=', p.from), eb('created_at', '<', p.to)]),
        ]),
      )
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('generations as g')
      .leftJoin('ai_models as m', 'm.id', 'g.model_id')
      .select([
        'g.model_id',
        'g.type',
        sql<string | null>`max(m.name)`.as('name'),
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(g.credit_units_charged - g.credit_units_refunded) filter (where not g.is_admin_test), 0)`.as('units'),
        sql<string>`coalesce(sum(g.provider_cost_usd), 0)`.as('cost'),
      ])
      .where('g.user_id', '=', userId)
      .where(inPeriod('g.created_at'))
      .groupBy(['g.model_id', 'g.type'])
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select(sql<string>`coalesce(sum(-amount_units), 0)`.as('units'))
      .where('user_id', '=', userId)
      .where('kind', 'in', ['spend', 'refund'])
      .where(inPeriod('created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('credit_ledger')
      .select([bucketExpr(p, 'created_at').as('d'), sql<string>`coalesce(sum(-amount_units), 0)`.as('units')])
      .where('user_id', '=', userId)
      .where('kind', 'in', ['spend', 'refund'])
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('generations')
      .select([bucketExpr(p, 'created_at').as('d'), sql<string>`coalesce(sum(provider_cost_usd), 0)`.as('cost')])
      .where('user_id', '=', userId)
      .where(inPeriod('created_at'))
      .groupBy('d')
      .execute(),
    db
      .selectFrom('payments')
      .select([bucketExpr(p, 'paid_at').as('d'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where(inPeriod('paid_at'))
      .groupBy('d')
      .execute(),
  ]);
  const paidInPeriod = purchases.filter((x) => x.status === 'paid' && x.paid_at && x.paid_at >= p.from && x.paid_at < p.to);
  const revenueUsd = paidInPeriod.reduce((a, x) => a + x.amount_cents, 0) / 100;
  const providerCostUsd = usd(models.reduce((a, r) => a + n(r.cost), 0));
  const creditsSpent = unitsToCredits(n(ledger.units));
  const marginUsd = usd(revenueUsd - providerCostUsd);
  return {
    period: periodDto(p),
    creditPrice: creditPriceDto(price),
    user: {
      id: user.id,
      email: user.email,
      isAdmin: user.is_admin,
      disabled: user.disabled_at !== null,
      credits: unitsToCredits(user.credit_units),
      createdAt: user.created_at.toISOString(),
      lastActiveAt: user.last_active_at ? user.last_active_at.toISOString() : null,
    },
    totals: {
      revenueUsd,
      creditsBought: paidInPeriod.reduce((a, x) => a + x.credits, 0),
      creditsSpent,
      generations: models.reduce((a, r) => a + n(r.n), 0),
      providerCostUsd,
      marginUsd,
      marginPerCreditUsd: creditsSpent > 0 ? usd(price.usdPerCredit - providerCostUsd / creditsSpent) : null,
    },
    purchases: purchases.map((x) => ({
      id: x.id,
      packageId: x.package_id,
      status: x.status,
      amountUsd: x.amount_cents / 100,
      credits: x.credits,
      createdAt: x.created_at.toISOString(),
      paidAt: x.paid_at ? x.paid_at.toISOString() : null,
    })),
    byModel: models
      .map((r) => ({
        modelId: r.model_id,
        name: r.name ?? r.model_id,
        type: r.type,
        ...profitRow({ generations: n(r.n), netUnits: n(r.units), cost: n(r.cost) }, price),
      }))
      .sort((a, b) => b.creditsSpent - a.creditsSpent || b.providerCostUsd - a.providerCostUsd),
    series: bucketDates(p).map((date) => ({
      date,
      creditsSpent: unitsToCredits(n(spendSeries.find((x) => x.d === date)?.units)),
      providerCostUsd: usd(n(costSeries.find((x) => x.d === date)?.cost)),
      revenueUsd: n(paySeries.find((x) => x.d === date)?.cents) / 100,
    })),
  };
}
