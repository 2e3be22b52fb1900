// Cookie types (req.cookies, reply.setCookie) for every program that reaches this router, the web's typecheck included.

import { DEMO_USER_ID } from '@atelier/db';
import { AppError, MESSAGES } from '@atelier/shared';
import type {} from '@fastify/cookie';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { describeError, isUnavailableError, toTRPCError, trpcCodeOf, UNAVAILABLE_MESSAGE } from './errors';
import { findControlCharacters } from './lib/control-characters';
import { guardApiKey } from './modules/api-keys/guard';
import type { AuthedUser } from './modules/auth/auth.session';
import { procedureRoute } from './plugins/metrics';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const { body, status } = describeError(error);
      // An AppError (or an outage) inside a subscription's stream arrives wrapped as INTERNAL_SERVER_ERROR:
      // the error mapping below only sees errors raised before the stream starts. Report what it really is.
      const unwrapped = error.code === 'INTERNAL_SERVER_ERROR' && body.code !== 'INTERNAL';
      const code = unwrapped ? trpcCodeOf(body.code) : shape.data.code;
      return {
        message: body.message,
        code: unwrapped ? TRPC_ERROR_CODES_BY_KEY[code] : shape.code,
        data: {
          code,
          httpStatus: unwrapped ? status : shape.data.httpStatus,
          path: shape.data.path,
          appCode: body.code,
          fields: body.fields ?? null,
          details: body.details ?? null,
        },
        // The REST mirror answers with this object (see plugins/rest.ts).
        error: body,
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** AppErrors become TRPCErrors here, once; a Retry-After header rides along where given. */
const errorMapping = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    if (cause.retryAfterSeconds) ctx.res.header('Retry-After', String(cause.retryAfterSeconds));
    return { ...result, error: toTRPCError(cause) } as typeof result;
  }
  // Postgres or Redis dropped or refused the connection: 503 with Retry-After, not 500.
  if (!result.ok && isUnavailableError(result.error.cause)) {
    ctx.res.header('Retry-After', '5');
    return {
      ...result,
      error: toTRPCError(new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause: result.error.cause, retryAfterSeconds: 5 })),
    } as typeof result;
  }
  return result;
});

/**
 * Every procedure's input, REST and tRPC alike: text may not carry NUL or other C0 control characters
 * (Postgres refuses NUL; the others are invisible and have no place in names, prompts or ids). Tab,
 * line feed and carriage return stay allowed — prompts, articles and messages are multi-line.
 * One place, before any schema runs: 400 naming each offending field, nothing done.
 */
const refuseControlCharacters = t.middleware(async ({ getRawInput, next }) => {
  const found = findControlCharacters(await getRawInput());
  if (found.length) {
    throw new AppError('VALIDATION', `Invalid input: ${found.map((f) => f.path).join(', ')}`, {
      fields: found.map((f) => ({ path: f.path, message: `${f.path} contains a control character (${f.character}); remove it` })),
    });
  }
  return next();
});

/** Names the request's route for the HTTP metrics after the procedure it runs (plugins/metrics.ts). */
const labelRoute = t.middleware(({ ctx, path, meta, next }) => {
  // Server-side callers (createCaller in tests) carry no HTTP request to label.
  if (ctx.req?.routeOptions) ctx.req.metricsRoute = procedureRoute(ctx.req, path, meta);
  return next();
});

/** A personal API key reaches only the procedures its scopes cover, within its rate limit (modules/api-keys/guard.ts). */
const apiKeyScope = t.middleware(({ ctx, path, type, next }) => guardApiKey(ctx, path, type, next));

/** Base for the auth procedures themselves: a stale bearer token must not block login or refresh. */
export const authEndpointProcedure = t.procedure.use(labelRoute).use(errorMapping).use(refuseControlCharacters).use(apiKeyScope);

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Everything else: a stale token answers 401 so the client refreshes and retries once. */
export const publicProcedure = authEndpointProcedure.use(({ ctx, next }) => {
  if (ctx.authInvalid) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
  return next();
});

/**
 * Narrows the context's type for the procedures after a middleware without copying it: tRPC merges
 * a `ctx` given to `next` into a new object, one copy per middleware per request; the fields are
 * already on the context (see context.ts), so nothing is given.
 */
const narrowed = <T>() => ({ ctx: undefined as unknown as T });

/** Requires a signed-in user; guests get 401 'Please login to perform this action'. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', MESSAGES.loginRequired);
  return next(narrowed<{ user: AuthedUser }>());
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
  return next();
});

/**
 * Read procedures: a guest reads the demo workspace through the very same code path
 * (`ctx.viewerId` is the demo account), a signed-in user reads their own data. The context
 * carries both from the start (context.ts); callers made with `createCaller` may leave them out.
 */
export const viewerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.viewerId === undefined) return next({ ctx: { viewerId: ctx.user?.id ?? DEMO_USER_ID, isGuest: ctx.user === null } });
  return next(narrowed<{ viewerId: string; isGuest: boolean }>());
});

/**
 * Output schemas are checked in development and tests (VALIDATE_OUTPUT), not on every production
 * response: it strips tRPC's output validator from every procedure of the router, or puts it back.
 */
const outputValidators = new WeakMap<object, unknown[]>();
export function configureOutputValidation(appRouter: { _def: { procedures: Record<string, unknown> } }, enabled: boolean): void {
  for (const procedure of Object.values(appRouter._def.procedures)) {
    const def = (procedure as { _def?: { middlewares?: ({ _type?: string } & object)[] } })._def;
    const middlewares = def?.middlewares;
    if (!middlewares) continue;
    if (!outputValidators.has(middlewares)) outputValidators.set(middlewares, [...middlewares]);
    const all = outputValidators.get(middlewares) as typeof middlewares;
    // In place: the procedure's caller holds this very array.
    middlewares.splice(0, middlewares.length, ...(enabled ? all : all.filter((m) => m._type !== 'output')));
  }
}
