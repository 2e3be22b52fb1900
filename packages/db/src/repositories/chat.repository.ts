import { settleMetered, unitsToCredits } from '@atelier/shared';
import type { Db } from '../client';
import type { ChatMessageRow, ChatMessageStatus } from '../types';
import { applyCreditChangeInTransaction } from './ledger.repository';

/**
 * Chat replies' end of life, shared by the api (the runner, stop, delete) and the worker's
 * maintenance (replies a dead process left open): ending is conditional, refunding keyed, so each
 * reply ends — and is refunded — at most once.
 */

export const spendKeyForReply = (messageId: string) => `spend:chat:${messageId}`;
export const refundKeyForReply = (messageId: string) => `refund:chat:${messageId}`;
export const OPEN_REPLY_STATUSES: ChatMessageStatus[] = ['PENDING', 'STREAMING'];
/** A reply still open with no write for this long was left by a process that died (live ones write every 15 s). */
export const CHAT_REPLY_STALE_MS = 2 * 60_000;

export interface ReplyEnd {
  status: 'COMPLETED' | 'FAILED' | 'STOPPED';
  content: string;
  tokensIn?: number | null;
  tokensOut?: number | null;
  latencyMs?: number | null;
  error?: string | null;
  /** Give the charge back (once: the ledger key is unique, and only an open reply can end). */
  refund: boolean;
  /**
   * A token-metered model's price per 1,000 tokens: the reply was charged a hold, and what the
   * tokens did not use of it is given back (with the same once-only key as a refund).
   */
  meteredPer1k?: number;
}

/**
 * Ends a reply that is still PENDING or STREAMING, refunding it when asked, in one transaction.
 * Returns null when it had already ended (or is gone): a second stop, a late writer, a race.
 */
export async function endReply(db: Db, messageId: string, end: ReplyEnd): Promise<{ row: ChatMessageRow; creditsBalance: number } | null> {
  return db.transaction().execute(async (trx) => {
    const settle = !end.refund && end.meteredPer1k !== undefined;
    const hold = settle
      ? await trx.selectFrom('chat_messages').select('credit_units').where('id', '=', messageId).forUpdate().executeTakeFirst()
      : undefined;
    const settled = hold ? settleMetered(hold.credit_units, end.meteredPer1k ?? 0, end.tokensIn ?? 0, end.tokensOut ?? 0) : null;
    const row = await trx
      .updateTable('chat_messages')
      .set((eb) => ({
        status: end.status,
        content: end.content,
        tokens_in: end.tokensIn ?? null,
        tokens_out: end.tokensOut ?? null,
        latency_ms: end.latencyMs ?? null,
        error: end.error?.slice(0, 500) ?? null,
        credit_units_refunded: end.refund ? eb.ref('credit_units') : (settled?.refundUnits ?? 0),
        completed_at: new Date(),
      }))
      .where('id', '=', messageId)
      .where('status', 'in', OPEN_REPLY_STATUSES)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const owner = await trx.selectFrom('chat_conversations').select('user_id').where('id', '=', row.conversation_id).executeTakeFirstOrThrow();
    if (settled && settled.refundUnits > 0) {
      const back = await applyCreditChangeInTransaction(trx, {
        userId: owner.user_id,
        kind: 'refund',
        amountUnits: settled.refundUnits,
        idempotencyKey: refundKeyForReply(messageId),
        referenceType: 'chat_message',
        referenceId: messageId,
        note: `Unused token hold: ${(end.tokensIn ?? 0) + (end.tokensOut ?? 0)} tokens cost ${unitsToCredits(settled.chargedUnits)} credits`,
      });
      return { row, creditsBalance: back.creditsBalance };
    }
    if (end.refund && row.credit_units > 0) {
      const refund = await applyCreditChangeInTransaction(trx, {
        userId: owner.user_id,
        kind: 'refund',
        amountUnits: row.credit_units,
        idempotencyKey: refundKeyForReply(messageId),
        referenceType: 'chat_message',
        referenceId: messageId,
        note: end.status === 'STOPPED' ? 'Chat reply stopped before any text' : 'Chat reply failed',
      });
      return { row, creditsBalance: refund.creditsBalance };
    }
    const user = await trx.selectFrom('users').select('credit_units').where('id', '=', owner.user_id).executeTakeFirstOrThrow();
    return { row, creditsBalance: unitsToCredits(user.credit_units) };
  });
}

/** Ends, as failed and refunded, every reply left open with no write for CHAT_REPLY_STALE_MS. Returns their ids. */
export async function reapStaleReplies(db: Db, now = Date.now()): Promise<string[]> {
  const stale = await db
    .selectFrom('chat_messages')
    .select(['id', 'content'])
    .where('status', 'in', OPEN_REPLY_STATUSES)
    .where('updated_at', '<', new Date(now - CHAT_REPLY_STALE_MS))
    .limit(500)
    .execute();
  const ended: string[] = [];
  for (const r of stale) {
    const done = await endReply(db, r.id, {
      status: 'FAILED',
      content: r.content,
      error: 'The reply was interrupted (the server restarted); your credits were refunded',
      refund: true,
    });
    if (done) ended.push(r.id);
  }
  return ended;
}
