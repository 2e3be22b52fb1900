import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeSimulator, startStripeSimulator } from '../apps/api/src/testing/stripe-simulator';
import { logIn, PASSWORD, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 4 (credits & payments screens) and issue 14's checkout analytics, in a real browser against
 * the built app, with Stripe replaced by the local simulator (the official SDK is pointed at it).
 */

const SECRET_KEY = 'sk_test_atelier_e2e_simulator';
const WEBHOOK_SECRET = 'whsec_atelier_e2e_secret';

let sim: StripeSimulator;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  sim = await startStripeSimulator({ apiKey: SECRET_KEY });
  server = await startServer({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...sim.env() } });
  // The hosted page's Pay button delivers a signed checkout.session.completed here before redirecting back.
  sim.setWebhook({ url: `http://127.0.0.1:${server.port}/api/payment/webhook`, secret: WEBHOOK_SECRET });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

interface TestUser {
  id: string;
  email: string;
  token: string;
  generationId: string;
}

async function api<T>(target: TestServer, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${target.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Registers a user over REST, then brings the balance to `credits` through the database the way the
 * ledger does it — every change a row, the balance equal to the ledger's sum: a 2-credit spend on a
 * (completed) generation, then an admin adjustment to the target.
 */
async function createUserWithCredits(target: TestServer, credits: number): Promise<TestUser> {
  const email = uniqueEmail('pay');
  const { user, accessToken } = await api<{ user: { id: string }; accessToken: string }>(target, 'POST', '/auth/register', {
    email,
    password: PASSWORD,
  });
  const generationId = randomUUID();
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ credit_units: string }>('SELECT credit_units FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    let units = Number(rows[0]?.credit_units ?? 0);
    await client.query(
      `INSERT INTO generations (id, user_id, type, prompt, model_id, provider, status, progress, output_text, credit_units_charged, completed_at)
       VALUES ($1, $2, 'text', 'A tagline for a reusable coffee cup', 'local/text', 'local', 'COMPLETED', 100, 'Sip, refill, repeat.', 200, now())`,
      [generationId, user.id],
    );
    units -= 200;
    await client.query(
      `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, note, created_at)
       VALUES ($1, 'spend', -200, $2, 'generation', $3, $4, 'Text generation', clock_timestamp())`,
      [user.id, units, generationId, `spend:generation:${generationId}`],
    );
    const target_units = credits * 100;
    await client.query(
      `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, idempotency_key, note, created_at)
       VALUES ($1, 'admin_adjustment', $2, $3, $4, 'Balance set for a browser test', clock_timestamp())`,
      [user.id, target_units - units, target_units, `e2e-adjust:${user.id}`],
    );
    await client.query('UPDATE users SET credit_units = $2 WHERE id = $1', [user.id, target_units]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { id: user.id, email, token: accessToken, generationId };
}

async function ledgerState(target: TestServer, userId: string): Promise<{ balance: number; ledgerSum: number; purchases: number }> {
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ balance: string; sum: string; purchases: string }>(
      `SELECT u.credit_units AS balance,
              (SELECT coalesce(sum(amount_units), 0) FROM credit_ledger WHERE user_id = u.id) AS sum,
              (SELECT count(*) FROM credit_ledger WHERE user_id = u.id AND kind = 'purchase') AS purchases
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    const row = rows[0];
    return { balance: Number(row?.balance) / 100, ledgerSum: Number(row?.sum) / 100, purchases: Number(row?.purchases) };
  } finally {
    await client.end();
  }
}

const badgeText = (page: Page) => page.getByTestId('app-header').getByTestId('credits-badge').innerText();

async function openPaymentsScreen(page: Page, path = '/payments'): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await page.getByRole('heading', { name: 'Credits & Payments', level: 1 }).waitFor();
}

const test = (
  name: string,
  fn: (page: Page) => Promise<void>,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
) => it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn));

describe('payments screen (Stripe simulator)', () => {
  test('a user with 40 credits sees the low-credit banner, but not inside an editor', async (page) => {
    const user = await createUserWithCredits(server, 40);
    const { project } = await api<{ project: { id: string } }>(server, 'POST', '/projects', { name: 'Banner check', type: 'VIDEO' }, user.token);

    await page.goto('/');
    await waitForShell(page);
    await logIn(page, user.email);
    await expect.poll(() => badgeText(page)).toBe('40 credits');
    const banner = page.getByTestId('low-credit-banner');
    await banner.waitFor();
    expect(await banner.getByText('TOP UP YOUR ACCOUNT', { exact: true }).isVisible()).toBe(true);
    expect(await banner.getByText('40 credits remaining', { exact: true }).isVisible()).toBe(true);
    const buy = banner.getByRole('link', { name: 'BUY CREDITS' });
    expect(await buy.getAttribute('href')).toBe('/payments');
    await saveScreen(page, 'payments-low-credit-banner');
    await page.setViewportSize(MOBILE);
    await sleep(300);
    expect(await banner.getByText('40 credits remaining', { exact: true }).isVisible()).toBe(true);
    await saveScreen(page, 'payments-low-credit-banner-mobile');
    await page.setViewportSize(DESKTOP);

    await page.goto(`/projects/${project.id}/video-editor`);
    await page.getByTestId('editor-frame').waitFor();
    await sleep(500);
    expect(await page.getByTestId('low-credit-banner').count()).toBe(0);

    // The banner's link leads to the payments screen.
    await page.goto('/');
    await waitForShell(page);
    await page.getByTestId('low-credit-banner').getByRole('link', { name: 'BUY CREDITS' }).click();
    await page.waitForURL('**/payments');
    await page.getByRole('heading', { name: 'Credits & Payments', level: 1 }).waitFor();
  });

  test('lists the packages with prices and the ledger history with a link to the generation', async (page) => {
    const user = await createUserWithCredits(server, 40);
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, user.email);
    await openPaymentsScreen(page);

    const cards = page.getByTestId('package-card');
    await expect.poll(() => cards.count()).toBe(4);
    const starter = page.locator('[data-package-id="starter"]');
    expect(await starter.innerText()).toContain('$10.00');
    expect(await starter.innerText()).toContain('10 credits per $1');
    expect(await page.locator('[data-package-id="creator"]').innerText()).toContain('12.5 credits per $1');
    expect(await page.locator('[data-package-id="pro"]').getByTestId('best-value').isVisible()).toBe(true);
    expect(await page.getByTestId('best-value').count()).toBe(1);

    await expect.poll(() => page.getByTestId('balance-value').innerText()).toBe('40');
    const rows = page.getByTestId('ledger-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first: the adjustment, the generation spend, the sign-up bonus.
    expect(await rows.getByTestId('ledger-kind').allInnerTexts()).toEqual(['Adjustment', 'Generation', 'Sign-up bonus']);
    expect(await rows.getByTestId('ledger-amount').allInnerTexts()).toEqual(['\u22128', '\u22122', '+50']);
    expect(await rows.nth(1).innerText()).toContain('48');
    const link = rows.nth(1).getByTestId('ledger-generation-link');
    expect(await link.getAttribute('href')).toBe(`/history?generation=${user.generationId}`);
    expect(await page.getByTestId('balance-chart').isVisible()).toBe(true);
    expect(await page.getByText('No purchases yet').isVisible()).toBe(true);

    await page.mouse.move(0, 0);
    await sleep(400);
    await saveScreen(page, 'payments-desktop-light');
    await page.screenshot({ path: 'e2e/artifacts/screens/payments-desktop-light-full.png', fullPage: true });

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await sleep(300);
    await saveScreen(page, 'payments-desktop-dark');
    await page.screenshot({ path: 'e2e/artifacts/screens/payments-desktop-dark-full.png', fullPage: true });

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(MOBILE);
    await sleep(400);
    await saveScreen(page, 'payments-mobile');
    await page.screenshot({ path: 'e2e/artifacts/screens/payments-mobile-full.png', fullPage: true });
    await page.setViewportSize(DESKTOP);

    // /credits and /pricing are the same screen.
    for (const path of ['/credits', '/pricing']) {
      await openPaymentsScreen(page, path);
      await expect.poll(() => page.getByTestId('package-card').count()).toBe(4);
    }
  });

  test('a full purchase through Stripe Checkout credits the package exactly once', async (page) => {
    const user = await createUserWithCredits(server, 40);
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, user.email);
    await openPaymentsScreen(page);
    await expect.poll(() => badgeText(page)).toBe('40 credits');

    // checkout_started is tracked before the checkout call; hold the call to read the events before the page leaves.
    let eventsAtCheckout: Awaited<ReturnType<typeof trackedEvents>> = [];
    await page.route('**/trpc/payments.checkout*', async (route) => {
      eventsAtCheckout = await trackedEvents(page);
      await route.continue();
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await page
      .locator('[data-package-id="starter"]')
      .getByRole('button', { name: /^Buy Starter/ })
      .click();
    await page.waitForURL(`${sim.url}/c/pay/**`);
    const started = eventsAtCheckout.filter((e) => e.event === 'checkout_started');
    expect(started).toHaveLength(1);
    expect(started[0]?.params).toMatchObject({ package: 'starter', credits: 100, amount: 10, currency: 'USD' });
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(sim.sessions.get(sessionId)?.amount_total).toBe(1000);
    await saveScreen(page, 'payments-stripe-simulator');

    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment successful').waitFor({ timeout: 20_000 });
    expect(navigations.some((url) => url.includes(`/payments?status=success&session_id=${sessionId}`))).toBe(true);
    await expect.poll(() => badgeText(page)).toBe('140 credits');
    await expect.poll(() => page.getByTestId('balance-value').innerText()).toBe('140');
    expect(await page.getByText('100 credits were added to your balance', { exact: false }).isVisible()).toBe(true);
    // The query string is cleaned once the return was handled.
    await expect.poll(() => new URL(page.url()).search).toBe('');

    const completed = (await trackedEvents(page)).filter((e) => e.event === 'purchase_completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.params).toMatchObject({ package: 'starter', credits: 100, amount: 10, currency: 'USD' });

    // Ledger and payments show the purchase.
    await expect.poll(() => page.getByTestId('ledger-row').first().getByTestId('ledger-kind').innerText()).toBe('Credit purchase');
    expect(await page.getByTestId('ledger-row').first().getByTestId('ledger-amount').innerText()).toBe('+100');
    await expect.poll(() => page.getByTestId('payment-row').count()).toBe(1);
    expect(await page.getByTestId('payment-row').getByTestId('payment-status').innerText()).toMatch(/paid/i);
    await sleep(300);
    await saveScreen(page, 'payments-after-purchase');

    // Returning to the success URL again (a reload of it, a second tab) grants and tracks nothing more.
    await page.goto(`/payments?status=success&session_id=${sessionId}`);
    await waitForShell(page);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => badgeText(page)).toBe('140 credits');
    await expect.poll(() => page.getByTestId('balance-value').innerText()).toBe('140');
    expect((await trackedEvents(page)).filter((e) => e.event === 'purchase_completed')).toHaveLength(0);

    const state = await ledgerState(server, user.id);
    expect(state).toEqual({ balance: 140, ledgerSum: 140, purchases: 1 });
  });

  test('cancelling on the checkout page says nothing was charged', async (page) => {
    const user = await createUserWithCredits(server, 40);
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, user.email);
    await openPaymentsScreen(page);
    await page
      .locator('[data-package-id="creator"]')
      .getByRole('button', { name: /^Buy Creator/ })
      .click();
    await page.waitForURL(`${sim.url}/c/pay/**`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Checkout cancelled — nothing was charged').waitFor({ timeout: 20_000 });
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => badgeText(page)).toBe('40 credits');
    expect((await ledgerState(server, user.id)).purchases).toBe(0);
  });

  test('a guest sees the packages and the demo ledger read-only; Buy opens the login popup', async (page) => {
    await openPaymentsScreen(page);
    await expect.poll(() => page.getByTestId('package-card').count()).toBe(4);
    await expect.poll(() => page.getByTestId('ledger-row').count()).toBeGreaterThan(0);
    expect(await page.getByText('Demo workspace · read-only').isVisible()).toBe(true);
    expect(await page.getByText('Demo workspace balance').isVisible()).toBe(true);
    await saveScreen(page, 'payments-guest');
    const stripeCallsBefore = sim.requests.length;
    await page
      .locator('[data-package-id="studio"]')
      .getByRole('button', { name: /^Buy Studio/ })
      .click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByText('Please login to perform this action').isVisible()).toBe(true);
    expect(sim.requests.length).toBe(stripeCallsBefore);
    expect((await trackedEvents(page)).filter((e) => e.event === 'checkout_started')).toHaveLength(0);
  });
});

describe('payments screen without Stripe keys', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer();
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it('keeps the packages visible and says plainly that payments are not configured', () =>
    withPage(browser, 'payments not configured', { baseURL: bare.url }, async (page) => {
      const user = await createUserWithCredits(bare, 40);
      await page.goto('/');
      await waitForShell(page);
      await logIn(page, user.email);
      await openPaymentsScreen(page);
      await expect.poll(() => page.getByTestId('package-card').count()).toBe(4);
      await page.getByTestId('payments-not-configured').waitFor();
      await page
        .locator('[data-package-id="starter"]')
        .getByRole('button', { name: /^Buy Starter/ })
        .click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Payments are not configured on this server' }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('Cannot buy credits here').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/payments');
      expect(await page.getByTestId('package-card').count()).toBe(4);
      await sleep(300);
      await saveScreen(page, 'payments-not-configured');
    }));
});
