import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/** Issue 12's workspace screens (prompt library, brand kit, profile, analytics) against the built app. */

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

type Options = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' };
const test = (name: string, fn: (page: Page) => Promise<void>, options: Options = {}) =>
  it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn), 180_000);
const saveFull = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `${name}-full.png`), fullPage: true });

async function signedIn(page: Page, label: string, url: string): Promise<string> {
  const email = uniqueEmail(label);
  // The header shows the signed-in e-mail on desktop only: sign up wide, then restore the viewport.
  const viewport = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForShell(page);
  await signUp(page, email);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  await waitForShell(page);
  return email;
}

/** Seeds a week of generations and spends for the user, straight into the database. */
async function seedActivity(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const userId = rows[0]?.id;
    if (!userId) throw new Error('seeded user not found');
    const plan: [string, string, string, number, number, number][] = [
      ['image', 'local/image', 'COMPLETED', 0, 4, 100],
      ['image', 'local/image', 'COMPLETED', 1, 6, 100],
      ['image', 'local/image', 'FAILED', 2, 0, 100],
      ['text', 'local/text', 'COMPLETED', 2, 2, 100],
      ['audio', 'local/speech', 'COMPLETED', 3, 8, 200],
      ['video', 'local/video', 'COMPLETED', 5, 30, 500],
      ['image', 'local/image', 'COMPLETED', 6, 5, 100],
    ];
    let i = 0;
    for (const [type, model, status, daysAgo, secs, units] of plan) {
      i += 1;
      const created = new Date(Date.now() - daysAgo * 86_400_000 - 60_000);
      const done = status === 'COMPLETED' ? new Date(created.getTime() + secs * 1000) : null;
      const g = await client.query<{ id: string }>(
        `INSERT INTO generations (user_id, type, prompt, model_id, provider, status, credit_units_charged, credit_units_refunded, created_at, completed_at)
         VALUES ($1,$2,$3,$4,'local',$5,$6,$7,$8,$9) RETURNING id`,
        [userId, type, `seeded ${i}`, model, status, units, status === 'FAILED' ? units : 0, created, done],
      );
      const id = g.rows[0]?.id;
      await client.query(
        `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, created_at)
         VALUES ($1,'spend',$2,0,'generation',$3,$4,$5)`,
        [userId, -units, id, `e2e-spend-${id}`, created],
      );
      if (status === 'FAILED') {
        await client.query(
          `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, created_at)
           VALUES ($1,'refund',$2,0,'generation',$3,$4,$5)`,
          [userId, units, id, `e2e-refund-${id}`, created],
        );
      }
    }
    await client.query(`INSERT INTO projects (user_id, name, type) VALUES ($1, 'Seeded project', 'IMAGE')`, [userId]);
  } finally {
    await client.end();
  }
}

describe('prompt library', () => {
  test('saves a prompt and uses it in Quick Create (the prompt appears in the prompt box)', async (page) => {
    await signedIn(page, 'prompts', '/prompts');
    await expect.poll(() => page.getByText('No saved prompts yet').isVisible(), { timeout: 20_000 }).toBe(true);
    await saveScreen(page, 'workspace-prompts-empty');
    await page.getByRole('button', { name: 'New prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save prompt' });
    await dialog.getByLabel('Title').fill('Golden hour bakery');
    await dialog.getByTestId('prompt-form-text').fill('A rustic sourdough loaf on a wooden table, golden hour light');
    await dialog.getByLabel('Category').fill('Product');
    await dialog.getByTestId('prompt-form-submit').click();
    await expect.poll(() => page.getByTestId('prompt-card').count(), { timeout: 20_000 }).toBe(1);
    // A second prompt in another category, to show the filter.
    await page.getByRole('button', { name: 'New prompt' }).click();
    await dialog.getByLabel('Title').fill('Launch tagline');
    await dialog.getByTestId('prompt-form-text').fill('Write a playful tagline for a neighbourhood bakery opening');
    await dialog.getByText('Text', { exact: true }).click();
    await dialog.getByLabel('Category').fill('Marketing');
    await dialog.getByTestId('prompt-form-submit').click();
    await expect.poll(() => page.getByTestId('prompt-card').count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Add “Golden hour bakery” to favourites' }).click();
    await saveScreen(page, 'workspace-prompts');

    await page.getByTestId('prompt-category-filter').click();
    await page.getByRole('option', { name: /Marketing/ }).click();
    await expect.poll(() => page.getByTestId('prompt-card').count()).toBe(1);
    await page.getByTestId('prompt-category-filter').click();
    await page.getByRole('option', { name: /Product/ }).click();
    await expect.poll(() => page.getByTestId('prompt-card').count()).toBe(1);

    await page.getByRole('link', { name: 'Use “Golden hour bakery” in Quick Create' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/quick-create');
    await expect
      .poll(() => page.getByTestId('prompt-input').inputValue(), { timeout: 20_000 })
      .toBe('A rustic sourdough loaf on a wooden table, golden hour light');
    await saveScreen(page, 'workspace-prompt-used-in-quick-create');
  });

  test(
    'prompt library in dark theme on mobile',
    async (page) => {
      await signedIn(page, 'prompts-dark', '/prompts');
      await expect.poll(() => page.getByText('No saved prompts yet').isVisible(), { timeout: 20_000 }).toBe(true);
      await saveScreen(page, 'workspace-prompts-empty-dark-mobile');
    },
    { colorScheme: 'dark', viewport: MOBILE },
  );
});

describe('analytics', () => {
  for (const [label, options] of [
    ['light', {}],
    ['dark', { colorScheme: 'dark' as const }],
    ['mobile', { viewport: MOBILE }],
  ] as const) {
    test(
      `charts render for a seeded user (${label})`,
      async (page) => {
        const email = await signedIn(page, `analytics-${label}`, '/');
        await seedActivity(email);
        await page.goto('/analytics');
        await page.getByTestId('analytics-dashboard').waitFor({ timeout: 20_000 });
        await page.getByText('7 days', { exact: true }).click();
        for (const id of ['chart-credit-usage', 'chart-by-type', 'chart-trend', 'chart-models']) {
          await expect
            .poll(() => page.locator(`[data-testid="${id}"] svg path, [data-testid="${id}"] svg rect`).count(), { timeout: 20_000 })
            .toBeGreaterThan(0);
        }
        const stats = await page.getByTestId('analytics-stat').allInnerTexts();
        expect(stats[0]).toContain('7');
        expect(stats[1]).toContain('11');
        await saveScreen(page, `workspace-analytics-${label}`);
        await saveFull(page, `workspace-analytics-${label}`);
      },
      options,
    );
  }

  test('a new user sees the empty state', async (page) => {
    await signedIn(page, 'analytics-empty', '/analytics');
    await expect.poll(() => page.getByText(/No activity/).isVisible(), { timeout: 20_000 }).toBe(true);
    await saveScreen(page, 'workspace-analytics-empty');
  });
});

describe('profile and brand kit', () => {
  test('profile shows the e-mail and balance; a picture upload is tracked', async (page) => {
    const email = await signedIn(page, 'profile', '/profile');
    await expect.poll(() => page.getByTestId('profile-email').innerText(), { timeout: 20_000 }).toBe(email);
    await expect.poll(() => page.getByTestId('profile-balance').innerText()).toBe('50 credits');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7048e8' } })
        .png()
        .toBuffer(),
    });
    await expect.poll(async () => (await trackedEvents(page)).some((e) => e.event === 'user_profile_uploaded'), { timeout: 20_000 }).toBe(true);
    await saveScreen(page, 'workspace-profile');
  });

  test(
    'profile in dark theme',
    async (page) => {
      await signedIn(page, 'profile-dark', '/profile');
      await page.getByTestId('profile-balance').waitFor();
      await saveScreen(page, 'workspace-profile-dark');
    },
    { colorScheme: 'dark' },
  );

  test('brand kit saves and previews the prompt clause', async (page) => {
    await signedIn(page, 'brand', '/brand-kit');
    await page.getByRole('textbox', { name: 'Brand name' }).fill('Acme Bakery');
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByRole('textbox', { name: 'Colour 1 name' }).fill('Crust');
    await page.getByRole('textbox', { name: 'Tone of voice' }).fill('Warm and playful');
    const avoid = page.getByPlaceholder('Type and press Enter').last();
    await avoid.fill('cheap');
    await avoid.press('Enter');
    await expect.poll(() => page.getByTestId('brand-clause').innerText()).toContain('Acme Bakery');
    await page.getByRole('button', { name: 'Save brand kit' }).click();
    await expect.poll(() => page.getByText('Brand kit saved').isVisible(), { timeout: 20_000 }).toBe(true);
    await saveScreen(page, 'workspace-brand-kit');
  });
});
