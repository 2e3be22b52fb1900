import type { AiModelRow, Db } from '@atelier/db';
import { AppError, creditsToUnits, MARGIN_RATE, unitsToCredits, withMargin } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import { listModels, syncOllamaModels } from '../generation/catalogue.service';
import type { Model } from '../generation/generation.schema';
import { type CreditPrice, creditPrice, creditPriceDto } from './admin.analytics.service';
import { writeAudit } from './admin.audit';
import { ratio, usd } from './admin.period';

type Deps = { db: Db; env: Env };

/**
 * One model's pricing: its price in credits against the provider's cost. The provider cost is
 * converted to credits at the average sale price of a credit; the suggested price adds the 20 %
 * margin, rounded up (withMargin; 0 gives 0).
 */
export function pricingRow(row: AiModelRow, model: Model | undefined, price: CreditPrice) {
  const credits = unitsToCredits(row.credit_units);
  const cost = Number(row.provider_cost_usd);
  const costCredits = price.usdPerCredit > 0 ? Math.round((cost / price.usdPerCredit) * 1e4) / 1e4 : 0;
  const revenue = credits * price.usdPerCredit;
  const tiers = (Array.isArray(row.pricing) ? row.pricing : []) as { tier?: string; isDefault?: boolean }[];
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    type: row.type,
    enabled: row.enabled,
    available: model?.available ?? false,
    isDefault: model?.isDefault ?? false,
    tiers: (tiers.length ? tiers : [{ tier: 'standard', isDefault: true }]).map((t) => ({
      tier: String(t.tier ?? 'standard'),
      credits,
      creditCost: row.credit_units,
      isDefault: Boolean(t.isDefault),
    })),
    credits,
    providerCostUsd: cost,
    costCredits,
    suggestedCredits: withMargin(costCredits),
    marginUsd: usd(revenue - cost),
    marginRate: revenue > 0 ? ratio((revenue - cost) / revenue) : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function modelPricing(deps: Deps) {
  await syncOllamaModels(deps);
  const [rows, models, price] = await Promise.all([
    deps.db.selectFrom('ai_models').selectAll().where('retired_at', 'is', null).orderBy('sort').orderBy('id').execute(),
    listModels(deps),
    creditPrice(deps.db),
  ]);
  return {
    creditPrice: creditPriceDto(price),
    marginRate: MARGIN_RATE,
    models: rows.map((r) =>
      pricingRow(
        r,
        models.find((m) => m.id === r.id),
        price,
      ),
    ),
  };
}

/**
 * Saves a model's price (credits) and provider cost. Generations store the price they were
 * charged when created, so a change applies to the next generation only.
 */
export async function updatePrice(deps: Deps, admin: { id: string }, input: { modelId: string; credits: number; providerCostUsd: number }) {
  const units = creditsToUnits(input.credits);
  if (!Number.isSafeInteger(units) || units < 0) {
    throw new AppError('VALIDATION', 'credits must be a number of at least 0', { fields: [{ path: 'credits', message: 'must be at least 0' }] });
  }
  const cost = Math.round(input.providerCostUsd * 1e6) / 1e6;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('ai_models').selectAll().where('id', '=', input.modelId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `Unknown model: ${input.modelId}`, { fields: [{ path: 'modelId', message: 'Unknown model' }] });
    const tiers = ((Array.isArray(row.pricing) ? row.pricing : []) as Record<string, unknown>[]).map((t) => ({
      ...t,
      credits: unitsToCredits(units),
      creditCost: units,
    }));
    if (row.credit_units === units && Number(row.provider_cost_usd) === cost) return;
    await trx
      .updateTable('ai_models')
      .set({ credit_units: units, provider_cost_usd: cost, pricing: JSON.stringify(tiers) })
      .where('id', '=', input.modelId)
      .execute();
    await writeAudit(trx, {
      actorId: admin.id,
      action: 'model.price_changed',
      targetType: 'model',
      targetId: input.modelId,
      before: { credits: unitsToCredits(row.credit_units), providerCostUsd: Number(row.provider_cost_usd) },
      after: { credits: unitsToCredits(units), providerCostUsd: cost },
    });
  });
  const all = await modelPricing(deps);
  const model = all.models.find((m) => m.id === input.modelId);
  if (!model) throw new AppError('NOT_FOUND', `Unknown model: ${input.modelId}`);
  return { model };
}
