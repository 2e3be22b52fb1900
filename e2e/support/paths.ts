import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Overridable so several engineers can test private builds side by side (E2E_API_DIST / E2E_WEB_DIST). */
export const API_DIST = process.env.E2E_API_DIST ?? path.join(REPO_ROOT, 'apps', 'api', 'dist');
/** The one-process launcher (api + worker: what `npm start` runs) and the worker role alone. */
export const LAUNCHER_DIST = process.env.E2E_LAUNCHER_DIST ?? path.join(REPO_ROOT, 'packages', 'launcher', 'dist');
export const WORKER_DIST = process.env.E2E_WORKER_DIST ?? path.join(REPO_ROOT, 'apps', 'worker', 'dist');
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');
export const SCREENS_DIR = path.join(ARTIFACTS_DIR, 'screens');
