import type { Db } from '@atelier/db';
import { GENERATION_TYPES, type GenerationType, LOW_CREDIT_THRESHOLD, unitsToCredits } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import { listModels } from '../generation/catalogue.service';
import { PERIODS, type Period } from './analytics.schema';

/**
 * The user's own analytics (issue 12), computed from their generations and credit ledger over a
 * period of whole UTC days ending today: 7d = today and the 6 days before.
 */
type Deps = { db: Db; env: Env };
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function periodWindow(period: Period, now = Date.now()) {
  const days = PERIODS[period];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = today - (days - 1) * DAY_MS;
  return { days, first, today, since: new Date(first), dates: Array.from({ length: days }, (_, i) => isoDay(first + i * DAY_MS)) };
}

interface GenRow {
  id: string;
  type: GenerationType;
  model_id: string;
  status: string;
  created_at: Date;
  completed_at: Date | null;
}

/** Everything one period needs, loaded once. */
async function load(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const w = periodWindow(period, now);
  const [gens, spends, refunds, projects, modelRows] = await Promise.all([
    deps.db
      .selectFrom('generations')
      .select(['id', 'type', 'model_id', 'status', 'created_at', 'completed_at'])
      .where('user_id', '=', userId)
      .where('is_admin_test', '=', false)
      .where('created_at', '>=', w.since)
      .execute() as Promise<GenRow[]>,
    deps.db
      .selectFrom('credit_ledger')
      .select(['reference_type', 'reference_id', 'amount_units', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'spend')
      .where('created_at', '>=', w.since)
      .execute(),
    deps.db
      .selectFrom('credit_ledger')
      .select(['reference_type', 'reference_id', 'amount_units'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'refund')
      .where('created_at', '>=', w.since)
      .execute(),
    deps.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', w.since)
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom('ai_models').select(['id', 'name']).execute(),
  ]);
  const refundBy = new Map<string, number>();
  for (const r of refunds) {
    const key = `${r.reference_type}:${r.reference_id}`;
    refundBy.set(key, (refundBy.get(key) ?? 0) + Number(r.amount_units));
  }
  /** Net credit units per spend (the spend minus its refunds), with the day it was spent. */
  const used = spends.map((s) => {
    const key = `${s.reference_type}:${s.reference_id}`;
    return {
      referenceType: s.reference_type ?? 'other',
      referenceId: s.reference_id,
      day: isoDay(new Date(s.created_at).getTime()),
      units: Math.max(0, -Number(s.amount_units) - (refundBy.get(key) ?? 0)),
    };
  });
  const names = new Map(modelRows.map((m) => [m.id, m.name]));
  return { w, gens, used, projectsCreated: Number(projects.n), names };
}

const durationSeconds = (g: GenRow) => (g.completed_at ? (new Date(g.completed_at).getTime() - new Date(g.created_at).getTime()) / 1000 : null);

function avgTime(gens: GenRow[]): number | null {
  const times = gens
    .filter((g) => g.status === 'COMPLETED')
    .map(durationSeconds)
    .filter((t): t is number => t !== null && t >= 0);
  return times.length ? round1(times.reduce((a, b) => a + b, 0) / times.length) : null;
}

function sumUnits(list: { units: number }[]) {
  return list.reduce((a, b) => a + b.units, 0);
}

export async function overview(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { w, gens, used, projectsCreated, names } = await load(deps, userId, period, now);
  const byDay = new Map<string, number>();
  for (const u of used) byDay.set(u.day, (byDay.get(u.day) ?? 0) + u.units);
  const models = new Map<string, { uses: number; type: GenerationType }>();
  for (const g of gens) {
    const m = models.get(g.model_id) ?? { uses: 0, type: g.type };
    m.uses += 1;
    models.set(g.model_id, m);
  }
  return {
    period,
    from: w.dates[0] as string,
    to: w.dates[w.dates.length - 1] as string,
    overview: {
      totalGenerations: gens.length,
      creditsUsed: unitsToCredits(sumUnits(used)),
      projectsCreated,
      avgGenerationTime: avgTime(gens),
    },
    generationsByType: GENERATION_TYPES.map((type) => ({ type, count: gens.filter((g) => g.type === type).length })),
    creditUsage: w.dates.map((date) => ({ date, credits: unitsToCredits(byDay.get(date) ?? 0) })),
    popularModels: [...models.entries()]
      .sort((a, b) => b[1].uses - a[1].uses || a[0].localeCompare(b[0]))
      .slice(0, 8)
      .map(([id, m]) => ({ id, name: names.get(id) ?? id, uses: m.uses, type: m.type })),
  };
}

export async function usageStats(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { w, gens, used } = await load(deps, userId, period, now);
  const [added, chat] = await Promise.all([
    deps.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<string>('amount_units').as('units'))
      .where('user_id', '=', userId)
      .where('kind', 'in', ['purchase', 'signup_bonus', 'admin_adjustment'])
      .where('amount_units', '>', 0)
      .where('created_at', '>=', w.since)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('c.user_id', '=', userId)
      .where('m.role', '=', 'user')
      .where('m.created_at', '>=', w.since)
      .executeTakeFirstOrThrow(),
  ]);
  const count = (s: string) => gens.filter((g) => g.status === s).length;
  const completed = count('COMPLETED');
  const failed = count('FAILED');
  return {
    period,
    totalGenerations: gens.length,
    completed,
    failed,
    cancelled: count('CANCELLED'),
    inProgress: count('PENDING') + count('PROCESSING'),
    successRate: completed + failed > 0 ? round3(completed / (completed + failed)) : null,
    creditsUsed: unitsToCredits(sumUnits(used)),
    creditsAdded: unitsToCredits(Number(added.units ?? 0)),
    chatMessages: Number(chat.n),
    activeDays: new Set([...gens.map((g) => isoDay(new Date(g.created_at).getTime())), ...used.map((u) => u.day)]).size,
  };
}

export async function usageTrend(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { w, gens, used } = await load(deps, userId, period, now);
  const days = new Map(w.dates.map((date) => [date, { date, image: 0, video: 0, text: 0, audio: 0, total: 0, units: 0 }]));
  for (const g of gens) {
    const d = days.get(isoDay(new Date(g.created_at).getTime()));
    if (!d) continue;
    d[g.type] += 1;
    d.total += 1;
  }
  for (const u of used) {
    const d = days.get(u.day);
    if (d) d.units += u.units;
  }
  return { period, days: [...days.values()].map(({ units, ...d }) => ({ ...d, credits: unitsToCredits(units) })) };
}

function perModel(gens: GenRow[], used: { referenceType: string; referenceId: string | null; units: number }[], names: Map<string, string>) {
  const unitsByGen = new Map<string, number>();
  for (const u of used)
    if (u.referenceType === 'generation' && u.referenceId) unitsByGen.set(u.referenceId, (unitsByGen.get(u.referenceId) ?? 0) + u.units);
  const models = new Map<string, { type: GenerationType; runs: GenRow[]; units: number }>();
  for (const g of gens) {
    const m = models.get(g.model_id) ?? { type: g.type, runs: [], units: 0 };
    m.runs.push(g);
    m.units += unitsByGen.get(g.id) ?? 0;
    models.set(g.model_id, m);
  }
  return [...models.entries()]
    .map(([id, m]) => {
      const completed = m.runs.filter((g) => g.status === 'COMPLETED').length;
      const failed = m.runs.filter((g) => g.status === 'FAILED').length;
      return {
        id,
        name: names.get(id) ?? id,
        type: m.type,
        uses: m.runs.length,
        completed,
        failed,
        successRate: completed + failed > 0 ? round3(completed / (completed + failed)) : null,
        avgTime: avgTime(m.runs),
        creditsUsed: unitsToCredits(m.units),
      };
    })
    .sort((a, b) => b.uses - a.uses || a.id.localeCompare(b.id));
}

export async function modelPerformance(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { gens, used, names } = await load(deps, userId, period, now);
  return { period, models: perModel(gens, used, names) };
}

const REFERENCE_LABELS: Record<string, string> = { chat_message: 'chat', admin: 'adjustment' };

export async function creditBreakdown(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { used, names } = await load(deps, userId, period, now);
  const genIds = used.filter((u) => u.referenceType === 'generation' && u.referenceId).map((u) => u.referenceId as string);
  const gens = genIds.length
    ? await deps.db.selectFrom('generations').select(['id', 'type', 'model_id']).where('user_id', '=', userId).where('id', 'in', genIds).execute()
    : [];
  const genBy = new Map(gens.map((g) => [g.id, g]));
  const byType = new Map<string, number>();
  const byModel = new Map<string, { type: string; units: number }>();
  for (const u of used) {
    const g = u.referenceType === 'generation' && u.referenceId ? genBy.get(u.referenceId) : undefined;
    const type = g?.type ?? REFERENCE_LABELS[u.referenceType] ?? u.referenceType;
    byType.set(type, (byType.get(type) ?? 0) + u.units);
    if (g) {
      const m = byModel.get(g.model_id) ?? { type: g.type, units: 0 };
      m.units += u.units;
      byModel.set(g.model_id, m);
    }
  }
  return {
    period,
    total: unitsToCredits(sumUnits(used)),
    byType: [...byType.entries()]
      .filter(([, units]) => units > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([type, units]) => ({ type, credits: unitsToCredits(units) })),
    byModel: [...byModel.entries()]
      .filter(([, m]) => m.units > 0)
      .sort((a, b) => b[1].units - a[1].units || a[0].localeCompare(b[0]))
      .map(([id, m]) => ({ id, name: names.get(id) ?? id, type: m.type, credits: unitsToCredits(m.units) })),
  };
}

type Recommendation = {
  kind: 'cheaper_model' | 'reliability' | 'get_started' | 'top_up' | 'brand_kit' | 'prompt_library';
  title: string;
  message: string;
  modelId: string | null;
  alternativeModelId: string | null;
  savingsPerGeneration: number | null;
};

/** Suggestions from the user's own numbers: a cheaper model that succeeds as often, an unreliable one, setup nudges. */
export async function recommendations(deps: Deps, userId: string, period: Period, now = Date.now()) {
  const { gens, used, names } = await load(deps, userId, period, now);
  const mine = perModel(gens, used, names);
  const out: Recommendation[] = [];
  const base = { modelId: null, alternativeModelId: null, savingsPerGeneration: null };
  if (gens.length === 0) {
    out.push({
      ...base,
      kind: 'get_started',
      title: 'Make your first generation',
      message: 'Open Quick Create, pick a model and describe what you want: your numbers appear here.',
    });
  }
  if (mine.length) {
    const catalogue = await listModels(deps);
    const price = (id: string) => {
      const m = catalogue.find((x) => x.id === id);
      return m ? (m.pricing[0]?.creditCost ?? Math.round(m.credits * 100)) : null;
    };
    // Success rates across everyone's runs in the period: a model the user never tried still has a track record.
    const global = await deps.db
      .selectFrom('generations')
      .select(['model_id', 'status'])
      .where('created_at', '>=', periodWindow(period, now).since)
      .where('status', 'in', ['COMPLETED', 'FAILED'])
      .execute();
    const rateOf = (id: string) => {
      const runs = global.filter((g) => g.model_id === id);
      const ok = runs.filter((g) => g.status === 'COMPLETED').length;
      return runs.length >= 3 ? { rate: ok / runs.length, runs: runs.length } : null;
    };
    for (const m of mine.slice(0, 5)) {
      const myPrice = price(m.id);
      const myRate = m.successRate ?? rateOf(m.id)?.rate ?? null;
      if (myPrice === null) continue;
      const cheaper = catalogue
        .filter((c) => c.available && c.id !== m.id && c.type.toLowerCase() === m.type)
        .map((c) => ({ c, p: price(c.id) ?? Number.POSITIVE_INFINITY, r: rateOf(c.id) }))
        .filter((x) => x.p < myPrice && x.r !== null && (myRate === null || x.r.rate >= myRate - 0.05))
        .sort((a, b) => a.p - b.p)[0];
      if (cheaper?.r) {
        const savings = unitsToCredits(myPrice - cheaper.p);
        out.push({
          kind: 'cheaper_model',
          title: `Try ${cheaper.c.name} instead of ${m.name}`,
          message: `${cheaper.c.name} costs ${savings} credit${savings === 1 ? '' : 's'} less per generation and succeeded ${Math.round(cheaper.r.rate * 100)}% of ${cheaper.r.runs} recent runs${myRate !== null ? ` (yours with ${m.name}: ${Math.round(myRate * 100)}%)` : ''}.`,
          modelId: m.id,
          alternativeModelId: cheaper.c.id,
          savingsPerGeneration: savings,
        });
      }
      if (m.successRate !== null && m.completed + m.failed >= 3 && m.successRate < 0.8) {
        out.push({
          ...base,
          kind: 'reliability',
          title: `${m.name} failed often for you`,
          message: `${m.failed} of ${m.completed + m.failed} finished runs failed (refunded). Another ${m.type} model may be more reliable.`,
          modelId: m.id,
        });
      }
    }
  }
  const [user, kit, prompts] = await Promise.all([
    deps.db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirst(),
    deps.db.selectFrom('brand_kits').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
    deps.db
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  if (user && unitsToCredits(user.credit_units) < LOW_CREDIT_THRESHOLD && gens.length > 0) {
    out.push({
      ...base,
      kind: 'top_up',
      title: 'Running low on credits',
      message: `You have ${Math.floor(unitsToCredits(user.credit_units))} credits left; top up on the Payments page to keep generating.`,
    });
  }
  if (!kit && gens.length >= 3) {
    out.push({
      ...base,
      kind: 'brand_kit',
      title: 'Keep results on-brand',
      message: 'Set up a brand kit (colours, fonts, tone) and apply it to any generation with one switch.',
    });
  }
  if (Number(prompts.n) === 0 && gens.length >= 5) {
    out.push({
      ...base,
      kind: 'prompt_library',
      title: 'Save the prompts that work',
      message: 'Keep your best prompts in the Prompt Library and reuse them in Quick Create with one click.',
    });
  }
  return { period, recommendations: out };
}
