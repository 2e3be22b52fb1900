import { GENERATION_TYPES } from '@atelier/shared';
import { z } from 'zod';

const ZTag = z.string().trim().min(1).max(30, 'a tag is at most 30 characters');

export const ZPromptFields = z.object({
  title: z.string().trim().min(1, 'title is required').max(120, 'title must be at most 120 characters'),
  text: z.string().trim().min(1, 'text is required').max(4000, 'text must be at most 4000 characters'),
  type: z.enum(GENERATION_TYPES),
  category: z.string().trim().min(1, 'category is required').max(40, 'category must be at most 40 characters').default('General'),
  tags: z.array(ZTag).max(12, 'at most 12 tags').default([]),
  favourite: z.boolean().default(false),
});

export const ZCreatePrompt = ZPromptFields.strict();
export type CreatePromptInput = z.infer<typeof ZCreatePrompt>;

export const ZUpdatePrompt = z
  .object({
    id: z.uuid({ error: 'id must be a prompt id' }),
    title: ZPromptFields.shape.title.optional(),
    text: ZPromptFields.shape.text.optional(),
    type: ZPromptFields.shape.type.optional(),
    category: z.string().trim().min(1).max(40).optional(),
    tags: z.array(ZTag).max(12).optional(),
    favourite: z.boolean().optional(),
  })
  .strict();
export type UpdatePromptInput = z.infer<typeof ZUpdatePrompt>;

export const ZListPrompts = z
  .object({
    category: z.string().trim().max(40).optional(),
    type: z.enum(GENERATION_TYPES).optional(),
    search: z.string().trim().max(200).optional(),
    favourite: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .optional(),
  })
  .strict();
export type ListPromptsInput = z.infer<typeof ZListPrompts>;

export const ZPrompt = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  type: z.enum(GENERATION_TYPES),
  category: z.string(),
  tags: z.array(z.string()),
  favourite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof ZPrompt>;

export const ZPromptList = z.object({
  prompts: z.array(ZPrompt),
  /** Every category the user has, with its prompt count (unfiltered), for the filter. */
  categories: z.array(z.object({ name: z.string(), count: z.number() })),
  total: z.number(),
});
