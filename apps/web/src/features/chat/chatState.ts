import type { AppRouter } from '@atelier/api/router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type ConversationWithMessages = Outputs['chat']['byId'];
export type Conversation = Outputs['chat']['list']['conversations'][number];
export type ChatMessage = ConversationWithMessages['messages'][number];
export type ChatMessageStatus = ChatMessage['status'];
export type TextModel = Outputs['generation']['modelsByOutput']['models'][number];

/** What `chat.stream` yields (the server's ChatStreamEvent). */
export type ChatStreamEvent =
  | { type: 'snapshot'; messageId: string; status: ChatMessageStatus; offset: number; text: string }
  | { type: 'delta'; messageId: string; offset: number; text: string }
  | { type: 'end'; messageId: string; message: ChatMessage | null; creditsBalance: number | null };

export const OPEN_STATUSES: ReadonlySet<ChatMessageStatus> = new Set(['PENDING', 'STREAMING']);
export const isOpen = (m: Pick<ChatMessage, 'status'>) => OPEN_STATUSES.has(m.status);

/** The most models one conversation takes (the server's MAX_PARTICIPANTS). */
export const MAX_PARTICIPANTS = 4;
/** The most characters one message takes (the server's MAX_CONTENT_CHARS). */
export const MAX_CONTENT_CHARS = 16_000;

/**
 * Applies stream events to a conversation: text events as `content.slice(0, offset) + text`, an
 * `end` replaces the reply with the stored one (or removes it when it was deleted). Messages the
 * events don't touch keep their identity, so memoised rows don't re-render.
 */
export function applyStreamEvents(conv: ConversationWithMessages, events: ChatStreamEvent[]): ConversationWithMessages {
  if (events.length === 0) return conv;
  const byId = new Map<string, ChatMessage | null>();
  for (const m of conv.messages) byId.set(m.id, m);
  let changed = false;
  for (const event of events) {
    const current = byId.get(event.messageId);
    if (current === undefined || current === null) continue;
    if (event.type === 'end') {
      byId.set(event.messageId, event.message);
      changed = true;
      continue;
    }
    // An ended reply ignores late text events.
    if (!isOpen(current)) continue;
    const content = current.content.slice(0, event.offset) + event.text;
    const status: ChatMessageStatus = event.type === 'snapshot' ? event.status : 'STREAMING';
    if (content === current.content && status === current.status) continue;
    byId.set(event.messageId, { ...current, content, status });
    changed = true;
  }
  if (!changed) return conv;
  const messages: ChatMessage[] = [];
  for (const m of conv.messages) {
    const next = byId.get(m.id);
    if (next) messages.push(next);
  }
  return { ...conv, messages };
}

export interface Turn {
  /** The user message's id (or the first reply's, for replies that answer nothing). */
  key: string;
  user: ChatMessage | null;
  replies: ChatMessage[];
}

/**
 * Groups messages into turns: each user message with the replies that answer it (side-by-side
 * replies share `replyToId`; legacy replies without it answer the user message before them).
 */
export function groupTurns(messages: ChatMessage[], modelOrder: string[] = []): Turn[] {
  const turns: Turn[] = [];
  const byUser = new Map<string, Turn>();
  let last: Turn | null = null;
  for (const m of messages) {
    if (m.role === 'user') {
      last = { key: m.id, user: m, replies: [] };
      byUser.set(m.id, last);
      turns.push(last);
      continue;
    }
    const parent = (m.replyToId ? byUser.get(m.replyToId) : undefined) ?? (m.replyToId ? undefined : last);
    if (parent) parent.replies.push(m);
    else {
      const orphan: Turn = { key: m.id, user: null, replies: [m] };
      turns.push(orphan);
    }
  }
  const rank = (id: string | null) => {
    const at = id ? modelOrder.indexOf(id) : -1;
    return at === -1 ? modelOrder.length : at;
  };
  for (const t of turns) t.replies.sort((a, b) => rank(a.modelId) - rank(b.modelId));
  return turns;
}

/** The ids of replies still being written, sorted (a stable key for the stream subscription). */
export function openReplyIds(messages: ChatMessage[]): string[] {
  return messages
    .filter((m) => m.role === 'assistant' && isOpen(m))
    .map((m) => m.id)
    .sort();
}

/** Removes a message; a user message takes its replies with it (as the server does). */
export function withoutMessage(conv: ConversationWithMessages, messageId: string): ConversationWithMessages {
  return { ...conv, messages: conv.messages.filter((m) => m.id !== messageId && m.replyToId !== messageId) };
}

/** Replaces one message (a regenerated reply takes the old one's place). */
export function replaceMessage(conv: ConversationWithMessages, oldId: string, next: ChatMessage): ConversationWithMessages {
  return { ...conv, messages: conv.messages.map((m) => (m.id === oldId ? next : m)) };
}

export function formatLatency(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Credits a reply cost after refunds, rounded to hundredths. */
export function netCredits(m: Pick<ChatMessage, 'creditsUsed' | 'creditsRefunded'>): number {
  return Math.round((m.creditsUsed - m.creditsRefunded) * 100) / 100;
}

/** The meta line of a finished reply: credits, tokens, latency (only what is known). */
export function replyMeta(m: ChatMessage): string[] {
  const parts: string[] = [];
  const net = netCredits(m);
  if (m.creditsRefunded > 0 && net === 0) parts.push('Refunded');
  else parts.push(plural(net, 'credit'));
  if (m.tokensIn !== null || m.tokensOut !== null) parts.push(`${m.tokensIn ?? 0} → ${m.tokensOut ?? 0} tokens`);
  if (m.latencyMs !== null) parts.push(formatLatency(m.latencyMs));
  return parts;
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** "now", "5 min. ago", "yesterday", or the date for older ones. */
export function relativeTime(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (!Number.isFinite(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'now';
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), 'day');
  return new Date(at).toLocaleDateString('en', { month: 'short', day: 'numeric', year: abs > 300 * 86_400 ? 'numeric' : undefined });
}

/** A one-line preview of markdown text: formatting marks and code fences removed. */
export function plainPreview(text: string): string {
  return text
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/\*\*|__|~~|\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True for ids that can name a conversation (a UUID); anything else is 'Conversation not found' without asking. */
export const isConversationId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
