import { localEngines } from '@atelier/ai';
import { contextFactory } from '@atelier/api/context';
import { appRouter } from '@atelier/api/router';
import { createTestApp, type TestApp } from '@atelier/api/testing/harness';
import { ledgerSumUnits } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from './index';
import { type Simulators, startSimulators } from './testing/index';

/**
 * The provider adapters through the real pipeline: the api (REST) charges and queues, the real
 * worker runs the engine against the provider's simulator, the row ends COMPLETED (output in our
 * storage) or FAILED with exactly one refund. Chat streams through the api too.
 */

let sims: Simulators;
let t: TestApp;
let workers: RunningWorkers;
const TIMEOUT_MS = 4000;

beforeAll(async () => {
  sims = await startSimulators();
  // Enough polls in "processing" that the worker writes progress more than once.
  sims.replicate.processingReads = 8;
  t = await createTestApp(sims.env);
  const providers = createProviders(t.env, {
    limits: {
      timeoutMs: { text: TIMEOUT_MS, image: TIMEOUT_MS, audio: TIMEOUT_MS, video: TIMEOUT_MS },
      pollIntervalMs: 120,
      downloadTimeoutMs: 3000,
    },
    // The simulators serve output files from 127.0.0.1; production allows no private host.
    downloadAllowHosts: ['127.0.0.1'],
  });
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
    storage: t.deps.storage,
    engines: { ...(await localEngines()), ...providers.engines },
  });
});
afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
  await sims?.close();
});

type Gen = {
  id: string;
  status: string;
  progress: number;
  outputUrl: string | null;
  thumbnailUrl: string | null;
  outputText: string | null;
  error: string | null;
  metadata: Record<string, any>;
  providerCostUsd: number;
  creditsUsed: number;
  creditsRefunded: number;
  model: string;
};

async function generate(token: string, body: Record<string, unknown>): Promise<Gen> {
  const res = await t.rest('POST', '/api/generation/generate', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.generation as Gen;
}

async function waitFor(
  id: string,
  token: string,
  done: (g: Gen) => boolean = (g) => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(g.status),
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  const seen: Gen[] = [];
  for (;;) {
    const g = (await t.rest('GET', `/api/generation/${id}`, { token })).body as Gen;
    seen.push(g);
    if (done(g) || Date.now() > deadline) return { g, seen };
    await new Promise((r) => setTimeout(r, 40));
  }
}

async function ledgerOf(generationId: string) {
  return t.deps.db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_units'])
    .where('reference_id', '=', generationId)
    .orderBy('created_at')
    .execute();
}

const balanceOf = async (token: string) => (await t.rest('GET', '/api/auth/me', { token })).body.user.credits as number;

async function fetchMedia(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

/** One generation per adapter, the inputs each model needs. */
const CASES: {
  adapter: string;
  model: string;
  type: string;
  extra?: Record<string, unknown>;
  expectMime?: string;
  text?: boolean;
  sim: () => { requests: { path: string; body: Buffer }[] };
}[] = [
  { adapter: 'openai', model: 'openai/dall-e-3', type: 'image', extra: { aspectRatio: '16:9' }, expectMime: 'image/png', sim: () => sims.openai },
  { adapter: 'anthropic', model: 'anthropic/claude-sonnet-4-5', type: 'text', text: true, sim: () => sims.anthropic },
  { adapter: 'replicate', model: 'replicate/sdxl', type: 'image', expectMime: 'image/png', sim: () => sims.replicate },
  {
    adapter: 'elevenlabs',
    model: 'elevenlabs/eleven_turbo_v2_5',
    type: 'audio',
    extra: { voiceId: '21m00Tcm4TlvDq8ikWAM' },
    expectMime: 'audio/mpeg',
    sim: () => sims.elevenlabs,
  },
  { adapter: 'openai-compatible', model: 'openai-compatible/llama3.1', type: 'text', text: true, sim: () => sims.compatible },
];

/** Requests whose body carries `marker` (the prompt travels in every request body we send). */
const callsWith = (sim: { requests: { body: Buffer }[] }, marker: string) =>
  sim.requests.filter((r) => r.body.toString('utf8').includes(marker)).length;

describe('catalogue with the providers configured', () => {
  it('the spec defaults become the defaults, at the demo prices; providers without an API stay unavailable', async () => {
    const image = (await t.rest('GET', '/api/generation/models/by-output/image')).body.models as any[];
    expect(image.find((m) => m.isDefault)?.id).toBe('openai/dall-e-3');
    expect(image.find((m) => m.id === 'local/image')).toMatchObject({ available: true, isDefault: false });
    const all = (await t.rest('GET', '/api/generation/models')).body.models as any[];
    const byId = Object.fromEntries(all.map((m) => [m.id, m]));
    expect(
      all
        .filter((m) => m.isDefault)
        .map((m) => m.id)
        .sort(),
    ).toEqual(['openai/dall-e-3', 'openai/gpt-3.5-turbo', 'openai/tts-1', 'replicate/animate-diff']);
    // Spec §9 demo prices, each on the provider that serves it here.
    const prices: Record<string, number> = {
      'runway/gen-3-alpha': 6,
      'replicate/stable-video-diffusion': 4,
      'replicate/sdxl': 1,
      'pika/pika-1.5': 5,
      'openai/dall-e-3': 2,
      'openai/tts-1': 2,
      'midjourney/v6': 2,
      'replicate/animate-diff': 3,
      'elevenlabs/eleven_turbo_v2_5': 2,
      'elevenlabs/voice-clone': 3,
      'suno/v3.5': 4,
      'replicate/musicgen': 3,
    };
    for (const [id, credits] of Object.entries(prices)) expect(byId[id]?.credits, id).toBe(credits);
    for (const id of ['openai/dall-e-3', 'openai/gpt-image-1', 'anthropic/claude-sonnet-4-5', 'replicate/flux-schnell', 'elevenlabs/voice-clone']) {
      expect(byId[id], id).toMatchObject({ available: true, unavailableReason: null });
    }
    for (const id of ['pika/pika-1.5', 'midjourney/v6', 'suno/v3.5', 'runway/gen-3-alpha']) expect(byId[id]?.available, id).toBe(false);
    expect(byId['midjourney/v6'].unavailableReason).toBe('Midjourney has no public API');
    // OpenAI-compatible models come from OPENAI_COMPATIBLE_MODELS, as 1-credit text models.
    expect(byId['openai-compatible/llama3.1']).toMatchObject({ type: 'TEXT', credits: 1, available: true, provider: 'openai-compatible' });
    expect(byId['openai-compatible/qwen2.5']).toMatchObject({ available: true });
    const providers = (await t.rest('GET', '/api/generation/providers/list')).body.providers as any[];
    for (const id of ['openai', 'anthropic', 'replicate', 'elevenlabs', 'openai-compatible']) {
      expect(
        providers.find((p) => p.id === id),
        id,
      ).toMatchObject({ configured: true, reason: null });
    }
    // Keys never leave the server.
    const text = JSON.stringify({ all, providers });
    for (const key of [sims.openai.apiKey, sims.anthropic.apiKey, sims.replicate.apiToken, sims.elevenlabs.apiKey]) expect(text).not.toContain(key);
  });

  it('without OPENAI_API_KEY the OpenAI models are unavailable, the defaults fall back to local, and they cannot be charged for', async () => {
    const bare = await createTestApp();
    try {
      const all = (await bare.rest('GET', '/api/generation/models')).body.models as any[];
      const dalle = all.find((m) => m.id === 'openai/dall-e-3');
      expect(dalle).toMatchObject({
        available: false,
        isDefault: false,
        unavailableReason: 'OpenAI is not configured on this server (set OPENAI_API_KEY)',
      });
      expect(
        all
          .filter((m) => m.isDefault)
          .map((m) => m.id)
          .sort(),
      ).toEqual(['local/image', 'local/speech', 'local/text', 'local/video']);
      const image = (await bare.rest('GET', '/api/generation/models/by-output/image')).body.models as any[];
      expect(image.find((m) => m.isDefault)?.id).toBe('local/image');
      expect(all.some((m) => m.provider === 'openai-compatible')).toBe(false);
      const u = await bare.signUp();
      const res = await bare.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: 'x', type: 'image', model: 'openai/dall-e-3' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('not configured');
      expect((await bare.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits).toBe(50);
    } finally {
      await bare.close();
    }
  });
});

describe('each adapter through the worker', () => {
  it.each(CASES)(
    '$adapter: success — output stored, COMPLETED, charged once, provider cost recorded',
    async ({ model, type, extra, expectMime, text, adapter }) => {
      const u = await t.signUp();
      const prompt = `a quiet harbour (${adapter} ok)`;
      const g0 = await generate(u.token, { prompt, type, model, ...extra });
      const { g } = await waitFor(g0.id, u.token);
      expect(g.status, g.error ?? '').toBe('COMPLETED');
      expect(g.progress).toBe(100);
      if (text) expect(g.outputText).toBe(`Simulated reply to: ${prompt}`);
      else {
        expect(g.outputUrl).toMatch(/^\/media\/generations\//);
        const media = await fetchMedia(g.outputUrl as string);
        expect(media.status).toBe(200);
        expect(media.type).toBe(expectMime);
        expect(media.bytes.length).toBeGreaterThan(100);
      }
      if (adapter !== 'openai-compatible') expect(g.providerCostUsd).toBeGreaterThan(0);
      expect((await ledgerOf(g.id)).map((l) => l.kind)).toEqual(['spend']);
      expect(await balanceOf(u.token)).toBe(50 - g.creditsUsed);
    },
  );

  it.each(CASES)('$adapter: 429 then success', async ({ model, type, extra, adapter, sim }) => {
    const u = await t.signUp();
    const marker = `throttled-${adapter}`;
    const g0 = await generate(u.token, { prompt: `${marker} [[sim:429x1]]`, type, model, ...extra });
    const { g } = await waitFor(g0.id, u.token);
    expect(g.status, g.error ?? '').toBe('COMPLETED');
    // Replicate: one create refused, one accepted (polls carry no prompt).
    expect(callsWith(sim(), marker)).toBe(2);
    expect((await ledgerOf(g.id)).map((l) => l.kind)).toEqual(['spend']);
  });

  it.each(CASES)(
    '$adapter: a permanent 4xx → FAILED at once with the provider message, refunded exactly once',
    async ({ model, type, extra, adapter, sim }) => {
      const u = await t.signUp();
      const marker = `refused-${adapter}`;
      const g0 = await generate(u.token, { prompt: `${marker} [[sim:reject]]`, type, model, ...extra });
      const { g } = await waitFor(g0.id, u.token);
      expect(g.status).toBe('FAILED');
      expect(g.error).toMatch(/simulator was told to refuse|refused by the simulator/);
      expect(g.creditsRefunded).toBe(g.creditsUsed);
      expect(callsWith(sim(), marker)).toBe(1); // no retries
      const ledger = await ledgerOf(g.id);
      expect(ledger.map((l) => l.kind)).toEqual(['spend', 'refund']);
      expect(Number(ledger[0]?.amount_units) + Number(ledger[1]?.amount_units)).toBe(0);
      expect(await balanceOf(u.token)).toBe(50);
      expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(5000);
    },
  );

  it.each(CASES)('$adapter: a hang → timeout → FAILED, refunded once', async ({ model, type, extra, adapter }) => {
    const u = await t.signUp();
    const g0 = await generate(u.token, { prompt: `stalled-${adapter} [[sim:hang]]`, type, model, ...extra });
    const { g } = await waitFor(g0.id, u.token, undefined, 20_000);
    expect(g.status).toBe('FAILED');
    expect(g.error).toMatch(/did not finish within 4 s/);
    expect((await ledgerOf(g.id)).map((l) => l.kind)).toEqual(['spend', 'refund']);
    expect(await balanceOf(u.token)).toBe(50);
  });

  it('a provider outage that outlasts every retry goes through the queue backoff, then FAILED with one refund', async () => {
    const u = await t.signUp();
    const g0 = await generate(u.token, { prompt: 'outage [[sim:503x99]]', type: 'text', model: 'openai-compatible/qwen2.5' });
    const { g } = await waitFor(g0.id, u.token, undefined, 40_000);
    expect(g.status).toBe('FAILED');
    expect(g.error).toContain('unavailable (HTTP 503)');
    // 3 queue attempts × (1 call + 2 SDK retries)
    expect(callsWith(sims.compatible, 'outage')).toBe(9);
    expect((await ledgerOf(g.id)).map((l) => l.kind)).toEqual(['spend', 'refund']);
  }, 60_000);

  it('malformed output and an unsafe output URL fail and refund', async () => {
    const u = await t.signUp();
    const a = await generate(u.token, { prompt: 'junk [[sim:malformed]]', type: 'image', model: 'openai/dall-e-3' });
    const b = await generate(u.token, { prompt: 'metadata [[sim:private-url]]', type: 'image', model: 'replicate/flux-schnell' });
    const ga = (await waitFor(a.id, u.token)).g;
    const gb = (await waitFor(b.id, u.token)).g;
    expect([ga.status, gb.status]).toEqual(['FAILED', 'FAILED']);
    expect(ga.error).toContain('not a supported image format');
    expect(gb.error).toContain("won't fetch");
    expect(await balanceOf(u.token)).toBe(50);
  });
});

describe('Replicate through the worker', () => {
  it('starting → processing (progress from the logs) → succeeded; video, music and image-to-video stored', async () => {
    const u = await t.signUp();
    const g0 = await generate(u.token, { prompt: 'a dancing robot', type: 'video', model: 'replicate/animate-diff' });
    const { g, seen } = await waitFor(g0.id, u.token);
    expect(g.status, g.error ?? '').toBe('COMPLETED');
    expect(g.metadata.statuses).toEqual(['starting', 'processing', 'succeeded']);
    const progress = seen.filter((s) => s.status === 'PROCESSING').map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(new Set(progress.filter((p) => p > 0 && p < 100)).size).toBeGreaterThanOrEqual(2);
    expect((await fetchMedia(g.outputUrl as string)).type).toBe('video/mp4');
    const prediction = [...sims.replicate.predictions.values()].find((p) => p.input.prompt === 'a dancing robot');
    expect(prediction?.history).toEqual(['starting', 'processing', 'succeeded']);
    expect(g.providerCostUsd).toBeCloseTo(2.5 * 0.0014, 5);

    const music = await generate(u.token, { prompt: 'calm piano', type: 'audio', model: 'replicate/musicgen', duration: 10 });
    // Image-to-video from the user's own earlier output.
    const still = await generate(u.token, { prompt: 'a still lake', type: 'image', model: 'replicate/flux-schnell' });
    const stillDone = (await waitFor(still.id, u.token)).g;
    expect(stillDone.status).toBe('COMPLETED');
    const imageKey = (stillDone.outputUrl as string).replace(/^\/media\//, '').split('?')[0];
    const svd = await generate(u.token, { prompt: 'move the water', type: 'video', model: 'replicate/stable-video-diffusion', image: imageKey });
    expect((await waitFor(music.id, u.token)).g.status).toBe('COMPLETED');
    expect((await waitFor(svd.id, u.token)).g.status).toBe('COMPLETED');
    const svdInput = [...sims.replicate.predictions.values()].find((p) => p.input.input_image)?.input.input_image as string;
    expect(svdInput).toMatch(/^data:image\/png;base64,|\/v1\/files\//);
  });

  it('cancelling a running generation cancels its prediction and refunds once', async () => {
    const u = await t.signUp();
    const g0 = await generate(u.token, { prompt: 'cancel this video [[sim:hang]]', type: 'video', model: 'replicate/animate-diff' });
    await waitFor(g0.id, u.token, (g) => g.status === 'PROCESSING' && g.progress >= 5);
    const res = await t.rest('POST', `/api/generation/${g0.id}/cancel`, { token: u.token });
    expect(res.body.generation.status).toBe('CANCELLED');
    const deadline = Date.now() + 5000;
    let prediction = [...sims.replicate.predictions.values()].find((p) => String(p.input.prompt).startsWith('cancel this video'));
    while (prediction?.status !== 'canceled' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      prediction = [...sims.replicate.predictions.values()].find((p) => String(p.input.prompt).startsWith('cancel this video'));
    }
    expect(prediction?.history).toEqual(['starting', 'processing', 'canceled']);
    expect((await ledgerOf(g0.id)).map((l) => l.kind)).toEqual(['spend', 'refund']);
    expect(await balanceOf(u.token)).toBe(50);
  });
});

describe('Replicate after a worker crash', () => {
  it('a retried attempt resumes the prediction the first attempt started instead of paying for another', async () => {
    const providers = createProviders(t.env, {
      limits: {
        timeoutMs: { text: TIMEOUT_MS, image: TIMEOUT_MS, audio: TIMEOUT_MS, video: TIMEOUT_MS },
        pollIntervalMs: 50,
        downloadTimeoutMs: 3000,
      },
      downloadAllowHosts: ['127.0.0.1'],
    });
    const engine = providers.engines['replicate/animate-diff'];
    if (!engine) throw new Error('replicate/animate-diff is not registered');
    const remembered: string[] = [];
    const run = (previousId: string | null) =>
      engine({
        modelId: 'replicate/animate-diff',
        prompt: 'a resumed robot',
        params: {},
        seed: 1,
        storage: t.deps.storage,
        signal: new AbortController().signal,
        onProgress: () => {},
        providerJob: {
          previousId,
          remember: async (id) => {
            remembered.push(id);
          },
        },
      });
    const first = await run(null);
    expect(remembered).toHaveLength(1);
    expect(first.providerRequestId).toBe(remembered[0]);
    const before = sims.replicate.predictions.size;
    const again = await run(remembered[0] ?? null);
    expect(sims.replicate.predictions.size).toBe(before);
    expect(again.providerRequestId).toBe(remembered[0]);
    expect(remembered).toHaveLength(1);
    // An unknown id (expired on the provider's side) starts a new prediction and records it.
    await run('no-such-prediction');
    expect(sims.replicate.predictions.size).toBe(before + 1);
    expect(remembered).toHaveLength(2);
  });
});

describe('ElevenLabs voice cloning through the worker', () => {
  it('clones from the user’s own audio and speaks the prompt with the new voice', async () => {
    const u = await t.signUp();
    const speech = await generate(u.token, { prompt: 'sample voice', type: 'audio', model: 'openai/tts-1', voiceId: 'alloy' });
    const sample = (await waitFor(speech.id, u.token)).g;
    const key = (sample.outputUrl as string).replace(/^\/media\//, '').split('?')[0];
    const clone = await generate(u.token, { prompt: 'Hello in my own voice', type: 'audio', model: 'elevenlabs/voice-clone', referenceAudio: key });
    const { g } = await waitFor(clone.id, u.token);
    expect(g.status, g.error ?? '').toBe('COMPLETED');
    expect(g.metadata.voiceId).toBeTruthy();
    expect(sims.elevenlabs.voices.some((v) => v.voice_id === g.metadata.voiceId)).toBe(true);
    expect(g.creditsUsed).toBe(3);
  });
});

/** A tRPC caller acting as the holder of `token`. */
async function callerFor(token: string) {
  const req = { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' } as unknown as FastifyRequest;
  const res = { header: () => res } as unknown as FastifyReply;
  return appRouter.createCaller(await contextFactory(t.deps)({ req, res }));
}

describe('chat through hosted models', () => {
  it.each([
    ['openai/gpt-3.5-turbo', 1],
    ['anthropic/claude-sonnet-4-5', 2],
  ] as const)('%s streams its tokens in order; the reply is stored with the provider usage', async (model, credits) => {
    const u = await t.signUp();
    const conv = await t.rest('POST', '/api/chat/conversations', { token: u.token, body: { aiModels: [model] } });
    expect(conv.status, JSON.stringify(conv.body)).toBe(200);
    const sent = await t.rest('POST', `/api/chat/conversations/${conv.body.id}/messages`, { token: u.token, body: { content: 'tell me a story' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.replies[0].id as string;
    const stream = await (await callerFor(u.token)).chat.stream({ conversationId: conv.body.id, messageIds: [id] });
    const events: any[] = [];
    for await (const e of stream) events.push(e);
    // Whatever streamed before we subscribed arrives as a snapshot (or as one delta answering the
    // writer's sync); the rest one delta per token, in order, each where the text so far ends.
    const expected = ['Simulated ', 'reply ', 'to: ', 'tell ', 'me ', 'a ', 'story'];
    const boundaries = expected.map((_, i) => expected.slice(0, i + 1).join('').length);
    let text = '';
    for (const e of events) {
      if (e.type === 'snapshot') {
        expect(e.text.startsWith(text) || text.startsWith(e.text)).toBe(true);
        if (e.text.length > text.length) text = e.text;
      } else if (e.type === 'delta') {
        expect(e.offset).toBe(text.length);
        text += e.text;
        expect(boundaries).toContain(text.length);
      }
    }
    expect(text).toBe(expected.join(''));
    expect(events.filter((e) => e.type === 'delta').at(-1)?.text).toBe('story');
    const end = events.at(-1);
    expect(end).toMatchObject({
      type: 'end',
      message: { status: 'COMPLETED', content: 'Simulated reply to: tell me a story', modelId: model, tokensOut: 7 },
    });
    expect(end.creditsBalance).toBe(50 - credits);
  });

  it('a provider refusal fails the reply and refunds it', async () => {
    const u = await t.signUp();
    const conv = await t.rest('POST', '/api/chat/conversations', { token: u.token, body: { aiModels: ['anthropic/claude-sonnet-4-5'] } });
    const sent = await t.rest('POST', `/api/chat/conversations/${conv.body.id}/messages`, { token: u.token, body: { content: 'no [[sim:reject]]' } });
    const id = sent.body.replies[0].id as string;
    const events: any[] = [];
    for await (const e of await (await callerFor(u.token)).chat.stream({ conversationId: conv.body.id, messageIds: [id] })) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: 'end', message: { status: 'FAILED' }, creditsBalance: 50 });
    expect(events.at(-1).message.error).toContain('the simulator was told to refuse it');
  });
});

describe('the worker as deployed', () => {
  it('startAllWorkers without explicit engines runs the configured providers beside the local engines', async () => {
    const app = await createTestApp(sims.env);
    const running = await startTestWorkers({ env: app.env, db: app.deps.db, storage: app.deps.storage });
    try {
      const u = await app.signUp();
      const res = await app.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: 'deployed speech', type: 'audio', model: 'openai/tts-1', voiceId: 'echo' },
      });
      const local = await app.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: 'deployed draft', type: 'text', model: 'local/text' },
      });
      const deadline = Date.now() + 30_000;
      let g: Gen;
      let l: Gen;
      do {
        await new Promise((r) => setTimeout(r, 100));
        g = (await app.rest('GET', `/api/generation/${res.body.generation.id}`, { token: u.token })).body;
        l = (await app.rest('GET', `/api/generation/${local.body.generation.id}`, { token: u.token })).body;
      } while ((g.status !== 'COMPLETED' || l.status !== 'COMPLETED') && Date.now() < deadline && g.status !== 'FAILED');
      expect(g.status, g.error ?? '').toBe('COMPLETED');
      expect(l.status).toBe('COMPLETED');
      expect(g.providerCostUsd).toBeGreaterThan(0);
    } finally {
      await running.close(5000);
      await app.close();
    }
  });
});
