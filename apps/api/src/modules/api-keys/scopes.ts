import type { ApiKeyScope } from '@atelier/db';

/** What a key may be granted. `never`: only a signed-in session reaches the procedure. */
export const API_KEY_SCOPES = ['read', 'generate', 'projects', 'workspace'] as const satisfies readonly ApiKeyScope[];
export type RequiredScope = ApiKeyScope | 'never';
/**
 * One scope; several that a key must all hold (a project write that also spends credits); or
 * `{ anyOf }`: one of them suffices (a `generate` key may follow the generations it started).
 */
export type ScopeRule = RequiredScope | readonly ApiKeyScope[] | { readonly anyOf: readonly ApiKeyScope[] };
type ProcedureType = 'query' | 'mutation' | 'subscription';

interface RouterScopes {
  query: ScopeRule;
  mutation: ScopeRule;
  subscription?: ScopeRule;
  /** Per-procedure exceptions, by the name inside the router (`generateClip`, `outbox.retry`). */
  only?: Record<string, ScopeRule>;
}

const PROJECT_SPEND = ['projects', 'generate'] as const;
/** Reading what a spend produced (status, result, models, balance): `read`, or `generate` itself. */
const READ_OR_GENERATE = { anyOf: ['read', 'generate'] } as const;

/**
 * The one table of what an API key needs for each procedure, by top-level router and procedure
 * type, with named exceptions. A router missing here makes `scopeFor` answer undefined, which the
 * scope middleware refuses (403) and scopes.test.ts fails on: every procedure declares its scope.
 *
 * - read: every query and live subscription of your own data;
 * - generate: spend credits — generations, studios, chat, SEO analysis/articles/images;
 * - projects: write projects, editors (video, sound, image), exports, SEO projects, share links;
 * - workspace: brand kit, saved prompts, collaboration;
 * - never: admin, sign-in and session endpoints, key and webhook management, password, e-mail,
 *   account deletion, payments.
 */
export const KEY_SCOPES: Record<string, RouterScopes> = {
  system: { query: 'read', mutation: 'never' },
  auth: { query: 'never', mutation: 'never' },
  credits: { query: 'read', mutation: 'never', only: { balance: READ_OR_GENERATE } },
  payments: { query: 'read', mutation: 'never' },
  generation: { query: READ_OR_GENERATE, mutation: 'generate', subscription: READ_OR_GENERATE, only: { history: 'read' } },
  chat: { query: 'read', mutation: 'generate', subscription: READ_OR_GENERATE },
  projects: {
    query: 'read',
    mutation: 'projects',
    subscription: 'read',
    only: { generateClip: PROJECT_SPEND, generateVersion: PROJECT_SPEND },
  },
  soundEditor: { query: 'read', mutation: 'projects' },
  imageEditor: { query: 'read', mutation: 'projects', only: { generate: PROJECT_SPEND, quickAction: PROJECT_SPEND } },
  admin: { query: 'never', mutation: 'never', subscription: 'never' },
  studios: { query: 'read', mutation: 'generate' },
  styleTransfer: { query: 'read', mutation: 'generate' },
  prompts: { query: 'read', mutation: 'workspace' },
  brandKit: { query: 'read', mutation: 'workspace' },
  // Password, e-mail, picture, account deletion: the session only. Reading your profile or data export is `read`.
  profile: { query: 'read', mutation: 'never' },
  analytics: { query: 'read', mutation: 'never' },
  seo: {
    query: 'read',
    mutation: 'projects',
    subscription: 'read',
    only: {
      analyze: PROJECT_SPEND,
      requestArticles: PROJECT_SPEND,
      regenerate: PROJECT_SPEND,
      generateImages: PROJECT_SPEND,
      imageEstimate: 'read',
    },
  },
  collaboration: { query: 'read', mutation: 'workspace' },
  share: { query: 'read', mutation: 'projects' },
  apiKeys: { query: 'never', mutation: 'never', subscription: 'never' },
  webhooks: { query: 'never', mutation: 'never', subscription: 'never' },
};

/** The scope rule of a procedure, or undefined when its router declares none. */
export function scopeFor(path: string, type: ProcedureType): ScopeRule | undefined {
  const dot = path.indexOf('.');
  const routerName = dot === -1 ? path : path.slice(0, dot);
  const rest = dot === -1 ? '' : path.slice(dot + 1);
  const entry = KEY_SCOPES[routerName];
  if (!entry) return undefined;
  return entry.only?.[rest] ?? (type === 'subscription' ? entry.subscription : entry[type]);
}

/** The scopes a key lacks for the rule (empty: allowed; for `anyOf`, all of them); null when the rule is `never`. */
export function missingScopes(rule: ScopeRule, granted: readonly string[]): ApiKeyScope[] | null {
  if (rule === 'never') return null;
  if (typeof rule === 'string') return granted.includes(rule) ? [] : [rule];
  if ('anyOf' in rule) return rule.anyOf.some((s) => granted.includes(s)) ? [] : [...rule.anyOf];
  const needed: readonly ApiKeyScope[] = rule;
  return needed.filter((s) => !granted.includes(s));
}

/** How the OpenAPI document and the docs name a rule: the scopes, and whether one of them suffices. */
export function describeRule(rule: ScopeRule | undefined): { scopes: string[]; anyOf: boolean } {
  if (rule === undefined || rule === 'never') return { scopes: [], anyOf: false };
  if (typeof rule === 'string') return { scopes: [rule], anyOf: false };
  if ('anyOf' in rule) return { scopes: [...rule.anyOf], anyOf: true };
  return { scopes: [...rule], anyOf: false };
}
