import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { sha256 } from '../../lib/crypto';
import { rateLimit } from '../../lib/rate-limit';
import { newLinkToken } from '../auth/auth.tokens';
import { dispatchMail, prepareMail, queueMail } from '../email/email.outbox';
import { LINK_LIFETIME } from '../email/email.templates';
import { projectFor } from '../projects/projects.access';
import type { InviteRequest } from './collaboration.schema';
import { toInvite } from './collaboration.service';

type Ctx = Pick<Context, 'db' | 'redis' | 'log' | 'env' | 'queues' | 'ip'>;

/** Invitations (and resends) one owner may send per hour. */
export const INVITES_PER_HOUR = 60;
export const INVITATION_GONE = 'This invitation is invalid, was already used, was revoked or has expired. Ask the project owner to send it again.';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
const emailError = (message: string, code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION') =>
  new AppError(code, message, { fields: [{ path: 'email', message }] });
const inviteExpiry = () => new Date(Date.now() + LINK_LIFETIME.inviteDays * 86400_000);
const INVITE_COLUMNS = ['id', 'email', 'role', 'created_at', 'expires_at', 'last_sent_at'] as const;

/** The invitation mail for a row, rendered inside the transaction that stores its token. */
async function mailInvitation(
  trx: Db,
  ctx: Ctx,
  input: { projectId: string; to: string; role: 'viewer' | 'editor'; token: string; expiresAt: Date },
) {
  const project = await trx
    .selectFrom('projects as p')
    .innerJoin('users as o', 'o.id', 'p.user_id')
    .select(['p.name', 'o.email as owner_email'])
    .where('p.id', '=', input.projectId)
    .executeTakeFirstOrThrow();
  const mail = await prepareMail(ctx.env, {
    kind: 'project_invite',
    to: input.to,
    token: input.token,
    inviterEmail: project.owner_email,
    projectName: project.name,
    role: input.role,
    expiresAt: input.expiresAt,
  });
  return queueMail(trx, mail, null);
}

/**
 * POST /collaboration/projects/{id}/invite (owner only). Every address gets the same treatment
 * and the same answer — a pending invitation mailed as a signed, single-use link (7 days) — so
 * the answer never tells whether the address has an account. Access starts when a signed-in user
 * accepts the link, or when an account verifies that address. Refused: yourself, the demo
 * account, a current member, an address already invited (use Resend) — all things the owner
 * can see anyway.
 */
export async function invite(ctx: Ctx, user: { id: string }, input: InviteRequest) {
  await rateLimit(ctx, `invite:user:${user.id}`, INVITES_PER_HOUR, 3600);
  const email = input.email.trim().toLowerCase();
  const { token, hash } = newLinkToken();
  try {
    const { row, outboxId } = await ctx.db.transaction().execute(async (trx) => {
      const project = await projectFor(trx, user.id, input.id, { need: 'owner', forUpdate: true });
      const owner = await trx.selectFrom('users').select('email').where('id', '=', project.user_id).executeTakeFirstOrThrow();
      if (owner.email.toLowerCase() === email) throw emailError('You cannot invite yourself: you already own this project');
      const demo = await trx.selectFrom('users').select('id').where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
      if (demo) throw emailError('The demo account cannot be invited');
      const member = await trx
        .selectFrom('project_collaborators as pc')
        .innerJoin('users as u', 'u.id', 'pc.user_id')
        .select('pc.role')
        .where('pc.project_id', '=', project.id)
        .where('u.email', '=', email)
        .executeTakeFirst();
      if (member) throw emailError(`${email} is already a collaborator on this project (${member.role})`, 'CONFLICT');
      const pending = await trx
        .selectFrom('project_invites')
        .select('id')
        .where('project_id', '=', project.id)
        .where('email', '=', email)
        .executeTakeFirst();
      if (pending) throw emailError(`${email} has already been invited to this project: use Resend to mail the link again`, 'CONFLICT');
      const expiresAt = inviteExpiry();
      const row = await trx
        .insertInto('project_invites')
        .values({
          project_id: project.id,
          email,
          role: input.role,
          invited_by: user.id,
          token_hash: hash,
          expires_at: expiresAt,
          last_sent_at: new Date(),
          send_count: 1,
        })
        .returning(INVITE_COLUMNS)
        .executeTakeFirstOrThrow();
      const outboxId = await mailInvitation(trx, ctx, { projectId: project.id, to: email, role: input.role, token, expiresAt });
      return { row, outboxId };
    });
    await dispatchMail(ctx, [outboxId]);
    return { status: 'invited' as const, invite: toInvite(row) };
  } catch (e) {
    // Two simultaneous invites of the same address: the loser sees the duplicate message.
    if (isUniqueViolation(e)) throw emailError(`${email} has already been invited to this project: use Resend to mail the link again`, 'CONFLICT');
    throw e;
  }
}

/** POST /collaboration/projects/{id}/invites/{inviteId}/resend (owner only): a new link for 7 more days; the old link stops working. */
export async function resendInvite(ctx: Ctx, user: { id: string }, projectId: string, inviteId: string) {
  await rateLimit(ctx, `invite:user:${user.id}`, INVITES_PER_HOUR, 3600);
  const { token, hash } = newLinkToken();
  const { row, outboxId } = await ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, user.id, projectId, { need: 'owner' });
    const expiresAt = inviteExpiry();
    const row = await trx
      .updateTable('project_invites')
      .set((eb) => ({ token_hash: hash, expires_at: expiresAt, last_sent_at: new Date(), send_count: eb('send_count', '+', 1) }))
      .where('project_id', '=', project.id)
      .where('id', '=', inviteId)
      .returning(INVITE_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Invite not found');
    const outboxId = await mailInvitation(trx, ctx, { projectId: project.id, to: row.email, role: row.role, token, expiresAt });
    return { row, outboxId };
  });
  await dispatchMail(ctx, [outboxId]);
  return { invite: toInvite(row) };
}

/** A live invitation by its link token (never the demo workspace's). */
function liveInvitation(db: Db, token: string) {
  return db
    .selectFrom('project_invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('users as o', 'o.id', 'p.user_id')
    .select([
      'i.id',
      'i.email',
      'i.role',
      'i.expires_at',
      'i.invited_by',
      'p.id as project_id',
      'p.name',
      'p.type',
      'p.user_id as owner_id',
      'o.email as owner_email',
    ])
    .where('i.token_hash', '=', sha256(token))
    .where('i.expires_at', '>', new Date())
    .where('o.is_demo', '=', false);
}

/** POST /collaboration/invitation {token}: what the link offers (the page shows it before accepting). Anyone holding the link may look. */
export async function previewInvitation(ctx: Ctx & { user: { id: string; email: string } | null }, token: string) {
  await rateLimit(ctx, `invitation:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  const row = await liveInvitation(ctx.db, token).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', INVITATION_GONE);
  let viewer = null;
  if (ctx.user) {
    const member = await ctx.db
      .selectFrom('project_collaborators')
      .select('role')
      .where('project_id', '=', row.project_id)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    viewer = { email: ctx.user.email, isOwner: row.owner_id === ctx.user.id, currentRole: member?.role ?? null };
  }
  return {
    projectName: row.name,
    projectType: row.type,
    role: row.role,
    inviterEmail: row.owner_email,
    invitedEmail: row.email,
    expiresAt: row.expires_at.toISOString(),
    viewer,
  };
}

/**
 * POST /collaboration/invitation/accept {token} (signed in): the invitation becomes the caller's
 * membership with the invited role, and the link is used up. A current member keeps their role.
 */
export async function acceptInvitation(ctx: Ctx, user: { id: string }, token: string) {
  await rateLimit(ctx, `invitation:ip:${ctx.ip}`, ctx.env.auth.rateLimitPerMinute);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await liveInvitation(trx, token).forUpdate('i').executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', INVITATION_GONE);
    if (row.owner_id === user.id) throw new AppError('VALIDATION', 'You own this project already: the invitation is for someone else');
    await trx
      .insertInto('project_collaborators')
      .values({ project_id: row.project_id, user_id: user.id, role: row.role, invited_by: row.invited_by })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .execute();
    await trx.deleteFrom('project_invites').where('id', '=', row.id).execute();
    const member = await trx
      .selectFrom('project_collaborators')
      .select('role')
      .where('project_id', '=', row.project_id)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    ctx.log.info({ projectId: row.project_id, role: member.role }, 'invitation accepted');
    return { projectId: row.project_id, projectName: row.name, projectType: row.type, role: member.role };
  });
}
