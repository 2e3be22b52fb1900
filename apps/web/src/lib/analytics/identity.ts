import { readStorage, writeStorage } from '../storage';
import { ANALYTICS, clampSetting } from './constants';

/**
 * The browser's analytics identity for the first-party fallback: a client id that lives 365 days
 * (the §9 cookie expiry; kept in localStorage, no cookie needed) and a session id that rotates after
 * 1800 s without events or 24 hours in all (§9 session idle and maximum session).
 */

const CLIENT_KEY = 'atelier-analytics-client';
const SESSION_KEY = 'atelier-analytics-session';
const DAY_MS = 86_400_000;

function randomPart(): string {
  const bytes = new Uint8Array(8);
  try {
    globalThis.crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readJson(key: string): Record<string, unknown> | null {
  const raw = readStorage('local', key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

let memoryClient: { id: string; createdAt: number } | null = null;

/** `<random>.<seconds>`; a new one after 365 days. */
export function getClientId(now: number = Date.now()): string {
  const stored = memoryClient ?? readJson(CLIENT_KEY);
  const id = stored?.id;
  const createdAt = stored?.createdAt;
  if (
    typeof id === 'string' &&
    /^[A-Za-z0-9._:-]{1,128}$/.test(id) &&
    typeof createdAt === 'number' &&
    now - createdAt < ANALYTICS.cookieExpiryDays * DAY_MS
  ) {
    memoryClient = { id, createdAt };
    return id;
  }
  memoryClient = { id: `${randomPart()}.${Math.floor(now / 1000)}`, createdAt: now };
  writeStorage('local', CLIENT_KEY, JSON.stringify(memoryClient));
  return memoryClient.id;
}

let memorySession: { id: string; startedAt: number; lastActivityAt: number } | null = null;

/** The current session id; each call counts as activity. */
export function getSessionId(now: number = Date.now(), idleSeconds: number = ANALYTICS.sessionIdleSeconds.value): string {
  const idleMs = clampSetting(idleSeconds, ANALYTICS.sessionIdleSeconds) * 1000;
  const stored = memorySession ?? readJson(SESSION_KEY);
  const { id, startedAt, lastActivityAt } = (stored ?? {}) as { id?: unknown; startedAt?: unknown; lastActivityAt?: unknown };
  const valid =
    typeof id === 'string' &&
    typeof startedAt === 'number' &&
    typeof lastActivityAt === 'number' &&
    now - lastActivityAt <= idleMs &&
    now - startedAt <= ANALYTICS.maxSessionMs;
  memorySession = valid ? { id, startedAt, lastActivityAt: now } : { id: randomPart(), startedAt: now, lastActivityAt: now };
  writeStorage('local', SESSION_KEY, JSON.stringify(memorySession));
  return memorySession.id;
}

/** Test hook: forget the in-memory copies. */
export function resetIdentityForTests(): void {
  memoryClient = null;
  memorySession = null;
}
