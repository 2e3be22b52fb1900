import { type Kysely, sql } from 'kysely';

// Frozen in time: no imports of app code.
export async function up(db: Kysely<any>): Promise<void> {
  // What an export was asked for (audio track) and what it produced (duration, size, dimensions).
  await sql`
    ALTER TABLE exports
      ADD COLUMN params jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN started_at timestamptz,
      ADD COLUMN completed_at timestamptz`.execute(db);
  await sql`CREATE INDEX exports_user_idx ON exports(user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX segment_versions_segment_idx ON segment_versions(segment_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX video_clips_generation_idx ON video_clips(generation_id) WHERE generation_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX generations_project_idx ON generations(project_id, completed_at DESC) WHERE project_id IS NOT NULL`.execute(db);
}
