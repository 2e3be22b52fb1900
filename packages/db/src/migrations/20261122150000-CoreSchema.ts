import { type Kysely, sql } from 'kysely';

// Frozen in time: no imports of app code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pgcrypto`.execute(db).catch(() => {});
  await sql`
    CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger AS $$
    BEGIN NEW.updated_at = now(); RETURN NEW; END; $$ LANGUAGE plpgsql
  `.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text NOT NULL,
      is_admin boolean NOT NULL DEFAULT false,
      is_demo boolean NOT NULL DEFAULT false,
      disabled_at timestamptz,
      credit_units bigint NOT NULL DEFAULT 0 CHECK (credit_units >= 0),
      attribution jsonb,
      avatar_url text,
      last_active_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      refresh_hash text NOT NULL UNIQUE,
      previous_refresh_hash text,
      rotated_at timestamptz,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text,
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_sessions_user_idx ON auth_sessions(user_id)`.execute(db);
  await sql`CREATE INDEX auth_sessions_prev_idx ON auth_sessions(previous_refresh_hash)`.execute(db);
  await sql`
    CREATE TABLE auth_retired_refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
      retired_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE credit_ledger (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('signup_bonus','purchase','spend','refund','admin_adjustment')),
      amount_units bigint NOT NULL,
      balance_after_units bigint NOT NULL CHECK (balance_after_units >= 0),
      reference_type text,
      reference_id text,
      idempotency_key text NOT NULL UNIQUE,
      note text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX credit_ledger_user_idx ON credit_ledger(user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE credit_packages (
      id text PRIMARY KEY,
      name text NOT NULL,
      credits integer NOT NULL CHECK (credits > 0),
      price_cents integer NOT NULL CHECK (price_cents > 0),
      currency text NOT NULL DEFAULT 'usd',
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      package_id text NOT NULL REFERENCES credit_packages(id) ON DELETE RESTRICT,
      stripe_session_id text UNIQUE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','paid','expired','failed')),
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      credits integer NOT NULL,
      campaign jsonb,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payments_user_idx ON payments(user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE ai_models (
      id text PRIMARY KEY,
      provider text NOT NULL,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('VIDEO','IMAGE','AUDIO','TEXT')),
      category text,
      description text NOT NULL DEFAULT '',
      requirements jsonb NOT NULL DEFAULT '{}',
      pricing jsonb NOT NULL DEFAULT '[]',
      credit_units integer NOT NULL CHECK (credit_units >= 0),
      provider_cost_usd numeric(12,6) NOT NULL DEFAULT 0,
      is_default boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL DEFAULT true,
      is_local boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('VIDEO','IMAGE','TEXT')),
      description text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'DRAFT',
      thumbnail_url text,
      global_prompt text,
      aspect_ratio text NOT NULL DEFAULT '16:9',
      resolution text NOT NULL DEFAULT '720p',
      settings jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX projects_user_idx ON projects(user_id, updated_at DESC)`.execute(db);

  await sql`
    CREATE TABLE generations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      project_id uuid REFERENCES projects(id) ON DELETE SET NULL,
      type text NOT NULL CHECK (type IN ('image','video','text','audio')),
      prompt text NOT NULL,
      effective_prompt text,
      model_id text NOT NULL,
      provider text NOT NULL,
      model_version text,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','PROCESSING','COMPLETED','FAILED','CANCELLED')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      output_url text,
      thumbnail_url text,
      output_text text,
      error text,
      params jsonb NOT NULL DEFAULT '{}',
      seed bigint,
      metadata jsonb NOT NULL DEFAULT '{}',
      credit_units_charged bigint NOT NULL DEFAULT 0,
      credit_units_refunded bigint NOT NULL DEFAULT 0,
      provider_cost_usd numeric(12,6) NOT NULL DEFAULT 0,
      provider_request_id text,
      latency_ms integer,
      idempotency_key text,
      is_admin_test boolean NOT NULL DEFAULT false,
      started_at timestamptz,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, idempotency_key)
    )`.execute(db);
  await sql`CREATE INDEX generations_user_idx ON generations(user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX generations_status_idx ON generations(status) WHERE status IN ('PENDING','PROCESSING')`.execute(db);

  await sql`
    CREATE TABLE video_clips (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      position integer NOT NULL,
      prompt text NOT NULL DEFAULT '',
      image_url text,
      video_url text,
      thumbnail_url text,
      duration numeric(10,3) NOT NULL DEFAULT 5,
      start_trim numeric(10,3) NOT NULL DEFAULT 0,
      end_trim numeric(10,3) NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'DRAFT',
      provider text,
      model text,
      generation_id uuid REFERENCES generations(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX video_clips_project_idx ON video_clips(project_id, position)`.execute(db);

  await sql`
    CREATE TABLE segments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name text NOT NULL,
      prompt text NOT NULL DEFAULT '',
      type text NOT NULL CHECK (type IN ('IMAGE','TEXT')),
      "order" integer NOT NULL,
      selected_version_id uuid,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX segments_project_idx ON segments(project_id, "order")`.execute(db);

  await sql`
    CREATE TABLE segment_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      segment_id uuid NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
      generation_id uuid REFERENCES generations(id) ON DELETE SET NULL,
      output_url text,
      content text,
      status text NOT NULL DEFAULT 'GENERATING',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    ALTER TABLE segments ADD CONSTRAINT segments_selected_version_fk
    FOREIGN KEY (selected_version_id) REFERENCES segment_versions(id) ON DELETE SET NULL`.execute(db);

  await sql`
    CREATE TABLE chat_conversations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      type text NOT NULL DEFAULT 'SINGLE',
      ai_models jsonb NOT NULL DEFAULT '[]',
      is_archived boolean NOT NULL DEFAULT false,
      last_message_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_conversations_user_idx ON chat_conversations(user_id, last_message_at DESC)`.execute(db);

  await sql`
    CREATE TABLE chat_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      conversation_id uuid NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('user','assistant')),
      content text NOT NULL,
      model_id text,
      status text NOT NULL DEFAULT 'COMPLETED',
      tokens_in integer,
      tokens_out integer,
      latency_ms integer,
      credit_units bigint NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_conv_idx ON chat_messages(conversation_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT 'Export',
      type text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','PROCESSING','COMPLETED','FAILED')),
      progress integer NOT NULL DEFAULT 0,
      output_url text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX exports_project_idx ON exports(project_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE job_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      queue text NOT NULL,
      job_key text NOT NULL,
      status text NOT NULL,
      detail jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX job_events_key_idx ON job_events(job_key)`.execute(db);

  for (const t of [
    'users',
    'auth_sessions',
    'credit_packages',
    'payments',
    'ai_models',
    'projects',
    'generations',
    'video_clips',
    'segments',
    'chat_conversations',
    'exports',
  ]) {
    await sql`CREATE TRIGGER ${sql.raw(`${t}_updated_at`)} BEFORE UPDATE ON ${sql.table(t)} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
      db,
    );
  }
}
