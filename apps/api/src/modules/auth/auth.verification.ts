import type { Db } from '@atelier/db';
import { AppError, MESSAGES } from '@atelier/shared';
import type { Context } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { attachPendingInvites } from '../collaboration/collaboration.service';
import { dispatchMail, originOf, prepareMail, queueMail } from '../email/email.outbox';
import type { RenderedMail } from '../email/email.templates';
import { consumeToken, invalidLink, newLinkToken, storeToken } from './auth.tokens';

type Ctx = Pick<Context, 'db' | 'env' | 'redis' | 'log' | 'req' | 'ip' | 'queues'>;

/** Verification-link resends per account: a few per quarter hour. */
export const VERIFY_RESENDS_PER_15_MIN = 3;

export interface PreparedVerification {
  email: string;
  hash: string;
  mail: RenderedMail;
}

/** The link and its mail, made before the transaction that stores them. */
export async function prepareVerification(ctx: Ctx, email: string, reason: 'signup' | 'resend'): Promise<PreparedVerification> {
  const { token, hash } = newLinkToken();
  const mail = await prepareMail(ctx.env, { kind: 'verify_email', to: email, token, reason, origin: originOf(ctx) });
  return { email, hash, mail };
}

/** Inside the transaction that creates (or re-links) the account: the hashed token and the mail, together. Returns the outbox id. */
export async function writeVerification(trx: Db, ctx: Pick<Ctx, 'ip'>, prepared: PreparedVerification, userId: string): Promise<string> {
  await storeToken(trx, { userId, purpose: 'verify_email', email: prepared.email, hash: prepared.hash, ip: ctx.ip });
  return queueMail(trx, prepared.mail, userId);
}

/**
 * The account proved it owns `email` (a link sent there was used): marks the address verified
 * while it is still the account's address, and turns live invitations to it into memberships.
 * Returns how many projects were joined.
 */
export async function markEmailVerified(trx: Db, user: { id: string; email: string }): Promise<number> {
  await trx
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('id', '=', user.id)
    .where('email', '=', user.email)
    .where('email_verified_at', 'is', null)
    .execute();
  return attachPendingInvites(trx, user);
}

/** POST /auth/verify-email {token}: the link from the mail (single use, 24 h). Works signed in or not. */
export async function verifyEmail(ctx: Ctx, token: string) {
  await rateLimit(ctx, `verify:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, 'verify_email', token);
    if (!row) throw invalidLink();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', row.user_id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    // The account changed its address since the link was sent: the link proves nothing about the new one.
    if (!user || user.email !== row.email) throw invalidLink();
    const projectsJoined = await markEmailVerified(trx, user);
    return { email: user.email, projectsJoined };
  });
  ctx.log.info({ projectsJoined: result.projectsJoined }, 'e-mail address verified');
  return { verified: true as const, ...result };
}

/** POST /auth/verify-email/resend: a new link to the signed-in account's address (rate-limited); earlier links stop working. */
export async function resendVerification(ctx: Ctx & { user: { id: string } }) {
  await rateLimit(ctx, `verify-resend:user:${ctx.user.id}`, VERIFY_RESENDS_PER_15_MIN, 900);
  await rateLimit(ctx, `verify-resend:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute, 900);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'is_demo'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.loginRequired);
  if (user.email_verified_at) return { sent: false, alreadyVerified: true, email: user.email };
  const prepared = await prepareVerification(ctx, user.email, 'resend');
  const outboxId = await ctx.db.transaction().execute((trx) => writeVerification(trx, ctx, prepared, user.id));
  await dispatchMail(ctx, [outboxId]);
  return { sent: true, alreadyVerified: false, email: user.email };
}
