import { Readable } from 'node:stream';
import { type Db, loadComfyWorkflow } from '@atelier/db';
import { comfyUIHealth, createProviders, ollamaTestRun, ollamaVersion } from '@atelier/providers';
import {
  ALL_PROVIDERS,
  AppError,
  type ComfyGraph,
  GENERATION_TYPE_OF,
  GENERATION_TYPES,
  INSTALLED_ADAPTERS,
  PROVIDERS_WITHOUT_PUBLIC_API,
  providerInfo,
} from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import { sql } from 'kysely';
import { listModels, syncOllamaModels } from '../generation/catalogue.service';
import { writeAudit } from './admin.audit';

type Deps = { db: Db; env: Env };
interface Admin {
  id: string;
}

async function switchedOffProviders(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('provider_settings').select('provider').where('enabled', '=', false).execute();
  return new Set(rows.map((r) => r.provider));
}

/** Providers (configured or not — never the key), models with their switches, and the default per output type. */
export async function aiControl(deps: Deps) {
  // Models an Ollama server lists appear here to be switched on and priced (nothing happens without OLLAMA_URL).
  await syncOllamaModels(deps);
  const [models, rows, off] = await Promise.all([
    listModels(deps),
    deps.db.selectFrom('ai_models').select(['id', 'enabled', 'default_chosen_at']).execute(),
    switchedOffProviders(deps.db),
  ]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const providers = ALL_PROVIDERS.map((id) => {
    const info = providerInfo(deps.env, id);
    const own = models.filter((m) => m.provider === id);
    const enabled = !off.has(id);
    return {
      id,
      name: info.name,
      local: info.local,
      configured: info.configured,
      envVar: info.envVar,
      enabled,
      available: info.reason === null && enabled,
      reason: info.reason ?? (enabled ? null : 'Switched off by an administrator'),
      modelCount: own.length,
      enabledModelCount: own.filter((m) => rowOf.get(m.id)?.enabled).length,
    };
  });
  const adminModels = models.map((m) => ({
    id: m.id,
    name: m.name,
    provider: m.provider,
    type: m.type,
    outputType: GENERATION_TYPE_OF[m.type],
    category: m.category,
    enabled: rowOf.get(m.id)?.enabled ?? true,
    available: m.available,
    unavailableReason: m.unavailableReason,
    isDefault: m.isDefault,
    defaultChosen: Boolean(rowOf.get(m.id)?.default_chosen_at),
    isLocal: m.isLocal,
    credits: m.credits,
    priceBasis: m.priceBasis,
  }));
  const defaults = GENERATION_TYPES.map((outputType) => {
    const def = adminModels.find((m) => m.outputType === outputType && m.isDefault);
    const chosen = adminModels.find((m) => m.outputType === outputType && m.defaultChosen);
    return { outputType, modelId: def?.id ?? null, chosenByAdmin: Boolean(chosen && def && chosen.id === def.id) };
  });
  return { providers, models: adminModels, defaults };
}

function assertProvider(provider: string) {
  if (!ALL_PROVIDERS.includes(provider)) {
    throw new AppError('NOT_FOUND', `Unknown provider: ${provider}`, { fields: [{ path: 'provider', message: `Unknown provider: ${provider}` }] });
  }
}

export async function setProviderEnabled(deps: Deps, admin: Admin, input: { provider: string; enabled: boolean }) {
  assertProvider(input.provider);
  await deps.db.transaction().execute(async (trx) => {
    const prior = await trx.selectFrom('provider_settings').select('enabled').where('provider', '=', input.provider).executeTakeFirst();
    const before = prior?.enabled ?? true;
    await trx
      .insertInto('provider_settings')
      .values({ provider: input.provider, enabled: input.enabled, updated_by: admin.id, updated_at: new Date() })
      .onConflict((oc) => oc.column('provider').doUpdateSet({ enabled: input.enabled, updated_by: admin.id, updated_at: new Date() }))
      .execute();
    if (before !== input.enabled) {
      await writeAudit(trx, {
        actorId: admin.id,
        action: input.enabled ? 'provider.enabled' : 'provider.disabled',
        targetType: 'provider',
        targetId: input.provider,
        before: { enabled: before },
        after: { enabled: input.enabled },
      });
    }
  });
  return aiControl(deps);
}

async function findModel(db: Db, id: string) {
  const row = await db
    .selectFrom('ai_models')
    .select(['id', 'type', 'enabled', 'default_chosen_at', 'is_default'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `Unknown model: ${id}`, { fields: [{ path: 'modelId', message: `Unknown model: ${id}` }] });
  return row;
}

export async function setModelEnabled(deps: Deps, admin: Admin, input: { modelId: string; enabled: boolean }) {
  const model = await findModel(deps.db, input.modelId);
  if (model.enabled !== input.enabled) {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('ai_models').set({ enabled: input.enabled }).where('id', '=', input.modelId).execute();
      await writeAudit(trx, {
        actorId: admin.id,
        action: input.enabled ? 'model.enabled' : 'model.disabled',
        targetType: 'model',
        targetId: input.modelId,
        before: { enabled: model.enabled },
        after: { enabled: input.enabled },
      });
    });
  }
  return aiControl(deps);
}

/**
 * Chooses the default model of an output type (ai_models.is_default, and default_chosen_at marks
 * the admin's choice); null goes back to the automatic default. The catalogue honours the choice
 * while the model is available.
 */
export async function setDefaultModel(deps: Deps, admin: Admin, input: { outputType: (typeof GENERATION_TYPES)[number]; modelId: string | null }) {
  const types = Object.entries(GENERATION_TYPE_OF)
    .filter(([, out]) => out === input.outputType)
    .map(([t]) => t as 'IMAGE' | 'VIDEO' | 'AUDIO' | 'TEXT');
  if (input.modelId) {
    const model = await findModel(deps.db, input.modelId);
    if (GENERATION_TYPE_OF[model.type] !== input.outputType) {
      throw new AppError('VALIDATION', `${input.modelId} makes ${GENERATION_TYPE_OF[model.type]}, not ${input.outputType}`, {
        fields: [{ path: 'modelId', message: `This model makes ${GENERATION_TYPE_OF[model.type]}` }],
      });
    }
    const usable = (await listModels(deps)).find((m) => m.id === input.modelId);
    if (!usable?.available) {
      throw new AppError('VALIDATION', `${input.modelId} is not available: ${usable?.unavailableReason ?? 'unknown'}`, {
        fields: [{ path: 'modelId', message: usable?.unavailableReason ?? 'unavailable' }],
      });
    }
  }
  const before = (await aiControl(deps)).defaults.find((d) => d.outputType === input.outputType);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ai_models')
      .set((eb) => ({
        default_chosen_at: input.modelId ? sql<Date | null>`CASE WHEN id = ${input.modelId} THEN now() ELSE NULL END` : null,
        is_default: input.modelId ? sql<boolean>`id = ${input.modelId}` : eb.ref('is_default'),
      }))
      .where('type', 'in', types)
      .execute();
    await writeAudit(trx, {
      actorId: admin.id,
      action: input.modelId ? 'default_model.chosen' : 'default_model.reset',
      targetType: 'default_model',
      targetId: input.outputType,
      before: { modelId: before?.modelId ?? null, chosenByAdmin: before?.chosenByAdmin ?? false },
      after: { modelId: input.modelId, chosenByAdmin: input.modelId !== null },
    });
  });
  return aiControl(deps);
}

interface Check {
  name: string;
  ok: boolean;
  latencyMs: number;
  detail: string;
}

async function timed(name: string, fn: () => Promise<string>, timeoutMs = 15_000): Promise<Check> {
  const t0 = performance.now();
  try {
    const detail = await Promise.race([
      fn(),
      new Promise<string>((_, reject) => {
        setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs).unref();
      }),
    ]);
    return { name, ok: true, latencyMs: Math.round(performance.now() - t0), detail };
  } catch (e) {
    return { name, ok: false, latencyMs: Math.round(performance.now() - t0), detail: (e as Error).message.slice(0, 300) };
  }
}

/**
 * Health check of one provider. Local: a tiny call to each local engine family (text, image,
 * speech). Hosted: reported honestly — configured or not, and whether its adapter is installed in
 * this build; no call is made with a key we can't use.
 */
export async function providerHealth(deps: Deps, provider: string) {
  assertProvider(provider);
  const checkedAt = new Date().toISOString();
  const info = providerInfo(deps.env, provider);
  let result: { status: 'ok' | 'failed' | 'configured' | 'unconfigured' | 'not-installed' | 'no-api'; message: string; checks: Check[] };
  if (provider === 'local') {
    const ai = await import('@atelier/ai');
    const checks = [
      await timed('Text drafter', async () => {
        const r = await ai.draftText({ prompt: 'health check', kind: 'general', maxWords: 20 });
        if (!r.text.trim()) throw new Error('empty text');
        return `${r.text.split(/\s+/).length} words`;
      }),
      await timed('Image renderer', async () => {
        const r = await ai.renderImage({ prompt: 'health check, blue sky', aspectRatio: '1:1', resolution: '480p', seed: 1 });
        return `${r.width}×${r.height} ${r.mime}, ${Math.round(r.data.length / 1024)} KB`;
      }),
      await timed('Speech (espeak-ng)', async () => {
        const r = await ai.synthesizeSpeech({ text: 'OK', format: 'wav' });
        return `${r.durationSeconds.toFixed(2)} s of audio`;
      }),
    ];
    const failed = checks.filter((c) => !c.ok);
    result = {
      status: failed.length ? 'failed' : 'ok',
      message: failed.length ? `${failed.map((c) => c.name).join(', ')} failed` : 'Every local engine answered',
      checks,
    };
  } else if (PROVIDERS_WITHOUT_PUBLIC_API[provider]) {
    result = { status: 'no-api', message: PROVIDERS_WITHOUT_PUBLIC_API[provider] ?? 'No public API', checks: [] };
  } else if (!info.configured) {
    result = { status: 'unconfigured', message: info.reason ?? `${info.name} is not configured`, checks: [] };
  } else if (provider === 'comfyui') {
    result = await comfyHealth(deps);
  } else if (provider === 'ollama') {
    result = await ollamaHealth(deps);
  } else if (!INSTALLED_ADAPTERS.has(provider)) {
    result = {
      status: 'not-installed',
      message: `${info.name} has a key configured, but its adapter is not installed in this build, so it was not called`,
      checks: [],
    };
  } else {
    // A real call would spend money on the operator's account: report what we know, honestly.
    result = { status: 'configured', message: `${info.name} has a key configured and its adapter is installed; no paid call was made`, checks: [] };
  }
  return { provider, checkedAt, ...result };
}

/**
 * ComfyUI (issue 25): every box answers (`/system_stats`: its GPU and VRAM; its queue), and has the
 * node classes of every stored workflow (`/object_info`); then a short real run of the first enabled
 * workflow that needs no input image (small, few steps when those are mapped), timed end to end. Its
 * output is not kept; the Model Test screen runs workflows through the whole pipeline.
 */
async function comfyHealth(deps: Deps) {
  const rows = await deps.db
    .selectFrom('comfy_workflows as w')
    .innerJoin('ai_models as m', 'm.id', 'w.model_id')
    .select(['w.slug', 'w.model_id', 'w.workflow', 'w.inputs', 'm.enabled'])
    .orderBy('w.created_at')
    .execute();
  const checks = await comfyUIHealth(
    deps.env.providers.comfyui,
    rows.map((r) => ({ slug: r.slug, enabled: r.enabled, classTypes: Object.values(r.workflow as unknown as ComfyGraph).map((n) => n.class_type) })),
  );
  const boxes = checks.filter((c) => c.name.startsWith('Box '));
  const up = boxes.filter((c) => c.ok).length;
  const sample = rows.find((r) => r.enabled && !(r.inputs as Record<string, string>).image);
  if (up > 0 && sample) {
    checks.push(
      await timed(
        `Test run (${sample.slug})`,
        async () => {
          const engine = createProviders(deps.env, { comfyWorkflows: (id) => loadComfyWorkflow(deps.db, id) }).engines['comfyui/*'];
          if (!engine) throw new Error('ComfyUI is not configured');
          const out = await engine({
            modelId: sample.model_id,
            prompt: 'health check: a small test picture',
            params: { aspectRatio: '1:1', resolution: '480p', steps: 4, duration: 1 },
            seed: 1,
            storage: { read: () => Readable.from([]) },
            signal: AbortSignal.timeout(HEALTH_RUN_MS - 5000),
            onProgress: () => {},
          });
          const size = out.metadata.width && out.metadata.height ? ` ${out.metadata.width}×${out.metadata.height}` : '';
          return `${out.file?.mime ?? 'a file'}${size} from ${String(out.metadata.box)}`;
        },
        HEALTH_RUN_MS,
      ),
    );
  }
  const failed = checks.filter((c) => !c.ok);
  return {
    status: failed.length ? ('failed' as const) : ('ok' as const),
    message: `${up} of ${boxes.length} ${boxes.length === 1 ? 'box answers' : 'boxes answer'} · ${rows.length} ${rows.length === 1 ? 'workflow' : 'workflows'}`,
    checks,
  };
}

/** How long a health check's test run may take (a GPU box may be busy with other work first). */
const HEALTH_RUN_MS = 180_000;

/** Ollama (issue 25): the server answers, the models it lists, and a short test run of one of them with its latency and token counts. */
async function ollamaHealth(deps: Deps) {
  const url = deps.env.providers.ollama.url as string;
  let listed: string[] = [];
  const checks = [
    await timed('Server', async () => `Ollama ${await ollamaVersion({ url }, AbortSignal.timeout(10_000))} at ${new URL(url).host}`),
    await timed('Models found', async () => {
      const sync = await syncOllamaModels(deps, { force: true });
      if (sync.error) throw new Error(sync.error);
      listed = sync.listed ?? [];
      if (!listed.length) throw new Error('the server has no models (ollama pull <name>)');
      return `${listed.length}: ${listed.slice(0, 6).join(', ')}${listed.length > 6 ? ', …' : ''}`;
    }),
  ];
  if (listed.length) {
    const enabled = await deps.db
      .selectFrom('ai_models')
      .select('name')
      .where('provider', '=', 'ollama')
      .where('enabled', '=', true)
      .where('retired_at', 'is', null)
      .orderBy('sort')
      .executeTakeFirst();
    const model = enabled?.name ?? (listed[0] as string);
    checks.push(
      await timed(
        `Test run (${model})`,
        async () => {
          const r = await ollamaTestRun({ url }, model, AbortSignal.timeout(60_000));
          return `“${r.text.slice(0, 40)}” · ${r.tokensIn} prompt + ${r.tokensOut} reply tokens`;
        },
        60_000,
      ),
    );
  }
  const failed = checks.filter((c) => !c.ok);
  return {
    status: failed.length ? ('failed' as const) : ('ok' as const),
    message: failed.length
      ? `${failed.map((c) => c.name).join(', ')} failed`
      : `Ollama answers with ${listed.length} ${listed.length === 1 ? 'model' : 'models'}`,
    checks,
  };
}
