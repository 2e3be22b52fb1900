import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * The REST adapter's query-string coercion stays where it belongs: after REST calls have
 * been served, a JSON body (REST or /trpc) with a string where a boolean or number belongs is
 * still a 400 naming the field, and nothing changes.
 */
let t: TestApp;
let token: string;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
  const created = await t.rest('POST', '/api/chat/conversations', { token, body: { title: 'Coercion', aiModels: ['local/text'] } });
  expect(created.status).toBe(200);
  conversationId = created.body.id ?? created.body.conversation?.id;
  expect(conversationId).toBeTruthy();
});
afterAll(async () => {
  await t.close();
});

const archivedFlag = async () =>
  (await t.deps.db.selectFrom('chat_conversations').select('is_archived').where('id', '=', conversationId).executeTakeFirstOrThrow()).is_archived;

describe('REST coercion guard', () => {
  it('a REST body with "false" for a boolean is a 400 naming the field, not true', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.rest('PATCH', `/api/chat/conversations/${conversationId}`, { token, body: { isArchived: 'false' } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('isArchived');
    }
    expect(await archivedFlag()).toBe(false);
  });

  it('/trpc bodies are not coerced after the REST adapter has run', async () => {
    // The REST call above has run the adapter; the tRPC procedure shares the schema.
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/chat.update',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: conversationId, isArchived: 'true' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await archivedFlag()).toBe(false);
  });

  it('GET query strings still coerce numbers', async () => {
    const res = await t.rest('GET', '/api/chat/conversations?limit=5&offset=0', { token });
    expect(res.status).toBe(200);
  });

  it('a proper boolean body still works', async () => {
    const res = await t.rest('PATCH', `/api/chat/conversations/${conversationId}`, { token, body: { isArchived: true } });
    expect(res.status).toBe(200);
    expect(await archivedFlag()).toBe(true);
  });
});
