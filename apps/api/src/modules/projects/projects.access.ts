import type { Db, ProjectRow } from '@atelier/db';
import { AppError, MESSAGES } from '@atelier/shared';

/**
 * The one access rule for everything inside a project: the viewer owns the project (later:
 * or collaborates on it). Every miss — unknown id, someone else's id — is the same 404
 * 'Project not found', so ids cannot be probed.
 */
export const notFound = () => new AppError('NOT_FOUND', MESSAGES.projectNotFound);

/**
 * What a call needs on a project: 'read' (viewers, editors, owner), 'write' (editors and
 * owner: edit, generate, export — charged to the acting user), 'owner' (delete the project,
 * manage collaborators). Every project-scoped procedure states its need.
 */
export type ProjectNeed = 'read' | 'write' | 'owner';

export interface ProjectAccessOptions {
  forUpdate?: boolean;
  need?: ProjectNeed;
}

export async function projectFor(db: Db, viewerId: string, projectId: string, options: ProjectAccessOptions = {}): Promise<ProjectRow> {
  let q = db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', viewerId);
  if (options.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A clip of one of the viewer's projects, with its project's id. */
export async function clipFor(db: Db, viewerId: string, clipId: string): Promise<{ id: string; project_id: string }> {
  const row = await db
    .selectFrom('video_clips as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .select(['c.id', 'c.project_id'])
    .where('c.id', '=', clipId)
    .where('p.user_id', '=', viewerId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function segmentFor(db: Db, viewerId: string, segmentId: string) {
  const row = await db
    .selectFrom('segments as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id', 's.project_id', 's.type', 's.prompt', 's.name', 's.selected_version_id', 'p.aspect_ratio', 'p.resolution', 'p.global_prompt'])
    .where('s.id', '=', segmentId)
    .where('p.user_id', '=', viewerId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}
