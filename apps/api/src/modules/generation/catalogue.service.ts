import type { AiModelRow, Db } from '@atelier/db';
import { configuredCatalogue, listOllamaModels, type OllamaModel, ollamaModelId } from '@atelier/providers';
import {
  ACTION_ONLY_MODELS,
  AppError,
  creditsToUnits,
  GENERATION_TYPE_OF,
  LOCAL_DEFAULTS,
  type ModelRequirements,
  providerInfo,
  SPEC_DEFAULTS,
  unitsToCredits,
} from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import type { Model } from './generation.schema';

export const MODEL_SWITCHED_OFF = 'Switched off by an administrator';
export const PROVIDER_SWITCHED_OFF = 'Provider switched off by an administrator';

/** The catalogue lives in Postgres (admins reprice and switch models); availability comes from config. */
export function toModel(env: Env, row: AiModelRow, options: { providerSwitchedOff?: boolean } = {}): Model {
  const provider = providerInfo(env, row.provider);
  const unlisted =
    row.provider === 'openai-compatible' && !env.providers.openaiCompatible.models.includes(row.name)
      ? 'This model is no longer listed in OPENAI_COMPATIBLE_MODELS on this server'
      : null;
  const actionOnly = ACTION_ONLY_MODELS.has(row.id) ? 'Priced for a studio action (voice cloning), not a generation model' : null;
  const reason =
    provider.reason ?? unlisted ?? actionOnly ?? (options.providerSwitchedOff ? PROVIDER_SWITCHED_OFF : !row.enabled ? MODEL_SWITCHED_OFF : null);
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
    priceBasis: row.price_basis,
    available: reason === null,
    unavailableReason: reason,
  };
}

const configuredSynced = new WeakMap<Db, Promise<void>>();

/**
 * Upserts the catalogue rows that come from configuration — OpenAI-compatible models
 * (`openai-compatible/<name>`, 1 credit) — once per database handle, i.e. at api start on the
 * first catalogue read. Rows already there keep their admin-set price and switches.
 */
export function syncConfiguredModels(deps: { db: Db; env: Env }): Promise<void> {
  let done = configuredSynced.get(deps.db);
  if (!done) {
    const entries = configuredCatalogue(deps.env);
    done = (async () => {
      for (const [i, m] of entries.entries()) {
        await deps.db
          .insertInto('ai_models')
          .values({
            id: m.id,
            provider: m.provider,
            name: m.name,
            type: m.type,
            category: null,
            description: m.description,
            requirements: JSON.stringify(m.requirements),
            pricing: JSON.stringify([{ tier: 'standard', credits: m.credits, creditCost: creditsToUnits(m.credits), isDefault: true }]),
            credit_units: creditsToUnits(m.credits),
            provider_cost_usd: m.providerCostUsd,
            is_default: false,
            is_local: false,
            sort: 1000 + i,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
    })().catch((e: unknown) => {
      configuredSynced.delete(deps.db);
      throw e;
    });
    configuredSynced.set(deps.db, done);
  }
  return done;
}

/** Price of a model an Ollama server lists, until an admin sets one: 1 credit per 1,000 tokens. */
export const OLLAMA_DEFAULT_UNITS_PER_1K = creditsToUnits(1);
const OLLAMA_SYNC_EVERY_MS = 15_000;
const ollamaSynced = new WeakMap<Db, { at: number; run: Promise<OllamaSync> }>();

export interface OllamaSync {
  /** The names the server listed, or null when it could not be asked. */
  listed: string[] | null;
  error: string | null;
}

/**
 * Brings the catalogue in line with what the Ollama server has (`GET /api/tags`): a model it lists
 * for the first time becomes `ollama/<name>`, switched off and priced per 1,000 tokens until an
 * admin enables and prices it; one it no longer lists leaves the catalogue (retired), and comes
 * back with its settings if it is pulled again. Nothing changes when the server can't be asked.
 * At most every 15 s per database handle (the admin screens call it when they load).
 */
export function syncOllamaModels(deps: { db: Db; env: Env }, options: { force?: boolean } = {}): Promise<OllamaSync> {
  const url = deps.env.providers.ollama.url;
  if (!url) return Promise.resolve({ listed: null, error: null });
  const last = ollamaSynced.get(deps.db);
  if (last && !options.force && Date.now() - last.at < OLLAMA_SYNC_EVERY_MS) return last.run;
  const run = (async (): Promise<OllamaSync> => {
    let models: OllamaModel[];
    try {
      models = await listOllamaModels({ url }, AbortSignal.timeout(3000));
    } catch (e) {
      return { listed: null, error: (e as Error).message };
    }
    const usable = models.filter((m) => ollamaModelId(m.name).length <= 100);
    for (const [i, m] of usable.entries()) {
      const facts = [m.parameterSize, m.quantization, m.family].filter(Boolean).join(', ');
      await deps.db
        .insertInto('ai_models')
        .values({
          id: ollamaModelId(m.name),
          provider: 'ollama',
          name: m.name,
          type: 'TEXT',
          category: null,
          description: `${m.name} on your Ollama server${facts ? ` (${facts})` : ''}; charged per 1,000 tokens of prompt and reply.`,
          requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
          pricing: JSON.stringify([
            { tier: 'per-1k-tokens', credits: unitsToCredits(OLLAMA_DEFAULT_UNITS_PER_1K), creditCost: OLLAMA_DEFAULT_UNITS_PER_1K, isDefault: true },
          ]),
          credit_units: OLLAMA_DEFAULT_UNITS_PER_1K,
          provider_cost_usd: 0,
          is_default: false,
          is_local: false,
          enabled: false,
          price_basis: '1k-tokens',
          sort: 2000 + i,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ retired_at: null }).where('ai_models.retired_at', 'is not', null))
        .execute();
    }
    const listed = usable.map((m) => ollamaModelId(m.name));
    let retire = deps.db.updateTable('ai_models').set({ retired_at: new Date() }).where('provider', '=', 'ollama').where('retired_at', 'is', null);
    if (listed.length) retire = retire.where('id', 'not in', listed);
    await retire.execute();
    return { listed: usable.map((m) => m.name), error: null };
  })();
  ollamaSynced.set(deps.db, { at: Date.now(), run });
  return run;
}

/** The catalogue ids `isDefault` is decided among (besides the rows an admin chose): the spec's and the local defaults. */
const DEFAULT_CANDIDATES = [...new Set([...Object.values(SPEC_DEFAULTS), ...Object.values(LOCAL_DEFAULTS)])];

/**
 * The catalogue. `options.withId` narrows it to that model and the rows `isDefault` is decided
 * among (an admin's choices, the spec's and the local defaults), so one model resolved by its id
 * carries the same `isDefault` as in the whole list without reading every row.
 */
export async function listModels(deps: { db: Db; env: Env }, options: { withId?: string } = {}): Promise<Model[]> {
  await syncConfiguredModels(deps);
  let catalogue = deps.db.selectFrom('ai_models').selectAll().where('retired_at', 'is', null);
  const { withId } = options;
  if (withId !== undefined)
    catalogue = catalogue.where((eb) => eb.or([eb('id', 'in', [withId, ...DEFAULT_CANDIDATES]), eb('default_chosen_at', 'is not', null)]));
  const [rows, switchedOff] = await Promise.all([
    catalogue.orderBy('sort').orderBy('id').execute(),
    deps.db.selectFrom('provider_settings').select('provider').where('enabled', '=', false).execute(),
  ]);
  const offProviders = new Set(switchedOff.map((p) => p.provider));
  const models = rows.map((r) => toModel(deps.env, r, { providerSwitchedOff: offProviders.has(r.provider) }));
  // isDefault: the model an admin chose for the type when it is available; else the spec's hosted
  // default when it is available, else the local engine (§7).
  for (const kind of ['image', 'text', 'video', 'audio'] as const) {
    const adminChoice = rows.find((r) => r.default_chosen_at && GENERATION_TYPE_OF[r.type] === kind);
    const admin = adminChoice ? models.find((m) => m.id === adminChoice.id && m.available) : undefined;
    const spec = models.find((m) => m.id === SPEC_DEFAULTS[kind]);
    const chosen = admin ?? (spec?.available ? spec : models.find((m) => m.id === LOCAL_DEFAULTS[kind] && m.available));
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
  options: { allowSwitchedOff?: boolean } = {},
): Promise<Model> {
  let found: Model | undefined;
  if (model) {
    const id = model.includes('/') ? model : provider ? `${provider}/${model}` : model;
    // By its id (what clients send): that row and the defaults' only; by its name: the whole catalogue.
    if (id.includes('/')) found = (await listModels(deps, { withId: id })).find((m) => m.id === id);
    found ??= (await listModels(deps)).find((m) => m.name.toLowerCase() === model.toLowerCase() && (!provider || m.provider === provider));
    if (!found) throw new AppError('VALIDATION', `Unknown model: ${model}`, { fields: [{ path: 'model', message: `Unknown model: ${model}` }] });
  } else {
    const models = await listModels(deps);
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
  // Admin test runs may try a model an admin switched off (to decide whether to offer it).
  const switchedOffOnly = found.unavailableReason === MODEL_SWITCHED_OFF || found.unavailableReason === PROVIDER_SWITCHED_OFF;
  if (!found.available && !(options.allowSwitchedOff && switchedOffOnly)) {
    throw new AppError('VALIDATION', `${found.name} is not available: ${found.unavailableReason}`, {
      fields: [{ path: 'model', message: found.unavailableReason ?? 'unavailable' }],
    });
  }
  return found;
}
