import { sql } from 'kysely';
import type { Db } from '../client';
import { spendKeyFor } from '../repositories/generation.repository';
import { applyCreditChangeInTransaction } from '../repositories/ledger.repository';
import { DEMO_GENERATION_IDS } from './demo-generations';

/**
 * The demo workspace's last 30 days (issue 21): every demo generation and article was "made" on a
 * day of the past month and paid for with a ledger spend, so the dashboard's "Credits used" chart,
 * Analytics and History read a realistic month. The credits came from one top-up before them, so
 * the balance stays the demo's 10 credits and ledger sum = balance. Written once (idempotent); on
 * later seeds the whole history moves forward so it still ends today.
 */
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const TOP_UP_KEY = 'demo-history:top-up';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Made {
  kind: 'generation' | 'article' | 'voice';
  id: string;
  ago: number;
  /** How long it took (request to result). */
  seconds: number;
}

const g = (genId: string, ago: number, seconds: number): Made => ({ kind: 'generation', id: genId, ago, seconds });
const a = (articleId: string, ago: number): Made => ({ kind: 'article', id: articleId, ago, seconds: 20 });
const v = (voiceId: string, ago: number): Made => ({ kind: 'voice', id: voiceId, ago, seconds: 3 });

/**
 * The newest entry: the anchor that keeps the history ending today. The oldest is under 29 days
 * ago, so the month sits inside a 30-day window of whole UTC days (today and the 29 before) at any
 * hour, even just after midnight.
 */
const NEWEST = g(id(0xa704), 95 * MINUTE, 4);

const PLAN: Made[] = [
  NEWEST,
  g(id(0x501), 6 * HOUR, 2),
  g(DEMO_GENERATION_IDS.teapot, DAY + 3 * HOUR, 3),
  g(id(0xa703), 2 * DAY + 4 * HOUR, 14),
  g(id(0xa702), 2 * DAY + 5 * HOUR, 4),
  g(DEMO_GENERATION_IDS.music[1] as string, 3 * DAY + 2 * HOUR, 6),
  g(id(0x502), 4 * DAY + 6 * HOUR, 2),
  g(DEMO_GENERATION_IDS.music[0] as string, 5 * DAY + HOUR, 6),
  a(id(0x5e14), 6 * DAY + 2 * HOUR),
  g(DEMO_GENERATION_IDS.voiceOvers[1] as string, 7 * DAY + 3 * HOUR, 2),
  g(DEMO_GENERATION_IDS.voiceOvers[0] as string, 9 * DAY + 2 * HOUR, 2),
  v(id(0xa705), 10 * DAY + 5 * HOUR),
  a(id(0x5e13), 13 * DAY + 4 * HOUR),
  g(DEMO_GENERATION_IDS.clipVideos[2] as string, 17 * DAY + 4 * HOUR, 9),
  g(DEMO_GENERATION_IDS.clipVideos[1] as string, 17 * DAY + 5 * HOUR, 9),
  g(DEMO_GENERATION_IDS.clipVideos[0] as string, 18 * DAY + 2 * HOUR, 10),
  a(id(0x5e12), 20 * DAY + 3 * HOUR),
  g(DEMO_GENERATION_IDS.segmentImages[2] as string, 21 * DAY + 3 * HOUR, 3),
  g(DEMO_GENERATION_IDS.segmentImages[1] as string, 22 * DAY + HOUR, 3),
  g(DEMO_GENERATION_IDS.segmentImages[0] as string, 22 * DAY + 2 * HOUR, 3),
  g(DEMO_GENERATION_IDS.articleHero, 27 * DAY + HOUR, 3),
  a(id(0x5e11), 27 * DAY + 2 * HOUR),
  g(DEMO_GENERATION_IDS.lighthouse, 28 * DAY + 2 * HOUR, 3),
];

export async function seedDemoHistory(db: Db, now = Date.now()): Promise<void> {
  const demo = await db.selectFrom('users').select('id').where('id', '=', DEMO_USER_ID).executeTakeFirst();
  if (!demo) return;
  const written = await db.selectFrom('credit_ledger').select('id').where('idempotency_key', '=', TOP_UP_KEY).executeTakeFirst();
  if (written) {
    await keepCurrent(db, now);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const ids = (kind: Made['kind']) => PLAN.filter((m) => m.kind === kind).map((m) => m.id);
    const [gens, articles, voices] = await Promise.all([
      trx
        .selectFrom('generations')
        .select(['id', 'credit_units_charged'])
        .where('user_id', '=', DEMO_USER_ID)
        .where('id', 'in', ids('generation'))
        .execute(),
      trx.selectFrom('seo_articles').select(['id', 'title']).where('user_id', '=', DEMO_USER_ID).where('id', 'in', ids('article')).execute(),
      trx
        .selectFrom('voice_profiles')
        .select(['id', 'name', 'credit_units_charged'])
        .where('user_id', '=', DEMO_USER_ID)
        .where('id', 'in', ids('voice'))
        .execute(),
    ]);
    // What each entry cost and how the ledger names it (the keys the app itself uses for such spends).
    const spends = new Map<string, { units: number; key: string; referenceType: string; note: string | null }>([
      ...gens.map((r) => [r.id, { units: r.credit_units_charged, key: spendKeyFor(r.id), referenceType: 'generation', note: null }] as const),
      ...articles.map(
        (r) =>
          [
            r.id,
            { units: 100, key: `spend:demo-article:${r.id}`, referenceType: 'seo_article', note: `SEO article: ${r.title.slice(0, 80)}` },
          ] as const,
      ),
      ...voices.map(
        (r) =>
          [
            r.id,
            { units: r.credit_units_charged, key: `spend:voice-clone:${r.id}`, referenceType: 'voice_profile', note: `Voice clone: ${r.name}` },
          ] as const,
      ),
    ]);
    // Oldest first, so each row's balance-after follows the one before it.
    const events = PLAN.filter((m) => spends.has(m.id)).sort((x, y) => y.ago - x.ago);
    const total = events.reduce((sum, m) => sum + (spends.get(m.id)?.units ?? 0), 0);
    if (total === 0) return;

    const oldest = events[0]?.ago ?? 0;
    const at = async (key: string, when: number) => {
      await trx
        .updateTable('credit_ledger')
        .set({ created_at: new Date(when) })
        .where('idempotency_key', '=', key)
        .execute();
    };
    await applyCreditChangeInTransaction(trx, {
      userId: DEMO_USER_ID,
      kind: 'admin_adjustment',
      amountUnits: total,
      idempotencyKey: TOP_UP_KEY,
      note: 'Demo workspace credits for its sample month',
    });
    await at(TOP_UP_KEY, now - oldest - HOUR);
    // The account (and its welcome credits) came first.
    await at('demo:signup', now - oldest - 2 * HOUR);
    await trx
      .updateTable('users')
      .set({ created_at: new Date(now - oldest - 2 * HOUR) })
      .where('id', '=', DEMO_USER_ID)
      .execute();
    for (const m of events) {
      const spend = spends.get(m.id);
      if (!spend) continue;
      const made = now - m.ago;
      await applyCreditChangeInTransaction(trx, {
        userId: DEMO_USER_ID,
        kind: 'spend',
        amountUnits: -spend.units,
        idempotencyKey: spend.key,
        referenceType: spend.referenceType,
        referenceId: m.id,
        note: spend.note,
      });
      await at(spend.key, made);
      const when = new Date(made);
      if (m.kind === 'generation') {
        await trx
          .updateTable('generations')
          .set({ created_at: when, started_at: new Date(made + 500), completed_at: new Date(made + m.seconds * 1000) })
          .where('id', '=', m.id)
          .execute();
      } else if (m.kind === 'article') {
        await trx.updateTable('seo_articles').set({ created_at: when }).where('id', '=', m.id).execute();
      } else {
        await trx.updateTable('voice_profiles').set({ created_at: when }).where('id', '=', m.id).execute();
      }
    }
  });
}

/** Moves the demo's month forward when the newest entry has fallen more than an hour behind its place. */
async function keepCurrent(db: Db, now: number): Promise<void> {
  const anchor = await db.selectFrom('generations').select('created_at').where('id', '=', NEWEST.id).executeTakeFirst();
  if (!anchor) return;
  const lag = now - NEWEST.ago - new Date(anchor.created_at).getTime();
  if (lag < HOUR) return;
  const shift = sql`make_interval(secs => ${Math.round(lag / 1000)})`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('generations')
      .set({
        created_at: sql`created_at + ${shift}`,
        started_at: sql`started_at + ${shift}`,
        completed_at: sql`completed_at + ${shift}`,
      })
      .where('user_id', '=', DEMO_USER_ID)
      .execute();
    await trx
      .updateTable('credit_ledger')
      .set({ created_at: sql`created_at + ${shift}` })
      .where('user_id', '=', DEMO_USER_ID)
      .execute();
  });
}
