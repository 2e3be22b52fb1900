import { ALL_PROVIDERS, AppError, OUTPUT_TYPES, providerInfo } from '@atelier/shared';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router, viewerProcedure } from '../../trpc';
import { listModels } from './catalogue.service';
import { ZCompareRow, ZGenerateInput, ZGeneration, ZGenerationType, ZHistoryInput, ZModel, ZProvider } from './generation.schema';
import * as generation from './generation.service';

const tags = ['Generation'];
const ZId = z.object({ id: z.uuid({ error: 'id must be a generation id' }) }).strict();
const ZWithBalance = z.object({ generation: ZGeneration, creditsBalance: z.number(), replayed: z.boolean().optional() });

// Literal paths come before parameterised ones (/generation/history before /generation/{id}).
export const generationRouter = router({
  generate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/generation/generate',
        tags,
        summary: 'Charge, queue and return a generation (send Idempotency-Key to make retries safe)',
      },
    })
    .input(ZGenerateInput)
    .output(ZWithBalance)
    .mutation(({ ctx, input }) => generation.generate(ctx, input)),
  enhance: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/generation/enhance', tags, summary: 'Improve a prompt' } })
    .input(z.object({ prompt: z.string().trim().min(1, 'prompt is required').max(4000), type: ZGenerationType }).strict())
    .output(z.object({ prompt: z.string(), enhancedPrompt: z.string(), model: z.string() }))
    .mutation(async ({ ctx, input }) => {
      // The default text model improves the prompt: OpenAI when configured, else the offline enhancer.
      const { createProviders } = await import('@atelier/providers');
      const hosted = createProviders(ctx.env).enhancePrompt;
      if (hosted) {
        try {
          const result = await hosted({ prompt: input.prompt, type: input.type, signal: AbortSignal.timeout(20_000) });
          return { prompt: input.prompt, enhancedPrompt: result.prompt, model: `openai/${result.model}` };
        } catch (e) {
          ctx.log.warn({ err: String(e) }, 'hosted prompt enhancement failed; using the offline enhancer');
        }
      }
      const { enhancePrompt } = await import('@atelier/ai');
      return { prompt: input.prompt, enhancedPrompt: enhancePrompt({ prompt: input.prompt, type: input.type }).prompt, model: 'local/text' };
    }),
  history: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/generation/history', tags, summary: 'Your generations, newest first' } })
    .input(ZHistoryInput)
    .output(z.object({ generations: z.array(ZGeneration), total: z.number(), limit: z.number(), offset: z.number() }))
    .query(({ ctx, input }) => generation.history(ctx, ctx.viewerId, input)),
  models: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/generation/models', tags, summary: 'The whole model catalogue with prices and availability' } })
    .input(z.void())
    .output(z.object({ models: z.array(ZModel) }))
    .query(async ({ ctx }) => ({ models: await listModels(ctx) })),
  providers: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/generation/providers/list', tags, summary: 'Providers and whether they are configured' } })
    .input(z.void())
    .output(z.object({ providers: z.array(ZProvider) }))
    .query(async ({ ctx }) => {
      const models = await listModels(ctx);
      return { providers: ALL_PROVIDERS.map((p) => ({ ...providerInfo(ctx.env, p), modelCount: models.filter((m) => m.provider === p).length })) };
    }),
  providerModels: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/generation/providers/{provider}/models', tags, summary: "A provider's models" } })
    .input(z.object({ provider: z.string().min(1).max(40) }))
    .output(z.object({ provider: z.string(), models: z.array(ZModel) }))
    .query(async ({ ctx, input }) => {
      if (!ALL_PROVIDERS.includes(input.provider)) throw new AppError('NOT_FOUND', `Unknown provider: ${input.provider}`);
      return { provider: input.provider, models: (await listModels(ctx)).filter((m) => m.provider === input.provider) };
    }),
  modelsByOutput: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/generation/models/by-output/{output}', tags, summary: 'Models that make video, image, audio or text' },
    })
    .input(z.object({ output: z.enum(['video', 'image', 'audio', 'text']) }))
    .output(z.object({ output: z.string(), models: z.array(ZModel) }))
    .query(async ({ ctx, input }) => ({
      output: input.output,
      models: (await listModels(ctx)).filter((m) => m.type === OUTPUT_TYPES[input.output]),
    })),
  compare: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/generation/compare', tags, summary: 'Models side by side: requirements, price, latency, success rate' },
    })
    .input(z.object({ modelIds: z.array(z.string().min(1).max(100)).min(1, 'modelIds needs at least one model').max(8) }).strict())
    .output(z.object({ models: z.array(ZCompareRow) }))
    .mutation(({ ctx, input }) => generation.compare(ctx, input.modelIds)),
  // Pushes status and progress until the generation ends (SSE, from any replica's worker). GET /generation/{id} is the fallback.
  onStatus: viewerProcedure.input(ZId).subscription(({ ctx, input, signal }) => generation.followStatus(ctx, ctx.viewerId, input.id, signal)),
  byId: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/generation/{id}', tags, summary: 'One generation (status polling fallback)' } })
    .input(ZId)
    .output(ZGeneration)
    .query(async ({ ctx, input }) => generation.toGeneration(ctx, await generation.getOwned(ctx, ctx.viewerId, input.id))),
  cancel: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/generation/{id}/cancel', tags, summary: 'Cancel a pending or running generation (refunded once)' } })
    .input(ZId)
    .output(ZWithBalance)
    .mutation(({ ctx, input }) => generation.cancel(ctx, input.id)),
  rerun: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/generation/{id}/rerun', tags, summary: 'Re-run exactly: same model, parameters and seed' } })
    .input(ZId)
    .output(ZWithBalance)
    .mutation(({ ctx, input }) => generation.rerun(ctx, input.id)),
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/generation/{id}', tags, summary: 'Delete a finished generation and its media' } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => generation.remove(ctx, input.id)),
});
