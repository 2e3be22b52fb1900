import { applyCreditChangeInTransaction } from '@atelier/db';
import { AppError, creditsToUnits, MESSAGES } from '@atelier/shared';
import type { Context } from '../../context';
import { sha256 } from '../../lib/crypto';
import { isTrustedOrigin } from '../../lib/origin';
import { bumpCounter, peekCounter, rateLimit } from '../../lib/rate-limit';
import { dispatchMail } from '../email/email.outbox';
import { recordSignIn } from './auth.devices';
import { hashPassword, verifyPassword } from './auth.password';
import type { User } from './auth.schema';
import { createSession, issueAccessToken, loadUser, revokeSession, rotateRefreshToken } from './auth.session';
import { announceAuthChange } from './auth.session-cache';
import { prepareVerification, writeVerification } from './auth.verification';

export const REFRESH_COOKIE = 'atelier_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

type Ctx = Pick<Context, 'db' | 'env' | 'redis' | 'log' | 'req' | 'res' | 'ip' | 'origin' | 'campaign' | 'user' | 'queues'>;

/** Secure when configured, when the public URL is https, or when the request came over TLS (req.protocol honours TRUST_PROXY). */
const secureCookie = (ctx: Ctx) => ctx.env.auth.cookieSecure || ctx.env.http.publicUrl.startsWith('https:') || ctx.req.protocol === 'https';

function setRefreshCookie(ctx: Ctx, token: string) {
  ctx.res.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(ctx),
    path: REFRESH_COOKIE_PATH,
    maxAge: ctx.env.auth.refreshTokenTtlDays * 86400,
  });
}

function clearRefreshCookie(ctx: Ctx) {
  ctx.res.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secureCookie(ctx) });
}

/** Cookie-authenticated POSTs must come from one of our origins (CSRF): see lib/origin.ts. */
function assertTrustedOrigin(ctx: Ctx) {
  if (!isTrustedOrigin(ctx.req, ctx.env)) {
    throw new AppError('FORBIDDEN', 'This request must come from the Atelier web app (origin not allowed)');
  }
}

/** How long each sign-in waits once an account has had too many failures in the window (any client). */
const LOGIN_SLOWDOWN_MS = 1500;
export const bucketKey = (email: string) => sha256(email).slice(0, 24);

async function startSession(ctx: Ctx, userId: string): Promise<{ user: User; accessToken: string }> {
  const session = await createSession(ctx, userId, { userAgent: ctx.req.headers['user-agent'], ip: ctx.ip });
  setRefreshCookie(ctx, session.refreshToken);
  const user = await loadUser(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  return { user, accessToken: session.accessToken };
}

export async function register(ctx: Ctx, input: { email: string; password: string }) {
  const limit = ctx.env.auth.rateLimitPerMinute;
  await rateLimit(ctx, `register:ip:${ctx.ip}`, limit);
  await rateLimit(ctx, `register:email:${bucketKey(input.email)}`, limit);
  const existing = await ctx.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) throw new AppError('CONFLICT', MESSAGES.emailTaken, { fields: [{ path: 'email', message: MESSAGES.emailTaken }] });
  const passwordHash = await hashPassword(input.password);
  const bonusUnits = creditsToUnits(ctx.env.credits.signupBonusCredits);
  // The verification link (issue 23) is written with the account: a mail exists exactly when the account does.
  const verification = await prepareVerification(ctx, input.email, 'signup');
  let userId: string;
  let outboxId: string;
  try {
    ({ userId, outboxId } = await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: input.email,
          password_hash: passwordHash,
          attribution: ctx.campaign ? JSON.stringify({ ...ctx.campaign, capturedAt: new Date().toISOString() }) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (bonusUnits > 0) {
        await applyCreditChangeInTransaction(trx, {
          userId: user.id,
          kind: 'signup_bonus',
          amountUnits: bonusUnits,
          idempotencyKey: `signup_bonus:${user.id}`,
          note: 'Welcome bonus',
        });
      }
      // Registering grants nothing: invitations to this address attach once it is verified (issue 23).
      return { userId: user.id, outboxId: await writeVerification(trx, ctx, verification, user.id) };
    }));
  } catch (e) {
    if ((e as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', MESSAGES.emailTaken, { fields: [{ path: 'email', message: MESSAGES.emailTaken }] });
    throw e;
  }
  ctx.log.info({ userId }, 'user registered');
  await dispatchMail(ctx, [outboxId]);
  await recordSignIn(ctx, { id: userId, email: input.email }, { notify: false });
  return startSession(ctx, userId);
}

export async function login(ctx: Ctx, input: { email: string; password: string }) {
  const limit = ctx.env.auth.rateLimitPerMinute;
  // One client hammering: refused (429). Many clients on one account (credential stuffing from
  // a botnet): slowed, never refused, so the real user can still sign in from anywhere.
  await rateLimit(ctx, `login:ip:${ctx.ip}`, limit);
  await rateLimit(ctx, `login:ipemail:${ctx.ip}:${bucketKey(input.email)}`, limit);
  const failuresBucket = `login:failures:${bucketKey(input.email)}`;
  if ((await peekCounter(ctx, failuresBucket)) >= limit) await new Promise((r) => setTimeout(r, LOGIN_SLOWDOWN_MS));
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at', 'is_demo'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  const ok = await verifyPassword(user && !user.is_demo ? user.password_hash : null, input.password);
  if (!user || !ok) {
    await bumpCounter(ctx, failuresBucket);
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  if (user.disabled_at) throw new AppError('FORBIDDEN', MESSAGES.accountDisabled);
  await recordSignIn(ctx, { id: user.id, email: input.email }, { notify: true });
  return startSession(ctx, user.id);
}

export async function refresh(ctx: Ctx) {
  // No cookie, no session to protect: a guest's start-up refresh is never refused.
  const token = ctx.req.cookies[REFRESH_COOKIE];
  if (!token) return { accessToken: null, user: null };
  assertTrustedOrigin(ctx);
  await rateLimit(ctx, `refresh:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute * 5);
  const result = await rotateRefreshToken(ctx, token);
  if (result.kind !== 'rotated' && result.kind !== 'grace') {
    if (result.kind === 'reused') {
      ctx.log.warn('refresh token reuse detected; session revoked');
      await announceAuthChange(ctx, [result.userId]);
    }
    clearRefreshCookie(ctx);
    return { accessToken: null, user: null };
  }
  const user = await loadUser(ctx.db, result.userId);
  if (!user) {
    await revokeSession(ctx.db, result.sessionId, 'account unavailable');
    await announceAuthChange(ctx, [result.userId]);
    clearRefreshCookie(ctx);
    return { accessToken: null, user: null };
  }
  setRefreshCookie(ctx, result.refreshToken);
  return { accessToken: issueAccessToken(ctx.env, result.userId, result.sessionId), user };
}

export async function logout(ctx: Ctx) {
  if (ctx.user) {
    await revokeSession(ctx.db, ctx.user.sessionId, 'logout');
    await announceAuthChange(ctx, [ctx.user.id]);
  } else {
    const token = ctx.req.cookies[REFRESH_COOKIE];
    if (token) {
      assertTrustedOrigin(ctx);
      const session = await ctx.db.selectFrom('auth_sessions').select(['id', 'user_id']).where('refresh_hash', '=', sha256(token)).executeTakeFirst();
      if (session) {
        await revokeSession(ctx.db, session.id, 'logout');
        await announceAuthChange(ctx, [session.user_id]);
      }
    }
  }
  clearRefreshCookie(ctx);
  return { success: true as const };
}

export async function me(ctx: Ctx & { user: NonNullable<Ctx['user']> }) {
  const user = await loadUser(ctx.db, ctx.user.id);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.loginRequired);
  // "Last active" is written by the request's authentication (authenticateRequest: at most every few
  // minutes per session, off the request's path), as for every signed-in call: not again here.
  return { user };
}
