import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../context';
import { handleStripeEvent } from '../modules/payments/payments.service';
import { NOT_CONFIGURED_MESSAGE, verifyWebhookEvent } from '../modules/payments/stripe';

export const STRIPE_WEBHOOK_PATH = '/api/payment/webhook';

/**
 * `POST /api/payment/webhook`: Stripe's event deliveries. A static route, so it wins over the
 * REST mirror's `/api/*`; registered as its own (encapsulated) plugin whose only content-type
 * parser keeps the body as raw bytes, because the signature is over exactly those bytes.
 *
 * Bad or missing signature → 400 and nothing written. A verified event is applied idempotently
 * (payments.service.ts) and acknowledged with 200; a failure answers 500 so Stripe retries.
 */
export async function stripeWebhookPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
    const secret = deps.env.stripe.webhookSecret;
    if (!secret) return reply.status(501).send({ error: { code: 'NOT_CONFIGURED', message: NOT_CONFIGURED_MESSAGE } });
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '' || !Buffer.isBuffer(req.body)) {
      return reply.status(400).send({ error: { code: 'VALIDATION', message: 'Missing Stripe-Signature header or body' } });
    }
    let event: Stripe.Event;
    try {
      event = verifyWebhookEvent(req.body, signature, secret);
    } catch (e) {
      req.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'stripe webhook signature rejected');
      return reply.status(400).send({ error: { code: 'VALIDATION', message: 'Invalid Stripe signature' } });
    }
    try {
      const outcome = await handleStripeEvent(deps, event);
      req.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return reply.status(200).send({ received: true, outcome });
    } catch (e) {
      req.log.error({ err: e, eventId: event.id, type: event.type }, 'stripe event failed; stripe will retry');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    }
  });
}
