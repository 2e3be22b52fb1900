import type { Db } from '@atelier/db';
import type { MediaStorage, MediaUrls } from '@atelier/media';
import { AppError, unitsToCredits } from '@atelier/shared';
import type { Context } from '../../context';
import { hashPassword, verifyPassword } from '../auth/auth.password';
import { revokeAllSessions } from '../auth/auth.session';
import { announceAuthChange } from '../auth/auth.session-cache';
import { retireTokens } from '../auth/auth.tokens';
import { dispatchMail, originOf, prepareMail, queueMail } from '../email/email.outbox';
import { storeUploadedImage } from '../projects/projects.media';

type Deps = { db: Db; media: MediaUrls; storage: MediaStorage };
type Me = { id: string; email: string; sessionId: string };

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

async function account(db: Db, userId: string) {
  const u = await db
    .selectFrom('users')
    .select(['id', 'email', 'created_at', 'credit_units', 'is_admin', 'avatar_url', 'password_hash', 'is_demo', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw new AppError('NOT_FOUND', 'Account not found');
  return u;
}

export async function getProfile(deps: Deps, userId: string) {
  const u = await account(deps.db, userId);
  const count = (table: 'projects' | 'generations' | 'prompts') =>
    deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const pendingEmailChange = deps.db
    .selectFrom('auth_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const [projects, generations, prompts, pending] = await Promise.all([
    count('projects'),
    count('generations'),
    count('prompts'),
    pendingEmailChange,
  ]);
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.email_verified_at !== null,
    pendingEmail: pending?.email ?? null,
    createdAt: new Date(u.created_at).toISOString(),
    credits: unitsToCredits(u.credit_units),
    isAdmin: u.is_admin,
    avatarUrl: deps.media.url(u.avatar_url),
    counts: { projects, generations, prompts },
  };
}

/**
 * Records a dashboard visit. The account's first one answers `firstVisit: true` — once per account,
 * on whichever browser or device (the column is set in the same statement that checks it).
 */
export async function recordVisit(deps: Deps, userId: string): Promise<{ firstVisit: boolean }> {
  const first = await deps.db
    .updateTable('users')
    .set({ first_visit_at: new Date() })
    .where('id', '=', userId)
    .where('first_visit_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return { firstVisit: first !== undefined };
}

/** Changes the password; the current one is required, every other session is signed out and the account gets a notice. */
export async function changePassword(
  deps: Deps & Pick<Context, 'env' | 'queues' | 'log' | 'ip' | 'req' | 'redis' | 'sessions'>,
  me: Me,
  input: { currentPassword: string; newPassword: string },
) {
  const u = await account(deps.db, me.id);
  if (!(await verifyPassword(u.password_hash, input.currentPassword))) {
    const message = 'Current password is incorrect';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'currentPassword', message }] });
  }
  if (input.currentPassword === input.newPassword) {
    const message = 'The new password must differ from the current one';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'newPassword', message }] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const notice = await prepareMail(deps.env, { kind: 'password_changed', to: u.email, via: 'profile', origin: originOf(deps) });
  const outboxId = await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', me.id).execute();
    await revokeAllSessions(trx, me.id, 'password changed', me.sessionId);
    // A reset link mailed before the change must not undo it.
    await retireTokens(trx, me.id, 'password_reset');
    return queueMail(trx, notice, me.id);
  });
  // Committed: every replica drops the other sessions before this answers.
  await announceAuthChange(deps, [me.id]);
  await dispatchMail(deps, [outboxId]);
  return { success: true as const };
}

export async function uploadAvatar(deps: Deps, userId: string, image: string) {
  const before = await account(deps.db, userId);
  const { key } = await storeUploadedImage(deps.storage, userId, image, 'image');
  await deps.db.updateTable('users').set({ avatar_url: key }).where('id', '=', userId).execute();
  if (before.avatar_url && before.avatar_url !== key) await deps.storage.remove(before.avatar_url).catch(() => {});
  return { avatarUrl: deps.media.url(key) };
}

/** Everything we hold about the user, as JSON: account, projects, generations' metadata, ledger, prompts, brand kit. */
export async function exportData(deps: Deps, userId: string) {
  const u = await account(deps.db, userId);
  const [projects, generations, ledger, prompts, brandKit] = await Promise.all([
    deps.db
      .selectFrom('projects')
      .select(['id', 'name', 'type', 'description', 'status', 'global_prompt', 'aspect_ratio', 'resolution', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    deps.db
      .selectFrom('generations')
      .select([
        'id',
        'project_id',
        'type',
        'prompt',
        'effective_prompt',
        'model_id',
        'provider',
        'status',
        'params',
        'seed',
        'metadata',
        'credit_units_charged',
        'credit_units_refunded',
        'output_url',
        'latency_ms',
        'error',
        'created_at',
        'completed_at',
      ])
      .where('user_id', '=', userId)
      .where('is_admin_test', '=', false)
      .orderBy('created_at')
      .execute(),
    deps.db
      .selectFrom('credit_ledger')
      .select(['id', 'kind', 'amount_units', 'balance_after_units', 'reference_type', 'reference_id', 'note', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    deps.db
      .selectFrom('prompts')
      .select(['id', 'title', 'text', 'type', 'category', 'tags', 'favourite', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    deps.db.selectFrom('brand_kits').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    format: 'atelier-data-export/v1' as const,
    exportedAt: new Date().toISOString(),
    account: {
      id: u.id,
      email: u.email,
      createdAt: new Date(u.created_at).toISOString(),
      credits: unitsToCredits(u.credit_units),
      isAdmin: u.is_admin,
    },
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      description: p.description,
      status: p.status,
      globalPrompt: p.global_prompt,
      aspectRatio: p.aspect_ratio,
      resolution: p.resolution,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
    })),
    generations: generations.map((g) => ({
      id: g.id,
      projectId: g.project_id,
      type: g.type,
      prompt: g.prompt,
      effectivePrompt: g.effective_prompt,
      model: g.model_id,
      provider: g.provider,
      status: g.status,
      params: g.params,
      seed: g.seed,
      metadata: g.metadata,
      creditsUsed: unitsToCredits(g.credit_units_charged),
      creditsRefunded: unitsToCredits(g.credit_units_refunded),
      hasOutput: g.output_url !== null,
      latencyMs: g.latency_ms,
      error: g.error,
      createdAt: iso(g.created_at),
      completedAt: iso(g.completed_at),
    })),
    ledger: ledger.map((l) => ({
      id: l.id,
      kind: l.kind,
      credits: unitsToCredits(Number(l.amount_units)),
      balanceAfter: unitsToCredits(Number(l.balance_after_units)),
      referenceType: l.reference_type,
      referenceId: l.reference_id,
      note: l.note,
      createdAt: iso(l.created_at),
    })),
    prompts: prompts.map((p) => ({ ...p, created_at: undefined, updated_at: undefined, createdAt: iso(p.created_at), updatedAt: iso(p.updated_at) })),
    brandKit: brandKit
      ? {
          brandName: brandKit.brand_name,
          hasLogo: brandKit.logo_url !== null,
          colors: brandKit.colors,
          fonts: brandKit.fonts,
          toneOfVoice: brandKit.tone_of_voice,
          audience: brandKit.audience,
          wordsToUse: brandKit.words_to_use,
          wordsToAvoid: brandKit.words_to_avoid,
        }
      : null,
  };
}

/** Every media key that belongs to the user's data (generations, clips, versions, exports, avatar, logo). */
async function mediaKeysOf(db: Db, userId: string): Promise<string[]> {
  const keys = new Set<string>();
  const add = (...values: (string | null | undefined)[]) => {
    for (const v of values) if (v) keys.add(v);
  };
  const [gens, clips, versions, exports, user, kit] = await Promise.all([
    db.selectFrom('generations').select(['output_url', 'thumbnail_url']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('video_clips as c')
      .innerJoin('projects as p', 'p.id', 'c.project_id')
      .select(['c.image_url', 'c.video_url', 'c.thumbnail_url'])
      .where('p.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('segment_versions as v')
      .innerJoin('segments as s', 's.id', 'v.segment_id')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .select(['v.output_url'])
      .where('p.user_id', '=', userId)
      .execute(),
    db.selectFrom('exports').select(['output_url']).where('user_id', '=', userId).execute(),
    db.selectFrom('users').select(['avatar_url']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('brand_kits').select(['logo_url']).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  for (const g of gens) add(g.output_url, g.thumbnail_url);
  for (const c of clips) add(c.image_url, c.video_url, c.thumbnail_url);
  for (const v of versions) add(v.output_url);
  for (const e of exports) add(e.output_url);
  add(user?.avatar_url, kit?.logo_url);
  // Only the user's own media: shared files (e.g. demo assets) are never removed.
  return [...keys].filter((k) => k.includes(`/${userId}/`));
}

/**
 * Deletes the account: its media files, then the user row (projects, generations, ledger, sessions,
 * payments, prompts and brand kit go with it by cascade) and its analytics events.
 */
export async function deleteAccount(deps: Deps & Pick<Context, 'env' | 'log' | 'redis' | 'sessions'>, me: Me, confirmEmail: string) {
  const u = await account(deps.db, me.id);
  if (confirmEmail.trim().toLowerCase() !== u.email) {
    const message = 'Type your e-mail address exactly to confirm';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'confirmEmail', message }] });
  }
  if (u.is_demo) throw new AppError('FORBIDDEN', 'The demo account cannot be deleted');
  const keys = await mediaKeysOf(deps.db, me.id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_events').where('user_id', '=', me.id).execute();
    await trx.deleteFrom('users').where('id', '=', me.id).execute();
  });
  await announceAuthChange(deps, [me.id]);
  let removed = 0;
  for (const key of keys) {
    try {
      await deps.storage.remove(key);
      removed += 1;
    } catch {
      /* already gone */
    }
  }
  // And whatever else the account kept under its own folders (uploads, samples, editor assets).
  await deps.storage.removeOwner(me.id).catch(() => 0);
  return { success: true as const, mediaRemoved: removed };
}
