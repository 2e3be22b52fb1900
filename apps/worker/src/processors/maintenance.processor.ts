import { UnrecoverableError } from 'bullmq';
import { defineProcessor } from '../registry';

/** Runs one named maintenance task (see maintenance/tasks.ts) and logs what it did. */
export const maintenanceProcessor = defineProcessor({
  queue: 'maintenance',
  async process(job, deps) {
    const task = deps.maintenance.find((t) => t.name === job.data.task);
    if (!task) throw new UnrecoverableError(`Unknown maintenance task: ${job.data.task}`);
    const t0 = Date.now();
    const result = await task.run(deps);
    deps.log.debug({ task: task.name, ms: Date.now() - t0, ...result }, 'maintenance task done');
    return result;
  },
});
