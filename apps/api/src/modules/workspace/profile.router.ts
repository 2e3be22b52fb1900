import { z } from 'zod';
import { authEndpointProcedure, authedProcedure, router } from '../../trpc';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../auth/auth.service';
import * as emailChange from './profile.email';
import { ZChangePassword, ZConfirmEmailChange, ZDataExport, ZDeleteAccount, ZProfile, ZRequestEmailChange, ZUploadAvatar } from './profile.schema';
import * as profile from './profile.service';

const tags = ['Profile'];

export const profileRouter = router({
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/profile', tags, summary: 'Your account: e-mail, member since, balance, picture and counts' } })
    .input(z.void())
    .output(ZProfile)
    .query(({ ctx }) => profile.getProfile(ctx, ctx.user.id)),
  changePassword: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/profile/password', tags, summary: 'Change password (current one required); signs out your other sessions' },
    })
    .input(ZChangePassword)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => profile.changePassword(ctx, ctx.user, input)),
  requestEmailChange: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/email',
        tags,
        summary: 'Change e-mail address (password required): mails a confirmation link to the new address',
      },
    })
    .input(ZRequestEmailChange)
    .output(z.object({ success: z.literal(true), pendingEmail: z.string() }))
    .mutation(({ ctx, input }) => emailChange.requestEmailChange(ctx, ctx.user, input)),
  confirmEmailChange: authEndpointProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/email/confirm',
        tags,
        summary: "Confirm an e-mail change with the link's token; the old address gets a notice",
      },
    })
    .input(ZConfirmEmailChange)
    .output(z.object({ success: z.literal(true), email: z.string() }))
    .mutation(({ ctx, input }) => emailChange.confirmEmailChange(ctx, input.token)),
  uploadAvatar: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/profile/avatar', tags, summary: 'Upload a profile picture (base64 data URL of a PNG, JPEG or WebP)' },
    })
    .input(ZUploadAvatar)
    .output(z.object({ avatarUrl: z.string().nullable() }))
    .mutation(({ ctx, input }) => profile.uploadAvatar(ctx, ctx.user.id, input.image)),
  exportData: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/profile/export',
        tags,
        summary: 'Export my data: projects, generations metadata, ledger, prompts, brand kit (JSON)',
      },
    })
    .input(z.void())
    .output(ZDataExport)
    .query(({ ctx }) => profile.exportData(ctx, ctx.user.id)),
  recordVisit: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/profile/visit',
        tags,
        summary: 'Record a dashboard visit; the account’s first one answers firstVisit: true',
      },
    })
    .input(z.object({}).strict())
    .output(z.object({ firstVisit: z.boolean() }))
    .mutation(({ ctx }) => profile.recordVisit(ctx, ctx.user.id)),
  deleteAccount: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/profile/delete', tags, summary: 'Delete my account, its data and media (type your e-mail to confirm)' },
    })
    .input(ZDeleteAccount)
    .output(z.object({ success: z.literal(true), mediaRemoved: z.number() }))
    .mutation(async ({ ctx, input }) => {
      const result = await profile.deleteAccount(ctx, ctx.user, input.confirmEmail);
      ctx.res.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: ctx.env.auth.cookieSecure });
      return result;
    }),
});
