import { sql } from 'kysely';
import type { Context } from '../../context';
import { deviceKey } from '../../lib/user-agent';
import { dispatchMail, originOf, prepareMail, queueMail } from '../email/email.outbox';

type Ctx = Pick<Context, 'db' | 'env' | 'log' | 'req' | 'ip' | 'queues'>;

/**
 * Remembers the device family of a sign-in (browser + OS from the User-Agent, plus the IPv4 /16 or
 * IPv6 /48 network: see lib/user-agent.ts) and, when `notify` is set and the account has signed in
 * before but never from this family, mails a "new sign-in" notice in the same transaction.
 * Registration records its device without a notice; an account with no recorded device yet
 * (created before this existed) records its first sign-in quietly too.
 */
export async function recordSignIn(ctx: Ctx, user: { id: string; email: string }, options: { notify: boolean }): Promise<{ newDevice: boolean }> {
  const ua = ctx.req.headers['user-agent'];
  const device = deviceKey(typeof ua === 'string' ? ua : undefined, ctx.ip);
  const outboxId = await ctx.db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('user_devices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('user_devices')
      .values({ user_id: user.id, device_key: device.key, label: device.label, last_ip: ctx.ip })
      .onConflict((oc) => oc.columns(['user_id', 'device_key']).doUpdateSet({ last_seen_at: new Date(), last_ip: ctx.ip }))
      // xmax is 0 for a freshly inserted row, the updating transaction's id for an upsert's update.
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .executeTakeFirstOrThrow();
    if (!options.notify || !row.inserted || Number(known.n) === 0) return null;
    const mail = await prepareMail(ctx.env, { kind: 'new_sign_in', to: user.email, origin: originOf(ctx) });
    return queueMail(trx, mail, user.id);
  });
  if (outboxId) await dispatchMail(ctx, [outboxId]);
  return { newDevice: outboxId !== null };
}
