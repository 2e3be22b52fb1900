import { randomBytes } from 'node:crypto';
import type { ApiKeyScope, Db } from '@atelier/db';
import type { Env } from '@atelier/shared/env';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { sha256 } from '../../lib/crypto';
import { type AuthedUser, INVALID_TOKEN } from '../auth/auth.session';
import { writeSecurityEvent } from './security-log';

export const KEY_PREFIX = 'atl_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters ≈ 256 bits. */
const SECRET_LENGTH = 43;
/** How many characters of the secret the list shows (after `atl_`). */
const VISIBLE = 8;
/** Last-used time is written at most this often per key (a new IP is always written). */
const LAST_USED_GRANULARITY_MS = 60_000;

/** A new secret: `atl_` + 43 base62 characters from 32+ random bytes (rejection sampling: no modulo bias). */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  let body = '';
  while (body.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < SECRET_LENGTH) body += BASE62[byte % 62];
    }
  }
  const secret = `${KEY_PREFIX}${body}`;
  return { secret, prefix: secret.slice(0, KEY_PREFIX.length + VISIBLE), hash: sha256(secret) };
}

/** A bearer that is an API key (not a session's access token). */
export function apiKeyBearer(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(atl_\S*)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export interface ApiKeyIdentity {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
}

/**
 * Resolves an `atl_` key to its user, on every request from Postgres (no cache: a revoke takes
 * effect on the next request on every replica). Unknown, revoked or expired keys, and keys of a
 * disabled account, are INVALID_TOKEN (401). Records the last use, and a first use from an IP in
 * the owner's security log.
 */
export async function authenticateApiKey(
  deps: { db: Db; env: Env; log: Logger },
  secret: string,
  ip: string,
): Promise<(AuthedUser & { apiKey: ApiKeyIdentity }) | typeof INVALID_TOKEN> {
  if (!/^atl_[0-9A-Za-z]{20,100}$/.test(secret)) return INVALID_TOKEN;
  const row = await deps.db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.name', 'k.prefix', 'k.scopes', 'k.last_used_at', 'k.last_used_ip', 'u.id as user_id', 'u.email', 'u.is_admin'])
    .where('k.key_hash', '=', sha256(secret))
    .where('k.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', new Date())]))
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return INVALID_TOKEN;
  const stale = !row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS;
  if (stale || row.last_used_ip !== ip) {
    await recordUse(deps, { keyId: row.id, userId: row.user_id, name: row.name, prefix: row.prefix }, ip).catch((e: unknown) =>
      deps.log.warn({ err: String(e), apiKeyId: row.id }, 'could not record API key use'),
    );
  }
  return {
    id: row.user_id,
    email: row.email,
    // A key never acts as an admin: admin procedures are `never` for keys anyway, and this keeps it so.
    isAdmin: false,
    // Not a session: session-scoped actions (password change, sign-out) are never reachable with a key.
    sessionId: row.id,
    apiKey: { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes },
  };
}

async function recordUse(deps: { db: Db }, key: { keyId: string; userId: string; name: string; prefix: string }, ip: string) {
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('api_keys').set({ last_used_at: new Date(), last_used_ip: ip }).where('id', '=', key.keyId).execute();
    const inserted = await trx
      .insertInto('api_key_ips')
      .values({ api_key_id: key.keyId, ip })
      .onConflict((oc) => oc.columns(['api_key_id', 'ip']).doNothing())
      .returning(sql<number>`1`.as('one'))
      .executeTakeFirst();
    if (!inserted) return;
    await writeSecurityEvent(trx, {
      userId: key.userId,
      kind: 'api_key.new_ip',
      ip,
      details: { apiKeyId: key.keyId, name: key.name, prefix: key.prefix },
      audit: { action: 'api_key.used_from_new_ip' },
    });
  });
}
