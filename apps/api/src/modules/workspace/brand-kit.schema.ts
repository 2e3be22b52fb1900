import { z } from 'zod';

const ZWord = z.string().trim().min(1).max(40, 'a word or phrase is at most 40 characters');

export const ZBrandColor = z.object({
  name: z.string().trim().max(40).default(''),
  hex: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour must be a hex value like #1A2B3C')
    .transform((v) => v.toUpperCase()),
});

export const ZUpdateBrandKit = z
  .object({
    brandName: z.string().trim().max(80, 'brand name must be at most 80 characters').default(''),
    /** A base64 data URL (PNG, JPEG or WebP) to replace the logo, null to remove it, absent to keep it. */
    logo: z.string().max(12_000_000).nullable().optional(),
    colors: z.array(ZBrandColor).max(12, 'at most 12 colours').default([]),
    fonts: z.array(z.string().trim().min(1).max(60)).max(6, 'at most 6 fonts').default([]),
    toneOfVoice: z.string().trim().max(500, 'tone of voice must be at most 500 characters').default(''),
    audience: z.string().trim().max(500, 'audience must be at most 500 characters').default(''),
    wordsToUse: z.array(ZWord).max(30, 'at most 30 words to use').default([]),
    wordsToAvoid: z.array(ZWord).max(30, 'at most 30 words to avoid').default([]),
  })
  .strict();
export type UpdateBrandKitInput = z.infer<typeof ZUpdateBrandKit>;

export const ZBrandKit = z.object({
  brandName: z.string(),
  logoUrl: z.string().nullable(),
  colors: z.array(z.object({ name: z.string(), hex: z.string() })),
  fonts: z.array(z.string()),
  toneOfVoice: z.string(),
  audience: z.string(),
  wordsToUse: z.array(z.string()),
  wordsToAvoid: z.array(z.string()),
  /** The text "apply brand kit" appends to a prompt (empty when the kit says nothing). */
  promptClause: z.string(),
  updatedAt: z.string(),
});
export type BrandKit = z.infer<typeof ZBrandKit>;
