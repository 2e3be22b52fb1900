import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web app's Vite manifest (apps/web builds with `build.manifest: true`), read once: which chunks the
 * shell loads (the entry and its static imports), and which each route adds — the TanStack Router
 * plugin splits every route file into `src/routes/<file>.tsx?tsr-split=…` chunks. apps/api uses it to
 * modulepreload a route's chunks in the index.html it serves; the first-load budget test uses the same
 * figures, so what is measured is what is preloaded.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface WebRoute {
  /** `/projects/$projectId/seo/refine`: static segments, `$name` for a dynamic one. */
  pattern: string;
  /** The route file and its layouts (`src/routes/_main.tsx`, …), outermost first. */
  files: string[];
}

export interface WebManifest {
  manifest: ViteManifest;
  /** Manifest keys the entry loads before anything else (the entry and its static imports). */
  shell: Set<string>;
  routes: WebRoute[];
  /** The hashed files (assets/…js) of the chunks a route adds to the shell, in load order. */
  routeJs(route: WebRoute): string[];
  /** The CSS files the shell and the route load. */
  routeCss(route: WebRoute): string[];
  /** The route that serves a path (most specific first), or null. */
  match(pathname: string): WebRoute | null;
}

export function readWebManifest(dist: string): WebManifest | null {
  let manifest: ViteManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
  return buildWebManifest(manifest);
}

const SPLIT = '?tsr-split=';

export function buildWebManifest(manifest: ViteManifest): WebManifest {
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    const stack = [...keys];
    while (stack.length) {
      const key = stack.pop() as string;
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    return into;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const shell = closure(entries);

  // Route files, from the split chunks' keys (and any route file left whole in the entry).
  const routeFiles = new Set<string>();
  for (const key of Object.keys(manifest)) {
    const src = key.split('?')[0] as string;
    if (src.startsWith('src/routes/') && src.endsWith('.tsx')) routeFiles.add(src);
  }
  const layoutsOf = (file: string): string[] => {
    const rel = file.slice('src/routes/'.length, -'.tsx'.length).split('/');
    const out: string[] = [];
    for (let i = 1; i < rel.length; i++) {
      const dir = rel.slice(0, i).join('/');
      for (const candidate of [`src/routes/${dir}.tsx`, `src/routes/${dir}/route.tsx`]) {
        if (candidate !== file && routeFiles.has(candidate)) out.push(candidate);
      }
    }
    return out;
  };
  const routes: WebRoute[] = [];
  for (const file of routeFiles) {
    const rel = file.slice('src/routes/'.length, -'.tsx'.length);
    const parts = rel.split('/');
    const last = parts.at(-1) as string;
    if (last === 'route' || last === '__root') continue;
    // A pathless layout file (_main.tsx, _auth.tsx) has no address of its own.
    if (parts.length === 1 && last.startsWith('_')) continue;
    const segments = parts.flatMap((s) => s.split('.')).filter((s) => !s.startsWith('_') && s !== 'index' && s !== 'route' && s !== '');
    routes.push({ pattern: `/${segments.join('/')}`, files: [...layoutsOf(file), file] });
  }
  const dynamicCount = (r: WebRoute) => r.pattern.split('/').filter((s) => s.startsWith('$')).length;
  routes.sort((a, b) => dynamicCount(a) - dynamicCount(b) || b.pattern.length - a.pattern.length);

  const splitKeys = (file: string) => Object.keys(manifest).filter((k) => k.startsWith(`${file}${SPLIT}`));
  const routeKeys = (route: WebRoute): string[] => {
    const added = closure(route.files.flatMap(splitKeys));
    return [...added].filter((k) => !shell.has(k));
  };

  return {
    manifest,
    shell,
    routes,
    routeJs: (route) => routeKeys(route).map((k) => manifest[k]?.file as string),
    routeCss(route) {
      const css = new Set<string>();
      for (const key of [...shell, ...routeKeys(route)]) for (const c of manifest[key]?.css ?? []) css.add(c);
      return [...css];
    },
    match(pathname) {
      const want = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
      for (const route of routes) {
        const have = route.pattern.split('/').filter(Boolean);
        if (have.length !== want.length) continue;
        if (have.every((s, i) => s.startsWith('$') || s === want[i])) return route;
      }
      return null;
    },
  };
}
