import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import { ZBrandKit, ZUpdateBrandKit } from './brand-kit.schema';
import * as brandKit from './brand-kit.service';

const tags = ['Brand kit'];

export const brandKitRouter = router({
  get: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/brand-kit', tags, summary: 'Your brand kit (null until you save one)' } })
    .input(z.void())
    .output(z.object({ brandKit: ZBrandKit.nullable() }))
    .query(({ ctx }) => brandKit.getBrandKit(ctx, ctx.viewerId)),
  update: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/brand-kit', tags, summary: 'Save your brand kit (logo as a base64 data URL)' } })
    .input(ZUpdateBrandKit)
    .output(z.object({ brandKit: ZBrandKit }))
    .mutation(({ ctx, input }) => brandKit.putBrandKit(ctx, ctx.user.id, input)),
});
