import { z } from 'zod';
import { authEndpointProcedure, authedProcedure, router } from '../../trpc';
import * as reset from './auth.password-reset';
import {
  ZAuthResponse,
  ZCredentials,
  ZEmailVerified,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZPasswordResetRequested,
  ZRefreshResponse,
  ZRegister,
  ZUser,
  ZVerificationResent,
  ZVerifyEmail,
} from './auth.schema';
import * as auth from './auth.service';
import * as verification from './auth.verification';

const tags = ['Auth'];

export const authRouter = router({
  register: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/register', tags, summary: 'Create an account' } })
    .input(ZRegister)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags, summary: 'Sign in' } })
    .input(ZCredentials)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  refresh: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/refresh', tags, summary: 'Rotate the refresh cookie; returns a new access token' } })
    .input(z.object({}).strict().optional())
    .output(ZRefreshResponse)
    .mutation(({ ctx }) => auth.refresh(ctx)),
  logout: authEndpointProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags, summary: 'End the session' } })
    .input(z.object({}).strict().optional())
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user' } })
    .input(z.void())
    .output(z.object({ user: ZUser }))
    .query(({ ctx }) => auth.me(ctx)),
  // ——— mails (issue 23) ———
  requestPasswordReset: authEndpointProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password-reset/request',
        tags,
        summary: 'Mail a single-use link (1 h) to choose a new password; answers the same whether or not the address has an account',
      },
    })
    .input(ZPasswordResetRequest)
    .output(ZPasswordResetRequested)
    .mutation(({ ctx, input }) => reset.requestPasswordReset(ctx, input)),
  confirmPasswordReset: authEndpointProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password-reset/confirm',
        tags,
        summary: "Set a new password with the mailed link's token; signs the account out everywhere and mails a notice",
      },
    })
    .input(ZPasswordResetConfirm)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => reset.confirmPasswordReset(ctx, input)),
  verifyEmail: authEndpointProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/verify-email',
        tags,
        summary: "Verify the account's e-mail address with the mailed link's token (single use, 24 h)",
      },
    })
    .input(ZVerifyEmail)
    .output(ZEmailVerified)
    .mutation(({ ctx, input }) => verification.verifyEmail(ctx, input.token)),
  resendVerification: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/verify-email/resend', tags, summary: 'Mail a new verification link (rate-limited)' } })
    .input(z.object({}).strict().optional())
    .output(ZVerificationResent)
    .mutation(({ ctx }) => verification.resendVerification(ctx)),
});
