export type { Engine, EngineInput, EngineOutput } from './engines';
export { localEngines } from './engines';
export { processors } from './processors/index';
export * from './queues';
export { reconcileGenerations } from './reconcile';
export * from './registry';
export { startAllWorkers } from './setup';
