import { PROJECT_TYPES } from '@atelier/shared';
import { z } from 'zod';
import { ZEmail, ZLinkToken } from '../auth/auth.schema';

export const COLLABORATOR_ROLES = ['viewer', 'editor'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];

const ZRoleInput = z.enum(COLLABORATOR_ROLES, { error: 'role must be viewer or editor' });
const projectId = z.uuid({ error: 'id must be a project id' });
const userId = z.uuid({ error: 'userId must be a user id' });

export const ZProjectRef = z.object({ id: projectId }).strict();

export const ZInviteRequest = z.object({ id: projectId, email: ZEmail, role: ZRoleInput }).strict();
export type InviteRequest = z.infer<typeof ZInviteRequest>;

export const ZChangeRoleRequest = z.object({ id: projectId, userId, role: ZRoleInput }).strict();
export type ChangeRoleRequest = z.infer<typeof ZChangeRoleRequest>;

export const ZRemoveCollaboratorRequest = z.object({ id: projectId, userId }).strict();

export const ZCancelInviteRequest = z.object({ id: projectId, inviteId: z.uuid({ error: 'inviteId must be an invite id' }) }).strict();

export const ZCollaborator = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(COLLABORATOR_ROLES),
  addedAt: z.string(),
});
export type Collaborator = z.infer<typeof ZCollaborator>;

export const ZPendingInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COLLABORATOR_ROLES),
  invitedAt: z.string(),
  /** The mailed link works until then (7 days from the last send); Resend renews it. */
  expiresAt: z.string(),
  status: z.enum(['pending', 'expired']),
  lastSentAt: z.string().nullable(),
});
export type PendingInvite = z.infer<typeof ZPendingInvite>;

export const ZProjectRole = z.enum(['owner', 'editor', 'viewer']);

/** GET /collaboration/projects/{id}/collaborators — pending invites are shown to the owner only. */
export const ZCollaboratorList = z.object({
  projectId: z.string(),
  projectName: z.string(),
  viewerRole: ZProjectRole,
  owner: z.object({ userId: z.string(), email: z.string() }),
  collaborators: z.array(ZCollaborator),
  invites: z.array(ZPendingInvite),
});

/**
 * The same answer whether or not the address has an account (issue 23): an invitation is mailed
 * as a link and becomes a membership when it is accepted, or when an account verifies the address.
 */
export const ZInviteResult = z.object({
  status: z.literal('invited'),
  invite: ZPendingInvite,
});

export const ZResendInviteRequest = ZCancelInviteRequest;

/** POST /collaboration/invitation {token}: what the link offers, for the page that accepts it. */
export const ZInvitationPreview = z.object({
  projectName: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  role: z.enum(COLLABORATOR_ROLES),
  inviterEmail: z.string(),
  invitedEmail: z.string(),
  expiresAt: z.string(),
  /** The signed-in viewer's relation to the project (null for a guest). */
  viewer: z.object({ email: z.string(), isOwner: z.boolean(), currentRole: z.enum(COLLABORATOR_ROLES).nullable() }).nullable(),
});

/** The invitation link's token (preview and accept). */
export const ZInvitationToken = z.object({ token: ZLinkToken }).strict();

export const ZInvitationAccepted = z.object({
  projectId: z.string(),
  projectName: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  role: z.enum(COLLABORATOR_ROLES),
});

const ZProjectSummary = z.object({ id: z.string(), name: z.string(), type: z.enum(PROJECT_TYPES), updatedAt: z.string() });

/** GET /collaboration: the /collaboration screen in one call. */
export const ZCollaborationOverview = z.object({
  /** Projects the viewer owns, each with its members and pending invites. */
  myProjects: z.array(ZProjectSummary.extend({ collaborators: z.array(ZCollaborator), invites: z.array(ZPendingInvite) })),
  /** Projects others shared with the viewer. */
  sharedWithMe: z.array(ZProjectSummary.extend({ role: z.enum(COLLABORATOR_ROLES), ownerEmail: z.string(), sharedAt: z.string() })),
});

// ---- share links ----

export const ZCreateShareLink = z
  .object({
    generationId: z.uuid({ error: 'generationId must be a generation id' }).optional(),
    exportId: z.uuid({ error: 'exportId must be an export id' }).optional(),
    /** Days until the link stops working; omitted or null: never expires (until revoked). */
    expiresInDays: z
      .number({ error: 'expiresInDays must be a number of days' })
      .int('expiresInDays must be a whole number of days')
      .min(1, 'expiresInDays must be at least 1')
      .max(365, 'expiresInDays must be at most 365')
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Boolean(v.generationId) === Boolean(v.exportId)) {
      ctx.addIssue({ code: 'custom', path: ['generationId'], message: 'Give exactly one of generationId or exportId' });
    }
  });
export type CreateShareLinkRequest = z.infer<typeof ZCreateShareLink>;

export const ZListShareLinks = z
  .object({
    generationId: z.uuid({ error: 'generationId must be a generation id' }).optional(),
    exportId: z.uuid({ error: 'exportId must be an export id' }).optional(),
  })
  .strict();

export const ZShareLink = z.object({
  id: z.string(),
  token: z.string(),
  /** The public page, relative to the web app: /s/{token}. */
  path: z.string(),
  kind: z.enum(['generation', 'export']),
  targetId: z.string(),
  title: z.string(),
  status: z.enum(['active', 'revoked', 'expired']),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof ZShareLink>;

/** GET /share/{token}: the media and its prompt — nothing else of the account. */
export const ZSharedItem = z.object({
  kind: z.enum(['generation', 'export']),
  /** image | video | audio | text for generations; the file's MIME type for exports. */
  mediaType: z.string(),
  title: z.string(),
  prompt: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type SharedItem = z.infer<typeof ZSharedItem>;
