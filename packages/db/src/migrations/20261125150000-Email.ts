import { type Kysely, sql } from 'kysely';

/**
 * E-mail (issue 23): an outbox of mails written in the same transaction as the change that causes
 * them (delivered by the `email` queue), one-time tokens for e-mail verification, password reset and
 * e-mail change (stored hashed), the devices an account has signed in from (new-device notices),
 * verified addresses, and invitation links (hashed token, 7-day expiry). Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Existing accounts start unverified: they see the banner and verify with one click ("Resend").
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      links jsonb NOT NULL DEFAULT '[]'::jsonb,
      attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
      secrets jsonb NOT NULL DEFAULT '[]'::jsonb,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','SENDING','RETRYING','SENT','FAILED','UNSENT')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      last_response text,
      last_error text,
      message_id text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_created_idx ON email_outbox(created_at DESC)`.execute(db);
  await sql`CREATE INDEX email_outbox_status_idx ON email_outbox(status, created_at)`.execute(db);
  await sql`CREATE INDEX email_outbox_user_idx ON email_outbox(user_id)`.execute(db);

  await sql`
    CREATE TABLE auth_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify_email','password_reset','email_change')),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL CHECK (email = lower(email)),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_tokens_user_idx ON auth_tokens(user_id, purpose)`.execute(db);

  await sql`
    CREATE TABLE user_devices (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      device_key text NOT NULL,
      label text NOT NULL,
      last_ip text,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, device_key)
    )`.execute(db);

  await sql`
    ALTER TABLE project_invites
      ADD COLUMN token_hash text UNIQUE,
      ADD COLUMN expires_at timestamptz NOT NULL DEFAULT (now() + interval '7 days'),
      ADD COLUMN last_sent_at timestamptz,
      ADD COLUMN send_count integer NOT NULL DEFAULT 0`.execute(db);

  await sql`CREATE TRIGGER email_outbox_updated_at BEFORE UPDATE ON email_outbox FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}
