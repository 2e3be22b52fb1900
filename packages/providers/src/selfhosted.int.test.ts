import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localEngines } from '@atelier/ai';
import { createTestApp, type TestApp } from '@atelier/api/testing/harness';
import { ledgerSumUnits, loadComfyWorkflow } from '@atelier/db';
import { CATALOGUE, meteredUnits } from '@atelier/shared';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from './index';
import { OLLAMA_GENERATION_TOKENS } from './ollama';
import { type ComfyUISimulator, startComfyUISimulator } from './testing/comfyui';
import { type OllamaSimulator, startOllamaSimulator } from './testing/ollama';

/**
 * Your own GPU (issue 25) through the real api (REST) and the real worker, against the ComfyUI and
 * Ollama simulators over HTTP: an admin uploads and maps a workflow (bad mappings are a 400 naming
 * the field), prices and switches it; users generate with `comfyui/<slug>` (progress, receipt,
 * exact re-run, cancel with one refund); two boxes share ten generations and one dies mid-run;
 * Ollama models are found, enabled and priced per 1,000 tokens, stream in chat beside a local model
 * and are charged the tokens Ollama counted.
 */

const SDXL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/comfyui/sdxl-text-to-image.json'), 'utf8')) as Record<string, unknown>;
const MAPPING = { prompt: '6.text', negativePrompt: '7.text', seed: '3.seed', width: '5.width', height: '5.height', steps: '3.steps' };

let a: ComfyUISimulator;
let b: ComfyUISimulator;
let ollama: OllamaSimulator;
let t: TestApp;
let workers: RunningWorkers;
let admin: string;

beforeAll(async () => {
  [a, b] = await Promise.all([startComfyUISimulator({ stepMs: 25 }), startComfyUISimulator({ stepMs: 25 })]);
  ollama = await startOllamaSimulator();
  t = await createTestApp({ COMFYUI_URL: `${a.url},${b.url}`, OLLAMA_URL: ollama.url });
  const providers = createProviders(t.env, {
    limits: { comfyPollMs: 100, comfyCallTimeoutMs: 3000 },
    comfyWorkflows: (id) => loadComfyWorkflow(t.deps.db, id),
  });
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
    storage: t.deps.storage,
    engines: { ...(await localEngines()), ...providers.engines },
  });
  admin = (await t.login('admin@atelier.local', 'atelier-admin')).token;
});
afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
  await Promise.all([a?.close(), b?.close(), ollama?.close()]);
});

type Gen = {
  id: string;
  status: string;
  progress: number;
  seed: number | null;
  outputUrl: string | null;
  error: string | null;
  metadata: Record<string, any>;
  modelVersion: string | null;
  creditsUsed: number;
  creditsRefunded: number;
  params: Record<string, unknown>;
};

const body = (over: Record<string, unknown> = {}) => ({
  name: 'SDXL on my GPU',
  slug: 'sdxl',
  outputType: 'image',
  workflow: SDXL,
  inputs: MAPPING,
  outputNode: '9',
  priceCredits: 2,
  ...over,
});

async function generate(token: string, input: Record<string, unknown>): Promise<Gen> {
  const res = await t.rest('POST', '/api/generation/generate', { token, body: input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.generation as Gen;
}

async function waitFor(id: string, token: string, done: (g: Gen) => boolean = (g) => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(g.status)) {
  const deadline = Date.now() + 30_000;
  const seen: Gen[] = [];
  for (;;) {
    const g = (await t.rest('GET', `/api/generation/${id}`, { token })).body as Gen;
    seen.push(g);
    if (done(g) || Date.now() > deadline) return { g, seen };
    await new Promise((r) => setTimeout(r, 25));
  }
}

const media = async (url: string) =>
  createHash('sha256')
    .update((await t.app.inject({ method: 'GET', url })).rawPayload)
    .digest('hex');
const ledgerOf = (id: string) =>
  t.deps.db.selectFrom('credit_ledger').select(['kind', 'amount_units']).where('reference_id', '=', id).orderBy('created_at').execute();
const balanceOf = async (token: string) => (await t.rest('GET', '/api/auth/me', { token })).body.user.credits as number;

describe('Admin → AI Control → Workflows', () => {
  it('refuses a workflow that does not fit its mapping, naming the field, and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ inputs: { ...MAPPING, seed: '3.sed' } }, 'inputs.seed', /node 3 \(KSampler\) has no input "sed"/],
      [{ inputs: { ...MAPPING, prompt: '66.text' } }, 'inputs.prompt', /node 66 is not in the workflow/],
      [{ outputNode: '99' }, 'outputNode', /Node 99 is not in the workflow/],
      [{ workflow: { nodes: [], links: [] } }, 'workflow', /editor format/],
      [{ inputs: { prompt: 'text' } }, 'inputs.prompt', /<nodeId>\.<input>/],
      [{ slug: 'Not A Slug' }, 'slug', /lowercase letters/],
      [{ priceCredits: -1 }, 'priceCredits', /at least 0/],
      [{ outputType: 'gif' }, 'outputType', /image, video or audio/],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.rest('POST', '/api/admin/workflows', { token: admin, body: body(over) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const hit = (res.body.error.fields as { path: string; message: string }[]).find((f) => f.path === field);
      expect(hit?.message, JSON.stringify(res.body.error)).toMatch(message);
    }
    expect((await t.rest('GET', '/api/admin/workflows', { token: admin })).body).toMatchObject({ workflows: [], configured: true, boxes: 2 });
    expect(await t.deps.db.selectFrom('ai_models').select('id').where('provider', '=', 'comfyui').execute()).toEqual([]);
  });

  it('is for admins only', async () => {
    const u = await t.signUp();
    expect((await t.rest('GET', '/api/admin/workflows', { token: u.token })).status).toBe(403);
    expect((await t.rest('POST', '/api/admin/workflows', { token: u.token, body: body() })).status).toBe(403);
    expect((await t.rest('GET', '/api/admin/workflows')).status).toBe(401);
  });

  it('uploads, maps and prices a workflow: it becomes comfyui/<slug> in the catalogue', async () => {
    const res = await t.rest('POST', '/api/admin/workflows', { token: admin, body: body() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.workflow).toMatchObject({
      slug: 'sdxl',
      modelId: 'comfyui/sdxl',
      outputType: 'image',
      inputs: MAPPING,
      outputNode: '9',
      priceCredits: 2,
      enabled: true,
      available: true,
      revision: 1,
      runs: 0,
    });
    expect(res.body.workflow.nodes.map((n: { classType: string }) => n.classType)).toContain('KSampler');
    const models = (await t.rest('GET', '/api/generation/models')).body.models as any[];
    expect(models.find((m) => m.id === 'comfyui/sdxl')).toMatchObject({
      provider: 'comfyui',
      type: 'IMAGE',
      credits: 2,
      available: true,
      requirements: { requiredInputs: ['prompt'], optionalInputs: ['negativePrompt', 'seed', 'steps'], aspectRatios: ['16:9', '9:16', '1:1'] },
    });
    expect((await t.rest('POST', '/api/admin/workflows', { token: admin, body: body() })).status).toBe(409);
    const audit = await t.rest('GET', '/api/admin/audit?limit=5&offset=0', { token: admin });
    expect(
      audit.body.entries.some((e: { action: string; targetId: string }) => e.action === 'workflow.created' && e.targetId === 'comfyui/sdxl'),
    ).toBe(true);
  });

  it('edits are checked again; the slug is the model id and stays', async () => {
    const id = (await t.rest('GET', '/api/admin/workflows', { token: admin })).body.workflows[0].id as string;
    const bad = await t.rest('PATCH', `/api/admin/workflows/${id}`, { token: admin, body: { outputNode: '42' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: 'outputNode' });
    const renamed = await t.rest('PATCH', `/api/admin/workflows/${id}`, { token: admin, body: { slug: 'other' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.fields[0].path).toBe('slug');
    const off = await t.rest('PATCH', `/api/admin/workflows/${id}`, { token: admin, body: { enabled: false, priceCredits: 3 } });
    expect(off.body.workflow).toMatchObject({
      enabled: false,
      priceCredits: 3,
      available: false,
      unavailableReason: 'Switched off by an administrator',
      revision: 1,
    });
    const u = await t.signUp();
    const refused = await t.rest('POST', '/api/generation/generate', { token: u.token, body: { type: 'image', model: 'comfyui/sdxl', prompt: 'x' } });
    expect(refused.status).toBe(400);
    const on = await t.rest('PATCH', `/api/admin/workflows/${id}`, { token: admin, body: { enabled: true, priceCredits: 2, inputs: MAPPING } });
    expect(on.body.workflow).toMatchObject({ enabled: true, available: true, revision: 2 });
  });
});

describe('generating with comfyui/<slug>', () => {
  it('runs on a box with real progress, lands in history with its receipt, and a re-run is exact', async () => {
    const u = await t.signUp();
    const gen = await generate(u.token, { type: 'image', model: 'comfyui/sdxl', prompt: 'a lighthouse at dusk', aspectRatio: '16:9', steps: 48 });
    expect(gen.creditsUsed).toBe(2);
    const { g, seen } = await waitFor(gen.id, u.token);
    expect(g.status, g.error ?? '').toBe('COMPLETED');
    const middle = new Set(seen.map((s) => s.progress).filter((p) => p > 10 && p < 90));
    expect(middle.size).toBeGreaterThanOrEqual(3);
    expect(g.metadata).toMatchObject({ provider: 'comfyui', workflow: 'sdxl', workflowRevision: 2, samplerSteps: 48, width: 1280, height: 720 });
    expect([a.url, b.url].map((u2) => u2.replace('http://', ''))).toContain(g.metadata.box);
    expect(g.modelVersion).toBe('comfyui/sdxl@r2');
    expect(typeof g.seed).toBe('number');
    const history = (await t.rest('GET', '/api/generation/history', { token: u.token })).body.generations as Gen[];
    expect(history[0]?.id).toBe(gen.id);
    const original = await media(g.outputUrl as string);

    const again = await t.rest('POST', `/api/generation/${gen.id}/rerun`, { token: u.token });
    expect(again.status).toBe(200);
    const rerun = (await waitFor(again.body.generation.id, u.token)).g;
    expect(rerun.status).toBe('COMPLETED');
    expect(rerun.seed).toBe(g.seed);
    expect(rerun.params).toEqual(g.params);
    expect(await media(rerun.outputUrl as string)).toBe(original);
    expect(await balanceOf(u.token)).toBe(46);
  });

  it('cancel mid-run interrupts the box and refunds once', async () => {
    const u = await t.signUp();
    const gen = await generate(u.token, { type: 'image', model: 'comfyui/sdxl', prompt: 'a slow one', steps: 120 });
    await waitFor(gen.id, u.token, (g) => g.progress > 15);
    const res = await t.rest('POST', `/api/generation/${gen.id}/cancel`, { token: u.token });
    expect(res.body.generation.status).toBe('CANCELLED');
    const prompt = await t.deps.db.selectFrom('generations').select('provider_request_id').where('id', '=', gen.id).executeTakeFirstOrThrow();
    const promptId = prompt.provider_request_id?.split(' ')[1] as string;
    const deadline = Date.now() + 10_000;
    while (![...a.interrupted, ...b.interrupted].includes(promptId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect([...a.interrupted, ...b.interrupted]).toContain(promptId);
    await new Promise((r) => setTimeout(r, 300));
    expect((await ledgerOf(gen.id)).map((l) => [l.kind, Number(l.amount_units)])).toEqual([
      ['spend', -200],
      ['refund', 200],
    ]);
    expect(await balanceOf(u.token)).toBe(50);
    expect((await waitFor(gen.id, u.token)).g.status).toBe('CANCELLED');
  });

  it('the health check finds both boxes and the nodes of every workflow', async () => {
    const res = await t.rest('POST', '/api/admin/ai/providers/comfyui/health', { token: admin });
    expect(res.body.status, JSON.stringify(res.body)).toBe('ok');
    expect(res.body.message).toMatch(/2 of 2 boxes answer · 1 workflow/);
    const names = res.body.checks.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining([`Box ${a.url.replace('http://', '')}`, `Workflows on ${b.url.replace('http://', '')}`]));
    expect(res.body.checks.find((c: { name: string }) => c.name.startsWith('Box')).detail).toMatch(
      /Simulated RTX 4090, 20\.0 GB of 24\.0 GB VRAM free/,
    );
  });

  it('ten queued generations spread over both boxes; one box dying mid-run fails only its running job, refunded', async () => {
    const u = await t.signUp();
    const before = { a: a.accepted.length, b: b.accepted.length };
    const doneBefore = { a: a.finished.length, b: b.finished.length };
    const gens: Gen[] = [];
    for (let i = 0; i < 10; i++) gens.push(await generate(u.token, { type: 'image', model: 'comfyui/sdxl', prompt: `batch ${i}`, steps: 12 }));
    // Once box a is a few steps into one of them (with another waiting behind it), it dies.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const now = a.running();
      if (now && !a.accepted.slice(0, before.a).includes(now.id) && now.step >= 3) break;
      if (Date.now() > deadline) throw new Error('box a never ran one of the batch');
      await new Promise((r) => setTimeout(r, 5));
    }
    const spread = { a: a.accepted.length - before.a, b: b.accepted.length - before.b };
    await a.kill();
    const results = await Promise.all(gens.map((g) => waitFor(g.id, u.token).then((r) => r.g)));
    const failed = results.filter((g) => g.status === 'FAILED');
    expect(failed, JSON.stringify(results.map((r) => [r.status, r.error]))).toHaveLength(1);
    expect(failed[0]?.error).toMatch(
      new RegExp(`The ComfyUI box at ${a.url.replace('http://', '')} stopped answering while running this generation`),
    );
    expect(failed[0]?.creditsRefunded).toBe(2);
    expect(results.filter((g) => g.status === 'COMPLETED')).toHaveLength(9);
    // Spread over both while both were up; what box a still had waiting then ran on box b.
    expect(spread.a).toBeGreaterThanOrEqual(1);
    expect(spread.b).toBeGreaterThanOrEqual(1);
    expect(a.finished.length - doneBefore.a + (b.finished.length - doneBefore.b)).toBe(9);
    expect(await balanceOf(u.token)).toBe(50 - 9 * 2);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe((50 - 18) * 100);
    const health = await t.rest('POST', '/api/admin/ai/providers/comfyui/health', { token: admin });
    expect(health.body).toMatchObject({ status: 'failed', message: expect.stringMatching(/1 of 2 boxes answer/) });
  });

  it('deleting a workflow takes its model out of the catalogue; its generations stay in history', async () => {
    const id = (await t.rest('GET', '/api/admin/workflows', { token: admin })).body.workflows[0].id as string;
    expect((await t.rest('DELETE', `/api/admin/workflows/${id}`, { token: admin })).body).toEqual({ success: true, id });
    const models = (await t.rest('GET', '/api/generation/models')).body.models as { id: string }[];
    expect(models.some((m) => m.id === 'comfyui/sdxl')).toBe(false);
    const u = await t.signUp();
    expect(
      (await t.rest('POST', '/api/generation/generate', { token: u.token, body: { type: 'image', model: 'comfyui/sdxl', prompt: 'x' } })).status,
    ).toBe(400);
    const kept = await t.deps.db.selectFrom('generations').select('id').where('model_id', '=', 'comfyui/sdxl').execute();
    expect(kept.length).toBeGreaterThan(10);
    // Re-created under the same slug, it is a model again.
    expect((await t.rest('POST', '/api/admin/workflows', { token: admin, body: body({ priceCredits: 1 }) })).status).toBe(200);
    expect(((await t.rest('GET', '/api/generation/models')).body.models as any[]).find((m) => m.id === 'comfyui/sdxl')?.credits).toBe(1);
  });
});

describe('Ollama models', () => {
  const model = 'ollama/llama3.2:latest';

  it('appear in AI Control switched off and priced per 1,000 tokens; an admin enables and prices one', async () => {
    const control = (await t.rest('GET', '/api/admin/ai', { token: admin })).body;
    expect(control.models.filter((m: { provider: string }) => m.provider === 'ollama')).toEqual([
      expect.objectContaining({ id: model, enabled: false, priceBasis: '1k-tokens', credits: 1 }),
      expect.objectContaining({ id: 'ollama/qwen2.5:7b', enabled: false }),
    ]);
    expect(control.providers.find((p: { id: string }) => p.id === 'ollama')).toMatchObject({ configured: true, available: true, modelCount: 2 });
    expect((await t.rest('POST', '/api/admin/ai/models/enabled', { token: admin, body: { modelId: model, enabled: true } })).status).toBe(200);
    const priced = await t.rest('PUT', '/api/admin/model-pricing', { token: admin, body: { modelId: model, credits: 2, providerCostUsd: 0 } });
    expect(priced.body.model.tiers[0]).toMatchObject({ tier: 'per-1k-tokens', credits: 2 });
    expect(((await t.rest('GET', '/api/generation/models')).body.models as any[]).find((m) => m.id === model)).toMatchObject({
      available: true,
      priceBasis: '1k-tokens',
      credits: 2,
    });
  });

  it('streams in multi-model chat next to a local model; its token counts drive the charge', async () => {
    const u = await t.signUp();
    const conv = await t.rest('POST', '/api/chat/conversations', { token: u.token, body: { aiModels: [model, 'local/text'] } });
    expect(conv.status, JSON.stringify(conv.body)).toBe(200);
    const sent = await t.rest('POST', `/api/chat/conversations/${conv.body.id}/messages`, { token: u.token, body: { content: 'Name three rivers' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    let replies: any[] = [];
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const c = (await t.rest('GET', `/api/chat/conversations/${conv.body.id}`, { token: u.token })).body;
      replies = c.messages.filter((m: { role: string }) => m.role === 'assistant');
      if (replies.length === 2 && replies.every((r) => r.status === 'COMPLETED')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const fromOllama = replies.find((r) => r.modelId === model);
    const fromLocal = replies.find((r) => r.modelId === 'local/text');
    expect(fromOllama).toMatchObject({ status: 'COMPLETED', content: 'Simulated reply to: Name three rivers' });
    expect(fromLocal?.status).toBe('COMPLETED');
    const usage = ollama.usage.at(-1) as OllamaSimulator['usage'][number];
    expect(fromOllama).toMatchObject({ tokensIn: usage.promptEvalCount, tokensOut: usage.evalCount });
    const expected = meteredUnits(200, usage.promptEvalCount + usage.evalCount);
    expect(Math.round((fromOllama.creditsUsed - fromOllama.creditsRefunded) * 100)).toBe(expected);
    const ledger = await ledgerOf(fromOllama.id);
    expect(ledger.reduce((n, l) => n + Number(l.amount_units), 0)).toBe(-expected);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000 - 100 - expected);
  });

  it('text generation is held, then charged the tokens it used', async () => {
    const u = await t.signUp();
    const prompt = 'Write a short poem about rain';
    const gen = await generate(u.token, { type: 'text', model, prompt });
    const hold = meteredUnits(200, Math.ceil(prompt.length / 4) + OLLAMA_GENERATION_TOKENS);
    expect(gen.creditsUsed).toBe(hold / 100);
    const { g } = await waitFor(gen.id, u.token);
    expect(g.status, g.error ?? '').toBe('COMPLETED');
    const usage = ollama.usage.at(-1) as OllamaSimulator['usage'][number];
    const used = meteredUnits(200, usage.promptEvalCount + usage.evalCount);
    expect(g.metadata).toMatchObject({
      provider: 'ollama',
      tokensIn: usage.promptEvalCount,
      tokensOut: usage.evalCount,
      meter: { chargedUnits: used },
    });
    expect(Math.round((g.creditsUsed - g.creditsRefunded) * 100)).toBe(used);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000 - used);
  });

  it('writes SEO articles, each charged the tokens it used', async () => {
    const u = await t.signUp();
    const project = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'Blog', type: 'TEXT' } });
    const setUp = await t.rest('PUT', `/api/seo/projects/by-project/${project.body.project.id}`, {
      token: u.token,
      body: { businessName: 'Clayworks', businessDesc: 'Handmade ceramics', seoKeywords: ['handmade mugs'], textModel: model },
    });
    expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
    expect(setUp.body.seoProject.pricing).toMatchObject({ model, available: true });
    const seoId = setUp.body.seoProject.id as string;
    const res = await t.rest('POST', `/api/seo/projects/${seoId}/articles`, { token: u.token, body: { topics: ['Caring for stoneware'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hold = Math.round(res.body.creditsCharged * 100);
    expect(hold).toBeGreaterThan(meteredUnits(200, OLLAMA_GENERATION_TOKENS) - 1);
    const deadline = Date.now() + 20_000;
    let article: any;
    while (Date.now() < deadline) {
      article = (await t.rest('GET', `/api/seo/projects/${seoId}/articles`, { token: u.token })).body.articles[0];
      if (article?.status === 'READY' || article?.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(article.status, article.error ?? '').toBe('READY');
    expect(article.aiModel).toBe(model);
    const usage = ollama.usage.at(-1) as OllamaSimulator['usage'][number];
    const used = meteredUnits(200, usage.promptEvalCount + usage.evalCount);
    expect(Math.round(article.creditsUsed * 100)).toBe(used);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000 - used);
  });

  it('the health check reaches the server, finds its models and times a test run', async () => {
    const res = await t.rest('POST', '/api/admin/ai/providers/ollama/health', { token: admin });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 'ok', message: 'Ollama answers with 2 models' });
    expect(res.body.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ['Server', true],
      ['Models found', true],
      [`Test run (llama3.2:latest)`, true],
    ]);
    expect(res.body.checks[2].detail).toMatch(/prompt \+ \d+ reply tokens/);
  });
});

describe('no COMFYUI_URL, no OLLAMA_URL', () => {
  it('changes nothing for the built-in engines: the catalogue is the same', async () => {
    const plain = await createTestApp();
    try {
      const models = (await plain.rest('GET', '/api/generation/models')).body.models as { id: string }[];
      expect(models.map((m) => m.id).sort()).toEqual(CATALOGUE.map((m) => m.id).sort());
      const token = (await plain.login('admin@atelier.local', 'atelier-admin')).token;
      expect((await plain.rest('GET', '/api/admin/workflows', { token })).body).toEqual({ workflows: [], configured: false, boxes: 0 });
      const comfy = (await plain.rest('GET', '/api/admin/ai', { token })).body.providers.find((p: { id: string }) => p.id === 'comfyui');
      expect(comfy).toMatchObject({ configured: false, available: false, reason: 'ComfyUI is not configured on this server (set COMFYUI_URL)' });
    } finally {
      await plain.close();
    }
  });
});
