import { type Kysely, sql } from 'kysely';

/**
 * When the account's first visit to the dashboard was recorded (issue 21): the dashboard greets a new
 * account "Welcome, <name>" with a Start here card once per account, whichever browser it uses, and
 * "Welcome back" afterwards. Accounts that existed before this column have visited already.
 * Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN first_visit_at timestamptz`.execute(db);
  await sql`UPDATE users SET first_visit_at = coalesce(last_active_at, created_at) WHERE NOT is_demo`.execute(db);
}
