import type { Db } from '@atelier/db';
import type { MediaStorage, MediaUrls } from '@atelier/media';
import { AppError } from '@atelier/shared';
import { storeUploadedImage } from '../projects/projects.media';
import type { BrandKit, UpdateBrandKitInput } from './brand-kit.schema';

interface KitFields {
  brand_name: string;
  colors: { name: string; hex: string }[];
  fonts: string[];
  tone_of_voice: string;
  audience: string;
  words_to_use: string[];
  words_to_avoid: string[];
}

/**
 * The clause "apply brand kit" adds to a prompt: one sentence per thing the kit says, so the model
 * reads it as instructions. Empty when the kit is empty.
 */
export function brandClause(kit: KitFields): string {
  const parts: string[] = [];
  if (kit.brand_name) parts.push(`Brand: ${kit.brand_name}.`);
  if (kit.colors.length) parts.push(`Colour palette: ${kit.colors.map((c) => (c.name ? `${c.name} ${c.hex}` : c.hex)).join(', ')}.`);
  if (kit.fonts.length) parts.push(`Fonts: ${kit.fonts.join(', ')}.`);
  if (kit.tone_of_voice) parts.push(`Tone of voice: ${kit.tone_of_voice.replace(/[.\s]+$/, '')}.`);
  if (kit.audience) parts.push(`Audience: ${kit.audience.replace(/[.\s]+$/, '')}.`);
  if (kit.words_to_use.length) parts.push(`Use the words: ${kit.words_to_use.join(', ')}.`);
  if (kit.words_to_avoid.length) parts.push(`Avoid the words: ${kit.words_to_avoid.join(', ')}.`);
  return parts.length ? `Brand guidelines — ${parts.join(' ')}` : '';
}

/** The prompt a generation runs with when the brand kit is applied (issue 12). */
export async function applyBrandKitToPrompt(db: Db, userId: string, prompt: string): Promise<string> {
  const kit = await db
    .selectFrom('brand_kits')
    .select(['brand_name', 'colors', 'fonts', 'tone_of_voice', 'audience', 'words_to_use', 'words_to_avoid'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const clause = kit ? brandClause(kit) : '';
  if (!clause) {
    const message = 'Set up your brand kit first (Brand Kit page), or generate without it';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'applyBrandKit', message }] });
  }
  return `${prompt.trim()}\n\n${clause}`;
}

type Deps = { db: Db; media: MediaUrls; storage: MediaStorage };

async function loadRow(db: Db, userId: string) {
  return db.selectFrom('brand_kits').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

function toBrandKit(deps: Pick<Deps, 'media'>, row: NonNullable<Awaited<ReturnType<typeof loadRow>>>): BrandKit {
  return {
    brandName: row.brand_name,
    logoUrl: deps.media.url(row.logo_url),
    colors: row.colors,
    fonts: row.fonts,
    toneOfVoice: row.tone_of_voice,
    audience: row.audience,
    wordsToUse: row.words_to_use,
    wordsToAvoid: row.words_to_avoid,
    promptClause: brandClause(row),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getBrandKit(deps: Deps, userId: string) {
  const row = await loadRow(deps.db, userId);
  return { brandKit: row ? toBrandKit(deps, row) : null };
}

const uniq = (list: string[]) => [...new Map(list.map((w) => [w.toLowerCase(), w])).values()];

export async function putBrandKit(deps: Deps, userId: string, input: UpdateBrandKitInput) {
  const before = await loadRow(deps.db, userId);
  let logoKey = before?.logo_url ?? null;
  if (input.logo === null) logoKey = null;
  else if (typeof input.logo === 'string') {
    if (input.logo.length > 11_200_000)
      throw new AppError('PAYLOAD_TOO_LARGE', 'logo is larger than 8 MB', { fields: [{ path: 'logo', message: 'logo is larger than 8 MB' }] });
    logoKey = (await storeUploadedImage(deps.storage, userId, input.logo, 'logo')).key;
  }
  const values = {
    brand_name: input.brandName,
    logo_url: logoKey,
    colors: JSON.stringify(input.colors),
    fonts: JSON.stringify(uniq(input.fonts)),
    tone_of_voice: input.toneOfVoice,
    audience: input.audience,
    words_to_use: JSON.stringify(uniq(input.wordsToUse)),
    words_to_avoid: JSON.stringify(uniq(input.wordsToAvoid)),
  };
  const row = await deps.db
    .insertInto('brand_kits')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (before?.logo_url && before.logo_url !== logoKey) await deps.storage.remove(before.logo_url).catch(() => {});
  return { brandKit: toBrandKit(deps, row) };
}
