import { describe, expect, it } from 'vitest';
import {
  applyStreamEvents,
  type ChatMessage,
  type ConversationWithMessages,
  groupTurns,
  isConversationId,
  openReplyIds,
  plainPreview,
  replyMeta,
  withoutMessage,
} from './chatState';

let n = 0;
const msg = (p: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role'>): ChatMessage => ({
  conversationId: 'c',
  content: '',
  modelId: p.role === 'assistant' ? 'local/text' : null,
  replyToId: null,
  status: 'COMPLETED',
  tokensIn: null,
  tokensOut: null,
  latencyMs: null,
  creditsUsed: 0,
  creditsRefunded: 0,
  error: null,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, ++n)).toISOString(),
  completedAt: null,
  ...p,
});

const conv = (messages: ChatMessage[]): ConversationWithMessages => ({
  id: 'c',
  title: 'T',
  type: 'MULTI',
  aiModels: ['local/text', 'local/text-brief'],
  isArchived: false,
  preview: null,
  lastMessageAt: '',
  createdAt: '',
  updatedAt: '',
  messages,
});

describe('applyStreamEvents', () => {
  it('applies snapshots and deltas by offset, then the stored reply; untouched messages keep their identity', () => {
    const user = msg({ id: 'u', role: 'user', content: 'hi' });
    const a = msg({ id: 'a', role: 'assistant', replyToId: 'u', status: 'PENDING' });
    const b = msg({ id: 'b', role: 'assistant', replyToId: 'u', status: 'PENDING', modelId: 'local/text-brief' });
    let c = conv([user, a, b]);
    c = applyStreamEvents(c, [
      { type: 'snapshot', messageId: 'a', status: 'STREAMING', offset: 0, text: 'Hel' },
      { type: 'delta', messageId: 'a', offset: 3, text: 'lo' },
      // A replayed delta converges on the same text.
      { type: 'delta', messageId: 'a', offset: 3, text: 'lo' },
      { type: 'delta', messageId: 'b', offset: 0, text: 'Yo' },
    ]);
    expect(c.messages.map((m) => [m.id, m.content, m.status])).toEqual([
      ['u', 'hi', 'COMPLETED'],
      ['a', 'Hello', 'STREAMING'],
      ['b', 'Yo', 'STREAMING'],
    ]);
    expect(c.messages[0]).toBe(user);
    const stored = { ...a, content: 'Hello!', status: 'COMPLETED' as const, tokensOut: 2 };
    const ended = applyStreamEvents(c, [
      { type: 'end', messageId: 'a', message: stored, creditsBalance: 48 },
      { type: 'delta', messageId: 'a', offset: 0, text: 'late' },
      { type: 'end', messageId: 'b', message: null, creditsBalance: 48 },
    ]);
    expect(ended.messages).toEqual([user, stored]);
    expect(openReplyIds(ended.messages)).toEqual([]);
    expect(openReplyIds(c.messages)).toEqual(['a', 'b']);
    expect(applyStreamEvents(ended, [])).toBe(ended);
  });
});

describe('groupTurns', () => {
  it('pairs replies with the message they answer, in the participants’ order; legacy replies follow the message before them', () => {
    const turns = groupTurns(
      [
        msg({ id: 'u1', role: 'user' }),
        msg({ id: 'legacy', role: 'assistant' }),
        msg({ id: 'u2', role: 'user' }),
        msg({ id: 'b2', role: 'assistant', replyToId: 'u2', modelId: 'local/text-brief' }),
        msg({ id: 'a2', role: 'assistant', replyToId: 'u2', modelId: 'local/text' }),
      ],
      ['local/text', 'local/text-brief'],
    );
    expect(turns.map((t) => [t.key, t.replies.map((r) => r.id)])).toEqual([
      ['u1', ['legacy']],
      ['u2', ['a2', 'b2']],
    ]);
  });
});

describe('helpers', () => {
  it('deleting a user message takes its replies', () => {
    const c = conv([msg({ id: 'u', role: 'user' }), msg({ id: 'a', role: 'assistant', replyToId: 'u' }), msg({ id: 'v', role: 'user' })]);
    expect(withoutMessage(c, 'u').messages.map((m) => m.id)).toEqual(['v']);
  });

  it('describes a reply’s cost, tokens and latency', () => {
    expect(replyMeta(msg({ id: 'a', role: 'assistant', creditsUsed: 1, tokensIn: 12, tokensOut: 180, latencyMs: 2140 }))).toEqual([
      '1 credit',
      '12 → 180 tokens',
      '2.1 s',
    ]);
    expect(replyMeta(msg({ id: 'a', role: 'assistant', creditsUsed: 2, creditsRefunded: 2 }))).toEqual(['Refunded']);
  });

  it('previews markdown as plain text', () => {
    expect(plainPreview('1. **Sip, refill, repeat.**\n2. **Your coffee**, `zero` waste\n# Title\n[link](https://a.test) snake_case')).toBe(
      'Sip, refill, repeat. Your coffee, zero waste Title link snake_case',
    );
  });

  it('recognises conversation ids', () => {
    expect(isConversationId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isConversationId('not-a-conversation')).toBe(false);
  });
});
