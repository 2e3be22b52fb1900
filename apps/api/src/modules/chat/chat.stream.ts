import { OPEN_REPLY_STATUSES } from '@atelier/db';
import type { EventPayload, EventSubscription } from '@atelier/jobs';
import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { ABORTED, type ChatProbe, Inbox } from '../../lib/live';
import { type ChatMessageStatus, type ChatStreamEvent, type StreamInput, TERMINAL_STATUSES } from './chat.schema';
import { balanceOf, findMessageIn, getOwnedConversation, toChatMessage } from './chat.store';

type Deps = Pick<Context, 'db' | 'log' | 'events' | 'live'>;

/**
 * `chat.stream`: checks access and picks the replies to follow, then returns the event stream.
 * Ends when every followed reply ended.
 */
export async function openStream(
  deps: Deps,
  viewer: { id: string; isGuest: boolean },
  input: StreamInput,
  signal: AbortSignal | undefined,
): Promise<AsyncGenerator<ChatStreamEvent>> {
  await getOwnedConversation(deps.db, viewer.id, input.conversationId);
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
      .where('status', 'in', OPEN_REPLY_STATUSES)
      .orderBy('created_at')
      .orderBy('seq')
      .execute();
    targets = rows.map((r) => r.id);
  }
  return follow(deps, viewer, input.conversationId, targets, signal);
}

type Known = { text: string; status: ChatMessageStatus; syncing: boolean };
const STATUS_RANK: Record<ChatMessageStatus, number> = { PENDING: 0, STREAMING: 1, COMPLETED: 2, FAILED: 2, STOPPED: 2 };
type Inbound = { id: string; event: EventPayload<'chatReply'> } | { id: string; resync: true };

/**
 * Follows replies wherever they are being written (any api replica), through the event channel:
 * subscribe to the reply's channel, read its row (the text flushed so far: the truth) and send it,
 * then ask the writer for a `sync` (the whole text it has, flushed or not) and apply deltas by
 * offset — a delta already covered is dropped, one that leaves a gap asks for another sync — so
 * the client sees every token once, in order. `end` events, reconnects and the safety sweep (the
 * row moved, or ended, with no event: a writer that died) re-read the row.
 */
async function* follow(
  deps: Deps,
  viewer: { id: string; isGuest: boolean },
  conversationId: string,
  targets: string[],
  signal: AbortSignal | undefined,
): AsyncGenerator<ChatStreamEvent> {
  const inbox = new Inbox<Inbound>();
  const known = new Map<string, Known>();
  const ended = new Set<string>();
  const subscriptions: EventSubscription[] = [];
  const unwatch: (() => void)[] = [];
  const balance = async () => (viewer.isGuest ? null : balanceOf(deps.db, viewer.id));

  const requestSync = (id: string, k: Known) => {
    if (k.syncing) return;
    k.syncing = true;
    void deps.events.publish('chatControl', id, { action: 'sync' });
  };

  /**
   * Brings what was sent for a reply up to (status, text): a delta when the text grew, a snapshot
   * when it diverged (or on first sight) or the reply moved on to a later status.
   */
  const advance = (id: string, status: ChatMessageStatus, text: string): ChatStreamEvent[] => {
    const k = known.get(id);
    if (!k) {
      known.set(id, { text, status, syncing: false });
      return [{ type: 'snapshot', messageId: id, status, offset: 0, text }];
    }
    const out: ChatStreamEvent[] = [];
    if (text.length > k.text.length && text.startsWith(k.text)) {
      out.push({ type: 'delta', messageId: id, offset: k.text.length, text: text.slice(k.text.length) });
      k.text = text;
    } else if (!k.text.startsWith(text)) {
      k.text = text;
      k.status = status;
      out.push({ type: 'snapshot', messageId: id, status, offset: 0, text });
    }
    if (STATUS_RANK[status] > STATUS_RANK[k.status]) {
      k.status = status;
      if (!TERMINAL_STATUSES.has(status)) out.push({ type: 'snapshot', messageId: id, status, offset: 0, text: k.text });
    }
    return out;
  };

  /** The row is the truth: what it has beyond what was sent, and its end. */
  const fromRow = async (id: string): Promise<ChatStreamEvent[]> => {
    const row = await findMessageIn(deps.db, conversationId, id);
    if (!row) {
      ended.add(id);
      return [{ type: 'end', messageId: id, message: null, creditsBalance: await balance() }];
    }
    const out = advance(id, row.status, row.content);
    if (TERMINAL_STATUSES.has(row.status)) {
      ended.add(id);
      out.push({ type: 'end', messageId: id, message: toChatMessage(row), creditsBalance: await balance() });
    }
    return out;
  };

  const apply = async (id: string, event: EventPayload<'chatReply'>): Promise<ChatStreamEvent[]> => {
    const k = known.get(id) as Known;
    if (event.type === 'end') return fromRow(id);
    if (event.type === 'snapshot') {
      k.syncing = false;
      return advance(id, event.status as ChatMessageStatus, event.text);
    }
    if (event.offset + event.text.length <= k.text.length) return []; // already sent
    if (event.offset > k.text.length) {
      requestSync(id, k); // tokens between what was sent and this one are missing
      return [];
    }
    return advance(id, k.status === 'PENDING' ? 'STREAMING' : k.status, k.text + event.text.slice(k.text.length - event.offset));
  };

  try {
    for (const id of targets) {
      subscriptions.push(
        await deps.events.subscribe('chatReply', id, {
          event: (event) => inbox.push({ id, event }),
          resync: () => inbox.push({ id, resync: true }),
        }),
      );
      unwatch.push(
        deps.live.watch('chatReply', id, (probed) => {
          const p = probed as ChatProbe | undefined;
          const k = known.get(id);
          if (ended.has(id) || !k) return;
          if (!p || TERMINAL_STATUSES.has(p.status as ChatMessageStatus) || p.length > k.text.length) inbox.push({ id, resync: true });
        }),
      );
      for (const event of await fromRow(id)) yield event;
      const k = known.get(id);
      if (k && !ended.has(id)) requestSync(id, k);
    }
    while (ended.size < targets.length) {
      const msg = await inbox.next(signal);
      if (msg === ABORTED) return;
      if (ended.has(msg.id)) continue;
      for (const event of 'resync' in msg ? await fromRow(msg.id) : await apply(msg.id, msg.event)) yield event;
    }
  } finally {
    for (const s of subscriptions) s.unsubscribe();
    for (const u of unwatch) u();
  }
}
