import { Kysely, PostgresDialect, type Transaction, type TransactionBuilder } from 'kysely';
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

type CommitHook = () => void;
const commitHooks = new WeakMap<Transaction<Database>, CommitHook[]>();

/**
 * Runs `fn` once `trx` has committed, and never when it rolls back: for effects outside Postgres
 * that must match what was committed (the credit metrics). A transaction that does not come from
 * createDb's `db.transaction()` has no commit to wait for: `fn` runs at once.
 */
export function afterCommit(trx: Transaction<Database>, fn: CommitHook): void {
  const hooks = commitHooks.get(trx);
  if (hooks) hooks.push(fn);
  else fn();
}

/** A transaction builder whose `execute` runs the transaction's afterCommit hooks once it committed. */
function withCommitHooks(builder: TransactionBuilder<Database>): TransactionBuilder<Database> {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return async <T>(callback: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
          const hooks: CommitHook[] = [];
          const result = await target.execute((trx) => {
            commitHooks.set(trx, hooks);
            return callback(trx);
          });
          for (const hook of hooks) {
            try {
              hook();
            } catch {
              // A hook's failure must not turn a committed transaction into an error.
            }
          }
          return result;
        };
      }
      if (property === 'setIsolationLevel' || property === 'setAccessMode') {
        return (value: never) => withCommitHooks(target[property](value));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Kysely whose transactions run afterCommit hooks. */
class CommitAwareKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    return withCommitHooks(super.transaction());
  }
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
  const db: Db = new CommitAwareKysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
