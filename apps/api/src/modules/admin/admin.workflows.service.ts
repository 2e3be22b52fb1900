import type { ComfyWorkflowRow, Database, Db } from '@atelier/db';
import {
  AppError,
  type ComfyGraph,
  checkWorkflowGraph,
  checkWorkflowMapping,
  creditsToUnits,
  describeGraph,
  type FieldError,
  unitsToCredits,
  type WorkflowOutputType,
  workflowModelId,
  workflowRequirements,
} from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { listModels } from '../generation/catalogue.service';
import { writeAudit } from './admin.audit';
import type { ZCreateWorkflowInput, ZUpdateWorkflowInput } from './admin.schema';

/**
 * Admin → AI Control → Workflows (issue 25): ComfyUI workflows in API format, each served as the
 * model `comfyui/<slug>` — in the catalogue like any other model, with its price and switch in
 * `ai_models`. Every mapping is checked against the workflow (an unknown node or input is a 400
 * naming the field); every change is audited and bumps the workflow's revision, which each
 * generation records.
 */

type Deps = { db: Db; env: Env };
type CreateInput = z.infer<typeof ZCreateWorkflowInput>;
type UpdateInput = z.infer<typeof ZUpdateWorkflowInput>;

/** Largest workflow accepted (its JSON), generous for real graphs. */
export const MAX_WORKFLOW_BYTES = 1024 * 1024;
const MODEL_TYPE: Record<WorkflowOutputType, 'IMAGE' | 'VIDEO' | 'AUDIO'> = { image: 'IMAGE', video: 'VIDEO', audio: 'AUDIO' };

function invalid(fields: FieldError[]): never {
  throw new AppError('VALIDATION', fields.map((f) => f.message).join('; '), { fields });
}

/** The graph and mapping checked together; returns the graph typed. */
function checked(workflow: Record<string, unknown>, inputs: Record<string, string | undefined>, outputNode: string): ComfyGraph {
  if (Buffer.byteLength(JSON.stringify(workflow)) > MAX_WORKFLOW_BYTES) {
    invalid([{ path: 'workflow', message: `The workflow is larger than ${MAX_WORKFLOW_BYTES / 1024} KB` }]);
  }
  const graphErrors = checkWorkflowGraph(workflow);
  if (graphErrors.length) invalid(graphErrors);
  const graph = workflow as unknown as ComfyGraph;
  const mappingErrors = checkWorkflowMapping(graph, inputs, outputNode);
  if (mappingErrors.length) invalid(mappingErrors);
  return graph;
}

function framesCheck(outputType: WorkflowOutputType, inputs: Record<string, string | undefined>, fps: number | null | undefined) {
  if (outputType === 'image' && inputs.frames) invalid([{ path: 'inputs.frames', message: 'An image workflow has no length to map' }]);
  if (fps && !inputs.frames) invalid([{ path: 'framesPerSecond', message: 'framesPerSecond needs a frames input to apply to' }]);
}

const defaultDescription = (graph: ComfyGraph, outputType: WorkflowOutputType) => {
  const classes = [...new Set(Object.values(graph).map((n) => n.class_type))];
  return `A ComfyUI ${outputType} workflow on your own GPU (${classes.slice(0, 4).join(', ')}${classes.length > 4 ? ', …' : ''}).`;
};

/** Upserts the workflow's catalogue row (a re-created slug gets its old row back, un-retired). */
async function writeModelRow(
  trx: Transaction<Database>,
  w: {
    slug: string;
    name: string;
    description: string;
    outputType: WorkflowOutputType;
    inputs: Record<string, string | undefined>;
    units: number;
    enabled: boolean;
  },
) {
  const values = {
    provider: 'comfyui',
    name: w.name,
    type: MODEL_TYPE[w.outputType],
    category: null,
    description: w.description,
    requirements: JSON.stringify(workflowRequirements(w.inputs, w.outputType)),
    pricing: JSON.stringify([{ tier: 'standard', credits: unitsToCredits(w.units), creditCost: w.units, isDefault: true }]),
    credit_units: w.units,
    provider_cost_usd: 0,
    enabled: w.enabled,
    is_local: false,
    price_basis: 'generation' as const,
    retired_at: null,
  };
  await trx
    .insertInto('ai_models')
    .values({ id: workflowModelId(w.slug), ...values, is_default: false, sort: 3000 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, default_chosen_at: null }))
    .execute();
}

async function present(deps: Deps, rows: ComfyWorkflowRow[]) {
  if (!rows.length) return [];
  const [models, catalogue, runs] = await Promise.all([
    deps.db
      .selectFrom('ai_models')
      .select(['id', 'credit_units', 'enabled', 'description'])
      .where(
        'id',
        'in',
        rows.map((r) => r.model_id),
      )
      .execute(),
    listModels(deps),
    deps.db
      .selectFrom('generations')
      .select(['model_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where(
        'model_id',
        'in',
        rows.map((r) => r.model_id),
      )
      .groupBy('model_id')
      .execute(),
  ]);
  return rows.map((r) => {
    const row = models.find((m) => m.id === r.model_id);
    const model = catalogue.find((m) => m.id === r.model_id);
    const graph = r.workflow as unknown as ComfyGraph;
    return {
      id: r.id,
      slug: r.slug,
      modelId: r.model_id,
      name: r.name,
      description: row?.description ?? '',
      outputType: r.output_type,
      workflow: r.workflow,
      inputs: r.inputs,
      outputNode: r.output_node,
      framesPerSecond: r.frames_per_second,
      priceCredits: unitsToCredits(row?.credit_units ?? 0),
      enabled: row?.enabled ?? false,
      available: model?.available ?? false,
      unavailableReason: model?.unavailableReason ?? null,
      revision: r.revision,
      nodes: describeGraph(graph),
      runs: Number(runs.find((x) => x.model_id === r.model_id)?.n ?? 0),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

export async function listWorkflows(deps: Deps) {
  const rows = await deps.db.selectFrom('comfy_workflows').selectAll().orderBy('created_at').orderBy('id').execute();
  return {
    workflows: await present(deps, rows),
    configured: deps.env.providers.comfyui.urls.length > 0,
    boxes: deps.env.providers.comfyui.urls.length,
  };
}

async function getRow(db: Db, id: string): Promise<ComfyWorkflowRow> {
  const row = await db.selectFrom('comfy_workflows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Workflow not found');
  return row;
}

async function presentOne(deps: Deps, id: string) {
  const [one] = await present(deps, [await getRow(deps.db, id)]);
  if (!one) throw new AppError('NOT_FOUND', 'Workflow not found');
  return one;
}

const summary = (w: {
  name: string;
  outputType: string;
  inputs: unknown;
  outputNode: string;
  priceCredits: number;
  enabled: boolean;
  revision?: number;
}) => ({
  name: w.name,
  outputType: w.outputType,
  inputs: w.inputs,
  outputNode: w.outputNode,
  priceCredits: w.priceCredits,
  enabled: w.enabled,
  ...(w.revision !== undefined ? { revision: w.revision } : {}),
});

export async function createWorkflow(deps: Deps, admin: { id: string }, input: CreateInput) {
  const graph = checked(input.workflow, input.inputs, input.outputNode);
  framesCheck(input.outputType, input.inputs, input.framesPerSecond);
  const units = creditsToUnits(input.priceCredits);
  const enabled = input.enabled ?? true;
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const taken = await trx.selectFrom('comfy_workflows').select('id').where('slug', '=', input.slug).executeTakeFirst();
      if (taken)
        throw new AppError('CONFLICT', `A workflow already uses the slug ${input.slug}`, { fields: [{ path: 'slug', message: 'already used' }] });
      const existing = await trx
        .selectFrom('ai_models')
        .select(['provider', 'retired_at'])
        .where('id', '=', workflowModelId(input.slug))
        .executeTakeFirst();
      if (existing && (existing.provider !== 'comfyui' || existing.retired_at === null)) {
        throw new AppError('CONFLICT', `The model ${workflowModelId(input.slug)} already exists`, {
          fields: [{ path: 'slug', message: 'already used' }],
        });
      }
      await writeModelRow(trx, {
        slug: input.slug,
        name: input.name,
        description: input.description || defaultDescription(graph, input.outputType),
        outputType: input.outputType,
        inputs: input.inputs,
        units,
        enabled,
      });
      const row = await trx
        .insertInto('comfy_workflows')
        .values({
          slug: input.slug,
          model_id: workflowModelId(input.slug),
          name: input.name,
          output_type: input.outputType,
          workflow: JSON.stringify(graph),
          inputs: JSON.stringify(input.inputs),
          output_node: input.outputNode,
          frames_per_second: input.framesPerSecond ?? null,
          created_by: admin.id,
          updated_by: admin.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        actorId: admin.id,
        action: 'workflow.created',
        targetType: 'workflow',
        targetId: workflowModelId(input.slug),
        before: null,
        after: summary({ ...input, priceCredits: unitsToCredits(units), enabled, revision: 1 }),
      });
      return row.id;
    })
    .catch((e: unknown) => {
      if ((e as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', `A workflow already uses the slug ${input.slug}`, { fields: [{ path: 'slug', message: 'already used' }] });
      }
      throw e;
    });
  return { workflow: await presentOne(deps, id) };
}

export async function updateWorkflow(deps: Deps, admin: { id: string }, input: UpdateInput) {
  const before = await getRow(deps.db, input.id);
  if (input.slug !== undefined && input.slug !== before.slug) {
    invalid([{ path: 'slug', message: `The slug is the model id (${before.model_id}) and can't change; create a new workflow instead` }]);
  }
  const outputType = input.outputType ?? before.output_type;
  const inputs = input.inputs ?? (before.inputs as Record<string, string>);
  const outputNode = input.outputNode ?? before.output_node;
  const workflow = input.workflow ?? (before.workflow as Record<string, unknown>);
  const fps = input.framesPerSecond === undefined ? before.frames_per_second : input.framesPerSecond;
  const graphChanged = input.workflow !== undefined || input.inputs !== undefined || input.outputNode !== undefined || input.outputType !== undefined;
  const graph = checked(workflow, inputs, outputNode);
  framesCheck(outputType, inputs, fps);
  const revised = graphChanged || fps !== before.frames_per_second;

  await deps.db.transaction().execute(async (trx) => {
    const model = await trx.selectFrom('ai_models').selectAll().where('id', '=', before.model_id).forUpdate().executeTakeFirstOrThrow();
    const units = input.priceCredits !== undefined ? creditsToUnits(input.priceCredits) : model.credit_units;
    const enabled = input.enabled ?? model.enabled;
    const name = input.name ?? before.name;
    await writeModelRow(trx, {
      slug: before.slug,
      name,
      description: input.description !== undefined ? input.description || defaultDescription(graph, outputType) : model.description,
      outputType,
      inputs,
      units,
      enabled,
    });
    const row = await trx
      .updateTable('comfy_workflows')
      .set((eb) => ({
        name,
        output_type: outputType,
        workflow: JSON.stringify(graph),
        inputs: JSON.stringify(inputs),
        output_node: outputNode,
        frames_per_second: fps,
        updated_by: admin.id,
        ...(revised ? { revision: eb('revision', '+', 1) } : {}),
      }))
      .where('id', '=', before.id)
      .returning('revision')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: admin.id,
      action: 'workflow.updated',
      targetType: 'workflow',
      targetId: before.model_id,
      before: summary({
        name: before.name,
        outputType: before.output_type,
        inputs: before.inputs,
        outputNode: before.output_node,
        priceCredits: unitsToCredits(model.credit_units),
        enabled: model.enabled,
        revision: before.revision,
      }),
      after: summary({ name, outputType, inputs, outputNode, priceCredits: unitsToCredits(units), enabled, revision: row.revision }),
    });
  });
  return { workflow: await presentOne(deps, before.id) };
}

/**
 * Deletes a workflow: its model leaves the catalogue (retired, switched off; the row stays for the
 * history and receipts of what it made). Generations still queued fail with the reason and their refund.
 */
export async function deleteWorkflow(deps: Deps, admin: { id: string }, id: string) {
  const before = await getRow(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('comfy_workflows').where('id', '=', id).execute();
    await trx
      .updateTable('ai_models')
      .set({ retired_at: new Date(), enabled: false, default_chosen_at: null, is_default: false })
      .where('id', '=', before.model_id)
      .execute();
    await writeAudit(trx, {
      actorId: admin.id,
      action: 'workflow.deleted',
      targetType: 'workflow',
      targetId: before.model_id,
      before: { name: before.name, outputType: before.output_type, revision: before.revision },
      after: null,
    });
  });
  return { success: true as const, id };
}
