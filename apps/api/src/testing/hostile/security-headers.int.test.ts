import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';

/**
 * Security headers (helmet), CORS and cookies as a browser sees them: a CSP that allows only our
 * own origin plus the configured analytics hosts, no framing, nosniff; CORS with credentials only
 * for configured origins; the refresh cookie HttpOnly + SameSite, and Secure behind TLS.
 */
const ANALYTICS = 'https://analytics.example.net';
const PARTNER = 'https://partner.example.org';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_CSP_ORIGINS: ANALYTICS, CORS_ORIGINS: PARTNER, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers', () => {
  it.each(['/', '/projects', '/api/health', '/api/projects', '/api/no-such-route'])(
    '%s carries CSP, no framing, nosniff, no x-powered-by',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      // Scripts and connections: our origin and the configured analytics hosts, nothing else.
      expect(policy['script-src']).toEqual(["'self'", ANALYTICS]);
      expect(policy['connect-src']).toEqual(["'self'", ANALYTICS]);
      for (const values of Object.values(policy)) {
        expect(values).not.toContain('*');
        expect(values).not.toContain("'unsafe-eval'");
        expect(values).not.toContain('http:');
        expect(values).not.toContain('https:');
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('allows no third-party origin and no inline script when no analytics origin is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/' });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/google|https:\/\//);
      // The same header on every response (computed once at start-up).
      const other = await plain.app.inject({ method: 'GET', url: '/api/health' });
      expect(other.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    } finally {
      await plain.close();
    }
  });

  it('the served web app has no inline script (so script-src needs no unsafe-inline)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      if (/type="application\/json"/.test(attributes ?? '')) continue;
      expect(attributes).toMatch(/\bsrc="\//);
      expect(body?.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
  });

  it('serves stored media sandboxed, nosniff, never as HTML', async () => {
    const u = await t.signUp();
    const png = await import('sharp').then(({ default: sharp }) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
        .png()
        .toBuffer(),
    );
    const up = await t.rest('POST', '/api/profile/avatar', { token: u.token, body: { image: `data:image/png;base64,${png.toString('base64')}` } });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: up.body.avatarUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });
});

describe('CORS', () => {
  it.each([TEST_ORIGIN, PARTNER])('allows credentials for the configured origin %s', async (origin) => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/projects',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['https://evil.example.com', 'null', `${PARTNER}.evil.com`, 'http://localhost:3000.evil.com', 'https://partner.example.org:8443'])(
    'gives nothing to the unconfigured origin %s',
    async (origin) => {
      for (const method of ['OPTIONS', 'GET'] as const) {
        const res = await t.app.inject({
          method,
          url: '/api/projects',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    },
  );

  it('refuses a cookie-authenticated refresh from a foreign origin', async () => {
    const u = await t.signUp();
    const res = await t.rest('POST', '/api/auth/refresh', {
      cookies: { atelier_refresh: u.refresh },
      headers: { origin: 'https://evil.example.com' },
    });
    expect(res.status).toBe(403);
  });
});

describe('cookies', () => {
  const refreshCookie = (res: { headers: Record<string, unknown> }) =>
    ([res.headers['set-cookie']].flat() as string[]).find((c) => c?.startsWith('atelier_refresh=')) ?? '';

  it('the refresh cookie is HttpOnly, SameSite=Strict and scoped to /api/auth', async () => {
    const res = await t.rest('POST', '/api/auth/register', { body: { email: `c-${Date.now()}@example.com`, password: 'long enough password' } });
    const cookie = refreshCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('is Secure when the request came over TLS (behind a trusted proxy)', async () => {
    const res = await t.rest('POST', '/api/auth/register', {
      body: { email: `tls-${Date.now()}@example.com`, password: 'long enough password' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(refreshCookie(res)).toMatch(/;\s*Secure/i);
  });

  it('is Secure whenever the public URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://atelier.example.com' });
    try {
      const res = await https.rest('POST', '/api/auth/register', {
        body: { email: `pub-${Date.now()}@example.com`, password: 'long enough password' },
      });
      expect(refreshCookie(res)).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });
});
