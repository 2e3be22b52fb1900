import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { verifyPassword } from '../auth/auth.password';
import { announceAuthChange } from '../auth/auth.session-cache';
import { consumeToken, invalidLink, newLinkToken, peekToken, storeToken } from '../auth/auth.tokens';
import { markEmailVerified } from '../auth/auth.verification';
import { dispatchMail, originOf, prepareMail, queueMail } from '../email/email.outbox';

type Ctx = Pick<Context, 'db' | 'env' | 'redis' | 'log' | 'req' | 'ip' | 'queues'>;

/** E-mail change requests per account per hour. */
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_IN_USE = 'That address is already used by another account';

const fieldError = (path: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path, message }] });

/**
 * POST /profile/email {newEmail, password}: the current password is required; a single-use link
 * (24 h) goes to the new address, and nothing changes until it is opened. A newer request
 * replaces an older one.
 */
export async function requestEmailChange(ctx: Ctx, me: { id: string }, input: { newEmail: string; password: string }) {
  await rateLimit(ctx, `email-change:user:${me.id}`, EMAIL_CHANGES_PER_HOUR, 3600);
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'password_hash', 'is_demo']).where('id', '=', me.id).executeTakeFirst();
  if (!user || user.is_demo) throw new AppError('FORBIDDEN', 'This account cannot change its e-mail address');
  if (!(await verifyPassword(user.password_hash, input.password))) throw fieldError('password', 'Password is incorrect');
  if (input.newEmail === user.email) throw fieldError('newEmail', 'That is already your e-mail address');
  const taken = await ctx.db.selectFrom('users').select('id').where('email', '=', input.newEmail).executeTakeFirst();
  if (taken) throw fieldError('newEmail', EMAIL_IN_USE);
  const { token, hash } = newLinkToken();
  const mail = await prepareMail(ctx.env, {
    kind: 'email_change_confirm',
    to: input.newEmail,
    currentEmail: user.email,
    token,
    origin: originOf(ctx),
  });
  const outboxId = await ctx.db.transaction().execute(async (trx) => {
    await storeToken(trx, { userId: user.id, purpose: 'email_change', email: input.newEmail, hash, ip: ctx.ip });
    return queueMail(trx, mail, user.id);
  });
  await dispatchMail(ctx, [outboxId]);
  return { success: true as const, pendingEmail: input.newEmail };
}

/**
 * POST /profile/email/confirm {token}: the link from the new address. The account takes the new
 * address (verified — the link proves it, so invitations to it attach) and the old address gets
 * a notice, in one transaction. Works from any browser: the link is the proof.
 */
export async function confirmEmailChange(ctx: Ctx, token: string) {
  await rateLimit(ctx, `email-change-confirm:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  const live = await peekToken(ctx.db, 'email_change', token);
  if (!live) throw invalidLink();
  const current = await ctx.db.selectFrom('users').select(['email']).where('id', '=', live.user_id).executeTakeFirst();
  if (!current) throw invalidLink();
  const notice = await prepareMail(ctx.env, { kind: 'email_changed', to: current.email, newEmail: live.email, origin: originOf(ctx) });
  try {
    const outboxId = await ctx.db.transaction().execute(async (trx) => {
      const row = await consumeToken(trx, 'email_change', token);
      if (!row) throw invalidLink();
      const changed = await trx
        .updateTable('users')
        .set({ email: row.email, email_verified_at: null })
        .where('id', '=', row.user_id)
        .where('email', '=', current.email)
        .returning(['id', 'email'])
        .executeTakeFirst();
      if (!changed) throw invalidLink();
      await markEmailVerified(trx, changed);
      return queueMail(trx, notice, changed.id);
    });
    // Sessions carry the address: every replica re-reads them.
    await announceAuthChange(ctx, [live.user_id]);
    await dispatchMail(ctx, [outboxId]);
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw fieldError('token', EMAIL_IN_USE);
    throw e;
  }
  ctx.log.info({ userId: live.user_id }, 'e-mail address changed');
  return { success: true as const, email: live.email };
}
