import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';

/**
 * Calls a tRPC procedure the way tRPC's own procedure caller does (`createProcedureCaller` in
 * @trpc/server 11: each middleware gets the call's options plus `meta`, `input` and `next`; `next`
 * may give a `ctx` to merge, an `input` or a `getRawInput`; a throw becomes a failed result; a
 * failed result is thrown at the end) — without its two object spreads per middleware, which are
 * most of what a list read costs inside tRPC. Used by the two HTTP fast paths (plugins/rest-adapter.ts
 * and plugins/trpc-http.ts); their tests compare answers with tRPC's adapter and the REST contract.
 */

type ProcedureType = 'query' | 'mutation' | 'subscription';

interface MiddlewareResult {
  ok: boolean;
  data?: unknown;
  error?: TRPCError;
}

type Middleware = (opts: {
  ctx: unknown;
  type: ProcedureType;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
  next: (nextOpts?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }) => Promise<MiddlewareResult>;
}) => Promise<MiddlewareResult>;

export interface CallableProcedure {
  _def: { type: ProcedureType; meta?: unknown; middlewares: unknown[] };
}

export interface ProcedureCallOptions {
  ctx: unknown;
  path: string;
  getRawInput: () => Promise<unknown>;
  signal?: AbortSignal | undefined;
  batchIndex?: number;
}

export async function callProcedure(procedure: CallableProcedure, opts: ProcedureCallOptions): Promise<unknown> {
  const { type, meta } = procedure._def;
  const middlewares = procedure._def.middlewares as Middleware[];
  const { path, signal } = opts;
  const batchIndex = opts.batchIndex ?? 0;

  const call = async (index: number, ctx: unknown, input: unknown, getRawInput: () => Promise<unknown>): Promise<MiddlewareResult> => {
    try {
      const middleware = middlewares[index] as Middleware;
      return await middleware({
        ctx,
        type,
        path,
        input,
        getRawInput,
        meta,
        signal,
        batchIndex,
        next: (nextOpts) =>
          call(
            index + 1,
            nextOpts?.ctx ? { ...(ctx as object), ...nextOpts.ctx } : ctx,
            nextOpts && 'input' in nextOpts ? nextOpts.input : input,
            nextOpts?.getRawInput ?? getRawInput,
          ),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as MiddlewareResult;
    }
  };

  const result = await call(0, opts.ctx, undefined, opts.getRawInput);
  if (!result) {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
  }
  if (!result.ok) throw result.error;
  return result.data;
}
