import { DEMO_IDS, ledgerSumUnits, reapStaleReplies } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFactory } from '../../context';
import { appRouter } from '../../router';
import { createTestApp, type TestApp } from '../../testing/harness';
import { type ChatModelAdapter, type ChatTurn, chatModels } from './chat.models';
import type { ChatStreamEvent } from './chat.schema';

let t: TestApp;
const undo: (() => void)[] = [];

/** What the scripted models were asked, newest last. */
const asked: { modelId: string; messages: ChatTurn[] }[] = [];

/** Test-only models, registered in the registry like a hosted provider would be: never in production code. */
const echo = (prefix: string): ChatModelAdapter => ({
  contextTokens: 2000,
  replyTokens: 200,
  async *streamReply({ modelId, messages }) {
    asked.push({ modelId, messages });
    const last = messages.at(-1)?.content ?? '';
    for (const word of `${prefix}: ${last}`.split(/(?<= )/)) {
      await new Promise((r) => setTimeout(r, 2));
      yield word;
    }
    return { tokensIn: 11, tokensOut: 7 };
  },
});
const broken: ChatModelAdapter = {
  contextTokens: 2000,
  replyTokens: 200,
  async *streamReply() {
    yield 'Half a thou';
    throw new Error('upstream 500');
  },
};

/** A model the test feeds token by token: push strings, then null to finish (or an Error to fail). */
class Feed {
  private items: (string | Error | null)[] = [];
  private waiter: (() => void) | null = null;
  push(item: string | Error | null) {
    this.items.push(item);
    this.waiter?.();
  }
  async next(): Promise<string | Error | null> {
    while (!this.items.length) await new Promise<void>((r) => (this.waiter = r));
    this.waiter = null;
    return this.items.shift() as string | Error | null;
  }
}
let feed = new Feed();
const fed: ChatModelAdapter = {
  contextTokens: 2000,
  replyTokens: 200,
  async *streamReply() {
    for (;;) {
      const item = await feed.next();
      if (item === null) return;
      if (item instanceof Error) throw item;
      yield item;
    }
  },
};

const textModel = (id: string, name: string, units: number) => ({
  id,
  provider: 'local',
  name,
  type: 'TEXT' as const,
  description: 'test model',
  requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
  pricing: JSON.stringify([]),
  credit_units: units,
  is_local: true,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db
    .insertInto('ai_models')
    .values([
      textModel('local/echo', 'Echo', 100),
      textModel('local/parrot', 'Parrot', 200),
      textModel('local/broken', 'Broken', 300),
      textModel('local/fed', 'Fed', 150),
      textModel('local/unplugged', 'No adapter', 100),
    ])
    .execute();
  undo.push(
    chatModels.register('local/echo', echo('echo')),
    chatModels.register('local/parrot', echo('parrot')),
    chatModels.register('local/broken', broken),
    chatModels.register('local/fed', fed),
  );
});
afterAll(async () => {
  feed.push(null);
  await t.deps.chat.stopAll();
  for (const u of undo) u();
  await t.close();
});

const balanceOf = async (token: string) => (await t.rest('GET', '/api/auth/me', { token })).body.user.credits as number;

async function settle() {
  await t.deps.chat.idle();
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function newChat(token: string, body: Record<string, unknown> = {}) {
  const res = await t.rest('POST', '/api/chat/conversations', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; title: string; type: string; aiModels: string[] };
}

/** A tRPC caller acting as the holder of `token` (or a guest). */
async function callerFor(token: string | null) {
  const req = { headers: token ? { authorization: `Bearer ${token}` } : {}, ip: '127.0.0.1' } as unknown as FastifyRequest;
  const res = { header: () => res } as unknown as FastifyReply;
  return appRouter.createCaller(await contextFactory(t.deps)({ req, res }));
}

async function collect(iterable: AsyncIterable<ChatStreamEvent>, onEvent?: (e: ChatStreamEvent) => void): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const e of iterable) {
    events.push(e);
    onEvent?.(e);
  }
  return events;
}

/** Applies events the way the client is told to: text = text.slice(0, offset) + text. */
function replay(events: ChatStreamEvent[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of events) {
    if (e.type === 'end') continue;
    out[e.messageId] = (out[e.messageId] ?? '').slice(0, e.offset) + e.text;
  }
  return out;
}

describe('conversations', () => {
  it('creates with the defaults: SINGLE, the default text model, a placeholder title', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token);
    expect(c).toMatchObject({ type: 'SINGLE', aiModels: ['local/text'], title: 'New chat', isArchived: false, preview: null });
    const titled = await newChat(u.token, { title: '  Slogans  ', aiModels: ['local/echo'] });
    expect(titled).toMatchObject({ title: 'Slogans', type: 'SINGLE', aiModels: ['local/echo'] });
    const multi = await newChat(u.token, { aiModels: ['local/echo', 'Parrot'] });
    expect(multi).toMatchObject({ type: 'MULTI', aiModels: ['local/echo', 'local/parrot'] });
  });

  it('refuses models that are unknown, not text, unavailable or not runnable in chat, and SINGLE with two models', async () => {
    const u = await t.signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ aiModels: ['nope/nothing'] }, 'aiModels.0'],
      [{ aiModels: ['local/echo', 'local/image'] }, 'aiModels.1'],
      [{ aiModels: ['openai/gpt-4-turbo'] }, 'aiModels.0'],
      [{ aiModels: ['local/unplugged'] }, 'aiModels.0'],
      [{ type: 'SINGLE', aiModels: ['local/echo', 'local/parrot'] }, 'type'],
      [{ aiModels: ['local/echo', 'local/echo'] }, 'aiModels'],
    ];
    for (const [body, path] of cases) {
      const res = await t.rest('POST', '/api/chat/conversations', { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[0].path, JSON.stringify(res.body)).toBe(path);
    }
    const list = await t.rest('GET', '/api/chat/conversations', { token: u.token });
    expect(list.body.total).toBe(0);
  });

  it('lists 20 per page by default, newest activity first, then the rest', async () => {
    const u = await t.signUp();
    for (let i = 1; i <= 25; i++) await newChat(u.token, { title: `Chat ${i}`, aiModels: ['local/echo'] });
    const first = await t.rest('GET', '/api/chat/conversations', { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 25, limit: 20, offset: 0 });
    expect(first.body.conversations).toHaveLength(20);
    expect(first.body.conversations[0].title).toBe('Chat 25');
    const second = await t.rest('GET', '/api/chat/conversations?limit=20&offset=20', { token: u.token });
    expect(second.body.conversations.map((c: { title: string }) => c.title)).toEqual(['Chat 5', 'Chat 4', 'Chat 3', 'Chat 2', 'Chat 1']);
    // A message moves its conversation to the top.
    const chat3 = second.body.conversations[2].id;
    await t.rest('POST', `/api/chat/conversations/${chat3}/messages`, { token: u.token, body: { content: 'bump', generateResponses: false } });
    const top = await t.rest('GET', '/api/chat/conversations?limit=1', { token: u.token });
    expect(top.body.conversations[0]).toMatchObject({ id: chat3, preview: 'bump' });
    const search = await t.rest('GET', '/api/chat/conversations?search=chat%202', { token: u.token });
    expect(search.body.conversations.map((c: { title: string }) => c.title).sort()).toEqual([
      'Chat 2',
      'Chat 20',
      'Chat 21',
      'Chat 22',
      'Chat 23',
      'Chat 24',
      'Chat 25',
    ]);
  });

  it('archiving hides a conversation from the default list; archived=true shows it; PATCH also renames', async () => {
    const u = await t.signUp();
    const keep = await newChat(u.token, { title: 'keep', aiModels: ['local/echo'] });
    const old = await newChat(u.token, { title: 'old', aiModels: ['local/echo'] });
    const res = await t.rest('PATCH', `/api/chat/conversations/${old.id}`, { token: u.token, body: { isArchived: true } });
    expect(res.status).toBe(200);
    expect(res.body.isArchived).toBe(true);
    const list = await t.rest('GET', '/api/chat/conversations', { token: u.token });
    expect(list.body.conversations.map((c: { id: string }) => c.id)).toEqual([keep.id]);
    const archived = await t.rest('GET', '/api/chat/conversations?archived=true', { token: u.token });
    expect(archived.body.conversations.map((c: { id: string }) => c.id)).toEqual([old.id]);
    expect((await t.rest('GET', '/api/chat/conversations?archived=false', { token: u.token })).body.total).toBe(1);
    const renamed = await t.rest('PATCH', `/api/chat/conversations/${old.id}`, { token: u.token, body: { isArchived: false, title: 'Renamed' } });
    expect(renamed.body).toMatchObject({ isArchived: false, title: 'Renamed' });
    expect((await t.rest('GET', '/api/chat/conversations', { token: u.token })).body.total).toBe(2);
    const empty = await t.rest('PATCH', `/api/chat/conversations/${old.id}`, { token: u.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('adds and removes participants; a second model makes it MULTI; at least one must remain', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo'] });
    const put = (body: unknown) => t.rest('PUT', `/api/chat/conversations/${c.id}/participants`, { token: u.token, body });
    const added = await put({ addModels: ['local/parrot'] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ aiModels: ['local/echo', 'local/parrot'], type: 'MULTI' });
    const removed = await put({ removeModels: ['local/echo'] });
    expect(removed.body.aiModels).toEqual(['local/parrot']);
    const none = await put({ removeModels: ['local/parrot'] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('A conversation needs at least one model');
    const bad = await put({ addModels: ['local/image'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('addModels.0');
    const swapped = await put({ addModels: ['local/echo'], removeModels: ['local/parrot'] });
    expect(swapped.body.aiModels).toEqual(['local/echo']);
    expect((await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token })).body.aiModels).toEqual(['local/echo']);
  });

  it('deletes a conversation with its messages', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo'] });
    await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'hello' } });
    await settle();
    const del = await t.rest('DELETE', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true, id: c.id, creditsBalance: 49 });
    const get = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(get.status).toBe(404);
    expect(get.body.error.message).toBe(MESSAGES.conversationNotFound);
    const left = await t.deps.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', c.id).execute();
    expect(left).toEqual([]);
  });
});

describe('messages', () => {
  it('sends to two models: two charged PENDING replies with their model ids, written in the background', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo', 'local/parrot'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'Three taglines for a reusable coffee cup', generateResponses: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.userMessage).toMatchObject({ role: 'user', content: 'Three taglines for a reusable coffee cup', status: 'COMPLETED' });
    expect(sent.body.replies.map((r: { modelId: string }) => r.modelId)).toEqual(['local/echo', 'local/parrot']);
    for (const r of sent.body.replies) expect(r).toMatchObject({ role: 'assistant', status: 'PENDING', replyToId: sent.body.userMessage.id });
    expect(sent.body.replies.map((r: { creditsUsed: number }) => r.creditsUsed)).toEqual([1, 2]);
    expect(sent.body.creditsBalance).toBe(47);
    expect(sent.body.conversation.title).toBe('Three taglines for a reusable coffee cup');

    await settle();
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(conv.status).toBe(200);
    const [user, a, b] = conv.body.messages;
    expect(user.role).toBe('user');
    expect(a).toMatchObject({
      modelId: 'local/echo',
      status: 'COMPLETED',
      content: 'echo: Three taglines for a reusable coffee cup',
      tokensIn: 11,
      tokensOut: 7,
      creditsUsed: 1,
      creditsRefunded: 0,
    });
    expect(b).toMatchObject({ modelId: 'local/parrot', status: 'COMPLETED', content: 'parrot: Three taglines for a reusable coffee cup' });
    expect(a.latencyMs).toBeGreaterThanOrEqual(0);
    expect(a.completedAt).toBeTruthy();
    expect(await balanceOf(u.token)).toBe(47);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4700);
    const spends = await t.deps.db
      .selectFrom('credit_ledger')
      .select(['idempotency_key', 'amount_units'])
      .where('user_id', '=', u.userId)
      .where('kind', '=', 'spend')
      .execute();
    expect(spends.map((s) => s.idempotency_key).sort()).toEqual([`spend:chat:${a.id}`, `spend:chat:${b.id}`].sort());
  });

  it('replies see the history (their own earlier replies), sending to a subset of participants', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo', 'local/parrot'] });
    await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'one' } });
    await settle();
    const second = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'two', models: ['local/parrot'] },
    });
    expect(second.body.replies.map((r: { modelId: string }) => r.modelId)).toEqual(['local/parrot']);
    await settle();
    expect(asked.at(-1)).toEqual({
      modelId: 'local/parrot',
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'parrot: one' },
        { role: 'user', content: 'two' },
      ],
    });
    const outsider = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'x', models: ['local/broken'] },
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.fields[0].path).toBe('models');
  });

  it('stores only the message when generateResponses is false (no charge), and keeps a given title', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { title: 'Mine', aiModels: ['local/echo'] });
    const res = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'note to self', generateResponses: false },
    });
    expect(res.body).toMatchObject({ replies: [], creditsBalance: 50, conversation: { title: 'Mine' } });
  });

  it('a model failure refunds that reply only: the ledger shows its spend and its refund', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo', 'local/broken'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'go' } });
    expect(sent.body.creditsBalance).toBe(46);
    await settle();
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    const failed = conv.body.messages.find((m: { modelId: string }) => m.modelId === 'local/broken');
    expect(failed).toMatchObject({ status: 'FAILED', creditsUsed: 3, creditsRefunded: 3, content: 'Half a thou' });
    expect(failed.error).toMatch(/upstream 500/);
    expect(conv.body.messages.find((m: { modelId: string }) => m.modelId === 'local/echo').status).toBe('COMPLETED');
    const ledger = await t.deps.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount_units', 'idempotency_key'])
      .where('reference_id', '=', failed.id)
      .orderBy('created_at')
      .execute();
    expect(ledger).toEqual([
      { kind: 'spend', amount_units: -300, idempotency_key: `spend:chat:${failed.id}` },
      { kind: 'refund', amount_units: 300, idempotency_key: `refund:chat:${failed.id}` },
    ]);
    expect(await balanceOf(u.token)).toBe(49);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4900);
  });

  it('refuses a send it cannot pay for and stores nothing', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo', 'local/parrot'] });
    await t.deps.db.updateTable('users').set({ credit_units: 250 }).where('id', '=', u.userId).execute();
    const res = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'too dear' } });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(await t.deps.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', c.id).execute()).toEqual([]);
    expect((await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token })).body.title).toBe('New chat');
  });

  it('stop keeps the partial text and the charge; stopped before any text, it is refunded', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/fed'] });
    feed = new Feed();
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'long story' } });
    const id = sent.body.replies[0].id;
    feed.push('Once upon ');
    await waitFor(
      () => t.deps.db.selectFrom('chat_messages').select('content').where('id', '=', id).executeTakeFirstOrThrow(),
      (r) => r.content === 'Once upon ',
    );
    const stop = await t.rest('POST', `/api/chat/conversations/${c.id}/messages/${id}/stop`, { token: u.token, body: {} });
    expect(stop.status).toBe(200);
    expect(stop.body.message).toMatchObject({ status: 'STOPPED', content: 'Once upon ', creditsUsed: 1.5, creditsRefunded: 0 });
    expect(stop.body.creditsBalance).toBe(48.5);
    feed.push('a time');
    const again = await t.rest('POST', `/api/chat/conversations/${c.id}/messages/${id}/stop`, { token: u.token, body: {} });
    expect(again.body.message.content).toBe('Once upon ');

    feed = new Feed();
    const next = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'never mind' } });
    const early = await t.rest('POST', `/api/chat/conversations/${c.id}/messages/${next.body.replies[0].id}/stop`, { token: u.token, body: {} });
    expect(early.body.message).toMatchObject({ status: 'STOPPED', content: '', creditsRefunded: 1.5 });
    expect(early.body.creditsBalance).toBe(48.5);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4850);
  });

  it('stops a reply whose writer is in another process by ending its row; the writer gives up', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/fed'] });
    feed = new Feed();
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'elsewhere' } });
    const id = sent.body.replies[0].id;
    feed.push('partial');
    await waitFor(
      () => t.deps.db.selectFrom('chat_messages').select('content').where('id', '=', id).executeTakeFirstOrThrow(),
      (r) => r.content === 'partial',
    );
    // As another process would: end the row directly.
    await t.deps.db.updateTable('chat_messages').set({ status: 'STOPPED' }).where('id', '=', id).execute();
    feed.push(' more');
    await settle();
    const row = await t.deps.db.selectFrom('chat_messages').select(['status', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'STOPPED', content: 'partial' });
  });

  it('regenerates a finished reply in place: a new reply by the same model, charged again', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo', 'local/parrot'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'again' } });
    await settle();
    const oldId = sent.body.replies[0].id;
    const regen = await t.rest('POST', `/api/chat/conversations/${c.id}/messages/${oldId}/regenerate`, { token: u.token, body: {} });
    expect(regen.status, JSON.stringify(regen.body)).toBe(200);
    expect(regen.body.message).toMatchObject({ modelId: 'local/echo', status: 'PENDING', replyToId: sent.body.userMessage.id });
    expect(regen.body.message.id).not.toBe(oldId);
    expect(regen.body.creditsBalance).toBe(46);
    await settle();
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(conv.body.messages.map((m: { id: string; modelId: string | null; status: string }) => [m.id, m.modelId, m.status])).toEqual([
      [sent.body.userMessage.id, null, 'COMPLETED'],
      [regen.body.message.id, 'local/echo', 'COMPLETED'],
      [sent.body.replies[1].id, 'local/parrot', 'COMPLETED'],
    ]);
    const user = await t.rest('POST', `/api/chat/conversations/${c.id}/messages/${sent.body.userMessage.id}/regenerate`, {
      token: u.token,
      body: {},
    });
    expect(user.status).toBe(400);
  });

  it('deletes one message; a user message takes its replies with it', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo'] });
    const first = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'first' } });
    const second = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'second' } });
    await settle();
    const delReply = await t.rest('DELETE', `/api/chat/conversations/${c.id}/messages/${second.body.replies[0].id}`, { token: u.token });
    expect(delReply.status).toBe(200);
    const delUser = await t.rest('DELETE', `/api/chat/conversations/${c.id}/messages/${first.body.userMessage.id}`, { token: u.token });
    expect(delUser.status).toBe(200);
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(conv.body.messages.map((m: { content: string }) => m.content)).toEqual(['second']);
  });
});

describe('streaming', () => {
  it('chat.stream yields the tokens in order as the model writes them, then the stored reply', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/fed'] });
    feed = new Feed();
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'count' } });
    const id = sent.body.replies[0].id as string;
    const caller = await callerFor(u.token);
    const stream = await caller.chat.stream({ conversationId: c.id, messageIds: [id] });
    const tokens = ['One', ', two', ', three', '.'];
    let next = 0;
    // Feed a token only once the previous one arrived: every delta is seen live.
    const events = await collect(stream, (e) => {
      if ((e.type === 'snapshot' && next === 0) || e.type === 'delta') feed.push(next < tokens.length ? (tokens[next++] as string) : null);
    });
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.map((e) => e.text)).toEqual(tokens);
    expect(deltas.map((e) => e.offset)).toEqual([0, 3, 8, 15]);
    expect(events[0]).toMatchObject({ type: 'snapshot', messageId: id, offset: 0, text: '' });
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'end', messageId: id, message: { status: 'COMPLETED', content: 'One, two, three.' }, creditsBalance: 48.5 });
    expect(replay(events)[id]).toBe('One, two, three.');
  });

  it('streams a local/text (offline draft writer) reply word by word, stored once complete', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token);
    expect(c.aiModels).toEqual(['local/text']);
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'Give me three taglines for a reusable coffee cup' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.creditsBalance).toBe(49);
    const id = sent.body.replies[0].id as string;
    const events = await collect(await (await callerFor(u.token)).chat.stream({ conversationId: c.id, messageIds: [id] }));
    const end = events.at(-1);
    expect(end?.type).toBe('end');
    const stored = end?.type === 'end' ? end.message : null;
    expect(stored).toMatchObject({ status: 'COMPLETED', modelId: 'local/text', creditsUsed: 1 });
    expect(stored?.content.length).toBeGreaterThan(20);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(replay(events)[id]).toBe(stored?.content);
    expect(stored?.tokensOut).toBeGreaterThan(0);
    // The next turn hands the writer the history.
    await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'Shorter, please' } });
    await settle();
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(conv.body.messages.map((m: { status: string }) => m.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(conv.body.title).toBe('Give me three taglines for a reusable coffee cup');
  });

  it('two offline models side by side: the draft writer and its short form (local/text-brief) both stream and are stored', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/text', 'local/text-brief'] });
    expect(c).toMatchObject({ type: 'MULTI', aiModels: ['local/text', 'local/text-brief'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'How do I plan a product launch for a small coffee brand?' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.creditsBalance).toBe(48);
    const ids = (sent.body.replies as Array<{ id: string; modelId: string }>).map((r) => r.id);
    const events = await collect(await (await callerFor(u.token)).chat.stream({ conversationId: c.id, messageIds: ids }));
    const ends = events.filter((e) => e.type === 'end').map((e) => (e.type === 'end' ? e.message : null));
    const full = ends.find((m) => m?.modelId === 'local/text');
    const brief = ends.find((m) => m?.modelId === 'local/text-brief');
    expect(full).toMatchObject({ status: 'COMPLETED', creditsUsed: 1 });
    expect(brief).toMatchObject({ status: 'COMPLETED', creditsUsed: 1 });
    expect(brief?.content.length).toBeGreaterThan(20);
    expect(brief?.content.length).toBeLessThan(full?.content.length ?? 0);
    const texts = replay(events);
    for (const m of [full, brief]) expect(texts[m?.id ?? '']).toBe(m?.content);
  });

  it('a late subscriber gets the text so far as a snapshot, then the rest; a finished reply gives snapshot + end', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/fed'] });
    feed = new Feed();
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'late' } });
    const id = sent.body.replies[0].id as string;
    feed.push('Already ');
    feed.push('here');
    await waitFor(
      () => t.deps.db.selectFrom('chat_messages').select('content').where('id', '=', id).executeTakeFirstOrThrow(),
      (r) => r.content === 'Already here',
    );
    const caller = await callerFor(u.token);
    // No messageIds: every reply still being written.
    const stream = await caller.chat.stream({ conversationId: c.id });
    const events = await collect(stream, (e) => {
      if (e.type === 'snapshot') {
        feed.push(', then more');
        feed.push(null);
      }
    });
    expect(events[0]).toMatchObject({ type: 'snapshot', status: 'STREAMING', text: 'Already here' });
    expect(replay(events)[id]).toBe('Already here, then more');
    const after = await collect(await caller.chat.stream({ conversationId: c.id, messageIds: [id] }));
    expect(after.map((e) => e.type)).toEqual(['snapshot', 'end']);
    expect(replay(after)[id]).toBe('Already here, then more');
    expect(await collect(await caller.chat.stream({ conversationId: c.id }))).toEqual([]);
  });

  it('follows a reply whose writer announces nothing (e.g. it died) through the safety sweep, not per-subscriber polling', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'remote', generateResponses: false },
    });
    // A reply row that no runner here owns, as if another api process were writing it.
    const row = await t.deps.db
      .insertInto('chat_messages')
      .values({
        conversation_id: c.id,
        role: 'assistant',
        reply_to_id: sent.body.userMessage.id,
        content: 'Re',
        model_id: 'local/echo',
        status: 'STREAMING',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const caller = await callerFor(u.token);
    const stream = await caller.chat.stream({ conversationId: c.id, messageIds: [row.id] });
    const writer = (async () => {
      await new Promise((r) => setTimeout(r, 700));
      await t.deps.db.updateTable('chat_messages').set({ content: 'Remote text' }).where('id', '=', row.id).execute();
      await new Promise((r) => setTimeout(r, 700));
      await t.deps.db.updateTable('chat_messages').set({ content: 'Remote text, done', status: 'COMPLETED' }).where('id', '=', row.id).execute();
    })();
    const events = await collect(stream);
    await writer;
    // Both writes land between two sweeps (every 5 s): one delta catches up, then the end.
    expect(events.map((e) => e.type)).toEqual(['snapshot', 'delta', 'end']);
    expect(replay(events)[row.id]).toBe('Remote text, done');
  });

  it('is served over SSE at /trpc/chat.stream', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/fed'] });
    feed = new Feed();
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: u.token, body: { content: 'sse' } });
    const id = sent.body.replies[0].id as string;
    const input = encodeURIComponent(JSON.stringify({ conversationId: c.id, messageIds: [id] }));
    const response = t.app.inject({ method: 'GET', url: `/trpc/chat.stream?input=${input}`, headers: { authorization: `Bearer ${u.token}` } });
    setTimeout(() => {
      feed.push('Hello');
      feed.push(' SSE');
      feed.push(null);
    }, 300);
    const res = await response;
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/event-stream/);
    expect(res.body).toMatch(/event: return/);
    const data = res.body
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)))
      .filter((d) => d && typeof d === 'object' && 'type' in d) as ChatStreamEvent[];
    expect(replay(data)[id]).toBe('Hello SSE');
    expect(data.at(-1)).toMatchObject({ type: 'end', message: { status: 'COMPLETED' } });
  });

  it("refuses another user's conversation and unknown reply ids", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const c = await newChat(owner.token, { aiModels: ['local/echo'] });
    const caller = await callerFor(other.token);
    await expect(caller.chat.stream({ conversationId: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.conversationNotFound });
    const mine = await callerFor(owner.token);
    await expect(mine.chat.stream({ conversationId: c.id, messageIds: ['00000000-0000-4000-8000-000000000009'] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('access', () => {
  it("another user's conversation is 'Conversation not found' everywhere, and nothing changes", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const c = await newChat(owner.token, { title: 'private', aiModels: ['local/echo'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, { token: owner.token, body: { content: 'secret' } });
    await settle();
    const replyId = sent.body.replies[0].id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/chat/conversations/${c.id}`],
      ['POST', `/api/chat/conversations/${c.id}/messages`, { content: 'hi' }],
      ['PATCH', `/api/chat/conversations/${c.id}`, { isArchived: true }],
      ['PUT', `/api/chat/conversations/${c.id}/participants`, { addModels: ['local/parrot'] }],
      ['DELETE', `/api/chat/conversations/${c.id}`],
      ['POST', `/api/chat/conversations/${c.id}/messages/${replyId}/stop`, {}],
      ['POST', `/api/chat/conversations/${c.id}/messages/${replyId}/regenerate`, {}],
      ['DELETE', `/api/chat/conversations/${c.id}/messages/${replyId}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.rest(method as 'GET', url, { token: other.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error.message).toBe(MESSAGES.conversationNotFound);
    }
    expect((await t.rest('GET', '/api/chat/conversations', { token: other.token })).body.total).toBe(0);
    const mine = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: owner.token });
    expect(mine.body).toMatchObject({ title: 'private', isArchived: false, aiModels: ['local/echo'] });
    expect(mine.body.messages).toHaveLength(2);
    expect(await balanceOf(other.token)).toBe(50);
  });

  it('guests read the demo conversation; their writes get 401', async () => {
    const list = await t.rest('GET', '/api/chat/conversations');
    expect(list.status).toBe(200);
    expect(list.body.conversations.map((c: { id: string }) => c.id)).toContain(DEMO_IDS.conversation);
    const demo = await t.rest('GET', `/api/chat/conversations/${DEMO_IDS.conversation}`);
    expect(demo.status).toBe(200);
    expect(demo.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    const send = await t.rest('POST', `/api/chat/conversations/${DEMO_IDS.conversation}/messages`, { body: { content: 'hi' } });
    expect(send.status).toBe(401);
    expect(send.body.error.message).toBe(MESSAGES.loginRequired);
    expect((await t.rest('POST', '/api/chat/conversations', { body: {} })).status).toBe(401);
    const guest = await callerFor(null);
    expect(await collect(await guest.chat.stream({ conversationId: DEMO_IDS.conversation }))).toEqual([]);
    // A signed-in user does not see the demo conversation as theirs.
    const u = await t.signUp();
    expect((await t.rest('GET', `/api/chat/conversations/${DEMO_IDS.conversation}`, { token: u.token })).status).toBe(404);
  });
});

describe('recovery', () => {
  it('a reply left open by a dead process is failed and refunded by the maintenance sweep, never by a read', async () => {
    const u = await t.signUp();
    const c = await newChat(u.token, { aiModels: ['local/echo'] });
    const sent = await t.rest('POST', `/api/chat/conversations/${c.id}/messages`, {
      token: u.token,
      body: { content: 'orphan', generateResponses: false },
    });
    const row = await t.deps.db
      .insertInto('chat_messages')
      .values({
        conversation_id: c.id,
        role: 'assistant',
        reply_to_id: sent.body.userMessage.id,
        content: 'half',
        model_id: 'local/echo',
        status: 'STREAMING',
        credit_units: 100,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its charge, as the dead process had taken it, and an old last write.
    await t.deps.db.updateTable('users').set({ credit_units: 4900 }).where('id', '=', u.userId).execute();
    await t.deps.db
      .insertInto('credit_ledger')
      .values({
        user_id: u.userId,
        kind: 'spend',
        amount_units: -100,
        balance_after_units: 4900,
        idempotency_key: `spend:chat:${row.id}`,
        reference_id: row.id,
      })
      .execute();
    // The trigger stamps updated_at on every UPDATE: age the row with it switched off.
    await sql`ALTER TABLE chat_messages DISABLE TRIGGER chat_messages_updated_at`.execute(t.deps.db);
    await sql`UPDATE chat_messages SET updated_at = now() - interval '10 minutes' WHERE id = ${row.id}`.execute(t.deps.db);
    await sql`ALTER TABLE chat_messages ENABLE TRIGGER chat_messages_updated_at`.execute(t.deps.db);
    // Reading changes nothing; the worker's maintenance task (reap-chat-replies) ends it.
    const before = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    expect(before.body.messages.find((m: { id: string }) => m.id === row.id)).toMatchObject({ status: 'STREAMING', creditsRefunded: 0 });
    expect(await reapStaleReplies(t.deps.db)).toEqual([row.id]);
    expect(await reapStaleReplies(t.deps.db)).toEqual([]);
    const conv = await t.rest('GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    const reaped = conv.body.messages.find((m: { id: string }) => m.id === row.id);
    expect(reaped).toMatchObject({ status: 'FAILED', content: 'half', creditsRefunded: 1 });
    expect(await balanceOf(u.token)).toBe(50);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000);
  });
});
