import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { ZApiKey, ZCreateApiKey, ZCreatedApiKey, ZSecurityEvent } from './api-keys.schema';
import * as keys from './api-keys.service';

const tags = ['API keys'];

/** Personal API keys: managed with a signed-in session only (`never` for keys, see scopes.ts). */
export const apiKeysRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/profile/api-keys', tags, summary: 'Your API keys (never the secrets): name, prefix, scopes, last use' },
    })
    .input(z.void())
    .output(z.object({ apiKeys: z.array(ZApiKey) }))
    .query(async ({ ctx }) => ({ apiKeys: await keys.listKeys(ctx, ctx.user.id) })),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/api-keys',
        tags,
        summary: 'Create an API key with scopes and an optional expiry; the secret is in this answer only',
      },
    })
    .input(ZCreateApiKey)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => keys.createKey(ctx, ctx.user.id, input)),
  revoke: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/profile/api-keys/{id}', tags, summary: 'Revoke an API key: refused from the next request on, everywhere' },
    })
    .input(z.object({ id: z.uuid('id must be a UUID') }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => keys.revokeKey(ctx, ctx.user.id, input.id)),
  securityLog: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/profile/security-log', tags, summary: 'Your security log: API keys created, used from a new IP, revoked' },
    })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).optional())
    .output(z.object({ events: z.array(ZSecurityEvent) }))
    .query(async ({ ctx, input }) => ({ events: await keys.securityLog(ctx, ctx.user.id, input?.limit ?? 50) })),
});
