/**
 * trpc-to-openapi (3.x) turns on zod's `coerce` flag on every number/boolean/bigint/date field
 * of a REST procedure's input object — on each call, by mutating the shared schema, so the
 * change leaks into /trpc and into JSON bodies too. Coercion is right for query strings
 * (`?limit=20`) and wrong everywhere else: `Boolean("false")` is `true`, and a body's
 * `"count": "5"` should be a 400, not 5.
 *
 * `guardRestCoercion(router)` runs once, before the adapter sees a request. It pins the flag
 * (a setter that ignores writes) on:
 *  - every boolean field — `?flag=false` would read as true; query booleans are declared
 *    explicitly (e.g. an enum 'true' | 'false' piped to a boolean);
 *  - every number/bigint/date field reachable only from body-taking (POST/PUT/PATCH/DELETE)
 *    procedures — GET inputs keep the adapter's coercion, which query strings need.
 * Fields declared with `z.coerce.*` keep their own coercion.
 */

type Def = { type?: string; coerce?: boolean; [key: string]: unknown };
type AnySchema = { _zod?: { def?: Def }; unwrap?: () => AnySchema; element?: AnySchema; shape?: Record<string, AnySchema> };

const kind = (s: AnySchema | undefined) => s?._zod?.def?.type;
const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);

/** The same unwrapping the adapter does for a field (no pipes), or for the whole input (pipes too). */
function unwrap(s: AnySchema, pipes: boolean): AnySchema {
  const def = s._zod?.def as (Def & { in?: AnySchema; out?: AnySchema; getter?: () => AnySchema }) | undefined;
  switch (def?.type) {
    case 'array':
      return s.element ? unwrap(s.element, pipes) : s;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
      return s.unwrap ? unwrap(s.unwrap(), pipes) : s;
    case 'lazy':
      return def.getter ? unwrap(def.getter(), pipes) : s;
    case 'pipe':
      if (!pipes || !def.in || !def.out) return s;
      return unwrap(kind(def.out) === 'transform' ? def.in : def.out, pipes);
    default:
      return s;
  }
}

/** Every coercible field def the adapter would flip, for one procedure input. */
function coercibleDefs(input: AnySchema, into: Set<Def>) {
  const top = unwrap(input, true);
  const walk = (obj: AnySchema) => {
    for (const field of Object.values(obj.shape ?? {})) {
      const inner = unwrap(field, false);
      const def = inner._zod?.def;
      if (!def) continue;
      if (COERCIBLE.has(def.type ?? '')) into.add(def);
      else if (def.type === 'object') walk(inner);
    }
  };
  if (kind(top) === 'object') walk(top);
}

function pin(def: Def) {
  const own = Object.getOwnPropertyDescriptor(def, 'coerce');
  if (own && !own.writable && !own.set) return;
  const value = Boolean(def.coerce);
  Object.defineProperty(def, 'coerce', {
    get: () => value,
    set: () => {
      /* the adapter's write is ignored on purpose (see above) */
    },
    enumerable: true,
    configurable: true,
  });
}

interface ProcedureLike {
  _def?: { inputs?: AnySchema[]; meta?: { openapi?: { method?: string } } };
}

export function guardRestCoercion(router: { _def: { procedures: Record<string, unknown> } }): { pinned: number } {
  const getDefs = new Set<Def>();
  const bodyDefs = new Set<Def>();
  for (const procedure of Object.values(router._def.procedures) as ProcedureLike[]) {
    const method = procedure._def?.meta?.openapi?.method;
    if (!method) continue;
    for (const input of procedure._def?.inputs ?? []) coercibleDefs(input, method === 'GET' ? getDefs : bodyDefs);
  }
  let pinned = 0;
  for (const def of new Set([...getDefs, ...bodyDefs])) {
    if (def.coerce) continue; // declared z.coerce.*: its own choice
    if (def.type === 'boolean' || !getDefs.has(def)) {
      pin(def);
      pinned += 1;
    }
  }
  return { pinned };
}
