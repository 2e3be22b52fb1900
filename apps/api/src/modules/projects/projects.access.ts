import type { Db, ProjectRow } from '@atelier/db';
import { AppError, MESSAGES } from '@atelier/shared';
import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * The one access rule for everything inside a project: the viewer owns the project or is one of
 * its collaborators (viewer or editor). Every miss — unknown id, someone else's id — is the same
 * 404 'Project not found', so ids cannot be probed; a member asking for more than their role
 * allows gets 403 with the reason.
 */
export const notFound = () => new AppError('NOT_FOUND', MESSAGES.projectNotFound);

/**
 * What a call needs on a project: 'read' (viewers, editors, owner), 'write' (editors and
 * owner: edit, generate, export — charged to the acting user), 'owner' (delete the project,
 * manage collaborators). Every project-scoped procedure states its need.
 */
export type ProjectNeed = 'read' | 'write' | 'owner';

/** The viewer's role on a project. */
export type ProjectRole = 'owner' | 'editor' | 'viewer';

export const ACCESS_MESSAGES = {
  viewOnly: 'You have view-only access to this project',
  ownerOnly: 'Only the project owner can do this',
} as const;

export interface ProjectAccessOptions {
  forUpdate?: boolean;
  /** Defaults to 'owner' (the safe default: a call that forgets its need stays owner-only). */
  need?: ProjectNeed;
}

export type AccessibleProject = ProjectRow & { role: ProjectRole };

/** Whether `role` may do what `need` asks; throws the 403 that says why when not. */
export function assertRole(role: ProjectRole, need: ProjectNeed): void {
  if (role === 'owner' || need === 'read') return;
  if (need === 'write' && role === 'editor') return;
  throw new AppError('FORBIDDEN', need === 'owner' ? ACCESS_MESSAGES.ownerOnly : ACCESS_MESSAGES.viewOnly);
}

/** The viewer's role on the project, or null when they are neither owner nor collaborator. */
export async function roleOn(db: Db, viewerId: string, project: { id: string; user_id: string }): Promise<ProjectRole | null> {
  if (project.user_id === viewerId) return 'owner';
  const member = await db
    .selectFrom('project_collaborators')
    .select('role')
    .where('project_id', '=', project.id)
    .where('user_id', '=', viewerId)
    .executeTakeFirst();
  return member?.role ?? null;
}

export async function projectFor(db: Db, viewerId: string, projectId: string, options: ProjectAccessOptions = {}): Promise<AccessibleProject> {
  let q = db.selectFrom('projects').selectAll().where('id', '=', projectId);
  if (options.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  const role = await roleOn(db, viewerId, row);
  if (!role) throw notFound();
  assertRole(role, options.need ?? 'owner');
  return { ...row, role };
}

/**
 * A SQL condition on a query that has `projects as p`: the viewer owns p or collaborates on it.
 * For list queries (projects, exports, history) — the per-row form of projectFor's 'read'.
 */
export function readableBy(viewerId: string): Expression<SqlBool> {
  return sql<SqlBool>`(p.user_id = ${viewerId} or exists (select 1 from project_collaborators pc where pc.project_id = p.id and pc.user_id = ${viewerId}))`;
}

/** A clip of a project the viewer may access as `need`, with its project's id. */
export async function clipFor(db: Db, viewerId: string, clipId: string, need: ProjectNeed): Promise<{ id: string; project_id: string }> {
  const row = await db.selectFrom('video_clips').select(['id', 'project_id']).where('id', '=', clipId).executeTakeFirst();
  if (!row) throw notFound();
  await projectFor(db, viewerId, row.project_id, { need });
  return row;
}

/** A segment of a project the viewer may access as `need`, with the project fields generation needs. */
export async function segmentFor(db: Db, viewerId: string, segmentId: string, need: ProjectNeed) {
  const row = await db
    .selectFrom('segments as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id', 's.project_id', 's.type', 's.prompt', 's.name', 's.selected_version_id', 'p.aspect_ratio', 'p.resolution', 'p.global_prompt'])
    .where('s.id', '=', segmentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  await projectFor(db, viewerId, row.project_id, { need });
  return row;
}

export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}
