import { randomBytes } from 'node:crypto';
import { DEMO_IDS } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { joinProject, latestOutboxMail, outboxToken } from '../../testing/mail';
import { pngOf, seedWorkspace, testEngines, waitUntil } from '../projects/projects.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<TestApp['signUp']>>;
type Role = 'owner' | 'editor' | 'viewer' | 'outsider';
const ROLES: Role[] = ['editor', 'viewer', 'outsider', 'owner'];

const units = async (userId: string) =>
  Number((await t.deps.db.selectFrom('users').select('credit_units').where('id', '=', userId).executeTakeFirstOrThrow()).credit_units);

/** An owner with a seeded workspace, an editor and a viewer invited by e-mail, and an outsider. */
async function team() {
  const owner = await t.signUp();
  const editor = await t.signUp();
  const viewer = await t.signUp();
  const outsider = await t.signUp();
  const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
  for (const projectId of [ws.videoProjectId, ws.imageProjectId]) {
    for (const [u, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      // Invited by e-mail, joined by accepting the mailed link.
      expect(await joinProject(t, owner, projectId, u, role)).toMatchObject({ projectId, role });
    }
  }
  const users: Record<Role, User> = { owner, editor, viewer, outsider };
  return { ...users, users, ws };
}

/** Runs `call` as each role (editor, viewer, outsider, then owner) and returns the statuses. */
async function matrix(users: Record<Role, User>, call: (u: User, role: Role) => Promise<{ status: number; body: any }>) {
  const out: Partial<Record<Role, number>> = {};
  for (const role of ROLES) {
    const res = await call(users[role], role);
    out[role] = res.status;
    if (res.status === 403) expect(res.body.error.message).toMatch(/view-only access|Only the project owner/);
    if (res.status === 404) expect(res.body.error.message).toBe('Project not found');
  }
  return out;
}

const READ = { owner: 200, editor: 200, viewer: 200, outsider: 404 };
const WRITE = { owner: 200, editor: 200, viewer: 403, outsider: 404 };
const OWNER = { owner: 200, editor: 403, viewer: 403, outsider: 404 };

describe('collaboration role matrix (owner / editor / viewer / outsider)', () => {
  it('projects: read, edit, delete, manage members', async () => {
    const { users, ws, owner, editor, viewer } = await team();
    const p = ws.videoProjectId;

    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/${p}`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/${p}/stats`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u) => t.rest('GET', `/api/collaboration/projects/${p}/collaborators`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u, r) => t.rest('PUT', `/api/projects/${p}`, { token: u.token, body: { name: `Renamed by ${r}` } }))).toEqual(WRITE);
    const after = await t.rest('GET', `/api/projects/${p}`, { token: owner.token });
    expect(after.body.name).toBe('Renamed by owner');

    // The project list shows shared projects, marked with the role.
    const listed = await t.rest('GET', '/api/projects', { token: viewer.token });
    expect(listed.body.total).toBe(2);
    const shared = listed.body.projects.find((x: { id: string }) => x.id === p);
    expect(shared.access).toEqual({ role: 'viewer', shared: true, ownerEmail: owner.email, members: 2 });
    const mine = await t.rest('GET', '/api/projects', { token: owner.token });
    expect(mine.body.projects.find((x: { id: string }) => x.id === p).access).toMatchObject({ role: 'owner', shared: false });

    // Manage: invite, change role, remove — the owner only.
    expect(
      await matrix(users, (u, r) =>
        t.rest('POST', `/api/collaboration/projects/${p}/invite`, {
          token: u.token,
          body: { email: `new-${r}-${randomBytes(3).toString('hex')}@example.com`, role: 'viewer' },
        }),
      ),
    ).toEqual(OWNER);
    expect(
      await matrix(users, (u) =>
        t.rest('PUT', `/api/collaboration/projects/${p}/collaborators/${viewer.userId}`, { token: u.token, body: { role: 'viewer' } }),
      ),
    ).toEqual(OWNER);

    // Duplicate a project you can read: the copy is yours.
    const copy = await t.rest('POST', `/api/projects/${p}/duplicate`, { token: viewer.token });
    expect(copy.status).toBe(200);
    expect(copy.body.project.access).toMatchObject({ role: 'owner', shared: false });
    const copyRow = await t.deps.db.selectFrom('projects').select('user_id').where('id', '=', copy.body.project.id).executeTakeFirstOrThrow();
    expect(copyRow.user_id).toBe(viewer.userId);

    // Delete: owner only; nothing is deleted before.
    expect(
      await matrix(users, async (u, r) => {
        const res = await t.rest('DELETE', `/api/projects/${p}`, { token: u.token });
        if (r !== 'owner') expect(await t.deps.db.selectFrom('projects').select('id').where('id', '=', p).executeTakeFirst()).toBeTruthy();
        return res;
      }),
    ).toEqual(OWNER);
    expect(await t.deps.db.selectFrom('project_collaborators').select('user_id').where('project_id', '=', p).execute()).toEqual([]);
    expect((await t.rest('GET', `/api/projects/${p}`, { token: editor.token })).status).toBe(404);
  });

  it('clips: read, edit, generate (charged to the acting member), status', async () => {
    const { users, ws, owner, editor, viewer } = await team();
    const p = ws.videoProjectId;
    const [clipA, clipB] = ws.clipIds;

    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/${p}/video-clips`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/video-generation/${clipA}`, { token: u.token }))).toEqual(READ);
    expect(
      await matrix(users, (u, r) => t.rest('PUT', `/api/projects/video-clips/${clipB}`, { token: u.token, body: { prompt: `edited by ${r}` } })),
    ).toEqual(WRITE);
    const timeline = await t.rest('GET', `/api/projects/${p}/video-clips`, { token: owner.token });
    expect(timeline.body.clips[1].prompt).toBe('edited by owner');
    expect(
      await matrix(users, (u) =>
        t.rest('PUT', `/api/projects/${p}/video-clips`, {
          token: u.token,
          body: { clips: [{ id: clipA, prompt: 'first' }, { id: clipB }] },
        }),
      ),
    ).toEqual(WRITE);

    // Generate: the editor pays for the editor's generation; the owner's balance is untouched.
    const ownerBefore = await units(owner.userId);
    const editorBefore = await units(editor.userId);
    const viewerBefore = await units(viewer.userId);
    const byEditor = await t.rest('POST', `/api/projects/video-clips/${clipB}/generation`, { token: editor.token, body: { model: 'local/video' } });
    expect(byEditor.status, JSON.stringify(byEditor.body)).toBe(200);
    const gen = await t.deps.db
      .selectFrom('generations')
      .select(['user_id', 'project_id', 'credit_units_charged'])
      .where('id', '=', byEditor.body.generation.id)
      .executeTakeFirstOrThrow();
    expect(gen).toMatchObject({ user_id: editor.userId, project_id: p });
    expect(await units(editor.userId)).toBe(editorBefore - gen.credit_units_charged);
    expect(await units(owner.userId)).toBe(ownerBefore);
    const byViewer = await t.rest('POST', `/api/projects/video-clips/${clipA}/generation`, { token: viewer.token, body: { model: 'local/video' } });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.message).toBe('You have view-only access to this project');
    expect(await units(viewer.userId)).toBe(viewerBefore);
    const byOutsider = await t.rest('POST', `/api/projects/video-clips/${clipA}/generation`, {
      token: users.outsider.token,
      body: { model: 'local/video' },
    });
    expect(byOutsider.status).toBe(404);
    // Everyone who can read sees the editor's generation on the clip.
    const status = await t.rest('GET', `/api/projects/video-generation/${clipB}`, { token: owner.token });
    expect(status.status).toBe(200);
    expect(status.body.generation.id).toBe(byEditor.body.generation.id);

    // Image-to-video by the editor from the owner's uploaded clip image: allowed (access was checked on the project).
    await t.rest('POST', `/api/projects/video-clips/${clipA}/image`, {
      token: owner.token,
      body: { image: `data:image/png;base64,${(await pngOf(64, 64)).toString('base64')}` },
    });
    const fromOwnersImage = await t.rest('POST', `/api/projects/video-clips/${clipA}/generation`, {
      token: editor.token,
      body: { model: 'local/video' },
    });
    expect(fromOwnersImage.status, JSON.stringify(fromOwnersImage.body)).toBe(200);
    expect(fromOwnersImage.body.generation.params.image).toMatch(new RegExp(`^uploads/${owner.userId}/`));
    // …but the generic endpoint still refuses someone else's media named directly.
    const foreign = await t.rest('POST', '/api/generation/generate', {
      token: editor.token,
      body: { prompt: 'animate', type: 'video', model: 'local/video', image: fromOwnersImage.body.generation.params.image },
    });
    expect(foreign.status).toBe(400);

    // The generic generate endpoint with a projectId follows the same rule.
    const generic = await matrix(users, (u) =>
      t.rest('POST', '/api/generation/generate', {
        token: u.token,
        body: { prompt: 'a bright poster', type: 'image', model: 'local/image', projectId: p },
      }),
    );
    expect(generic).toEqual(WRITE);
  });

  it('segments: read, edit, generate, delete', async () => {
    const { users, ws, owner, editor } = await team();
    const p = ws.imageProjectId;
    const s = ws.segmentId;

    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/${p}/segments`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/segments/${s}/versions`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u, r) => t.rest('PUT', `/api/projects/${p}/segments/${s}`, { token: u.token, body: { name: `Hero ${r}` } }))).toEqual(
      WRITE,
    );
    expect(await matrix(users, (u, r) => t.rest('POST', `/api/projects/${p}/segments`, { token: u.token, body: { name: `New ${r}` } }))).toEqual(
      WRITE,
    );
    expect(await matrix(users, (u) => t.rest('PUT', `/api/projects/segments/${s}/select/${ws.versionIds[1]}`, { token: u.token }))).toEqual(WRITE);

    const editorBefore = await units(editor.userId);
    const ownerBefore = await units(owner.userId);
    expect(
      await matrix(users, (u) => t.rest('POST', `/api/projects/segments/${s}/generate`, { token: u.token, body: { model: 'local/image' } })),
    ).toEqual(WRITE);
    const gens = await t.deps.db
      .selectFrom('generations')
      .select(['user_id', 'credit_units_charged'])
      .where('project_id', '=', p)
      .where('status', '=', 'PENDING')
      .execute();
    expect(gens.map((g) => g.user_id).sort()).toEqual([owner.userId, editor.userId].sort());
    const price = gens[0]?.credit_units_charged ?? 0;
    expect(await units(editor.userId)).toBe(editorBefore - price);
    expect(await units(owner.userId)).toBe(ownerBefore - price);

    const segs = (await t.rest('GET', `/api/projects/${p}/segments`, { token: owner.token })).body.segments as { id: string; name: string }[];
    const extra = segs.filter((x) => x.name.startsWith('New '));
    expect(extra.map((x) => x.name).sort()).toEqual(['New editor', 'New owner']);
    const [first, second] = extra;
    expect(
      await matrix(users, (u, r) => t.rest('DELETE', `/api/projects/${p}/segments/${r === 'owner' ? first?.id : second?.id}`, { token: u.token })),
    ).toEqual(WRITE);
  });

  it('exports: read, create (editor exports render from the members’ media), list', async () => {
    const { users, ws, owner, editor, viewer } = await team();
    const p = ws.imageProjectId;
    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/${p}/exports`, { token: u.token }))).toEqual(READ);
    expect(await matrix(users, (u) => t.rest('GET', `/api/projects/exports/${ws.exportId}`, { token: u.token }))).toEqual({
      ...READ,
      outsider: 404,
    });

    const { engines } = await testEngines();
    const workers: RunningWorkers = await startTestWorkers({
      env: t.env,
      db: t.deps.db,
      storage: t.deps.storage,
      engines,
    });
    try {
      const made = await matrix(users, (u) => t.rest('POST', `/api/projects/${p}/export`, { token: u.token, body: { type: 'application/zip' } }));
      expect(made).toEqual(WRITE);
      // The editor's export of the owner's images renders (the worker re-checks membership).
      const mineList = await t.rest('GET', `/api/projects/${p}/exports`, { token: viewer.token });
      const byEditor = (mineList.body.exports as { id: string }[]).map((e) => e.id);
      const editorExport = await t.deps.db
        .selectFrom('exports')
        .select('id')
        .where('project_id', '=', p)
        .where('user_id', '=', editor.userId)
        .executeTakeFirstOrThrow();
      expect(byEditor).toContain(editorExport.id);
      const done = await waitUntil(
        async () => (await t.rest('GET', `/api/projects/exports/${editorExport.id}`, { token: owner.token })).body,
        (e) => e.status === 'COMPLETED' || e.status === 'FAILED',
        120_000,
      );
      expect(done.error).toBeNull();
      expect(done.status).toBe('COMPLETED');
    } finally {
      await workers.close(5000);
    }
  });
});

describe('the worker re-checks membership', () => {
  it('an editor removed before their queued generation runs is refunded, and nothing is rendered', async () => {
    const { ws, owner, editor } = await team();
    const before = await units(editor.userId);
    const res = await t.rest('POST', `/api/projects/segments/${ws.segmentId}/generate`, { token: editor.token, body: { model: 'local/image' } });
    expect(res.status).toBe(200);
    expect(await units(editor.userId)).toBeLessThan(before);
    const removed = await t.rest('DELETE', `/api/collaboration/projects/${ws.imageProjectId}/collaborators/${editor.userId}`, { token: owner.token });
    expect(removed.status).toBe(200);

    const { engines } = await testEngines();
    const workers: RunningWorkers = await startTestWorkers({
      env: t.env,
      db: t.deps.db,
      storage: t.deps.storage,
      engines,
    });
    try {
      const gen = await waitUntil(
        () =>
          t.deps.db
            .selectFrom('generations')
            .select(['status', 'error', 'output_url'])
            .where('id', '=', res.body.generation.id)
            .executeTakeFirstOrThrow(),
        (g) => g.status === 'COMPLETED' || g.status === 'FAILED',
        60_000,
      );
      expect(gen.status).toBe('FAILED');
      expect(gen.error).toMatch(/no longer have edit access/);
      expect(gen.output_url).toBeNull();
      expect(await units(editor.userId)).toBe(before);
    } finally {
      await workers.close(5000);
    }
  });
});

describe('invites', () => {
  const inviteUrl = (projectId: string) => `/api/collaboration/projects/${projectId}/invite`;

  it('the probe fails: an invited address registered by anyone gets no access until it is verified', async () => {
    const owner = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const email = `newhire-${randomBytes(3).toString('hex')}@company.example`;
    const invited = await t.rest('POST', inviteUrl(ws.imageProjectId), { token: owner.token, body: { email, role: 'editor' } });
    expect(invited.status).toBe(200);
    // Whoever registers the address first, with any password, gets nothing by registering.
    const squatter = await t.signUp(email, 'any password at all');
    expect((await t.rest('GET', '/api/projects', { token: squatter.token })).body.total).toBe(0);
    expect((await t.rest('PUT', `/api/projects/${ws.imageProjectId}`, { token: squatter.token, body: { name: 'Squatted' } })).status).toBe(404);
    expect((await t.rest('GET', `/api/projects/${ws.imageProjectId}`, { token: squatter.token })).status).toBe(404);
    const pending = await t.rest('GET', `/api/collaboration/projects/${ws.imageProjectId}/collaborators`, { token: owner.token });
    expect(pending.body.collaborators).toEqual([]);
    expect(pending.body.invites).toEqual([expect.objectContaining({ email, role: 'editor', status: 'pending' })]);
  });

  it('an invited address that registers and then verifies its address gets access with the invited role', async () => {
    const owner = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const email = `Later-${randomBytes(3).toString('hex')}@Example.com`;
    const res = await t.rest('POST', inviteUrl(ws.imageProjectId), { token: owner.token, body: { email, role: 'editor' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'invited', invite: { email: email.toLowerCase(), role: 'editor', status: 'pending' } });
    const days = (new Date(res.body.invite.expiresAt).getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const again = await t.rest('POST', inviteUrl(ws.imageProjectId), { token: owner.token, body: { email, role: 'viewer' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already been invited/);
    const inviteLink = await outboxToken(t.deps.db, email.toLowerCase(), '/invite');

    const newcomer = await t.signUp(email.toLowerCase());
    expect((await t.rest('GET', '/api/projects', { token: newcomer.token })).body.total).toBe(0);
    const verified = await t.rest('POST', '/api/auth/verify-email', {
      body: { token: await outboxToken(t.deps.db, email.toLowerCase(), '/verify-email') },
    });
    expect(verified.body).toMatchObject({ verified: true, projectsJoined: 1 });
    const projects = await t.rest('GET', '/api/projects', { token: newcomer.token });
    expect(projects.body.projects).toEqual([
      expect.objectContaining({ id: ws.imageProjectId, access: expect.objectContaining({ role: 'editor', shared: true }) }),
    ]);
    expect(
      (await t.rest('PUT', `/api/projects/${ws.imageProjectId}`, { token: newcomer.token, body: { name: 'Edited by the new editor' } })).status,
    ).toBe(200);
    const after = await t.rest('GET', `/api/collaboration/projects/${ws.imageProjectId}/collaborators`, { token: owner.token });
    expect(after.body.invites).toEqual([]);
    expect(after.body.collaborators).toEqual([expect.objectContaining({ userId: newcomer.userId, role: 'editor' })]);
    const overview = await t.rest('GET', '/api/collaboration', { token: newcomer.token });
    expect(overview.body.sharedWithMe).toEqual([expect.objectContaining({ id: ws.imageProjectId, role: 'editor', ownerEmail: owner.email })]);
    // The mailed link was for the invitation that is now used up.
    expect((await t.rest('POST', '/api/collaboration/invitation/accept', { token: newcomer.token, body: { token: inviteLink } })).status).toBe(404);
  });

  it('the inviter’s answer is the same whether or not the address has an account; the link is the way in', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const nobody = `nobody-${randomBytes(3).toString('hex')}@example.com`;
    const a = await t.rest('POST', inviteUrl(ws.videoProjectId), { token: owner.token, body: { email: member.email, role: 'viewer' } });
    const b = await t.rest('POST', inviteUrl(ws.videoProjectId), { token: owner.token, body: { email: nobody, role: 'viewer' } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const shape = (body: any) => ({ ...body, invite: { ...body.invite, id: 'x', email: 'x', invitedAt: 'x', expiresAt: 'x', lastSentAt: 'x' } });
    expect(shape(a.body)).toEqual(shape(b.body));
    // Nobody has access yet, account or not.
    expect((await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: member.token })).status).toBe(404);

    const mail = await latestOutboxMail(t.deps.db, member.email, 'project_invite');
    expect(mail.subject).toContain(`${owner.email} invited you to`);
    const token = await outboxToken(t.deps.db, member.email, '/invite');
    const preview = await t.rest('POST', '/api/collaboration/invitation', { body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ role: 'viewer', inviterEmail: owner.email, invitedEmail: member.email, viewer: null });
    const guestAccept = await t.rest('POST', '/api/collaboration/invitation/accept', { body: { token } });
    expect(guestAccept.status).toBe(401);
    const ownerAccept = await t.rest('POST', '/api/collaboration/invitation/accept', { token: owner.token, body: { token } });
    expect(ownerAccept.status).toBe(400);
    const accepted = await t.rest('POST', '/api/collaboration/invitation/accept', { token: member.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ projectId: ws.videoProjectId, role: 'viewer' });
    expect((await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: member.token })).status).toBe(200);
    // Single use.
    expect((await t.rest('POST', '/api/collaboration/invitation/accept', { token: member.token, body: { token } })).status).toBe(404);
    expect((await t.rest('POST', '/api/collaboration/invitation', { body: { token } })).status).toBe(404);
  });

  it('Resend mails a new link and retires the old one; Revoke ends it; an expired invitation grants nothing', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const email = `resend-${randomBytes(3).toString('hex')}@example.com`;
    const created = await t.rest('POST', inviteUrl(ws.videoProjectId), { token: owner.token, body: { email, role: 'editor' } });
    const inviteId = created.body.invite.id;
    const first = await outboxToken(t.deps.db, email, '/invite');
    const resend = await t.rest('POST', `/api/collaboration/projects/${ws.videoProjectId}/invites/${inviteId}/resend`, {
      token: owner.token,
      body: {},
    });
    expect(resend.status).toBe(200);
    expect(resend.body.invite).toMatchObject({ id: inviteId, email, status: 'pending' });
    const second = await outboxToken(t.deps.db, email, '/invite');
    expect(second).not.toBe(first);
    expect((await t.rest('POST', '/api/collaboration/invitation', { body: { token: first } })).status).toBe(404);
    expect((await t.rest('POST', '/api/collaboration/invitation', { body: { token: second } })).status).toBe(200);
    // Only the owner resends.
    expect(
      (await t.rest('POST', `/api/collaboration/projects/${ws.videoProjectId}/invites/${inviteId}/resend`, { token: other.token, body: {} })).status,
    ).toBe(404);

    // Expired: the link and verification both grant nothing; the list says so.
    await t.deps.db
      .updateTable('project_invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', inviteId)
      .execute();
    const listed = await t.rest('GET', `/api/collaboration/projects/${ws.videoProjectId}/collaborators`, { token: owner.token });
    expect(listed.body.invites).toEqual([expect.objectContaining({ id: inviteId, status: 'expired' })]);
    expect((await t.rest('POST', '/api/collaboration/invitation/accept', { token: other.token, body: { token: second } })).status).toBe(404);
    const late = await t.signUp(email);
    const verified = await t.rest('POST', '/api/auth/verify-email', { body: { token: await outboxToken(t.deps.db, email, '/verify-email') } });
    expect(verified.body.projectsJoined).toBe(0);
    expect((await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: late.token })).status).toBe(404);

    // Revoke: the link stops working at once.
    await t.rest('POST', `/api/collaboration/projects/${ws.videoProjectId}/invites/${inviteId}/resend`, { token: owner.token, body: {} });
    const third = await outboxToken(t.deps.db, email, '/invite');
    const cancel = await t.rest('DELETE', `/api/collaboration/projects/${ws.videoProjectId}/invites/${inviteId}`, { token: owner.token });
    expect(cancel.status).toBe(200);
    expect((await t.rest('POST', '/api/collaboration/invitation/accept', { token: late.token, body: { token: third } })).status).toBe(404);
    expect((await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: late.token })).status).toBe(404);
  });

  it('refuses yourself, duplicates, bad input and guests — and changes nothing', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const url = inviteUrl(ws.videoProjectId);
    const self = await t.rest('POST', url, { token: owner.token, body: { email: owner.email.toUpperCase(), role: 'viewer' } });
    expect(self.status).toBe(400);
    expect(self.body.error.fields[0].path).toBe('email');
    expect(self.body.error.message).toMatch(/cannot invite yourself/);
    const badRole = await t.rest('POST', url, { token: owner.token, body: { email: other.email, role: 'admin' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.fields[0].path).toBe('role');
    const badEmail = await t.rest('POST', url, { token: owner.token, body: { email: 'not-an-email', role: 'viewer' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.fields[0].path).toBe('email');
    const guest = await t.rest('POST', url, { body: { email: other.email, role: 'viewer' } });
    expect(guest.status).toBe(401);
    expect(guest.body.error.message).toBe('Please login to perform this action');
    expect(await t.deps.db.selectFrom('project_collaborators').select('user_id').where('project_id', '=', ws.videoProjectId).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('project_invites').select('id').where('project_id', '=', ws.videoProjectId).execute()).toEqual([]);

    await joinProject(t, owner, ws.videoProjectId, other, 'viewer');
    const dup = await t.rest('POST', url, { token: owner.token, body: { email: other.email, role: 'editor' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toMatch(/already a collaborator/);

    // Role change and removal; a member may leave on their own.
    const promoted = await t.rest('PUT', `/api/collaboration/projects/${ws.videoProjectId}/collaborators/${other.userId}`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    expect(promoted.body.collaborator).toMatchObject({ userId: other.userId, role: 'editor' });
    expect((await t.rest('PUT', `/api/projects/${ws.videoProjectId}`, { token: other.token, body: { name: 'Edited' } })).status).toBe(200);
    const removeOwner = await t.rest('DELETE', `/api/collaboration/projects/${ws.videoProjectId}/collaborators/${owner.userId}`, {
      token: owner.token,
    });
    expect(removeOwner.status).toBe(400);
    const leave = await t.rest('DELETE', `/api/collaboration/projects/${ws.videoProjectId}/collaborators/${other.userId}`, { token: other.token });
    expect(leave.status).toBe(200);
    expect((await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: other.token })).status).toBe(404);

    // Pending invites can be cancelled by the owner.
    const pending = await t.rest('POST', url, {
      token: owner.token,
      body: { email: `pending-${randomBytes(3).toString('hex')}@example.com`, role: 'viewer' },
    });
    const cancel = await t.rest('DELETE', `/api/collaboration/projects/${ws.videoProjectId}/invites/${pending.body.invite.id}`, {
      token: owner.token,
    });
    expect(cancel.status).toBe(200);
    expect((await t.rest('GET', `/api/collaboration/projects/${ws.videoProjectId}/collaborators`, { token: owner.token })).body.invites).toEqual([]);
  });

  it('guests read the demo collaboration (a sample collaborator) but cannot change it', async () => {
    const list = await t.rest('GET', `/api/collaboration/projects/${DEMO_IDS.videoProject}/collaborators`);
    expect(list.status).toBe(200);
    expect(list.body.collaborators).toEqual([expect.objectContaining({ email: 'sam.collaborator@atelier.local', role: 'editor' })]);
    const overview = await t.rest('GET', '/api/collaboration');
    expect(overview.status).toBe(200);
    expect(overview.body.myProjects.length).toBeGreaterThanOrEqual(3);
    const remove = await t.rest('DELETE', `/api/collaboration/projects/${DEMO_IDS.videoProject}/collaborators/${list.body.collaborators[0].userId}`);
    expect(remove.status).toBe(401);
    // The demo's sample invite does not attach to a real account with that address, even a verified one.
    const jordan = await t.signUp('jordan@example.com');
    await t.rest('POST', '/api/auth/verify-email', { body: { token: await outboxToken(t.deps.db, 'jordan@example.com', '/verify-email') } });
    expect((await t.rest('GET', '/api/projects', { token: jordan.token })).body.total).toBe(0);
    // The demo's public link opens for anyone.
    const links = await t.rest('GET', '/api/share/links');
    expect(links.body.links).toEqual([expect.objectContaining({ status: 'active', kind: 'generation' })]);
    const page = await t.rest('GET', `/api/share/${links.body.links[0].token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'generation', mediaType: 'text', prompt: 'Three taglines for a reusable coffee cup' });
  });
});

describe('share links', () => {
  it('a public read-only page for one generation: media and prompt only; revocable; expiring', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);

    const stolen = await t.rest('POST', '/api/share/links', { token: other.token, body: { generationId: ws.videoGenerationId } });
    expect(stolen.status).toBe(404);
    const neither = await t.rest('POST', '/api/share/links', { token: owner.token, body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields[0].path).toBe('generationId');
    const guest = await t.rest('POST', '/api/share/links', { body: { generationId: ws.videoGenerationId } });
    expect(guest.status).toBe(401);

    const made = await t.rest('POST', '/api/share/links', { token: owner.token, body: { generationId: ws.videoGenerationId } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const link = made.body.link;
    expect(link).toMatchObject({ kind: 'generation', targetId: ws.videoGenerationId, status: 'active', expiresAt: null, path: `/s/${link.token}` });

    const page = await t.rest('GET', `/api/share/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'generation', mediaType: 'video', prompt: 'a clip' });
    // A stable public URL (absolute, from PUBLIC_URL, no expiry) named after the prompt.
    expect(page.body.mediaUrl).toMatch(/^http:\/\/localhost:3000\/media\/generations\/[^?]+\.mp4\?g=s\.[0-9a-f-]+&n=a-clip\.mp4&sig=/);
    expect(JSON.stringify(page.body)).not.toContain(owner.email);
    // Only the signed media URL (whose storage key is opaque) — no account fields.
    expect(JSON.stringify({ ...page.body, mediaUrl: null })).not.toContain(owner.userId);
    expect(Object.keys(page.body).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'kind',
      'mediaType',
      'mediaUrl',
      'prompt',
      'text',
      'thumbnailUrl',
      'title',
    ]);
    const media = await t.app.inject({ method: 'GET', url: page.body.mediaUrl.replace('http://localhost:3000', '') });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-disposition']).toBe('inline; filename="a-clip.mp4"');

    const listed = await t.rest('GET', '/api/share/links', { token: owner.token });
    expect(listed.body.links.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await t.rest('GET', '/api/share/links', { token: other.token })).body.links).toEqual([]);

    expect((await t.rest('DELETE', `/api/share/links/${link.id}`, { token: other.token })).status).toBe(404);
    const revoked = await t.rest('DELETE', `/api/share/links/${link.id}`, { token: owner.token });
    expect(revoked.body.link.status).toBe('revoked');
    expect((await t.rest('GET', `/api/share/${link.token}`)).status).toBe(404);

    const expiring = await t.rest('POST', '/api/share/links', { token: owner.token, body: { generationId: ws.videoGenerationId, expiresInDays: 7 } });
    expect(expiring.body.link.expiresAt).toBeTruthy();
    expect((await t.rest('GET', `/api/share/${expiring.body.link.token}`)).status).toBe(200);
    await t.deps.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.body.link.id)
      .execute();
    expect((await t.rest('GET', `/api/share/${expiring.body.link.token}`)).status).toBe(404);
    const bad = await t.rest('POST', '/api/share/links', { token: owner.token, body: { generationId: ws.videoGenerationId, expiresInDays: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('expiresInDays');
    expect((await t.rest('GET', '/api/share/not-a-real-token-at-all-xyz')).status).toBe(404);
  });

  it('exports of a project you own can be shared; an unfinished one cannot', async () => {
    const owner = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const unfinished = await t.rest('POST', '/api/share/links', { token: owner.token, body: { exportId: ws.exportId } });
    expect(unfinished.status).toBe(400); // seeded export has no file
    const key = `exports/${owner.userId}/${ws.exportId}.zip`;
    await t.deps.storage.put(key, Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000')), 'application/zip');
    await t.deps.db.updateTable('exports').set({ output_url: key }).where('id', '=', ws.exportId).execute();
    const made = await t.rest('POST', '/api/share/links', { token: owner.token, body: { exportId: ws.exportId } });
    expect(made.status).toBe(200);
    const page = await t.rest('GET', `/api/share/${made.body.link.token}`);
    expect(page.body).toMatchObject({ kind: 'export', title: 'Old export', prompt: null });
  });
});

describe('revocation reaches media links already handed out', () => {
  /** The status of a media URL after the clock moved on by `ms` (the grant cache is 30 s: a minute is past it). */
  async function statusAfter(url: string, ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + ms);
      return (await t.app.inject({ method: 'GET', url: url.replace('http://localhost:3000', '') })).statusCode;
    } finally {
      vi.useRealTimers();
    }
  }
  const MINUTE = 60_000;

  it('removing a collaborator cuts off the media URLs they hold within a minute; the owner keeps theirs', async () => {
    const { owner, viewer, ws } = await team();
    const asViewer = await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: viewer.token });
    const asOwner = await t.rest('GET', `/api/projects/${ws.videoProjectId}`, { token: owner.token });
    const held = asViewer.body.videoClips[0].videoUrl as string;
    const image = (await t.rest('GET', `/api/projects/${ws.imageProjectId}`, { token: viewer.token })).body.segments[0].selectedVersion
      .outputUrl as string;
    for (const url of [held, image]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const removed = await t.rest('DELETE', `/api/collaboration/projects/${ws.videoProjectId}/collaborators/${viewer.userId}`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await statusAfter(held, MINUTE)).toBe(403);
    // Still a member of the image project: that grant holds; the owner's own URLs hold.
    expect(await statusAfter(image, MINUTE)).toBe(200);
    expect(await statusAfter(asOwner.body.videoClips[0].videoUrl, MINUTE)).toBe(200);
  });

  it('deleting a share link cuts off its public media URLs within a minute', async () => {
    const owner = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const made = await t.rest('POST', '/api/share/links', { token: owner.token, body: { generationId: ws.videoGenerationId } });
    const page = await t.rest('GET', `/api/share/${made.body.link.token}`);
    const url = page.body.mediaUrl as string;
    // Stable: hours later (long past any signed URL's lifetime) it still answers while the link lives.
    expect(await statusAfter(url, 3 * 3600_000)).toBe(200);
    expect((await t.rest('DELETE', `/api/share/links/${made.body.link.id}`, { token: owner.token })).status).toBe(200);
    expect(await statusAfter(url, MINUTE)).toBe(403);
    // An expiring link's media stops with it.
    const expiring = await t.rest('POST', '/api/share/links', { token: owner.token, body: { generationId: ws.videoGenerationId, expiresInDays: 1 } });
    const later = (await t.rest('GET', `/api/share/${expiring.body.link.token}`)).body.mediaUrl as string;
    expect(await statusAfter(later, 0)).toBe(200);
    await t.deps.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.body.link.id)
      .execute();
    expect(await statusAfter(later, MINUTE)).toBe(403);
  });

  it("a user grant covers that user's own files only; unsigned, forged and old-style URLs are refused", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const ws = await seedWorkspace(t.deps.db, t.deps.storage, owner.userId);
    const key = `generations/${owner.userId}/${ws.videoGenerationId}.mp4`;
    const own = t.deps.media.for({ kind: 'user', userId: owner.userId }).url(key) as string;
    expect((await t.app.inject({ method: 'GET', url: own })).statusCode).toBe(200);
    // Even a correctly signed URL naming another user's grant does not open the owner's file.
    expect((await t.app.inject({ method: 'GET', url: t.deps.media.for({ kind: 'user', userId: other.userId }).url(key) as string })).statusCode).toBe(
      403,
    );
    for (const url of [`/media/${key}`, own.replace(/sig=[^&]+/, 'sig=forged'), own.replace(/&g=[^&]+/, ''), `/media/${key}?exp=9999999999&sig=x`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});

describe('duplicating a project someone shared', () => {
  it("copies the owner's media into the duplicator's own files: the copy keeps working after they are removed", async () => {
    const { owner, viewer, ws } = await team();
    const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/media\//, ''));
    for (const projectId of [ws.videoProjectId, ws.imageProjectId]) {
      const dup = await t.rest('POST', `/api/projects/${projectId}/duplicate`, { token: viewer.token, body: {} });
      expect(dup.status, JSON.stringify(dup.body)).toBe(200);
      const copy = dup.body.project;
      expect(copy.access.role).toBe('owner');
      const urls = [
        copy.thumbnailUrl,
        ...copy.videoClips.flatMap((c: { videoUrl: string | null; thumbnailUrl: string | null }) => [c.videoUrl, c.thumbnailUrl]),
        ...copy.segments.flatMap((s: { selectedVersion: { outputUrl: string | null } | null }) => [s.selectedVersion?.outputUrl]),
      ].filter((u): u is string => Boolean(u));
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        // The duplicator's own files, not the owner's.
        expect(keyOf(url).startsWith(`uploads/${viewer.userId}/`), url).toBe(true);
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      if (copy.type === 'VIDEO') {
        expect(copy.videoClips[0]).toMatchObject({ status: 'READY', generationId: null });
        const bytes = (await t.app.inject({ method: 'GET', url: copy.videoClips[0].videoUrl })).rawPayload;
        const original = (
          await t.app.inject({
            method: 'GET',
            url: (await t.rest('GET', `/api/projects/${projectId}`, { token: owner.token })).body.videoClips[0].videoUrl,
          })
        ).rawPayload;
        expect(bytes.equals(original)).toBe(true);
      } else {
        expect(copy.segments[0].versionCount).toBe(2);
        expect(copy.segments[0].selectedVersion.status).toBe('READY');
      }
      await t.rest('DELETE', `/api/collaboration/projects/${projectId}/collaborators/${viewer.userId}`, { token: owner.token });
      const again = await t.rest('GET', `/api/projects/${copy.id}`, { token: viewer.token });
      for (const url of [again.body.thumbnailUrl, again.body.videoClips[0]?.videoUrl].filter(Boolean)) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
    // Copying one's own project shares the files (nothing to lose access to).
    const mine = await t.rest('POST', `/api/projects/${ws.videoProjectId}/duplicate`, { token: owner.token, body: {} });
    expect(keyOf(mine.body.project.videoClips[0].videoUrl)).toBe(`generations/${owner.userId}/${ws.videoGenerationId}.mp4`);
  });
});
