import type { Db, EmailStatus } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import { writeAudit } from '../admin/admin.audit';
import { dispatchMail } from './email.outbox';
import { EMAIL_STATUSES, type OutboxListInput } from './email.schema';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const ITEM_COLUMNS = [
  'id',
  'kind',
  'to_address',
  'subject',
  'status',
  'attempts',
  'last_response',
  'last_error',
  'created_at',
  'updated_at',
  'sent_at',
] as const;

function toItem(r: {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_response: string | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}) {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastResponse: r.last_response,
    lastError: r.last_error,
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    sentAt: iso(r.sent_at),
  };
}

/** GET /admin/outbox: every mail, newest first, with its delivery status, attempts and the SMTP server's answer. */
export async function listOutbox(ctx: Pick<Context, 'db' | 'env'>, input: OutboxListInput) {
  let q = ctx.db.selectFrom('email_outbox');
  if (input.status) q = q.where('status', '=', input.status);
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('to_address', 'ilike', like), eb('subject', 'ilike', like)]));
  }
  const [items, total, counts] = await Promise.all([
    q.select(ITEM_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('email_outbox')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
  ]);
  return {
    items: items.map(toItem),
    total: Number(total.n),
    limit: input.limit,
    offset: input.offset,
    smtpConfigured: Boolean(ctx.env.mail.smtpUrl),
    counts: Object.fromEntries(EMAIL_STATUSES.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)])) as Record<EmailStatus, number>,
  };
}

async function outboxRow(db: Db, id: string) {
  const row = await db
    .selectFrom('email_outbox')
    .select([...ITEM_COLUMNS, 'html', 'text', 'links', 'attachments', 'message_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Mail not found');
  return row;
}

/** GET /admin/outbox/{id}: one mail as sent (or as it will be): text, HTML and its links. */
export async function getOutboxMail(ctx: Pick<Context, 'db'>, id: string) {
  const row = await outboxRow(ctx.db, id);
  // The preview has no attachments: inline images referenced by cid: become data: URIs.
  const html = row.attachments.reduce((acc, a) => acc.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.contentBase64}`), row.html);
  return { ...toItem(row), text: row.text, html, links: row.links, messageId: row.message_id };
}

/**
 * POST /admin/outbox/{id}/retry: a FAILED or UNSENT mail goes back to the queue (e.g. after the
 * SMTP settings were fixed). A mail already SENT is never sent again.
 */
export async function retryOutboxMail(ctx: Pick<Context, 'db' | 'queues' | 'log'>, admin: { id: string }, id: string) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('email_outbox').select(['status', 'attempts']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', 'Mail not found');
    if (before.status !== 'FAILED' && before.status !== 'UNSENT') {
      throw new AppError('CONFLICT', before.status === 'SENT' ? 'This mail was delivered already' : 'This mail is still on its way');
    }
    const updated = await trx
      .updateTable('email_outbox')
      .set({ status: 'PENDING', last_error: null })
      .where('id', '=', id)
      .returning(ITEM_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: admin.id,
      action: 'email.retried',
      targetType: 'email',
      targetId: id,
      before: { status: before.status, attempts: before.attempts },
      after: { status: 'PENDING' },
    });
    return updated;
  });
  // The finished job keeps its id for a while: remove it so the same id can run again.
  await (await ctx.queues.queues.email.getJob(id))?.remove().catch(() => {});
  await dispatchMail(ctx, [id]);
  return toItem(row);
}
