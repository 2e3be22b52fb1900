import { ERROR_CODES } from '@atelier/shared';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { AppDeps } from '../context';
import { contextFactory } from '../context';
import { appCodeOfTrpc, describeError, logProcedureError } from '../errors';
import { annotateApiKeys } from '../modules/api-keys/openapi';
import type { AppRouter } from '../router';
import { registerRestAdapter } from './rest-adapter';
import { guardRestCoercion } from './rest-coercion';
import { MULTIPART_URLS, registerRestMultipart } from './rest-multipart';

/** The OpenAPI document of the REST mirror (also built in-process by packages/client's generator and its staleness test). */
export function buildOpenApiDocument(appRouter: AppRouter, publicUrl: string) {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Atelier API',
    version: '0.1.0',
    baseUrl: `${publicUrl}/api`,
    description:
      'Every path here is the same tRPC procedure served at /trpc. Authenticate with `Authorization: Bearer <accessToken>` (a session) ' +
      'or `Authorization: Bearer atl_…` (a personal API key, Profile → API keys; each operation names the scope it needs).',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  });
  annotateApiKeys(document as never, appRouter);
  describeErrorAnswers(document as never);
  return document;
}

/** The one REST error body (errors.ts `ErrorBody`), as every error answer really is. */
const ERROR_BODY_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CODES), description: 'What went wrong, as a stable code' },
        message: { type: 'string', description: 'A readable explanation' },
        fields: {
          type: 'array',
          description: 'The offending input fields, each with its own message',
          items: {
            type: 'object',
            properties: { path: { type: 'string', example: 'prompt' }, message: { type: 'string' } },
            required: ['path', 'message'],
            additionalProperties: false,
          },
        },
        details: { type: 'object', additionalProperties: true, description: 'Extra facts about the error (e.g. the scopes an API key lacks)' },
      },
      required: ['code', 'message'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
} as const;

/**
 * trpc-to-openapi declares its own error body (`{ message, code, issues }`); the REST mirror answers
 * `{ "error": { "code", "message", "fields"?, "details"? } }` (the onSend hook above). Each of its
 * `error.*` schemas is replaced by the real one, keeping its title and status, with an example in
 * our shape — so the document, and the typed client generated from it, describe what arrives.
 */
function describeErrorAnswers(document: { components?: { schemas?: Record<string, Record<string, unknown>> } }): void {
  const schemas = document.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.startsWith('error.')) continue;
    const example = schema.example as { code?: string; message?: string } | undefined;
    const code = appCodeOfTrpc(name.slice('error.'.length));
    schemas[name] = {
      ...ERROR_BODY_SCHEMA,
      title: schema.title,
      description: 'The error information',
      example: { error: { code, message: example?.message ?? 'Something went wrong' } },
    };
  }
}

function restErrorBody(path: string, contentType: string, payload: unknown): unknown {
  if (!path.startsWith('/api/') || typeof payload !== 'string' || !contentType.includes('application/json')) return payload;
  try {
    const parsed = JSON.parse(payload) as { error?: unknown; message?: string; code?: string; issues?: unknown };
    if (parsed && typeof parsed.error === 'object' && parsed.error !== null) return JSON.stringify({ error: parsed.error });
    if (parsed && typeof parsed.message === 'string') return JSON.stringify({ error: { code: parsed.code ?? 'ERROR', message: parsed.message } });
  } catch {
    /* not JSON: leave it */
  }
  return payload;
}

/**
 * The REST mirror: every procedure with `meta.openapi` answers under /api, plus the OpenAPI
 * document and a docs page. Errors answer `{ "error": { "code", "message", "fields"? } }`.
 */
export async function registerRest(app: FastifyInstance, deps: AppDeps, appRouter: AppRouter) {
  const document = buildOpenApiDocument(appRouter, deps.env.http.publicUrl);

  app.get('/api/openapi.json', async () => document);

  const { default: scalar } = await import('@scalar/fastify-api-reference');
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { title: 'Atelier API', url: '/api/openapi.json', withDefaultFonts: false },
  });

  // A POST/PUT/PATCH with no body at all (e.g. `curl -X POST …/cancel`) is an empty JSON object,
  // not a 415: the adapter insists on a JSON content type. (Callback-style hooks: they run on every
  // request, and an async hook costs a promise and a microtask turn each.)
  app.addHook('preValidation', (req, _reply, done) => {
    if ((req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') && req.url.startsWith('/api/')) {
      if (!req.headers['content-type'] && req.body === undefined) {
        req.headers['content-type'] = 'application/json';
        req.body = {};
      }
    }
    done();
  });

  // Rewrite the adapter's error bodies to the one REST error shape.
  app.addHook('onSend', (req, reply, payload, done) => {
    done(null, reply.statusCode < 400 ? payload : restErrorBody(req.requestPath, String(reply.getHeader('content-type') ?? ''), payload));
  });

  // Before the adapter reads the schemas: keep its query-string coercion out of JSON bodies and booleans.
  guardRestCoercion(appRouter);

  registerRestAdapter(app, {
    basePath: '/api',
    // §7's multipart uploads (voice clone, avatar create) become the procedures' JSON bodies: the
    // multipart parser and its hooks live in a scope of their own with just those routes.
    scoped: { urls: MULTIPART_URLS, setup: registerRestMultipart },
    router: appRouter as never,
    createContext: contextFactory(deps) as never,
    // The same log policy as /trpc: a failure is logged once, with its cause.
    onError: (opts: { error: TRPCError; path?: string; type?: string }) => logProcedureError(deps.log, 'rest', opts),
    responseMeta: ({ errors, ctx: context }) => {
      const ctx = context as { res?: { statusCode?: number } } | undefined;
      const first = errors[0];
      // A procedure that set an error status on a result (health: 503 when degraded) keeps it.
      if (!first) return (ctx?.res?.statusCode ?? 200) >= 400 ? { status: ctx?.res?.statusCode } : {};
      const { status, retryAfterSeconds } = describeError(first as never);
      return { status, headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {} };
    },
  });

  return document;
}
