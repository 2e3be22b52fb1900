import { adminProcedure, router } from '../../trpc';
import { ZOutboxItem, ZOutboxList, ZOutboxListInput, ZOutboxMail, ZOutboxRef } from './email.schema';
import * as outbox from './email.service';

const tags = ['Admin'];

/** Admin → Outbox (issue 23): every mail the app wrote, its delivery and its content. Admins only. */
export const outboxRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/outbox', tags, summary: 'Mails in the outbox: recipient, subject, status, attempts, SMTP answer' },
    })
    .input(ZOutboxListInput)
    .output(ZOutboxList)
    .query(({ ctx, input }) => outbox.listOutbox(ctx, input)),
  byId: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/outbox/{id}', tags, summary: 'One mail: its text, HTML and links' } })
    .input(ZOutboxRef)
    .output(ZOutboxMail)
    .query(({ ctx, input }) => outbox.getOutboxMail(ctx, input.id)),
  retry: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/outbox/{id}/retry', tags, summary: 'Send a failed or unsent mail again' } })
    .input(ZOutboxRef)
    .output(ZOutboxItem)
    .mutation(({ ctx, input }) => outbox.retryOutboxMail(ctx, ctx.user, input.id)),
});
