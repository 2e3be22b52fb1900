import { AppError } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import Stripe from 'stripe';

export const NOT_CONFIGURED_MESSAGE = 'Payments are not configured on this server';

type StripeEnv = Env['stripe'];

/**
 * Payments need both keys: the secret key to create Checkout Sessions and the webhook secret
 * to be told they were paid. With only one of them a user could pay and never be credited.
 */
export const isStripeConfigured = (env: Pick<Env, 'stripe'>): boolean => Boolean(env.stripe.secretKey && env.stripe.webhookSecret);

const clients = new WeakMap<StripeEnv, Stripe>();

/**
 * The one Stripe SDK client per configuration. STRIPE_API_HOST/PORT/PROTOCOL point it at
 * another server (tests use apps/api/src/testing/stripe-simulator.ts); the API version is the
 * one this SDK release is pinned to.
 */
export function getStripe(env: Pick<Env, 'stripe'>): Stripe {
  if (!isStripeConfigured(env) || !env.stripe.secretKey) throw new AppError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
  const cached = clients.get(env.stripe);
  if (cached) return cached;
  const client = new Stripe(env.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Atelier' },
    ...(env.stripe.host ? { host: env.stripe.host } : {}),
    ...(env.stripe.port ? { port: env.stripe.port } : {}),
    ...(env.stripe.protocol ? { protocol: env.stripe.protocol } : {}),
  });
  clients.set(env.stripe, client);
  return client;
}

/**
 * Verifies `Stripe-Signature` over the raw body (HMAC-SHA256 with the endpoint secret, timestamp
 * within the SDK's 300 s tolerance) and parses the event. Throws Stripe's
 * SignatureVerificationError on any mismatch. Needs no API key.
 */
export function verifyWebhookEvent(rawBody: Buffer | string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
