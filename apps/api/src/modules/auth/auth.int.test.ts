import { ledgerSumUnits } from '@atelier/db';
import { MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (cookie: string | undefined, origin: string | null = TEST_ORIGIN) =>
  t.rest('POST', '/api/auth/refresh', {
    body: {},
    headers: origin ? { origin } : {},
    ...(cookie ? { cookies: { atelier_refresh: cookie } } : {}),
  });

describe('register', () => {
  it('creates the account with a trimmed, lower-cased email and the sign-up bonus as a ledger row', async () => {
    const res = await t.rest('POST', '/api/auth/register', { body: { email: '  New.User@Example.COM ', password: 'long enough pw' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'new.user@example.com', credits: 50, creditUnits: 5000, isAdmin: false });
    expect(typeof res.body.accessToken).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'atelier_refresh');
    expect(cookie?.value).toBeTruthy();
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.user@example.com', password: 'long enough pw' },
    });
    const setCookie = String(raw.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(await ledgerSumUnits(t.deps.db, res.body.user.id)).toBe(5000);
  });

  it('refuses a duplicate email with 409 and a clear message', async () => {
    await t.signUp('dupe@example.com');
    const res = await t.rest('POST', '/api/auth/register', { body: { email: 'DUPE@example.com', password: 'another password' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MESSAGES.emailTaken);
  });

  it('names the offending fields on bad input and writes nothing', async () => {
    const before = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.rest('POST', '/api/auth/register', { body: { email: 'not-an-email', password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'password']);
    const after = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('stores the campaign header as the user attribution', async () => {
    const res = await t.rest('POST', '/api/auth/register', {
      body: { email: 'campaign@example.com', password: 'long enough pw' },
      headers: { 'x-campaign': JSON.stringify({ source: 'news', medium: 'email', gclid: 'abc' }) },
    });
    expect(res.status).toBe(200);
    const row = await t.deps.db.selectFrom('users').select('attribution').where('email', '=', 'campaign@example.com').executeTakeFirstOrThrow();
    expect(row.attribution).toMatchObject({ source: 'news', medium: 'email', gclid: 'abc' });
  });
});

describe('login and me', () => {
  it('logs in and reads the current user', async () => {
    const u = await t.signUp('login@example.com', 'my password 1');
    const { token } = await t.login('login@example.com', 'my password 1');
    const me = await t.rest('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(u.userId);
  });

  it('any authenticated call marks the user active (not only /auth/me)', async () => {
    const u = await t.signUp('active@example.com', 'my password 1');
    await t.deps.db
      .updateTable('users')
      .set({ last_active_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', u.userId)
      .execute();
    // A new session (the sign-up's is already in this process's session mirror, active just now).
    const login = await t.rest('POST', '/api/auth/login', { body: { email: 'active@example.com', password: 'my password 1' } });
    expect(login.status).toBe(200);
    await t.deps.db
      .updateTable('users')
      .set({ last_active_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', u.userId)
      .execute();
    const res = await t.rest('GET', '/api/credits/balance', { token: login.body.accessToken });
    expect(res.status).toBe(200);
    // Written off the request's path (fire-and-forget), so it lands just after the answer.
    await expect
      .poll(async () => {
        const row = await t.deps.db.selectFrom('users').select('last_active_at').where('id', '=', u.userId).executeTakeFirstOrThrow();
        return Date.now() - (row.last_active_at?.getTime() ?? 0);
      })
      .toBeLessThan(60_000);
  });

  it('answers wrong password and unknown email identically (no enumeration)', async () => {
    await t.signUp('known@example.com', 'right password');
    const wrong = await t.rest('POST', '/api/auth/login', { body: { email: 'known@example.com', password: 'wrong password' } });
    const unknown = await t.rest('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(MESSAGES.invalidCredentials);
  });

  it('tRPC and REST give the same result for the same procedure', async () => {
    const { token } = await t.signUp();
    const rest = await t.rest('GET', '/api/auth/me', { token });
    const trpc = await t.rest('GET', '/trpc/auth.me', { token });
    expect(trpc.body.result.data).toEqual(rest.body);
  });

  it('never returns a password hash or leaks the token into the user object', async () => {
    const res = await t.rest('POST', '/api/auth/register', { body: { email: 'leak@example.com', password: 'long enough pw' } });
    const text = JSON.stringify(res.body.user);
    expect(text).not.toMatch(/argon2|password|hash/i);
  });
});

describe('refresh', () => {
  it('rotates the refresh token and returns a new access token and the user', async () => {
    const u = await t.signUp();
    const res = await refresh(u.refresh);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(u.userId);
    expect(typeof res.body.accessToken).toBe('string');
    const next = res.cookies.find((c) => c.name === 'atelier_refresh')?.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(u.refresh);
    const again = await refresh(next);
    expect(again.body.user.id).toBe(u.userId);
  });

  it('answers a missing cookie with no user', async () => {
    const res = await refresh(undefined);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: null, user: null });
  });

  it('refuses a foreign or missing Origin with 403', async () => {
    const u = await t.signUp();
    expect((await refresh(u.refresh, 'https://evil.example')).status).toBe(403);
    expect((await refresh(u.refresh, null)).status).toBe(403);
    // and the token still works from our origin
    expect((await refresh(u.refresh)).body.user.id).toBe(u.userId);
  });

  it('trusts the request’s own origin under any name of the server (localhost, 127.0.0.1, a LAN address), not a foreign one', async () => {
    const u = await t.signUp();
    let cookie = u.refresh;
    for (const host of ['127.0.0.1:3000', '127.0.0.2:3000', '192.168.1.20:3000', 'localhost:3000']) {
      const res = await t.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: `http://${host}`, host },
        cookies: { atelier_refresh: cookie },
      });
      expect(res.status, `${host}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.user.id).toBe(u.userId);
      cookie = res.cookies.find((c) => c.name === 'atelier_refresh')?.value ?? cookie;
    }
    // Cross-site: a page elsewhere sends its own origin to our host.
    for (const origin of ['http://127.0.0.2:3000', 'http://evil.example', 'http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'null']) {
      const res = await t.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin, host: '127.0.0.1:3000' },
        cookies: { atelier_refresh: cookie },
      });
      expect(res.status, origin).toBe(403);
    }
    // X-Forwarded-* name the origin only behind a trusted proxy (TRUST_PROXY is off here).
    const forwarded = {
      origin: 'https://atelier.example.org',
      host: 'app:3000',
      'x-forwarded-host': 'atelier.example.org',
      'x-forwarded-proto': 'https',
    };
    expect((await t.rest('POST', '/api/auth/refresh', { body: {}, headers: forwarded, cookies: { atelier_refresh: cookie } })).status).toBe(403);
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const p = await proxied.signUp();
      const res = await proxied.rest('POST', '/api/auth/refresh', { body: {}, headers: forwarded, cookies: { atelier_refresh: p.refresh } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user.id).toBe(p.userId);
    } finally {
      await proxied.close();
    }
  });

  it('never refuses a guest’s start-up refresh (no cookie: nothing to protect)', async () => {
    const res = await refresh(undefined, 'http://elsewhere.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: null, user: null });
  });

  it('10 concurrent refreshes with one token rotate once and nobody is logged out (grace window)', async () => {
    const u = await t.signUp();
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(u.refresh)));
    expect(results.every((r) => r.status === 200 && r.body.user?.id === u.userId)).toBe(true);
    const successors = new Set(results.map((r) => r.cookies.find((c) => c.name === 'atelier_refresh')?.value));
    expect(successors.size).toBe(1);
    const sessions = await t.deps.db.selectFrom('auth_sessions').select(['revoked_at']).where('user_id', '=', u.userId).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.revoked_at).toBeNull();
    const [successor] = [...successors];
    expect((await refresh(successor)).body.user.id).toBe(u.userId);
  });

  it('reuse of a rotated token outside the grace window revokes the whole session', async () => {
    const u = await t.signUp();
    const first = await refresh(u.refresh);
    const successor = first.cookies.find((c) => c.name === 'atelier_refresh')?.value;
    const second = await refresh(successor);
    expect(second.body.user.id).toBe(u.userId);
    // u.refresh is two rotations old: not in grace, so this is reuse
    const replay = await refresh(u.refresh);
    expect(replay.body).toEqual({ accessToken: null, user: null });
    const latest = second.cookies.find((c) => c.name === 'atelier_refresh')?.value;
    expect((await refresh(latest)).body.user).toBeNull();
    // the access token of the revoked session stops working too
    expect((await t.rest('GET', '/api/auth/me', { token: second.body.accessToken })).status).toBe(401);
  });

  it('with grace 0 a replayed token revokes the session at once', async () => {
    const strict = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    try {
      const u = await strict.signUp();
      const res = await strict.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: TEST_ORIGIN },
        cookies: { atelier_refresh: u.refresh },
      });
      const successor = res.cookies.find((c) => c.name === 'atelier_refresh')?.value ?? '';
      const replay = await strict.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: TEST_ORIGIN },
        cookies: { atelier_refresh: u.refresh },
      });
      expect(replay.body.user).toBeNull();
      const after = await strict.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: TEST_ORIGIN },
        cookies: { atelier_refresh: successor },
      });
      expect(after.body.user).toBeNull();
    } finally {
      await strict.close();
    }
  });
});

describe('logout and guards', () => {
  it('logout revokes the session server-side', async () => {
    const u = await t.signUp();
    const out = await t.rest('POST', '/api/auth/logout', { body: {}, token: u.token, headers: { origin: TEST_ORIGIN } });
    expect(out.status).toBe(200);
    expect((await t.rest('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await refresh(u.refresh)).body.user).toBeNull();
  });

  it('an expired or forged access token gets 401 so the client refreshes', async () => {
    const res = await t.rest('GET', '/api/auth/me', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(res.status).toBe(401);
  });

  it('a guest calling me gets 401 with the spec message', async () => {
    const res = await t.rest('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MESSAGES.loginRequired);
  });

  it('the seeded admin can sign in and is an admin', async () => {
    const { token } = await t.login(ADMIN.email, ADMIN.password);
    const me = await t.rest('GET', '/api/auth/me', { token });
    expect(me.body.user.isAdmin).toBe(true);
  });
});

describe('rate limits', () => {
  it('limits login attempts per email with 429 and Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 5; i++) {
        const res = await limited.rest('POST', '/api/auth/login', {
          body: { email: 'victim@example.com', password: 'guess number x' },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers['retry-after'];
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('log hygiene', () => {
  it('no password, hash or token appears in any log line or API response', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logLines: lines });
    try {
      const password = 'Sup3r-Secret-Passphrase';
      const reg = await logged.rest('POST', '/api/auth/register', { body: { email: 'hygiene@example.com', password } });
      const refreshCookie = reg.cookies.find((c) => c.name === 'atelier_refresh')?.value ?? '';
      const login = await logged.rest('POST', '/api/auth/login', { body: { email: 'hygiene@example.com', password } });
      await logged.rest('POST', '/api/auth/login', { body: { email: 'hygiene@example.com', password: 'wrong-password-here' } });
      const refreshed = await logged.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: TEST_ORIGIN },
        cookies: { atelier_refresh: refreshCookie },
      });
      await logged.rest('GET', '/api/auth/me', { token: login.body.accessToken });
      await logged.rest(
        'GET',
        `/trpc/auth.me?connectionParams=${encodeURIComponent(JSON.stringify({ authorization: `Bearer ${login.body.accessToken}` }))}`,
      );
      const hash = (
        await logged.deps.db.selectFrom('users').select('password_hash').where('email', '=', 'hygiene@example.com').executeTakeFirstOrThrow()
      ).password_hash;
      const secrets = [
        password,
        'wrong-password-here',
        hash,
        reg.body.accessToken,
        login.body.accessToken,
        refreshed.body.accessToken,
        refreshCookie,
      ];
      expect(lines.length).toBeGreaterThan(3);
      const all = lines.join('\n');
      for (const s of secrets) expect(all.includes(s), `secret leaked into logs: ${s.slice(0, 8)}…`).toBe(false);
      for (const body of [reg.body, login.body, refreshed.body]) {
        expect(JSON.stringify(body.user)).not.toMatch(/argon2|password/i);
      }
    } finally {
      await logged.close();
    }
  });
});
