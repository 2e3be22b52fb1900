import type { Migration } from 'kysely/migration';
import * as m20261122150000 from './20261122150000-CoreSchema';

/**
 * Every migration, in order. Adding one: create `migrations/<timestamp>-<PascalName>.ts` with
 * `up(db: Kysely<any>)` and list it here (a static list bundles cleanly, unlike a folder scan).
 */
export const migrations: Record<string, Migration> = {
  '20261122150000-CoreSchema': m20261122150000,
};
