import type { Db } from '@atelier/db';
import type { QueueClient } from '@atelier/jobs';
import type { Env } from '@atelier/shared/env';
import type { Logger } from 'pino';
import { describeUserAgent } from '../../lib/user-agent';
import { type MailSpec, type RenderedMail, type RequestOrigin, renderMail } from './email.templates';

/** Where the current request came from, as mails tell it (IP, device from the User-Agent, now). */
export function originOf(ctx: { ip: string; req: { headers: Record<string, string | string[] | undefined> } }): RequestOrigin {
  const ua = ctx.req.headers['user-agent'];
  return { ip: ctx.ip, device: describeUserAgent(typeof ua === 'string' ? ua : undefined).label, at: new Date() };
}

/** Renders a mail for this deployment (links point at PUBLIC_URL). */
export const prepareMail = (env: Env, spec: MailSpec): Promise<RenderedMail> => renderMail(spec, env.http.publicUrl);

/**
 * Writes one mail to the outbox. Call it inside the transaction of the change that causes the
 * mail, so the mail exists exactly when the change does; hand the id to `dispatchMail` after commit.
 */
export async function queueMail(trx: Db, mail: RenderedMail, userId: string | null): Promise<string> {
  const row = await trx
    .insertInto('email_outbox')
    .values({
      kind: mail.kind,
      user_id: userId,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      links: JSON.stringify(mail.links),
      attachments: JSON.stringify(mail.attachments),
      secrets: JSON.stringify(mail.secrets),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * After the transaction committed: one `email` job per outbox row (job id = row id, so a retry
 * never duplicates). When Redis is down the rows stay PENDING and the worker's reconcile sweep
 * enqueues them later; the change that caused them has happened either way.
 */
export async function dispatchMail(deps: { queues: QueueClient; log: Logger }, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      await deps.queues.enqueue('email', { outboxId: id }, { jobId: id });
    } catch (e) {
      deps.log.warn({ outboxId: id, err: String(e) }, 'mail not enqueued; the outbox sweep will send it');
    }
  }
}
