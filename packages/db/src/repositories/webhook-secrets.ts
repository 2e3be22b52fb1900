import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../client';

/**
 * Webhook signing secrets at rest. The worker must be able to read a secret back to sign with it
 * (Standard Webhooks signs with the secret itself), so it cannot be hashed like an API key; it is
 * sealed instead: AES-256-GCM under a key derived from the deployment's AUTH_SECRET (HKDF, its own
 * purpose string), bound to its endpoint's id (so a sealed value copied onto another endpoint does
 * not open). The api and the worker hold the same AUTH_SECRET already (both sign media URLs).
 * A value without the prefix is one stored before sealing existed: it reads as it is, and the
 * worker's `seal-webhook-secrets` task seals it.
 */
const SEALED = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();
function keyFor(authSecret: string): Buffer {
  let key = keys.get(authSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', authSecret, 'atelier', 'webhook signing secrets v1', 32));
    keys.set(authSecret, key);
  }
  return key;
}

export const isSealedWebhookSecret = (stored: string) => stored.startsWith(SEALED);

/** `sealed:v1:` + base64(iv ‖ tag ‖ ciphertext). */
export function sealWebhookSecret(authSecret: string, endpointId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(authSecret), iv);
  cipher.setAAD(Buffer.from(endpointId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** The secret a stored value holds, or null when it was sealed under another key (AUTH_SECRET changed) or damaged. */
export function openWebhookSecret(authSecret: string, endpointId: string, stored: string): string | null {
  if (!isSealedWebhookSecret(stored)) return stored;
  try {
    const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFor(authSecret), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Seals every secret still stored in clear (rows from before sealing, the demo seed's). Idempotent. */
export async function sealClearWebhookSecrets(db: Db, authSecret: string): Promise<number> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'previous_secret'])
    .where((eb) => eb.or([eb('secret', 'not like', `${SEALED}%`), eb('previous_secret', 'not like', `${SEALED}%`)]))
    .execute();
  let sealed = 0;
  for (const r of rows) {
    const seal = (v: string | null) => (v === null || isSealedWebhookSecret(v) ? v : sealWebhookSecret(authSecret, r.id, v));
    // Only while the row still holds what was read: a rotation meanwhile wins.
    const res = await db
      .updateTable('webhook_endpoints')
      .set({ secret: seal(r.secret) as string, previous_secret: seal(r.previous_secret) })
      .where('id', '=', r.id)
      .where('secret', '=', r.secret)
      .where(sql<boolean>`previous_secret is not distinct from ${r.previous_secret}`)
      .executeTakeFirst();
    sealed += Number(res.numUpdatedRows);
  }
  return sealed;
}
