export * from './client';
export * from './migrate';
export * from './repositories/chat.repository';
export * from './repositories/generation.repository';
export * from './repositories/ledger.repository';
export * from './repositories/media.repository';
export * from './repositories/seo.repository';
export * from './seed/seed';
export type * from './types';
