import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
export const hmac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Compact HS256 JWT with a pinned algorithm and a checked expiry. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${header}.${body}.${hmac(secret, `${header}.${body}`)}`;
}

export function verifyJwt<T extends { exp: number }>(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): T | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, sig] = parts as [string, string, string];
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    if (h.alg !== 'HS256') return null;
    if (!safeEqual(sig, hmac(secret, `${header}.${body}`))) return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
    if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
    return payload;
  } catch {
    return null;
  }
}
