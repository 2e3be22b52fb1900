import { type Kysely, sql } from 'kysely';

/**
 * Personal API keys (issue 24): a key is stored only as its SHA-256 hash plus a short visible
 * prefix; scopes are a subset of read/generate/projects/workspace. The IPs a key was used from
 * (a new one goes to the security log), a per-user security log (key created, used from a new IP,
 * revoked), and the key that spent credits on generations and ledger rows (the receipt names it).
 * Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read','generate','projects','workspace']::text[]),
      expires_at timestamptz,
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX api_keys_user_idx ON api_keys(user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE api_key_ips (
      api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (api_key_id, ip)
    )`.execute(db);

  await sql`
    CREATE TABLE security_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL,
      ip text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX security_events_user_idx ON security_events(user_id, created_at DESC)`.execute(db);

  await sql`ALTER TABLE generations ADD COLUMN api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE credit_ledger ADD COLUMN api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX generations_api_key_idx ON generations(api_key_id) WHERE api_key_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX credit_ledger_api_key_idx ON credit_ledger(api_key_id) WHERE api_key_id IS NOT NULL`.execute(db);
}
