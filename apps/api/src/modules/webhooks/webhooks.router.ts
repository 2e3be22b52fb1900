import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import {
  ZCreateWebhook,
  ZDeliveriesRequest,
  ZResendRequest,
  ZUpdateWebhook,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookId,
  ZWebhookWithSecret,
} from './webhooks.schema';
import * as webhooks from './webhooks.service';

const tags = ['Webhooks'];

/**
 * Profile → Webhooks (issue 24): endpoints, their signing secrets and delivery log. Reads use the
 * viewer (a guest sees the demo workspace's read-only endpoint); writes need a signed-in user.
 * Key management: never reachable with an API key (the key-scope table maps `webhooks.*` to none).
 */
export const webhooksRouter = router({
  list: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/profile/webhooks', tags, summary: 'Your webhook endpoints' } })
    .input(z.void())
    .output(z.object({ webhooks: z.array(ZWebhook) }))
    .query(({ ctx }) => webhooks.listWebhooks(ctx, ctx.viewerId)),
  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/profile/webhooks', tags, summary: 'Add an endpoint (https, public address); its secret is shown only now' },
    })
    .input(ZCreateWebhook)
    .output(ZWebhookWithSecret)
    .mutation(({ ctx, input }) => webhooks.createWebhook(ctx, ctx.user.id, input)),
  update: authedProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/profile/webhooks/{id}', tags, summary: 'Change URL, events, description, threshold; enable or disable' },
    })
    .input(ZUpdateWebhook)
    .output(z.object({ webhook: ZWebhook }))
    .mutation(({ ctx, input }) => webhooks.updateWebhook(ctx, ctx.user.id, input)),
  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/profile/webhooks/{id}', tags, summary: 'Delete an endpoint and its delivery log' } })
    .input(ZWebhookId)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => webhooks.deleteWebhook(ctx, ctx.user.id, input.id)),
  test: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/profile/webhooks/{id}/test', tags, summary: 'Send a signed webhook.test event to the endpoint' } })
    .input(ZWebhookId)
    .output(z.object({ delivery: ZWebhookDelivery }))
    .mutation(({ ctx, input }) => webhooks.sendTestEvent(ctx, ctx.user.id, input.id)),
  rotateSecret: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/webhooks/{id}/rotate-secret',
        tags,
        summary: 'New signing secret (shown only now); the old one keeps signing alongside for 24 h',
      },
    })
    .input(ZWebhookId)
    .output(ZWebhookWithSecret)
    .mutation(({ ctx, input }) => webhooks.rotateSecret(ctx, ctx.user.id, input.id)),
  deliveries: viewerProcedure
    .meta({
      openapi: { method: 'GET', path: '/profile/webhooks/{id}/deliveries', tags, summary: 'Delivery log: events, attempts, status codes, responses' },
    })
    .input(ZDeliveriesRequest)
    .output(z.object({ deliveries: z.array(ZWebhookDelivery), total: z.number() }))
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx, ctx.viewerId, input)),
  resend: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/webhooks/{id}/deliveries/{deliveryId}/resend',
        tags,
        summary: 'Send a delivery again, with the same webhook-id',
      },
    })
    .input(ZResendRequest)
    .output(z.object({ delivery: ZWebhookDelivery }))
    .mutation(({ ctx, input }) => webhooks.resendDelivery(ctx, ctx.user.id, input)),
});
