import { z } from 'zod';

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const ZCredentials = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password must be at most 256 characters'),
});

/** The rules for a new password, the same for register, password reset and password change. */
export const ZNewPassword = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');

export const ZRegister = z.object({
  email: ZEmail,
  password: ZNewPassword,
});

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  creditUnits: z.number(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** The address was proven by a link sent to it (issue 23). Unverified accounts see a banner. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof ZUser>;

export const ZAuthResponse = z.object({ user: ZUser, accessToken: z.string() });
export const ZRefreshResponse = z.object({ user: ZUser.nullable(), accessToken: z.string().nullable() });

// ——— links sent by mail (issue 23) ———

/** The secret of a link from a mail (verification, password reset, e-mail change, invitation). */
export const ZLinkToken = z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long');

export const ZPasswordResetRequest = z.object({ email: ZEmail }).strict();
export const ZPasswordResetConfirm = z.object({ token: ZLinkToken, password: ZNewPassword }).strict();
export const ZVerifyEmail = z.object({ token: ZLinkToken }).strict();

export const ZPasswordResetRequested = z.object({ success: z.literal(true), message: z.string() });
export const ZEmailVerified = z.object({ verified: z.literal(true), email: z.string(), projectsJoined: z.number() });
export const ZVerificationResent = z.object({ sent: z.boolean(), alreadyVerified: z.boolean(), email: z.string() });
