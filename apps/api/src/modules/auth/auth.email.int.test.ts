import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness';
import { latestOutboxMail, outboxToken } from '../../testing/mail';
import { RESET_REQUESTED_MESSAGE } from './auth.password-reset';
import { INVALID_LINK } from './auth.tokens';

/**
 * Verification, password reset, security notices and e-mail change (issue 23). No worker runs
 * here: each mail stays in the outbox exactly as it will be sent, and the tests follow its links.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const address = (label: string) => `${label}-${randomBytes(3).toString('hex')}@example.com`;
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const mailsTo = async (to: string) =>
  t.deps.db.selectFrom('email_outbox').select(['kind', 'subject', 'text']).where('to_address', '=', to).orderBy('created_at').execute();

describe('e-mail verification', () => {
  it('register mails a single-use link; the account works unverified, and the link verifies it once', async () => {
    const email = address('verify');
    const user = await t.signUp(email);
    const me = await t.rest('GET', '/api/auth/me', { token: user.token });
    expect(me.body.user).toMatchObject({ email, emailVerified: false });
    const mail = await latestOutboxMail(t.deps.db, email, 'verify_email');
    expect(mail).toMatchObject({ subject: 'Verify your e-mail address for Atelier', user_id: user.userId, status: 'PENDING' });
    const token = await outboxToken(t.deps.db, email, '/verify-email');
    // Only a hash is stored.
    const stored = await t.deps.db
      .selectFrom('auth_tokens')
      .select(['token_hash', 'purpose', 'expires_at'])
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.purpose).toBe('verify_email');
    const hours = ((stored[0]?.expires_at.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const ok = await t.rest('POST', '/api/auth/verify-email', { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ verified: true, email, projectsJoined: 0 });
    expect((await t.rest('GET', '/api/auth/me', { token: user.token })).body.user.emailVerified).toBe(true);
    const again = await t.rest('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'VALIDATION', message: INVALID_LINK, fields: [{ path: 'token', message: INVALID_LINK }] });
  });

  it('an expired link does nothing; a resend supersedes the old link and is rate-limited', async () => {
    const email = address('resend');
    const user = await t.signUp(email);
    const first = await outboxToken(t.deps.db, email, '/verify-email');
    await t.deps.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await t.rest('POST', '/api/auth/verify-email', { body: { token: first } })).status).toBe(400);

    const resent = await t.rest('POST', '/api/auth/verify-email/resend', { token: user.token, body: {} });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ sent: true, alreadyVerified: false, email });
    const second = await outboxToken(t.deps.db, email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await latestOutboxMail(t.deps.db, email)).text).toContain('You asked for a new link to verify');
    // A third resend supersedes the second.
    expect((await t.rest('POST', '/api/auth/verify-email/resend', { token: user.token, body: {} })).status).toBe(200);
    const third = await outboxToken(t.deps.db, email, '/verify-email');
    expect((await t.rest('POST', '/api/auth/verify-email', { body: { token: second } })).status).toBe(400);
    expect((await t.rest('POST', '/api/auth/verify-email/resend', { token: user.token, body: {} })).status).toBe(200);
    const limited = await t.rest('POST', '/api/auth/verify-email/resend', { token: user.token, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Guests cannot ask for one.
    expect((await t.rest('POST', '/api/auth/verify-email/resend', { body: {} })).status).toBe(401);
    expect(third).toBeTruthy();
    const latest = await outboxToken(t.deps.db, email, '/verify-email');
    expect((await t.rest('POST', '/api/auth/verify-email', { body: { token: latest } })).status).toBe(200);
  });

  it('a verified account is told so instead of getting another mail', async () => {
    const email = address('done');
    const user = await t.signUp(email);
    await t.rest('POST', '/api/auth/verify-email', { body: { token: await outboxToken(t.deps.db, email, '/verify-email') } });
    const before = (await mailsTo(email)).length;
    const res = await t.rest('POST', '/api/auth/verify-email/resend', { token: user.token, body: {} });
    expect(res.body).toEqual({ sent: false, alreadyVerified: true, email });
    expect((await mailsTo(email)).length).toBe(before);
  });
});

describe('password reset', () => {
  it('answers an unknown address exactly like a known one, and each gets the mail that fits', async () => {
    const known = address('known');
    await t.signUp(known);
    const unknown = address('nobody');
    const a = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: known } });
    const b = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    const stripVolatile = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'content-length', 'x-request-id'].includes(k))
        .sort();
    expect(stripVolatile(b.headers)).toEqual(stripVolatile(a.headers));
    expect(String(a.headers['content-length'])).toBe(String(b.headers['content-length']));

    expect(await latestOutboxMail(t.deps.db, known)).toMatchObject({ kind: 'password_reset', subject: 'Reset your Atelier password' });
    const nobody = await latestOutboxMail(t.deps.db, unknown);
    expect(nobody).toMatchObject({ kind: 'password_reset_unknown', user_id: null });
    expect(nobody.links.map((l) => l.url).join(' ')).not.toContain('token=');
  });

  it('takes (within noise) the same time for an unknown address as for a known one', async () => {
    const knowns: string[] = [];
    for (let i = 0; i < 12; i++) knowns.push((await t.signUp(address(`tk${i}`))).email);
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await t.rest('POST', '/api/auth/password-reset/request', { body: { email } });
      expect(res.status).toBe(200);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    // Warm both paths, then alternate so drift hits both alike.
    await time(address('warm-unknown'));
    const k: number[] = [];
    const u: number[] = [];
    for (const email of knowns) {
      k.push(await time(email));
      u.push(await time(address('tu')));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const mk = median(k);
    const mu = median(u);
    // Both paths render a mail, write it and enqueue a job: the medians differ by noise only.
    expect(Math.abs(mk - mu), `known ${mk.toFixed(1)} ms, unknown ${mu.toFixed(1)} ms`).toBeLessThan(Math.max(8, 0.35 * Math.max(mk, mu)));
  });

  it('the link sets a new password once; old password, sessions and refresh tokens stop working; a notice is mailed', async () => {
    const email = address('reset');
    const user = await t.signUp(email, 'old password 123');
    const second = await t.login(email, 'old password 123');
    await t.rest('POST', '/api/auth/password-reset/request', { body: { email } });
    const token = await outboxToken(t.deps.db, email, '/reset-password');
    const tokenRow = await t.deps.db
      .selectFrom('auth_tokens')
      .select(['expires_at', 'token_hash'])
      .where('user_id', '=', user.userId)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect((tokenRow.expires_at.getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
    expect((tokenRow.expires_at.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(60);
    expect(tokenRow.token_hash).not.toBe(token);

    // Same rules as register: a short password is refused, naming the field, and nothing changes.
    const weak = await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);

    const ok = await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'brand new password' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    expect((await t.rest('POST', '/api/auth/login', { body: { email, password: 'old password 123' } })).status).toBe(401);
    expect((await t.rest('POST', '/api/auth/login', { body: { email, password: 'brand new password' } })).status).toBe(200);
    for (const session of [user, second]) {
      expect((await t.rest('GET', '/api/auth/me', { token: session.token })).status).toBe(401);
      const refreshed = await t.rest('POST', '/api/auth/refresh', {
        body: {},
        headers: { origin: TEST_ORIGIN },
        cookies: { atelier_refresh: session.refresh },
      });
      expect(refreshed.body).toEqual({ accessToken: null, user: null });
    }
    const notice = await latestOutboxMail(t.deps.db, email, 'password_changed');
    expect(notice.subject).toBe('Your Atelier password was changed');
    expect(notice.text).toContain('with a password-reset link');
    // Single use.
    const replay = await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token, password: 'third password!' } });
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(INVALID_LINK);
    // The link proved the address.
    const fresh = await t.login(email, 'brand new password');
    expect((await t.rest('GET', '/api/auth/me', { token: fresh.token })).body.user.emailVerified).toBe(true);
  });

  it('an expired link, or one superseded by a newer request, sets nothing', async () => {
    const email = address('expired');
    const user = await t.signUp(email, 'stays the same 1');
    await t.rest('POST', '/api/auth/password-reset/request', { body: { email } });
    const first = await outboxToken(t.deps.db, email, '/reset-password');
    await t.rest('POST', '/api/auth/password-reset/request', { body: { email } });
    const second = await outboxToken(t.deps.db, email, '/reset-password');
    expect((await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token: first, password: 'changed password' } })).status).toBe(400);
    await t.deps.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('user_id', '=', user.userId)
      .where('purpose', '=', 'password_reset')
      .execute();
    expect((await t.rest('POST', '/api/auth/password-reset/confirm', { body: { token: second, password: 'changed password' } })).status).toBe(400);
    expect((await t.rest('POST', '/api/auth/login', { body: { email, password: 'stays the same 1' } })).status).toBe(200);
  });

  it('is rate-limited per address (known or not: the same 429) and per IP', async () => {
    const known = address('rl-known');
    await t.signUp(known);
    const unknown = address('rl-unknown');
    for (const email of [known, unknown]) {
      for (let i = 0; i < 5; i++) expect((await t.rest('POST', '/api/auth/password-reset/request', { body: { email } })).status).toBe(200);
    }
    const a = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: known } });
    const b = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: unknown } });
    expect(a.status).toBe(429);
    expect(b.status).toBe(429);
    expect(b.body).toEqual(a.body);

    const strict = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++)
        expect((await strict.rest('POST', '/api/auth/password-reset/request', { body: { email: address(`ip${i}`) } })).status).toBe(200);
      expect((await strict.rest('POST', '/api/auth/password-reset/request', { body: { email: address('ip-over') } })).status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('refuses bad input naming the field, and the demo account never gets a link', async () => {
    const bad = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('email');
    const demo = await t.rest('POST', '/api/auth/password-reset/request', { body: { email: 'demo@atelier.local' } });
    expect(demo.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    expect((await latestOutboxMail(t.deps.db, 'demo@atelier.local')).kind).toBe('password_reset_unknown');
  });
});

describe('security notices', () => {
  it('a sign-in from a device family the account has not used gets a notice; the same device does not', async () => {
    const email = address('device');
    await t.rest('POST', '/api/auth/register', { body: { email, password: 'device password' }, headers: { 'user-agent': CHROME_MAC } });
    const login = (ua: string) => t.rest('POST', '/api/auth/login', { body: { email, password: 'device password' }, headers: { 'user-agent': ua } });
    expect((await login(CHROME_MAC)).status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['verify_email']);
    expect((await login(FIREFOX_WIN)).status).toBe(200);
    const notice = await latestOutboxMail(t.deps.db, email);
    expect(notice).toMatchObject({ kind: 'new_sign_in', subject: 'New sign-in to your Atelier account' });
    expect(notice.text).toContain('Device: Firefox on Windows');
    expect(notice.text).toMatch(/IP address: (::ffff:)?127\.0\.0\.1/);
    expect((await login(FIREFOX_WIN)).status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['verify_email', 'new_sign_in']);
    // A failed sign-in records nothing.
    await t.rest('POST', '/api/auth/login', { body: { email, password: 'wrong password' }, headers: { 'user-agent': 'curl/8.5.0' } });
    expect((await mailsTo(email)).length).toBe(2);
  });

  it('a password change on the profile mails a notice', async () => {
    const email = address('change');
    const user = await t.signUp(email, 'first password');
    const res = await t.rest('POST', '/api/profile/password', {
      token: user.token,
      body: { currentPassword: 'first password', newPassword: 'second password' },
    });
    expect(res.status).toBe(200);
    const notice = await latestOutboxMail(t.deps.db, email, 'password_changed');
    expect(notice.text).toContain('on the profile page');
  });
});

describe('e-mail change', () => {
  it('needs the password, confirms with a link to the new address, and tells the old address', async () => {
    const old = address('old');
    const next = address('new');
    const taken = (await t.signUp(address('taken'))).email;
    const user = await t.signUp(old, 'change my email');
    const wrong = await t.rest('POST', '/api/profile/email', { token: user.token, body: { newEmail: next, password: 'nope nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const inUse = await t.rest('POST', '/api/profile/email', { token: user.token, body: { newEmail: taken, password: 'change my email' } });
    expect(inUse.status).toBe(400);
    expect(inUse.body.error.fields[0].path).toBe('newEmail');

    const req = await t.rest('POST', '/api/profile/email', {
      token: user.token,
      body: { newEmail: next.toUpperCase(), password: 'change my email' },
    });
    expect(req.status).toBe(200);
    expect(req.body).toEqual({ success: true, pendingEmail: next });
    expect((await t.rest('GET', '/api/profile', { token: user.token })).body).toMatchObject({ email: old, pendingEmail: next, emailVerified: false });
    const confirmMail = await latestOutboxMail(t.deps.db, next, 'email_change_confirm');
    expect(confirmMail.text).toContain(`The Atelier account ${old} asked to use ${next}`);
    // Nothing changed yet.
    expect((await t.rest('POST', '/api/auth/login', { body: { email: old, password: 'change my email' } })).status).toBe(200);

    const token = await outboxToken(t.deps.db, next, '/confirm-email');
    const done = await t.rest('POST', '/api/profile/email/confirm', { body: { token } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, email: next });
    const notice = await latestOutboxMail(t.deps.db, old, 'email_changed');
    expect(notice.text).toContain(`changed from ${old} to ${next}`);
    expect((await t.rest('POST', '/api/auth/login', { body: { email: old, password: 'change my email' } })).status).toBe(401);
    const again = await t.login(next, 'change my email');
    expect((await t.rest('GET', '/api/auth/me', { token: again.token })).body.user).toMatchObject({ email: next, emailVerified: true });
    expect((await t.rest('POST', '/api/profile/email/confirm', { body: { token } })).status).toBe(400);
  });
});
