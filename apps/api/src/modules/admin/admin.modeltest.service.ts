import { AppError, GENERATION_TYPE_OF, unitsToCredits } from '@atelier/shared';
import type { Context } from '../../context';
import { listModels } from '../generation/catalogue.service';
import { generate } from '../generation/generation.service';
import { writeAudit } from './admin.audit';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;

/**
 * One prompt on several models side by side. Each run is a real generation through the normal
 * pipeline, marked as an admin test: the admin is not charged, its provider cost counts. The price
 * each model had at the time is kept beside it.
 */
export async function runModelTest(deps: Deps, admin: { id: string }, input: { prompt: string; modelIds: string[] }) {
  const models = await listModels(deps);
  const unknown = input.modelIds.filter((id) => !models.some((m) => m.id === id));
  if (unknown.length) {
    throw new AppError('VALIDATION', `Unknown model(s): ${unknown.join(', ')}`, {
      fields: [{ path: 'modelIds', message: `Unknown: ${unknown.join(', ')}` }],
    });
  }
  const test = await deps.db
    .insertInto('admin_model_tests')
    .values({ actor_id: admin.id, prompt: input.prompt })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const errors: { modelId: string; message: string }[] = [];
  let position = 0;
  for (const modelId of input.modelIds) {
    const model = models.find((m) => m.id === modelId);
    if (!model) continue;
    position += 1;
    try {
      const { generation } = await generate(
        { ...deps, user: { id: admin.id } },
        { prompt: input.prompt, type: GENERATION_TYPE_OF[model.type], model: model.id },
        { adminTest: true },
      );
      await deps.db
        .insertInto('admin_model_test_runs')
        .values({
          test_id: test.id,
          generation_id: generation.id,
          model_id: model.id,
          price_units: model.pricing[0]?.creditCost ?? Math.round(model.credits * 100),
          position,
        })
        .execute();
    } catch (e) {
      errors.push({ modelId, message: e instanceof AppError ? e.message : 'The run could not start' });
    }
  }
  await writeAudit(deps.db, {
    actorId: admin.id,
    action: 'model_test.run',
    targetType: 'model_test',
    targetId: test.id,
    before: null,
    after: { prompt: input.prompt, modelIds: input.modelIds, failedToStart: errors.map((e) => e.modelId) },
  });
  return { ...(await getModelTest(deps, test.id)), errors };
}

export async function getModelTest(deps: Deps, id: string) {
  const test = await deps.db
    .selectFrom('admin_model_tests as t')
    .leftJoin('users as u', 'u.id', 't.actor_id')
    .select(['t.id', 't.prompt', 't.created_at', 'u.email'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!test) throw new AppError('NOT_FOUND', 'Model test not found');
  const runs = await deps.db
    .selectFrom('admin_model_test_runs as r')
    .innerJoin('generations as g', 'g.id', 'r.generation_id')
    .leftJoin('ai_models as m', 'm.id', 'r.model_id')
    .select([
      'r.generation_id',
      'r.model_id',
      'r.price_units',
      'm.name',
      'g.provider',
      'g.type',
      'g.status',
      'g.progress',
      'g.output_url',
      'g.thumbnail_url',
      'g.output_text',
      'g.error',
      'g.latency_ms',
      'g.provider_cost_usd',
    ])
    .where('r.test_id', '=', id)
    .orderBy('r.position')
    .execute();
  return {
    id: test.id,
    prompt: test.prompt,
    createdAt: test.created_at.toISOString(),
    actorEmail: test.email ?? null,
    errors: [] as { modelId: string; message: string }[],
    runs: runs.map((r) => ({
      generationId: r.generation_id,
      modelId: r.model_id,
      modelName: r.name ?? r.model_id,
      provider: r.provider,
      type: r.type,
      status: r.status,
      progress: r.progress,
      outputUrl: deps.media.url(r.output_url),
      thumbnailUrl: deps.media.url(r.thumbnail_url),
      outputText: r.output_text,
      error: r.error,
      latencyMs: r.latency_ms,
      providerCostUsd: Number(r.provider_cost_usd),
      priceCredits: unitsToCredits(r.price_units),
    })),
  };
}

export async function listModelTests(deps: Deps, input: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('admin_model_tests')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    deps.db
      .selectFrom('admin_model_tests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const tests = await Promise.all(rows.map((r) => getModelTest(deps, r.id)));
  return { tests, total: Number(total.n) };
}
