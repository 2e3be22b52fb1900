import { isRecord } from './storage';

/** Only same-app paths are followed after login: '/x', never '//host' or 'https://…'. */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const target = value.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

/** The `redirect` search parameter of the current location, if any. */
export function redirectFromSearch(search: unknown): string | undefined {
  return isRecord(search) && typeof search.redirect === 'string' ? search.redirect : undefined;
}
