import { type Kysely, sql } from 'kysely';

/**
 * The admin console (issue 13). Frozen in time: no imports of app code.
 * - audit_log: every change an admin makes — who, what, when, and the before/after state.
 * - provider_settings: an admin's on/off switch per provider (no row = on).
 * - ai_models.default_chosen_at: set on the one model an admin chose as the default for its
 *   output type (is_default is kept in step); without a choice the catalogue's automatic default applies.
 * - admin_model_tests / admin_model_test_runs: one prompt run on several models side by side; each run
 *   is a generation marked is_admin_test (not charged, counted as provider cost) with the price it had.
 * - indexes for the period queries of the summary, profitability and the usage export.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log(created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log(target_type, target_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE provider_settings (
      provider text PRIMARY KEY,
      enabled boolean NOT NULL DEFAULT true,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`ALTER TABLE ai_models ADD COLUMN default_chosen_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE admin_model_tests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      prompt text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX admin_model_tests_created_idx ON admin_model_tests(created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE admin_model_test_runs (
      test_id uuid NOT NULL REFERENCES admin_model_tests(id) ON DELETE CASCADE,
      generation_id uuid NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
      model_id text NOT NULL,
      price_units integer NOT NULL CHECK (price_units >= 0),
      position integer NOT NULL,
      PRIMARY KEY (test_id, generation_id)
    )`.execute(db);

  await sql`CREATE INDEX generations_created_idx ON generations(created_at)`.execute(db);
  await sql`CREATE INDEX payments_paid_idx ON payments(paid_at) WHERE status = 'paid'`.execute(db);
  await sql`CREATE INDEX users_created_idx ON users(created_at)`.execute(db);
  await sql`CREATE INDEX credit_ledger_created_idx ON credit_ledger(created_at)`.execute(db);
}
