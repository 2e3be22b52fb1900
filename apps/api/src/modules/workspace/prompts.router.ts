import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import { ZCreatePrompt, ZListPrompts, ZPrompt, ZPromptList, ZUpdatePrompt } from './prompts.schema';
import * as prompts from './prompts.service';

const tags = ['Prompts'];

export const promptsRouter = router({
  list: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/prompts', tags, summary: 'Your saved prompts (category, type, search and favourite filters)' } })
    .input(ZListPrompts)
    .output(ZPromptList)
    .query(({ ctx, input }) => prompts.listPrompts(ctx.db, ctx.viewerId, input)),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/prompts', tags, summary: 'Save a prompt to your library' } })
    .input(ZCreatePrompt)
    .output(z.object({ prompt: ZPrompt }))
    .mutation(({ ctx, input }) => prompts.createPrompt(ctx.db, ctx.user.id, input)),
  update: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/prompts/{id}', tags, summary: 'Change a saved prompt (or mark it favourite)' } })
    .input(ZUpdatePrompt)
    .output(z.object({ prompt: ZPrompt }))
    .mutation(({ ctx, input }) => prompts.updatePrompt(ctx.db, ctx.user.id, input)),
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/prompts/{id}', tags, summary: 'Delete a saved prompt' } })
    .input(z.object({ id: z.uuid({ error: 'id must be a prompt id' }) }).strict())
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => prompts.deletePrompt(ctx.db, ctx.user.id, input.id)),
});
