import { ledgerSumUnits } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { testEngines, waitUntil } from './projects.fixtures';

let t: TestApp;
let workers: RunningWorkers;

beforeAll(async () => {
  t = await createTestApp();
  const { engines } = await testEngines();
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, engines });
});
afterAll(async () => {
  await workers?.close(5000);
  await t.close();
});

async function project(token: string, type: 'IMAGE' | 'TEXT' | 'VIDEO') {
  return (await t.rest('POST', '/api/projects', { token, body: { name: `${type} project`, type, aspectRatio: '1:1', resolution: '480p' } })).body
    .project.id as string;
}

const versionsOf = async (token: string, segmentId: string) =>
  (await t.rest('GET', `/api/projects/segments/${segmentId}/versions`, { token })).body.versions;

describe('segments', () => {
  it('create, list, update, reorder and delete; the type follows the project', async () => {
    const u = await t.signUp();
    const id = await project(u.token, 'IMAGE');
    const names = ['Hero', 'Detail', 'Lifestyle'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await t.rest('POST', `/api/projects/${id}/segments`, {
        token: u.token,
        body: { name, prompt: `${name} shot`, metadata: { tone: 'warm' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.segment).toMatchObject({
        name,
        type: 'IMAGE',
        order: ids.length,
        selectedVersion: null,
        versionCount: 0,
        metadata: { tone: 'warm' },
      });
      ids.push(res.body.segment.id);
    }
    const caption = await t.rest('POST', `/api/projects/${id}/segments`, { token: u.token, body: { name: 'Caption', type: 'TEXT' } });
    expect(caption.body.segment).toMatchObject({ type: 'TEXT', order: 3 });
    ids.push(caption.body.segment.id);

    const updated = await t.rest('PUT', `/api/projects/${id}/segments/${ids[1]}`, { token: u.token, body: { name: 'Close-up', prompt: 'macro' } });
    expect(updated.body.segment).toMatchObject({ name: 'Close-up', prompt: 'macro', metadata: { tone: 'warm' } });

    const reordered = await t.rest('PUT', `/api/projects/${id}/segments/reorder`, {
      token: u.token,
      body: { segmentIds: [ids[3], ids[2], ids[0], ids[1]] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.segments.map((s: any) => [s.name, s.order])).toEqual([
      ['Caption', 0],
      ['Lifestyle', 1],
      ['Hero', 2],
      ['Close-up', 3],
    ]);
    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1], ids[2]],
      [...ids, '00000000-0000-4000-8000-000000000abc'],
    ]) {
      const res = await t.rest('PUT', `/api/projects/${id}/segments/reorder`, { token: u.token, body: { segmentIds: bad } });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[0].path).toBe('segmentIds');
    }

    const del = await t.rest('DELETE', `/api/projects/${id}/segments/${ids[2]}`, { token: u.token });
    expect(del.body).toEqual({ success: true, id: ids[2] });
    const list = await t.rest('GET', `/api/projects/${id}/segments`, { token: u.token });
    expect(list.body.segments.map((s: any) => [s.name, s.order])).toEqual([
      ['Caption', 0],
      ['Hero', 1],
      ['Close-up', 2],
    ]);
    expect((await t.rest('DELETE', `/api/projects/${id}/segments/${ids[2]}`, { token: u.token })).status).toBe(404);
    expect((await t.rest('GET', `/api/projects/${id}`, { token: u.token })).body.counts.segments).toBe(3);

    const video = await project(u.token, 'VIDEO');
    const refused = await t.rest('POST', `/api/projects/${video}/segments`, { token: u.token, body: { name: 'x' } });
    expect(refused.status).toBe(400);
    const badType = await t.rest('POST', `/api/projects/${id}/segments`, { token: u.token, body: { name: 'x', type: 'VIDEO' } });
    expect(badType.status).toBe(400);
    expect(badType.body.error.fields[0].path).toBe('type');
  });
});

describe('versions', () => {
  it('generate (queued, model price, charged once), first becomes selected; select; the selected one cannot be deleted', async () => {
    const u = await t.signUp();
    const id = await project(u.token, 'IMAGE');
    const seg = (await t.rest('POST', `/api/projects/${id}/segments`, { token: u.token, body: { name: 'Hero', prompt: 'a lighthouse at dusk' } }))
      .body.segment;

    const first = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: { model: 'local/image' } });
    expect(first.status).toBe(200);
    expect(first.body.creditsBalance).toBe(49); // local/image: 1 credit
    expect(first.body.version).toMatchObject({ status: 'GENERATING', isSelected: true, prompt: 'a lighthouse at dusk', model: 'local/image' });
    expect(first.body.generation).toMatchObject({ type: 'image', projectId: id, status: 'PENDING' });
    expect(first.body.generation.params).toMatchObject({ aspectRatio: '1:1', resolution: '480p' });
    expect(first.body.segment.selectedVersionId).toBe(first.body.version.id);

    const second = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: { prompt: 'a lighthouse in fog' } });
    expect(second.status).toBe(200);
    expect(second.body.version).toMatchObject({ isSelected: false, prompt: 'a lighthouse in fog' });
    expect(second.body.creditsBalance).toBe(48);

    const done = await waitUntil(
      () => versionsOf(u.token, seg.id),
      (vs) => vs.every((v: any) => v.status !== 'GENERATING'),
      60_000,
    );
    expect(done.map((v: any) => [v.id, v.status])).toEqual([
      [second.body.version.id, 'READY'],
      [first.body.version.id, 'READY'],
    ]);
    expect(done[0].outputUrl).toMatch(/^\/media\/generations\/.+\.png\?/);
    expect((await t.app.inject({ method: 'GET', url: done[0].outputUrl })).statusCode).toBe(200);

    const selected = await t.rest('PUT', `/api/projects/segments/${seg.id}/select/${second.body.version.id}`, { token: u.token, body: {} });
    expect(selected.status).toBe(200);
    expect(selected.body.segment.selectedVersion).toMatchObject({ id: second.body.version.id, status: 'READY' });
    expect(selected.body.segment.selectedVersion.outputUrl).toBe(done[0].outputUrl);

    const refused = await t.rest('DELETE', `/api/projects/segments/${seg.id}/versions/${second.body.version.id}`, { token: u.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/choose another version/);
    const deleted = await t.rest('DELETE', `/api/projects/segments/${seg.id}/versions/${first.body.version.id}`, { token: u.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.segment.versionCount).toBe(1);
    // the only version left is the selected one: still refused
    expect((await t.rest('DELETE', `/api/projects/segments/${seg.id}/versions/${second.body.version.id}`, { token: u.token })).status).toBe(409);
    expect((await t.rest('DELETE', `/api/projects/segments/${seg.id}/versions/${first.body.version.id}`, { token: u.token })).status).toBe(404);
    expect((await t.rest('PUT', `/api/projects/segments/${seg.id}/select/${first.body.version.id}`, { token: u.token, body: {} })).status).toBe(404);
    // the deleted version's generation stays in history
    const history = await t.rest('GET', '/api/generation/history?type=image', { token: u.token });
    expect(history.body.generations.map((g: any) => g.id)).toContain(first.body.generation.id);
    expect(await ledgerSumUnits(t.deps.db, u.userId)).toBe(4800);
  });

  it('a failed version cannot be selected, and the next generated version replaces a failed selection', async () => {
    const u = await t.signUp();
    const id = await project(u.token, 'IMAGE');
    const seg = (await t.rest('POST', `/api/projects/${id}/segments`, { token: u.token, body: { name: 'Hero', prompt: 'x' } })).body.segment;
    const first = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: {} });
    await waitUntil(
      () => versionsOf(u.token, seg.id),
      (vs) => vs[0].status === 'READY',
    );
    // Simulate a failure (the pipeline's own refund path is covered by the generation tests).
    await t.deps.db.updateTable('generations').set({ status: 'FAILED', error: 'boom' }).where('id', '=', first.body.generation.id).execute();
    const failed = await versionsOf(u.token, seg.id);
    expect(failed[0]).toMatchObject({ status: 'FAILED', error: 'boom', outputUrl: null });
    const second = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: {} });
    expect(second.body.version.isSelected).toBe(true);
    const selectFailed = await t.rest('PUT', `/api/projects/segments/${seg.id}/select/${first.body.version.id}`, { token: u.token, body: {} });
    expect(selectFailed.status).toBe(409);
    // a failed, unselected version can be deleted
    expect((await t.rest('DELETE', `/api/projects/segments/${seg.id}/versions/${first.body.version.id}`, { token: u.token })).status).toBe(200);
  });

  it('text segments make text versions; a segment needs a prompt before generating', async () => {
    const u = await t.signUp();
    const id = await project(u.token, 'TEXT');
    const seg = (await t.rest('POST', `/api/projects/${id}/segments`, { token: u.token, body: { name: 'Intro' } })).body.segment;
    expect(seg.type).toBe('TEXT');
    const noPrompt = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: {} });
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body.error.fields[0].path).toBe('prompt');
    const res = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: { prompt: 'An intro about tea' } });
    expect(res.status).toBe(200);
    expect(res.body.generation.type).toBe('text');
    const [v] = await waitUntil(
      () => versionsOf(u.token, seg.id),
      (vs) => vs[0].status !== 'GENERATING',
    );
    expect(v.status).toBe('READY');
    expect(v.content).toEqual(expect.any(String));
    expect(v.content.length).toBeGreaterThan(0);
    const segs = (await t.rest('GET', `/api/projects/${id}/segments`, { token: u.token })).body.segments;
    expect(segs[0].selectedVersion).toMatchObject({ id: v.id, status: 'READY', content: v.content });
    const wrongKind = await t.rest('POST', `/api/projects/segments/${seg.id}/generate`, { token: u.token, body: { model: 'local/image' } });
    expect(wrongKind.status).toBe(400);
  });
});
