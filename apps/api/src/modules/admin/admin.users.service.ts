import { randomUUID } from 'node:crypto';
import { applyCreditChangeInTransaction, type Db } from '@atelier/db';
import { AppError, creditsToUnits, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import { revokeAllSessions } from '../auth/auth.session';
import { writeAudit } from './admin.audit';
import type { AdminUser } from './admin.schema';

interface Admin {
  id: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns of the users list, with all-time spend, generation count and purchases. */
function userRows(db: Db) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.credit_units',
      'u.is_admin',
      'u.disabled_at',
      'u.created_at',
      'u.last_active_at',
      eb
        .selectFrom('credit_ledger as l')
        .select(
          sql<string>`coalesce(sum(case when l.kind = 'spend' then -l.amount_units when l.kind = 'refund' then -l.amount_units else 0 end), 0)`.as(
            'n',
          ),
        )
        .whereRef('l.user_id', '=', 'u.id')
        .as('spent_units'),
      eb
        .selectFrom('generations as g')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('g.user_id', '=', 'u.id')
        .where('g.is_admin_test', '=', false)
        .as('generations'),
      eb
        .selectFrom('payments as p')
        .select(sql<string>`coalesce(sum(p.amount_cents), 0)`.as('n'))
        .whereRef('p.user_id', '=', 'u.id')
        .where('p.status', '=', 'paid')
        .as('paid_cents'),
    ])
    .where('u.is_demo', '=', false);
}

type UserRowOut = Awaited<ReturnType<ReturnType<typeof userRows>['executeTakeFirstOrThrow']>>;

function toAdminUser(r: UserRowOut): AdminUser {
  return {
    id: r.id,
    email: r.email,
    credits: unitsToCredits(r.credit_units),
    creditUnits: r.credit_units,
    isAdmin: r.is_admin,
    disabled: r.disabled_at !== null,
    disabledAt: r.disabled_at ? r.disabled_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    lastActiveAt: r.last_active_at ? r.last_active_at.toISOString() : null,
    creditsSpent: unitsToCredits(Math.max(0, Number(r.spent_units ?? 0))),
    generations: Number(r.generations ?? 0),
    purchasesUsd: Number(r.paid_cents ?? 0) / 100,
  };
}

export async function listUsers(db: Db, input: { limit: number; offset: number; search?: string | undefined }) {
  let q = userRows(db);
  let count = db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.is_demo', '=', false);
  if (input.search) {
    const pattern = `%${escapeLike(input.search.toLowerCase())}%`;
    q = q.where(sql<boolean>`u.email LIKE ${pattern}`);
    count = count.where(sql<boolean>`u.email LIKE ${pattern}`);
  }
  const [rows, total] = await Promise.all([
    q.orderBy('u.created_at', 'desc').orderBy('u.id').limit(input.limit).offset(input.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map(toAdminUser), total: Number(total.n), limit: input.limit, offset: input.offset };
}

export async function getAdminUser(db: Db, id: string): Promise<AdminUser> {
  const row = await userRows(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toAdminUser(row);
}

async function lockUser(db: Db, id: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin', 'disabled_at', 'credit_units', 'is_demo'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user || user.is_demo) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/**
 * Adds or removes credits with a reason: a ledger row (kind admin_adjustment, created_by the
 * admin) and an audit row in one transaction. A removal can't take the balance below 0.
 */
export async function adjustCredits(
  db: Db,
  admin: Admin,
  input: { id: string; amount: number; reason: string; idempotencyKey?: string | undefined },
) {
  await lockUser(db, input.id);
  const units = creditsToUnits(input.amount);
  const key = `admin_adjustment:${admin.id}:${input.idempotencyKey ?? randomUUID()}`;
  let applied = false;
  let balanceUnits = 0;
  try {
    ({ applied, balanceUnits } = await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select('credit_units').where('id', '=', input.id).forUpdate().executeTakeFirstOrThrow();
      const change = await applyCreditChangeInTransaction(trx, {
        userId: input.id,
        kind: 'admin_adjustment',
        amountUnits: units,
        idempotencyKey: key,
        referenceType: 'admin',
        referenceId: admin.id,
        note: input.reason,
        createdBy: admin.id,
      });
      if (change.applied) {
        await writeAudit(trx, {
          actorId: admin.id,
          action: 'user.credits_adjusted',
          targetType: 'user',
          targetId: input.id,
          before: { credits: unitsToCredits(before.credit_units) },
          after: { credits: change.creditsBalance, amount: unitsToCredits(units), reason: input.reason, ledgerEntryId: change.entryId },
        });
      }
      return change;
    }));
  } catch (e) {
    if (e instanceof AppError && e.code === 'INSUFFICIENT_CREDITS') {
      const available = unitsToCredits(Number((e.details as { availableUnits?: number } | undefined)?.availableUnits ?? 0));
      throw new AppError('VALIDATION', `This would take the balance below 0: the user has ${available} credits`, {
        fields: [{ path: 'amount', message: `At most ${available} credits can be removed` }],
      });
    }
    if ((e as { code?: string }).code === '23505') {
      // A concurrent duplicate of the same submit: it applied once.
      return { user: await getAdminUser(db, input.id), applied: false, balance: (await getAdminUser(db, input.id)).credits };
    }
    throw e;
  }
  return { user: await getAdminUser(db, input.id), applied, balance: unitsToCredits(balanceUnits) };
}

function refuseSelf(admin: Admin, id: string, what: string) {
  if (admin.id === id) throw new AppError('FORBIDDEN', `You can't ${what} your own account`);
}

export async function setAdmin(db: Db, admin: Admin, input: { id: string; isAdmin: boolean }) {
  refuseSelf(admin, input.id, input.isAdmin ? 'change the admin role of' : 'revoke admin on');
  const user = await lockUser(db, input.id);
  if (user.is_admin !== input.isAdmin) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ is_admin: input.isAdmin }).where('id', '=', input.id).execute();
      await writeAudit(trx, {
        actorId: admin.id,
        action: input.isAdmin ? 'user.admin_granted' : 'user.admin_revoked',
        targetType: 'user',
        targetId: input.id,
        before: { isAdmin: user.is_admin },
        after: { isAdmin: input.isAdmin },
      });
    });
  }
  return { user: await getAdminUser(db, input.id) };
}

/** Disabling ends every session of the account at once (its access tokens stop working, refresh fails) and login is refused. */
export async function setDisabled(db: Db, admin: Admin, input: { id: string; disabled: boolean }) {
  refuseSelf(admin, input.id, input.disabled ? 'disable' : 'enable');
  const user = await lockUser(db, input.id);
  const isDisabled = user.disabled_at !== null;
  if (isDisabled !== input.disabled) {
    await db.transaction().execute(async (trx) => {
      const disabledAt = input.disabled ? new Date() : null;
      await trx.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', input.id).execute();
      if (input.disabled) await revokeAllSessions(trx, input.id, 'account disabled by an administrator');
      await writeAudit(trx, {
        actorId: admin.id,
        action: input.disabled ? 'user.disabled' : 'user.enabled',
        targetType: 'user',
        targetId: input.id,
        before: { disabled: isDisabled, disabledAt: user.disabled_at?.toISOString() ?? null },
        after: { disabled: input.disabled, disabledAt: disabledAt?.toISOString() ?? null, sessionsEnded: input.disabled },
      });
    });
  }
  return { user: await getAdminUser(db, input.id) };
}
