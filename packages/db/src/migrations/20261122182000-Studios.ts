import { type Kysely, sql } from 'kysely';

/**
 * Studios (issue 11). Frozen in time: no imports of app code.
 * - voice_profiles: a cloned voice. provider 'local' keeps the analysis of the samples and the espeak-ng
 *   parameters it maps onto (settings: voice, pitch 0–100, speed, meanPitchHz, syllablesPerSecond);
 *   sample_keys are the stored samples (media keys); credit_units_charged what the clone cost.
 * - avatars: a normalised square portrait (image_key, a media key) with a name and a type.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE voice_profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      description text NOT NULL DEFAULT '',
      provider text NOT NULL DEFAULT 'local',
      provider_voice_id text,
      sample_keys jsonb NOT NULL DEFAULT '[]'::jsonb,
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      credit_units_charged integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX voice_profiles_user_idx ON voice_profiles(user_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE avatars (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      type text NOT NULL DEFAULT 'photo',
      image_key text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX avatars_user_idx ON avatars(user_id, created_at DESC)`.execute(db);
}
