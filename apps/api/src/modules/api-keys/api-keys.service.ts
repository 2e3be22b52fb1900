import type { ApiKeysTable } from '@atelier/db';
import { AppError } from '@atelier/shared';
import type { Selectable } from 'kysely';
import type { Context } from '../../context';
import type { ApiKey, CreateApiKeyInput } from './api-keys.schema';
import { newSecret } from './authenticate';
import { writeSecurityEvent } from './security-log';

type Ctx = Pick<Context, 'db' | 'ip'>;

/** Live (not revoked) keys a user may hold at once. */
export const MAX_KEYS_PER_USER = 25;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    expiresAt: iso(row.expires_at),
    expired: row.expires_at !== null && row.expires_at.getTime() <= Date.now(),
  };
}

/** The user's keys that are not revoked, newest first (expired ones stay listed, marked, until revoked). */
export async function listKeys(ctx: Ctx, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toApiKey);
}

export async function createKey(ctx: Ctx, userId: string, input: CreateApiKeyInput): Promise<{ apiKey: ApiKey; secret: string }> {
  const { secret, prefix, hash } = newSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Serialises concurrent creations of one user so the cap holds.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const live = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= MAX_KEYS_PER_USER) {
      throw new AppError('VALIDATION', `You can hold at most ${MAX_KEYS_PER_USER} API keys; revoke one first`);
    }
    const inserted = await trx
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: input.name,
        prefix,
        key_hash: hash,
        scopes: [...input.scopes].sort(),
        expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeSecurityEvent(trx, {
      userId,
      kind: 'api_key.created',
      ip: ctx.ip,
      details: { apiKeyId: inserted.id, name: inserted.name, prefix, scopes: inserted.scopes, expiresAt: iso(inserted.expires_at) },
      audit: { action: 'api_key.created' },
    });
    return inserted;
  });
  return { apiKey: toApiKey(row), secret };
}

/** Revokes at once: keys are looked up on every request, so the next one with it answers 401 on every replica. */
export async function revokeKey(ctx: Ctx, userId: string, id: string): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name', 'prefix'])
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'API key not found', { fields: [{ path: 'id', message: 'No live API key of yours has this id' }] });
    await writeSecurityEvent(trx, {
      userId,
      kind: 'api_key.revoked',
      ip: ctx.ip,
      details: { apiKeyId: row.id, name: row.name, prefix: row.prefix },
      audit: { action: 'api_key.revoked' },
    });
  });
  return { success: true };
}

export async function securityLog(ctx: Ctx, userId: string, limit: number) {
  const rows = await ctx.db
    .selectFrom('security_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, ip: r.ip, details: r.details, createdAt: r.created_at.toISOString() }));
}
