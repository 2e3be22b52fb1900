import { localEngines } from '@atelier/ai';
import { createProviders } from '@atelier/providers';
import { type Simulators, startSimulators } from '@atelier/providers/testing/index';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

/** Style transfer with a hosted image-to-image model (SDXL on Replicate's simulator) through the real pipeline. */

let sims: Simulators;
let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  sims = await startSimulators();
  t = await createTestApp(sims.env);
  const providers = createProviders(t.env, {
    limits: { timeoutMs: { text: 4000, image: 4000, audio: 4000, video: 4000 }, pollIntervalMs: 100, downloadTimeoutMs: 3000 },
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

async function waitFor(id: string, token: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.rest('GET', `/api/generation/${id}`, { token });
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(res.body.status) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('style transfer with a hosted model', () => {
  it('lists the hosted model as available, sends the image, the style prompt and the strength; charges its price', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 256, height: 192, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const styles = await t.rest('GET', '/api/advanced-features/style-transfer/styles');
    const hosted = styles.body.models.find((m: { id: string }) => m.id === 'replicate/sdxl-style');
    expect(hosted).toMatchObject({ available: true, isLocal: false, credits: 2 });

    const u = await t.signUp();
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits as number;
    const res = await t.rest('POST', '/api/advanced-features/style-transfer', {
      token: u.token,
      body: { image: `data:image/png;base64,${png.toString('base64')}`, style: 'watercolour', strength: 60, model: 'replicate/sdxl-style' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.generation).toMatchObject({
      model: 'replicate/sdxl-style',
      provider: 'replicate',
      params: { style: 'watercolour', strength: 60 },
    });
    expect(res.body.generation.prompt).toContain('watercolour painting');
    expect(res.body.creditsBalance).toBe(before - 2);
    const done = await waitFor(res.body.generation.id, u.token);
    expect(done.status, done.error).toBe('COMPLETED');
    const prediction = [...sims.replicate.predictions.values()].at(-1);
    expect(prediction?.input).toMatchObject({ prompt_strength: 0.6 });
    expect(String(prediction?.input.image)).toMatch(/^data:image\/png;base64,|\/v1\/files\//);

    const results = await t.rest('GET', '/api/advanced-features/style-transfer/results', { token: u.token });
    expect(results.body.results.map((r: { id: string }) => r.id)).toEqual([res.body.generation.id]);

    const bad = await t.rest('POST', '/api/advanced-features/style-transfer', {
      token: u.token,
      body: { image: `data:image/png;base64,${png.toString('base64')}`, style: 'sketch', model: 'openai/dall-e-3' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('model');
  }, 60_000);
});
