import { localEngines } from '@atelier/ai';
import { DEMO_IDS } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await createTestApp();
  workers = await startTestWorkers({
    env: t.env,
    db: t.deps.db,
    storage: t.deps.storage,
    engines: await localEngines(),
  });
});
afterAll(async () => {
  await workers.close(5000);
  await t.close();
});

const pngDataUrl = async (w: number, h: number, rgb: { r: number; g: number; b: number }) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: w, height: h, channels: 3, background: rgb } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

async function readStored(url: string): Promise<Buffer> {
  const key = decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/media\//, ''));
  const chunks: Buffer[] = [];
  for await (const c of t.deps.storage.read(key)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

async function newProject(token: string, body: Record<string, unknown> = {}) {
  const res = await t.rest('POST', '/api/image-editor/projects', { token, body });
  expect(res.status).toBe(200);
  return res.body.project;
}

async function waitExport(id: string, token: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.rest('GET', `/api/projects/exports/${id}`, { token });
    if (['COMPLETED', 'FAILED'].includes(res.body.status) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('image-editor projects', () => {
  it('creates a 1920×1080 16:9 project by default, an IMAGE project in the projects list', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token, { name: 'Poster' });
    expect(p).toMatchObject({
      name: 'Poster',
      type: 'IMAGE',
      width: 1920,
      height: 1080,
      aspectRatio: '16:9',
      resolution: '1080p',
      assets: [],
      layers: [],
    });
    const list = await t.rest('GET', '/api/image-editor/projects', { token: u.token });
    expect(list.body.projects.map((x: { id: string }) => x.id)).toContain(p.id);
    const projects = await t.rest('GET', '/api/projects?type=IMAGE', { token: u.token });
    expect(projects.body.projects.some((x: { id: string }) => x.id === p.id)).toBe(true);
    await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: { type: 'SHAPE', x: 0, y: 0, width: 1920, height: 1080 },
    });
    const square = await t.rest('PUT', `/api/image-editor/projects/${p.id}`, { token: u.token, body: { aspectRatio: '1:1', resolution: '720p' } });
    expect(square.body.project).toMatchObject({ width: 720, height: 720 });
    // Layers follow the canvas: scaled uniformly to fit (0.375) and centred.
    expect(square.body.project.layers[0]).toMatchObject({ x: 0, y: 157.5, width: 720, height: 405 });
    const bad = await t.rest('PUT', `/api/image-editor/projects/${p.id}`, { token: u.token, body: { background: 'url(javascript:x)' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('background');
  });

  it('guests read the demo project (layers and an asset) but cannot write', async () => {
    const res = await t.rest('GET', `/api/image-editor/projects/${DEMO_IDS.imageProject}`);
    expect(res.status).toBe(200);
    expect(res.body.layers.length).toBeGreaterThanOrEqual(2);
    const asset = res.body.assets[0];
    expect(asset.status).toBe('READY');
    // Its pixels are rendered by the seed step (see modules/demo/demo.media.int.test.ts).
    expect(asset.url).toMatch(/^\/media\/uploads\//);
    const write = await t.rest('POST', `/api/image-editor/projects/${DEMO_IDS.imageProject}/layers`, { body: { type: 'SHAPE' } });
    expect(write.status).toBe(401);
    expect(write.body.error.message).toBe('Please login to perform this action');
  });

  it("another user's project is 404 for reads and writes, and nothing changes", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const p = await newProject(a.token);
    const layer = (await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, { token: a.token, body: { type: 'SHAPE' } })).body.layer;
    expect((await t.rest('GET', `/api/image-editor/projects/${p.id}`, { token: b.token })).status).toBe(404);
    expect((await t.rest('GET', `/api/image-editor/projects/${p.id}/layers`, { token: b.token })).status).toBe(404);
    expect((await t.rest('PUT', `/api/image-editor/layers/${layer.id}`, { token: b.token, body: { opacity: 10 } })).status).toBe(404);
    expect((await t.rest('DELETE', `/api/image-editor/layers/${layer.id}`, { token: b.token })).status).toBe(404);
    expect((await t.rest('POST', `/api/image-editor/projects/${p.id}/export`, { token: b.token, body: {} })).status).toBe(404);
    const after = await t.rest('GET', `/api/image-editor/projects/${p.id}/layers`, { token: a.token });
    expect(after.body.layers).toHaveLength(1);
    expect(after.body.layers[0].opacity).toBe(100);
  });
});

describe('layers', () => {
  it('creates, updates, reorders and deletes layers, keeping z-order contiguous', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    const mk = async (name: string) =>
      (
        await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, {
          token: u.token,
          body: { type: 'SHAPE', name, shape: { kind: 'ellipse', fill: '#ff0000', stroke: '#000000', strokeWidth: 4 } },
        })
      ).body.layer;
    const a = await mk('A');
    const b = await mk('B');
    const c = await mk('C');
    expect([a.zIndex, b.zIndex, c.zIndex]).toEqual([0, 1, 2]);
    expect(a).toMatchObject({ type: 'SHAPE', visible: true, opacity: 100, blendMode: 'normal', assetId: null });
    expect(a.shape).toMatchObject({ kind: 'ellipse', fill: '#ff0000' });

    const upd = await t.rest('PUT', `/api/image-editor/layers/${b.id}`, {
      token: u.token,
      body: { name: 'Bee', opacity: 40, blendMode: 'multiply', visible: false, x: 10, y: 20, width: 300, height: 200, rotation: 15 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.layer).toMatchObject({
      name: 'Bee',
      opacity: 40,
      blendMode: 'multiply',
      visible: false,
      x: 10,
      y: 20,
      width: 300,
      height: 200,
      rotation: 15,
    });

    const badOpacity = await t.rest('PUT', `/api/image-editor/layers/${b.id}`, { token: u.token, body: { opacity: 150 } });
    expect(badOpacity.status).toBe(400);
    expect(JSON.stringify(badOpacity.body)).toContain('opacity');
    const badBlend = await t.rest('PUT', `/api/image-editor/layers/${b.id}`, { token: u.token, body: { blendMode: 'glitter' } });
    expect(badBlend.status).toBe(400);
    expect(JSON.stringify(badBlend.body)).toContain('blendMode');

    const reordered = await t.rest('PUT', `/api/image-editor/projects/${p.id}/layers/order`, {
      token: u.token,
      body: { layerIds: [c.id, a.id, b.id] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.layers.map((l: { id: string }) => l.id)).toEqual([c.id, a.id, b.id]);
    const partial = await t.rest('PUT', `/api/image-editor/projects/${p.id}/layers/order`, { token: u.token, body: { layerIds: [c.id, a.id] } });
    expect(partial.status).toBe(400);
    expect(JSON.stringify(partial.body)).toContain('layerIds');

    expect((await t.rest('DELETE', `/api/image-editor/layers/${c.id}`, { token: u.token })).status).toBe(200);
    const left = (await t.rest('GET', `/api/image-editor/projects/${p.id}/layers`, { token: u.token })).body.layers;
    expect(left.map((l: { id: string; zIndex: number }) => [l.id, l.zIndex])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    // An IMAGE layer needs an asset of this project.
    const noAsset = await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, { token: u.token, body: { type: 'IMAGE' } });
    expect(noAsset.status).toBe(400);
    expect(JSON.stringify(noAsset.body)).toContain('assetId');
  });

  it('saves the editor state (autosave/undo): upserts in order, re-creates a deleted layer, removes', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    const a = (await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, { token: u.token, body: { type: 'SHAPE', name: 'A' } })).body.layer;
    const b = (await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, { token: u.token, body: { type: 'SHAPE', name: 'B' } })).body.layer;
    const state = (l: typeof a, patch: Record<string, unknown> = {}) => ({
      id: l.id,
      type: l.type,
      name: l.name,
      visible: l.visible,
      opacity: l.opacity,
      blendMode: l.blendMode,
      assetId: l.assetId,
      x: l.x,
      y: l.y,
      width: l.width,
      height: l.height,
      rotation: l.rotation,
      shape: l.shape,
      ...patch,
    });
    await t.rest('DELETE', `/api/image-editor/layers/${a.id}`, { token: u.token });
    // Undo the delete: A comes back with its id, above B this time, B half transparent.
    const res = await t.rest('PUT', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: { layers: [state(b, { opacity: 50 }), state(a)], remove: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.layers.map((l: { id: string; opacity: number }) => [l.id, l.opacity])).toEqual([
      [b.id, 50],
      [a.id, 100],
    ]);
    const removed = await t.rest('PUT', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: { layers: [state(a)], remove: [b.id] },
    });
    expect(removed.body.layers.map((l: { id: string }) => l.id)).toEqual([a.id]);
    // Another project's layer cannot be pulled in.
    const other = await newProject(u.token);
    const steal = await t.rest('PUT', `/api/image-editor/projects/${other.id}/layers`, { token: u.token, body: { layers: [state(a)] } });
    expect(steal.status).toBe(400);
  });
});

describe('uploads', () => {
  it('stores a PNG as an asset with a fitted layer, and fires on JPEG/WebP too', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    const res = await t.rest('POST', `/api/image-editor/projects/${p.id}/assets`, {
      token: u.token,
      body: { image: await pngDataUrl(3840, 1080, { r: 0, g: 128, b: 255 }), fileName: 'wide banner.png' },
    });
    expect(res.status).toBe(200);
    expect(res.body.asset).toMatchObject({ type: 'upload', status: 'READY', width: 3840, height: 1080 });
    expect(res.body.asset.thumbnailUrl).toContain('/media/');
    // Fitted inside the 1920×1080 canvas, centred.
    expect(res.body.layer).toMatchObject({ type: 'IMAGE', name: 'wide banner', assetId: res.body.asset.id, width: 1920, height: 540, x: 0, y: 270 });
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const w = await t.rest('POST', `/api/image-editor/projects/${p.id}/assets`, {
      token: u.token,
      body: { image: `data:image/webp;base64,${webp.toString('base64')}`, addLayer: false },
    });
    expect(w.status).toBe(200);
    expect(w.body.layer).toBeNull();
    const assets = await t.rest('GET', `/api/image-editor/projects/${p.id}/assets`, { token: u.token });
    expect(assets.body.assets).toHaveLength(2);
  });

  it('rejects a ".png" that is really text, naming the field, and stores nothing', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    const res = await t.rest('POST', `/api/image-editor/projects/${p.id}/assets`, {
      token: u.token,
      body: { image: `data:image/png;base64,${Buffer.from('just some text pretending to be a picture').toString('base64')}`, fileName: 'photo.png' },
    });
    expect([400, 415]).toContain(res.status);
    expect(JSON.stringify(res.body)).toContain('image');
    expect(res.body.error.message).toMatch(/PNG, JPEG or WebP/);
    const after = await t.rest('GET', `/api/image-editor/projects/${p.id}`, { token: u.token });
    expect(after.body.assets).toHaveLength(0);
    expect(after.body.layers).toHaveLength(0);
  });
});

describe('quick actions', () => {
  it('flips pixels on the server into a new asset; the original stays for undo', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    // Left half red, right half blue.
    const img = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 3, background: '#0000ff' } }, left: 20, top: 0 }])
      .png()
      .toBuffer();
    const up = await t.rest('POST', `/api/image-editor/projects/${p.id}/assets`, {
      token: u.token,
      body: { image: `data:image/png;base64,${img.toString('base64')}` },
    });
    const layer = up.body.layer;
    const flip = await t.rest('POST', `/api/image-editor/layers/${layer.id}/quick-action`, {
      token: u.token,
      body: { action: { kind: 'flip', direction: 'horizontal' } },
    });
    expect(flip.status).toBe(200);
    expect(flip.body.asset).toMatchObject({ type: 'edit', sourceAssetId: up.body.asset.id });
    expect(flip.body.layer.assetId).toBe(flip.body.asset.id);
    const raw = await sharp(await readStored(flip.body.asset.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const ch = raw.info.channels;
    expect([raw.data[0], raw.data[2]]).toEqual([0, 255]); // top-left is now blue
    expect(raw.data[(39 * ch) as number]).toBe(255); // top-right is now red

    const crop = await t.rest('POST', `/api/image-editor/layers/${layer.id}/quick-action`, {
      token: u.token,
      body: { action: { kind: 'crop', left: 0, top: 0, width: 0.5, height: 1 } },
    });
    expect(crop.body.asset).toMatchObject({ width: 20, height: 20 });
    expect(crop.body.layer.width).toBeCloseTo(layer.width / 2, 1);
    const bad = await t.rest('POST', `/api/image-editor/layers/${layer.id}/quick-action`, {
      token: u.token,
      body: { action: { kind: 'resize', scale: 40 } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('scale');
    const assets = (await t.rest('GET', `/api/image-editor/projects/${p.id}/assets`, { token: u.token })).body.assets;
    expect(assets).toHaveLength(3);
  });
});

describe('generate into a layer', () => {
  it('charges the model price once, adds a layer that becomes the finished image; a replay does not charge again', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token);
    const before = (await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits;
    const body = { prompt: 'a lighthouse at dusk', model: 'local/image', idempotencyKey: `k-${p.id}` };
    const res = await t.rest('POST', `/api/image-editor/projects/${p.id}/generate`, { token: u.token, body });
    expect(res.status).toBe(200);
    expect(res.body.creditsBalance).toBe(before - 1);
    expect(res.body.layer).toMatchObject({ type: 'IMAGE', assetId: res.body.asset.id });
    expect(['PENDING', 'PROCESSING', 'READY']).toContain(res.body.asset.status);
    const again = await t.rest('POST', `/api/image-editor/projects/${p.id}/generate`, { token: u.token, body });
    expect(again.body.replayed).toBe(true);
    expect(again.body.asset.id).toBe(res.body.asset.id);
    expect(again.body.creditsBalance).toBe(before - 1);
    const deadline = Date.now() + 60_000;
    let asset = res.body.asset;
    while (asset.status !== 'READY' && asset.status !== 'FAILED' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      asset = (await t.rest('GET', `/api/image-editor/projects/${p.id}/assets`, { token: u.token })).body.assets[0];
    }
    expect(asset.status).toBe('READY');
    expect(asset.url).toContain('/media/');
    const layers = (await t.rest('GET', `/api/image-editor/projects/${p.id}/layers`, { token: u.token })).body.layers;
    expect(layers).toHaveLength(1);
    const unknown = await t.rest('POST', `/api/image-editor/projects/${p.id}/generate`, {
      token: u.token,
      body: { prompt: 'x', model: 'nope/nothing' },
    });
    expect(unknown.status).toBe(400);
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).body.user.credits).toBe(before - 1);
  }, 90_000);
});

describe('export', () => {
  it('composites two layers (the top one at 50 % opacity) pixel for pixel, hidden layers left out', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token, { aspectRatio: '16:9', resolution: '480p', background: '#ffffff' });
    expect([p.width, p.height]).toEqual([854, 480]);
    const red = await t.rest('POST', `/api/image-editor/projects/${p.id}/assets`, {
      token: u.token,
      body: { image: await pngDataUrl(854, 480, { r: 255, g: 0, b: 0 }), fileName: 'red.png' },
    });
    expect(red.body.layer).toMatchObject({ x: 0, y: 0, width: 854, height: 480 });
    const blue = await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: {
        type: 'SHAPE',
        x: 100,
        y: 100,
        width: 200,
        height: 100,
        opacity: 50,
        shape: { kind: 'rectangle', fill: '#0000ff', stroke: 'transparent', strokeWidth: 0 },
      },
    });
    expect(blue.status).toBe(200);
    // A hidden green layer over everything must not show.
    await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: {
        type: 'SHAPE',
        x: 0,
        y: 0,
        width: 854,
        height: 480,
        visible: false,
        shape: { kind: 'rectangle', fill: '#00ff00', stroke: 'transparent', strokeWidth: 0 },
      },
    });
    const res = await t.rest('POST', `/api/image-editor/projects/${p.id}/export`, { token: u.token, body: { format: 'png', name: 'Poster v1' } });
    expect(res.status).toBe(200);
    expect(res.body.export).toMatchObject({ type: 'image/png', status: 'PENDING', name: 'Poster v1' });
    const done = await waitExport(res.body.export.id, u.token);
    expect(done.status).toBe('COMPLETED');
    // Downloads are named after the export (issue 26 item 7), in the URL (signed) and the header.
    const download = await t.app.inject({ method: 'GET', url: done.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="poster-v1.png"');
    expect(new URL(done.outputUrl, 'http://x').searchParams.get('n')).toBe('poster-v1.png');
    expect((await t.app.inject({ method: 'GET', url: done.outputUrl })).headers['content-disposition']).toBe('inline; filename="poster-v1.png"');
    const renamed = done.downloadUrl.replace('n=poster-v1.png', 'n=payload.html');
    expect((await t.app.inject({ method: 'GET', url: renamed })).statusCode).toBe(403);
    expect(done.metadata).toMatchObject({ width: 854, height: 480, layers: 2 });

    const out = await sharp(await readStored(done.outputUrl))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([out.info.width, out.info.height]).toEqual([854, 480]);
    // The expected image: red everywhere, 50 % blue over red inside the rectangle.
    const expected = Buffer.alloc(854 * 480 * 3);
    for (let y = 0; y < 480; y++)
      for (let x = 0; x < 854; x++) {
        const inside = x >= 100 && x < 300 && y >= 100 && y < 200;
        expected.set(inside ? [128, 0, 128] : [255, 0, 0], (y * 854 + x) * 3);
      }
    let worst = 0;
    let where = -1;
    for (let i = 0; i < expected.length; i++) {
      const d = Math.abs((out.data[i] ?? 0) - (expected[i] ?? 0));
      if (d > worst) [worst, where] = [d, i];
    }
    if (worst > 2)
      console.log(
        'worst pixel',
        Math.floor(where / 3) % 854,
        Math.floor(where / 3 / 854),
        out.data.subarray(where - (where % 3), where - (where % 3) + 3),
      );
    expect(worst).toBeLessThanOrEqual(2);

    // The export is a project export.
    const list = await t.rest('GET', `/api/projects/${p.id}/exports`, { token: u.token });
    expect(list.body.exports.map((e: { id: string }) => e.id)).toContain(res.body.export.id);

    // JPEG and WebP render too; an empty project has nothing to export.
    const jpeg = await t.rest('POST', `/api/image-editor/projects/${p.id}/export`, { token: u.token, body: { format: 'jpeg' } });
    const jdone = await waitExport(jpeg.body.export.id, u.token);
    expect(jdone.status).toBe('COMPLETED');
    expect((await sharp(await readStored(jdone.outputUrl)).metadata()).format).toBe('jpeg');
    const empty = await newProject(u.token);
    const none = await t.rest('POST', `/api/image-editor/projects/${empty.id}/export`, { token: u.token, body: { format: 'webp' } });
    expect(none.status).toBe(400);
    const badFormat = await t.rest('POST', `/api/image-editor/projects/${p.id}/export`, { token: u.token, body: { format: 'gif' } });
    expect(badFormat.status).toBe(400);
    expect(JSON.stringify(badFormat.body)).toContain('format');
  }, 90_000);

  it('applies blend modes as the canvas does (multiply)', async () => {
    const u = await t.signUp();
    const p = await newProject(u.token, { resolution: '480p', background: '#ffff00' });
    await t.rest('POST', `/api/image-editor/projects/${p.id}/layers`, {
      token: u.token,
      body: {
        type: 'SHAPE',
        x: 0,
        y: 0,
        width: 100,
        height: 100,
        blendMode: 'multiply',
        shape: { kind: 'rectangle', fill: '#00ffff', stroke: 'transparent', strokeWidth: 0 },
      },
    });
    const res = await t.rest('POST', `/api/image-editor/projects/${p.id}/export`, { token: u.token, body: {} });
    const done = await waitExport(res.body.export.id, u.token);
    expect(done.status).toBe('COMPLETED');
    const out = await sharp(await readStored(done.outputUrl))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // yellow × cyan = green
    expect(Array.from(out.data.subarray((50 * out.info.width + 50) * 3, (50 * out.info.width + 50) * 3 + 3))).toEqual([0, 255, 0]);
    expect(Array.from(out.data.subarray((300 * out.info.width + 300) * 3, (300 * out.info.width + 300) * 3 + 3))).toEqual([255, 255, 0]);
  }, 60_000);
});
