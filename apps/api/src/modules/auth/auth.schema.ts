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

export const ZRegister = z.object({
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(256, 'Password must be at most 256 characters'),
});

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  creditUnits: z.number(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZAuthResponse = z.object({ user: ZUser, accessToken: z.string() });
export const ZRefreshResponse = z.object({ user: ZUser.nullable(), accessToken: z.string().nullable() });
