import type { Db } from '@atelier/db';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { pino } from 'pino';
import type { TestApp } from './harness';

/**
 * Mail helpers for api integration tests. Without a running email worker a mail stays in the
 * outbox exactly as it will be sent (links included), so tests read it there, as an admin does in
 * Admin → Outbox; with a worker and a test mailbox (testing/smtp-server.ts) they read the mailbox.
 */

/** The newest outbox mail to `to` (optionally of one kind). */
export async function latestOutboxMail(db: Db, to: string, kind?: string) {
  let q = db
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'subject', 'text', 'html', 'links', 'status', 'attempts', 'last_response', 'user_id'])
    .where('to_address', '=', to.toLowerCase());
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) throw new Error(`No mail${kind ? ` of kind ${kind}` : ''} to ${to} in the outbox`);
  return row;
}

/** The token of the newest link to `path` (e.g. '/invite') mailed to `to`. */
export async function outboxToken(db: Db, to: string, path: string): Promise<string> {
  const mail = await latestOutboxMail(db, to);
  const link = mail.links.map((l) => new URL(l.url)).find((u) => u.pathname === path);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`The newest mail to ${to} ("${mail.subject}") has no ${path} link`);
  return token;
}

/**
 * How a person joins a project now: the owner invites their address, and they accept the mailed
 * link while signed in. Returns the accept response.
 */
export async function joinProject(
  t: TestApp,
  owner: { token: string },
  projectId: string,
  member: { token: string; email: string },
  role: 'viewer' | 'editor',
) {
  const invited = await t.rest('POST', `/api/collaboration/projects/${projectId}/invite`, {
    token: owner.token,
    body: { email: member.email, role },
  });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await outboxToken(t.deps.db, member.email, '/invite');
  const accepted = await t.rest('POST', '/api/collaboration/invitation/accept', { token: member.token, body: { token } });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.body as { projectId: string; role: 'viewer' | 'editor' };
}

/** The email queue's worker for a test app (its env decides SMTP_URL), logging into `logLines` when given. */
export function startEmailWorker(t: TestApp, options: { logLines?: string[] } = {}): Promise<RunningWorkers> {
  const log = options.logLines ? pino({ level: 'info' }, { write: (line: string) => void options.logLines?.push(line) }) : pino({ level: 'silent' });
  return startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, log, queues: ['email'] });
}
