import { z } from 'zod';

/** The user as the server returns it (spec §3). */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  creditUnits: z.number(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** The address was proven by a mailed link; unverified accounts see a banner with "Resend". */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof ZUser>;

/** Login and register answer `{ user, accessToken }`. */
export const ZAuthResponse = z.object({ user: ZUser, accessToken: z.string().min(1) });
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/** Refresh answers `{ accessToken, user }`; a null (or absent) token means "not signed in". */
export const ZRefreshResponse = z.object({
  accessToken: z.string().nullish(),
  user: ZUser.nullish(),
});

/** Auth state, exactly the spec's four fields (§3, §4). */
export interface AuthState {
  user: User | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}
