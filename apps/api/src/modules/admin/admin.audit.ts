import type { Database, Db } from '@atelier/db';
import type { Transaction } from 'kysely';

export interface AuditEntry {
  actorId: string;
  /** What happened, `<area>.<verb>`, e.g. `user.credits_adjusted`. */
  action: string;
  targetType: 'user' | 'model' | 'provider' | 'default_model' | 'queue' | 'model_test' | 'queue_dashboard' | 'email' | 'workflow';
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one audit row: who, what, when (now), before and after. Pass the change's transaction. */
export async function writeAudit(executor: Db | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}
