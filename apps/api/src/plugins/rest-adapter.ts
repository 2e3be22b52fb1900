import { TRPCError } from '@trpc/server';
import { getErrorShape, getHTTPStatusCodeFromError } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getErrorFromUnknown,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
} from 'trpc-to-openapi';
import { type CallableProcedure, callProcedure } from '../lib/procedure-call';

/**
 * The REST mirror's adapter: every procedure with `meta.openapi` answers at its path under /api.
 * It does what trpc-to-openapi's adapter (3.x, `createOpenApiNodeHttpHandler`) does — same input
 * (query or JSON body, plus path parameters), same coercion of query strings, same content-type
 * rule, same error body and status, same hooks (`createContext`, `responseMeta`, `onError`) — but
 * the per-procedure work is done ONCE at start-up: each procedure gets its own Fastify route (no
 * wildcard, no URL parsing, no regular-expression scan of every path), its input schema is
 * inspected and coerced once, and it is called directly (no caller proxy built per request, no
 * AbortController, no fetch `Request`; lib/procedure-call.ts runs its middlewares). Requests no
 * route matches (another casing, a trailing slash, a method with no procedure) fall to one `/api/*`
 * route that resolves them as the old adapter did.
 */

interface Entry {
  /** The procedure's dotted path (`projects.list`). */
  path: string;
  type: 'query' | 'mutation';
  method: string;
  /** The OpenAPI path, normalized (`/projects/{id}`). */
  openapiPath: string;
  pathRegExp: RegExp;
  procedure: CallableProcedure;
  /** The input schema is void-like: the procedure takes no input at all. */
  noInput: boolean;
  useBody: boolean;
  /** Query keys whose schema is an array: a single `?k=v` becomes `[v]`. */
  arrayKeys: string[];
  /** The path has `{parameters}`. */
  hasParams: boolean;
}

export interface RestAdapterOptions {
  basePath: string;
  router: { _def: { procedures: Record<string, unknown>; _config: unknown } };
  createContext: (opts: { req: FastifyRequest; res: FastifyReply; info: { connectionParams: null } }) => Promise<unknown>;
  responseMeta: (opts: {
    type: string;
    paths: string[] | undefined;
    ctx: unknown;
    data: unknown[];
    errors: TRPCError[];
    info: unknown;
    eagerGeneration: boolean;
  }) => { status?: number | undefined; headers?: Record<string, string | undefined> } | undefined;
  onError: (opts: { error: TRPCError; type: string; path: string | undefined; input: unknown; ctx: unknown; req: FastifyRequest }) => void;
  /**
   * Routes (full URLs, `/api/advanced-features/voice/clone`) registered in an encapsulated scope of
   * their own, prepared by `setup` — so a plugin only they need (the multipart parser, with hooks on
   * every request of its scope) stays off every other route.
   */
  scoped?: { urls: ReadonlySet<string>; setup: (scope: FastifyInstance) => Promise<void> | void };
}

const INFO = { connectionParams: null } as const;

const isPlain = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * A JSON answer. A plain object or array goes to Fastify's own JSON serializer (JSON.stringify,
 * `application/json; charset=utf-8`), as a bare route's answer does: a content type set by hand
 * costs a content-type parse on every send. Anything else is stringified here, as before.
 */
export function sendJson(reply: FastifyReply, body: unknown) {
  if (isPlain(body)) return reply.send(body);
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

function entriesOf(router: RestAdapterOptions['router']): Entry[] {
  const entries: Entry[] = [];
  forEachOpenApiProcedure(router._def.procedures as never, ({ path, procedure, meta }) => {
    const type = (procedure as unknown as CallableProcedure)._def.type;
    if (type === 'subscription') return;
    const method = meta.openapi.method;
    const openapiPath = normalizePath(meta.openapi.path);
    const { inputParser } = getInputOutputParsers(procedure as never);
    const unwrapped = unwrapZodType(inputParser as never, true);
    const useBody = acceptsRequestBody(method);
    const arrayKeys: string[] = [];
    if (zodSupportsCoerce && instanceofZodTypeObject(unwrapped)) {
      for (const [key, shape] of Object.entries((unwrapped as unknown as { shape: Record<string, unknown> }).shape)) {
        const isArray = isZodArray(shape) || (instanceofZodTypeOptional(shape as never) && isZodArray((shape as { unwrap: () => unknown }).unwrap()));
        if (isArray) arrayKeys.push(key);
      }
      // What the old adapter did on every call (it only sets flags; plugins/rest-coercion.ts pins the ones that must stay off).
      coerceSchema(unwrapped as never);
    }
    entries.push({
      path,
      type,
      method,
      openapiPath,
      pathRegExp: getPathRegExp(openapiPath),
      procedure: procedure as unknown as CallableProcedure,
      noInput: instanceofZodTypeLikeVoid(unwrapped as never),
      useBody,
      arrayKeys: useBody ? [] : arrayKeys,
      hasParams: openapiPath.includes('{'),
    });
  });
  return entries;
}

const isZodArray = (s: unknown) => (s as { _zod?: { def?: { type?: string } } })?._zod?.def?.type === 'array';

/** `?a=1&a=2` → ['1', '2'], `?a=1` → '1'; empty values are dropped — as the old adapter read Fastify's query. */
function queryInput(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!query || typeof query !== 'object') return out;
  for (const key of Object.keys(query)) {
    const value = (query as Record<string, unknown>)[key];
    if (value) out[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return out;
}

export function registerRestAdapter(app: FastifyInstance, opts: RestAdapterOptions): void {
  const prefix = opts.basePath.replace(/\/$/, '');
  const entries = entriesOf(opts.router);
  const config = opts.router._def._config;

  const send = (reply: FastifyReply, status: number, headers: Record<string, string | undefined>, body: unknown) => {
    reply.code(status);
    for (const key in headers) {
      const value = headers[key];
      if (value !== undefined) reply.header(key, value);
    }
    return sendJson(reply, body);
  };

  async function handle(entry: Entry | undefined, pathInput: Record<string, string>, req: FastifyRequest, reply: FastifyReply) {
    let input: unknown;
    let ctx: unknown;
    let data: unknown;
    try {
      if (!entry) {
        // Kept from the old adapter: HEAD with no procedure is a warm-up.
        if (req.method === 'HEAD') return reply.code(204).send();
        throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      }
      if (entry.useBody) {
        const contentType = req.headers['content-type'];
        if (!contentType?.startsWith('application/json')) {
          throw new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
          });
        }
      }
      if (!entry.noInput) {
        const base = entry.useBody ? (req.body as Record<string, unknown>) : queryInput(req.query);
        const built: Record<string, unknown> = entry.hasParams ? { ...base, ...pathInput } : entry.useBody ? { ...base } : base;
        for (const key of entry.arrayKeys) if (built[key] !== undefined && !Array.isArray(built[key])) built[key] = [built[key]];
        input = built;
      }
      ctx = await opts.createContext({ req, res: reply, info: INFO });
      const raw = input;
      data = await callProcedure(entry.procedure, { ctx, getRawInput: () => Promise.resolve(raw), path: entry.path });
      const meta = opts.responseMeta({ type: entry.type, paths: [entry.path], ctx, data: [data], errors: [], info: INFO, eagerGeneration: true });
      return send(reply, meta?.status ?? 200, meta?.headers ?? {}, data);
    } catch (cause) {
      const error = getErrorFromUnknown(cause);
      const type = entry?.type ?? 'unknown';
      opts.onError({ error, type, path: entry?.path, input, ctx, req });
      const meta = opts.responseMeta({
        type,
        paths: entry ? [entry.path] : undefined,
        ctx,
        data: [data],
        errors: [error],
        info: INFO,
        eagerGeneration: true,
      });
      const shape = getErrorShape({ config: config as never, error, type: type as never, path: entry?.path, input, ctx });
      const isInputValidationError = error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
      const body = {
        ...shape,
        message: isInputValidationError ? 'Input validation failed' : (shape?.message ?? error.message ?? 'An error occurred'),
        code: error.code,
        issues: isInputValidationError ? (error.cause as unknown as { issues: unknown }).issues : undefined,
      };
      return send(reply, meta?.status ?? getHTTPStatusCodeFromError(error), meta?.headers ?? {}, body);
    }
  }

  /** The path parameters as the old adapter read them: from the raw (still percent-encoded) path. */
  const pathParams = (entry: Entry, url: string): Record<string, string> | null => {
    const q = url.indexOf('?');
    const pathname = normalizePath((q === -1 ? url : url.slice(0, q)).slice(prefix.length));
    const match = entry.pathRegExp.exec(pathname);
    return match ? { ...(match.groups ?? {}) } : null;
  };

  const routeOf = (entry: Entry) => {
    const { hasParams } = entry;
    return {
      method: entry.method as HTTPMethods,
      url: `${prefix}${entry.openapiPath.replace(/\{(.+?)\}/g, ':$1')}`,
      exposeHeadRoute: false,
      handler: (req: FastifyRequest, reply: FastifyReply) => {
        if (!hasParams) return handle(entry, {}, req, reply);
        return handle(entry, pathParams(entry, req.raw.url ?? req.url) ?? {}, req, reply);
      },
    };
  };
  const scopedRoutes: ReturnType<typeof routeOf>[] = [];
  for (const entry of entries) {
    const route = routeOf(entry);
    // A route another plugin already answers keeps answering (as it did before the wildcard).
    if (app.hasRoute({ method: route.method, url: route.url })) continue;
    if (opts.scoped?.urls.has(route.url)) scopedRoutes.push(route);
    else app.route(route);
  }
  if (opts.scoped && scopedRoutes.length) {
    const { setup } = opts.scoped;
    void app.register(async (scope) => {
      await setup(scope);
      for (const route of scopedRoutes) scope.route(route);
    });
  }

  // Everything else under the prefix: resolved the way the old adapter did (case-insensitive, trailing slashes).
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${prefix}/*`,
    handler: (req, reply) => {
      const raw = req.raw.url ?? req.url;
      for (const entry of entries) {
        if (entry.method !== req.method) continue;
        const params = pathParams(entry, raw);
        if (params) return handle(entry, params, req, reply);
      }
      return handle(undefined, {}, req, reply);
    },
  });
}
