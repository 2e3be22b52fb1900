import { z } from 'zod';
import { authedProcedure, publicProcedure, router, viewerProcedure } from '../../trpc';
import * as invitations from './collaboration.invites';
import {
  ZCancelInviteRequest,
  ZChangeRoleRequest,
  ZCollaborationOverview,
  ZCollaborator,
  ZCollaboratorList,
  ZCreateShareLink,
  ZInvitationAccepted,
  ZInvitationPreview,
  ZInvitationToken,
  ZInviteRequest,
  ZInviteResult,
  ZListShareLinks,
  ZPendingInvite,
  ZProjectRef,
  ZRemoveCollaboratorRequest,
  ZResendInviteRequest,
  ZSharedItem,
  ZShareLink,
} from './collaboration.schema';
import * as collab from './collaboration.service';
import * as share from './share.service';

const tags = ['Collaboration'];

export const collaborationRouter = router({
  overview: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/collaboration',
        tags,
        summary: 'Projects you share (with members and pending invites) and projects shared with you',
      },
    })
    .input(z.object({}).strict().optional())
    .output(ZCollaborationOverview)
    .query(({ ctx }) => collab.overview(ctx.db, ctx.viewerId)),
  collaborators: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/collaboration/projects/{id}/collaborators',
        tags,
        summary: 'A project’s owner, collaborators and (for the owner) pending invites',
      },
    })
    .input(ZProjectRef)
    .output(ZCollaboratorList)
    .query(({ ctx, input }) => collab.listCollaborators(ctx.db, ctx.viewerId, input.id)),
  invite: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/collaboration/projects/{id}/invite',
        tags,
        summary: 'Invite someone by e-mail as viewer or editor (owner only): mails a single-use link, valid 7 days',
      },
    })
    .input(ZInviteRequest)
    .output(ZInviteResult)
    .mutation(({ ctx, input }) => invitations.invite(ctx, ctx.user, input)),
  changeRole: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/collaboration/projects/{id}/collaborators/{userId}',
        tags,
        summary: 'Change a collaborator’s role (owner only)',
      },
    })
    .input(ZChangeRoleRequest)
    .output(z.object({ collaborator: ZCollaborator }))
    .mutation(({ ctx, input }) => collab.changeRole(ctx.db, ctx.user, input)),
  remove: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/collaboration/projects/{id}/collaborators/{userId}',
        tags,
        summary: 'Remove a collaborator (owner), or leave a project (yourself)',
      },
    })
    .input(ZRemoveCollaboratorRequest)
    .output(z.object({ success: z.literal(true), userId: z.string() }))
    .mutation(({ ctx, input }) => collab.removeCollaborator(ctx.db, ctx.user, input.id, input.userId)),
  cancelInvite: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/collaboration/projects/{id}/invites/{inviteId}', tags, summary: 'Cancel a pending invite (owner only)' },
    })
    .input(ZCancelInviteRequest)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => collab.cancelInvite(ctx.db, ctx.user, input.id, input.inviteId)),
  resendInvite: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/collaboration/projects/{id}/invites/{inviteId}/resend',
        tags,
        summary: 'Mail a pending invitation again with a new link, valid 7 more days (owner only)',
      },
    })
    .input(ZResendInviteRequest)
    .output(z.object({ invite: ZPendingInvite }))
    .mutation(({ ctx, input }) => invitations.resendInvite(ctx, ctx.user, input.id, input.inviteId)),
  // A read, sent as POST so the link's secret travels in the body, never in a URL that gets logged.
  invitation: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/collaboration/invitation', tags, summary: 'What an invitation link offers: project, role, who invited' },
    })
    .input(ZInvitationToken)
    .output(ZInvitationPreview)
    .mutation(({ ctx, input }) => invitations.previewInvitation(ctx, input.token)),
  acceptInvitation: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/collaboration/invitation/accept',
        tags,
        summary: 'Accept an invitation link: join the project with the invited role',
      },
    })
    .input(ZInvitationToken)
    .output(ZInvitationAccepted)
    .mutation(({ ctx, input }) => invitations.acceptInvitation(ctx, ctx.user, input.token)),
});

const shareTags = ['Share links'];

export const shareRouter = router({
  // Literal paths before the parameterised /share/{token}.
  list: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/share/links', tags: shareTags, summary: 'Your public share links' } })
    .input(ZListShareLinks.optional())
    .output(z.object({ links: z.array(ZShareLink) }))
    .query(({ ctx, input }) => share.listShareLinks(ctx.db, ctx.viewerId, input ?? {})),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/share/links', tags: shareTags, summary: 'A public read-only link to one generation or one export' } })
    .input(ZCreateShareLink)
    .output(z.object({ link: ZShareLink }))
    .mutation(({ ctx, input }) => share.createShareLink(ctx.db, ctx.user, input)),
  revoke: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/share/links/{id}', tags: shareTags, summary: 'Revoke a share link at once' } })
    .input(z.object({ id: z.uuid({ error: 'id must be a share link id' }) }).strict())
    .output(z.object({ link: ZShareLink }))
    .mutation(({ ctx, input }) => share.revokeShareLink(ctx.db, ctx.user, input.id)),
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/share/{token}', tags: shareTags, summary: 'The public page of a share link (404 when revoked or expired)' },
    })
    .input(z.object({ token: z.string().max(100) }).strict())
    .output(ZSharedItem)
    .query(({ ctx, input }) => share.getShared(ctx, input.token)),
});
