import type { ComfyGraph, WorkflowInputs, WorkflowOutputType } from '@atelier/shared';
import type { Db } from '../client';
import type { ComfyWorkflowRow } from '../types';

/**
 * ComfyUI workflows (issue 25) as the worker runs them: the stored graph in API format, the input
 * mapping, the output node and type. Loaded per generation, so an admin's edit applies to the next
 * run (each generation records the workflow revision it ran).
 */
export interface StoredComfyWorkflow {
  modelId: string;
  slug: string;
  name: string;
  outputType: WorkflowOutputType;
  graph: ComfyGraph;
  inputs: WorkflowInputs;
  outputNode: string;
  framesPerSecond: number | null;
  revision: number;
}

export function toStoredWorkflow(row: ComfyWorkflowRow): StoredComfyWorkflow {
  return {
    modelId: row.model_id,
    slug: row.slug,
    name: row.name,
    outputType: row.output_type,
    graph: row.workflow as unknown as ComfyGraph,
    inputs: row.inputs as unknown as WorkflowInputs,
    outputNode: row.output_node,
    framesPerSecond: row.frames_per_second,
    revision: row.revision,
  };
}

export async function loadComfyWorkflow(db: Db, modelId: string): Promise<StoredComfyWorkflow | null> {
  const row = await db.selectFrom('comfy_workflows').selectAll().where('model_id', '=', modelId).executeTakeFirst();
  return row ? toStoredWorkflow(row) : null;
}
