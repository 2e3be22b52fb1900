import { type Kysely, sql } from 'kysely';

/**
 * The sound editor (issue 9). Frozen in time: no imports of app code.
 * - sound_sessions: one per project; `tracks` is the editor document (tracks → clips with start,
 *   trims, fades, gain; track volume, mute, solo), validated by the api on every save; `revision`
 *   counts saves so a stale tab cannot overwrite a newer mix.
 * - sound_sources: the audio a session's clips cut from — an upload, an audio generation, or the
 *   sound of one of the project's videos/exports (extracted to its own file). `media_key` is the
 *   playable file; `peaks` the waveform (0–1 per bin, `peaks_per_second` bins a second);
 *   `user_id` the person who added it (their media). Deleting a session or project removes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sound_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL UNIQUE REFERENCES projects(id) ON DELETE CASCADE,
      tracks jsonb NOT NULL DEFAULT '[]'::jsonb,
      revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE TRIGGER sound_sessions_updated_at BEFORE UPDATE ON sound_sessions FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  await sql`
    CREATE TABLE sound_sources (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES sound_sessions(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('upload', 'generation', 'video', 'export')),
      origin_id uuid,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      media_key text NOT NULL,
      duration_seconds double precision NOT NULL CHECK (duration_seconds > 0),
      peaks jsonb NOT NULL DEFAULT '[]'::jsonb,
      peaks_per_second double precision NOT NULL DEFAULT 0,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sound_sources_session_idx ON sound_sources(session_id, created_at)`.execute(db);
}
