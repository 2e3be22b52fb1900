import { randomUUID } from 'node:crypto';
import { applyCreditChange, spendKeyFor } from '@atelier/db';
import { startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { grant, ledgerMismatches, moneyViolations, type PrivateRedis, privateRedis, waitFor } from './support';

/**
 * Fault: Redis restarts while the api runs. A private redis-server (never the shared one) is
 * killed and started again. Requests that need no queue keep working; enqueueing answers a clear
 * 503 with nothing charged; after the restart it works again. Start-up reconciliation re-enqueues
 * or refunds PENDING generations whose job never reached Redis.
 */
let redis: PrivateRedis;
let t: TestApp;
let user: { token: string; userId: string };

const generateBody = (prompt: string) => ({ prompt, type: 'image', model: 'local/image', resolution: '480p', aspectRatio: '1:1' });
const balance = async () =>
  (await t.deps.db.selectFrom('users').select('credit_units').where('id', '=', user.userId).executeTakeFirstOrThrow()).credit_units;

beforeAll(async () => {
  redis = await privateRedis();
  t = await createTestApp({ REDIS_URL: redis.url });
  user = await t.signUp();
  await grant(t.deps.db, user.userId, 100_000, `grant:${user.userId}`);
});

afterAll(async () => {
  await t?.close();
  await redis?.stop();
});

describe('Redis restarted while the api runs', () => {
  it('reads keep working, enqueueing answers 503 with nothing charged, and works again after the restart', async () => {
    const project = await t.rest('POST', '/api/projects', { token: user.token, body: { name: 'Survives Redis', type: 'IMAGE' } });
    expect(project.status).toBe(200);
    const before = await balance();

    await redis.stop();

    // No queue needed: reads and plain writes answer as usual.
    const list = await t.rest('GET', '/api/projects', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { name: string }) => p.name)).toContain('Survives Redis');
    expect((await t.rest('GET', '/api/credits/balance', { token: user.token })).status).toBe(200);
    expect((await t.rest('GET', '/api/generation/history', { token: user.token })).status).toBe(200);
    const renamed = await t.rest('PUT', `/api/projects/${project.body.project.id}`, { token: user.token, body: { name: 'Renamed offline' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    // Health says so.
    const health = await t.rest('GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'degraded', db: 'ok', redis: 'down' });
    expect(health.status).toBe(503);

    // Enqueueing: a clear 503, no charge, nothing left PENDING.
    const t0 = Date.now();
    const refused = await t.rest('POST', '/api/generation/generate', { token: user.token, body: generateBody('while redis is down') });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.error.code).toBe('UNAVAILABLE');
    expect(refused.body.error.message).toMatch(/queue is unavailable.*not been charged/i);
    expect(await balance()).toBe(before);
    const pending = await t.deps.db
      .selectFrom('generations')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .execute();
    expect(pending).toEqual([]);

    await redis.start();

    // The api's connections come back by themselves: no restart.
    const ok = await waitFor(
      async () => {
        const res = await t.rest('POST', '/api/generation/generate', { token: user.token, body: generateBody('after redis is back') });
        return res.status === 200 ? res : null;
      },
      20_000,
      'generate to work again',
    );
    expect(ok.body.generation.status).toBe('PENDING');
    // Each client reconnects on its own back-off: health follows within seconds.
    await waitFor(async () => (await t.rest('GET', '/api/health')).status === 200, 20_000, 'health to be ok again');

    // And the job is really in Redis: a worker completes it.
    const workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage });
    try {
      await waitFor(
        async () =>
          (await t.deps.db.selectFrom('generations').select('status').where('id', '=', ok.body.generation.id).executeTakeFirst())?.status ===
          'COMPLETED',
        30_000,
        'the generation to complete',
      );
    } finally {
      await workers.close(10_000);
    }
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  }, 90_000);

  it('on start-up, PENDING generations whose job never reached Redis are re-enqueued (recent) or refunded (old)', async () => {
    // Charged and committed, then the process died before enqueueing: rows with no job.
    const orphan = async (ageMs: number) => {
      const id = randomUUID();
      await t.deps.db
        .insertInto('generations')
        .values({
          id,
          user_id: user.userId,
          type: 'image',
          prompt: `orphan ${ageMs}`,
          model_id: 'local/image',
          provider: 'local',
          model_version: 'local/image',
          params: JSON.stringify({ resolution: '480p', aspectRatio: '1:1', seed: 7 }),
          seed: 7,
          credit_units_charged: 100,
          created_at: new Date(Date.now() - ageMs),
        })
        .execute();
      await applyCreditChange(t.deps.db, {
        userId: user.userId,
        kind: 'spend',
        amountUnits: -100,
        idempotencyKey: spendKeyFor(id),
        referenceType: 'generation',
        referenceId: id,
      });
      return id;
    };
    const recent = await orphan(5 * 60_000);
    const old = await orphan(7 * 3600_000);
    const before = await balance();

    const workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage });
    try {
      await waitFor(
        async () => {
          const rows = await t.deps.db.selectFrom('generations').select(['id', 'status']).where('id', 'in', [recent, old]).execute();
          const by = Object.fromEntries(rows.map((r) => [r.id, r.status]));
          return by[recent] === 'COMPLETED' && by[old] === 'FAILED';
        },
        30_000,
        'recent completed and old refunded',
      );
    } finally {
      await workers.close(10_000);
    }
    expect(await balance()).toBe(before + 100);
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  }, 60_000);

  it('a running worker sweeps again: an orphan that appears later is re-enqueued without a restart', async () => {
    const workers = await startTestWorkers({
      env: t.env,
      db: t.deps.db,
      storage: t.deps.storage,
      maintenanceEveryMs: 500,
    });
    try {
      const id = randomUUID();
      await t.deps.db
        .insertInto('generations')
        .values({
          id,
          user_id: user.userId,
          type: 'image',
          prompt: 'orphan found by the sweep',
          model_id: 'local/image',
          provider: 'local',
          model_version: 'local/image',
          params: JSON.stringify({ resolution: '480p', aspectRatio: '1:1', seed: 9 }),
          seed: 9,
          credit_units_charged: 100,
          status: 'PROCESSING',
          created_at: new Date(Date.now() - 2 * 60_000),
        })
        .execute();
      await applyCreditChange(t.deps.db, {
        userId: user.userId,
        kind: 'spend',
        amountUnits: -100,
        idempotencyKey: spendKeyFor(id),
        referenceType: 'generation',
        referenceId: id,
      });
      await waitFor(
        async () => (await t.deps.db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirst())?.status === 'COMPLETED',
        20_000,
        'the sweep to re-enqueue and a worker to complete it',
      );
    } finally {
      await workers.close(10_000);
    }
    expect(await moneyViolations(t.deps.db, user.userId)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db)).toEqual([]);
  }, 60_000);
});
