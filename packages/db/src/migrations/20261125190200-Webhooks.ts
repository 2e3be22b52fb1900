import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (issue 24): a user's endpoints (URL, chosen events, a signing secret that can be
 * rotated with the previous one kept for 24 h, an optional credits.low threshold), one delivery
 * row per (event, endpoint) written in the same transaction as the change that causes it (the
 * `webhooks` queue sends it; the row is the truth and keeps the retry schedule), and one row per
 * delivery attempt (the delivery log). Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      url text NOT NULL,
      description text NOT NULL DEFAULT '',
      events text[] NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      credits_low_threshold_units bigint CHECK (credits_low_threshold_units IS NULL OR credits_low_threshold_units >= 0),
      failing_since timestamptz,
      disabled_reason text,
      is_demo boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints(user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      object_type text,
      object_id text,
      event_data jsonb,
      payload text,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','SENDING','RETRYING','DELIVERED','FAILED')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_status_code integer,
      last_error text,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries(endpoint_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries(next_attempt_at) WHERE status IN ('PENDING','SENDING','RETRYING')`.execute(
    db,
  );

  await sql`
    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempt integer NOT NULL CHECK (attempt >= 1),
      status_code integer,
      duration_ms integer NOT NULL DEFAULT 0,
      response_body text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (delivery_id, attempt)
    )`.execute(db);

  await sql`CREATE TRIGGER webhook_endpoints_updated_at BEFORE UPDATE ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
    db,
  );
  await sql`CREATE TRIGGER webhook_deliveries_updated_at BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
    db,
  );
}
