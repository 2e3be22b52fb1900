export * from './client';
export * from './migrate';
export * from './repositories/generation.repository';
export * from './repositories/ledger.repository';
export * from './repositories/media.repository';
export * from './seed/demo-generations';
export * from './seed/seed';
export type * from './types';
