import { type Kysely, sql } from 'kysely';

/**
 * Collaboration (issue 12): project members with a role, pending invites for e-mails that have no
 * account yet (attached at sign-up), and revocable public share links to one generation or one
 * export. Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE project_collaborators (
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('viewer','editor')),
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX project_collaborators_user_idx ON project_collaborators(user_id)`.execute(db);

  await sql`
    CREATE TABLE project_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      role text NOT NULL CHECK (role IN ('viewer','editor')),
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, email)
    )`.execute(db);
  await sql`CREATE INDEX project_invites_email_idx ON project_invites(email)`.execute(db);

  await sql`
    CREATE TABLE share_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token text NOT NULL UNIQUE CHECK (length(token) >= 22),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      generation_id uuid REFERENCES generations(id) ON DELETE CASCADE,
      export_id uuid REFERENCES exports(id) ON DELETE CASCADE,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((generation_id IS NULL) <> (export_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX share_links_user_idx ON share_links(user_id, created_at DESC)`.execute(db);

  for (const t of ['project_collaborators', 'project_invites']) {
    await sql`CREATE TRIGGER ${sql.raw(`${t}_updated_at`)} BEFORE UPDATE ON ${sql.table(t)} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
      db,
    );
  }
}
