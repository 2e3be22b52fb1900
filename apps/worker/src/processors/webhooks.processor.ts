import { type Db, openWebhookSecret } from '@atelier/db';
import { jobIds, LIVE_JOB_STATES, type QueueClient } from '@atelier/jobs';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { defineProcessor } from '../registry';
import { buildWebhookData } from '../webhooks/payloads';
import { sendWebhook } from '../webhooks/send';
import { signWebhook } from '../webhooks/sign';

const clip = (value: string | null, max = 1000) => (value && value.length > max ? `${value.slice(0, max)}…` : value);
const disabledReason = 'Disabled after 3 days of failed deliveries. Fix the receiver, then enable the endpoint again.';
/** The endpoint's secret was sealed under another AUTH_SECRET (the server's was changed): it cannot sign. */
export const UNREADABLE_SECRET =
  "The endpoint's signing secret cannot be read on this server (its AUTH_SECRET changed). Rotate the secret, then resend.";

/** Enqueues the first attempt of committed deliveries (the dispatcher the api and the worker register). */
export async function enqueueWebhookDeliveries(queues: QueueClient, ids: string[]): Promise<void> {
  for (const id of ids) await queues.enqueue('webhooks', { deliveryId: id, attempt: 1 }, { jobId: jobIds.webhookAttempt(id, 1) });
}

/**
 * One attempt of one delivery. The row is the truth: the attempt is claimed (attempts = n - 1 →
 * n, so a duplicate job sends nothing), recorded in webhook_attempts, and on failure the row
 * schedules the next attempt (backoff WEBHOOK_RETRY_DELAY_MS × 4^(n-1); 8 attempts) and enqueues
 * it. A resend (`manual`) is one more attempt with the same webhook-id and no automatic retries.
 */
export const webhooksProcessor = defineProcessor({
  queue: 'webhooks',
  async process(job, { db, log, env, queues }) {
    const { deliveryId, attempt, manual } = job.data;
    const row = await db
      .updateTable('webhook_deliveries')
      .set({ status: 'SENDING', attempts: attempt })
      .where('id', '=', deliveryId)
      .where('attempts', '=', attempt - 1)
      .where('status', 'in', ['PENDING', 'RETRYING'])
      .returning(['id', 'endpoint_id', 'user_id', 'event_id', 'event_type', 'object_type', 'object_id', 'event_data', 'payload', 'created_at'])
      .executeTakeFirst();
    if (!row) return { skipped: true };
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'enabled', 'secret', 'previous_secret', 'previous_secret_expires_at'])
      .where('id', '=', row.endpoint_id)
      .executeTakeFirst();
    // Ends the delivery unsent (the attempt is not counted): a resend after the fix tries again.
    const failUnsent = (reason: string) =>
      db
        .updateTable('webhook_deliveries')
        .set({ status: 'FAILED', last_error: reason, attempts: attempt - 1 })
        .where('id', '=', row.id)
        .execute();
    if (!endpoint?.enabled) {
      await failUnsent('The endpoint is disabled');
      return { skipped: 'disabled' };
    }
    // Sealed at rest (packages/db webhook-secrets): opened with this deployment's AUTH_SECRET.
    const secret = openWebhookSecret(env.auth.secret, endpoint.id, endpoint.secret);
    if (!secret) {
      await failUnsent(UNREADABLE_SECRET);
      log.error({ endpointId: endpoint.id }, 'a webhook signing secret cannot be opened with this AUTH_SECRET');
      return { skipped: 'unreadable secret' };
    }

    // The body is frozen at the first attempt: every retry and resend sends the same bytes.
    let body = row.payload;
    if (!body) {
      body = JSON.stringify({
        id: row.event_id,
        type: row.event_type,
        createdAt: new Date(row.created_at).toISOString(),
        data: await buildWebhookData({ db, env }, row),
      });
      await db.updateTable('webhook_deliveries').set({ payload: body }).where('id', '=', row.id).execute();
    }
    const secrets = [secret];
    const previous =
      endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at.getTime() > Date.now()
        ? openWebhookSecret(env.auth.secret, endpoint.id, endpoint.previous_secret)
        : null;
    if (previous) secrets.push(previous);
    const headers = signWebhook(`msg_${row.id}`, body, secrets);
    const result = await sendWebhook({ url: endpoint.url, headers, body, allowPrivate: env.webhooks.allowPrivate });

    await db
      .insertInto('webhook_attempts')
      .values({
        delivery_id: row.id,
        attempt,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        response_body: result.responseBody,
        error: clip(result.error),
      })
      .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
      .execute();

    if (result.ok) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'DELIVERED', delivered_at: new Date(), last_status_code: result.statusCode, last_error: null })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('webhook_endpoints')
          .set({ failing_since: null })
          .where('id', '=', endpoint.id)
          .where('failing_since', 'is not', null)
          .execute();
      });
      return { delivered: true, status: result.statusCode, attempt };
    }

    const final = manual || attempt >= WEBHOOK_MAX_ATTEMPTS;
    const delay = webhookRetryDelayMs(attempt, env.webhooks.retryDelayMs);
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: final ? 'FAILED' : 'RETRYING',
        last_status_code: result.statusCode,
        last_error: clip(result.error),
        ...(final ? {} : { next_attempt_at: new Date(Date.now() + delay) }),
      })
      .where('id', '=', row.id)
      .execute();
    await markEndpointFailing(db, endpoint.id);
    log.info({ deliveryId: row.id, attempt, status: result.statusCode, err: result.error, final }, 'webhook not delivered');
    if (!final) {
      // Lost (Redis blip): the maintenance task finds the due row and enqueues this attempt.
      await queues
        .enqueue('webhooks', { deliveryId: row.id, attempt: attempt + 1 }, { jobId: jobIds.webhookAttempt(row.id, attempt + 1), delay })
        .catch((e: unknown) => log.warn({ err: String(e), deliveryId: row.id }, 'next webhook attempt not queued; maintenance will'));
    }
    return { delivered: false, status: result.statusCode, attempt, final };
  },
});

/** Marks the endpoint failing since now (unless it already is); 3 days of failing disables it. */
async function markEndpointFailing(db: Db, endpointId: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: sql`coalesce(failing_since, now())` }).where('id', '=', endpointId).execute();
  await disableFailingEndpoints(db, endpointId);
}

/** Disables endpoints that have been failing for 3 days (one, or all); returns how many. */
export async function disableFailingEndpoints(db: Db, endpointId?: string): Promise<number> {
  let q = db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: disabledReason })
    .where('enabled', '=', true)
    .where('failing_since', '<', new Date(Date.now() - WEBHOOK_DISABLE_AFTER_MS));
  if (endpointId) q = q.where('id', '=', endpointId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Deliveries whose next attempt is due but has no live job (an enqueue lost after its transaction
 * committed, Redis flushed, a worker killed while sending): their attempt is enqueued again (same
 * job id). A row left SENDING counts that attempt as made and moves on to the next.
 */
export async function reconcileWebhooks(
  deps: { db: Db; log: Logger; queues: QueueClient; env: Env },
  options: { graceMs?: number; sendingStaleMs?: number } = {},
): Promise<{ requeued: number; failed: number; disabled: number }> {
  const due = new Date(Date.now() - (options.graceMs ?? 30_000));
  const staleSending = new Date(Date.now() - (options.sendingStaleMs ?? 2 * 60_000));
  const rows = await deps.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'attempts'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['PENDING', 'RETRYING']), eb('next_attempt_at', '<', due)]),
        eb.and([eb('status', '=', 'SENDING'), eb('updated_at', '<', staleSending)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(1000)
    .execute();
  let requeued = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.status === 'SENDING') {
      if (LIVE_JOB_STATES.includes(await deps.queues.state('webhooks', jobIds.webhookAttempt(row.id, row.attempts)))) continue;
      const over = row.attempts >= WEBHOOK_MAX_ATTEMPTS;
      await deps.db
        .updateTable('webhook_deliveries')
        .set({ status: over ? 'FAILED' : 'RETRYING', last_error: 'The worker stopped during the attempt' })
        .where('id', '=', row.id)
        .where('status', '=', 'SENDING')
        .execute();
      if (over) {
        failed++;
        continue;
      }
    }
    const next = row.attempts + 1;
    const jobId = jobIds.webhookAttempt(row.id, next);
    if (LIVE_JOB_STATES.includes(await deps.queues.state('webhooks', jobId))) continue;
    await deps.queues.cancel('webhooks', jobId);
    await deps.queues.enqueue('webhooks', { deliveryId: row.id, attempt: next }, { jobId });
    requeued++;
  }
  const disabled = await disableFailingEndpoints(deps.db);
  if (requeued || failed || disabled) deps.log.warn({ requeued, failed, disabled }, 'reconciled webhook deliveries');
  return { requeued, failed, disabled };
}
