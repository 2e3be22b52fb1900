import { type ChatConversationRow, type ChatMessageRow, type Db, OPEN_REPLY_STATUSES } from '@atelier/db';
import { AppError, MESSAGES, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import type { ChatMessage, Conversation } from './chat.schema';

/**
 * The chat module's reads (Kysely stays here and in the services' transactions; ending a reply
 * and its refund are packages/db's chat repository, which the worker's maintenance shares).
 */

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

/** A message of the conversation, or undefined (deleted, or not this conversation's). */
export const findMessageIn = (db: Db, conversationId: string, messageId: string): Promise<ChatMessageRow | undefined> =>
  db.selectFrom('chat_messages').selectAll().where('id', '=', messageId).where('conversation_id', '=', conversationId).executeTakeFirst();

export async function getMessageIn(db: Db, conversationId: string, messageId: string): Promise<ChatMessageRow> {
  const row = await findMessageIn(db, conversationId, messageId);
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

/** Replies the user has being written now, on any api replica (Postgres is shared; memory is not). */
export async function openRepliesOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.user_id', '=', userId)
    .where('m.status', 'in', OPEN_REPLY_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
