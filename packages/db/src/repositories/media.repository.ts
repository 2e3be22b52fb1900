import { sql } from 'kysely';
import type { Db } from '../client';

/**
 * Every column that may hold a media key, in one list: a generation's file can also be a clip,
 * a segment version, an image-editor asset, a sound-editor source or an SEO article image. A
 * file is removed only when none of them still points at it. Add a row here when a table starts
 * keeping media keys.
 */
const KEY_COLUMNS: { table: string; columns: string[] }[] = [
  { table: 'video_clips', columns: ['video_url', 'image_url', 'thumbnail_url'] },
  { table: 'segment_versions', columns: ['output_url'] },
  { table: 'image_assets', columns: ['key', 'thumbnail_key'] },
  { table: 'sound_sources', columns: ['media_key'] },
];

/** JSON columns whose text may mention a key (e.g. an article's images). */
const JSON_COLUMNS: { table: string; column: string }[] = [{ table: 'seo_articles', column: 'images' }];

/** True when anything besides the row being deleted still shows this file. */
export async function isMediaKeyReferenced(db: Db, key: string): Promise<boolean> {
  for (const { table, columns } of KEY_COLUMNS) {
    const ors = sql.join(
      columns.map((c) => sql`${sql.ref(c)} = ${key}`),
      sql` or `,
    );
    const hit = await sql`select 1 from ${sql.table(table)} where ${ors} limit 1`.execute(db);
    if (hit.rows.length > 0) return true;
  }
  for (const { table, column } of JSON_COLUMNS) {
    const hit =
      await sql`select 1 from ${sql.table(table)} where strpos(${sql.ref(column)}::text, ${JSON.stringify(key).slice(1, -1)}) > 0 limit 1`.execute(
        db,
      );
    if (hit.rows.length > 0) return true;
  }
  return false;
}
