import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoginPopup, PASSWORD, recordRequests, signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn));

const AUTH_WRITE = /\/(api\/auth\/(register|login)|trpc\/[^?]*auth\.(register|login))/;

describe('accounts in the browser', () => {
  test('guest banner shows GUEST MODE and can be minimised to a remembered Guest Mode button', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    const header = page.getByTestId('app-header');
    await header.getByText('Guest User', { exact: true }).waitFor();
    expect(await header.getByRole('button', { name: 'Login', exact: true }).isVisible()).toBe(true);

    const banner = page.getByTestId('guest-banner');
    await banner.waitFor();
    expect(await banner.getByText('GUEST MODE', { exact: true }).isVisible()).toBe(true);
    expect(await banner.getByText('Browsing as guest • Login to create and save content', { exact: true }).isVisible()).toBe(true);
    await saveScreen(page, 'guest-banner');

    await banner.getByRole('button', { name: 'Login to Use App' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await banner.getByRole('button', { name: 'Minimise guest banner' }).click();
    const small = page.getByRole('button', { name: /Guest Mode/ });
    await small.waitFor();
    expect(await small.textContent()).toBe('Guest Mode');
    expect(await page.getByTestId('guest-banner').count()).toBe(0);

    await page.reload();
    await waitForShell(page);
    await page.getByRole('button', { name: /Guest Mode/ }).waitFor();
    expect(await page.getByTestId('guest-banner').count()).toBe(0);
    await page.getByRole('button', { name: /Guest Mode/ }).click();
    await page.getByTestId('guest-banner').waitFor();
  });

  test('sign-up with mismatched passwords shows the error and sends no request', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    const sent = recordRequests(page, AUTH_WRITE);
    await openLoginPopup(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    expect(await dialog.getByLabel(/^Email Address/).getAttribute('type')).toBe('email');
    await dialog.getByLabel(/^Email Address/).fill(uniqueEmail('mismatch'));
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByLabel(/^Confirm Password/).fill(`${PASSWORD}-typo`);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Passwords do not match', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(sent).toHaveLength(0);
    expect(await dialog.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await saveScreen(page, 'login-popup-signup-mismatch');
  });

  test('sign-up → header shows credits and e-mail; logout → Guest User; login shows Processing...', async (page) => {
    const email = uniqueEmail('creator');
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, email);

    const header = page.getByTestId('app-header');
    expect(await header.getByTestId('user-email').textContent()).toBe(email);
    const badge = header.getByTestId('credits-badge');
    const badgeText = (await badge.textContent()) ?? '';
    expect(badgeText).toMatch(/^\d[\d,]* credits$/);
    expect(await badge.getAttribute('href')).toBe('/payments');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('guest-banner').count()).toBe(0);
    const credits = Number(badgeText.replace(/[^\d]/g, ''));
    if (credits < 100) {
      const low = page.getByTestId('low-credit-banner');
      await low.waitFor();
      expect(await low.getByText('TOP UP YOUR ACCOUNT').isVisible()).toBe(true);
      expect(await low.getByText(`${credits} credits remaining`).isVisible()).toBe(true);
      expect(await low.getByRole('link', { name: 'BUY CREDITS' }).getAttribute('href')).toBe('/payments');
    } else {
      expect(await page.getByTestId('low-credit-banner').count()).toBe(0);
    }
    expect(await header.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await saveScreen(page, 'signed-in-header');

    // The session survives a reload (one refresh at start-up).
    await page.reload();
    await page.getByTestId('user-email').waitFor();

    await header.getByRole('button', { name: 'Logout' }).click();
    await header.getByText('Guest User', { exact: true }).waitFor();
    expect(await header.getByTestId('credits-badge').count()).toBe(0);
    await page.reload();
    await waitForShell(page);
    await header.getByText('Guest User', { exact: true }).waitFor();

    // Login again with the request held back, so the busy state is visible.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(AUTH_WRITE, async (route) => {
      await held;
      await route.continue();
    });
    await openLoginPopup(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Email Address/).fill(email);
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    const busy = dialog.getByRole('button', { name: 'Processing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await saveScreen(page, 'login-popup-processing');
    release();
    await page.getByTestId('user-email').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test("login failure shows the server's message", async (page) => {
    await page.goto('/login');
    await page.getByLabel(/^Email Address/).fill(uniqueEmail('nobody'));
    await page.getByLabel(/^Password/).fill('wrong-password-123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toBe('An error occurred');
    await saveScreen(page, 'login-page-error');
  });

  test('/admin as a guest → /login?redirect=/admin, and logging in there returns to /admin', async (page) => {
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin');
    await page.getByLabel(/^Email Address/).fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Console', level: 1 }).waitFor();
    expect(await page.getByTestId('app-header').getByRole('link', { name: 'Admin', exact: true }).isVisible()).toBe(true);
    await saveScreen(page, 'admin-console');
  });

  test("/admin as a normal user → 'Admin Access Required' with a way back", async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('not-admin'));
    for (const path of ['/admin', '/admin/users', '/admin/profitability/users/3f2b8c1e-5d4a-4e7b-9c0d-1a2b3c4d5e6f']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    }
    await saveScreen(page, 'admin-denied');
    await page.getByRole('link', { name: 'Return to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('the login popup and the /login page are the same form; guards open the popup for guests', async (page) => {
    await page.goto('/register');
    expect(await page.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel(/^Confirm Password/).isVisible()).toBe(true);
    await page.goto('/login');
    expect(await page.getByLabel(/^Confirm Password/).count()).toBe(0);
    await page.goto('/projects');
    await waitForShell(page);
    await page.getByRole('button', { name: 'New project' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Please login to perform this action').first().waitFor();
    await saveScreen(page, 'login-popup');
  });
});
