import { runAsApiKey } from '@atelier/db';
import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { rateLimit } from '../../lib/rate-limit';
import { apiKeyBearer } from './authenticate';
import { describeRule, missingScopes, scopeFor } from './scopes';

export const INVALID_KEY = 'This API key is invalid, expired or revoked.';
const WINDOW_SECONDS = 60;

/**
 * The one place keys are held to their scopes (a tRPC middleware in trpc.ts runs this for every
 * procedure): an unknown, revoked or expired key is 401; a procedure the key's scopes do not cover
 * is 403, `never` ones (admin, auth, key and webhook management, password, e-mail) always; then the
 * per-key rate limit, and the procedure runs as the key (ledger rows and generations name it).
 */
export function guardApiKey<T>(
  ctx: Pick<Context, 'user' | 'authInvalid' | 'req' | 'res' | 'redis' | 'env' | 'log'>,
  path: string,
  type: 'query' | 'mutation' | 'subscription',
  next: () => Promise<T>,
): Promise<T> {
  const key = ctx.user?.apiKey;
  // No key (a session or a guest): straight on, without a promise of its own.
  if (!key) {
    if (ctx.authInvalid && ctx.req && apiKeyBearer(ctx.req.headers.authorization)) throw new AppError('UNAUTHENTICATED', INVALID_KEY);
    return next();
  }
  return guardKey(ctx, key, path, type, next);
}

async function guardKey<T>(
  ctx: Pick<Context, 'res' | 'redis' | 'env' | 'log'>,
  key: NonNullable<NonNullable<Context['user']>['apiKey']>,
  path: string,
  type: 'query' | 'mutation' | 'subscription',
  next: () => Promise<T>,
): Promise<T> {
  const rule = scopeFor(path, type);
  const missing = rule === undefined ? null : missingScopes(rule, key.scopes);
  if (missing === null) throw new AppError('FORBIDDEN', `API keys cannot call ${path}; sign in to the app to do this.`);
  if (missing.length) {
    const { scopes, anyOf } = describeRule(rule);
    throw new AppError(
      'FORBIDDEN',
      `This API key lacks the scope ${missing.map((s) => `'${s}'`).join(anyOf ? ' or ' : ' and ')} needed for ${path}`,
      {
        details: { required: scopes, anyOf, granted: key.scopes },
      },
    );
  }
  await limitKey(ctx, key.id);
  return runAsApiKey({ id: key.id, name: key.name, prefix: key.prefix }, next);
}

/** The per-key limit: the shared Redis window (lib/rate-limit.ts), with the IETF RateLimit headers. */
function limitKey(ctx: Pick<Context, 'res' | 'redis' | 'env' | 'log'>, keyId: string) {
  const limit = ctx.env.apiKeys.rateLimitPerMinute;
  return rateLimit(ctx, `api-key:${keyId}`, limit, WINDOW_SECONDS, {
    onState: (state) => {
      if (!ctx.res?.header) return;
      ctx.res.header('RateLimit-Limit', String(state.limit));
      ctx.res.header('RateLimit-Remaining', String(state.remaining));
      ctx.res.header('RateLimit-Reset', String(state.resetSeconds));
    },
    message: (state) => `This API key made more than ${state.limit} requests this minute; retry in ${state.resetSeconds} s`,
  });
}
