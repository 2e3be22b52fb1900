import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** A server whose access tokens expire after 5 s, so expiry can be observed for real. */
const ACCESS_TOKEN_TTL_SECONDS = 5;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('access token expiry', () => {
  const name = 'an expired access token is refreshed transparently and the call retried once';
  it(name, () =>
    withPage(browser, name, { baseURL: server.url }, async (page) => {
      const email = uniqueEmail('expiry');
      // History: /terms (auth layout) → / (main layout), both inside one page load.
      await page.goto('/terms');
      await page.getByRole('link', { name: 'Back to the studio' }).click();
      await waitForShell(page);
      await signUp(page, email);

      // Let the in-memory access token expire.
      await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1.5) * 1000);

      const traffic: Array<{ path: string; status: number; auth: string | null }> = [];
      page.on('response', (response) => {
        const request: Request = response.request();
        if (/\/trpc\/|\/api\/auth\//.test(request.url())) {
          traffic.push({ path: new URL(request.url()).pathname, status: response.status(), auth: request.headers().authorization ?? null });
        }
      });

      // Back to /terms and forward again, in-app (no reload, so the token in memory is the expired one):
      // mounting the main layout re-reads auth.me, which now answers 401.
      await page.goBack({ waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
      await page.goForward({ waitUntil: 'commit' });
      await page.getByTestId('user-email').waitFor();

      await expect.poll(() => traffic.filter((t) => t.path.endsWith('auth.me') && t.status === 200).length, { timeout: 15_000 }).toBe(1);
      const meCalls = traffic.filter((t) => t.path.endsWith('auth.me'));
      const refreshes = traffic.filter((t) => t.path === '/api/auth/refresh');
      expect(meCalls.map((t) => t.status)).toEqual([401, 200]);
      expect(refreshes.map((t) => t.status)).toEqual([200]);
      expect(meCalls[0]?.auth).toMatch(/^Bearer .+/);
      expect(meCalls[1]?.auth).toMatch(/^Bearer .+/);
      expect(meCalls[1]?.auth).not.toBe(meCalls[0]?.auth);
      // Still signed in, nothing shown to the user.
      expect(await page.getByTestId('user-email').textContent()).toBe(email);
      expect(await page.getByTestId('guest-banner').count()).toBe(0);
    }),
  );
});
