import { z } from 'zod';
import { authedProcedure, publicProcedure, router, viewerProcedure } from '../../trpc';
import {
  ZCheckoutInput,
  ZCheckoutResponse,
  ZConfirmInput,
  ZConfirmResponse,
  ZPackageList,
  ZPaymentHistory,
  ZPaymentHistoryInput,
} from './payments.schema';
import * as payments from './payments.service';

const tags = ['Payments'];

/** Credit packages and Stripe Checkout. Fulfilment is the webhook's job (plugins/stripe-webhook.ts). */
export const paymentsRouter = router({
  packages: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/payment/packages', tags, summary: 'Active credit packages, and whether buying is possible here' } })
    .input(z.void())
    .output(ZPackageList)
    .query(({ ctx }) => payments.listPackages(ctx)),
  checkout: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/payment/checkout', tags, summary: 'Start a Stripe Checkout for a package; redirect to the returned url' },
    })
    .input(ZCheckoutInput)
    .output(ZCheckoutResponse)
    .mutation(({ ctx, input }) => payments.createCheckout(ctx, input.packageId)),
  confirm: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment/confirm',
        tags,
        summary: 'After the return from Checkout: the payment, checked with Stripe while pending, and the balance',
      },
    })
    .input(ZConfirmInput)
    .output(ZConfirmResponse)
    .mutation(({ ctx, input }) => payments.confirmCheckout(ctx, input.sessionId)),
  history: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/payment/history', tags, summary: 'Your payments, newest first (paginated)' } })
    .input(ZPaymentHistoryInput.prefault({}))
    .output(ZPaymentHistory)
    .query(({ ctx, input }) => payments.listPayments(ctx.db, ctx.viewerId, input)),
});
