import type { AnyTRPCRouter } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { describeRule, scopeFor } from './scopes';

type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  'x-scopes'?: string[];
  'x-scopes-any-of'?: boolean;
  'x-codeSamples'?: unknown[];
};
type Document = {
  openapi: string;
  info: { description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

export const API_KEY_SCHEME = 'apiKey';

/** OpenAPI path templates from the procedures' `/things/{id}` form (the same in both). */
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Declares the API-key bearer scheme and, on every operation, the scope a key needs: in
 * `security` (3.1 lets a non-OAuth scheme list role names), an `x-scopes` extension and a line
 * of the description; `never` operations accept only a signed-in session. Adds a curl example
 * with the key to each operation (`x-codeSamples`, shown by /api/docs).
 */
export function annotateApiKeys(document: Document, appRouter: AnyTRPCRouter): void {
  document.components ??= {};
  document.components.securitySchemes = {
    ...(document.components.securitySchemes ?? {}),
    [API_KEY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'atl_…',
      description:
        'A personal API key (Profile → API keys): `Authorization: Bearer atl_…`. Each operation lists the scopes it needs (`x-scopes`); ' +
        'admin, sign-in, key and webhook management, password and e-mail operations never accept a key. ' +
        'Answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; over the limit: 429 with `Retry-After`.',
    },
  };
  const base = document.servers?.[0]?.url ?? '/api';
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string; meta?: OpenApiMeta } }> } })._def
    .procedures;
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const method = openapi.method.toLowerCase();
    if (!HTTP_METHODS.has(method)) continue;
    const operation = document.paths?.[openapi.path]?.[method];
    if (!operation) continue;
    const rule = scopeFor(path, procedure._def.type as 'query' | 'mutation');
    const { scopes, anyOf } = describeRule(rule);
    operation['x-scopes'] = scopes;
    const line = scopes.length
      ? `**API key scope:** ${scopes.map((s) => `\`${s}\``).join(anyOf ? ' or ' : ' + ')}.`
      : '**API keys:** not accepted here; a signed-in session only.';
    operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
    if (scopes.length) {
      // Alternatives are separate requirement objects; scopes all needed share one.
      const keyRequirements = anyOf ? scopes.map((s) => ({ [API_KEY_SCHEME]: [s] })) : [{ [API_KEY_SCHEME]: scopes }];
      operation.security = [...(operation.security ?? [{ bearer: [] }]), ...keyRequirements];
      operation['x-scopes-any-of'] = anyOf;
      const body = method === 'get' || method === 'delete' ? '' : ` \\\n  -H 'Content-Type: application/json' \\\n  -d '{}'`;
      operation['x-codeSamples'] = [
        {
          lang: 'Shell',
          label: 'curl with an API key',
          source: `curl -X ${method.toUpperCase()} '${base}${openapi.path}' \\\n  -H "Authorization: Bearer $ATELIER_API_KEY"${body}`,
        },
      ];
    }
  }
}
