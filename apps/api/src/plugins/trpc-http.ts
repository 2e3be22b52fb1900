import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { defaultTransformer, getErrorShape, getHTTPStatusCode, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { type CallableProcedure, callProcedure } from '../lib/procedure-call';
import type { AppRouter } from '../router';
import { sendJson } from './rest-adapter';

/**
 * tRPC over HTTP at `<prefix>/:path`, as `fastifyTRPCPlugin` serves it (same content-type parsers,
 * same routes, same options) — with one fast path. The official Fastify adapter turns every request
 * into a fetch `Request` (an undici object, an AbortController, a URL) and every answer into a fetch
 * `Response` streamed back through web streams; for a list read that is most of the request's cost.
 * Plain query calls — `GET /trpc/a` or a batch `GET /trpc/a,b?batch=1`, the web app's httpBatchLink —
 * are answered here directly, with tRPC's own pieces (error shape, HTTP status, response transform;
 * the procedure's middlewares run through lib/procedure-call.ts) and the same hooks (`createContext`,
 * `responseMeta`, `onError`), byte for byte the answer the adapter gives. Everything else
 * (mutations, subscriptions/SSE, JSONL streaming, connection params, unknown or mixed paths,
 * unreadable input) goes to the official handler.
 */

type Options = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

const VARY = 'trpc-accept, accept';

/**
 * The official handler answers with a fetch `Response`, whose headers Fastify copies with
 * `reply.header`, which replaces: its `Vary: trpc-accept, accept` would drop CORS's `Vary: Origin`
 * (a shared cache could then serve one origin's answer to another). Merges instead, on this reply only.
 */
function keepVary(reply: FastifyReply): void {
  const prior = reply.getHeader('vary');
  if (prior === undefined) return;
  const header = reply.header;
  reply.header = function (this: FastifyReply, key: string, value: unknown) {
    return header.call(this, key, key.toLowerCase() === 'vary' && value ? mergeVary(prior, value) : value);
  } as FastifyReply['header'];
}

/** `Origin` + `trpc-accept, accept` → `Origin, trpc-accept, accept` (each field once, case-insensitively). */
export function mergeVary(...values: unknown[]): string {
  const seen = new Map<string, string>();
  for (const v of values.flatMap((x) => (Array.isArray(x) ? x : [x])))
    for (const field of String(v).split(',')) {
      const name = field.trim();
      if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    }
  return [...seen.values()].join(', ');
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && !Array.isArray(v) && typeof v === 'object';

export async function registerTrpcHttp(app: FastifyInstance, prefix: string, trpcOptions: Options): Promise<void> {
  const router = trpcOptions.router;
  const config = router._def._config;
  const identity = config.transformer === defaultTransformer;
  // Flat at run time: `projects.list` → its procedure.
  const procedures = router._def.procedures as unknown as Record<string, CallableProcedure | undefined>;

  const official = (req: FastifyRequest, reply: FastifyReply) => {
    keepVary(reply);
    return fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: (req.params as { path: string }).path } as never);
  };

  /** The query procedures of a GET, or null when the official handler must answer it. */
  const queriesOf = (paths: string[]): CallableProcedure[] | null => {
    const found: CallableProcedure[] = [];
    for (const path of paths) {
      const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
      if (procedure?._def.type !== 'query') return null;
      found.push(procedure);
    }
    return found;
  };

  async function query(req: FastifyRequest, reply: FastifyReply) {
    const path = (req.params as { path: string }).path;
    const search = req.query as Record<string, unknown>;
    const accept = req.headers['trpc-accept'] ?? req.headers.accept;
    if (search.connectionParams !== undefined || path.includes('%') || (typeof accept === 'string' && accept.includes('application/jsonl'))) {
      return official(req, reply);
    }
    const isBatchCall = search.batch === '1';
    const paths = isBatchCall ? path.split(',') : [path];
    const calls = queriesOf(paths);
    if (!calls) return official(req, reply);

    let inputs: unknown;
    if (typeof search.input === 'string' && search.input !== '') {
      try {
        inputs = JSON.parse(search.input);
      } catch {
        return official(req, reply);
      }
    } else if (search.input !== undefined && search.input !== '') {
      return official(req, reply);
    }
    if (isBatchCall && inputs !== undefined && !isObject(inputs)) return official(req, reply);
    const deserialize = config.transformer.input.deserialize;
    const callInputs = paths.map((_p, index) => {
      const raw = isBatchCall ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
      return raw === undefined ? undefined : deserialize(raw);
    });

    const info = {
      isBatchCall,
      accept: null,
      type: 'query' as const,
      calls: paths.map((p, batchIndex) => ({ path: p, batchIndex, procedure: calls[batchIndex] })),
      connectionParams: null,
      signal: undefined,
      url: undefined,
    };
    let ctx: unknown;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await trpcOptions.createContext?.({ req, res: reply, info } as never);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }

    const run = async (procedure: CallableProcedure, batchIndex: number): Promise<{ data?: unknown; error?: TRPCError }> => {
      const input = callInputs[batchIndex];
      const callPath = paths[batchIndex] as string;
      try {
        if (ctxError) throw ctxError;
        return { data: await callProcedure(procedure, { path: callPath, getRawInput: () => Promise.resolve(input), ctx, batchIndex }) };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        trpcOptions.onError?.({ error, path: callPath, input, ctx, type: 'query', req } as never);
        return { error };
      }
    };
    const results = calls.length === 1 ? [await run(calls[0] as CallableProcedure, 0)] : await Promise.all(calls.map(run));

    const body = results.map((r, batchIndex) =>
      r.error
        ? {
            error: getErrorShape({ config, ctx, error: r.error, input: callInputs[batchIndex], path: paths[batchIndex], type: 'query' } as never),
          }
        : { result: { data: r.data } },
    );
    const errors = results.flatMap((r) => (r.error ? [r.error] : []));
    const untransformed = isBatchCall ? body : (body[0] as (typeof body)[number]);
    let status = errors.length ? getHTTPStatusCode(untransformed as never) : 200;
    // Appended to what is there (CORS's `Origin`), not in its place.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary === undefined ? VARY : mergeVary(vary, VARY));
    const meta = trpcOptions.responseMeta?.({ ctx, info, paths, data: body, errors, eagerGeneration: false, type: 'query' } as never) ?? {};
    if (meta.headers) {
      for (const [key, value] of Object.entries(meta.headers as Record<string, string | string[] | undefined>)) {
        if (Array.isArray(value)) for (const v of value) reply.header(key, v);
        else if (typeof value === 'string') reply.header(key, value);
      }
    }
    if (meta.status) status = meta.status;
    // No transformer (tRPC's identity default): the answer is sent as it is, not copied first.
    return sendJson(reply.code(status), identity ? untransformed : transformTRPCResponse(config, untransformed as never));
  }

  await app.register(
    async (scope) => {
      // As fastifyTRPCPlugin: bodies reach tRPC as the raw text.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
      const others = scope.supportedMethods.filter((m) => m !== 'GET') as HTTPMethods[];
      scope.route({ method: others, url: '/:path', handler: official });
      scope.route({ method: 'GET', url: '/:path', exposeHeadRoute: false, handler: query });
    },
    { prefix },
  );
}
