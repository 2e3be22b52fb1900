// Cookie types (req.cookies, reply.setCookie) for every program that reaches this router, the web's typecheck included.

import { DEMO_USER_ID } from '@atelier/db';
import { AppError, MESSAGES } from '@atelier/shared';
import type {} from '@fastify/cookie';
import { getTRPCErrorFromUnknown, initTRPC, type TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { createInputMiddleware, createOutputMiddleware } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
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

/**
 * AppErrors become TRPCErrors here, once; a Retry-After header rides along where given. Postgres or
 * Redis dropping or refusing the connection is 503 with Retry-After, not 500.
 */
function mapError(ctx: Pick<Context, 'res'>, error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError) {
    if (cause.retryAfterSeconds) ctx.res?.header('Retry-After', String(cause.retryAfterSeconds));
    return toTRPCError(cause);
  }
  if (isUnavailableError(cause)) {
    ctx.res?.header('Retry-After', '5');
    return toTRPCError(new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause, retryAfterSeconds: 5 }));
  }
  return error;
}

interface GateOptions {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: OpenApiMeta | undefined;
  getRawInput: () => Promise<unknown>;
}

/**
 * What every procedure goes through, REST and tRPC alike, in ONE middleware (each tRPC middleware
 * layer costs two object spreads and a promise per request, and a list read runs through them all):
 * 1. the request's route is named after the procedure for the HTTP metrics (plugins/metrics.ts);
 * 2. text may not carry NUL or other C0 control characters (Postgres refuses NUL; the others are
 *    invisible and have no place in names, prompts or ids) — tab, line feed and carriage return stay
 *    allowed, prompts and articles are multi-line; 400 naming each offending field, nothing done;
 * 3. a personal API key reaches only the procedures its scopes cover, within its rate limit
 *    (modules/api-keys/guard.ts), and the rest runs as the key;
 * 4. the procedure kind's own check (`check`: stale token, signed in, admin);
 * then the procedure, and errors — thrown here or returned from below — are mapped by `mapError`.
 */
async function gate<R extends { ok: boolean }>(opts: GateOptions, check: ((ctx: Context) => void) | null, proceed: () => Promise<R>): Promise<R> {
  const { ctx, path, type, meta } = opts;
  // Server-side callers (createCaller in tests) carry no HTTP request to label.
  const routeUrl = ctx.req?.routeOptions?.url;
  if (routeUrl !== undefined) ctx.req.metricsRoute = procedureRoute(ctx.req, routeUrl, path, meta);
  let result: R;
  try {
    const found = findControlCharacters(await opts.getRawInput());
    if (found.length) {
      throw new AppError('VALIDATION', `Invalid input: ${found.map((f) => f.path).join(', ')}`, {
        fields: found.map((f) => ({ path: f.path, message: `${f.path} contains a control character (${f.character}); remove it` })),
      });
    }
    result = await guardApiKey(ctx, path, type, () => {
      check?.(ctx);
      return proceed();
    });
  } catch (cause) {
    throw mapError(ctx, getTRPCErrorFromUnknown(cause));
  }
  if (result.ok) return result;
  const failed = result as R & { error: TRPCError };
  const error = mapError(ctx, failed.error);
  return error === failed.error ? result : ({ ...failed, error } as R);
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** A stale token answers 401 so the client refreshes and retries once. */
const refuseStale = (ctx: Context) => {
  if (ctx.authInvalid) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
};
/** Guests get 401 'Please login to perform this action'. */
const requireUser = (ctx: Context) => {
  refuseStale(ctx);
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', MESSAGES.loginRequired);
};
const requireAdmin = (ctx: Context) => {
  requireUser(ctx);
  if (!ctx.user?.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
};

/**
 * Narrows the context's type for the procedure without copying it: tRPC merges a `ctx` given to
 * `next` into a new object; the fields are already on the context (see context.ts), so nothing is given.
 */
const narrowed = <T>() => ({ ctx: undefined as unknown as T });

/** Base for the auth procedures themselves: a stale bearer token must not block login or refresh. */
export const authEndpointProcedure = t.procedure.use((opts) => gate(opts, null, () => opts.next()));

/** Everything else: a stale token answers 401 so the client refreshes and retries once. */
export const publicProcedure = t.procedure.use((opts) => gate(opts, refuseStale, () => opts.next()));

/** Requires a signed-in user; guests get 401 'Please login to perform this action'. */
export const authedProcedure = t.procedure.use((opts) => gate(opts, requireUser, () => opts.next(narrowed<{ user: AuthedUser }>())));

export const adminProcedure = t.procedure.use((opts) => gate(opts, requireAdmin, () => opts.next(narrowed<{ user: AuthedUser }>())));

/**
 * Read procedures: a guest reads the demo workspace through the very same code path
 * (`ctx.viewerId` is the demo account), a signed-in user reads their own data. The context
 * carries both from the start (context.ts); callers made with `createCaller` may leave them out.
 */
export const viewerProcedure = t.procedure.use((opts) =>
  gate(opts, refuseStale, () =>
    opts.ctx.viewerId === undefined
      ? opts.next({ ctx: { viewerId: opts.ctx.user?.id ?? DEMO_USER_ID, isGuest: opts.ctx.user === null } })
      : opts.next(narrowed<{ viewerId: string; isGuest: boolean }>()),
  ),
);

/**
 * A zod schema's parse, synchronous first. tRPC parses with `parseAsync`, which never takes zod's
 * compiled fast path for objects (it is sync-only) and costs several times more on every call; a
 * schema with an async refinement still parses — zod says so with `$ZodAsyncError`, the async parse
 * runs, and that schema goes straight to it from then on. Same results and the same ZodError.
 */
export function syncFirstParse(schema: z.ZodType): (value: unknown) => unknown {
  let needsAsync = false;
  return (value) => {
    if (needsAsync) return schema.parseAsync(value);
    try {
      return schema.parse(value);
    } catch (e) {
      if (!(e instanceof z.core.$ZodAsyncError)) throw e;
      needsAsync = true;
      return schema.parseAsync(value);
    }
  };
}

type ProcedureDef = { middlewares?: ({ _type?: string } & object)[]; inputs?: unknown[]; output?: unknown };

/** A procedure's middlewares with its input and output validators parsing sync-first. */
function withSyncFirstParsing(def: ProcedureDef, middlewares: ({ _type?: string } & object)[]) {
  let input = 0;
  return middlewares.map((m) => {
    if (m._type === 'input') {
      const schema = def.inputs?.[input++];
      return schema instanceof z.ZodType ? createInputMiddleware(syncFirstParse(schema)) : m;
    }
    if (m._type === 'output') return def.output instanceof z.ZodType ? createOutputMiddleware(syncFirstParse(def.output)) : m;
    return m;
  });
}

/**
 * How the router's procedures validate. Input and output parse sync-first (above), set up on the
 * first call; output schemas are checked in development and tests (VALIDATE_OUTPUT), not on every
 * production response: the output validator is stripped from every procedure, or put back.
 */
const outputValidators = new WeakMap<object, unknown[]>();
export function configureValidation(appRouter: { _def: { procedures: Record<string, unknown> } }, enabled: boolean): void {
  for (const procedure of Object.values(appRouter._def.procedures)) {
    const def = (procedure as { _def?: ProcedureDef })._def;
    const middlewares = def?.middlewares;
    if (!def || !middlewares) continue;
    if (!outputValidators.has(middlewares)) outputValidators.set(middlewares, withSyncFirstParsing(def, middlewares));
    const all = outputValidators.get(middlewares) as typeof middlewares;
    // In place: the procedure's caller holds this very array.
    middlewares.splice(0, middlewares.length, ...(enabled ? all : all.filter((m) => m._type !== 'output')));
  }
}
