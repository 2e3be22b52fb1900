export * from './client';
export * from './events';
export * from './queues';
export * from './redis';
