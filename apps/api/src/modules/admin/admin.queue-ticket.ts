import { randomBytes } from 'node:crypto';
import type { Db } from '@atelier/db';
import type { Env } from '@atelier/shared/env';
import type { Redis } from 'ioredis';
import { hmac, signJwt, verifyJwt } from '../../lib/crypto';

/**
 * Browser navigation to the queue dashboard (/admin/queues) can't send the bearer header, so an
 * admin procedure mints a one-time ticket (60 s) that the dashboard exchanges for an httpOnly cookie
 * scoped to /admin/queues (30 min). Both are signed with a key derived for this purpose only, so
 * neither can pass as an access token (nor an access token as either).
 */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const QUEUE_COOKIE = 'atelier_queues';
export const TICKET_TTL_SECONDS = 60;
export const COOKIE_TTL_SECONDS = 30 * 60;

type Purpose = 'queue-ticket' | 'queue-session';
interface Claims {
  sub: string;
  sid: string;
  purpose: Purpose;
  jti: string;
  exp: number;
}

const keyFor = (env: Env, purpose: Purpose) => hmac(env.auth.secret, `atelier:${purpose}:v1`);

function sign(env: Env, purpose: Purpose, user: { id: string; sessionId: string }, ttlSeconds: number) {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = signJwt({ sub: user.id, sid: user.sessionId, purpose, jti: randomBytes(16).toString('base64url'), exp }, keyFor(env, purpose));
  return { token, expiresAt: new Date(exp * 1000) };
}

function verify(env: Env, purpose: Purpose, token: string): Claims | null {
  const claims = verifyJwt<Claims>(token, keyFor(env, purpose));
  if (!claims || claims.purpose !== purpose || typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.jti !== 'string')
    return null;
  return claims;
}

export function mintTicket(env: Env, user: { id: string; sessionId: string }) {
  const { token, expiresAt } = sign(env, 'queue-ticket', user, TICKET_TTL_SECONDS);
  return { url: `${QUEUE_DASHBOARD_PATH}?ticket=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
}

/** A valid, unused ticket's claims; marks it used (one time) in Redis. */
export async function redeemTicket(deps: { env: Env; redis: Redis }, token: string): Promise<Claims | null> {
  const claims = verify(deps.env, 'queue-ticket', token);
  if (!claims) return null;
  const first = await deps.redis.set(`${deps.env.redis.queuePrefix}:queue-ticket:${claims.jti}`, '1', 'EX', TICKET_TTL_SECONDS * 2, 'NX');
  return first === 'OK' ? claims : null;
}

export const mintSessionCookie = (env: Env, user: { id: string; sessionId: string }) => sign(env, 'queue-session', user, COOKIE_TTL_SECONDS);
export const verifySessionCookie = (env: Env, token: string) => verify(env, 'queue-session', token);

/** Who the claims belong to, now: 'admin', 'not-admin' (demoted or disabled), or 'invalid' (session ended). */
export async function currentRole(db: Db, claims: { sub: string; sid: string }): Promise<'admin' | 'not-admin' | 'invalid'> {
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.is_admin', 'u.disabled_at'])
    .where('s.id', '=', claims.sid)
    .where('s.user_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.disabled_at) return 'invalid';
  return row.is_admin ? 'admin' : 'not-admin';
}
