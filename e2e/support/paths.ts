import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const API_DIST = path.join(REPO_ROOT, 'apps', 'api', 'dist');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');
export const SCREENS_DIR = path.join(ARTIFACTS_DIR, 'screens');
