import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@atelier/shared';
import { type QueryCreator, type RawBuilder, sql, type Transaction } from 'kysely';
import { afterCommit } from '../client';
import type { Database } from '../types';

/**
 * Webhook events are recorded where the state changes, in the same transaction: one delivery row
 * per subscribed, enabled endpoint. Once the transaction commits, the process's dispatcher (the
 * api's or the worker's queue client, see `onWebhookDeliveries`) enqueues them; a delivery whose
 * enqueue was lost is picked up by the worker's `reconcile-webhooks` maintenance task.
 */

/** Where a balance falling below it fires credits.low when the endpoint sets no threshold (10 credits). */
export const DEFAULT_CREDITS_LOW_THRESHOLD_UNITS = 1000;

type Dispatcher = (deliveryIds: string[]) => unknown;
const dispatchers = new Set<Dispatcher>();

/** Registers what enqueues committed deliveries (a queue client); returns the unregister function. */
export function onWebhookDeliveries(fn: Dispatcher): () => void {
  dispatchers.add(fn);
  return () => {
    dispatchers.delete(fn);
  };
}

/** Hands committed delivery ids to the registered dispatchers (errors are theirs: reconciliation catches up). */
export function dispatchWebhookDeliveries(ids: string[]): void {
  if (!ids.length) return;
  for (const fn of dispatchers) {
    try {
      const r = fn(ids);
      if (r instanceof Promise) r.catch(() => {});
    } catch {
      // The rows are committed; the maintenance task enqueues them.
    }
  }
}

export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  /** The object the event is about (its REST GET shape becomes the payload's data at the first attempt). */
  objectType?: 'generation' | 'export' | 'seo_article' | null;
  objectId?: string | null;
  /** Data known now (credits.low's balance). */
  data?: Record<string, unknown> | null;
}

/**
 * The delivery rows of `event` — one per enabled endpoint of the user subscribed to it, all with one
 * event id — as an INSERT … SELECT returning their ids. `recordWebhookEvent` runs it in the caller's
 * transaction; a write that is one statement can carry it as a data-modifying CTE instead (`when`
 * then gates it on that write, e.g. `exists (select 1 from done)`), and dispatches the ids itself.
 */
export function webhookDeliveriesInsert(qc: QueryCreator<Database>, event: WebhookEvent, when?: RawBuilder<boolean>) {
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.type)) throw new Error(`Unknown webhook event ${event.type}`);
  const eventId = randomUUID();
  return qc
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'user_id', 'event_id', 'event_type', 'object_type', 'object_id', 'event_data'])
    .expression((eb) => {
      let q = eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          'user_id',
          sql<string>`${eventId}::uuid`.as('event_id'),
          sql<string>`${event.type}`.as('event_type'),
          sql<string | null>`${event.objectType ?? null}`.as('object_type'),
          sql<string | null>`${event.objectId ?? null}`.as('object_id'),
          sql<string | null>`${event.data ? JSON.stringify(event.data) : null}::jsonb`.as('event_data'),
        ])
        .where('user_id', '=', event.userId)
        .where('enabled', '=', true)
        .where('is_demo', '=', false)
        .where(sql<boolean>`${event.type} = ANY(events)`);
      if (when) q = q.where(when);
      return q;
    })
    .returning('id');
}

/**
 * Records `event` for every enabled endpoint of the user that subscribed to it, inside `trx`;
 * returns the delivery ids (enqueued after commit).
 */
export async function recordWebhookEvent(trx: Transaction<Database>, event: WebhookEvent): Promise<string[]> {
  const rows = await webhookDeliveriesInsert(trx, event).execute();
  const ids = rows.map((r) => r.id);
  if (ids.length) afterCommit(trx, () => dispatchWebhookDeliveries(ids));
  return ids;
}

/**
 * credits.low: a debit that took the balance from at or above an endpoint's threshold to below it
 * (each endpoint its own threshold), as an INSERT … SELECT returning the delivery ids. `afterUnits`
 * is the balance after the debit (an SQL expression: the ledger passes its update's result);
 * `debitUnits` is the (negative) change. Run by the ledger in the debit's statement.
 */
export function creditsLowInsert(qc: QueryCreator<Database>, userId: string, afterUnits: RawBuilder<number>, debitUnits: number) {
  const threshold = sql<number>`coalesce(credits_low_threshold_units, ${DEFAULT_CREDITS_LOW_THRESHOLD_UNITS}::bigint)`;
  const after = sql<number>`(${afterUnits})`;
  const before = sql<number>`(${afterUnits} - ${debitUnits}::bigint)`;
  return qc
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'user_id', 'event_id', 'event_type', 'event_data'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          'user_id',
          sql<string>`gen_random_uuid()`.as('event_id'),
          sql<string>`'credits.low'`.as('event_type'),
          sql<string>`jsonb_build_object('creditsBalance', ${after}::float8 / 100, 'previousBalance', ${before}::float8 / 100, 'threshold', (${threshold})::numeric / 100)`.as(
            'event_data',
          ),
        ])
        .where('user_id', '=', userId)
        .where('enabled', '=', true)
        .where('is_demo', '=', false)
        .where(sql<boolean>`'credits.low' = ANY(events)`)
        .where(sql<boolean>`${after} is not null`)
        .where(sql<boolean>`${debitUnits}::bigint < 0`)
        .where(sql<boolean>`${threshold} <= ${before}`)
        .where(sql<boolean>`${threshold} > ${after}`),
    )
    .returning('id');
}
