import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the built web app lives: WEB_DIST_DIR, else apps/web/dist beside this app (source or bundle). */
export function resolveWebDist(configured: string | undefined): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    configured,
    path.resolve(here, '../../web/dist'),
    path.resolve(here, '../../../apps/web/dist'),
    path.resolve(here, '../../../web/dist'),
  ].filter(Boolean) as string[];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}
