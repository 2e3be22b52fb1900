import { randomBytes } from 'node:crypto';
import { createQueueClient } from '@atelier/jobs';
import { REDACTED_TOKEN, type RunningWorkers, reconcileOutbox } from '@atelier/testkit';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/harness';
import { latestOutboxMail, startEmailWorker } from '../../testing/mail';
import { linkTo, startMailbox, type TestMailbox } from '../../testing/smtp-server';

/**
 * The outbox against a real SMTP server (testing/smtp-server.ts): every mail is a row written with
 * the change that causes it, delivered by the email queue with retries, and the row records the
 * status, the attempts and the server's answer.
 */
let t: TestApp;
let mailbox: TestMailbox;
let worker: RunningWorkers;

const address = (label: string) => `${label}-${randomBytes(3).toString('hex')}@example.com`;
const waitForRow = async (id: string, status: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await t.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === status) return row;
    if (Date.now() > deadline) throw new Error(`outbox row ${id} is ${row.status}, not ${status} (${row.last_error ?? ''})`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_FROM: 'Atelier Test <studio@atelier.test>' });
  worker = await startEmailWorker(t);
});
afterAll(async () => {
  await worker?.close(5000);
  await t?.close();
  await mailbox?.close();
});

describe('sending through SMTP', () => {
  it('delivers the verification mail of a sign-up: HTML and text, inline logo, no remote images, and the row says SENT', async () => {
    const email = address('smtp');
    const user = await t.signUp(email);
    const mail = await mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.parsed.from?.value).toEqual([{ name: 'Atelier Test', address: 'studio@atelier.test' }]);
    expect(mail.subject).toBe('Verify your e-mail address for Atelier');
    // What happened, from where, and what to do if it was not you — in both parts.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`An Atelier account was just created with the address ${email}`);
      expect(part).toMatch(/IP address: (::ffff:)?127\.0\.0\.1/);
      expect(part).toContain('Not you?');
    }
    expect(mail.text).not.toMatch(/<[a-z]/i);
    // The logo travels with the mail (cid:), and no image is fetched from anywhere.
    expect(mail.attachments).toEqual([expect.objectContaining({ cid: 'logo@atelier', contentType: 'image/png' })]);
    const images = [...mail.html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^cid:/);
    const link = new URL(linkTo(mail, '/verify-email'));
    expect(link.origin).toBe(t.env.http.publicUrl);

    const row = await latestOutboxMail(t.deps.db, email, 'verify_email');
    const sent = await waitForRow(row.id, 'SENT');
    expect(sent).toMatchObject({ attempts: 1, user_id: user.userId, last_error: null });
    expect(sent.last_response).toMatch(/^250/);
    expect(mail.messageId).toBe(sent.message_id);
    // Delivered: the stored copy no longer holds a usable token.
    const token = link.searchParams.get('token') ?? '';
    expect(sent.html).not.toContain(token);
    expect(sent.text).not.toContain(token);
    expect(JSON.stringify(sent.links)).toContain(REDACTED_TOKEN);
  });

  it('a server that refuses the first two attempts gets the mail on the third, once; the row shows 3 attempts', async () => {
    const email = address('retry');
    const before = mailbox.attempts();
    mailbox.refuseNext(2);
    await t.signUp(email);
    const mail = await mailbox.waitFor((m) => m.to.includes(email), 30_000);
    const row = await waitForRow((await latestOutboxMail(t.deps.db, email)).id, 'SENT', 30_000);
    expect(row.attempts).toBe(3);
    expect(row.last_response).toMatch(/^250/);
    expect(mailbox.attempts() - before).toBe(3);
    // Give a duplicate every chance to show up: there is none.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.to(email)).toEqual([mail]);
  });

  it('records a refusal on the row while retrying, then gives up for good on a permanent 5xx answer', async () => {
    const email = address('refused');
    mailbox.refuseNext(1);
    await t.signUp(email);
    const id = (await latestOutboxMail(t.deps.db, email)).id;
    const sent = await waitForRow(id, 'SENT', 30_000);
    expect(sent.attempts).toBe(2);

    // A server that answers 550 (mailbox unavailable): no retries, FAILED with its words.
    const rejecting = await startMailbox({ rejectWith: 550 });
    const t2 = await createTestApp({ SMTP_URL: rejecting.url });
    const w2 = await startEmailWorker(t2);
    try {
      const other = address('bounce');
      await t2.signUp(other);
      const failedId = (await latestOutboxMail(t2.deps.db, other)).id;
      const deadline = Date.now() + 20_000;
      let row = await t2.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', failedId).executeTakeFirstOrThrow();
      while (row.status !== 'FAILED' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        row = await t2.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', failedId).executeTakeFirstOrThrow();
      }
      expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
      expect(row.last_response).toMatch(/^550/);
      expect(rejecting.messages).toEqual([]);
    } finally {
      await w2.close(5000);
      await t2.close();
      await rejecting.close();
    }
  });

  it('writes the mail in the same transaction as its change: a refused sign-up leaves no mail', async () => {
    const email = address('dupe');
    await t.signUp(email);
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('to_address', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const again = await t.rest('POST', '/api/auth/register', { body: { email, password: 'another password' } });
    expect(again.status).toBe(409);
    const badReset = await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token: 'no-such-token', password: 'new password 1' } });
    expect(badReset.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a row whose job was lost (Redis lost it, or the enqueue failed) is enqueued again by the reconcile sweep', async () => {
    const email = address('lost');
    const orphan = await t.deps.db
      .insertInto('email_outbox')
      .values({
        kind: 'new_sign_in',
        to_address: email,
        subject: 'Orphaned mail',
        html: '<p>Hello</p>',
        text: 'Hello',
        updated_at: new Date(Date.now() - 120_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queues = createQueueClient(t.env.redis.url, t.env.redis.queuePrefix);
    try {
      const result = await reconcileOutbox({ db: t.deps.db, log: pino({ level: 'silent' }), queues });
      expect(result.requeued).toBeGreaterThanOrEqual(1);
    } finally {
      await queues.close();
    }
    const mail = await mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Orphaned mail');
    expect((await waitForRow(orphan.id, 'SENT')).attempts).toBe(1);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox as UNSENT and prints its links in the log at info', async () => {
    const logLines: string[] = [];
    const t2 = await createTestApp();
    const w2 = await startEmailWorker(t2, { logLines });
    try {
      const email = address('nosmtp');
      await t2.signUp(email);
      const row = await latestOutboxMail(t2.deps.db, email, 'verify_email');
      const deadline = Date.now() + 15_000;
      let status = row.status;
      while (status !== 'UNSENT' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await latestOutboxMail(t2.deps.db, email)).status;
      }
      const unsent = await latestOutboxMail(t2.deps.db, email);
      expect(unsent).toMatchObject({ status: 'UNSENT', attempts: 1 });
      expect(unsent.last_response).toMatch(/SMTP_URL is not set/);
      const link = unsent.links[0]?.url ?? '';
      expect(link).toMatch(/\/verify-email\?token=/);
      const line = logLines.map((l) => JSON.parse(l)).find((l) => l.outboxId === unsent.id);
      expect(line).toMatchObject({ level: 30, to: email, subject: 'Verify your e-mail address for Atelier' });
      expect(line.links.join(' ')).toContain(link);

      // Admin → Outbox shows it, content and links included; others may not look.
      const admin = await t2.login(ADMIN.email, ADMIN.password);
      const list = await t2.rest('GET', `/api/admin/outbox?search=${encodeURIComponent(email)}`, { token: admin.token });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 1, smtpConfigured: false });
      expect(list.body.items[0]).toMatchObject({ to: email, status: 'UNSENT', attempts: 1, subject: 'Verify your e-mail address for Atelier' });
      const detail = await t2.rest('GET', `/api/admin/outbox/${unsent.id}`, { token: admin.token });
      expect(detail.status).toBe(200);
      expect(detail.body.links).toEqual([{ label: 'Verify e-mail address', url: link }]);
      expect(detail.body.text).toContain(link);
      expect(detail.body.html).toContain('data:image/png;base64,');
      expect(detail.body.html).not.toContain('cid:');
      const user = await t2.signUp();
      expect((await t2.rest('GET', '/api/admin/outbox', { token: user.token })).status).toBe(403);
      expect((await t2.rest('GET', `/api/admin/outbox/${unsent.id}`)).status).toBe(401);

      // An admin can send it again once a server is configured; a delivered mail cannot be re-sent.
      const again = await t2.rest('POST', `/api/admin/outbox/${unsent.id}/retry`, { token: admin.token, body: {} });
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('PENDING');
      const audit = await t2.deps.db.selectFrom('audit_log').select(['action', 'target_id']).where('target_type', '=', 'email').execute();
      expect(audit).toEqual([{ action: 'email.retried', target_id: unsent.id }]);
    } finally {
      await w2.close(5000);
      await t2.close();
    }
  });
});
