import type { ChatConversationRow } from '@atelier/db';
import { OPEN_REPLY_STATUSES } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { listModels } from '../generation/catalogue.service';
import { chatModels } from './chat.models';
import { PLACEHOLDER_TITLE, resolveChatModels, stopOpenReply } from './chat.replies';
import {
  type CreateConversationInput,
  DEFAULT_TYPE,
  type ListConversationsInput,
  MAX_PARTICIPANTS,
  type ParticipantsInput,
  type UpdateConversationInput,
} from './chat.schema';
import { balanceOf, getOwnedConversation, listMessages, previewOf, toChatMessage, toConversation } from './chat.store';

/** Conversations: create, list, read, rename or archive, participants, delete (messages: chat.replies.ts). */

type Deps = Pick<Context, 'db' | 'env' | 'log' | 'events' | 'chat'>;
type UserCtx = Deps & { user: { id: string } };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The catalogue's default text model when chat can run it, else the first one chat can run. */
async function defaultChatModel(deps: Deps): Promise<string> {
  const usable = (await listModels(deps)).filter((m) => m.type === 'TEXT' && m.available && chatModels.get(m.id));
  const chosen = usable.find((m) => m.isDefault) ?? usable[0];
  if (!chosen)
    throw new AppError('VALIDATION', 'No chat model is available on this server', { fields: [{ path: 'aiModels', message: 'none available' }] });
  return chosen.id;
}

async function conversationDto(deps: Deps, row: ChatConversationRow) {
  return toConversation(row, await previewOf(deps.db, row.id));
}

export async function createConversation(ctx: UserCtx, input: CreateConversationInput) {
  const ids = input.aiModels?.length
    ? (await resolveChatModels(ctx, input.aiModels, 'aiModels')).map((m) => m.model.id)
    : [await defaultChatModel(ctx)];
  const type = input.type ?? (ids.length > 1 ? 'MULTI' : DEFAULT_TYPE);
  if (type === 'SINGLE' && ids.length > 1) {
    const message = 'A SINGLE conversation has one model; use type MULTI for several';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'type', message }] });
  }
  const title = input.title?.trim();
  const row = await ctx.db
    .insertInto('chat_conversations')
    .values({ user_id: ctx.user.id, title: title || PLACEHOLDER_TITLE, auto_title: !title, type, ai_models: JSON.stringify(ids) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toConversation(row, null);
}

export async function listConversations(deps: Deps, viewerId: string, input: ListConversationsInput) {
  let q = deps.db.selectFrom('chat_conversations as c').where('c.user_id', '=', viewerId).where('c.is_archived', '=', input.archived);
  if (input.search) q = q.where(sql<boolean>`c.title ILIKE ${`%${escapeLike(input.search)}%`}`);
  const [rows, total] = await Promise.all([
    q
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select(sql<string>`left(m.content, 160)`.as('p'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.content', '<>', '')
          .orderBy('m.created_at', 'desc')
          .orderBy('m.seq', 'desc')
          .limit(1)
          .as('preview'),
      )
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    conversations: rows.map(({ preview, ...row }) => toConversation(row, preview ?? null)),
    total: Number(total.n),
    limit: input.limit,
    offset: input.offset,
  };
}

export async function getConversation(deps: Deps, viewerId: string, id: string) {
  const row = await getOwnedConversation(deps.db, viewerId, id);
  const messages = await listMessages(deps.db, id);
  const last = [...messages].reverse().find((m) => m.content !== '');
  return { ...toConversation(row, last ? last.content.slice(0, 160) : null), messages: messages.map(toChatMessage) };
}

export async function updateConversation(ctx: UserCtx, input: UpdateConversationInput) {
  if (input.isArchived === undefined && input.title === undefined) {
    throw new AppError('VALIDATION', 'Nothing to change: send isArchived or title', {
      fields: [{ path: '(body)', message: 'send isArchived or title' }],
    });
  }
  await getOwnedConversation(ctx.db, ctx.user.id, input.id);
  const row = await ctx.db
    .updateTable('chat_conversations')
    .set({
      ...(input.isArchived !== undefined ? { is_archived: input.isArchived } : {}),
      ...(input.title !== undefined ? { title: input.title, auto_title: false } : {}),
    })
    .where('id', '=', input.id)
    .where('user_id', '=', ctx.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return conversationDto(ctx, row);
}

export async function setParticipants(ctx: UserCtx, input: ParticipantsInput) {
  const conv = await getOwnedConversation(ctx.db, ctx.user.id, input.id);
  const added = (await resolveChatModels(ctx, input.addModels, 'addModels')).map((m) => m.model.id);
  const removed = new Set(input.removeModels);
  const next = [...new Set([...conv.ai_models.filter((m) => !removed.has(m)), ...added])];
  if (next.length === 0) {
    const message = 'A conversation needs at least one model';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'removeModels', message }] });
  }
  if (next.length > MAX_PARTICIPANTS) {
    const message = `A conversation takes at most ${MAX_PARTICIPANTS} models`;
    throw new AppError('VALIDATION', message, { fields: [{ path: 'addModels', message }] });
  }
  // A second model makes a SINGLE conversation side by side.
  const type = next.length > 1 ? 'MULTI' : conv.type;
  const row = await ctx.db
    .updateTable('chat_conversations')
    .set({ ai_models: JSON.stringify(next), type })
    .where('id', '=', conv.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return conversationDto(ctx, row);
}

export async function deleteConversation(ctx: UserCtx, id: string) {
  await getOwnedConversation(ctx.db, ctx.user.id, id);
  const open = await ctx.db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', id)
    .where('status', 'in', OPEN_REPLY_STATUSES)
    .execute();
  for (const r of open) await stopOpenReply(ctx, r);
  await ctx.db.deleteFrom('chat_conversations').where('id', '=', id).where('user_id', '=', ctx.user.id).execute();
  return { success: true as const, id, creditsBalance: await balanceOf(ctx.db, ctx.user.id) };
}
