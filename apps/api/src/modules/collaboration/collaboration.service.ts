import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { assertRole, projectFor } from '../projects/projects.access';
import type { ChangeRoleRequest, Collaborator, CollaboratorRole, PendingInvite } from './collaboration.schema';

const iso = (d: Date | string) => new Date(d).toISOString();
export const toCollaborator = (r: { user_id: string; email: string; role: CollaboratorRole; created_at: Date | string }): Collaborator => ({
  userId: r.user_id,
  email: r.email,
  role: r.role,
  addedAt: iso(r.created_at),
});
export const toInvite = (r: {
  id: string;
  email: string;
  role: CollaboratorRole;
  created_at: Date | string;
  expires_at: Date | string;
  last_sent_at: Date | string | null;
}): PendingInvite => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invitedAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  status: new Date(r.expires_at).getTime() > Date.now() ? 'pending' : 'expired',
  lastSentAt: r.last_sent_at ? iso(r.last_sent_at) : null,
});

function collaboratorsOf(db: Db, projectIds: string[]) {
  return db
    .selectFrom('project_collaborators as pc')
    .innerJoin('users as u', 'u.id', 'pc.user_id')
    .select(['pc.project_id', 'pc.user_id', 'u.email', 'pc.role', 'pc.created_at'])
    .where('pc.project_id', 'in', projectIds)
    .orderBy('pc.created_at')
    .orderBy('u.email')
    .execute();
}

function invitesOf(db: Db, projectIds: string[]) {
  return db
    .selectFrom('project_invites')
    .select(['id', 'project_id', 'email', 'role', 'created_at', 'expires_at', 'last_sent_at'])
    .where('project_id', 'in', projectIds)
    .orderBy('created_at')
    .orderBy('email')
    .execute();
}

/** GET /collaboration/projects/{id}/collaborators: any member reads it; pending invites are the owner's to see. */
export async function listCollaborators(db: Db, viewerId: string, projectId: string) {
  const project = await projectFor(db, viewerId, projectId, { need: 'read' });
  const [owner, collaborators, invites] = await Promise.all([
    db.selectFrom('users').select(['id', 'email']).where('id', '=', project.user_id).executeTakeFirstOrThrow(),
    collaboratorsOf(db, [project.id]),
    project.role === 'owner' ? invitesOf(db, [project.id]) : Promise.resolve([]),
  ]);
  return {
    projectId: project.id,
    projectName: project.name,
    viewerRole: project.role,
    owner: { userId: owner.id, email: owner.email },
    collaborators: collaborators.map(toCollaborator),
    invites: invites.map(toInvite),
  };
}

/** PUT /collaboration/projects/{id}/collaborators/{userId} (owner only). */
export async function changeRole(db: Db, user: { id: string }, input: ChangeRoleRequest) {
  const project = await projectFor(db, user.id, input.id, { need: 'owner' });
  if (input.userId === project.user_id)
    throw new AppError('VALIDATION', 'The owner’s role cannot be changed', { fields: [{ path: 'userId', message: 'This is the owner' }] });
  const row = await db
    .updateTable('project_collaborators')
    .set({ role: input.role })
    .where('project_id', '=', project.id)
    .where('user_id', '=', input.userId)
    .returning(['user_id', 'role', 'created_at'])
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Collaborator not found');
  const u = await db.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow();
  return { collaborator: toCollaborator({ ...row, email: u.email }) };
}

/**
 * DELETE /collaboration/projects/{id}/collaborators/{userId}: the owner removes anyone; a member
 * may remove themselves (leave the project). Their past generations stay theirs.
 */
export async function removeCollaborator(db: Db, user: { id: string }, projectId: string, userId: string) {
  const project = await projectFor(db, user.id, projectId, { need: 'read' });
  if (userId !== user.id) assertRole(project.role, 'owner');
  if (userId === project.user_id)
    throw new AppError('VALIDATION', 'The owner cannot be removed from their project', {
      fields: [{ path: 'userId', message: 'This is the owner' }],
    });
  const gone = await db
    .deleteFrom('project_collaborators')
    .where('project_id', '=', project.id)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (!gone) throw new AppError('NOT_FOUND', 'Collaborator not found');
  return { success: true as const, userId };
}

/** DELETE /collaboration/projects/{id}/invites/{inviteId} (owner only). */
export async function cancelInvite(db: Db, user: { id: string }, projectId: string, inviteId: string) {
  const project = await projectFor(db, user.id, projectId, { need: 'owner' });
  const gone = await db
    .deleteFrom('project_invites')
    .where('project_id', '=', project.id)
    .where('id', '=', inviteId)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new AppError('NOT_FOUND', 'Invite not found');
  return { success: true as const, id: inviteId };
}

/** GET /collaboration: projects the viewer owns (with members and pending invites) and projects shared with them. */
export async function overview(db: Db, viewerId: string) {
  const [mine, shared] = await Promise.all([
    db
      .selectFrom('projects')
      .select(['id', 'name', 'type', 'updated_at'])
      .where('user_id', '=', viewerId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute(),
    db
      .selectFrom('project_collaborators as pc')
      .innerJoin('projects as p', 'p.id', 'pc.project_id')
      .innerJoin('users as o', 'o.id', 'p.user_id')
      .select(['p.id', 'p.name', 'p.type', 'p.updated_at', 'pc.role', 'pc.created_at', 'o.email as owner_email'])
      .where('pc.user_id', '=', viewerId)
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id')
      .limit(200)
      .execute(),
  ]);
  const ids = mine.map((p) => p.id);
  const [members, invites] = ids.length ? await Promise.all([collaboratorsOf(db, ids), invitesOf(db, ids)]) : [[], []];
  return {
    myProjects: mine.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      updatedAt: iso(p.updated_at),
      collaborators: members.filter((m) => m.project_id === p.id).map(toCollaborator),
      invites: invites.filter((i) => i.project_id === p.id).map(toInvite),
    })),
    sharedWithMe: shared.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      updatedAt: iso(p.updated_at),
      role: p.role,
      ownerEmail: p.owner_email,
      sharedAt: iso(p.created_at),
    })),
  };
}

/**
 * Called when an account proves it owns its address (the verification link, an e-mail change
 * confirmation, a password-reset link), inside that transaction: every live invitation to the
 * address becomes a membership with the invited role. Registering alone never calls it: an
 * unverified account gets nothing. Returns how many projects were attached.
 */
export async function attachPendingInvites(trx: Db, user: { id: string; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  // The demo workspace's sample invite never attaches to a real account; nor does an expired one, or one to the project's owner.
  const invites = await trx
    .selectFrom('project_invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('users as o', 'o.id', 'p.user_id')
    .select(['i.id', 'i.project_id', 'i.role', 'i.invited_by'])
    .where('i.email', '=', email)
    .where('i.expires_at', '>', new Date())
    .where('o.is_demo', '=', false)
    .where('p.user_id', '!=', user.id)
    .execute();
  if (!invites.length) return 0;
  await trx
    .insertInto('project_collaborators')
    .values(invites.map((i) => ({ project_id: i.project_id, user_id: user.id, role: i.role, invited_by: i.invited_by })))
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();
  await trx
    .deleteFrom('project_invites')
    .where(
      'id',
      'in',
      invites.map((i) => i.id),
    )
    .execute();
  return invites.length;
}
