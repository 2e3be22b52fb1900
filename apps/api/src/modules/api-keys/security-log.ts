import type { Database, Db } from '@atelier/db';
import type { Transaction } from 'kysely';

export type SecurityEventKind = 'api_key.created' | 'api_key.revoked' | 'api_key.new_ip';

/**
 * One entry in the user's security log (Profile → API keys) and the same fact in the admin audit
 * (actor: the user; target: the key). Pass the change's transaction.
 */
export async function writeSecurityEvent(
  executor: Db | Transaction<Database>,
  event: {
    userId: string;
    kind: SecurityEventKind;
    ip: string | null;
    details: { apiKeyId: string } & Record<string, unknown>;
    audit: { action: string };
  },
): Promise<void> {
  await executor
    .insertInto('security_events')
    .values({ user_id: event.userId, kind: event.kind, ip: event.ip, details: JSON.stringify(event.details) })
    .execute();
  await executor
    .insertInto('audit_log')
    .values({
      actor_id: event.userId,
      action: event.audit.action,
      target_type: 'api_key',
      target_id: event.details.apiKeyId,
      before: null,
      after: JSON.stringify({ ...event.details, ip: event.ip }),
    })
    .execute();
}
