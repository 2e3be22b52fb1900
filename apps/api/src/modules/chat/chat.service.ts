import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, type ChatConversationRow, type ChatMessageRow } from '@atelier/db';
import { AppError, creditsToUnits, isAppError, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { listModels, resolveModel } from '../generation/catalogue.service';
import type { Model } from '../generation/generation.schema';
import { type ChatModelAdapter, type ChatTurn, chatModels, trimHistory } from './chat.models';
import { chatRunner, MAX_OPEN_REPLIES_PER_USER, POLL_MS, STALE_MS } from './chat.runner';
import {
  type ChatMessageStatus,
  type ChatStreamEvent,
  type CreateConversationInput,
  DEFAULT_TYPE,
  type ListConversationsInput,
  MAX_PARTICIPANTS,
  type ParticipantsInput,
  type SendMessageInput,
  type StreamInput,
  TERMINAL_STATUSES,
  type UpdateConversationInput,
} from './chat.schema';
import {
  balanceOf,
  endReply,
  getMessageIn,
  getOwnedConversation,
  listMessages,
  OPEN_STATUSES,
  previewOf,
  spendKeyForReply,
  toChatMessage,
  toConversation,
} from './chat.store';

type Deps = Pick<Context, 'db' | 'env' | 'log'>;
type UserCtx = Deps & { user: { id: string } };

const PLACEHOLDER_TITLE = 'New chat';
const TITLE_CHARS = 60;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

interface ChatModel {
  model: Model;
  adapter: ChatModelAdapter;
  priceUnits: number;
}

/** An available text model chat can run, by catalogue id or name; the catalogue's errors name `path`. */
async function resolveChatModel(deps: Deps, idOrName: string, path: string): Promise<ChatModel> {
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
  return { model, adapter, priceUnits: creditsToUnits(model.credits) };
}

async function resolveChatModels(deps: Deps, ids: string[], path: string): Promise<ChatModel[]> {
  const out: ChatModel[] = [];
  for (const [i, id] of ids.entries()) {
    const m = await resolveChatModel(deps, id, `${path}.${i}`);
    if (!out.some((o) => o.model.id === m.model.id)) out.push(m);
  }
  return out;
}

/** The catalogue's default text model when chat can run it, else the first one chat can run. */
async function defaultChatModel(deps: Deps): Promise<string> {
  const usable = (await listModels(deps)).filter((m) => m.type === 'TEXT' && m.available && chatModels.get(m.id));
  const chosen = usable.find((m) => m.isDefault) ?? usable[0];
  if (!chosen)
    throw new AppError('VALIDATION', 'No chat model is available on this server', { fields: [{ path: 'aiModels', message: 'none available' }] });
  return chosen.id;
}

function guardOpenReplies(userId: string, adding: number) {
  if (chatRunner.openRepliesOf(userId) + adding > MAX_OPEN_REPLIES_PER_USER) {
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

async function conversationDto(deps: Deps, row: ChatConversationRow) {
  return toConversation(row, await previewOf(deps.db, row.id));
}

/** Ends replies a dead process left open (no write for STALE_MS) as failed, refunded. */
async function reapStale(deps: Deps, conversationId: string) {
  const stale = await deps.db
    .selectFrom('chat_messages')
    .select(['id', 'content'])
    .where('conversation_id', '=', conversationId)
    .where('status', 'in', OPEN_STATUSES)
    .where('updated_at', '<', new Date(Date.now() - STALE_MS))
    .execute();
  for (const r of stale) {
    if (chatRunner.isLocal(r.id)) continue;
    await endReply(deps.db, r.id, {
      status: 'FAILED',
      content: r.content,
      error: 'The reply was interrupted (the server restarted); your credits were refunded',
      refund: true,
    });
  }
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
  await reapStale(deps, id);
  const messages = await listMessages(deps.db, id);
  const last = [...messages].reverse().find((m) => m.content !== '');
  return { ...toConversation(row, last ? last.content.slice(0, 160) : null), messages: messages.map(toChatMessage) };
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
    guardOpenReplies(ctx.user.id, models.length);
  }
  const prior = await listMessages(ctx.db, conv.id);

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
          credit_units: m.priceUnits,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Charged before it runs; an overdraw throws INSUFFICIENT_CREDITS and nothing is kept.
      if (m.priceUnits > 0) {
        const spend = await applyCreditChangeInTransaction(trx, {
          userId: ctx.user.id,
          kind: 'spend',
          amountUnits: -m.priceUnits,
          idempotencyKey: spendKeyForReply(id),
          referenceType: 'chat_message',
          referenceId: id,
          note: `Chat reply by ${m.model.name}`,
        });
        balance = spend.creditsBalance;
      }
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
    chatRunner.start(ctx, {
      messageId: reply.id,
      conversationId: conv.id,
      userId: ctx.user.id,
      modelId: m.model.id,
      adapter: m.adapter,
      messages: historyFor(history, m.model.id, userRow.id, m.adapter),
    });
  }
  return {
    conversation: toConversation(convRow, input.content.slice(0, 160)),
    userMessage: toChatMessage(userRow),
    replies: replies.map(toChatMessage),
    creditsBalance,
  };
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

/**
 * Stops a reply: the text so far stays and the status becomes STOPPED. The charge is kept when
 * the model had written anything (it ran, and hosted providers bill for it) and refunded when
 * it had not. Stopping a reply that already ended changes nothing.
 */
async function stopOpenReply(deps: Deps, row: ChatMessageRow) {
  if (!OPEN_STATUSES.includes(row.status)) return;
  if (await chatRunner.stop(row.id)) return;
  // Running in another process (or in none): end the row; that writer notices on its next write.
  await endReply(deps.db, row.id, { status: 'STOPPED', content: row.content, refund: row.content === '' });
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
  guardOpenReplies(ctx.user.id, 1);
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
        credit_units: m.priceUnits,
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
    let creditsBalance: number | null = null;
    if (m.priceUnits > 0) {
      const spend = await applyCreditChangeInTransaction(trx, {
        userId: ctx.user.id,
        kind: 'spend',
        amountUnits: -m.priceUnits,
        idempotencyKey: spendKeyForReply(id),
        referenceType: 'chat_message',
        referenceId: id,
        note: `Chat reply by ${m.model.name} (regenerated)`,
      });
      creditsBalance = spend.creditsBalance;
    }
    await trx.updateTable('chat_conversations').set({ last_message_at: new Date() }).where('id', '=', conv.id).execute();
    if (creditsBalance === null) {
      const u = await trx.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
      creditsBalance = unitsToCredits(u.credit_units);
    }
    return { row, creditsBalance };
  });

  chatRunner.start(ctx, {
    messageId: id,
    conversationId: conv.id,
    userId: ctx.user.id,
    modelId: m.model.id,
    adapter: m.adapter,
    messages: historyFor(messages, m.model.id, parentId, m.adapter),
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
    .where('status', 'in', OPEN_STATUSES)
    .execute();
  for (const r of open) await stopOpenReply(ctx, r);
  await ctx.db.deleteFrom('chat_messages').where('id', '=', row.id).where('conversation_id', '=', ref.id).execute();
  return { success: true as const, id: row.id, creditsBalance: await balanceOf(ctx.db, ctx.user.id) };
}

export async function deleteConversation(ctx: UserCtx, id: string) {
  await getOwnedConversation(ctx.db, ctx.user.id, id);
  const open = await ctx.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', id).where('status', 'in', OPEN_STATUSES).execute();
  for (const r of open) await stopOpenReply(ctx, r);
  await ctx.db.deleteFrom('chat_conversations').where('id', '=', id).where('user_id', '=', ctx.user.id).execute();
  return { success: true as const, id, creditsBalance: await balanceOf(ctx.db, ctx.user.id) };
}

/**
 * `chat.stream`: checks access and picks the replies to follow, then returns the event stream.
 * Replies running here are followed live (runner events); any other open reply (another
 * process) is followed by reading its row every POLL_MS. Ends when every followed reply ended.
 */
export async function openStream(
  deps: Deps,
  viewer: { id: string; isGuest: boolean },
  input: StreamInput,
  signal: AbortSignal | undefined,
): Promise<AsyncGenerator<ChatStreamEvent>> {
  await getOwnedConversation(deps.db, viewer.id, input.conversationId);
  await reapStale(deps, input.conversationId);
  let targets: string[];
  if (input.messageIds) {
    const rows = await deps.db
      .selectFrom('chat_messages')
      .select(['id', 'role'])
      .where('conversation_id', '=', input.conversationId)
      .where('id', 'in', input.messageIds)
      .execute();
    const missing = input.messageIds.filter((id) => !rows.some((r) => r.id === id && r.role === 'assistant'));
    if (missing.length)
      throw new AppError('NOT_FOUND', 'Message not found', { fields: [{ path: 'messageIds', message: `Not a reply here: ${missing.join(', ')}` }] });
    targets = [...new Set(input.messageIds)];
  } else {
    const rows = await deps.db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation_id', '=', input.conversationId)
      .where('role', '=', 'assistant')
      .where('status', 'in', OPEN_STATUSES)
      .orderBy('created_at')
      .orderBy('seq')
      .execute();
    targets = rows.map((r) => r.id);
  }
  return follow(deps, viewer, input.conversationId, targets, signal);
}

async function* follow(
  deps: Deps,
  viewer: { id: string; isGuest: boolean },
  conversationId: string,
  targets: string[],
  signal: AbortSignal | undefined,
): AsyncGenerator<ChatStreamEvent> {
  const queue: ChatStreamEvent[] = [];
  let wake: (() => void) | null = null;
  const push = (event: ChatStreamEvent) => {
    queue.push(event);
    wake?.();
  };
  const live = new Map<string, () => void>(); // followed through the runner: id → detach
  const polled = new Map<string, { text: string; status: ChatMessageStatus }>(); // followed by reading the row
  const ended = new Set<string>();
  const balance = async () => (viewer.isGuest ? null : balanceOf(deps.db, viewer.id));

  const fromRow = async (id: string, known: { text: string; status: ChatMessageStatus } | undefined) => {
    const row = await deps.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', id)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (!row) {
      push({ type: 'end', messageId: id, message: null, creditsBalance: await balance() });
      return;
    }
    if (!known || !row.content.startsWith(known.text)) push({ type: 'snapshot', messageId: id, status: row.status, offset: 0, text: row.content });
    else if (row.content.length > known.text.length)
      push({ type: 'delta', messageId: id, offset: known.text.length, text: row.content.slice(known.text.length) });
    if (TERMINAL_STATUSES.has(row.status)) {
      polled.delete(id);
      push({ type: 'end', messageId: id, message: toChatMessage(row), creditsBalance: await balance() });
    } else {
      polled.set(id, { text: row.content, status: row.status });
    }
  };

  const track = async (id: string) => {
    const attached = chatRunner.attach(id, push);
    if (attached) {
      live.set(id, attached.detach);
      push(attached.snapshot);
    } else {
      await fromRow(id, undefined);
    }
  };

  try {
    for (const id of targets) await track(id);
    for (;;) {
      while (queue.length) {
        const event = queue.shift() as ChatStreamEvent;
        if (event.type === 'end') {
          if (ended.has(event.messageId)) continue;
          ended.add(event.messageId);
          live.get(event.messageId)?.();
          live.delete(event.messageId);
          polled.delete(event.messageId);
        }
        yield event;
      }
      if (ended.size >= targets.length || signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_MS);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = null;
          resolve();
        }
        wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
      if (queue.length) continue;
      // A live reply that left the runner without an end event (ended elsewhere): read its row instead.
      for (const [id, detach] of live) {
        if (chatRunner.isLocal(id) || ended.has(id)) continue;
        detach();
        live.delete(id);
        await fromRow(id, undefined);
      }
      if (polled.size) {
        await reapStale(deps, conversationId);
        for (const [id, known] of [...polled]) await fromRow(id, known);
      }
    }
  } finally {
    for (const detach of live.values()) detach();
  }
}
