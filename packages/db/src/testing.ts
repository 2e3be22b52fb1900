import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from './client';
import { migrateToLatest } from './migrate';

/**
 * Per-test-file databases (immich's medium tests): migrate once into a template database,
 * then CREATE DATABASE … TEMPLATE … for each file. Real Postgres, never a mock.
 */
export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Per run (set by the global setup) so concurrent test runs never drop each other's template. */
const template = () => process.env.TEST_DATABASE_TEMPLATE ?? 'atelier_test_template';

const withDb = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates (or recreates) the migrated template. Run once per test run (vitest globalSetup). */
export async function prepareTemplateDatabase(): Promise<void> {
  const TEMPLATE = template();
  await admin(async (c) => {
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [TEMPLATE]);
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
    await c.query(`CREATE DATABASE ${TEMPLATE}`);
  });
  const { db } = createDb({ connectionString: withDb(TEMPLATE), max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  drop: () => Promise<void>;
}

export async function createTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template()}`));
  const url = withDb(name);
  const { db } = createDb({ connectionString: url, max: options.max ?? 10 });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.destroy().catch(() => {});
      await admin(async (c) => {
        await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

export async function dropTemplateDatabase(): Promise<void> {
  const name = template();
  await admin(async (c) => {
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
  });
}
