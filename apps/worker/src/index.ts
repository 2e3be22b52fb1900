export { reconcileExports, reconcileGenerations, reconcileSeo } from './maintenance/reconcile';
export { type MaintenanceTask, maintenanceTasks } from './maintenance/tasks';
export { emailProcessor, REDACTED_TOKEN, reconcileOutbox } from './processors/email.processor';
export { processors } from './processors/index';
export * from './registry';
export { scheduleMaintenance, startAllWorkers } from './setup';
