import { ledgerSumUnits } from '@atelier/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFactory } from '../../context';
import { appRouter } from '../../router';
import { createTestApp, type TestApp } from '../../testing/harness';
import { type ChatModelAdapter, chatModels } from './chat.models';
import type { ChatStreamEvent } from './chat.schema';

/**
 * Two api replicas (each with its own connections, event bus and chat runner) on one database and
 * Redis: a reply written on A streams token by token to a subscriber on B, and a stop sent to B
 * reaches the runner on A through the event channel.
 */

/** A model the test feeds token by token (null ends it). */
const tokens: (string | null)[] = [];
let wake: (() => void) | null = null;
const feed = (t: string | null) => {
  tokens.push(t);
  wake?.();
};
const fed: ChatModelAdapter = {
  contextTokens: 2000,
  replyTokens: 200,
  async *streamReply({ signal }) {
    for (;;) {
      while (!tokens.length) {
        if (signal.aborted) return;
        await new Promise<void>((r) => {
          wake = r;
          signal.addEventListener('abort', () => r(), { once: true });
        });
      }
      const t = tokens.shift();
      if (t === null || t === undefined) return;
      yield t;
    }
  },
};

let a: TestApp;
let b: TestApp;
let undo: () => void;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { replicaOf: a });
  await a.deps.db
    .insertInto('ai_models')
    .values({
      id: 'local/replica-fed',
      provider: 'local',
      name: 'Fed',
      type: 'TEXT',
      description: 'test model',
      requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
      pricing: JSON.stringify([]),
      credit_units: 100,
      is_local: true,
    })
    .execute();
  undo = chatModels.register('local/replica-fed', fed);
});
afterAll(async () => {
  feed(null);
  undo?.();
  await b?.close();
  await a?.close();
});

async function callerOn(app: TestApp, token: string) {
  const req = { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' } as unknown as FastifyRequest;
  const res = { header: () => res } as unknown as FastifyReply;
  return appRouter.createCaller(await contextFactory(app.deps)({ req, res }));
}

/** Reads a stream into an array, handing each event to `until` and stopping when it says so. */
function reader(stream: AsyncIterable<ChatStreamEvent>) {
  const events: ChatStreamEvent[] = [];
  const waiters = new Set<() => void>();
  const done = (async () => {
    for await (const e of stream) {
      events.push(e);
      for (const w of waiters) w();
    }
  })();
  return {
    events,
    done,
    async waitFor(pred: (events: ChatStreamEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!pred(events)) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.add(r);
          setTimeout(r, 50);
        });
        waiters.clear();
      }
    },
  };
}

const text = (events: ChatStreamEvent[]) => events.reduce((s, e) => (e.type === 'end' ? s : s.slice(0, e.offset) + e.text), '');

describe('chat across api replicas', () => {
  it('streams a reply written on A token by token to a subscriber on B; a stop sent to B stops the runner on A', async () => {
    const u = await a.signUp();
    const created = await a.rest('POST', '/api/chat/conversations', { token: u.token, body: { aiModels: ['local/replica-fed'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const conversationId = created.body.id as string;
    feed('Hel');
    const sent = await a.rest('POST', `/api/chat/conversations/${conversationId}/messages`, { token: u.token, body: { content: 'hi' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const replyId = sent.body.replies[0].id as string;
    expect(a.deps.chat.isLocal(replyId)).toBe(true);
    expect(b.deps.chat.isLocal(replyId)).toBe(false);

    // B joins mid-reply: the row (or A's answer to its sync) gives it 'Hel' once.
    const onB = reader(await (await callerOn(b, u.token)).chat.stream({ conversationId, messageIds: [replyId] }));
    await onB.waitFor((e) => text(e) === 'Hel');
    // Then every token as A writes it, each its own event, before the next is written.
    for (const [i, t] of ['lo', ' wor', 'ld'].entries()) {
      feed(t);
      await onB.waitFor((e) => text(e) === `Hel${['lo', ' wor', 'ld'].slice(0, i + 1).join('')}`);
      const last = onB.events.at(-1);
      expect(last).toMatchObject({ type: 'delta', text: t });
    }

    // Stop on B: A's runner ends the reply with what it wrote (STOPPED, charge kept).
    const stopped = await b.rest('POST', `/api/chat/conversations/${conversationId}/messages/${replyId}/stop`, { token: u.token });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.message).toMatchObject({ status: 'STOPPED', content: 'Hello world', creditsRefunded: 0 });
    await onB.done;
    const end = onB.events.at(-1);
    expect(end).toMatchObject({ type: 'end', message: { status: 'STOPPED', content: 'Hello world' } });
    // Every token exactly once, in order.
    expect(text(onB.events)).toBe('Hello world');
    await a.deps.chat.idle();
    expect(a.deps.chat.isLocal(replyId)).toBe(false);
    const balance = await a.deps.db.selectFrom('users').select('credit_units').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(await ledgerSumUnits(a.deps.db, u.userId)).toBe(balance.credit_units);
  });

  it('counts open replies across replicas: the per-user limit holds whichever replica a request reaches', async () => {
    const u = await a.signUp();
    const created = await a.rest('POST', '/api/chat/conversations', { token: u.token, body: { aiModels: ['local/replica-fed'] } });
    const conversationId = created.body.id as string;
    const send = (app: TestApp) =>
      app.rest('POST', `/api/chat/conversations/${conversationId}/messages`, { token: u.token, body: { content: 'go' } });
    for (let i = 0; i < 4; i++) expect((await send(a)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send(b)).status).toBe(200);
    const refused = await send(b);
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect((await send(a)).status).toBe(429);
    // Replies still open when their process stops end FAILED and refunded.
    await a.deps.chat.stopAll();
    await b.deps.chat.stopAll();
    const balance = await a.deps.db.selectFrom('users').select('credit_units').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(balance.credit_units).toBe(5000);
  });
});
