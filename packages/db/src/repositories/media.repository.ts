import { sql } from 'kysely';
import type { Db } from '../client';

/**
 * Every column that may hold a media key, in one list: a file can be a generation's output, a
 * clip, a segment version, an image-editor asset, a sound-editor source, an export, an avatar, a
 * logo… A file is removed only when none of them still points at it (deletes, and the orphan
 * sweep). Add a row here when a table starts keeping media keys.
 */
const KEY_COLUMNS: { table: string; columns: string[] }[] = [
  { table: 'generations', columns: ['output_url', 'thumbnail_url'] },
  { table: 'video_clips', columns: ['video_url', 'image_url', 'thumbnail_url'] },
  { table: 'segment_versions', columns: ['output_url'] },
  { table: 'image_assets', columns: ['key', 'thumbnail_key'] },
  { table: 'sound_sources', columns: ['media_key'] },
  { table: 'exports', columns: ['output_url'] },
  { table: 'projects', columns: ['thumbnail_url'] },
  { table: 'users', columns: ['avatar_url'] },
  { table: 'brand_kits', columns: ['logo_url'] },
  { table: 'avatars', columns: ['image_key'] },
];

/**
 * JSON columns whose string values may be keys: a generation's inputs (`image`,
 * `referenceAudio`), an export's snapshot of its sources, a voice's samples, an article's images…
 */
const JSON_COLUMNS: { table: string; column: string }[] = [
  { table: 'generations', column: 'params' },
  { table: 'generations', column: 'metadata' },
  { table: 'exports', column: 'params' },
  { table: 'voice_profiles', column: 'sample_keys' },
  { table: 'seo_articles', column: 'images' },
  { table: 'image_assets', column: 'operation' },
  { table: 'sound_sources', column: 'metadata' },
  { table: 'sound_sessions', column: 'tracks' },
  { table: 'projects', column: 'settings' },
  { table: 'segments', column: 'metadata' },
];

/** Of these keys, the ones some row still refers to (one query per column, whatever the batch size). */
export async function referencedMediaKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const wanted = [...new Set(keys)];
  if (!wanted.length) return found;
  const add = (rows: { k: string | null }[]) => {
    for (const r of rows) if (r.k) found.add(r.k);
  };
  for (const { table, columns } of KEY_COLUMNS) {
    for (const column of columns) {
      const res = await sql<{ k: string | null }>`
        select distinct ${sql.ref(column)} as k from ${sql.table(table)} where ${sql.ref(column)} = any(${wanted}::text[])`.execute(db);
      add(res.rows);
    }
  }
  for (const { table, column } of JSON_COLUMNS) {
    // Every string anywhere in the document, compared whole.
    const res = await sql<{ k: string | null }>`
      select distinct v #>> '{}' as k
      from ${sql.table(table)} t, jsonb_path_query(t.${sql.ref(column)}, 'strict $.**') v
      where jsonb_typeof(v) = 'string' and v #>> '{}' = any(${wanted}::text[])`.execute(db);
    add(res.rows);
  }
  return found;
}

/** True when any row (besides one already deleted) still shows this file. */
export async function isMediaKeyReferenced(db: Db, key: string): Promise<boolean> {
  return (await referencedMediaKeys(db, [key])).has(key);
}
