import { type Kysely, sql } from 'kysely';

/**
 * Workspace (issue 12): the saved-prompt library and one brand kit per user. Frozen in time: no
 * imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE prompts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
      type text NOT NULL CHECK (type IN ('image','video','text','audio')),
      category text NOT NULL DEFAULT 'General' CHECK (length(category) BETWEEN 1 AND 40),
      tags jsonb NOT NULL DEFAULT '[]'::jsonb,
      favourite boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX prompts_user_idx ON prompts(user_id, favourite DESC, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX prompts_user_category_idx ON prompts(user_id, lower(category))`.execute(db);

  await sql`
    CREATE TABLE brand_kits (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      brand_name text NOT NULL DEFAULT '',
      logo_url text,
      colors jsonb NOT NULL DEFAULT '[]'::jsonb,
      fonts jsonb NOT NULL DEFAULT '[]'::jsonb,
      tone_of_voice text NOT NULL DEFAULT '',
      audience text NOT NULL DEFAULT '',
      words_to_use jsonb NOT NULL DEFAULT '[]'::jsonb,
      words_to_avoid jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  for (const t of ['prompts', 'brand_kits']) {
    await sql`CREATE TRIGGER ${sql.raw(`${t}_updated_at`)} BEFORE UPDATE ON ${sql.table(t)} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(
      db,
    );
  }
}
