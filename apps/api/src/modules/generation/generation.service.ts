import { randomInt, randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, currentApiKey, endGenerationWithRefund, type GenerationRow, generationView, spendKeyFor } from '@atelier/db';
import { announceRow } from '@atelier/jobs';
import { removeUnreferenced } from '@atelier/media';
import { OLLAMA_GENERATION_TOKENS } from '@atelier/providers';
import { AppError, estimateTokens, type FieldError, MESSAGES, type ModelInput, meteredUnits, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { followRow } from '../../lib/live';
import { projectFor } from '../projects/projects.access';
import { applyBrandKitToPrompt } from '../workspace/brand-kit.service';
import { listModels, resolveModel } from './catalogue.service';
import type { GenerateInput, Generation, GenerationExtras, Model } from './generation.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
const PLAIN_INPUTS: (keyof GenerationExtras & ModelInput)[] = [
  'duration',
  'seed',
  'negativePrompt',
  'image',
  'voiceId',
  'speed',
  'pitch',
  'language',
  'stability',
  'similarityBoost',
  'genre',
  'mood',
  'bpm',
  'key',
  'referenceAudio',
  'steps',
];

export function toGeneration(deps: Pick<Deps, 'media'>, row: GenerationRow): Generation {
  return generationView(row, (key, options) => deps.media.url(key, options));
}

/** Checks the inputs against the model's requirements; returns the parameters actually used. */
export function validateAgainstModel(
  model: Model,
  input: GenerationExtras,
  userId: string,
  trustedMedia: readonly string[] = [],
): { params: Record<string, unknown>; seed: number | null } {
  const req = model.requirements;
  const accepted = new Set<string>([...req.requiredInputs, ...req.optionalInputs]);
  const fields: FieldError[] = [];
  const params: Record<string, unknown> = {};

  for (const key of ['aspectRatio', 'resolution'] as const) {
    const list = key === 'aspectRatio' ? req.aspectRatios : req.resolutions;
    const value = input[key];
    if (value !== undefined) {
      if (!list?.length) fields.push({ path: key, message: `${model.name} does not take ${key}` });
      else if (!list.includes(value)) fields.push({ path: key, message: `${model.name} supports ${key} ${list.join(', ')}` });
      else params[key] = value;
    } else if (list?.length) {
      params[key] =
        key === 'aspectRatio' ? (model.type === 'IMAGE' && list.includes('1:1') ? '1:1' : list[0]) : list.includes('720p') ? '720p' : list[0];
    }
  }
  for (const key of PLAIN_INPUTS) {
    const value = input[key];
    if (value === undefined) continue;
    if (!accepted.has(key)) fields.push({ path: key, message: `${model.name} does not take ${key}` });
    else params[key] = value;
  }
  for (const key of req.requiredInputs) {
    if (key !== 'prompt' && params[key] === undefined) fields.push({ path: key, message: `${model.name} requires ${key}` });
  }
  if (typeof params.duration === 'number' && req.maxDurationSeconds && params.duration > req.maxDurationSeconds) {
    fields.push({ path: 'duration', message: `${model.name} makes at most ${req.maxDurationSeconds} seconds` });
  }
  for (const key of ['image', 'referenceAudio'] as const) {
    const v = params[key];
    // '..' (or a backslash, a NUL) would climb out of the caller's own folder: refuse it here, not in the worker.
    if (typeof v === 'string' && /\.\.|\\|\0/.test(v)) {
      fields.push({ path: key, message: `${key} must be one of your uploads or generations` });
      continue;
    }
    if (typeof v === 'string' && !(v.startsWith(`uploads/${userId}/`) || v.startsWith(`generations/${userId}/`) || trustedMedia.includes(v))) {
      fields.push({ path: key, message: `${key} must be one of your uploads or generations` });
    }
  }
  if (fields.length) throw new AppError('VALIDATION', fields.map((f) => f.message).join('; '), { fields });
  let seed: number | null = null;
  if (accepted.has('seed') || model.isLocal) {
    seed = typeof params.seed === 'number' ? params.seed : randomInt(0, 2_147_483_647);
    params.seed = seed;
  }
  return { params, seed };
}

async function balance(deps: Deps, userId: string): Promise<number> {
  const row = await deps.db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow();
  return unitsToCredits(row.credit_units);
}

async function findByIdempotencyKey(deps: Deps, userId: string, key: string) {
  return deps.db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export interface GenerateOptions {
  effectivePrompt?: string;
  /**
   * An admin's model test run (admin console): marked is_admin_test, never charged (credit units
   * charged 0, no ledger row) but its provider cost counts; may run a model an admin switched off.
   */
  adminTest?: boolean;
  /**
   * Media keys the caller has already authorised for this user (e.g. the image of a clip in a
   * project the user may edit, uploaded by another member).
   */
  trustedMedia?: readonly string[];
  /**
   * Engine settings outside the shared input vocabulary that a studio procedure validated itself
   * (style transfer's style and strength, the avatar a take belongs to); stored with the params.
   */
  params?: Record<string, unknown>;
}

export async function generate(ctx: UserCtx, input: GenerateInput, options: GenerateOptions = {}) {
  const header = ctx.req?.headers['idempotency-key'];
  const idempotencyKey = (typeof header === 'string' && header.trim() ? header.trim().slice(0, 100) : undefined) ?? input.idempotencyKey;
  if (idempotencyKey) {
    const prior = await findByIdempotencyKey(ctx, ctx.user.id, idempotencyKey);
    if (prior && Date.now() - new Date(prior.created_at).getTime() < IDEMPOTENCY_WINDOW_MS) {
      return { generation: toGeneration(ctx, prior), creditsBalance: await balance(ctx, ctx.user.id), replayed: true };
    }
    if (prior) await ctx.db.updateTable('generations').set({ idempotency_key: null }).where('id', '=', prior.id).execute();
  }

  const model = await resolveModel(ctx, input.type, input.model, input.provider, { allowSwitchedOff: options.adminTest === true });
  const { params, seed } = validateAgainstModel(model, input, ctx.user.id, options.trustedMedia);
  if (options.params) Object.assign(params, options.params);
  if (input.projectId) {
    // Owner or editor (viewers get 403); the generation is charged to the acting user.
    await projectFor(ctx.db, ctx.user.id, input.projectId, { need: 'write' }).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'NOT_FOUND') {
        throw new AppError('NOT_FOUND', MESSAGES.projectNotFound, { fields: [{ path: 'projectId', message: MESSAGES.projectNotFound }] });
      }
      throw e;
    });
  }
  const id = randomUUID();
  const effectivePrompt = input.applyBrandKit
    ? await applyBrandKitToPrompt(ctx.db, ctx.user.id, options.effectivePrompt ?? input.prompt)
    : options.effectivePrompt;
  const listPrice = model.pricing[0]?.creditCost ?? Math.round(model.credits * 100);
  // A model priced per 1,000 tokens is charged a hold for the most it can use; the worker settles it to what it used.
  const meter =
    model.priceBasis === '1k-tokens'
      ? { unitsPer1k: listPrice, holdUnits: meteredUnits(listPrice, estimateTokens(effectivePrompt ?? input.prompt) + OLLAMA_GENERATION_TOKENS) }
      : null;
  const price = options.adminTest ? 0 : (meter?.holdUnits ?? listPrice);
  // Started with an API key: the receipt names it (metadata.apiKey), the column lets it be queried.
  const apiKey = currentApiKey();
  const metadata = {
    ...(meter ? { meter: { ...meter, holdUnits: price } } : {}),
    ...(apiKey ? { apiKey: { id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix } } : {}),
  };

  let row: GenerationRow;
  let creditsBalance: number;
  try {
    ({ row, creditsBalance } = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('generations')
        .values({
          id,
          user_id: ctx.user.id,
          project_id: input.projectId ?? null,
          type: input.type,
          prompt: input.prompt,
          effective_prompt: effectivePrompt ?? null,
          model_id: model.id,
          provider: model.provider,
          model_version: model.id,
          params: JSON.stringify(params),
          ...(Object.keys(metadata).length ? { metadata: JSON.stringify(metadata) } : {}),
          api_key_id: apiKey?.id ?? null,
          seed,
          credit_units_charged: price,
          idempotency_key: idempotencyKey ?? null,
          is_admin_test: options.adminTest === true,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const spend =
        price > 0
          ? await applyCreditChangeInTransaction(trx, {
              userId: ctx.user.id,
              kind: 'spend',
              amountUnits: -price,
              idempotencyKey: spendKeyFor(id),
              referenceType: 'generation',
              referenceId: id,
              note: `${model.name}: ${input.prompt.slice(0, 80)}`,
            })
          : null;
      const free = spend ? null : await trx.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
      return { row: inserted, creditsBalance: spend?.creditsBalance ?? unitsToCredits(free?.credit_units ?? 0) };
    }));
  } catch (e) {
    // A double-clicked Generate with the same key: the loser's transaction rolled back (no charge).
    if ((e as { code?: string }).code === '23505' && idempotencyKey) {
      const prior = await findByIdempotencyKey(ctx, ctx.user.id, idempotencyKey);
      if (prior) return { generation: toGeneration(ctx, prior), creditsBalance: await balance(ctx, ctx.user.id), replayed: true };
    }
    throw e;
  }

  try {
    await ctx.queues.enqueue(input.type, { generationId: id }, { jobId: id });
  } catch (e) {
    ctx.log.error({ err: String(e), generationId: id }, 'enqueue failed; refunding');
    announceRow(
      ctx.events,
      'generation',
      (await endGenerationWithRefund(ctx.db, id, 'FAILED', 'The job queue was unavailable; your credits were refunded')).state,
    );
    throw new AppError('UNAVAILABLE', 'The job queue is unavailable right now. You have not been charged; please try again shortly.');
  }
  return { generation: toGeneration(ctx, row), creditsBalance, replayed: false };
}

export async function getOwned(deps: Deps, viewerId: string, id: string): Promise<GenerationRow> {
  const row = await deps.db.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', viewerId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Generation not found');
  return row;
}

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/** `generation.onStatus`: the viewer's generation, then every status and progress change until it ends (lib/live.ts). */
export const followStatus = (deps: Deps & Pick<Context, 'live'>, viewerId: string, id: string, signal?: AbortSignal) =>
  followRow(deps, {
    topic: 'generation',
    key: id,
    load: () => getOwned(deps, viewerId, id),
    present: (r) => toGeneration(deps, r),
    terminal: TERMINAL,
    signal,
  });

export async function cancel(ctx: UserCtx, id: string) {
  const row = await getOwned(ctx, ctx.user.id, id);
  if (row.status !== 'PENDING' && row.status !== 'PROCESSING') {
    throw new AppError('CONFLICT', `This generation is already ${row.status.toLowerCase()}`);
  }
  const ended = await endGenerationWithRefund(ctx.db, id, 'CANCELLED', 'Cancelled by you');
  announceRow(ctx.events, 'generation', ended.state);
  // Not started yet: it never will. Running: the worker sees the row CANCELLED and stops.
  await ctx.queues.cancel(row.type, id).catch(() => false);
  const fresh = await getOwned(ctx, ctx.user.id, id);
  return { generation: toGeneration(ctx, fresh), creditsBalance: ended.creditsBalance ?? (await balance(ctx, ctx.user.id)) };
}

export async function remove(ctx: UserCtx, id: string) {
  const row = await getOwned(ctx, ctx.user.id, id);
  if (row.status === 'PENDING' || row.status === 'PROCESSING') throw new AppError('CONFLICT', 'Cancel the generation before deleting it');
  await ctx.db.deleteFrom('generations').where('id', '=', id).where('user_id', '=', ctx.user.id).execute();
  // Projects, editors and articles may still show this output: keep files anything refers to.
  // A store that is down now leaves the files to the orphan sweep.
  await removeUnreferenced(ctx, [row.output_url, row.thumbnail_url]).catch((e: unknown) =>
    ctx.log.warn({ err: String(e), generationId: id }, 'media removal deferred to the orphan sweep'),
  );
  return { success: true as const, id };
}

export async function rerun(ctx: UserCtx, id: string) {
  const row = await getOwned(ctx, ctx.user.id, id);
  const extras = row.params as GenerationExtras;
  return generate(
    { ...ctx, req: undefined },
    {
      ...extras,
      ...(row.seed !== null ? { seed: row.seed } : {}),
      prompt: row.prompt,
      type: row.type,
      model: row.model_id,
      ...(row.project_id ? { projectId: row.project_id } : {}),
    },
    row.effective_prompt ? { effectivePrompt: row.effective_prompt } : {},
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function history(
  deps: Deps,
  viewerId: string,
  input: { limit: number; offset: number; type?: string | undefined; status?: string | undefined; search?: string | undefined },
) {
  let q = deps.db.selectFrom('generations').where('user_id', '=', viewerId).where('is_admin_test', '=', false);
  if (input.type) q = q.where('type', '=', input.type as GenerationRow['type']);
  if (input.status) q = q.where('status', '=', input.status as GenerationRow['status']);
  if (input.search) q = q.where(sql<boolean>`prompt ILIKE ${`%${escapeLike(input.search)}%`}`);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { generations: rows.map((r) => toGeneration(deps, r)), total: Number(total.n), limit: input.limit, offset: input.offset };
}

export async function compare(deps: Deps, modelIds: string[]) {
  const models = await listModels(deps);
  const unknown = modelIds.filter((id) => !models.some((m) => m.id === id));
  if (unknown.length)
    throw new AppError('VALIDATION', `Unknown model(s): ${unknown.join(', ')}`, {
      fields: [{ path: 'modelIds', message: `Unknown: ${unknown.join(', ')}` }],
    });
  const stats = await deps.db
    .selectFrom('generations')
    .select((eb) => [
      'model_id',
      eb.fn.countAll<string>().as('runs'),
      sql<string>`count(*) filter (where status = 'COMPLETED')`.as('ok'),
      sql<string>`count(*) filter (where status = 'FAILED')`.as('failed'),
      sql<string | null>`avg(latency_ms) filter (where status = 'COMPLETED')`.as('avg_latency'),
    ])
    .where('model_id', 'in', modelIds)
    .groupBy('model_id')
    .execute();
  return {
    models: modelIds.map((id) => {
      const m = models.find((x) => x.id === id) as Model;
      const s = stats.find((x) => x.model_id === id);
      const ok = Number(s?.ok ?? 0);
      const failed = Number(s?.failed ?? 0);
      return {
        ...m,
        stats: {
          runs: Number(s?.runs ?? 0),
          successRate: ok + failed > 0 ? ok / (ok + failed) : null,
          avgLatencyMs: s?.avg_latency != null ? Math.round(Number(s.avg_latency)) : null,
        },
      };
    }),
  };
}
