import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '@atelier/ai';
import { type Db, onWebhookDeliveries, recordWebhookEvent, sealClearWebhookSecrets, sealWebhookSecret } from '@atelier/db';
import { createTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { jobIds } from '@atelier/jobs';
import { parseEnv } from '@atelier/shared/env';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorkers, startWorkers } from '../registry';
import { testWorkerDeps } from '../testing';
import { sendWebhook, setWebhookLookup } from '../webhooks/send';
import { textProcessor } from './generation.processor';
import { enqueueWebhookDeliveries, reconcileWebhooks, UNREADABLE_SECRET, webhooksProcessor } from './webhooks.processor';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `wh${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let db: Db;
let deps: ReturnType<typeof testWorkerDeps>;
let running: RunningWorkers;
let unregister: () => void;
let userId: string;

const textEngine: Engine = async () => ({ text: 'A short poem about clay.', metadata: {} });

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback receiver: answers with the statuses given, then 200; records every request. */
async function receiver(statuses: number[] = [], port = 0, extra?: (res: http.ServerResponse) => boolean) {
  const received: Received[] = [];
  const queue = [...statuses];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (extra?.(res)) return;
      const status = queue.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failing with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    url: `http://127.0.0.1:${address.port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An endpoint as the api writes it: its secret sealed under the deployment's AUTH_SECRET (`clear`: as stored before sealing). */
async function endpoint(url: string, events: string[], key = secret(), options: { clear?: boolean; authSecret?: string } = {}) {
  const id = randomUUID();
  const stored = options.clear ? key : sealWebhookSecret(options.authSecret ?? deps.env.auth.secret, id, key);
  await db.insertInto('webhook_endpoints').values({ id, user_id: userId, url, events, secret: stored }).execute();
  return { id, secret: key };
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = testWorkerDeps({
    db,
    redisUrl: REDIS,
    prefix,
    engines: { 'test/text': textEngine },
    env: parseEnv({ NODE_ENV: 'test', REDIS_URL: REDIS, QUEUE_PREFIX: prefix, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_MS: '100' }),
  });
  running = startWorkers({ redisUrl: REDIS, prefix, deps, processors: [textProcessor, webhooksProcessor], queues: ['text', 'webhooks'] });
  unregister = onWebhookDeliveries((ids) => enqueueWebhookDeliveries(deps.queues, ids));
  userId = (
    await db
      .insertInto('users')
      .values({ email: `hooks-${prefix}@example.com`, password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  unregister?.();
  await running?.close(5000);
  await deps?.close();
  await database?.drop();
});
afterEach(async () => {
  setWebhookLookup(null);
  await db.deleteFrom('webhook_endpoints').execute();
});

describe('webhook delivery', () => {
  it('delivers generation.completed on the third attempt after two 500s, same webhook-id, verifiable signature; Resend keeps the id', async () => {
    const rx = await receiver([500, 500]);
    try {
      const ep = await endpoint(rx.url, ['generation.completed']);
      const gen = await db
        .insertInto('generations')
        .values({ user_id: userId, type: 'text', prompt: 'a poem about clay', model_id: 'test/text', provider: 'test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.queues.enqueue('text', { generationId: gen.id });

      const delivery = await until(() =>
        db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', ep.id).where('status', '=', 'DELIVERED').executeTakeFirst(),
      );
      expect(rx.received).toHaveLength(3);
      const ids = new Set(rx.received.map((r) => r.headers['webhook-id']));
      expect(ids).toEqual(new Set([`msg_${delivery.id}`]));
      const last = rx.received[2] as Received;
      const verified = new Webhook(ep.secret).verify(last.body, last.headers as Record<string, string>) as Record<string, unknown>;
      expect(verified).toMatchObject({
        type: 'generation.completed',
        data: { id: gen.id, status: 'COMPLETED', outputText: 'A short poem about clay.' },
      });
      expect(verified.id).toBe(delivery.event_id);
      expect(typeof verified.createdAt).toBe('string');
      // A wrong secret does not verify.
      expect(() => new Webhook(secret()).verify(last.body, last.headers as Record<string, string>)).toThrow();

      const attempts = await db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'status_code', 'response_body', 'duration_ms'])
        .where('delivery_id', '=', delivery.id)
        .orderBy('attempt')
        .execute();
      expect(attempts.map((a) => [a.attempt, a.status_code])).toEqual([
        [1, 500],
        [2, 500],
        [3, 200],
      ]);
      expect(attempts[0]?.response_body).toBe('failing with 500');

      // Resend (what POST …/deliveries/{id}/resend does): one more attempt, same webhook-id and body.
      await db.updateTable('webhook_deliveries').set({ status: 'PENDING' }).where('id', '=', delivery.id).execute();
      await deps.queues.enqueue('webhooks', { deliveryId: delivery.id, attempt: 4, manual: true }, { jobId: jobIds.webhookAttempt(delivery.id, 4) });
      await until(async () => rx.received.length === 4);
      expect(rx.received[3]?.headers['webhook-id']).toBe(`msg_${delivery.id}`);
      expect(JSON.parse(rx.received[3]?.body ?? '{}')).toEqual(JSON.parse(last.body));
      await until(() =>
        db.selectFrom('webhook_deliveries').select('id').where('id', '=', delivery.id).where('status', '=', 'DELIVERED').executeTakeFirst(),
      );
    } finally {
      await rx.close();
    }
  });

  it('signs with the previous secret alongside the new one after a rotation', async () => {
    const rx = await receiver();
    try {
      const oldSecret = secret();
      const ep = await endpoint(rx.url, ['credits.low'], secret());
      await db
        .updateTable('webhook_endpoints')
        .set({ previous_secret: oldSecret, previous_secret_expires_at: new Date(Date.now() + 3600_000) })
        .where('id', '=', ep.id)
        .execute();
      await db.transaction().execute((trx) => recordWebhookEvent(trx, { userId, type: 'credits.low', data: { creditsBalance: 3 } }));
      await until(async () => rx.received.length === 1);
      const got = rx.received[0] as Received;
      expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const s of [ep.secret, oldSecret]) expect(() => new Webhook(s).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
      expect(JSON.parse(got.body)).toMatchObject({ type: 'credits.low', data: { creditsBalance: 3 } });
    } finally {
      await rx.close();
    }
  });

  it('signs with a secret stored in clear before sealing, and still after the seal task sealed it', async () => {
    const rx = await receiver();
    try {
      const ep = await endpoint(rx.url, ['credits.low'], secret(), { clear: true });
      await db.transaction().execute((trx) => recordWebhookEvent(trx, { userId, type: 'credits.low', data: { creditsBalance: 4 } }));
      await until(async () => rx.received.length === 1);
      expect(() => new Webhook(ep.secret).verify(rx.received[0]?.body ?? '', rx.received[0]?.headers as Record<string, string>)).not.toThrow();

      expect(await sealClearWebhookSecrets(db, deps.env.auth.secret)).toBe(1);
      expect(await sealClearWebhookSecrets(db, deps.env.auth.secret)).toBe(0);
      const row = await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', ep.id).executeTakeFirstOrThrow();
      expect(row.secret).toMatch(/^sealed:v1:/);
      await db.transaction().execute((trx) => recordWebhookEvent(trx, { userId, type: 'credits.low', data: { creditsBalance: 2 } }));
      await until(async () => rx.received.length === 2);
      const got = rx.received[1] as Received;
      expect(new Webhook(ep.secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ data: { creditsBalance: 2 } });
    } finally {
      await rx.close();
    }
  });

  it('sends nothing and says why when the secret was sealed under another AUTH_SECRET', async () => {
    const rx = await receiver();
    try {
      const ep = await endpoint(rx.url, ['credits.low'], secret(), { authSecret: 'another-deployment-secret-0123456789abcdef' });
      await db.transaction().execute((trx) => recordWebhookEvent(trx, { userId, type: 'credits.low', data: { creditsBalance: 1 } }));
      const failed = await until(() =>
        db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', ep.id).where('status', '=', 'FAILED').executeTakeFirst(),
      );
      expect(failed.last_error).toBe(UNREADABLE_SECRET);
      expect(rx.received).toHaveLength(0);
    } finally {
      await rx.close();
    }
  });

  it('delivers 200 events queued while the receiver is down, each once, after it comes back', async () => {
    const probe = await receiver();
    const port = probe.port;
    const url = probe.url;
    await probe.close(); // down: connections are refused
    await endpoint(url, ['export.completed']);
    // Shorter backoff for this test (20 ms × 4ⁿ): a loaded machine must not push retries minutes out.
    const base = deps.env.webhooks.retryDelayMs;
    deps.env.webhooks.retryDelayMs = 20;
    for (let i = 0; i < 200; i++)
      await db
        .transaction()
        .execute((trx) => recordWebhookEvent(trx, { userId, type: 'export.completed', objectType: 'export', objectId: randomUUID() }));
    // Every delivery has failed at least once: the receiver was down for each of them.
    await until(async () => {
      const r = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_type', '=', 'export.completed')
        .where('attempts', '>=', 1)
        .executeTakeFirstOrThrow();
      return Number(r.n) === 200;
    }, 90_000);
    expect(await db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'DELIVERED').execute()).toHaveLength(0);
    const rx = await receiver([], port);
    try {
      await until(async () => {
        const r = await db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'DELIVERED')
          .where('event_type', '=', 'export.completed')
          .executeTakeFirstOrThrow();
        return Number(r.n) === 200;
      }, 90_000);
      const perId = new Map<string, number>();
      for (const r of rx.received) perId.set(String(r.headers['webhook-id']), (perId.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      expect(perId.size).toBe(200);
      expect([...perId.values()].every((n) => n === 1)).toBe(true);
    } finally {
      deps.env.webhooks.retryDelayMs = base;
      await rx.close();
    }
  }, 240_000);

  it('re-enqueues a due delivery whose job was lost (maintenance)', async () => {
    const rx = await receiver();
    try {
      const ep = await endpoint(rx.url, ['generation.failed']);
      // Written without its enqueue (as when Redis was down at commit).
      const row = await db
        .insertInto('webhook_deliveries')
        .values({ endpoint_id: ep.id, user_id: userId, event_id: randomUUID(), event_type: 'generation.failed', event_data: JSON.stringify({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await reconcileWebhooks(deps, { graceMs: -1000 });
      expect(result.requeued).toBe(1);
      await until(() =>
        db.selectFrom('webhook_deliveries').select('id').where('id', '=', row.id).where('status', '=', 'DELIVERED').executeTakeFirst(),
      );
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('disables an endpoint that has been failing for 3 days', async () => {
    const rx = await receiver([500, 500, 500, 500, 500, 500, 500, 500]);
    try {
      const ep = await endpoint(rx.url, ['credits.low']);
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: new Date(Date.now() - 3.5 * 24 * 3600_000) })
        .where('id', '=', ep.id)
        .execute();
      await db.transaction().execute((trx) => recordWebhookEvent(trx, { userId, type: 'credits.low', data: {} }));
      const disabled = await until(() =>
        db
          .selectFrom('webhook_endpoints')
          .select(['enabled', 'disabled_reason'])
          .where('id', '=', ep.id)
          .where('enabled', '=', false)
          .executeTakeFirst(),
      );
      expect(disabled.disabled_reason).toMatch(/3 days/);
    } finally {
      await rx.close();
    }
  });
});

describe('SSRF', () => {
  const body = '{}';
  const headers = {};

  it('refuses http:// and private literal addresses before connecting', async () => {
    const rx = await receiver();
    try {
      const plain = await sendWebhook({ url: rx.url, headers, body, allowPrivate: false });
      expect(plain).toMatchObject({ ok: false, statusCode: null });
      expect(plain.error).toMatch(/https/);
      const literal = await sendWebhook({ url: `https://127.0.0.1:${rx.port}/hook`, headers, body, allowPrivate: false });
      expect(literal.error).toMatch(/public address/);
      const mapped = await sendWebhook({ url: `https://[::ffff:127.0.0.1]:${rx.port}/hook`, headers, body, allowPrivate: false });
      expect(mapped.error).toMatch(/public address/);
      expect(rx.received).toHaveLength(0);
    } finally {
      await rx.close();
    }
  });

  it('refuses a name that resolves to 10.0.0.1 (stub DNS) without connecting, unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const asked: string[] = [];
    setWebhookLookup(async (host) => {
      asked.push(host);
      return [{ address: '10.0.0.1', family: 4 }];
    });
    const refused = await sendWebhook({ url: 'https://hooks.customer.test/atelier', headers, body, allowPrivate: false });
    expect(asked).toEqual(['hooks.customer.test']);
    expect(refused).toMatchObject({ ok: false, statusCode: null });
    expect(refused.error).toMatch(/resolves to 10\.0\.0\.1, a private or local address/);
    // No connection was tried: a connect to 10.0.0.1 would have taken until a timeout or failed with a network error.
    expect(refused.durationMs).toBeLessThan(500);

    // A name that resolves to a public address and one to loopback: every answer must be public.
    setWebhookLookup(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    expect((await sendWebhook({ url: 'https://mixed.customer.test/', headers, body, allowPrivate: false })).error).toMatch(/127\.0\.0\.1/);
  });

  it('connects to the checked address (no second lookup) when private addresses are allowed', async () => {
    const rx = await receiver();
    try {
      let lookups = 0;
      setWebhookLookup(async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      });
      const sent = await sendWebhook({ url: `http://receiver.customer.test:${rx.port}/hook`, headers, body, allowPrivate: true });
      expect(sent).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' });
      expect(lookups).toBe(1);
      expect(rx.received[0]?.headers.host).toBe(`receiver.customer.test:${rx.port}`);
    } finally {
      await rx.close();
    }
  });

  it('does not follow a redirect (to a private address or anywhere)', async () => {
    const target = await receiver();
    const rx = await receiver([], 0, (res) => {
      res.writeHead(302, { location: `http://10.0.0.1/steal` }).end();
      return true;
    });
    const other = await receiver([], 0, (res) => {
      res.writeHead(307, { location: target.url }).end();
      return true;
    });
    try {
      const sent = await sendWebhook({ url: rx.url, headers, body, allowPrivate: true });
      expect(sent).toMatchObject({ ok: false, statusCode: 302 });
      expect(sent.error).toMatch(/redirects are not followed/);
      const again = await sendWebhook({ url: other.url, headers, body, allowPrivate: true });
      expect(again.statusCode).toBe(307);
      expect(target.received).toHaveLength(0);
    } finally {
      await Promise.all([target.close(), rx.close(), other.close()]);
    }
  });

  it('keeps only the first 1 KB of a response', async () => {
    const rx = await receiver([], 0, (res) => {
      res.writeHead(500).end('x'.repeat(5000));
      return true;
    });
    try {
      const sent = await sendWebhook({ url: rx.url, headers, body, allowPrivate: true });
      expect(sent.responseBody).toHaveLength(1024);
    } finally {
      await rx.close();
    }
  });
});
