// Search-param parsers for route files. Route options (validateSearch) stay in the first load even
// when the screen is code-split, so these are plain functions rather than zod schemas.

/** `{ [key]: string }` when the param is a string; a missing or malformed value is dropped, never an error. */
export function optionalStringParam<K extends string>(key: K): (search: Record<string, unknown>) => { [P in K]?: string } {
  return (search) => {
    const value = search[key];
    return (typeof value === 'string' ? { [key]: value } : {}) as { [P in K]?: string };
  };
}

/** `?token=…` — the links in our mails. */
export const tokenSearch = optionalStringParam('token');

/** `?redirect=/somewhere` — where to go after logging in (only same-app paths are followed). */
export const redirectSearch = optionalStringParam('redirect');
