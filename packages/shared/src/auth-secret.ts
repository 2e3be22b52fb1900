import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the servers keep a generated AUTH_SECRET: the data folder (git-ignored, like `.data/media`). */
export const AUTH_SECRET_FILE = '.data/auth-secret';

const MIN_LENGTH = 32;

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file} holds no usable secret (fewer than ${MIN_LENGTH} characters): delete it to generate a new one, or set AUTH_SECRET`);
  }
  // Only the owner may read it, whoever created the file.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return secret;
}

/**
 * The secret kept in `file`, or a new random one (256 bits) written there with mode 0600 on first
 * use. Two processes starting at once (api and worker) agree: the second one reads the first one's file.
 */
export function loadOrCreateAuthSecret(file: string = AUTH_SECRET_FILE): { secret: string; created: boolean } {
  const existing = readSecret(file);
  if (existing) return { secret: existing, created: false };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const raced = readSecret(file);
    if (raced) return { secret: raced, created: false };
    throw e;
  }
  return { secret, created: true };
}
