import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let strict: TestApp;
let workers: RunningWorkers;
let server: http.Server;
let receiverUrl: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

async function until<T>(fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_MS: '100' });
  strict = await createTestApp();
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, engines: {}, queues: ['webhooks'] });
});
afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
  await strict?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('webhooks REST', () => {
  it('refuses http:// and private addresses with a field error naming url', async () => {
    const user = await strict.signUp();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://[::ffff:169.254.169.254]/',
      'https://localhost/x',
    ]) {
      const res = await strict.rest('POST', '/api/profile/webhooks', { token: user.token, body: { url, events: ['generation.completed'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields[0].path).toBe('url');
    }
    const noEvents = await strict.rest('POST', '/api/profile/webhooks', {
      token: user.token,
      body: { url: 'https://hooks.example.com/x', events: [] },
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.error.fields[0].path).toBe('events');
    const ok = await strict.rest('POST', '/api/profile/webhooks', {
      token: user.token,
      body: { url: 'https://hooks.example.com/atelier', events: ['generation.completed', 'credits.low'], creditsLowThreshold: 5 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(ok.body.webhook).toMatchObject({ url: 'https://hooks.example.com/atelier', enabled: true, creditsLowThreshold: 5, readOnly: false });
    // Guests read the demo workspace's read-only endpoint and its delivery log, but cannot write.
    const demo = await strict.rest('GET', '/api/profile/webhooks');
    expect(demo.status).toBe(200);
    expect(demo.body.webhooks).toHaveLength(1);
    expect(demo.body.webhooks[0]).toMatchObject({ readOnly: true, lastDelivery: { status: 'DELIVERED' } });
    const demoLog = await strict.rest('GET', `/api/profile/webhooks/${demo.body.webhooks[0].id}/deliveries`);
    expect(demoLog.body.deliveries.map((d: { eventType: string; attempts: number }) => [d.eventType, d.attempts])).toEqual([
      ['generation.completed', 2],
      ['webhook.test', 1],
    ]);
    expect((await strict.rest('POST', `/api/profile/webhooks/${demo.body.webhooks[0].id}/test`)).status).toBe(401);
    expect((await strict.rest('POST', '/api/profile/webhooks', { body: { url: 'https://a.example.com', events: ['credits.low'] } })).status).toBe(
      401,
    );
  });

  it('creates, tests, lists deliveries, resends with the same id, rotates, disables and deletes', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const created = await t.rest('POST', '/api/profile/webhooks', {
      token: user.token,
      body: { url: receiverUrl, events: ['generation.completed'], description: 'CI receiver' },
    });
    expect(created.status).toBe(200);
    const { webhook, secret } = created.body;
    const list = await t.rest('GET', '/api/profile/webhooks', { token: user.token });
    expect(list.body.webhooks).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.webhooks[0].secretHint).toBe(`${secret.slice(0, 10)}…`);
    // At rest the secret is sealed (AES-GCM under AUTH_SECRET): a database dump does not hold it.
    const stored = async () =>
      t.deps.db.selectFrom('webhook_endpoints').select(['secret', 'previous_secret']).where('id', '=', webhook.id).executeTakeFirstOrThrow();
    const atRest = await stored();
    expect(atRest.secret).toMatch(/^sealed:v1:/);
    expect(atRest.secret).not.toContain(secret.slice(6));
    // Someone else's endpoint does not exist for you.
    expect((await t.rest('POST', `/api/profile/webhooks/${webhook.id}/test`, { token: other.token })).status).toBe(404);

    const test = await t.rest('POST', `/api/profile/webhooks/${webhook.id}/test`, { token: user.token });
    expect(test.status).toBe(200);
    const deliveryId = test.body.delivery.id as string;
    await until(() => received.length === 1);
    const first = received[0] as (typeof received)[number];
    expect(first.headers['webhook-id']).toBe(`msg_${deliveryId}`);
    expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    const log = await until(async () => {
      const r = await t.rest('GET', `/api/profile/webhooks/${webhook.id}/deliveries`, { token: user.token });
      return r.body.deliveries?.[0]?.status === 'DELIVERED' ? r.body : null;
    });
    expect(log.total).toBe(1);
    expect(log.deliveries[0]).toMatchObject({ eventType: 'webhook.test', attempts: 1, lastStatusCode: 200, webhookId: `msg_${deliveryId}` });
    expect(log.deliveries[0].attemptLog[0]).toMatchObject({ attempt: 1, statusCode: 200, responseBody: 'thanks' });

    const resent = await t.rest('POST', `/api/profile/webhooks/${webhook.id}/deliveries/${deliveryId}/resend`, { token: user.token });
    expect(resent.status).toBe(200);
    await until(() => received.length === 2);
    expect(received[1]?.headers['webhook-id']).toBe(`msg_${deliveryId}`);
    expect(received[1]?.body).toBe(first.body);

    const rotated = await t.rest('POST', `/api/profile/webhooks/${webhook.id}/rotate-secret`, { token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.webhook.previousSecretExpiresAt).toBeTruthy();
    await t.rest('POST', `/api/profile/webhooks/${webhook.id}/test`, { token: user.token });
    await until(() => received.length === 3);
    const third = received[2] as (typeof received)[number];
    expect(String(third.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [secret, rotated.body.secret])
      expect(() => new Webhook(s).verify(third.body, third.headers as Record<string, string>)).not.toThrow();
    const afterRotation = await stored();
    expect(afterRotation.previous_secret).toBe(atRest.secret);
    expect(afterRotation.secret).toMatch(/^sealed:v1:/);
    expect(afterRotation.secret).not.toContain(rotated.body.secret.slice(6));

    const disabled = await t.rest('PATCH', `/api/profile/webhooks/${webhook.id}`, { token: user.token, body: { enabled: false } });
    expect(disabled.body.webhook.enabled).toBe(false);
    expect((await t.rest('POST', `/api/profile/webhooks/${webhook.id}/test`, { token: user.token })).status).toBe(409);
    const badUrl = await t.rest('PATCH', `/api/profile/webhooks/${webhook.id}`, { token: user.token, body: { url: 'ftp://example.com' } });
    expect(badUrl.body.error.fields[0].path).toBe('url');

    expect((await t.rest('DELETE', `/api/profile/webhooks/${webhook.id}`, { token: user.token })).body).toEqual({ success: true });
    expect((await t.rest('GET', `/api/profile/webhooks/${webhook.id}/deliveries`, { token: user.token })).status).toBe(404);
  });

  it('sends credits.low when a spend crosses the endpoint threshold', async () => {
    const user = await t.signUp();
    const before = received.length;
    await t.rest('POST', '/api/profile/webhooks', {
      token: user.token,
      body: { url: receiverUrl, events: ['credits.low'], creditsLowThreshold: 45 },
    });
    const { applyCreditChange } = await import('@atelier/db');
    await applyCreditChange(t.deps.db, { userId: user.userId, kind: 'spend', amountUnits: -600, idempotencyKey: `spend-${user.userId}-1` });
    await until(() => received.length === before + 1);
    expect(JSON.parse(received[before]?.body ?? '{}')).toMatchObject({
      type: 'credits.low',
      data: { creditsBalance: 44, previousBalance: 50, threshold: 45 },
    });
    // Already below: a further spend does not fire again.
    await applyCreditChange(t.deps.db, { userId: user.userId, kind: 'spend', amountUnits: -200, idempotencyKey: `spend-${user.userId}-2` });
    await new Promise((r) => setTimeout(r, 500));
    expect(received.length).toBe(before + 1);
  });
});
