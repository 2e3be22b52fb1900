import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ledgerSumUnits } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../router';
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness';

/**
 * The admin console against real Postgres and Redis: the access matrix generated from the router,
 * audit rows for every change, disabling, pricing, profitability on a hand-computed dataset, the
 * streamed CSV export and the queue dashboard.
 */

type ProcDef = { _def: { type: 'query' | 'mutation' | 'subscription' } };
const ADMIN_PROCEDURES = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, ProcDef> } })._def.procedures)
  .filter(([name]) => name.startsWith('admin.'))
  .map(([name, p]) => ({ name, type: p._def.type }));

let t: TestApp;
let workers: RunningWorkers;
let admin: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage });
});
afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
});

const db = () => t.deps.db;

/** Calls a procedure over /trpc (plain JSON, no transformer). */
async function call(
  name: string,
  input: unknown,
  token: string | null,
  type: 'query' | 'mutation' = name.match(
    /^admin\.(summary|usage|userProfitability|users|aiControl|queues|modelPricing|modelTests|modelTest|auditLog)$/,
  )
    ? 'query'
    : 'mutation',
) {
  const res =
    type === 'query'
      ? await t.rest('GET', `/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { token })
      : await t.rest('POST', `/trpc/${name}`, { token, body: input ?? {} });
  return { status: res.status, data: res.body?.result?.data, error: res.body?.error, body: res.body };
}
const ok = async (name: string, input: unknown, token = admin.token) => {
  const r = await call(name, input, token);
  expect(r.status, `${name}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(200);
  return r.data;
};

async function auditRows(action?: string) {
  let q = db().selectFrom('audit_log').selectAll();
  if (action) q = q.where('action', '=', action);
  return q.orderBy('created_at').execute();
}

async function tableCounts(tables: string[]) {
  const out: Record<string, number> = {};
  for (const name of tables) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(name)}`.execute(db());
    out[name] = Number(r.rows[0]?.n);
  }
  return out;
}

describe('access: every admin procedure (generated from the router)', () => {
  it('finds the admin procedures', () => {
    expect(ADMIN_PROCEDURES.length).toBeGreaterThanOrEqual(20);
    // The matrix below follows the router: a new admin.* procedure is covered (and must refuse) automatically.
    for (const expected of ['admin.summary', 'admin.users', 'admin.adjustCredits', 'admin.queueDashboardLink', 'admin.updateModelPrice']) {
      expect(ADMIN_PROCEDURES.map((p) => p.name)).toContain(expected);
    }
  });

  it.each(ADMIN_PROCEDURES.map((p) => [p.name, p] as const))('%s: 401 for a guest, 403 for a signed-in user, nothing written', async (_n, p) => {
    const user = await t.signUp();
    const before = await tableCounts(['audit_log', 'credit_ledger', 'admin_model_tests', 'provider_settings', 'generations']);
    const guest = await call(p.name, {}, null, p.type as 'query');
    expect(guest.status).toBe(401);
    expect(guest.error.message).toBe(MESSAGES.loginRequired);
    const plain = await call(p.name, {}, user.token, p.type as 'query');
    expect(plain.status).toBe(403);
    expect(plain.error.message).toBe(MESSAGES.adminRequired);
    expect(await tableCounts(['audit_log', 'credit_ledger', 'admin_model_tests', 'provider_settings', 'generations'])).toEqual(before);
  });

  it('the REST paths of the spec answer 401/403 too, and 200 to an admin', async () => {
    const user = await t.signUp();
    const uid = user.userId;
    for (const path of ['/api/admin/users', '/api/analytics/admin/summary', '/api/analytics/admin/usage', `/api/analytics/admin/user/${uid}`]) {
      expect((await t.rest('GET', path)).status, path).toBe(401);
      expect((await t.rest('GET', path, { token: user.token })).status, path).toBe(403);
      expect((await t.rest('GET', path, { token: admin.token })).status, path).toBe(200);
    }
    const exportPath = '/api/analytics/admin/usage/export';
    expect((await t.rest('GET', exportPath)).status).toBe(401);
    expect((await t.rest('GET', exportPath, { token: user.token })).status).toBe(403);
  });
});

describe('users', () => {
  it('lists and searches users by e-mail with balance, spend, last active and admin flag', async () => {
    const u = await t.signUp(`findme-${Date.now()}@example.com`);
    const found = await ok('admin.users', { search: 'FINDME-', limit: 10, offset: 0 });
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: u.userId, email: u.email, isAdmin: false, disabled: false, creditsSpent: 0, generations: 0 });
    expect(typeof found.users[0].credits).toBe('number');
    const page = await ok('admin.users', { limit: 2, offset: 0 });
    expect(page.users).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    // The demo account is not a user to manage.
    const all = await ok('admin.users', { limit: 100, offset: 0 });
    expect(all.users.some((x: { email: string }) => x.email === 'demo@atelier.local')).toBe(false);
    // A search with LIKE wildcards matches them literally.
    expect((await ok('admin.users', { search: '%', limit: 10, offset: 0 })).total).toBe(0);
  });

  it('adjusts credits with a reason: a ledger row (admin_adjustment, created_by) and an audit row, once per key', async () => {
    const u = await t.signUp();
    const start = (await ok('admin.users', { search: u.email, limit: 1, offset: 0 })).users[0].credits as number;
    const res = await ok('admin.adjustCredits', {
      id: u.userId,
      amount: 12.5,
      reason: 'Goodwill for a failed render',
      idempotencyKey: 'adjust-key-0001',
    });
    expect(res.applied).toBe(true);
    expect(res.balance).toBe(start + 12.5);
    expect(res).not.toHaveProperty('creditsBalance'); // would overwrite the admin's own balance in the web app
    const again = await ok('admin.adjustCredits', {
      id: u.userId,
      amount: 12.5,
      reason: 'Goodwill for a failed render',
      idempotencyKey: 'adjust-key-0001',
    });
    expect(again.applied).toBe(false);
    expect(again.balance).toBe(start + 12.5);

    const ledger = await db()
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', u.userId)
      .where('kind', '=', 'admin_adjustment')
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount_units: 1250, created_by: admin.userId, note: 'Goodwill for a failed render' });
    const audit = (await auditRows('user.credits_adjusted')).filter((a) => a.target_id === u.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.userId, target_type: 'user' });
    expect(audit[0]?.before).toEqual({ credits: start });
    expect(audit[0]?.after).toMatchObject({ credits: start + 12.5, amount: 12.5, reason: 'Goodwill for a failed render' });
    expect(audit[0]?.created_at).toBeInstanceOf(Date);

    // Removing more than the balance is refused and writes nothing.
    const ledgerBefore = await ledgerSumUnits(db(), u.userId);
    const over = await call('admin.adjustCredits', { id: u.userId, amount: -(start + 100), reason: 'Too much' }, admin.token);
    expect(over.status).toBe(400);
    expect(over.error.message).toMatch(/below 0/);
    expect(await ledgerSumUnits(db(), u.userId)).toBe(ledgerBefore);
    const removed = await ok('admin.adjustCredits', { id: u.userId, amount: -2.5, reason: 'Correction' });
    expect(removed.balance).toBe(start + 10);
    const bal = await db().selectFrom('users').select('credit_units').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(bal.credit_units).toBe(await ledgerSumUnits(db(), u.userId));

    // Bad input.
    for (const input of [
      { id: u.userId, amount: 0, reason: 'zero' },
      { id: u.userId, amount: 1.234, reason: 'three decimals' },
      { id: u.userId, amount: 'ten', reason: 'not a number' },
      { id: u.userId, amount: 5, reason: '' },
    ]) {
      expect((await call('admin.adjustCredits', input, admin.token)).status).toBe(400);
    }
  });

  it('grants and revokes admin with audit rows, never on yourself', async () => {
    const u = await t.signUp();
    expect((await ok('admin.setAdmin', { id: u.userId, isAdmin: true })).user.isAdmin).toBe(true);
    // The new admin can now use the console.
    expect((await call('admin.users', { limit: 1, offset: 0 }, u.token)).status).toBe(200);
    expect((await ok('admin.setAdmin', { id: u.userId, isAdmin: false })).user.isAdmin).toBe(false);
    expect((await call('admin.users', { limit: 1, offset: 0 }, u.token)).status).toBe(403);
    const rows = (await auditRows()).filter((a) => a.target_id === u.userId);
    expect(rows.map((r) => r.action)).toEqual(['user.admin_granted', 'user.admin_revoked']);
    expect(rows[0]?.before).toEqual({ isAdmin: false });
    expect(rows[0]?.after).toEqual({ isAdmin: true });

    // Exact JSON types, even after the REST adapter has seen the path (it would coerce "false" to true).
    const viaRest = await t.rest('POST', `/api/admin/users/${u.userId}/admin`, { token: admin.token, body: { isAdmin: 'false' } });
    expect(viaRest.status).toBe(400);
    expect((await call('admin.setAdmin', { id: u.userId, isAdmin: 'false' }, admin.token)).status).toBe(400);
    expect((await call('admin.adjustCredits', { id: u.userId, amount: '', reason: 'empty string' }, admin.token)).status).toBe(400);
    expect((await db().selectFrom('users').select('is_admin').where('id', '=', u.userId).executeTakeFirstOrThrow()).is_admin).toBe(false);

    const self = await call('admin.setAdmin', { id: admin.userId, isAdmin: false }, admin.token);
    expect(self.status).toBe(403);
    expect(self.error.message).toMatch(/your own account/);
    expect((await call('admin.setDisabled', { id: admin.userId, disabled: true }, admin.token)).status).toBe(403);
    const me = await db().selectFrom('users').select(['is_admin', 'disabled_at']).where('id', '=', admin.userId).executeTakeFirstOrThrow();
    expect(me).toEqual({ is_admin: true, disabled_at: null });
  });

  it('disabling ends the sessions: the access token gets 401, refresh fails, login is refused; enabling lets them back in', async () => {
    const password = 'correct horse battery';
    const u = await t.signUp(undefined, password);
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    const res = await ok('admin.setDisabled', { id: u.userId, disabled: true });
    expect(res.user.disabled).toBe(true);

    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    const refreshed = await t.rest('POST', '/api/auth/refresh', { cookies: { atelier_refresh: u.refresh }, headers: { origin: TEST_ORIGIN } });
    expect(refreshed.body.accessToken ?? null).toBeNull();
    const login = await t.rest('POST', '/api/auth/login', { body: { email: u.email, password } });
    expect(login.status).toBe(403);
    expect(login.body.error.message).toBe('This account has been disabled');
    const sessions = await db().selectFrom('auth_sessions').select(['revoked_at', 'revoked_reason']).where('user_id', '=', u.userId).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const audit = (await auditRows('user.disabled')).find((a) => a.target_id === u.userId);
    expect(audit?.after).toMatchObject({ disabled: true, sessionsEnded: true });

    await ok('admin.setDisabled', { id: u.userId, disabled: false });
    expect((await t.rest('POST', '/api/auth/login', { body: { email: u.email, password } })).status).toBe(200);
    expect((await auditRows('user.enabled')).some((a) => a.target_id === u.userId)).toBe(true);
  });

  it('404s an unknown user', async () => {
    expect((await call('admin.setDisabled', { id: '00000000-0000-4000-8000-0000000000aa', disabled: true }, admin.token)).status).toBe(404);
  });
});

describe('model pricing', () => {
  it('shows every model with credits, provider cost, suggested price (+20 %, rounded up) and margin', async () => {
    const p = await ok('admin.modelPricing', undefined);
    const total = await db()
      .selectFrom('ai_models')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(p.models).toHaveLength(Number(total.n));
    expect(p.marginRate).toBe(0.2);
    for (const m of p.models) {
      const costCredits = p.creditPrice.usdPerCredit > 0 ? m.providerCostUsd / p.creditPrice.usdPerCredit : 0;
      expect(m.costCredits).toBeCloseTo(costCredits, 3);
      expect(m.suggestedCredits).toBe(costCredits <= 0 ? 0 : Math.ceil(Math.round(costCredits * 1.2 * 1e6) / 1e6 - 1e-9));
      expect(m.tiers.length).toBeGreaterThan(0);
    }
  });

  it('a price change applies to the next generation only; bad prices are refused', async () => {
    const u = await t.signUp();
    const first = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'price check one', type: 'text', model: 'local/text-brief' },
    });
    expect(first.status).toBe(200);
    const before = await db()
      .selectFrom('ai_models')
      .select(['credit_units', 'provider_cost_usd'])
      .where('id', '=', 'local/text-brief')
      .executeTakeFirstOrThrow();
    const oldUnits = before.credit_units;

    for (const bad of [
      { credits: -1, providerCostUsd: 0 },
      { credits: 'abc', providerCostUsd: 0 },
      { credits: '', providerCostUsd: 0 },
      { credits: true, providerCostUsd: 0 },
      { credits: 2, providerCostUsd: -0.5 },
      { credits: 2, providerCostUsd: 'x' },
      { credits: 1.234, providerCostUsd: 0 },
    ]) {
      const r = await call('admin.updateModelPrice', { modelId: 'local/text-brief', ...bad }, admin.token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      const viaRest = await t.rest('PUT', '/api/admin/model-pricing', { token: admin.token, body: { modelId: 'local/text-brief', ...bad } });
      expect(viaRest.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await db().selectFrom('ai_models').select('credit_units').where('id', '=', 'local/text-brief').executeTakeFirstOrThrow()).credit_units,
    ).toBe(oldUnits);

    const saved = await ok('admin.updateModelPrice', { modelId: 'local/text-brief', credits: 3.5, providerCostUsd: 0.01 });
    expect(saved.model).toMatchObject({ credits: 3.5, providerCostUsd: 0.01 });
    expect(saved.model.tiers[0]).toMatchObject({ credits: 3.5, creditCost: 350 });

    // The first generation keeps what it was charged; its ledger row is untouched.
    const firstRow = await db()
      .selectFrom('generations')
      .select('credit_units_charged')
      .where('id', '=', first.body.generation.id)
      .executeTakeFirstOrThrow();
    expect(firstRow.credit_units_charged).toBe(oldUnits);
    const spend1 = await db()
      .selectFrom('credit_ledger')
      .select('amount_units')
      .where('reference_id', '=', first.body.generation.id)
      .where('kind', '=', 'spend')
      .executeTakeFirstOrThrow();
    expect(spend1.amount_units).toBe(-oldUnits);

    const second = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'price check two', type: 'text', model: 'local/text-brief' },
    });
    expect(second.status).toBe(200);
    expect(second.body.generation.creditsUsed).toBe(3.5);
    const catalogue = await t.rest('GET', '/api/generation/models');
    expect(catalogue.body.models.find((m: { id: string }) => m.id === 'local/text-brief').credits).toBe(3.5);

    const audit = (await auditRows('model.price_changed')).filter((a) => a.target_id === 'local/text-brief');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toEqual({ credits: oldUnits / 100, providerCostUsd: Number(before.provider_cost_usd) });
    expect(audit[0]?.after).toEqual({ credits: 3.5, providerCostUsd: 0.01 });
  });
});

describe('AI control', () => {
  it('lists providers with configured or not and never a key', async () => {
    const res = await call('admin.aiControl', undefined, admin.token);
    expect(res.status).toBe(200);
    const local = res.data.providers.find((p: { id: string }) => p.id === 'local');
    expect(local).toMatchObject({ configured: true, enabled: true, available: true });
    const openai = res.data.providers.find((p: { id: string }) => p.id === 'openai');
    expect(openai).toMatchObject({ configured: false, envVar: 'OPENAI_API_KEY' });
    expect(JSON.stringify(res.body)).not.toMatch(/sk-[a-z0-9]|"apiKey"|"apiToken"/i);
  });

  it('never reveals a configured key', async () => {
    const keyed = await createTestApp({ OPENAI_API_KEY: 'sk-test-secret-value-123' });
    try {
      const a = await keyed.login(ADMIN.email, ADMIN.password);
      const res = await keyed.rest('GET', '/api/admin/ai', { token: a.token });
      expect(res.status).toBe(200);
      expect(res.body.providers.find((p: { id: string }) => p.id === 'openai')).toMatchObject({ configured: true });
      expect(JSON.stringify(res.body)).not.toContain('sk-test-secret-value-123');
      const health = await keyed.rest('POST', '/api/admin/ai/providers/openai/health', { token: a.token, body: {} });
      expect(['configured', 'not-installed']).toContain(health.body.status);
      expect(JSON.stringify(health.body)).not.toContain('sk-test-secret-value-123');
    } finally {
      await keyed.close();
    }
  });

  it('health-checks the local engines with real calls, and reports hosted providers honestly', async () => {
    const local = await ok('admin.providerHealth', { provider: 'local' });
    expect(local.status).toBe('ok');
    expect(local.checks.map((c: { name: string }) => c.name)).toEqual(['Text drafter', 'Image renderer', 'Speech (espeak-ng)']);
    expect(local.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect((await ok('admin.providerHealth', { provider: 'openai' })).status).toBe('unconfigured');
    expect((await ok('admin.providerHealth', { provider: 'midjourney' })).status).toBe('no-api');
    expect((await call('admin.providerHealth', { provider: 'nope' }, admin.token)).status).toBe(404);
  });

  it('switches a model off and on (catalogue follows), with audit rows', async () => {
    const off = await ok('admin.setModelEnabled', { modelId: 'local/music', enabled: false });
    expect(off.models.find((m: { id: string }) => m.id === 'local/music')).toMatchObject({ enabled: false, available: false });
    const cat = await t.rest('GET', '/api/generation/models');
    expect(cat.body.models.find((m: { id: string }) => m.id === 'local/music')).toMatchObject({
      available: false,
      unavailableReason: 'Switched off by an administrator',
    });
    const u = await t.signUp();
    expect(
      (await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'a tune', type: 'audio', model: 'local/music' } })).status,
    ).toBe(400);
    await ok('admin.setModelEnabled', { modelId: 'local/music', enabled: true });
    const rows = (await auditRows()).filter((a) => a.target_id === 'local/music');
    expect(rows.map((r) => r.action)).toEqual(['model.disabled', 'model.enabled']);
    expect(rows[0]?.before).toEqual({ enabled: true });
  });

  it('switches a provider off: its models become unavailable, generation refuses them; on again restores them', async () => {
    await ok('admin.setProviderEnabled', { provider: 'local', enabled: false });
    try {
      const cat = await t.rest('GET', '/api/generation/models');
      const locals = cat.body.models.filter((m: { provider: string }) => m.provider === 'local');
      expect(locals.length).toBeGreaterThan(3);
      expect(locals.every((m: { available: boolean }) => !m.available)).toBe(true);
      expect(locals.find((m: { id: string }) => m.id === 'local/text').unavailableReason).toBe('Provider switched off by an administrator');
      const u = await t.signUp();
      expect((await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'x', type: 'text' } })).status).toBe(400);
    } finally {
      const back = await ok('admin.setProviderEnabled', { provider: 'local', enabled: true });
      expect(back.providers.find((p: { id: string }) => p.id === 'local')).toMatchObject({ enabled: true, available: true });
    }
    const rows = (await auditRows()).filter((a) => a.target_type === 'provider');
    expect(rows.map((r) => r.action)).toEqual(['provider.disabled', 'provider.enabled']);
  });

  it('chooses the default model per output type; the catalogue and generation honour it while it is available', async () => {
    const chosen = await ok('admin.setDefaultModel', { outputType: 'text', modelId: 'local/text-brief' });
    expect(chosen.defaults.find((d: { outputType: string }) => d.outputType === 'text')).toEqual({
      outputType: 'text',
      modelId: 'local/text-brief',
      chosenByAdmin: true,
    });
    const text = await t.rest('GET', '/api/generation/models/by-output/text');
    expect(text.body.models.filter((m: { isDefault: boolean }) => m.isDefault).map((m: { id: string }) => m.id)).toEqual(['local/text-brief']);
    const flags = await db().selectFrom('ai_models').select(['id', 'is_default']).where('type', '=', 'TEXT').execute();
    expect(flags.filter((f) => f.is_default).map((f) => f.id)).toEqual(['local/text-brief']);
    const u = await t.signUp();
    const gen = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'default model check', type: 'text' } });
    expect(gen.body.generation.model).toBe('local/text-brief');

    // Unavailable → back to the automatic default.
    await ok('admin.setModelEnabled', { modelId: 'local/text-brief', enabled: false });
    const fallback = await t.rest('GET', '/api/generation/models/by-output/text');
    expect(fallback.body.models.find((m: { isDefault: boolean }) => m.isDefault).id).toBe('local/text');
    await ok('admin.setModelEnabled', { modelId: 'local/text-brief', enabled: true });

    // A model of another type, or an unavailable one, is refused.
    expect((await call('admin.setDefaultModel', { outputType: 'text', modelId: 'local/image' }, admin.token)).status).toBe(400);
    expect((await call('admin.setDefaultModel', { outputType: 'image', modelId: 'openai/dall-e-3' }, admin.token)).status).toBe(400);

    const reset = await ok('admin.setDefaultModel', { outputType: 'text', modelId: null });
    expect(reset.defaults.find((d: { outputType: string }) => d.outputType === 'text')).toEqual({
      outputType: 'text',
      modelId: 'local/text',
      chosenByAdmin: false,
    });
    const rows = (await auditRows()).filter((a) => a.target_type === 'default_model');
    expect(rows.map((r) => r.action)).toEqual(['default_model.chosen', 'default_model.reset']);
    expect(rows[0]?.before).toEqual({ modelId: 'local/text', chosenByAdmin: false });
    expect(rows[0]?.after).toEqual({ modelId: 'local/text-brief', chosenByAdmin: true });
  });

  it('queue controls: counts by state, pause/resume, retry failed jobs — each audited', async () => {
    const q = await ok('admin.queues', undefined);
    expect(q.available).toBe(true);
    expect(q.queues.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['image', 'video', 'audio', 'text', 'system', 'export']));

    const paused = await ok('admin.queueAction', { queue: 'system', action: 'pause' });
    expect(paused.queue.paused).toBe(true);
    expect((await ok('admin.queueAction', { queue: 'system', action: 'resume' })).queue.paused).toBe(false);

    // A job that fails all its attempts lands in the failed set; retry moves it back.
    await t.deps.queues.enqueue('system', { kind: 'ping', jobKey: 'admin-retry', failTimes: 99 }, { jobId: 'admin-retry-job' });
    const deadline = Date.now() + 20_000;
    let failed = 0;
    while (Date.now() < deadline) {
      failed = (await ok('admin.queues', undefined)).queues.find((x: { name: string }) => x.name === 'system').counts.failed;
      if (failed > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(failed).toBe(1);
    const stats = (await ok('admin.queues', undefined)).queues.find((x: { name: string }) => x.name === 'system');
    expect(stats.failedLast24h).toBe(1);
    // Paused while retrying, so the retried job waits where we can see it.
    await ok('admin.queueAction', { queue: 'system', action: 'pause' });
    const retried = await ok('admin.queueAction', { queue: 'system', action: 'retry-failed' });
    expect(retried.retried).toBe(1);
    expect(retried.queue.counts.failed).toBe(0);
    expect(retried.queue.counts.waiting).toBe(1);
    await ok('admin.queueAction', { queue: 'system', action: 'resume' });
    expect((await call('admin.queueAction', { queue: 'nope', action: 'pause' }, admin.token)).status).toBe(404);
    const rows = (await auditRows()).filter((a) => a.target_type === 'queue');
    expect(rows.map((r) => r.action)).toEqual(['queue.paused', 'queue.resumed', 'queue.paused', 'queue.failed_retried', 'queue.resumed']);
  });
});

describe('model test', () => {
  it('runs one prompt on several models: admin tests, not charged, cost counted', async () => {
    const balanceBefore = (await db().selectFrom('users').select('credit_units').where('id', '=', admin.userId).executeTakeFirstOrThrow())
      .credit_units;
    const ledgerBefore = await ledgerSumUnits(db(), admin.userId);
    const test = await ok('admin.runModelTest', { prompt: 'A lighthouse at dusk', modelIds: ['local/text', 'local/image', 'openai/dall-e-3'] });
    expect(test.runs.map((r: { modelId: string }) => r.modelId)).toEqual(['local/text', 'local/image']);
    expect(test.errors).toEqual([{ modelId: 'openai/dall-e-3', message: expect.stringMatching(/not available/) }]);
    const deadline = Date.now() + 30_000;
    let current = test;
    while (Date.now() < deadline && current.runs.some((r: { status: string }) => r.status === 'PENDING' || r.status === 'PROCESSING')) {
      await new Promise((r) => setTimeout(r, 200));
      current = await ok('admin.modelTest', { id: test.id });
    }
    expect(current.runs.map((r: { status: string }) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const [text, image] = current.runs;
    expect(text.outputText.length).toBeGreaterThan(10);
    expect(image.outputUrl).toMatch(/^\/media\//);
    expect(image.latencyMs).toBeGreaterThanOrEqual(0);
    expect(image.priceCredits).toBe(1);

    const rows = await db()
      .selectFrom('generations')
      .select(['is_admin_test', 'credit_units_charged'])
      .where('id', 'in', [text.generationId, image.generationId])
      .execute();
    expect(rows.every((r) => r.is_admin_test && r.credit_units_charged === 0)).toBe(true);
    expect((await db().selectFrom('users').select('credit_units').where('id', '=', admin.userId).executeTakeFirstOrThrow()).credit_units).toBe(
      balanceBefore,
    );
    expect(await ledgerSumUnits(db(), admin.userId)).toBe(ledgerBefore);
    // Not in the admin's own history.
    const history = await t.rest('GET', '/api/generation/history', { token: admin.token });
    expect(history.body.generations.some((g: { id: string }) => g.id === text.generationId)).toBe(false);
    expect((await ok('admin.modelTests', { limit: 5, offset: 0 })).tests[0].id).toBe(test.id);
    expect((await auditRows('model_test.run')).some((a) => a.target_id === test.id)).toBe(true);

    // Admin tests count as cost in the period.
    await db().updateTable('generations').set({ provider_cost_usd: 0.25 }).where('id', '=', image.generationId).execute();
    const summary = await ok('admin.summary', {});
    expect(summary.generations.adminTests).toBeGreaterThanOrEqual(2);
    expect(summary.money.adminTestCostUsd).toBeGreaterThanOrEqual(0.25);
    expect(summary.money.providerCostUsd).toBeGreaterThanOrEqual(0.25);
  });
});

describe('profitability on a seeded dataset (hand-computed)', () => {
  const FROM = '2020-03-01';
  const TO = '2020-03-31';
  let a: string;
  let b: string;

  beforeAll(async () => {
    const mk = async (email: string, created: string, attribution: Record<string, string> | null) =>
      (
        await db()
          .insertInto('users')
          .values({ email, password_hash: '!', created_at: new Date(created), attribution: attribution ? JSON.stringify(attribution) : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    a = await mk('alice-profit@example.com', '2020-03-02T10:00:00Z', { source: 'google', campaign: 'spring' });
    b = await mk('bob-profit@example.com', '2020-03-05T10:00:00Z', { source: 'newsletter' });
    const c = await mk('carol-profit@example.com', '2020-02-20T10:00:00Z', null);

    const pay = (
      user: string,
      pkg: string,
      cents: number,
      credits: number,
      status: 'paid' | 'pending',
      at: string,
      campaign: Record<string, string> | null,
    ) => ({
      user_id: user,
      package_id: pkg,
      amount_cents: cents,
      currency: 'usd',
      credits,
      status,
      paid_at: status === 'paid' ? new Date(at) : null,
      created_at: new Date(at),
      campaign: campaign ? JSON.stringify(campaign) : null,
    });
    await db()
      .insertInto('payments')
      .values([
        pay(a, 'starter', 1000, 100, 'paid', '2020-03-03T12:00:00Z', { source: 'google' }),
        pay(b, 'creator', 4000, 500, 'paid', '2020-03-06T12:00:00Z', null),
        pay(b, 'starter', 1000, 100, 'pending', '2020-03-07T12:00:00Z', null),
        pay(c, 'starter', 1000, 100, 'paid', '2020-02-25T12:00:00Z', null),
      ])
      .execute();

    const gen = (
      user: string,
      model: string,
      type: 'image' | 'video' | 'text',
      status: 'COMPLETED' | 'FAILED',
      charged: number,
      refunded: number,
      cost: number,
      at: string,
      adminTest = false,
    ) => ({
      user_id: user,
      model_id: model,
      provider: model.split('/')[0] as string,
      type,
      prompt: 'seeded',
      status,
      credit_units_charged: charged,
      credit_units_refunded: refunded,
      provider_cost_usd: cost,
      created_at: new Date(at),
      is_admin_test: adminTest,
    });
    await db()
      .insertInto('generations')
      .values([
        gen(a, 'local/image', 'image', 'COMPLETED', 100, 0, 0.01, '2020-03-04T09:00:00Z'),
        gen(a, 'local/image', 'image', 'COMPLETED', 100, 0, 0.01, '2020-03-04T09:01:00Z'),
        gen(a, 'local/image', 'image', 'COMPLETED', 100, 0, 0.01, '2020-03-04T09:02:00Z'),
        gen(a, 'openai/dall-e-3', 'image', 'COMPLETED', 200, 0, 0.04, '2020-03-08T09:00:00Z'),
        gen(a, 'openai/dall-e-3', 'image', 'COMPLETED', 200, 0, 0.04, '2020-03-08T09:01:00Z'),
        gen(b, 'local/video', 'video', 'COMPLETED', 300, 0, 0.05, '2020-03-09T09:00:00Z'),
        gen(b, 'local/video', 'video', 'FAILED', 300, 300, 0, '2020-03-09T09:05:00Z'),
        gen(b, 'local/text', 'text', 'COMPLETED', 100, 0, 0.002, '2020-03-10T09:00:00Z'),
        gen(admin.userId, 'local/image', 'image', 'COMPLETED', 0, 0, 0.5, '2020-03-11T09:00:00Z', true),
        gen(a, 'local/image', 'image', 'COMPLETED', 100, 0, 1, '2020-04-02T09:00:00Z'),
      ])
      .execute();

    let k = 0;
    const led = (user: string, kind: 'spend' | 'refund', units: number, at: string) => ({
      user_id: user,
      kind,
      amount_units: units,
      balance_after_units: 0,
      idempotency_key: `seeded:${++k}`,
      created_at: new Date(at),
    });
    await db()
      .insertInto('credit_ledger')
      .values([
        led(a, 'spend', -300, '2020-03-04T09:00:00Z'),
        led(a, 'spend', -400, '2020-03-08T09:00:00Z'),
        led(b, 'spend', -300, '2020-03-09T09:00:00Z'),
        led(b, 'spend', -300, '2020-03-09T09:05:00Z'),
        led(b, 'refund', 300, '2020-03-09T09:06:00Z'),
        led(b, 'spend', -100, '2020-03-10T09:00:00Z'),
      ])
      .execute();
  });

  // Credit price in the period: $50.00 for 600 credits = $0.083333… per credit.
  const price = 50 / 600;
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

  it('usage: revenue vs provider cost per model, type and user; margin per credit', async () => {
    const u = await ok('admin.usage', { from: FROM, to: TO });
    expect(u.period).toMatchObject({ from: '2020-03-01T00:00:00.000Z', to: '2020-04-01T00:00:00.000Z', bucket: 'day' });
    expect(u.creditPrice).toEqual({ usdPerCredit: r6(price), basis: 'period' });
    expect(u.totals).toEqual({
      revenueUsd: 50,
      creditsSold: 600,
      creditsSpent: 11,
      providerCostUsd: 0.662,
      adminTestCostUsd: 0.5,
      grossMarginUsd: 49.338,
      grossMarginRate: 0.9868,
      marginPerCreditUsd: r6(price - 0.662 / 11),
    });
    const model = (id: string) => u.byModel.find((m: { modelId: string }) => m.modelId === id);
    expect(model('local/image')).toMatchObject({
      generations: 3,
      creditsSpent: 3,
      revenueUsd: 0.25,
      providerCostUsd: 0.53,
      marginUsd: -0.28,
      marginPerCreditUsd: r6(price - 0.53 / 3),
    });
    expect(model('openai/dall-e-3')).toMatchObject({
      generations: 2,
      creditsSpent: 4,
      revenueUsd: r6(4 * price),
      providerCostUsd: 0.08,
      marginUsd: r6(r6(4 * price) - 0.08),
    });
    expect(model('local/video')).toMatchObject({ generations: 2, creditsSpent: 3, revenueUsd: 0.25, providerCostUsd: 0.05, marginUsd: 0.2 });
    expect(model('local/text')).toMatchObject({
      generations: 1,
      creditsSpent: 1,
      revenueUsd: r6(price),
      providerCostUsd: 0.002,
      marginUsd: r6(r6(price) - 0.002),
    });
    expect(u.byModel).toHaveLength(4);
    const type = (t0: string) => u.byType.find((x: { type: string }) => x.type === t0);
    expect(type('image')).toMatchObject({
      generations: 5,
      creditsSpent: 7,
      revenueUsd: r6(7 * price),
      providerCostUsd: 0.61,
      marginUsd: r6(r6(7 * price) - 0.61),
    });
    expect(type('video')).toMatchObject({ generations: 2, creditsSpent: 3, providerCostUsd: 0.05 });
    expect(type('audio')).toMatchObject({ generations: 0, creditsSpent: 0, providerCostUsd: 0, marginPerCreditUsd: null });
    expect(u.byUser.map((x: { email: string }) => x.email)).toEqual(['bob-profit@example.com', 'alice-profit@example.com', ADMIN.email]);
    expect(u.byUser[0]).toMatchObject({
      revenueUsd: 40,
      creditsBought: 500,
      creditsSpent: 4,
      generations: 3,
      providerCostUsd: 0.052,
      marginUsd: 39.948,
    });
    expect(u.byUser[1]).toMatchObject({
      revenueUsd: 10,
      creditsBought: 100,
      creditsSpent: 7,
      generations: 5,
      providerCostUsd: 0.11,
      marginUsd: 9.89,
    });
    expect(u.byUser[2]).toMatchObject({ revenueUsd: 0, generations: 0, providerCostUsd: 0.5, marginUsd: -0.5 });
    expect(u.series).toHaveLength(31);
    expect(u.series.find((d: { date: string }) => d.date === '2020-03-03')).toEqual({
      date: '2020-03-03',
      revenueUsd: 10,
      providerCostUsd: 0,
      marginUsd: 10,
    });
    expect(u.series.find((d: { date: string }) => d.date === '2020-03-04')).toEqual({
      date: '2020-03-04',
      revenueUsd: 0,
      providerCostUsd: 0.03,
      marginUsd: -0.03,
    });
  });

  it('summary: users, generations by status and type, credits, money, campaigns', async () => {
    const s = await ok('admin.summary', { from: FROM, to: TO });
    expect(s.users).toMatchObject({ new: 2, active: 2 });
    expect(s.generations.total).toBe(8);
    expect(s.generations.byStatus).toEqual(
      expect.arrayContaining([
        { key: 'COMPLETED', count: 7 },
        { key: 'FAILED', count: 1 },
        { key: 'PENDING', count: 0 },
      ]),
    );
    expect(s.generations.byType).toEqual(
      expect.arrayContaining([
        { key: 'image', count: 5 },
        { key: 'video', count: 2 },
        { key: 'text', count: 1 },
        { key: 'audio', count: 0 },
      ]),
    );
    expect(s.generations.adminTests).toBe(1);
    expect(s.credits).toEqual({ sold: 600, spent: 11, refunded: 3, granted: 0 });
    expect(s.money).toEqual({
      currency: 'usd',
      revenueUsd: 50,
      providerCostUsd: 0.662,
      adminTestCostUsd: 0.5,
      grossMarginUsd: 49.338,
      grossMarginRate: 0.9868,
      payments: 2,
    });
    expect(s.campaigns).toEqual([
      { source: 'newsletter', signups: 1, payments: 1, revenueUsd: 40 },
      { source: 'google', signups: 1, payments: 1, revenueUsd: 10 },
    ]);
    expect(s.series.find((d: { date: string }) => d.date === '2020-03-02')).toMatchObject({ signups: 1, generations: 0 });
    expect(s.series.find((d: { date: string }) => d.date === '2020-03-09')).toMatchObject({ generations: 2, providerCostUsd: 0.05, creditsSpent: 3 });
    expect(s.queues.available).toBe(true);
  });

  it("one user's profitability", async () => {
    const p = await ok('admin.userProfitability', { id: b, from: FROM, to: TO });
    expect(p.user).toMatchObject({ id: b, email: 'bob-profit@example.com', isAdmin: false, disabled: false });
    expect(p.totals).toEqual({
      revenueUsd: 40,
      creditsBought: 500,
      creditsSpent: 4,
      generations: 3,
      providerCostUsd: 0.052,
      marginUsd: 39.948,
      marginPerCreditUsd: r6(price - 0.052 / 4),
    });
    expect(p.purchases.map((x: { status: string; amountUsd: number }) => [x.status, x.amountUsd])).toEqual([
      ['pending', 10],
      ['paid', 40],
    ]);
    expect(p.byModel.map((m: { modelId: string; creditsSpent: number }) => [m.modelId, m.creditsSpent])).toEqual([
      ['local/video', 3],
      ['local/text', 1],
    ]);
    const rest = await t.rest('GET', `/api/analytics/admin/user/${a}?from=${FROM}&to=${TO}`, { token: admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body.totals).toMatchObject({ revenueUsd: 10, generations: 5, providerCostUsd: 0.11 });
    expect((await call('admin.userProfitability', { id: '00000000-0000-4000-8000-0000000000ab' }, admin.token)).status).toBe(404);
    expect((await call('admin.usage', { from: '2020-03-10', to: '2020-03-01' }, admin.token)).status).toBe(400);
    expect((await call('admin.usage', { from: 'yesterday' }, admin.token)).status).toBe(400);
  });
});

describe('usage export (streamed CSV)', () => {
  it('escapes formula cells, names the file, filters by type', async () => {
    const u = await t.signUp();
    await db()
      .insertInto('generations')
      .values(
        ['=HYPERLINK("http://evil")', '+1+1', '-2', '@SUM(A1)', 'plain, with "quotes"'].map((prompt, i) => ({
          user_id: u.userId,
          model_id: 'local/text',
          provider: 'local',
          type: i === 4 ? ('image' as const) : ('text' as const),
          prompt,
          status: 'COMPLETED' as const,
          credit_units_charged: 100,
          created_at: new Date(Date.UTC(2018, 5, 1, 0, i)),
        })),
      )
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/admin/usage/export?from=2018-06-01&to=2018-06-01',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="atelier-usage-2018-06-01-to-2018-06-01.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'generation_id,created_at,started_at,completed_at,user_id,user_email,type,model_id,provider,status,credits_charged,credits_refunded,credits_net,provider_cost_usd,latency_ms,admin_test,prompt',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil""\)"$/);
    expect(lines[2]).toMatch(/,'\+1\+1$/);
    expect(lines[3]).toMatch(/,'-2$/);
    expect(lines[4]).toMatch(/,'@SUM\(A1\)$/);
    expect(lines[5]).toMatch(/,"plain, with ""quotes"""$/);
    expect(lines[1]).toContain(`,${u.email},text,local/text,local,COMPLETED,1,0,1,0,,false,`);
    const images = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/admin/usage/export?from=2018-06-01&to=2018-06-01&type=image',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(images.body.trim().split('\r\n')).toHaveLength(2);
    expect(images.headers['content-disposition']).toContain('-image.csv');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/admin/usage/export?type=gif',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('streams 100 000 generations with bounded memory', async () => {
    const u = await t.signUp();
    await sql`
      INSERT INTO generations (user_id, type, prompt, model_id, provider, status, credit_units_charged, provider_cost_usd, latency_ms, created_at, completed_at)
      SELECT ${u.userId}::uuid, 'image', 'bulk prompt number ' || i, 'local/image', 'local', 'COMPLETED', 100, 0.001, 1200,
             timestamptz '2017-01-01' + make_interval(secs => i), timestamptz '2017-01-01' + make_interval(secs => i + 1)
      FROM generate_series(1, 100000) AS i`.execute(db());

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Measure what stays alive (after a collection), not garbage waiting for the next GC.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sample = () => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const res = await fetch(`${address}/api/analytics/admin/usage/export?from=2017-01-01&to=2017-01-03`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.length;
      chunks += 1;
      const text = decoder.decode(value, { stream: true });
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines += 1;
      if (chunks % 50 === 0) sample();
    }
    sample();
    expect(lines).toBe(100_001);
    expect(bytes).toBeGreaterThan(10_000_000);
    const growthMb = (peak - baseline) / 1024 / 1024;
    // The whole response is ~23 MB of text and 100 000 row objects would be far more: none of it is kept.
    expect(growthMb).toBeLessThan(60);
    expect(growthMb).toBeLessThan(bytes / 1024 / 1024);
  }, 120_000);
});

describe('queue dashboard (/admin/queues)', () => {
  it('shows the queues to an admin through a one-time ticket and a path-scoped cookie; refuses others', async () => {
    const user = await t.signUp();
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/', headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/', cookies: { atelier_queues: user.token } })).statusCode).toBe(401);
    expect((await call('admin.queueDashboardLink', {}, user.token)).status).toBe(403);

    const link = await ok('admin.queueDashboardLink', {});
    expect(link.url).toMatch(/^\/admin\/queues\?ticket=/);
    const exchange = await t.app.inject({ method: 'GET', url: link.url });
    expect(exchange.statusCode).toBe(303);
    expect(exchange.headers.location).toBe('/admin/queues/');
    const cookie = exchange.cookies.find((c) => c.name === 'atelier_queues');
    expect(cookie).toMatchObject({ path: '/admin/queues', httpOnly: true, sameSite: 'Strict' });
    // A ticket works once; and neither it nor the cookie passes as an access token.
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(401);
    const ticket = decodeURIComponent(link.url.split('ticket=')[1] ?? '');
    expect((await t.rest('GET', '/api/auth/me', { token: ticket })).status).toBe(401);
    expect((await t.rest('GET', '/api/auth/me', { token: cookie?.value ?? '' })).status).toBe(401);

    const cookies = { atelier_queues: cookie?.value ?? '' };
    const board = await t.app.inject({ method: 'GET', url: '/admin/queues/', cookies });
    expect(board.statusCode).toBe(200);
    expect(board.body).toContain('<base href="/admin/queues/"');
    const api = await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', cookies });
    expect(api.statusCode).toBe(200);
    expect(JSON.parse(api.body).queues.map((q: { name: string }) => q.name)).toEqual(expect.arrayContaining(['image', 'text', 'export']));
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/static/nope.js', cookies })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: `Bearer ${admin.token}` } })).statusCode,
    ).toBe(200);

    // The web app's /admin screen is still the SPA, not the dashboard.
    const spa = await t.app.inject({ method: 'GET', url: '/admin', headers: { accept: 'text/html' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).not.toContain('atelier queues');

    // An action on the board is audited.
    const paused = await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/system/pause', cookies });
    expect(paused.statusCode).toBeLessThan(300);
    expect(await t.deps.queues.queues.system.isPaused()).toBe(true);
    await t.deps.queues.queues.system.resume();
    // Written once the response has gone out.
    await expect.poll(async () => (await auditRows('queue.dashboard_action')).length).toBe(1);
    const boardAudit = (await auditRows('queue.dashboard_action')).at(-1);
    expect(boardAudit).toMatchObject({ actor_id: admin.userId, target_type: 'queue', target_id: 'system' });
    expect(boardAudit?.after).toMatchObject({ method: 'PUT', path: '/admin/queues/api/queues/system/pause' });
    expect((await auditRows('queue_dashboard.link_created')).length).toBeGreaterThan(0);

    // A demoted admin's cookie stops working.
    const other = await t.signUp();
    await ok('admin.setAdmin', { id: other.userId, isAdmin: true });
    const otherLink = await ok('admin.queueDashboardLink', {}, other.token);
    const otherCookie = (await t.app.inject({ method: 'GET', url: otherLink.url })).cookies.find((c) => c.name === 'atelier_queues')?.value ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', cookies: { atelier_queues: otherCookie } })).statusCode).toBe(200);
    await ok('admin.setAdmin', { id: other.userId, isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', cookies: { atelier_queues: otherCookie } })).statusCode).toBe(403);
  });
});

describe('queue dashboard opened directly (a bookmark)', () => {
  it('a page navigation without the dashboard cookie gets the web app, which exchanges the session; api calls still get 401', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier</title><div id="root"></div>');
    const app = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      for (const url of ['/admin/queues', '/admin/queues/']) {
        const page = await app.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control']).toBe('no-store');
      }
      // Not a page: the board's own api and files, and scripts, still need credentials.
      expect((await app.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { accept: 'text/html' } })).statusCode).toBe(401);
      expect((await app.app.inject({ method: 'GET', url: '/admin/queues' })).statusCode).toBe(401);
      // A stale or forged dashboard cookie is the same as none.
      const stale = await app.app.inject({
        method: 'GET',
        url: '/admin/queues',
        headers: { accept: 'text/html' },
        cookies: { atelier_queues: 'x.y.z' },
      });
      expect(stale.body).toContain('<div id="root">');
      // A demoted admin's valid cookie: the spec's denial page with the way back.
      const user = await app.signUp();
      const adminToken = (await app.login(ADMIN.email, ADMIN.password)).token;
      await app.rest('POST', '/trpc/admin.setAdmin', { token: adminToken, body: { id: user.userId, isAdmin: true } });
      const link = (await app.rest('POST', '/trpc/admin.queueDashboardLink', { token: user.token, body: {} })).body.result.data.url as string;
      const cookie = (await app.app.inject({ method: 'GET', url: link })).cookies.find((c) => c.name === 'atelier_queues')?.value ?? '';
      await app.rest('POST', '/trpc/admin.setAdmin', { token: adminToken, body: { id: user.userId, isAdmin: false } });
      const denied = await app.app.inject({
        method: 'GET',
        url: '/admin/queues/',
        headers: { accept: 'text/html' },
        cookies: { atelier_queues: cookie },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.body).toContain('Admin Access Required');
      expect(denied.body).toContain('<a href="/">Return to dashboard</a>');
    } finally {
      await app.close();
    }
  });
});

describe('audit log', () => {
  it('lists changes newest first with the actor', async () => {
    const res = await ok('admin.auditLog', { limit: 5, offset: 0 });
    expect(res.total).toBeGreaterThan(5);
    expect(res.entries).toHaveLength(5);
    expect(res.entries[0]).toMatchObject({ actorEmail: expect.any(String), action: expect.any(String) });
  });
});
