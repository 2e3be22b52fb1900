import type { Db } from '@atelier/db';
import { LIVE_JOB_STATES, type QueueClient } from '@atelier/jobs';
import { UnrecoverableError } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { defineProcessor } from '../registry';

/** What replaces a mail's one-time tokens in the stored copy once the mail has been delivered. */
export const REDACTED_TOKEN = '[token removed after delivery]';

const transports = new Map<string, Transporter>();

/** One transport per SMTP URL, reused across jobs (nodemailer opens a connection per message). */
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

const clip = (value: string, max = 1000) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** The SMTP server's words (e.g. "451 4.3.0 Try again later") when there are any, else the error message. */
function describeSmtpError(error: unknown): { response: string | null; message: string; permanent: boolean } {
  const e = error as { response?: unknown; responseCode?: unknown; message?: string; permanent?: unknown };
  const response = typeof e.response === 'string' ? clip(e.response) : null;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  // 5xx: the server refuses this mail for good (unknown mailbox, rejected sender): retrying cannot help.
  const permanent = e.permanent === true || (code !== null && code >= 500 && code < 600);
  return { response, message: clip(e.message ?? String(error)), permanent };
}

const redact = (text: string, secrets: string[]) => secrets.reduce((acc, s) => (s ? acc.split(s).join(REDACTED_TOKEN) : acc), text);

/**
 * Delivers one outbox row. The row is the truth: a row already SENT is never sent again (a
 * retried or re-delivered job ends there), each attempt is counted on the row with the SMTP
 * server's answer, and the Message-ID is derived from the row id so a receiver sees one message.
 * Without SMTP_URL the row is marked UNSENT and its links are written to the log (Admin → Outbox shows it).
 */
export const emailProcessor = defineProcessor({
  queue: 'email',
  async process(job, { db, log, env }) {
    const { outboxId } = job.data;
    const row = await db
      .updateTable('email_outbox')
      .set((eb) => ({ status: 'SENDING', attempts: eb('attempts', '+', 1) }))
      .where('id', '=', outboxId)
      .where('status', 'in', ['PENDING', 'RETRYING', 'SENDING'])
      .returning(['id', 'kind', 'to_address', 'subject', 'html', 'text', 'links', 'attachments', 'secrets', 'attempts'])
      .executeTakeFirst();
    if (!row) {
      const exists = await db.selectFrom('email_outbox').select('status').where('id', '=', outboxId).executeTakeFirst();
      if (!exists) throw new UnrecoverableError(`Outbox row ${outboxId} does not exist`);
      return { skipped: exists.status };
    }

    if (!env.mail.smtpUrl) {
      await db
        .updateTable('email_outbox')
        .set({ status: 'UNSENT', last_response: 'Not sent: SMTP_URL is not set. The mail is kept in Admin → Outbox.', last_error: null })
        .where('id', '=', row.id)
        .execute();
      log.info(
        { outboxId: row.id, kind: row.kind, to: row.to_address, subject: row.subject, links: row.links.map((l) => `${l.label}: ${l.url}`) },
        'mail not sent (SMTP_URL is not set); its links, and the whole mail in Admin → Outbox',
      );
      return { sent: false };
    }

    const messageId = `<${row.id}@${new URL(env.http.publicUrl).hostname || 'atelier'}>`;
    try {
      const info = await transportFor(env.mail.smtpUrl).sendMail({
        from: env.mail.from,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          cid: a.cid,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      const response = typeof info.response === 'string' ? clip(info.response) : 'accepted';
      // Delivered: the stored copy keeps no usable token (the links were single-use secrets for the recipient).
      await db
        .updateTable('email_outbox')
        .set({
          status: 'SENT',
          sent_at: new Date(),
          last_response: response,
          last_error: null,
          message_id: messageId,
          html: redact(row.html, row.secrets),
          text: redact(row.text, row.secrets),
          links: JSON.stringify(row.links.map((l) => ({ label: l.label, url: redact(l.url, row.secrets) }))),
          secrets: JSON.stringify([]),
        })
        .where('id', '=', row.id)
        .execute();
      log.info({ outboxId: row.id, kind: row.kind, attempt: row.attempts, response }, 'mail sent');
      return { sent: true, response };
    } catch (error) {
      const { response, message, permanent } = describeSmtpError(error);
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await db
        .updateTable('email_outbox')
        .set({ status: final ? 'FAILED' : 'RETRYING', last_response: response, last_error: message })
        .where('id', '=', row.id)
        .execute();
      log.warn({ outboxId: row.id, kind: row.kind, attempt: row.attempts, response, err: message, final }, 'mail not delivered');
      throw permanent ? new UnrecoverableError(response ?? message) : error;
    }
  },
  async onFinalFailure(job, error, { db }) {
    // A crash between attempts, or a bad payload: whatever happened, the row must not stay "in flight".
    await db
      .updateTable('email_outbox')
      .set({ status: 'FAILED', last_error: clip(error.message) })
      .where('id', '=', job.data.outboxId)
      .where('status', 'in', ['PENDING', 'SENDING', 'RETRYING'])
      .execute();
  },
});

/**
 * Postgres is the truth and the api enqueues only after its transaction commits: a row whose
 * enqueue failed (Redis down) or whose job Redis lost is enqueued again here (same job id, so
 * no duplicates). Rows left SENDING by a killed worker count too: they are sent at most once more.
 */
export async function reconcileOutbox(
  deps: { db: Db; log: Logger; queues: QueueClient },
  options: { olderThanMs?: number; giveUpAfterMs?: number } = {},
): Promise<{ requeued: number; failed: number }> {
  const olderThan = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const giveUp = Date.now() - (options.giveUpAfterMs ?? 3 * 86400_000);
  const rows = await deps.db
    .selectFrom('email_outbox')
    .select(['id', 'created_at'])
    .where('status', 'in', ['PENDING', 'SENDING', 'RETRYING'])
    .where('updated_at', '<', olderThan)
    .orderBy('created_at')
    .limit(500)
    .execute();
  let requeued = 0;
  let failed = 0;
  for (const row of rows) {
    if (LIVE_JOB_STATES.includes(await deps.queues.state('email', row.id))) continue;
    if (new Date(row.created_at).getTime() < giveUp) {
      await deps.db
        .updateTable('email_outbox')
        .set({ status: 'FAILED', last_error: 'Not delivered in time; the mail was given up' })
        .where('id', '=', row.id)
        .where('status', 'in', ['PENDING', 'SENDING', 'RETRYING'])
        .execute();
      failed++;
      continue;
    }
    await deps.queues.cancel('email', row.id);
    await deps.queues.enqueue('email', { outboxId: row.id }, { jobId: row.id });
    requeued++;
  }
  if (requeued || failed) deps.log.warn({ requeued, failed }, 'reconciled outbox');
  return { requeued, failed };
}
