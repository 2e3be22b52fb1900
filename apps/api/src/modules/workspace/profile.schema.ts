import { z } from 'zod';
import { ZEmail, ZLinkToken, ZNewPassword } from '../auth/auth.schema';

export const ZProfile = z.object({
  id: z.string(),
  email: z.string(),
  /** Proven by a link sent to it (issue 23). */
  emailVerified: z.boolean(),
  /** An address waiting for its confirmation link to be opened (e-mail change), if any. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
  credits: z.number(),
  isAdmin: z.boolean(),
  avatarUrl: z.string().nullable(),
  counts: z.object({ projects: z.number(), generations: z.number(), prompts: z.number() }),
});

export const ZChangePassword = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(256),
    newPassword: ZNewPassword,
  })
  .strict();

export const ZUploadAvatar = z.object({ image: z.string().min(1, 'image is required').max(12_000_000) }).strict();

export const ZDeleteAccount = z.object({ confirmEmail: z.string().trim().min(1, 'Type your e-mail address to confirm').max(254) }).strict();

export const ZDataExport = z.object({
  format: z.literal('atelier-data-export/v1'),
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), createdAt: z.string(), credits: z.number(), isAdmin: z.boolean() }),
  projects: z.array(z.record(z.string(), z.unknown())),
  generations: z.array(z.record(z.string(), z.unknown())),
  ledger: z.array(z.record(z.string(), z.unknown())),
  prompts: z.array(z.record(z.string(), z.unknown())),
  brandKit: z.record(z.string(), z.unknown()).nullable(),
});

export const ZRequestEmailChange = z
  .object({
    newEmail: ZEmail,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password must be at most 256 characters'),
  })
  .strict();
export const ZConfirmEmailChange = z.object({ token: ZLinkToken }).strict();
