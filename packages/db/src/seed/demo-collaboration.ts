import type { Db } from '../client';

/**
 * The guest demo of /collaboration: the demo video project shared with a sample collaborator
 * (editor), a pending invite on the image project, and a public share link to a demo generation.
 * The sample collaborator, like the demo account, can never sign in ('!' is no argon2 hash).
 */
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const DEMO_VIDEO_PROJECT = id(0x101);
const DEMO_IMAGE_PROJECT = id(0x102);
const DEMO_TAGLINES_GENERATION = id(0x501);

export const DEMO_COLLAB = {
  collaboratorId: id(0x701),
  collaboratorEmail: 'sam.collaborator@atelier.local',
  inviteId: id(0x711),
  invitedEmail: 'jordan@example.com',
  shareLinkId: id(0x721),
  shareToken: 'demo-coffee-taglines-share-link',
};

export async function seedDemoCollaboration(db: Db): Promise<void> {
  const project = await db.selectFrom('projects').select('id').where('id', '=', DEMO_VIDEO_PROJECT).executeTakeFirst();
  if (!project) return;
  await db
    .insertInto('users')
    .values({ id: DEMO_COLLAB.collaboratorId, email: DEMO_COLLAB.collaboratorEmail, password_hash: '!', is_demo: true, credit_units: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('project_collaborators')
    .values({ project_id: DEMO_VIDEO_PROJECT, user_id: DEMO_COLLAB.collaboratorId, role: 'editor', invited_by: DEMO_USER_ID })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();
  const image = await db.selectFrom('projects').select('id').where('id', '=', DEMO_IMAGE_PROJECT).executeTakeFirst();
  if (image) {
    await db
      .insertInto('project_invites')
      .values({ id: DEMO_COLLAB.inviteId, project_id: DEMO_IMAGE_PROJECT, email: DEMO_COLLAB.invitedEmail, role: 'viewer', invited_by: DEMO_USER_ID })
      // The sample invitation stays "pending" in the guest demo: each seed run moves its expiry a week ahead.
      .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: new Date(Date.now() + 7 * 86400_000) }))
      .execute();
  }
  const gen = await db.selectFrom('generations').select('id').where('id', '=', DEMO_TAGLINES_GENERATION).executeTakeFirst();
  if (gen) {
    await db
      .insertInto('share_links')
      .values({ id: DEMO_COLLAB.shareLinkId, token: DEMO_COLLAB.shareToken, user_id: DEMO_USER_ID, generation_id: DEMO_TAGLINES_GENERATION })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
