/** C0 control characters other than tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const MAX_DEPTH = 32;

/** Every string (object keys included) in a parsed JSON input that holds a refused control character. */
export function findControlCharacters(input: unknown): Array<{ path: string; character: string }> {
  const found: Array<{ path: string; character: string }> = [];
  const describe = (s: string) => {
    const c = CONTROL.exec(s)?.[0] ?? '';
    return `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  };
  const walk = (value: unknown, path: string[], depth: number) => {
    if (found.length >= 20 || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (CONTROL.test(value)) found.push({ path: path.length ? path.join('.') : '(body)', character: describe(value) });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, String(i)], depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (CONTROL.test(key)) found.push({ path: [...path, JSON.stringify(key)].join('.'), character: describe(key) });
        else walk(item, [...path, key], depth + 1);
      }
    }
  };
  walk(input, [], 0);
  return found;
}
