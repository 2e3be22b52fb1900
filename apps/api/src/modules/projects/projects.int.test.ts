import { DEMO_IDS } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../context';
import { appRouter } from '../../router';
import { createTestApp, type TestApp } from '../../testing/harness';
import { createCallerFactory } from '../../trpc';
import { seedWorkspace } from './projects.fixtures';
import { projectsRouter } from './projects.router';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('projects CRUD', () => {
  it('creates, reads, updates and deletes a project; validation names the field', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/projects', {
      token: u.token,
      body: { name: '  Launch  ', type: 'VIDEO', description: 'Teaser', globalPrompt: 'warm light', aspectRatio: '9:16', resolution: '1080p' },
    });
    expect(created.status).toBe(200);
    const p = created.body.project;
    expect(p).toMatchObject({
      name: 'Launch',
      type: 'VIDEO',
      description: 'Teaser',
      status: 'DRAFT',
      globalPrompt: 'warm light',
      aspectRatio: '9:16',
      resolution: '1080p',
      thumbnailUrl: null,
      counts: { segments: 0, videoClips: 0, exports: 0 },
    });

    const read = await t.rest('GET', `/api/projects/${p.id}`, { token: u.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: p.id, videoClips: [], segments: [] });

    const updated = await t.rest('PUT', `/api/projects/${p.id}`, {
      token: u.token,
      body: { name: 'Renamed', status: 'COMPLETED', globalPrompt: null, settings: { fps: 30 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.project).toMatchObject({ name: 'Renamed', status: 'COMPLETED', globalPrompt: null, settings: { fps: 30 }, type: 'VIDEO' });
    expect(new Date(updated.body.project.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt).getTime());

    const badType = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'x', type: 'AUDIO' } });
    expect(badType.status).toBe(400);
    expect(badType.body.error.fields[0].path).toBe('type');
    const noName = await t.rest('POST', '/api/projects', { token: u.token, body: { name: '  ', type: 'IMAGE' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields[0].path).toBe('name');
    const unknown = await t.rest('POST', '/api/projects', { token: u.token, body: { name: 'x', type: 'IMAGE', color: 'red' } });
    expect(unknown.status).toBe(400);
    const changeType = await t.rest('PUT', `/api/projects/${p.id}`, { token: u.token, body: { type: 'TEXT' } });
    expect(changeType.status).toBe(400);
    const badRatio = await t.rest('PUT', `/api/projects/${p.id}`, { token: u.token, body: { aspectRatio: '4:3' } });
    expect(badRatio.status).toBe(400);
    expect(badRatio.body.error.fields[0].path).toBe('aspectRatio');

    const del = await t.rest('DELETE', `/api/projects/${p.id}`, { token: u.token });
    expect(del.body).toEqual({ success: true, id: p.id });
    const gone = await t.rest('GET', `/api/projects/${p.id}`, { token: u.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(MESSAGES.projectNotFound);
    expect((await t.rest('DELETE', `/api/projects/${p.id}`, { token: u.token })).status).toBe(404);
  });

  it('lists with { success, projects, total }, type filter, search, paging, counts and the latest output as thumbnail', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    for (const [name, type] of [
      ['Alpha blog', 'TEXT'],
      ['Beta moodboard', 'IMAGE'],
      ['Gamma 100%_sale', 'VIDEO'],
    ] as const) {
      expect((await t.rest('POST', '/api/projects', { token: u.token, body: { name, type } })).status).toBe(200);
    }
    const all = await t.rest('GET', '/api/projects?limit=2&offset=0', { token: u.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, total: 5, limit: 2, offset: 0 });
    expect(all.body.projects).toHaveLength(2);
    expect(all.body.projects[0].name).toBe('Gamma 100%_sale'); // newest change first
    const page3 = await t.rest('GET', '/api/projects?limit=2&offset=4', { token: u.token });
    expect(page3.body.projects).toHaveLength(1);

    const videos = await t.rest('GET', '/api/projects?type=VIDEO', { token: u.token });
    expect(videos.body.total).toBe(2);
    expect(videos.body.projects.every((p: { type: string }) => p.type === 'VIDEO')).toBe(true);

    const search = await t.rest('GET', `/api/projects?search=${encodeURIComponent('100%_')}`, { token: u.token });
    expect(search.body.projects.map((p: { name: string }) => p.name)).toEqual(['Gamma 100%_sale']);
    const byDescription = await t.rest('GET', '/api/projects?search=teaser', { token: u.token });
    expect(byDescription.body.projects.map((p: { id: string }) => p.id)).toEqual([ws.videoProjectId]);
    // % and _ are literal, not wildcards
    const none = await t.rest('GET', `/api/projects?search=${encodeURIComponent('1%0')}`, { token: u.token });
    expect(none.body.total).toBe(0);

    const teaser = all.body.projects.concat((await t.rest('GET', '/api/projects?limit=100', { token: u.token })).body.projects);
    const video = teaser.find((p: { id: string }) => p.id === ws.videoProjectId);
    expect(video.counts).toEqual({ segments: 0, videoClips: 2, exports: 1 });
    const image = teaser.find((p: { id: string }) => p.id === ws.imageProjectId);
    expect(image.counts).toEqual({ segments: 1, videoClips: 0, exports: 0 });
    // the image project's latest finished image is its thumbnail, as a signed URL
    expect(image.thumbnailUrl).toMatch(/^\/media\/generations\/.+\.png\?exp=\d+&g=p\.[0-9a-f-]+\.[0-9a-f-]+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: image.thumbnailUrl })).statusCode).toBe(200);

    const badLimit = await t.rest('GET', '/api/projects?limit=1000', { token: u.token });
    expect(badLimit.status).toBe(400);
    const badFilter = await t.rest('GET', '/api/projects?type=AUDIO', { token: u.token });
    expect(badFilter.status).toBe(400);
  });

  it('duplicates deeply: clips (with videos and trims) and segments with versions and selection, not exports', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    await t.deps.db.updateTable('video_clips').set({ start_trim: 0.5, end_trim: 0.25 }).where('id', '=', ws.clipIds[0]!).execute();

    const dupVideo = await t.rest('POST', `/api/projects/${ws.videoProjectId}/duplicate`, { token: u.token, body: {} });
    expect(dupVideo.status).toBe(200);
    const copy = dupVideo.body.project;
    expect(copy.id).not.toBe(ws.videoProjectId);
    expect(copy.name).toBe('Teaser (copy)');
    expect(copy.counts).toEqual({ segments: 0, videoClips: 2, exports: 0 });
    expect(copy.videoClips.map((c: { prompt: string }) => c.prompt)).toEqual(['first', 'second']);
    expect(copy.videoClips[0]).toMatchObject({ status: 'READY', startTrim: 0.5, endTrim: 0.25, duration: 2 });
    expect(copy.videoClips[0].videoUrl).toMatch(/^\/media\/generations\//);
    expect(copy.videoClips.map((c: { id: string }) => c.id)).not.toContain(ws.clipIds[0]);
    expect(copy.videoClips[1]).toMatchObject({ status: 'DRAFT', videoUrl: null });

    const dupImage = await t.rest('POST', `/api/projects/${ws.imageProjectId}/duplicate`, { token: u.token, body: {} });
    const imageCopy = dupImage.body.project;
    expect(imageCopy.segments).toHaveLength(1);
    const seg = imageCopy.segments[0];
    expect(seg.id).not.toBe(ws.segmentId);
    expect(seg.versionCount).toBe(2);
    expect(seg.selectedVersion.status).toBe('READY');
    expect(seg.selectedVersionId).not.toBe(ws.versionIds[0]);
    const versions = await t.rest('GET', `/api/projects/segments/${seg.id}/versions`, { token: u.token });
    expect(versions.body.versions).toHaveLength(2);
    expect(versions.body.versions.filter((v: { isSelected: boolean }) => v.isSelected)).toHaveLength(1);
    // the original is untouched
    const original = await t.rest('GET', `/api/projects/${ws.imageProjectId}`, { token: u.token });
    expect(original.body.segments[0].selectedVersionId).toBe(ws.versionIds[0]);
    // the copy's thumbnail comes along although the generations stay linked to the original
    expect(imageCopy.thumbnailUrl).toMatch(/^\/media\/generations\//);
  });

  it('deleting a project removes clips, segments, versions, exports and export files; generations stay in history', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    const exportKey = `exports/${u.userId}/${ws.exportId}.mp4`;
    await t.deps.storage.put(exportKey, Buffer.from('fake'), 'video/mp4');
    await t.deps.db.updateTable('exports').set({ output_url: exportKey }).where('id', '=', ws.exportId).execute();
    expect((await t.rest('DELETE', `/api/projects/${ws.videoProjectId}`, { token: u.token })).status).toBe(200);
    expect(await t.deps.storage.stat(exportKey)).toBeNull();
    const left = await t.deps.db.selectFrom('video_clips').select('id').where('project_id', '=', ws.videoProjectId).execute();
    expect(left).toHaveLength(0);
    const gen = await t.deps.db.selectFrom('generations').select('project_id').where('id', '=', ws.videoGenerationId).executeTakeFirstOrThrow();
    expect(gen.project_id).toBeNull();
    expect((await t.rest('DELETE', `/api/projects/${ws.imageProjectId}`, { token: u.token })).status).toBe(200);
    const versions = await t.deps.db.selectFrom('segment_versions').select('id').where('id', 'in', ws.versionIds).execute();
    expect(versions).toHaveLength(0);
  });

  it('stats: segments, clips, exports, generations and credits spent (charges minus refunds)', async () => {
    const u = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, u.userId);
    await t.deps.db
      .insertInto('generations')
      .values({
        user_id: u.userId,
        project_id: ws.videoProjectId,
        type: 'video',
        prompt: 'failed one',
        model_id: 'local/video',
        provider: 'local',
        status: 'FAILED',
        credit_units_charged: 300,
        credit_units_refunded: 300,
      })
      .execute();
    await t.deps.db.updateTable('video_clips').set({ start_trim: 0.5 }).where('id', '=', ws.clipIds[0]!).execute();
    const res = await t.rest('GET', `/api/projects/${ws.videoProjectId}/stats`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      projectId: ws.videoProjectId,
      segments: 0,
      videoClips: 2,
      readyClips: 1,
      exports: 1,
      completedExports: 1,
      generations: 2,
      completedGenerations: 1,
      failedGenerations: 1,
      creditsSpent: 3,
      timelineSeconds: 1.5,
    });
    const image = await t.rest('GET', `/api/projects/${ws.imageProjectId}/stats`, { token: u.token });
    expect(image.body).toMatchObject({ segments: 1, versions: 2, generations: 2, creditsSpent: 0 });
  });
});

describe('guests and the demo workspace', () => {
  it('guests read the demo projects, clips and segments, and every write answers 401', async () => {
    const list = await t.rest('GET', '/api/projects');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.projects.map((p: { id: string }) => p.id).sort()).toEqual(
      [DEMO_IDS.videoProject, DEMO_IDS.imageProject, DEMO_IDS.textProject].sort(),
    );
    const video = await t.rest('GET', `/api/projects/${DEMO_IDS.videoProject}`);
    expect(video.body.videoClips).toHaveLength(3);
    // The demo's clips play their videos (rendered by the seed step).
    expect(video.body.videoClips[0]).toMatchObject({
      duration: 5,
      status: 'READY',
      startTrim: 0,
      endTrim: 0,
      provider: 'local',
      model: 'local/video',
    });
    const clips = await t.rest('GET', `/api/projects/${DEMO_IDS.videoProject}/video-clips`);
    expect(clips.body.clips).toHaveLength(3);
    const segs = await t.rest('GET', `/api/projects/${DEMO_IDS.imageProject}/segments`);
    expect(segs.body.segments.map((s: { name: string }) => s.name)).toEqual(['Hero visual', 'Product detail', 'Lifestyle scene']);
    const status = await t.rest('GET', `/api/projects/video-generation/${video.body.videoClips[0].id}`);
    expect(status.body).toMatchObject({ status: 'COMPLETED', clipStatus: 'READY', generation: { type: 'video', status: 'COMPLETED' } });
    const miss = await t.rest('GET', '/api/projects/00000000-0000-4000-8000-00000000ffff');
    expect(miss.status).toBe(404);
    expect(miss.body.error.message).toBe(MESSAGES.projectNotFound);

    const create = await t.rest('POST', '/api/projects', { body: { name: 'x', type: 'VIDEO' } });
    expect(create.status).toBe(401);
    expect(create.body.error.message).toBe(MESSAGES.loginRequired);
    const save = await t.rest('PUT', `/api/projects/${DEMO_IDS.videoProject}/video-clips`, { body: { clips: [] } });
    expect(save.status).toBe(401);
    const after = await t.rest('GET', `/api/projects/${DEMO_IDS.videoProject}/video-clips`);
    expect(after.body.clips).toHaveLength(3);
  });

  it("a signed-in user does not see the demo workspace or another user's projects in their list", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.rest('POST', '/api/projects', { token: a.token, body: { name: 'mine', type: 'TEXT' } });
    const list = await t.rest('GET', '/api/projects', { token: b.token });
    expect(list.body).toMatchObject({ success: true, projects: [], total: 0 });
    const exports = await t.rest('GET', '/api/projects/exports', { token: b.token });
    expect(exports.body).toMatchObject({ exports: [], total: 0 });
  });
});

/**
 * IDOR matrix, generated from the router: every projects procedure that takes an id, called by
 * user B with user A's ids, answers 404 'Project not found' and changes nothing. A procedure
 * added without a case here fails the test.
 */
describe('access matrix', () => {
  type Case = { method: string; path: string; body?: unknown } | 'no-id';
  type OpenApi = { method: string; path: string };
  const defs = (projectsRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: { openapi?: OpenApi }; type: string } }> } })._def
    .procedures;

  it('user B gets 404 "Project not found" on every one of user A\'s ids, and nothing changes', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, a.userId);
    const bws = await seedWorkspace(t.deps.db, t.deps.storage, b.userId);
    const ids: Record<string, string> = {
      projectId: ws.videoProjectId,
      imageProjectId: ws.imageProjectId,
      clipId: ws.clipIds[0]!,
      segmentId: ws.segmentId,
      versionId: ws.versionIds[1],
      exportId: ws.exportId,
    };
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`;
    const cases: Record<string, Case> = {
      list: 'no-id',
      create: 'no-id',
      allExports: 'no-id',
      onExport: 'no-id', // tRPC subscription: checked through the caller below
      exportById: { method: 'GET', path: `/projects/exports/${ids.exportId}` },
      clipGeneration: { method: 'GET', path: `/projects/video-generation/${ids.clipId}` },
      updateClip: { method: 'PUT', path: `/projects/video-clips/${ids.clipId}`, body: { prompt: 'hijacked', startTrim: 1 } },
      generateClip: { method: 'POST', path: `/projects/video-clips/${ids.clipId}/generation`, body: { model: 'local/video' } },
      uploadClipImage: { method: 'POST', path: `/projects/video-clips/${ids.clipId}/image`, body: { image: png } },
      generateVersion: { method: 'POST', path: `/projects/segments/${ids.segmentId}/generate`, body: {} },
      versions: { method: 'GET', path: `/projects/segments/${ids.segmentId}/versions` },
      selectVersion: { method: 'PUT', path: `/projects/segments/${ids.segmentId}/select/${ids.versionId}`, body: {} },
      deleteVersion: { method: 'DELETE', path: `/projects/segments/${ids.segmentId}/versions/${ids.versionId}` },
      byId: { method: 'GET', path: `/projects/${ids.projectId}` },
      update: { method: 'PUT', path: `/projects/${ids.projectId}`, body: { name: 'hijacked' } },
      delete: { method: 'DELETE', path: `/projects/${ids.projectId}` },
      duplicate: { method: 'POST', path: `/projects/${ids.projectId}/duplicate`, body: {} },
      stats: { method: 'GET', path: `/projects/${ids.projectId}/stats` },
      clips: { method: 'GET', path: `/projects/${ids.projectId}/video-clips` },
      saveClips: { method: 'PUT', path: `/projects/${ids.projectId}/video-clips`, body: { clips: [] } },
      segments: { method: 'GET', path: `/projects/${ids.imageProjectId}/segments` },
      createSegment: { method: 'POST', path: `/projects/${ids.imageProjectId}/segments`, body: { name: 'hijacked' } },
      reorderSegments: { method: 'PUT', path: `/projects/${ids.imageProjectId}/segments/reorder`, body: { segmentIds: [ids.segmentId] } },
      updateSegment: { method: 'PUT', path: `/projects/${ids.imageProjectId}/segments/${ids.segmentId}`, body: { name: 'hijacked' } },
      deleteSegment: { method: 'DELETE', path: `/projects/${ids.imageProjectId}/segments/${ids.segmentId}` },
      export: { method: 'POST', path: `/projects/${ids.projectId}/export`, body: { type: 'video/mp4' } },
      exports: { method: 'GET', path: `/projects/${ids.projectId}/exports` },
    };
    expect(Object.keys(defs).sort(), 'every projects procedure needs an access case').toEqual(Object.keys(cases).sort());

    const snapshot = async () => {
      const rows = await sql<{ t: string }>`
        select json_build_object(
          'projects', (select json_agg(p order by p.id) from projects p where p.user_id = ${a.userId}),
          'clips', (select json_agg(c order by c.id) from video_clips c join projects p on p.id = c.project_id where p.user_id = ${a.userId}),
          'segments', (select json_agg(s order by s.id) from segments s join projects p on p.id = s.project_id where p.user_id = ${a.userId}),
          'versions', (select json_agg(v order by v.id) from segment_versions v where v.segment_id = ${ws.segmentId}),
          'exports', (select json_agg(e order by e.id) from exports e where e.user_id = ${a.userId}),
          'generations', (select count(*) from generations),
          'balance', (select credit_units from users where id = ${b.userId})
        )::text as t`.execute(t.deps.db);
      return rows.rows[0]?.t;
    };
    const before = await snapshot();
    for (const [name, c] of Object.entries(cases)) {
      if (c === 'no-id') continue;
      expect(defs[name]?._def.meta?.openapi, name).toMatchObject({ method: c.method });
      const res = await t.rest(c.method as 'GET', `/api${c.path}`, { token: b.token, ...(c.body !== undefined ? { body: c.body } : {}) });
      expect(res.status, `${name} ${c.method} ${c.path}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error.message, name).toBe(MESSAGES.projectNotFound);
      // and guests get 401 on writes, 404 on reads (the demo account does not own A's project)
      const guest = await t.rest(c.method as 'GET', `/api${c.path}`, c.body !== undefined ? { body: c.body } : {});
      expect(guest.status, `guest ${name}`).toBe(c.method === 'GET' ? 404 : 401);
    }
    expect(await snapshot()).toEqual(before);

    // The export status subscription applies the same check on its first read.
    const createCaller = createCallerFactory(appRouter);
    const ctxFor = (userId: string) =>
      ({
        ...t.deps,
        req: { headers: {} },
        res: { header: () => undefined },
        media: t.deps.media.for({ kind: 'user', userId }),
        user: { id: userId, email: 'x@example.com', isAdmin: false, sessionId: 'test' },
        authInvalid: false,
        ip: '127.0.0.1',
        origin: undefined,
        campaign: null,
      }) as unknown as Context;
    const iterate = async (userId: string) => {
      const sub = await createCaller(ctxFor(userId)).projects.onExport({ id: ws.exportId });
      for await (const first of sub as AsyncIterable<{ status: string }>) return first;
      return null;
    };
    await expect(iterate(b.userId)).rejects.toThrow(MESSAGES.projectNotFound);
    expect(await iterate(a.userId)).toMatchObject({ status: 'COMPLETED' });

    // A version of A's passed with B's own segment is not found either.
    const cross = await t.rest('PUT', `/api/projects/segments/${bws.segmentId}/select/${ws.versionIds[1]}`, { token: b.token, body: {} });
    expect(cross.status).toBe(404);
    const crossDelete = await t.rest('DELETE', `/api/projects/segments/${bws.segmentId}/versions/${ws.versionIds[1]}`, { token: b.token });
    expect(crossDelete.status).toBe(404);
    // A's clip id in B's timeline is refused, naming the field, and nothing moves.
    const crossClip = await t.rest('PUT', `/api/projects/${bws.videoProjectId}/video-clips`, {
      token: b.token,
      body: { clips: [{ id: ws.clipIds[0] }] },
    });
    expect(crossClip.status).toBe(400);
    expect(crossClip.body.error.fields[0].path).toBe('clips.0.id');
    // A's segments in B's reorder are refused.
    const crossReorder = await t.rest('PUT', `/api/projects/${bws.imageProjectId}/segments/reorder`, {
      token: b.token,
      body: { segmentIds: [ws.segmentId] },
    });
    expect(crossReorder.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
