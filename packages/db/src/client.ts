import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

// bigint columns (credit units) come back as JS numbers: balances stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
// numeric → number (seconds, costs).
pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));

export type Db = Kysely<Database>;

export interface DbOptions {
  connectionString: string;
  max?: number;
  /** Milliseconds a statement may run before Postgres cancels it. */
  statementTimeoutMs?: number;
}

export function createDb(options: DbOptions): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (Postgres restart) must not crash the process.
  pool.on('error', () => {});
  // A checked-out client has no pool listener: a connection that drops between two queries (a
  // transaction's) would throw 'Connection terminated unexpectedly' as an uncaught exception and
  // kill the process. Its queries fail anyway and the pool discards the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
