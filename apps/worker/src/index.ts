export { processors } from './processors/index';
export * from './queues';
export * from './registry';
