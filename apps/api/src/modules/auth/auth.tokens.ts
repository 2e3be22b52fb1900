import type { AuthTokenPurpose, Database, Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import type { QueryCreator } from 'kysely';
import { randomToken, sha256 } from '../../lib/crypto';
import { LINK_LIFETIME } from '../email/email.templates';

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify_email: LINK_LIFETIME.verifyEmailHours * 3600_000,
  password_reset: LINK_LIFETIME.passwordResetHours * 3600_000,
  email_change: LINK_LIFETIME.emailChangeHours * 3600_000,
};

export const INVALID_LINK = 'This link is invalid, was already used or has expired. Ask for a new one.';

export const invalidLink = () => new AppError('VALIDATION', INVALID_LINK, { fields: [{ path: 'token', message: INVALID_LINK }] });

/** A new link secret (256 random bits); only its SHA-256 is ever stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: sha256(token) };
}

/** The statement that retires a user's unused tokens of one purpose. */
const retiring = (qc: QueryCreator<Database>, userId: string, purpose: AuthTokenPurpose) =>
  qc
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null);

/**
 * Stores a token for the user, bound to the address the link is sent to. Earlier unused tokens of
 * the same purpose stop working — in the same statement (one round trip; the statement's snapshot
 * never includes the row it inserts, so the new token is not retired with them).
 */
export async function storeToken(
  trx: Db,
  input: { userId: string; purpose: AuthTokenPurpose; email: string; hash: string; ip: string | null },
): Promise<void> {
  await trx
    .with('retired', (qc) => retiring(qc, input.userId, input.purpose).returning('id'))
    .insertInto('auth_tokens')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: input.hash,
      email: input.email,
      expires_at: new Date(Date.now() + TOKEN_TTL_MS[input.purpose]),
      created_ip: input.ip,
    })
    .execute();
}

/** Unused tokens of one purpose stop working (a new link supersedes them, or the change they allowed happened another way). */
export async function retireTokens(trx: Db, userId: string, purpose: AuthTokenPurpose): Promise<void> {
  await retiring(trx, userId, purpose).execute();
}

/** A live token's row, without using it (to prepare what the change needs before its transaction). */
export async function peekToken(db: Db, purpose: AuthTokenPurpose, token: string) {
  if (!token || token.length > 200) return null;
  return (
    (await db
      .selectFrom('auth_tokens')
      .select(['id', 'user_id', 'email'])
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst()) ?? null
  );
}

/** Uses a token once: a conditional update, so two concurrent uses cannot both succeed. Null when it is not (or no longer) valid. */
export async function consumeToken(trx: Db, purpose: AuthTokenPurpose, token: string) {
  if (!token || token.length > 200) return null;
  return (
    (await trx
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['id', 'user_id', 'email'])
      .executeTakeFirst()) ?? null
  );
}
