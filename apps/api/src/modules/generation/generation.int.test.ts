import { type Engine, localEngines } from '@atelier/ai';
import { endGenerationWithRefund, ledgerSumUnits } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import { type RunningWorkers, reconcileGenerations, startTestWorkers } from '@atelier/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let workers: RunningWorkers;
let engines: Record<string, Engine>;

/** Test-only engines beside the real local ones: one that fails, one that waits to be cancelled. */
const failing: Engine = async () => {
  throw new Error('The engine exploded on purpose');
};
const slow: Engine = ({ signal, onProgress }) =>
  new Promise((resolve, reject) => {
    onProgress(5);
    const timer = setTimeout(() => resolve({ text: 'slow result', metadata: { engine: 'test' } }), 20_000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    });
  });

beforeAll(async () => {
  t = await createTestApp();
  engines = await localEngines();
  // Two extra catalogue rows the test engines answer to.
  await t.deps.db
    .insertInto('ai_models')
    .values([
      {
        id: 'local/failing',
        provider: 'local',
        name: 'Failing engine',
        type: 'TEXT',
        requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
        credit_units: 300,
        is_local: true,
      },
      {
        id: 'local/slow',
        provider: 'local',
        name: 'Slow engine',
        type: 'TEXT',
        requirements: JSON.stringify({ requiredInputs: ['prompt'], optionalInputs: [] }),
        credit_units: 200,
        is_local: true,
      },
    ])
    .execute();
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
    storage: t.deps.storage,
    engines: { ...engines, 'local/failing': failing, 'local/slow': slow },
  });
});
afterAll(async () => {
  await workers.close(5000);
  await t.close();
});

async function waitFor(id: string, token: string, done: (g: any) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.rest('GET', `/api/generation/${id}`, { token });
    if (done(res.body) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const balanceOf = async (token: string) => (await t.rest('GET', '/api/auth/me', { token })).body.user.credits as number;

describe('generation pipeline', () => {
  it('generates a local image: PENDING → PROCESSING → COMPLETED, a PNG of the requested size, charged once, in history', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'a sunset over the ocean', type: 'image', model: 'local/image', aspectRatio: '16:9', resolution: '480p' },
    });
    expect(res.status).toBe(200);
    expect(res.body.generation.status).toBe('PENDING');
    expect(res.body.creditsBalance).toBe(49);
    const seen = new Set<string>();
    const deadline = Date.now() + 30_000;
    let g: any;
    do {
      g = (await t.rest('GET', `/api/generation/${res.body.generation.id}`, { token: u.token })).body;
      seen.add(g.status);
      await new Promise((r) => setTimeout(r, 50));
    } while (g.status !== 'COMPLETED' && Date.now() < deadline);
    expect(g.status).toBe('COMPLETED');
    expect(g.progress).toBe(100);
    expect(typeof g.seed).toBe('number');
    const media = await t.app.inject({ method: 'GET', url: g.outputUrl });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    // Named after the prompt, for viewing and for the download.
    expect(media.headers['content-disposition']).toBe('inline; filename="a-sunset-over-the-ocean.png"');
    expect((await t.app.inject({ method: 'GET', url: `${g.outputUrl}&download=1` })).headers['content-disposition']).toBe(
      'attachment; filename="a-sunset-over-the-ocean.png"',
    );
    const meta = await sharp(media.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 854, 480]);
    expect(await balanceOf(u.token)).toBe(49);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4900);
    const history = await t.rest('GET', '/api/generation/history?limit=10', { token: u.token });
    expect(history.body.generations.map((x: { id: string }) => x.id)).toContain(g.id);
    // a tampered media signature is refused
    expect((await t.app.inject({ method: 'GET', url: g.outputUrl.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
  });

  it('re-run exactly reproduces the same image (same seed and parameters)', async () => {
    const u = await t.signUp();
    const first = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'neon city at night', type: 'image', model: 'local/image', resolution: '480p', seed: 42 },
    });
    const a = await waitFor(first.body.generation.id, u.token, (g) => g.status === 'COMPLETED');
    const again = await t.rest('POST', `/api/generation/${a.id}/rerun`, { token: u.token });
    expect(again.status).toBe(200);
    const b = await waitFor(again.body.generation.id, u.token, (g) => g.status === 'COMPLETED');
    expect(b.seed).toBe(42);
    expect(b.params).toEqual(a.params);
    const [ia, ib] = await Promise.all([a, b].map((g) => t.app.inject({ method: 'GET', url: g.outputUrl })));
    expect(Buffer.compare(ia!.rawPayload, ib!.rawPayload)).toBe(0);
  });

  it('an Idempotency-Key makes a double-clicked Generate cost once', async () => {
    const u = await t.signUp();
    const body = { prompt: 'double click', type: 'text', model: 'local/text' };
    const headers = { 'idempotency-key': 'click-123456' };
    const [a, b] = await Promise.all([
      t.rest('POST', '/api/generation/generate', { token: u.token, body, headers }),
      t.rest('POST', '/api/generation/generate', { token: u.token, body, headers }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.generation.id).toBe(b.body.generation.id);
    expect(await balanceOf(u.token)).toBe(49);
    const c = await t.rest('POST', '/api/generation/generate', { token: u.token, body, headers });
    expect(c.body.generation.id).toBe(a.body.generation.id);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4900);
  });

  it('validates inputs against the model, naming the field, and charges nothing', async () => {
    const u = await t.signUp();
    const speechRatio = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'hello', type: 'audio', model: 'local/speech', aspectRatio: '16:9' },
    });
    expect(speechRatio.status).toBe(400);
    expect(speechRatio.body.error.fields[0].path).toBe('aspectRatio');
    const badRatio = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'x', type: 'image', model: 'local/image', aspectRatio: '4:3' },
    });
    expect(badRatio.status).toBe(400);
    expect(badRatio.body.error.fields.map((f: { path: string }) => f.path)).toContain('aspectRatio');
    const wrongType = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'x', type: 'video', model: 'local/image' },
    });
    expect(wrongType.status).toBe(400);
    const unavailable = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'x', type: 'image', model: 'openai/dall-e-3' },
    });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.error.message).toMatch(/not configured/);
    const extra = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'x', type: 'image', surprise: true } });
    expect(extra.status).toBe(400);
    const foreignImage = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'x', type: 'video', model: 'local/video', image: 'uploads/someone-else/a.png' },
    });
    expect(foreignImage.status).toBe(400);
    expect(foreignImage.body.error.fields[0].path).toBe('image');
    expect(await balanceOf(u.token)).toBe(50);
  });

  it('refuses a spend beyond the balance with INSUFFICIENT_CREDITS and writes nothing', async () => {
    const u = await t.signUp();
    await t.deps.db.updateTable('ai_models').set({ credit_units: 6000 }).where('id', '=', 'local/slow').execute();
    try {
      const res = await t.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: 'too expensive', type: 'text', model: 'local/slow' },
      });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
      expect(res.body.error.details).toMatchObject({ needed: 60, available: 50 });
      const count = await t.deps.db
        .selectFrom('generations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', u.userId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await t.deps.db.updateTable('ai_models').set({ credit_units: 200 }).where('id', '=', 'local/slow').execute();
    }
  });

  it('a failing engine ends FAILED with its message after retries, and the credits come back once', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'boom', type: 'text', model: 'local/failing' } });
    expect(res.body.creditsBalance).toBe(47);
    const g = await waitFor(res.body.generation.id, u.token, (x) => x.status === 'FAILED', 30_000);
    expect(g.status).toBe('FAILED');
    expect(g.error).toBe('The engine exploded on purpose');
    expect(g.creditsRefunded).toBe(3);
    expect(await balanceOf(u.token)).toBe(50);
    // A second final-failure (a retried job, a restarted worker) refunds nothing more.
    await endGenerationWithRefund(t.deps.db, g.id, 'FAILED', 'again');
    const ledger = await t.deps.db
      .selectFrom('credit_ledger')
      .select(['kind', 'amount_units'])
      .where('reference_id', '=', g.id)
      .orderBy('created_at')
      .execute();
    expect(ledger).toEqual([
      { kind: 'spend', amount_units: -300 },
      { kind: 'refund', amount_units: 300 },
    ]);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000);
  });

  it('cancel stops a running generation and refunds once', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', {
      token: u.token,
      body: { prompt: 'take your time', type: 'text', model: 'local/slow' },
    });
    await waitFor(res.body.generation.id, u.token, (x) => x.status === 'PROCESSING');
    const cancelled = await t.rest('POST', `/api/generation/${res.body.generation.id}/cancel`, { token: u.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.generation.status).toBe('CANCELLED');
    expect(cancelled.body.creditsBalance).toBe(50);
    const again = await t.rest('POST', `/api/generation/${res.body.generation.id}/cancel`, { token: u.token });
    expect(again.status).toBe(409);
    await new Promise((r) => setTimeout(r, 800));
    const g = await t.rest('GET', `/api/generation/${res.body.generation.id}`, { token: u.token });
    expect(g.body.status).toBe('CANCELLED');
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000);
  });

  it('a generation whose job was lost is re-enqueued on start-up and completes, charged once', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt: 'lost job', type: 'text', model: 'local/text' } });
    const id = res.body.generation.id as string;
    await waitFor(id, u.token, (x) => x.status === 'COMPLETED');
    // Simulate Redis losing the job while the row says PROCESSING.
    await t.deps.db
      .updateTable('generations')
      .set({ status: 'PROCESSING', created_at: new Date(Date.now() - 120_000) })
      .where('id', '=', id)
      .execute();
    await (await t.deps.queues.queues.text.getJob(id))?.remove();
    const result = await reconcileGenerations(t.deps);
    expect(result.requeued).toBe(1);
    const g = await waitFor(id, u.token, (x) => x.status === 'COMPLETED');
    expect(g.status).toBe('COMPLETED');
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4900);
  });

  it('deleting a generation keeps its file while an image-editor asset still shows it, and removes it otherwise', async () => {
    const u = await t.signUp();
    const make = async (prompt: string) => {
      const res = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { prompt, type: 'image', model: 'local/image' } });
      return waitFor(res.body.generation.id, u.token, (x) => x.status === 'COMPLETED');
    };
    const kept = await make('kept by a layer');
    const gone = await make('nobody uses me');
    const keyOf = async (id: string) =>
      (await t.deps.db.selectFrom('generations').select('output_url').where('id', '=', id).executeTakeFirstOrThrow()).output_url as string;
    const keptKey = await keyOf(kept.id);
    const goneKey = await keyOf(gone.id);
    const project = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Editor', type: 'IMAGE' } });
    await t.deps.db
      .insertInto('image_assets')
      .values({ project_id: project.body.id ?? project.body.project.id, user_id: u.userId, kind: 'generation', key: keptKey, generation_id: kept.id })
      .execute();
    expect((await t.rest('DELETE', `/api/generation/${kept.id}`, { token: u.token })).status).toBe(200);
    expect((await t.rest('DELETE', `/api/generation/${gone.id}`, { token: u.token })).status).toBe(200);
    expect(await t.deps.storage.stat(keptKey)).not.toBeNull();
    expect(await t.deps.storage.stat(goneKey)).toBeNull();
  });

  it("another user's generation is not found; guests read the demo workspace and cannot generate", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const res = await t.rest('POST', '/api/generation/generate', { token: a.token, body: { prompt: 'mine', type: 'text' } });
    expect((await t.rest('GET', `/api/generation/${res.body.generation.id}`, { token: b.token })).status).toBe(404);
    expect((await t.rest('POST', `/api/generation/${res.body.generation.id}/cancel`, { token: b.token })).status).toBe(404);
    const guest = await t.rest('POST', '/api/generation/generate', { body: { prompt: 'guest', type: 'text' } });
    expect(guest.status).toBe(401);
    expect(guest.body.error.message).toBe(MESSAGES.loginRequired);
    const demo = await t.rest('GET', '/api/generation/history');
    expect(demo.status).toBe(200);
    expect(demo.body.total).toBeGreaterThan(0);
  });

  it('lists providers and models with availability, and compares models', async () => {
    const providers = await t.rest('GET', '/api/generation/providers/list');
    const openai = providers.body.providers.find((p: { id: string }) => p.id === 'openai');
    expect(openai).toMatchObject({ configured: false });
    const images = await t.rest('GET', '/api/generation/models/by-output/image');
    const def = images.body.models.find((m: { isDefault: boolean }) => m.isDefault);
    expect(def.id).toBe('local/image');
    const dalle = images.body.models.find((m: { id: string }) => m.id === 'openai/dall-e-3');
    expect(dalle).toMatchObject({ credits: 2, available: false });
    const cmp = await t.rest('POST', '/api/generation/compare', { body: { modelIds: ['local/image', 'replicate/sdxl'] } });
    expect(cmp.status).toBe(200);
    expect(cmp.body.models).toHaveLength(2);
  });
});
