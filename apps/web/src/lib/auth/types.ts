import type { ResponseCheck } from '../http';
import { isRecord } from '../storage';

// Hand-written checks rather than zod: this module is on every page's first load, and zod would add
// ~25 KB (gzip) to it. Each check names the first field that is wrong.

/** The user as the server returns it (spec §3). */
export interface User {
  id: string;
  email: string;
  credits: number;
  creditUnits: number;
  isAdmin: boolean;
  createdAt: string;
  /** The address was proven by a mailed link; unverified accounts see a banner with "Resend". */
  emailVerified: boolean;
}

/** Login and register answer `{ user, accessToken }`. */
export interface AuthResponse {
  user: User;
  accessToken: string;
}

/** Refresh answers `{ accessToken, user }`; a null (or absent) token means "not signed in". */
export interface RefreshResponse {
  accessToken?: string | null;
  user?: User | null;
}

type Result<T> = { success: true; data: T } | { success: false; error: { issues: string[] } };
const fail = <T>(issue: string): Result<T> => ({ success: false, error: { issues: [issue] } });

const USER_FIELDS = {
  id: 'string',
  email: 'string',
  credits: 'number',
  creditUnits: 'number',
  isAdmin: 'boolean',
  createdAt: 'string',
  emailVerified: 'boolean',
} as const;

function checkUser(value: unknown, at: string): Result<User> {
  if (!isRecord(value)) return fail(`${at}: expected an object`);
  for (const [key, type] of Object.entries(USER_FIELDS)) {
    if (typeof value[key] !== type) return fail(`${at}.${key}: expected a ${type}`);
  }
  const v = value as Record<keyof User, never>;
  return {
    success: true,
    data: {
      id: v.id,
      email: v.email,
      credits: v.credits,
      creditUnits: v.creditUnits,
      isAdmin: v.isAdmin,
      createdAt: v.createdAt,
      emailVerified: v.emailVerified,
    },
  };
}

export const ZUser: ResponseCheck<User> = { safeParse: (value) => checkUser(value, 'user') };

export const ZAuthResponse: ResponseCheck<AuthResponse> = {
  safeParse(value) {
    if (!isRecord(value)) return fail('body: expected an object');
    const user = checkUser(value.user, 'user');
    if (!user.success) return user;
    if (typeof value.accessToken !== 'string' || value.accessToken === '') return fail('accessToken: expected a non-empty string');
    return { success: true, data: { user: user.data, accessToken: value.accessToken } };
  },
};

export const ZRefreshResponse: ResponseCheck<RefreshResponse> = {
  safeParse(value) {
    if (!isRecord(value)) return fail('body: expected an object');
    const { accessToken } = value;
    if (accessToken !== undefined && accessToken !== null && typeof accessToken !== 'string') return fail('accessToken: expected a string or null');
    let user: User | null | undefined = value.user === null ? null : undefined;
    if (value.user !== undefined && value.user !== null) {
      const checked = checkUser(value.user, 'user');
      if (!checked.success) return checked;
      user = checked.data;
    }
    return { success: true, data: { ...(accessToken !== undefined ? { accessToken } : {}), ...(user !== undefined ? { user } : {}) } };
  },
};

/** Any body (logout answers nothing of interest). */
export const ZAnything: ResponseCheck<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

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
