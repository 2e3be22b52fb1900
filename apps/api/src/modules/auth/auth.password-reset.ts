import type { Context } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { dispatchMail, originOf, prepareMail, queueMail } from '../email/email.outbox';
import { hashPassword } from './auth.password';
import { bucketKey } from './auth.service';
import { revokeAllSessions } from './auth.session';
import { announceAuthChange } from './auth.session-cache';
import { consumeToken, invalidLink, newLinkToken, peekToken, retireTokens, storeToken } from './auth.tokens';
import { markEmailVerified } from './auth.verification';

/** No account has this id (the nil UUID). */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

type Ctx = Pick<Context, 'db' | 'env' | 'redis' | 'log' | 'req' | 'ip' | 'queues'>;

/** Reset mails one address may be sent per hour (whether or not an account uses it). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 5;

/** The one answer to every reset request: the same words whether or not an account uses the address. */
export const RESET_REQUESTED_MESSAGE = 'If an account uses this address, a link to choose a new password is on its way. It works once, for 1 hour.';

/**
 * POST /auth/password-reset/request {email}. Answers exactly the same whether or not an account
 * uses the address, and does the same work on both paths (so the time tells nothing either): a
 * token is made and hashed, a mail is rendered and written to the outbox, and a job is enqueued.
 * An account gets the reset link; an address without one gets a mail saying so (only the mailbox's
 * owner learns that). Rate-limited per IP and per address — the address limit applies to any
 * address, so a 429 reveals nothing either.
 */
export async function requestPasswordReset(ctx: Ctx, input: { email: string }) {
  await rateLimit(ctx, `pwreset:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  await rateLimit(ctx, `pwreset:email:${bucketKey(input.email)}`, RESET_REQUESTS_PER_ADDRESS_PER_HOUR, 3600);
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'is_demo']).where('email', '=', input.email).executeTakeFirst();
  // The demo accounts have no password and never get one.
  const account = user && !user.is_demo ? user : null;
  const { token, hash } = newLinkToken();
  const origin = originOf(ctx);
  // The answer's timing must not tell a known address from an unknown one: both mails are rendered
  // whichever is sent (the two templates differ in size), and an unknown address makes the same
  // round trips (a retire that matches nothing in place of the token's one statement).
  const [resetMail, unknownMail] = await Promise.all([
    prepareMail(ctx.env, { kind: 'password_reset', to: input.email, token, origin }),
    prepareMail(ctx.env, { kind: 'password_reset_unknown', to: input.email, origin }),
  ]);
  const mail = account ? resetMail : unknownMail;
  const outboxId = await ctx.db.transaction().execute(async (trx) => {
    if (account) await storeToken(trx, { userId: account.id, purpose: 'password_reset', email: account.email, hash, ip: ctx.ip });
    else await retireTokens(trx, NO_USER_ID, 'password_reset');
    return queueMail(trx, mail, account?.id ?? null);
  });
  await dispatchMail(ctx, [outboxId]);
  return { success: true as const, message: RESET_REQUESTED_MESSAGE };
}

/**
 * POST /auth/password-reset/confirm {token, password}: the link's token (single use, 1 h) sets the
 * password, ends every session and refresh token of the account, and mails a notice — one transaction.
 * The link also proves the address, so it verifies it (and live invitations to it attach).
 */
export async function confirmPasswordReset(ctx: Ctx, input: { token: string; password: string }) {
  await rateLimit(ctx, `pwreset-confirm:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  const live = await peekToken(ctx.db, 'password_reset', input.token);
  if (!live) throw invalidLink();
  // The slow parts before the transaction: the password hash and the notice.
  const passwordHash = await hashPassword(input.password);
  const notice = await prepareMail(ctx.env, { kind: 'password_changed', to: live.email, via: 'reset', origin: originOf(ctx) });
  const outboxId = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, 'password_reset', input.token);
    if (!row) throw invalidLink();
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', row.user_id)
      .where('email', '=', row.email)
      .where('is_demo', '=', false)
      .returning(['id', 'email'])
      .executeTakeFirst();
    // The account's address changed since the link was sent: it no longer resets anything.
    if (!user) throw invalidLink();
    await revokeAllSessions(trx, user.id, 'password reset');
    await retireTokens(trx, user.id, 'password_reset');
    await markEmailVerified(trx, user);
    return queueMail(trx, notice, user.id);
  });
  await announceAuthChange(ctx, [live.user_id]);
  await dispatchMail(ctx, [outboxId]);
  ctx.log.info({ userId: live.user_id }, 'password reset');
  return { success: true as const };
}
