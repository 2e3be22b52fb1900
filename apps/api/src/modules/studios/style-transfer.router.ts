import { z } from 'zod';
import { authedProcedure, publicProcedure, router, viewerProcedure } from '../../trpc';
import { ZGeneration } from '../generation/generation.schema';
import * as styleTransfer from './style-transfer.service';

const tags = ['Studios'];

export const ZStyleTransferInput = z
  .object({
    /** A base64 data URL of a PNG, JPEG or WebP (≤ 8 MB), or one of your own images (a media key or signed URL); ≤ 16 megapixels. */
    image: z.string().trim().min(1, 'image is required').max(12_000_000, 'image is larger than 8 MB'),
    style: z.string().trim().min(1, 'style is required').max(40),
    /** 0 keeps the original, 100 is the full style. */
    strength: z.number().min(0, 'strength must be at least 0').max(100, 'strength must be at most 100').default(75),
    /** local/style-transfer (default) or a hosted image-to-image model from `styles` when its provider is configured. */
    model: z.string().trim().min(1).max(100).optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

const ZStyle = z.object({ id: z.string(), name: z.string(), description: z.string(), provider: z.string(), model: z.string() });
const ZStyleResult = ZGeneration.extend({ sourceUrl: z.string().nullable() });
const ZStyleModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  isLocal: z.boolean(),
  credits: z.number(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
});

/** Style transfer (issue 9): local styles rendered on this server, each run an image generation. */
export const styleTransferRouter = router({
  styles: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/advanced-features/style-transfer/styles',
        tags,
        summary: 'The styles, and the models that render them (local, or hosted when configured)',
      },
    })
    .input(z.void())
    .output(z.object({ styles: z.array(ZStyle), models: z.array(ZStyleModel) }))
    .query(async ({ ctx }) => ({ styles: await styleTransfer.listStyles(), models: await styleTransfer.styleModels(ctx) })),
  results: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/advanced-features/style-transfer/results',
        tags,
        summary: 'Your style transfers with their source images, newest first',
      },
    })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) }).strict())
    .output(z.object({ results: z.array(ZStyleResult) }))
    .query(async ({ ctx, input }) => ({ results: await styleTransfer.results(ctx, ctx.viewerId, input.limit) })),
  run: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/style-transfer',
        tags,
        summary: 'Repaint an image in a style (JSON; the image as a base64 data URL or one of your images): an image generation',
      },
    })
    .input(ZStyleTransferInput)
    .output(z.object({ generation: ZStyleResult, creditsBalance: z.number(), replayed: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const res = await styleTransfer.run(ctx, input);
      return { ...res, generation: { ...res.generation, sourceUrl: ctx.media.url(String(res.generation.params.image ?? '')) ?? null } };
    }),
});
