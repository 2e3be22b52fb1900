import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, type ChatMessageRow, type Database, endReply, OPEN_REPLY_STATUSES, spendKeyForReply } from '@atelier/db';
import { AppError, creditsToUnits, estimateTokens, isAppError, meteredUnits, unitsToCredits } from '@atelier/shared';
import { sql, type Transaction } from 'kysely';
import type { Context } from '../../context';
import { Inbox } from '../../lib/live';
import { resolveModel } from '../generation/catalogue.service';
import type { Model } from '../generation/generation.schema';
import { type ChatModelAdapter, type ChatTurn, chatModels, TURN_OVERHEAD_TOKENS, trimHistory } from './chat.models';
import { type SendMessageInput, TERMINAL_STATUSES } from './chat.schema';
import { balanceOf, getMessageIn, getOwnedConversation, listMessages, openRepliesOf, toChatMessage, toConversation } from './chat.store';

/**
 * A conversation's messages: sending (one charged reply per answering model), stopping,
 * regenerating and deleting replies. Replies are written by this process's runner (chat.runner.ts);
 * a reply being written on another api replica is stopped through the event channel.
 */

type Deps = Pick<Context, 'db' | 'env' | 'log' | 'events' | 'chat'>;
type UserCtx = Deps & { user: { id: string } };

/** Replies one user may have being written at once, across every api replica. */
export const MAX_OPEN_REPLIES_PER_USER = 8;
/** How long a stop waits for the replica writing a reply to end it before ending the row itself. */
const REMOTE_STOP_WAIT_MS = 5000;

export const PLACEHOLDER_TITLE = 'New chat';
const TITLE_CHARS = 60;

/** A title from the first message: its first words, on one line, cut at a word boundary. */
export function deriveTitle(content: string): string {
  const line = content
    .replace(/[#>*_`~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return PLACEHOLDER_TITLE;
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface ChatModel {
  model: Model;
  adapter: ChatModelAdapter;
  /** Per reply; for a token-metered model, its price per 1,000 tokens. */
  priceUnits: number;
  /** Priced per 1,000 tokens (self-hosted Ollama models): each reply is charged a hold, settled to the tokens used. */
  metered: boolean;
}

/**
 * What a reply is charged when it starts: its price, or for a metered model a hold for the most
 * it can use — the conversation so far (as much of it as fits the model's window) and a full reply.
 */
export function replyHoldUnits(m: ChatModel, turns: string[]): number {
  if (!m.metered) return m.priceUnits;
  const prompt = turns.reduce((n, t) => n + estimateTokens(t) + TURN_OVERHEAD_TOKENS, 0);
  return meteredUnits(m.priceUnits, Math.min(prompt, m.adapter.contextTokens - m.adapter.replyTokens) + m.adapter.replyTokens);
}

/** An available text model chat can run, by catalogue id or name; the catalogue's errors name `path`. */
async function resolveChatModel(deps: Pick<Deps, 'db' | 'env' | 'log'>, idOrName: string, path: string): Promise<ChatModel> {
  let model: Model;
  try {
    model = await resolveModel(deps, 'text', idOrName);
  } catch (e) {
    if (isAppError(e) && e.code === 'VALIDATION') throw new AppError('VALIDATION', e.message, { fields: [{ path, message: e.message }] });
    throw e;
  }
  const adapter = chatModels.get(model.id);
  if (!adapter) {
    const message = `${model.name} can't be used for chat on this server yet`;
    throw new AppError('VALIDATION', message, { fields: [{ path, message }] });
  }
  return { model, adapter, priceUnits: creditsToUnits(model.credits), metered: model.priceBasis === '1k-tokens' };
}

export async function resolveChatModels(deps: Pick<Deps, 'db' | 'env' | 'log'>, ids: string[], path: string): Promise<ChatModel[]> {
  const out: ChatModel[] = [];
  for (const [i, id] of ids.entries()) {
    const m = await resolveChatModel(deps, id, `${path}.${i}`);
    if (!out.some((o) => o.model.id === m.model.id)) out.push(m);
  }
  return out;
}

/** Spends a reply's charge from the user's balance (nothing for a free model); returns the balance after, or null when free. */
async function chargeReply(trx: Transaction<Database>, userId: string, messageId: string, units: number, note: string): Promise<number | null> {
  if (units <= 0) return null;
  const spend = await applyCreditChangeInTransaction(trx, {
    userId,
    kind: 'spend',
    amountUnits: -units,
    idempotencyKey: spendKeyForReply(messageId),
    referenceType: 'chat_message',
    referenceId: messageId,
    note,
  });
  return spend.creditsBalance;
}

async function guardOpenReplies(ctx: UserCtx, adding: number) {
  if ((await openRepliesOf(ctx.db, ctx.user.id)) + adding > MAX_OPEN_REPLIES_PER_USER) {
    throw new AppError('RATE_LIMITED', 'Too many replies are being written at once; wait for them to finish', { retryAfterSeconds: 5 });
  }
}

/**
 * The turns a model sees when answering `upToUserId`: every user message up to it, each followed
 * by this model's own reply (or, when it wasn't asked then, the first reply another model gave),
 * trimmed to the model's context budget.
 */
export function historyFor(messages: ChatMessageRow[], modelId: string, upToUserId: string, adapter: ChatModelAdapter): ChatTurn[] {
  const turns: ChatTurn[] = [];
  const repliesTo = new Map<string, ChatMessageRow[]>();
  let lastUser: string | null = null;
  for (const m of messages) {
    if (m.role === 'user') lastUser = m.id;
    else {
      const parent = m.reply_to_id ?? lastUser;
      if (parent && m.content && (m.status === 'COMPLETED' || m.status === 'STOPPED')) repliesTo.set(parent, [...(repliesTo.get(parent) ?? []), m]);
    }
  }
  for (const m of messages) {
    if (m.role !== 'user') continue;
    turns.push({ role: 'user', content: m.content });
    if (m.id === upToUserId) break;
    const replies = repliesTo.get(m.id) ?? [];
    const reply = replies.find((r) => r.model_id === modelId) ?? replies[0];
    if (reply) turns.push({ role: 'assistant', content: reply.content });
  }
  return trimHistory(turns, adapter.contextTokens - adapter.replyTokens);
}

export async function sendMessage(ctx: UserCtx, input: SendMessageInput) {
  const conv = await getOwnedConversation(ctx.db, ctx.user.id, input.id);
  let models: ChatModel[] = [];
  if (input.generateResponses) {
    const participants = conv.ai_models;
    const chosen = input.models ?? participants;
    const outsiders = chosen.filter((m) => !participants.includes(m));
    if (outsiders.length) {
      const message = `${outsiders.join(', ')} ${outsiders.length > 1 ? 'are' : 'is'} not in this conversation; add ${outsiders.length > 1 ? 'them' : 'it'} as a participant first`;
      throw new AppError('VALIDATION', message, { fields: [{ path: 'models', message }] });
    }
    if (!chosen.length) throw new AppError('VALIDATION', 'This conversation has no models', { fields: [{ path: 'models', message: 'no models' }] });
    models = await resolveChatModels(ctx, chosen, 'models');
    await guardOpenReplies(ctx, models.length);
  }
  const prior = await listMessages(ctx.db, conv.id);
  const turns = [...prior.filter((p) => p.content).map((p) => p.content), input.content];

  const { userRow, replies, convRow, creditsBalance } = await ctx.db.transaction().execute(async (trx) => {
    const userRow = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: conv.id, role: 'user', content: input.content, status: 'COMPLETED' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const replies: ChatMessageRow[] = [];
    let balance: number | null = null;
    for (const m of models) {
      const id = randomUUID();
      const units = replyHoldUnits(m, turns);
      const reply = await trx
        .insertInto('chat_messages')
        .values({
          id,
          conversation_id: conv.id,
          role: 'assistant',
          reply_to_id: userRow.id,
          content: '',
          model_id: m.model.id,
          status: 'PENDING',
          credit_units: units,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Charged before it runs; an overdraw throws INSUFFICIENT_CREDITS and nothing is kept.
      balance =
        (await chargeReply(
          trx,
          ctx.user.id,
          id,
          units,
          m.metered ? `Chat reply by ${m.model.name} (token hold)` : `Chat reply by ${m.model.name}`,
        )) ?? balance;
      replies.push(reply);
    }
    const naming = conv.auto_title && !prior.some((p) => p.role === 'user');
    const convRow = await trx
      .updateTable('chat_conversations')
      .set({ last_message_at: new Date(), ...(naming ? { title: deriveTitle(input.content), auto_title: false } : {}) })
      .where('id', '=', conv.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (balance === null) {
      const u = await trx.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
      balance = unitsToCredits(u.credit_units);
    }
    return { userRow, replies, convRow, creditsBalance: balance };
  });

  const history = [...prior, userRow];
  for (const reply of replies) {
    const m = models.find((x) => x.model.id === reply.model_id) as ChatModel;
    ctx.chat.start({
      messageId: reply.id,
      conversationId: conv.id,
      userId: ctx.user.id,
      modelId: m.model.id,
      adapter: m.adapter,
      messages: historyFor(history, m.model.id, userRow.id, m.adapter),
      ...(m.metered ? { meteredPer1k: m.priceUnits } : {}),
    });
  }
  return {
    conversation: toConversation(convRow, input.content.slice(0, 160)),
    userMessage: toChatMessage(userRow),
    replies: replies.map(toChatMessage),
    creditsBalance,
  };
}

/**
 * Stops a reply: the text so far stays and the status becomes STOPPED. The charge is kept when
 * the model had written anything (it ran, and hosted providers bill for it) and refunded when
 * it had not. Stopping a reply that already ended changes nothing.
 */
export async function stopOpenReply(deps: Deps, row: ChatMessageRow) {
  if (!OPEN_REPLY_STATUSES.includes(row.status)) return;
  if (await deps.chat.stop(row.id)) return;
  // Being written by another replica: ask it to stop (it ends the row with the text it has). When no
  // process answers (none writes it any more) or none ends it in time, end the row here; a writer
  // that is still alive notices on its next write and stops.
  const ended = new Inbox<true>();
  const subscription = await deps.events.subscribe('chatReply', row.id, { event: (e) => e.type === 'end' && ended.push(true) });
  try {
    const writers = await deps.events.publish('chatControl', row.id, { action: 'stop' });
    if (writers > 0) await ended.next(AbortSignal.timeout(REMOTE_STOP_WAIT_MS));
  } finally {
    subscription.unsubscribe();
  }
  const fresh = await deps.db.selectFrom('chat_messages').select(['status', 'content']).where('id', '=', row.id).executeTakeFirst();
  if (!fresh || !OPEN_REPLY_STATUSES.includes(fresh.status)) return;
  if (await endReply(deps.db, row.id, { status: 'STOPPED', content: fresh.content, refund: fresh.content === '' }))
    await deps.events.publish('chatReply', row.id, { type: 'end' });
}

export async function stopReply(ctx: UserCtx, ref: { id: string; messageId: string }) {
  await getOwnedConversation(ctx.db, ctx.user.id, ref.id);
  const row = await getMessageIn(ctx.db, ref.id, ref.messageId);
  if (row.role !== 'assistant')
    throw new AppError('VALIDATION', 'Only a reply can be stopped', { fields: [{ path: 'messageId', message: 'not a reply' }] });
  await stopOpenReply(ctx, row);
  const fresh = await getMessageIn(ctx.db, ref.id, ref.messageId);
  return { message: toChatMessage(fresh), creditsBalance: await balanceOf(ctx.db, ctx.user.id) };
}

/** Replaces a finished reply with a new one by the same model, in the same place (a new charge). */
export async function regenerateReply(ctx: UserCtx, ref: { id: string; messageId: string }) {
  const conv = await getOwnedConversation(ctx.db, ctx.user.id, ref.id);
  const old = await getMessageIn(ctx.db, ref.id, ref.messageId);
  if (old.role !== 'assistant' || !old.model_id) {
    throw new AppError('VALIDATION', 'Only a reply can be regenerated', { fields: [{ path: 'messageId', message: 'not a reply' }] });
  }
  if (!TERMINAL_STATUSES.has(old.status)) throw new AppError('CONFLICT', 'This reply is still being written; stop it first');
  const m = await resolveChatModel(ctx, old.model_id, 'messageId');
  await guardOpenReplies(ctx, 1);
  const messages = await listMessages(ctx.db, conv.id);
  let parent: ChatMessageRow | undefined = old.reply_to_id ? messages.find((x) => x.id === old.reply_to_id) : undefined;
  if (!parent) {
    const at = messages.findIndex((x) => x.id === old.id);
    parent = messages
      .slice(0, at)
      .reverse()
      .find((x) => x.role === 'user');
  }
  if (!parent) throw new AppError('CONFLICT', 'This reply answers no message');
  const parentId = parent.id;
  const upToParent = messages.slice(0, messages.findIndex((x) => x.id === parentId) + 1);
  const units = replyHoldUnits(
    m,
    upToParent.filter((x) => x.content).map((x) => x.content),
  );

  const id = randomUUID();
  const { row, creditsBalance } = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('chat_messages')
      .values({
        id,
        conversation_id: conv.id,
        role: 'assistant',
        reply_to_id: parentId,
        content: '',
        model_id: m.model.id,
        status: 'PENDING',
        credit_units: units,
        // Same place as the reply it replaces (copied in SQL: a JS Date would drop the microseconds).
        created_at: sql<Date>`(SELECT created_at FROM chat_messages WHERE id = ${old.id})`,
        seq: old.seq,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const gone = await trx
      .deleteFrom('chat_messages')
      .where('id', '=', old.id)
      .where('status', 'in', [...TERMINAL_STATUSES])
      .executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new AppError('CONFLICT', 'This reply changed meanwhile; reload the conversation');
    let creditsBalance = await chargeReply(trx, ctx.user.id, id, units, `Chat reply by ${m.model.name} (regenerated)`);
    await trx.updateTable('chat_conversations').set({ last_message_at: new Date() }).where('id', '=', conv.id).execute();
    if (creditsBalance === null) {
      const u = await trx.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
      creditsBalance = unitsToCredits(u.credit_units);
    }
    return { row, creditsBalance };
  });

  ctx.chat.start({
    messageId: id,
    conversationId: conv.id,
    userId: ctx.user.id,
    modelId: m.model.id,
    adapter: m.adapter,
    messages: historyFor(messages, m.model.id, parentId, m.adapter),
    ...(m.metered ? { meteredPer1k: m.priceUnits } : {}),
  });
  return { message: toChatMessage(row), creditsBalance };
}

/** Deletes one message; a user message takes its replies with it. Replies still streaming are stopped first. */
export async function deleteMessage(ctx: UserCtx, ref: { id: string; messageId: string }) {
  await getOwnedConversation(ctx.db, ctx.user.id, ref.id);
  const row = await getMessageIn(ctx.db, ref.id, ref.messageId);
  const open = await ctx.db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', ref.id)
    .where((eb) => eb.or([eb('id', '=', row.id), eb('reply_to_id', '=', row.id)]))
    .where('status', 'in', OPEN_REPLY_STATUSES)
    .execute();
  for (const r of open) await stopOpenReply(ctx, r);
  await ctx.db.deleteFrom('chat_messages').where('id', '=', row.id).where('conversation_id', '=', ref.id).execute();
  return { success: true as const, id: row.id, creditsBalance: await balanceOf(ctx.db, ctx.user.id) };
}
