import { applyCreditChangeInTransaction, type ChatConversationRow, type ChatMessageRow, type Db } from '@atelier/db';
import { AppError, MESSAGES, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import type { ChatMessage, ChatMessageStatus, Conversation } from './chat.schema';

/** The chat module's reads and writes (Kysely stays here and in the service's transactions). */

export const spendKeyForReply = (messageId: string) => `spend:chat:${messageId}`;
export const refundKeyForReply = (messageId: string) => `refund:chat:${messageId}`;
export const OPEN_STATUSES: ChatMessageStatus[] = ['PENDING', 'STREAMING'];

const iso = (d: Date | string) => new Date(d).toISOString();

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    content: row.content,
    modelId: row.model_id,
    replyToId: row.reply_to_id,
    status: row.status,
    tokensIn: row.tokens_in,
    tokensOut: row.tokens_out,
    latencyMs: row.latency_ms,
    creditsUsed: unitsToCredits(row.credit_units),
    creditsRefunded: unitsToCredits(row.credit_units_refunded),
    error: row.error,
    createdAt: iso(row.created_at),
    completedAt: row.completed_at ? iso(row.completed_at) : null,
  };
}

export function toConversation(row: ChatConversationRow, preview: string | null): Conversation {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    aiModels: Array.isArray(row.ai_models) ? row.ai_models : [],
    isArchived: row.is_archived,
    preview,
    lastMessageAt: iso(row.last_message_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The viewer's conversation, or 404 'Conversation not found' (someone else's looks the same as none). */
export async function getOwnedConversation(db: Db, viewerId: string, id: string): Promise<ChatConversationRow> {
  const row = await db.selectFrom('chat_conversations').selectAll().where('id', '=', id).where('user_id', '=', viewerId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.conversationNotFound);
  return row;
}

export async function getMessageIn(db: Db, conversationId: string, messageId: string): Promise<ChatMessageRow> {
  const row = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return row;
}

export async function listMessages(db: Db, conversationId: string): Promise<ChatMessageRow[]> {
  return db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('seq').execute();
}

/** The start of a conversation's newest message. */
export async function previewOf(db: Db, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select(sql<string>`left(content, 160)`.as('preview'))
    .where('conversation_id', '=', conversationId)
    .where('content', '<>', '')
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.preview ?? null;
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow();
  return unitsToCredits(row.credit_units);
}

export interface ReplyEnd {
  status: 'COMPLETED' | 'FAILED' | 'STOPPED';
  content: string;
  tokensIn?: number | null;
  tokensOut?: number | null;
  latencyMs?: number | null;
  error?: string | null;
  /** Give the charge back (once: the ledger key is unique, and only an open reply can end). */
  refund: boolean;
}

/**
 * Ends a reply that is still PENDING or STREAMING, refunding it when asked, in one transaction.
 * Returns null when it had already ended (or is gone): a second stop, a late writer, a race.
 */
export async function endReply(db: Db, messageId: string, end: ReplyEnd): Promise<{ row: ChatMessageRow; creditsBalance: number } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('chat_messages')
      .set((eb) => ({
        status: end.status,
        content: end.content,
        tokens_in: end.tokensIn ?? null,
        tokens_out: end.tokensOut ?? null,
        latency_ms: end.latencyMs ?? null,
        error: end.error?.slice(0, 500) ?? null,
        credit_units_refunded: end.refund ? eb.ref('credit_units') : 0,
        completed_at: new Date(),
      }))
      .where('id', '=', messageId)
      .where('status', 'in', OPEN_STATUSES)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const owner = await trx.selectFrom('chat_conversations').select('user_id').where('id', '=', row.conversation_id).executeTakeFirstOrThrow();
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
