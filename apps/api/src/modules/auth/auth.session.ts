import type { Db } from '@atelier/db';
import { unitsToCredits } from '@atelier/shared';
import type { Env } from '@atelier/shared/env';
import { hmac, randomToken, sha256, signJwt, verifyJwt } from '../../lib/crypto';
import type { ApiKeyIdentity } from '../api-keys/authenticate';
import type { CachedSession, SessionCache } from './auth.session-cache';

export interface AuthedUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
  /** Set when the request authenticated with a personal API key (modules/api-keys), not a session. */
  apiKey?: ApiKeyIdentity;
}

interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

/** Marker returned when a bearer token was sent but is not (or no longer) valid. */
export const INVALID_TOKEN = Symbol('invalid-token');

/**
 * Access tokens whose signature this process has checked, by their exact text: a client sends the
 * same token on every call for its whole life, and an HMAC per request is most of what a cached
 * session costs. The expiry is checked on every use; revocation is the session mirror's job, as before.
 * Kept per signing secret (several apps with their own secrets may share a process, as in tests).
 */
const verifiedBySecret = new Map<string, Map<string, AccessClaims>>();
const VERIFIED_TOKENS_MAX = 20_000;

function verifiedClaims(token: string, secret: string): AccessClaims | null {
  let verifiedTokens = verifiedBySecret.get(secret);
  if (!verifiedTokens) {
    verifiedTokens = new Map();
    verifiedBySecret.set(secret, verifiedTokens);
  }
  const known = verifiedTokens.get(token);
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000)) return known;
    verifiedTokens.delete(token);
    return null;
  }
  const claims = verifyJwt<AccessClaims>(token, secret);
  if (!claims) return null;
  // Bounded: when full, start again (entries are short-lived anyway).
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.clear();
  verifiedTokens.set(token, claims);
  return claims;
}

export async function authenticateRequest(
  deps: { db: Db; env: Env; sessions?: SessionCache | undefined },
  authorization: string | undefined,
): Promise<AuthedUser | null | typeof INVALID_TOKEN> {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) return INVALID_TOKEN;
  const claims = verifiedClaims(match[1], deps.env.auth.secret);
  if (!claims) return INVALID_TOKEN;
  const session = deps.sessions?.get(claims.sid) ?? (await lookupSession(deps, claims));
  if (!session || session.userId !== claims.sub) return INVALID_TOKEN;
  // "Last active" for the admin console: any authenticated call counts, written at most every few
  // minutes per session, off the request's path (fire-and-forget).
  const now = Date.now();
  if (now - session.lastActiveAt > LAST_ACTIVE_GRANULARITY_MS) {
    session.lastActiveAt = now;
    deps.db
      .updateTable('users')
      .set({ last_active_at: new Date(now) })
      .where('id', '=', session.userId)
      .execute()
      .catch(() => {});
  }
  return { id: session.userId, email: session.email, isAdmin: session.isAdmin, sessionId: claims.sid };
}

/** The session's Postgres truth (live, not expired, its user not disabled), cached when the mirror is live. */
async function lookupSession(
  deps: { db: Db; sessions?: SessionCache | undefined },
  claims: AccessClaims,
): Promise<Omit<CachedSession, 'staleAt'> | null> {
  const epoch = deps.sessions?.epoch() ?? 0;
  const row = await deps.db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.is_admin', 'u.last_active_at'])
    .where('s.id', '=', claims.sid)
    .where('s.user_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const session = { userId: row.id, email: row.email, isAdmin: row.is_admin, lastActiveAt: row.last_active_at?.getTime() ?? 0 };
  deps.sessions?.put(claims.sid, session, epoch);
  return session;
}

const LAST_ACTIVE_GRANULARITY_MS = 5 * 60_000;

export function issueAccessToken(env: Env, userId: string, sessionId: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: userId, sid: sessionId, iat: now, exp: now + env.auth.accessTokenTtlSeconds }, env.auth.secret);
}

/** A rotated token's successor is derived from it, so a grace-window replay gets the same one. */
export const successorOf = (env: Env, token: string): string => hmac(env.auth.secret, `refresh:${token}`);

export async function createSession(
  deps: { db: Db; env: Env },
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ sessionId: string; refreshToken: string; accessToken: string }> {
  const refreshToken = randomToken();
  const session = await deps.db
    .insertInto('auth_sessions')
    .values({
      user_id: userId,
      refresh_hash: sha256(refreshToken),
      expires_at: new Date(Date.now() + deps.env.auth.refreshTokenTtlDays * 86400_000),
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sessionId: session.id, refreshToken, accessToken: issueAccessToken(deps.env, userId, session.id) };
}

export type RotateResult =
  | { kind: 'rotated' | 'grace'; sessionId: string; userId: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string };

/**
 * Rotates a refresh token atomically: a conditional update, so concurrent refreshes with one
 * token rotate once. Presenting an already-rotated token revokes the session (reuse), except
 * within the grace window right after its rotation, which answers with the same successor.
 */
export async function rotateRefreshToken(deps: { db: Db; env: Env }, token: string): Promise<RotateResult> {
  const oldHash = sha256(token);
  const successor = successorOf(deps.env, token);
  const newHash = sha256(successor);
  const rotated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('auth_sessions')
      .set((eb) => ({
        previous_refresh_hash: eb.ref('refresh_hash'),
        refresh_hash: newHash,
        rotated_at: new Date(),
        expires_at: new Date(Date.now() + deps.env.auth.refreshTokenTtlDays * 86400_000),
      }))
      .where('refresh_hash', '=', oldHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (row) {
      await trx
        .insertInto('auth_retired_refresh_tokens')
        .values({ token_hash: oldHash, session_id: row.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return row;
  });
  if (rotated) return { kind: 'rotated', sessionId: rotated.id, userId: rotated.user_id, refreshToken: successor };

  const retired = await deps.db
    .selectFrom('auth_retired_refresh_tokens as r')
    .innerJoin('auth_sessions as s', 's.id', 'r.session_id')
    .select(['s.id', 's.user_id', 's.revoked_at', 's.previous_refresh_hash', 's.refresh_hash', 's.rotated_at', 's.expires_at'])
    .where('r.token_hash', '=', oldHash)
    .executeTakeFirst();
  if (!retired || retired.revoked_at) return { kind: 'invalid' };
  const graceMs = deps.env.auth.refreshReuseGraceSeconds * 1000;
  const inGrace =
    graceMs > 0 &&
    retired.previous_refresh_hash === oldHash &&
    retired.refresh_hash === newHash &&
    retired.rotated_at !== null &&
    Date.now() - retired.rotated_at.getTime() <= graceMs &&
    retired.expires_at.getTime() > Date.now();
  if (inGrace) return { kind: 'grace', sessionId: retired.id, userId: retired.user_id, refreshToken: successor };
  await revokeSession(deps.db, retired.id, 'refresh token reuse');
  return { kind: 'reused', userId: retired.user_id };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user, except `exceptSessionId` when given (e.g. a password change keeps the current one). */
export async function revokeAllSessions(db: Db, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export async function loadUser(db: Db, userId: string) {
  const u = await db
    .selectFrom('users')
    .select(['id', 'email', 'credit_units', 'is_admin', 'created_at', 'email_verified_at'])
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!u) return null;
  return {
    id: u.id,
    email: u.email,
    credits: unitsToCredits(u.credit_units),
    creditUnits: u.credit_units,
    isAdmin: u.is_admin,
    createdAt: u.created_at.toISOString(),
    emailVerified: u.email_verified_at !== null,
  };
}
