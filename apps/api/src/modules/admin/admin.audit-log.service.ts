import type { Db } from '@atelier/db';
import { sql } from 'kysely';

/** The audit trail, newest first, optionally for one target (e.g. a user). */
export async function listAudit(db: Db, input: { limit: number; offset: number; targetType?: string | undefined; targetId?: string | undefined }) {
  let q = db.selectFrom('audit_log as a');
  if (input.targetType) q = q.where('a.target_type', '=', input.targetType);
  if (input.targetId) q = q.where('a.target_id', '=', input.targetId);
  const [rows, total] = await Promise.all([
    q
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      // A user target is named by its e-mail.
      .leftJoin('users as tu', (join) => join.on(sql<boolean>`a.target_type = 'user' AND tu.id::text = a.target_id`))
      .select([
        'a.id',
        'a.actor_id',
        'u.email',
        'tu.email as target_email',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.before',
        'a.after',
        'a.created_at',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorEmail: r.email ?? null,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetLabel: r.target_email ?? r.target_id,
      before: r.before,
      after: r.after,
      createdAt: r.created_at.toISOString(),
    })),
    total: Number(total.n),
  };
}
