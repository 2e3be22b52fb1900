import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import type { CreatePromptInput, ListPromptsInput, Prompt, UpdatePromptInput } from './prompts.schema';

const COLUMNS = ['id', 'title', 'text', 'type', 'category', 'tags', 'favourite', 'created_at', 'updated_at'] as const;
type Row = {
  id: string;
  title: string;
  text: string;
  type: Prompt['type'];
  category: string;
  tags: string[];
  favourite: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

const toPrompt = (r: Row): Prompt => ({
  id: r.id,
  title: r.title,
  text: r.text,
  type: r.type,
  category: r.category,
  tags: r.tags,
  favourite: r.favourite,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** Tags trimmed, de-duplicated case-insensitively, original spelling kept. */
const cleanTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const k = t.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const notFound = () => new AppError('NOT_FOUND', 'Prompt not found');

export async function listPrompts(db: Db, userId: string, input: ListPromptsInput) {
  let q = db.selectFrom('prompts').where('user_id', '=', userId);
  if (input.category) q = q.where(sql<boolean>`lower(category) = lower(${input.category})`);
  if (input.type) q = q.where('type', '=', input.type);
  if (input.favourite) q = q.where('favourite', '=', true);
  if (input.search) {
    const like = `%${escapeLike(input.search)}%`;
    q = q.where(sql<boolean>`(title ILIKE ${like} OR text ILIKE ${like} OR tags::text ILIKE ${like})`);
  }
  const [rows, categories] = await Promise.all([
    q.select(COLUMNS).orderBy('favourite', 'desc').orderBy('updated_at', 'desc').orderBy('id').limit(500).execute(),
    db
      .selectFrom('prompts')
      .select([sql<string>`min(category)`.as('name'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('user_id', '=', userId)
      .groupBy(sql`lower(category)`)
      .orderBy(sql`lower(category)`)
      .execute(),
  ]);
  return {
    prompts: rows.map((r) => toPrompt(r as Row)),
    categories: categories.map((c) => ({ name: c.name, count: Number(c.n) })),
    total: rows.length,
  };
}

export async function createPrompt(db: Db, userId: string, input: CreatePromptInput) {
  const count = await db
    .selectFrom('prompts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= 1000) throw new AppError('VALIDATION', 'Your library is full (1,000 prompts): delete some first');
  const row = await db
    .insertInto('prompts')
    .values({
      user_id: userId,
      title: input.title,
      text: input.text,
      type: input.type,
      category: input.category,
      tags: JSON.stringify(cleanTags(input.tags)),
      favourite: input.favourite,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { prompt: toPrompt(row as Row) };
}

export async function updatePrompt(db: Db, userId: string, input: UpdatePromptInput) {
  const { id, tags, ...rest } = input;
  const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const row = await db
    .updateTable('prompts')
    .set({ ...patch, ...(tags ? { tags: JSON.stringify(cleanTags(tags)) } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { prompt: toPrompt(row as Row) };
}

export async function deletePrompt(db: Db, userId: string, id: string) {
  const row = await db.deleteFrom('prompts').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  if (!row) throw notFound();
  return { success: true as const, id };
}
