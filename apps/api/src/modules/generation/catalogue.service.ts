import type { AiModelRow, Db } from '@atelier/db';
import { AppError, GENERATION_TYPE_OF, LOCAL_DEFAULTS, type ModelRequirements, providerInfo, SPEC_DEFAULTS, unitsToCredits } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import type { Model } from './generation.schema';

/** The catalogue lives in Postgres (admins reprice and switch models); availability comes from config. */
export function toModel(env: Env, row: AiModelRow): Model {
  const provider = providerInfo(env, row.provider);
  const reason = !row.enabled ? 'Switched off by an administrator' : provider.reason;
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    type: row.type,
    category: row.category,
    description: row.description,
    requirements: row.requirements as unknown as ModelRequirements,
    pricing: (row.pricing as Model['pricing']).map((p) => ({ ...p, credits: unitsToCredits(row.credit_units), creditCost: row.credit_units })),
    credits: unitsToCredits(row.credit_units),
    isDefault: false,
    isLocal: row.is_local,
    available: reason === null,
    unavailableReason: reason,
  };
}

export async function listModels(deps: { db: Db; env: Env }): Promise<Model[]> {
  const rows = await deps.db.selectFrom('ai_models').selectAll().orderBy('sort').execute();
  const models = rows.map((r) => toModel(deps.env, r));
  // isDefault: the spec's hosted default when it is available, else the local engine (§7).
  for (const kind of ['image', 'text', 'video', 'audio'] as const) {
    const spec = models.find((m) => m.id === SPEC_DEFAULTS[kind]);
    const chosen = spec?.available ? spec : models.find((m) => m.id === LOCAL_DEFAULTS[kind] && m.available);
    if (chosen) chosen.isDefault = true;
  }
  return models;
}

export function defaultModelFor(models: Model[], type: 'image' | 'video' | 'audio' | 'text'): Model | undefined {
  return (
    models.find((m) => m.isDefault && GENERATION_TYPE_OF[m.type] === type) ?? models.find((m) => m.available && GENERATION_TYPE_OF[m.type] === type)
  );
}

/** Resolves `model` (`provider/model` or a bare name with `provider`) or the type's default. */
export async function resolveModel(
  deps: { db: Db; env: Env },
  type: 'image' | 'video' | 'audio' | 'text',
  model?: string,
  provider?: string,
): Promise<Model> {
  const models = await listModels(deps);
  let found: Model | undefined;
  if (model) {
    const id = model.includes('/') ? model : provider ? `${provider}/${model}` : model;
    found =
      models.find((m) => m.id === id) ?? models.find((m) => m.name.toLowerCase() === model.toLowerCase() && (!provider || m.provider === provider));
    if (!found) throw new AppError('VALIDATION', `Unknown model: ${model}`, { fields: [{ path: 'model', message: `Unknown model: ${model}` }] });
  } else {
    found = defaultModelFor(
      models.filter((m) => !provider || m.provider === provider),
      type,
    );
    if (!found)
      throw new AppError('VALIDATION', `No ${type} model is available`, { fields: [{ path: 'model', message: `No ${type} model is available` }] });
  }
  if (GENERATION_TYPE_OF[found.type] !== type) {
    throw new AppError('VALIDATION', `${found.name} makes ${GENERATION_TYPE_OF[found.type]}, not ${type}`, {
      fields: [{ path: 'type', message: `${found.name} makes ${GENERATION_TYPE_OF[found.type]}` }],
    });
  }
  if (!found.available) {
    throw new AppError('VALIDATION', `${found.name} is not available: ${found.unavailableReason}`, {
      fields: [{ path: 'model', message: found.unavailableReason ?? 'unavailable' }],
    });
  }
  return found;
}
