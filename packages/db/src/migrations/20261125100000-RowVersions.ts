import { type Kysely, sql } from 'kysely';

/**
 * Live status over Redis (issue 20): generations, exports and SEO articles get a `version` that a
 * trigger bumps on every UPDATE. Events published after a write carry it, so an SSE listener that
 * read the row first drops events older than what it read. Frozen in time: no imports of app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION bump_row_version() RETURNS trigger AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
  for (const t of ['generations', 'exports', 'seo_articles']) {
    await sql`ALTER TABLE ${sql.table(t)} ADD COLUMN version integer NOT NULL DEFAULT 0`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${t}_version`)} BEFORE UPDATE ON ${sql.table(t)} FOR EACH ROW EXECUTE FUNCTION bump_row_version()`.execute(
      db,
    );
  }
}
