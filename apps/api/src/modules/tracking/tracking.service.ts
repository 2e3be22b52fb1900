import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import { CAMPAIGN_FIELDS, type FallbackPayload } from './tracking.schema';

// ─── First-party event store ──────────────────────────────────────────────────────────────

interface StoreDeps {
  db: Db;
  env: { analytics: { maxEvents: number } };
}

/** The campaign record without empty values (§5) and without unknown keys; null when nothing is left. */
export function cleanCampaign(campaign: FallbackPayload['campaign']): Record<string, unknown> | null {
  if (!campaign) return null;
  const out: Record<string, unknown> = {};
  for (const key of CAMPAIGN_FIELDS) {
    const value = campaign[key]?.trim();
    if (value) out[key] = value;
  }
  const raw = Object.entries(campaign.rawParams ?? {}).filter(([, v]) => v.trim() !== '');
  if (raw.length > 0) out.rawParams = Object.fromEntries(raw);
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Stores one fallback payload: the queued events (oldest first) and then the event being sent, all
 * with the payload's client id, campaign and (when the request carried a valid bearer) user id.
 * Returns how many rows were written. More than `maxEvents` events in one request is refused.
 */
export async function storeFallbackEvents(deps: StoreDeps, payload: FallbackPayload, userId: string | null): Promise<number> {
  const all = [
    ...payload.events,
    { eventName: payload.eventName, params: payload.params, timestampMicros: payload.timestampMicros, page: payload.page },
  ];
  if (all.length > deps.env.analytics.maxEvents) {
    throw new AppError('PAYLOAD_TOO_LARGE', `At most ${deps.env.analytics.maxEvents} events per request`, {
      fields: [{ path: 'events', message: `At most ${deps.env.analytics.maxEvents - 1} queued events` }],
    });
  }
  const campaign = cleanCampaign(payload.campaign);
  await deps.db
    .insertInto('analytics_events')
    .values(
      all.map((event) => ({
        event_name: event.eventName,
        client_id: payload.clientId,
        user_id: userId,
        params: JSON.stringify(event.params ?? {}),
        page: event.page ? JSON.stringify(event.page) : null,
        campaign: campaign ? JSON.stringify(campaign) : null,
        timestamp_micros: event.timestampMicros,
        occurred_at: new Date(Math.floor(event.timestampMicros / 1000)),
      })),
    )
    .execute();
  return all.length;
}

// ─── Attribution summary (for the admin console) ─────────────────────────────────────────────

export interface RevenueAmount {
  currency: string;
  amountCents: number;
}

export interface SourceSummaryRow {
  /** utm_source; 'google (gclid)' / 'facebook (fbclid)' when only a click id was captured; '(direct)' without any campaign. */
  source: string;
  /** utm_campaign, else the campaign id; '(none)' when neither. */
  campaign: string;
  /** Accounts created in the period with this first-touch campaign. */
  signups: number;
  /** Paid purchases in the period by users with this first-touch campaign. */
  purchases: number;
  payingUsers: number;
  /** Paid amounts, per currency (packages may be priced in different currencies). */
  revenue: RevenueAmount[];
}

export interface SignupsAndRevenueBySource {
  from: string;
  to: string;
  rows: SourceSummaryRow[];
  totals: { signups: number; purchases: number; payingUsers: number; revenue: RevenueAmount[] };
}

/** SQL for the source/campaign of a campaign JSON column (first touch: users.attribution). */
const sourceOf = (column: ReturnType<typeof sql.ref>) => sql<string>`coalesce(
  nullif(${column}->>'source', ''),
  case when nullif(${column}->>'gclid', '') is not null then 'google (gclid)'
       when nullif(${column}->>'fbclid', '') is not null then 'facebook (fbclid)'
       when ${column} is not null then '(unknown)'
       else '(direct)' end)`;
const campaignOf = (column: ReturnType<typeof sql.ref>) =>
  sql<string>`coalesce(nullif(${column}->>'campaign', ''), nullif(${column}->>'campaignId', ''), '(none)')`;

function addRevenue(list: RevenueAmount[], currency: string, amountCents: number): void {
  const entry = list.find((r) => r.currency === currency);
  if (entry) entry.amountCents += amountCents;
  else list.push({ currency, amountCents });
}

/**
 * Sign-ups and revenue by source and campaign for [from, to). Attribution is first touch: the campaign
 * stored on the user at sign-up (users.attribution); a purchase by a user without one falls back to the
 * campaign the purchase carried (payments.campaign). Demo and admin accounts are left out. Revenue is
 * paid payments by paid_at, per currency.
 */
export async function signupsAndRevenueBySource(db: Db, from: Date, to: Date): Promise<SignupsAndRevenueBySource> {
  const attribution = sql.ref('u.attribution');
  const signups = await db
    .selectFrom('users as u')
    .select([sourceOf(attribution).as('source'), campaignOf(attribution).as('campaign'), sql<number>`count(*)::int`.as('signups')])
    .where('u.is_demo', '=', false)
    .where('u.is_admin', '=', false)
    .where('u.created_at', '>=', from)
    .where('u.created_at', '<', to)
    .groupBy([sql`1`, sql`2`])
    .execute();

  const touch = sql.ref('paid.touch');
  const revenue = await db
    .selectFrom(
      db
        .selectFrom('payments as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([sql<Record<string, unknown> | null>`coalesce(u.attribution, p.campaign)`.as('touch'), 'p.user_id', 'p.currency', 'p.amount_cents'])
        .where('p.status', '=', 'paid')
        .where('p.paid_at', '>=', from)
        .where('p.paid_at', '<', to)
        .where('u.is_demo', '=', false)
        .as('paid'),
    )
    .select([
      sourceOf(touch).as('source'),
      campaignOf(touch).as('campaign'),
      'paid.currency',
      sql<number>`count(*)::int`.as('purchases'),
      sql<number>`count(distinct paid.user_id)::int`.as('payingUsers'),
      sql<number>`coalesce(sum(paid.amount_cents), 0)::bigint`.as('amountCents'),
    ])
    .groupBy([sql`1`, sql`2`, 'paid.currency'])
    .execute();

  const rows = new Map<string, SourceSummaryRow>();
  const rowFor = (source: string, campaign: string): SourceSummaryRow => {
    const key = JSON.stringify([source, campaign]);
    let row = rows.get(key);
    if (!row) {
      row = { source, campaign, signups: 0, purchases: 0, payingUsers: 0, revenue: [] };
      rows.set(key, row);
    }
    return row;
  };
  for (const s of signups) rowFor(s.source, s.campaign).signups += Number(s.signups);
  for (const r of revenue) {
    const row = rowFor(r.source, r.campaign);
    row.purchases += Number(r.purchases);
    // A user paying in two currencies counts once per currency here: close enough for a summary.
    row.payingUsers += Number(r.payingUsers);
    addRevenue(row.revenue, r.currency, Number(r.amountCents));
  }

  const totals: SignupsAndRevenueBySource['totals'] = { signups: 0, purchases: 0, payingUsers: 0, revenue: [] };
  for (const row of rows.values()) {
    totals.signups += row.signups;
    totals.purchases += row.purchases;
    totals.payingUsers += row.payingUsers;
    for (const r of row.revenue) addRevenue(totals.revenue, r.currency, r.amountCents);
  }
  const revenueSum = (row: SourceSummaryRow) => row.revenue.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    rows: [...rows.values()].sort((a, b) => b.signups - a.signups || revenueSum(b) - revenueSum(a) || a.source.localeCompare(b.source)),
    totals,
  };
}
