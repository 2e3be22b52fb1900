import { z } from 'zod';
import { router, viewerProcedure } from '../../trpc';
import { ZBalance, ZCreditHistory, ZPageInput, ZUsage, ZUsageInput } from './credits.schema';
import * as credits from './credits.service';

const tags = ['Credits'];

/** Reads only: balances change through the features that spend, refund or sell credits. Guests read the demo account's. */
export const creditsRouter = router({
  balance: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/credits/balance', tags, summary: 'The credit balance' } })
    .input(z.void())
    .output(ZBalance)
    .query(({ ctx }) => credits.getBalance(ctx.db, ctx.viewerId)),
  history: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/credits/history', tags, summary: 'Credit ledger, newest first (paginated)' } })
    .input(ZPageInput.prefault({}))
    .output(ZCreditHistory)
    .query(({ ctx, input }) => credits.listHistory(ctx.db, ctx.viewerId, input)),
  usage: viewerProcedure
    .meta({
      openapi: { method: 'GET', path: '/credits/usage', tags, summary: 'Credits used per day (spends minus their refunds), oldest day first' },
    })
    .input(ZUsageInput.prefault({}))
    .output(ZUsage)
    .query(({ ctx, input }) => credits.usageByDay(ctx.db, ctx.viewerId, input)),
});
