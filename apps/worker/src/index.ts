export type { Engine, EngineInput, EngineOutput } from './engines';
export { localEngines } from './engines';
export { emailProcessor, REDACTED_TOKEN, reconcileOutbox } from './processors/email.processor';
export { processors } from './processors/index';
export * from './queues';
export { reconcileGenerations } from './reconcile';
export * from './registry';
export { startAllWorkers } from './setup';
