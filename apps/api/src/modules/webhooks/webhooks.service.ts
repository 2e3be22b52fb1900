import { randomBytes, randomUUID } from 'node:crypto';
import { type Db, openWebhookSecret, sealWebhookSecret } from '@atelier/db';
import { jobIds } from '@atelier/jobs';
import { AppError, checkWebhookUrl, WEBHOOK_PREVIOUS_SECRET_TTL_MS, WEBHOOK_TEST_EVENT } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import type { CreateWebhookInput, UpdateWebhookInput, Webhook, WebhookDelivery } from './webhooks.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'log'>;

/** Endpoints one user may have. */
export const MAX_WEBHOOKS_PER_USER = 20;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const toUnits = (credits: number | null | undefined) => (credits === null || credits === undefined ? null : Math.round(credits * 100));

const endpointColumns = [
  'e.id',
  'e.url',
  'e.description',
  'e.events',
  'e.enabled',
  'e.secret',
  'e.previous_secret_expires_at',
  'e.credits_low_threshold_units',
  'e.failing_since',
  'e.disabled_reason',
  'e.is_demo',
  'e.created_at',
  'e.updated_at',
] as const;

function endpointsOf(db: Db, userId: string) {
  return db
    .selectFrom('webhook_endpoints as e')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select(['d.status as last_status', 'd.updated_at as last_at', 'd.last_status_code'])
          .whereRef('d.endpoint_id', '=', 'e.id')
          .orderBy('d.created_at', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([...endpointColumns, 'last.last_status', 'last.last_at', 'last.last_status_code'])
    .where('e.user_id', '=', userId);
}
type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpointsOf>['executeTakeFirstOrThrow']>>;

/** `whsec_AbCd…`; a secret sealed under another AUTH_SECRET cannot be read, and the hint says what to do. */
function hintOf(env: Deps['env'], r: EndpointRow): string {
  const secret = openWebhookSecret(env.auth.secret, r.id, r.secret);
  return secret ? `${secret.slice(0, 10)}…` : 'unreadable on this server: rotate it';
}

function toWebhook(env: Deps['env'], r: EndpointRow): Webhook {
  const previousLive = r.previous_secret_expires_at && new Date(r.previous_secret_expires_at).getTime() > Date.now();
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    secretHint: hintOf(env, r),
    previousSecretExpiresAt: previousLive ? iso(r.previous_secret_expires_at) : null,
    creditsLowThreshold: r.credits_low_threshold_units === null ? null : Number(r.credits_low_threshold_units) / 100,
    failingSince: iso(r.failing_since),
    disabledReason: r.disabled_reason,
    readOnly: r.is_demo,
    lastDelivery: r.last_status && r.last_at ? { status: r.last_status, at: iso(r.last_at) as string, statusCode: r.last_status_code } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function vetUrl(deps: Deps, url: string): string {
  const why = checkWebhookUrl(url, { allowPrivate: deps.env.webhooks.allowPrivate });
  if (why) throw new AppError('VALIDATION', why, { fields: [{ path: 'url', message: why }] });
  return new URL(url).toString();
}

async function owned(deps: Deps, userId: string, id: string, write: boolean): Promise<EndpointRow> {
  const row = await endpointsOf(deps.db, userId).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Webhook not found');
  if (write && row.is_demo) throw new AppError('FORBIDDEN', 'The demo webhook is read-only');
  return row;
}

async function present(deps: Deps, userId: string, id: string): Promise<Webhook> {
  return toWebhook(deps.env, await owned(deps, userId, id, false));
}

export async function listWebhooks(deps: Deps, viewerId: string): Promise<{ webhooks: Webhook[] }> {
  const rows = await endpointsOf(deps.db, viewerId).orderBy('e.created_at', 'desc').orderBy('e.id').execute();
  return { webhooks: rows.map((r) => toWebhook(deps.env, r)) };
}

export async function createWebhook(deps: Deps, userId: string, input: CreateWebhookInput): Promise<{ webhook: Webhook; secret: string }> {
  const url = vetUrl(deps, input.url);
  const count = await deps.db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_WEBHOOKS_PER_USER)
    throw new AppError('CONFLICT', `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks; delete one first`);
  const secret = newWebhookSecret();
  const id = randomUUID();
  const row = await deps.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      user_id: userId,
      url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      // Sealed at rest (packages/db webhook-secrets): only this answer shows it in clear.
      secret: sealWebhookSecret(deps.env.auth.secret, id, secret),
      credits_low_threshold_units: toUnits(input.creditsLowThreshold),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { webhook: await present(deps, userId, row.id), secret };
}

export async function updateWebhook(deps: Deps, userId: string, input: UpdateWebhookInput): Promise<{ webhook: Webhook }> {
  await owned(deps, userId, input.id, true);
  const set: Record<string, unknown> = {};
  if (input.url !== undefined) set.url = vetUrl(deps, input.url);
  if (input.events !== undefined) set.events = [...new Set(input.events)];
  if (input.description !== undefined) set.description = input.description;
  if (input.creditsLowThreshold !== undefined) set.credits_low_threshold_units = toUnits(input.creditsLowThreshold);
  if (input.enabled !== undefined) {
    set.enabled = input.enabled;
    // Enabled again by hand: the failure clock starts over.
    if (input.enabled) Object.assign(set, { failing_since: null, disabled_reason: null });
  }
  if (Object.keys(set).length) await deps.db.updateTable('webhook_endpoints').set(set).where('id', '=', input.id).execute();
  return { webhook: await present(deps, userId, input.id) };
}

export async function deleteWebhook(deps: Deps, userId: string, id: string): Promise<{ success: true }> {
  await owned(deps, userId, id, true);
  await deps.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  return { success: true };
}

/** A new secret; the previous one keeps signing alongside it for 24 h (receivers switch over meanwhile). */
export async function rotateSecret(deps: Deps, userId: string, id: string): Promise<{ webhook: Webhook; secret: string }> {
  await owned(deps, userId, id, true);
  const secret = newWebhookSecret();
  await deps.db
    .updateTable('webhook_endpoints')
    .set({
      previous_secret: sql`secret`,
      previous_secret_expires_at: new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_TTL_MS),
      secret: sealWebhookSecret(deps.env.auth.secret, id, secret),
    })
    .where('id', '=', id)
    .execute();
  return { webhook: await present(deps, userId, id), secret };
}

async function enqueueAttempt(deps: Deps, deliveryId: string, attempt: number, manual: boolean) {
  try {
    await deps.queues.enqueue('webhooks', { deliveryId, attempt, manual }, { jobId: jobIds.webhookAttempt(deliveryId, attempt) });
  } catch (e) {
    // The row is written: the worker's reconcile-webhooks task enqueues it.
    deps.log.warn({ err: String(e), deliveryId }, 'webhook attempt not queued now; maintenance will');
  }
}

/** "Send test event": a `webhook.test` delivery to this endpoint (even when it does not subscribe to any event yet). */
export async function sendTestEvent(deps: Deps, userId: string, id: string): Promise<{ delivery: WebhookDelivery }> {
  const endpoint = await owned(deps, userId, id, true);
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the webhook before sending a test event');
  const row = await deps.db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: id,
      user_id: userId,
      event_id: sql`gen_random_uuid()`,
      event_type: WEBHOOK_TEST_EVENT,
      event_data: JSON.stringify({ message: 'A test event from Atelier: your endpoint receives and verifies webhooks.', webhookId: id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueAttempt(deps, row.id, 1, true);
  return { delivery: await deliveryById(deps.db, id, row.id) };
}

const deliveryColumns = [
  'id',
  'event_id',
  'event_type',
  'status',
  'attempts',
  'last_status_code',
  'last_error',
  'next_attempt_at',
  'delivered_at',
  'created_at',
] as const;

async function toDeliveries(
  db: Db,
  rows: {
    id: string;
    event_id: string;
    event_type: string;
    status: WebhookDelivery['status'];
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    next_attempt_at: Date;
    delivered_at: Date | null;
    created_at: Date;
  }[],
): Promise<WebhookDelivery[]> {
  const attempts = rows.length
    ? await db
        .selectFrom('webhook_attempts')
        .select(['delivery_id', 'attempt', 'status_code', 'duration_ms', 'response_body', 'error', 'created_at'])
        .where(
          'delivery_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    webhookId: `msg_${r.id}`,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'RETRYING' || r.status === 'PENDING' ? iso(r.next_attempt_at) : null,
    deliveredAt: iso(r.delivered_at),
    createdAt: new Date(r.created_at).toISOString(),
    attemptLog: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        responseBody: a.response_body,
        error: a.error,
        createdAt: new Date(a.created_at).toISOString(),
      })),
  }));
}

async function deliveryById(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Delivery not found');
  return (await toDeliveries(db, [row]))[0] as WebhookDelivery;
}

export async function listDeliveries(
  deps: Deps,
  viewerId: string,
  input: { id: string; limit: number; offset: number },
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  await owned(deps, viewerId, input.id, false);
  const base = deps.db.selectFrom('webhook_deliveries').where('endpoint_id', '=', input.id);
  const [rows, total] = await Promise.all([
    base.select(deliveryColumns).orderBy('created_at', 'desc').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { deliveries: await toDeliveries(deps.db, rows), total: Number(total.n) };
}

/**
 * "Resend": one more attempt of a finished delivery (or one waiting for its next retry, now),
 * with the same webhook-id and body. It does not start a new retry chain.
 */
export async function resendDelivery(deps: Deps, userId: string, input: { id: string; deliveryId: string }): Promise<{ delivery: WebhookDelivery }> {
  const endpoint = await owned(deps, userId, input.id, true);
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the webhook before resending');
  const row = await deps.db
    .updateTable('webhook_deliveries')
    .set({ status: 'PENDING', next_attempt_at: new Date() })
    .where('id', '=', input.deliveryId)
    .where('endpoint_id', '=', input.id)
    .where('status', 'in', ['DELIVERED', 'FAILED', 'RETRYING'])
    .returning(['attempts'])
    .executeTakeFirst();
  if (!row) {
    await deliveryById(deps.db, input.id, input.deliveryId); // 404 when it is not there
    throw new AppError('CONFLICT', 'This delivery is being sent right now; try again in a moment');
  }
  const next = row.attempts + 1;
  // A retry that was waiting: the resend takes its place.
  await deps.queues.cancel('webhooks', jobIds.webhookAttempt(input.deliveryId, next)).catch(() => false);
  await enqueueAttempt(deps, input.deliveryId, next, true);
  return { delivery: await deliveryById(deps.db, input.id, input.deliveryId) };
}
