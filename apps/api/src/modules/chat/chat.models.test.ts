import type { ChatMessageRow } from '@atelier/db';
import { describe, expect, it } from 'vitest';
import { type ChatModelAdapter, ChatModelRegistry, type ChatTurn, estimateTokens, trimHistory } from './chat.models';
import { deriveTitle, historyFor } from './chat.replies';

const turn = (role: ChatTurn['role'], chars: number, tag = ''): ChatTurn => ({ role, content: `${tag}${'x'.repeat(chars - tag.length)}` });

describe('trimHistory', () => {
  it('keeps everything that fits', () => {
    const turns = [turn('user', 40), turn('assistant', 40), turn('user', 40)];
    expect(trimHistory(turns, 1000)).toEqual(turns);
  });

  it('drops the oldest turns first and never opens with an assistant turn', () => {
    // 400 chars ≈ 100 tokens + 4 overhead each: a 250-token budget holds two turns.
    const turns = [
      turn('user', 400, 'u1'),
      turn('assistant', 400, 'a1'),
      turn('user', 400, 'u2'),
      turn('assistant', 400, 'a2'),
      turn('user', 400, 'u3'),
    ];
    const kept = trimHistory(turns, 250);
    expect(kept.map((t) => t.content.slice(0, 2))).toEqual(['u3']);
    const wider = trimHistory(turns, 330);
    expect(wider.map((t) => t.content.slice(0, 2))).toEqual(['u2', 'a2', 'u3']);
  });

  it('cuts a single message that alone is over budget', () => {
    const kept = trimHistory([turn('user', 10_000)], 104);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.content.length).toBe(400);
    expect(estimateTokens(kept[0]?.content ?? '')).toBe(100);
  });
});

describe('ChatModelRegistry', () => {
  const adapter = (n: number): ChatModelAdapter => ({
    contextTokens: n,
    replyTokens: 1,
    async *streamReply() {
      yield 'x';
    },
  });

  it('finds exact ids, then the provider-wide adapter, and undoes a registration', () => {
    const reg = new ChatModelRegistry({ 'local/text': adapter(1) });
    expect(reg.get('local/text')?.contextTokens).toBe(1);
    expect(reg.get('openai/gpt-4-turbo')).toBeUndefined();
    const undo = reg.register('openai/*', adapter(2));
    expect(reg.get('openai/gpt-4-turbo')?.contextTokens).toBe(2);
    const undoText = reg.register('local/text', adapter(3));
    expect(reg.get('local/text')?.contextTokens).toBe(3);
    undoText();
    expect(reg.get('local/text')?.contextTokens).toBe(1);
    undo();
    expect(reg.get('openai/gpt-4-turbo')).toBeUndefined();
  });
});

describe('deriveTitle', () => {
  it('uses the first words of the message on one line', () => {
    expect(deriveTitle('  # Give me\n three taglines  ')).toBe('Give me three taglines');
    const long = deriveTitle('Write a detailed comparison of reusable coffee cups made of steel, glass and bamboo for commuters');
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long).toBe('Write a detailed comparison of reusable coffee cups made of…');
    expect(deriveTitle('***')).toBe('New chat');
  });
});

describe('historyFor', () => {
  let seq = 0;
  const row = (p: Partial<ChatMessageRow> & Pick<ChatMessageRow, 'id' | 'role' | 'content'>): ChatMessageRow => ({
    conversation_id: 'c',
    seq: ++seq,
    reply_to_id: null,
    model_id: null,
    status: 'COMPLETED',
    tokens_in: null,
    tokens_out: null,
    latency_ms: null,
    credit_units: 0,
    credit_units_refunded: 0,
    error: null,
    created_at: new Date(),
    updated_at: new Date(),
    completed_at: null,
    ...p,
  });
  const big: ChatModelAdapter = {
    contextTokens: 10_000,
    replyTokens: 100,
    async *streamReply() {
      yield '';
    },
  };

  it("gives each model its own earlier replies, another model's where it wasn't asked, and stops at the message answered", () => {
    const msgs = [
      row({ id: 'u1', role: 'user', content: 'first' }),
      row({ id: 'a1', role: 'assistant', content: 'A says 1', model_id: 'm/a', reply_to_id: 'u1' }),
      row({ id: 'b1', role: 'assistant', content: 'B says 1', model_id: 'm/b', reply_to_id: 'u1' }),
      row({ id: 'u2', role: 'user', content: 'second' }),
      row({ id: 'a2', role: 'assistant', content: 'A says 2', model_id: 'm/a', reply_to_id: 'u2' }),
      row({ id: 'b2', role: 'assistant', content: '', model_id: 'm/b', reply_to_id: 'u2', status: 'FAILED' }),
      row({ id: 'u3', role: 'user', content: 'third' }),
      row({ id: 'u4', role: 'user', content: 'fourth' }),
    ];
    expect(historyFor(msgs, 'm/b', 'u3', big).map((t) => t.content)).toEqual(['first', 'B says 1', 'second', 'A says 2', 'third']);
    expect(historyFor(msgs, 'm/a', 'u2', big).map((t) => t.content)).toEqual(['first', 'A says 1', 'second']);
  });

  it('pairs legacy replies without reply_to_id with the user message before them', () => {
    const msgs = [
      row({ id: 'u1', role: 'user', content: 'hi' }),
      row({ id: 'a1', role: 'assistant', content: 'hello', model_id: 'm/a' }),
      row({ id: 'u2', role: 'user', content: 'again' }),
    ];
    expect(historyFor(msgs, 'm/a', 'u2', big).map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
  });
});
