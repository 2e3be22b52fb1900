import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness';
import { announceAuthChange } from './auth.session-cache';

/**
 * Sessions are served from each replica's in-memory mirror (auth.session-cache.ts), not from
 * Postgres on every request. Revocation must still reach every replica on the very next request:
 * two api instances on one database and one Redis, each with its own mirror; the change is made on
 * A, the old access token is presented to B right after A answered — after B has cached it. B is
 * reached over real HTTP, as a load balancer would: its next request arrives over the network,
 * after Redis delivered A's message to B's subscriber connection (A awaits its publish and a PING
 * after it: see announceAuthChange).
 */
let a: TestApp;
let b: TestApp;
let bUrl: string;

beforeAll(async () => {
  // Grace 0: a replayed refresh token is reuse at once.
  a = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
  b = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' }, { replicaOf: a });
  expect(await a.deps.sessions.ready()).toBe(true);
  expect(await b.deps.sessions.ready()).toBe(true);
  bUrl = await b.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** An authenticated read; 200 while the access token's session lives, 401 once it is revoked. */
const get = async (t: TestApp, url: string, token: string) =>
  t === b ? (await fetch(`${bUrl}${url}`, { headers: { authorization: `Bearer ${token}` } })).status : (await t.rest('GET', url, { token })).status;
const read = (t: TestApp, token: string) => get(t, '/api/auth/me', token);
const list = (t: TestApp, token: string) => get(t, '/api/projects', token);

/** Both replicas have served the token, so both hold its session in memory. */
async function warm(token: string) {
  for (const t of [a, b, a, b]) expect(await list(t, token)).toBe(200);
}

describe('revocation across two api replicas (no Postgres read per request)', () => {
  it('serves a known session from memory: no Postgres round trip after the first request', async () => {
    const u = await a.signUp();
    await warm(u.token);
    expect(b.deps.sessions.get(JSON.parse(Buffer.from(u.token.split('.')[1] ?? '', 'base64url').toString()).sid)).toBeTruthy();
  });

  it('logout, password change, admin ban and refresh-token reuse each reject the old access token on the other replica at once', async () => {
    // Logout on A: B refuses the token on the next request.
    const out = await a.signUp();
    await warm(out.token);
    expect((await a.rest('POST', '/api/auth/logout', { token: out.token, body: {} })).status).toBe(200);
    expect(await list(b, out.token)).toBe(401);
    expect(await read(b, out.token)).toBe(401);
    expect(await list(a, out.token)).toBe(401);

    // Password change on A with one session: the user's other session dies on B; this one lives.
    const pw = await a.signUp(undefined, 'old password here');
    const other = await a.login(pw.email, 'old password here');
    await warm(pw.token);
    await warm(other.token);
    const changed = await a.rest('POST', '/api/profile/password', {
      token: pw.token,
      body: { currentPassword: 'old password here', newPassword: 'a new password here' },
    });
    expect(changed.status).toBe(200);
    expect(await list(b, other.token)).toBe(401);
    expect(await list(b, pw.token)).toBe(200);

    // Admin ban on A: every session of the account dies on B.
    const banned = await a.signUp();
    await warm(banned.token);
    const admin = await a.login(ADMIN.email, ADMIN.password);
    const ban = await a.rest('POST', `/api/admin/users/${banned.userId}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(ban.status).toBe(200);
    expect(await list(b, banned.token)).toBe(401);
    expect(await read(b, banned.token)).toBe(401);

    // Refresh-token reuse on A: the session is revoked, its old access token dies on B.
    const reused = await a.signUp();
    await warm(reused.token);
    const refresh = (cookie: string) =>
      a.rest('POST', '/api/auth/refresh', { body: {}, headers: { origin: TEST_ORIGIN }, cookies: { atelier_refresh: cookie } });
    const rotated = await refresh(reused.refresh);
    expect(rotated.body.accessToken).toBeTruthy();
    const newToken = rotated.body.accessToken as string;
    await warm(newToken);
    const replay = await refresh(reused.refresh);
    expect(replay.body.user).toBeNull();
    expect(await list(b, reused.token)).toBe(401);
    expect(await list(b, newToken)).toBe(401);
  });

  it('answers an auth change only after a PING sent once the publish was answered (Redis flushes the publisher before its subscribers)', async () => {
    // The real Redis, with each call's start and end recorded: a PING pipelined with the publish
    // would be answered in the same flush as it, before the subscribers' copies go out.
    const steps: string[] = [];
    const redis = a.deps.redis;
    const traced = new Proxy(redis, {
      get(target, key) {
        if (key !== 'publish' && key !== 'ping') return Reflect.get(target, key);
        return async (...args: unknown[]) => {
          steps.push(`${key} sent`);
          const out = await (Reflect.get(target, key) as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          steps.push(`${key} answered`);
          return out;
        };
      },
    });
    const u = await a.signUp();
    await warm(u.token);
    await announceAuthChange({ ...a.deps, redis: traced }, [u.userId]);
    expect(steps).toEqual(['publish sent', 'publish answered', 'ping sent', 'ping answered']);
    // By then B has the message: its mirror no longer holds the user's session.
    const sid = JSON.parse(Buffer.from(u.token.split('.')[1] ?? '', 'base64url').toString()).sid;
    expect(b.deps.sessions.get(sid)).toBeUndefined();
  });

  it('without the Redis subscription a replica reads Postgres on every request (nothing cached is trusted)', async () => {
    const u = await a.signUp();
    await warm(u.token);
    // The replicas' subscriber connections drop: their mirrors empty and stay unused until they resubscribe.
    const subs = String(await b.deps.redis.client('LIST'))
      .split('\n')
      .filter((l) => l.includes(` name=${b.env.redis.queuePrefix}:auth `));
    expect(subs).toHaveLength(2);
    let seen = false;
    const stop = setInterval(() => {
      if (!b.deps.sessions.live()) seen = true;
    }, 1);
    for (const line of subs) await b.deps.redis.client('KILL', 'ID', /\bid=(\d+)/.exec(line)?.[1] ?? '');
    for (let i = 0; i < 200 && !seen; i++) await new Promise((r) => setTimeout(r, 5));
    clearInterval(stop);
    expect(seen).toBe(true);
    // A change B cannot hear about while disconnected.
    expect((await a.rest('POST', '/api/auth/logout', { token: u.token, body: {} })).status).toBe(200);
    expect(await list(b, u.token)).toBe(401);
    // And it comes back.
    expect(await b.deps.sessions.ready()).toBe(true);
    const again = await a.signUp();
    await warm(again.token);
    expect(b.deps.sessions.size()).toBeGreaterThan(0);
  });
});
