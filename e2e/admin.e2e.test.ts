import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from './support/server';

/**
 * The admin console in a real browser: an admin walks the seven screens with data (seeded below
 * straight into Postgres: users with campaigns, purchases, generations with provider costs), opens
 * the queue dashboard, and a normal user is refused it.
 */

let server: TestServer;
let browser: Browser;

const DAY = 86_400_000;
const SEEDED = [
  { email: 'ana.lee@studio.test', daysAgo: 18, attribution: { source: 'google', campaign: 'spring-launch' }, credits: 240 },
  { email: 'ben.ortiz@studio.test', daysAgo: 12, attribution: { source: 'newsletter' }, credits: 820 },
  { email: 'chen.wu@studio.test', daysAgo: 6, attribution: { source: 'google', gclid: 'abc' }, credits: 35 },
  { email: 'dana.k@studio.test', daysAgo: 3, attribution: null, credits: 90 },
];
const MODELS = [
  { id: 'openai/dall-e-3', type: 'image', units: 200, cost: 0.04 },
  { id: 'local/image', type: 'image', units: 100, cost: 0 },
  { id: 'replicate/animate-diff', type: 'video', units: 300, cost: 0.05 },
  { id: 'local/video', type: 'video', units: 300, cost: 0 },
  { id: 'openai/tts-1', type: 'audio', units: 200, cost: 0.015 },
  { id: 'local/text', type: 'text', units: 100, cost: 0 },
  { id: 'openai/gpt-4-turbo', type: 'text', units: 200, cost: 0.02 },
];

async function seed(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    let n = 0;
    for (const [ui, u] of SEEDED.entries()) {
      const created = new Date(now - u.daysAgo * DAY);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, credit_units, attribution, created_at, last_active_at) VALUES ($1, '!', $2, $3, $4, $5) RETURNING id`,
        [u.email, u.credits * 100, u.attribution ? JSON.stringify(u.attribution) : null, created, new Date(now - (ui + 1) * 3_600_000)],
      );
      const id = rows[0]?.id;
      const pkgs =
        ui === 1
          ? [
              ['creator', 4000, 500],
              ['starter', 1000, 100],
            ]
          : ui === 3
            ? []
            : [['starter', 1000, 100]];
      for (const [pi, [pkg, cents, credits]] of pkgs.entries()) {
        const paid = new Date(created.getTime() + (pi + 1) * 2 * DAY);
        await client.query(
          `INSERT INTO payments (user_id, package_id, amount_cents, currency, credits, status, paid_at, created_at, campaign) VALUES ($1, $2, $3, 'usd', $4, 'paid', $5, $5, $6)`,
          [id, pkg, cents, credits, paid, u.attribution ? JSON.stringify(u.attribution) : null],
        );
        await client.query(
          `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, idempotency_key, note, created_at) VALUES ($1, 'purchase', $2, $2, $3, 'Seeded purchase', $4)`,
          [id, Number(credits) * 100, `e2e-seed-purchase:${++n}`, paid],
        );
      }
      // Generations spread over the user's days, a few failed (refunded).
      const count = 6 + ui * 3;
      for (let g = 0; g < count; g++) {
        const model = MODELS[(g + ui) % MODELS.length] as (typeof MODELS)[number];
        const at = new Date(created.getTime() + ((g + 1) / (count + 1)) * (now - created.getTime()));
        const failed = g % 7 === 5;
        const { rows: gen } = await client.query<{ id: string }>(
          `INSERT INTO generations (user_id, type, prompt, model_id, provider, status, progress, credit_units_charged, credit_units_refunded, provider_cost_usd, latency_ms, created_at, completed_at)
           VALUES ($1, $2, $3, $4, $5, $6, 100, $7, $8, $9, $10, $11, $11) RETURNING id`,
          [
            id,
            model.type,
            `Seeded ${model.type} ${g}`,
            model.id,
            model.id.split('/')[0],
            failed ? 'FAILED' : 'COMPLETED',
            model.units,
            failed ? model.units : 0,
            failed ? 0 : model.cost,
            800 + g * 90,
            at,
          ],
        );
        await client.query(
          `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, note, created_at) VALUES ($1, 'spend', $2, 0, 'generation', $3, $4, 'Seeded', $5)`,
          [id, -model.units, gen[0]?.id, `spend:generation:${gen[0]?.id}`, at],
        );
        if (failed) {
          await client.query(
            `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, note, created_at) VALUES ($1, 'refund', $2, 0, 'generation', $3, $4, 'Seeded', $5)`,
            [id, model.units, gen[0]?.id, `refund:generation:${gen[0]?.id}`, at],
          );
        }
      }
    }
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startServer();
  await seed(server.databaseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const test = (
  name: string,
  fn: (page: Page) => Promise<void>,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
  timeout = 180_000,
) => it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, (page) => fn(page)), timeout);

/** Through the /login page (works on mobile too, where the header hides the e-mail). */
async function loginAsAdmin(page: Page) {
  await page.goto('/login?redirect=/admin');
  await page.getByLabel(/^Email Address/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  await waitForShell(page);
}

/** A screenshot once the toasts of earlier steps are gone (they cover the header); `full` adds a full-page one. */
async function snap(page: Page, name: string, full = false) {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 12_000 }).toBe(0);
  await saveScreen(page, name);
  if (full) await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-full.png`), fullPage: true });
}

/** Waits until the charts have drawn (recharts renders SVG paths) and animations settled. */
async function chartsDrawn(page: Page, testId: string) {
  await page.getByTestId(testId).locator('svg.recharts-surface').first().waitFor();
  await sleep(700);
}

describe('admin console', () => {
  test('an admin walks all seven screens with data', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await page.getByTestId('app-header').getByRole('button', { name: 'Login', exact: true }).click();
    const loginDialog = page.getByRole('dialog');
    await loginDialog.getByLabel(/^Email Address/).fill(ADMIN_EMAIL);
    await loginDialog.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
    await loginDialog.getByRole('button', { name: 'Login', exact: true }).click();
    // The header's Admin link (admins only) opens the console.
    await page.getByTestId('app-header').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin');

    // 1. /admin — summary with charts.
    await page.getByTestId('admin-summary').waitFor();
    await expect.poll(() => page.getByTestId('stat-users-value').textContent()).toBe('5'); // 4 seeded + the admin
    expect(await page.getByTestId('stat-revenue-value').textContent()).toBe('$70.00');
    expect(await page.getByTestId('stat-cost-value').textContent()).toMatch(/^\$0\.\d+/);
    await chartsDrawn(page, 'chart-money');
    expect(await page.getByTestId('campaign-row').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^newsletter/), expect.stringMatching(/^google/)]),
    );
    expect(await page.getByTestId('queue-row').count()).toBeGreaterThanOrEqual(6);
    await snap(page, 'admin-summary-light', true);

    // 2. /admin/users — search, adjust credits, disable an account.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId('user-search').fill('chen.wu');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    const row = page.locator('[data-testid="user-row"][data-email="chen.wu@studio.test"]');
    expect(await row.getByTestId('user-balance').textContent()).toBe('35');
    await row.getByTestId('user-actions').click();
    await page.getByRole('menuitem', { name: 'Adjust credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust credits' });
    await dialog.getByRole('textbox', { name: 'Credits' }).fill('15');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Goodwill for a failed render');
    await dialog.getByRole('button', { name: 'Add credits' }).click();
    await expect.poll(() => row.getByTestId('user-balance').textContent()).toBe('50');
    await row.getByTestId('user-actions').click();
    await page.getByRole('menuitem', { name: 'Disable account' }).click();
    await page.getByRole('dialog', { name: 'Disable account' }).getByRole('button', { name: 'Disable account' }).click();
    await row.getByTestId('badge-disabled').waitFor();
    await page.getByTestId('user-search').fill('');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(5);
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('audit-entry').first().textContent()).toContain('disabled chen.wu@studio.test');
    await snap(page, 'admin-users-light', true);

    // 3. /admin/profitability — per model, type and user; the CSV export downloads.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Profitability' }).click();
    await page.getByTestId('profitability').waitFor();
    await chartsDrawn(page, 'chart-trend');
    expect(await page.getByTestId('profit-revenue-value').textContent()).toBe('$70.00');
    expect(await page.getByTestId('model-row').count()).toBe(MODELS.length);
    expect(await page.getByTestId('profit-user-row').first().textContent()).toContain('ben.ortiz@studio.test');
    await snap(page, 'admin-profitability-light', true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^atelier-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^generation_id,created_at,/);
    expect(csv.length - 1).toBe(SEEDED.reduce((a, _u, i) => a + 6 + i * 3, 0));

    // 4. /admin/profitability/users/{id} — one user's purchases and spend by model.
    await page.getByTestId('profit-user-row').filter({ hasText: 'ben.ortiz@studio.test' }).getByRole('link').click();
    await page.waitForURL(/\/admin\/profitability\/users\/[0-9a-f-]{36}$/);
    await page.getByTestId('user-profitability').waitFor();
    await page.getByRole('heading', { name: 'ben.ortiz@studio.test', level: 1 }).waitFor();
    expect(await page.getByTestId('purchase-row').count()).toBe(2);
    expect(await page.getByTestId('user-revenue-value').textContent()).toBe('$50.00');
    expect(await page.getByTestId('user-model-row').count()).toBeGreaterThan(2);
    await sleep(700);
    await snap(page, 'admin-user-profitability-light', true);

    // 5. /admin/ai-control — providers, a health check, a model switch, queue pause/resume.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'AI Control' }).click();
    const local = page.locator('[data-testid="provider-card"][data-provider="local"]');
    await local.waitFor();
    expect(await local.textContent()).toContain('Local · no key needed');
    expect(await page.locator('[data-testid="provider-card"][data-provider="openai"]').textContent()).toContain('Not configured');
    await local.getByTestId('health-check').click();
    await expect.poll(() => local.getByTestId('health-status').textContent(), { timeout: 30_000 }).toBe('Healthy');
    const music = page.locator('[data-testid="model-row"][data-model="local/music"]');
    await music.getByRole('switch').click({ force: true });
    await expect.poll(() => music.textContent()).toContain('Switched off by an administrator');
    await music.getByRole('switch').click({ force: true });
    await expect.poll(() => music.textContent()).toContain('available');
    const textQueue = page.locator('[data-testid="queue-control-row"][data-queue="text"]');
    await textQueue.getByRole('button', { name: 'Pause the text queue' }).click();
    await expect.poll(() => textQueue.getByTestId('queue-state').textContent()).toBe('paused');
    await textQueue.getByRole('button', { name: 'Resume the text queue' }).click();
    await expect.poll(() => textQueue.getByTestId('queue-state').textContent()).toBe('running');
    await snap(page, 'admin-ai-control-light', true);

    // The queue dashboard (Bull Board) opens in a new tab through a one-time link.
    const [board] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-queue-dashboard').click()]);
    await board.waitForURL((u) => u.pathname.startsWith('/admin/queues'));
    await board.getByText('export', { exact: true }).first().waitFor({ timeout: 20_000 });
    await board.getByText('image', { exact: true }).first().waitFor();
    await sleep(500);
    await saveScreen(board, 'admin-queue-dashboard');
    await board.close();

    // 6. /admin/model-test — one prompt on two local models side by side.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Model Test' }).click();
    await page.getByTestId('test-prompt').fill('A lighthouse on a cliff at dusk, warm light');
    const picker = page.getByTestId('test-models');
    await picker.click();
    await page.getByRole('option', { name: /^Local Image \(offline\)/ }).click();
    await page.getByRole('option', { name: /^Local Draft Writer \(offline\)/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('run-test').click();
    await page.getByTestId('test-result').waitFor();
    await expect.poll(() => page.getByTestId('run-card').count()).toBe(2);
    await expect
      .poll(async () => (await page.getByTestId('run-status').allInnerTexts()).map((s) => s.toLowerCase()), { timeout: 60_000 })
      .toEqual(['completed', 'completed']);
    await page.getByTestId('run-image').waitFor();
    expect((await page.getByTestId('run-text').textContent())?.length).toBeGreaterThan(20);
    expect(await page.getByTestId('run-latency').first().textContent()).toMatch(/ms$/);
    await page.getByTestId('past-tests').waitFor();
    await sleep(500);
    await snap(page, 'admin-model-test-light', true);

    // 7. /admin/model-pricing — validation, then a saved price.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Model Pricing' }).click();
    const brief = page.locator('[data-testid="pricing-row"][data-model="local/text-brief"]');
    await brief.waitFor();
    const credits = brief.getByTestId('price-credits');
    await credits.fill('');
    await expect.poll(() => brief.textContent()).toContain('Enter a number');
    expect(await brief.getByTestId('price-save').isDisabled()).toBe(true);
    await credits.fill('2.5');
    await brief.getByTestId('price-save').click();
    await page.getByText('Price saved').waitFor();
    const dalle = page.locator('[data-testid="pricing-row"][data-model="openai/dall-e-3"]');
    expect(await dalle.getByTestId('price-suggested').textContent()).toBe('1');
    await chartsDrawn(page, 'margin-chart');
    await snap(page, 'admin-model-pricing-light', true);

    // The new price is what the catalogue now charges.
    const models = await page.evaluate(
      async () => (await (await fetch('/api/generation/models')).json()) as { models: { id: string; credits: number }[] },
    );
    expect(models.models.find((m) => m.id === 'local/text-brief')?.credits).toBe(2.5);
  });

  for (const [label, options] of [
    ['dark', { colorScheme: 'dark' as const, viewport: DESKTOP }],
    ['mobile', { colorScheme: 'light' as const, viewport: MOBILE }],
  ] as const) {
    test(
      `the admin screens look right (${label})`,
      async (page) => {
        await loginAsAdmin(page);
        const screens: [string, string, string | null][] = [
          ['/admin', 'admin-summary', 'chart-money'],
          ['/admin/users', 'users-table', null],
          ['/admin/profitability', 'profitability', 'chart-trend'],
          ['/admin/ai-control', 'providers', null],
          ['/admin/model-test', 'model-test-form', null],
          ['/admin/model-pricing', 'pricing', 'margin-chart'],
        ];
        for (const [path, ready, chart] of screens) {
          await page.goto(path);
          await page.getByTestId(ready).waitFor({ timeout: 20_000 });
          if (chart) await chartsDrawn(page, chart);
          else await sleep(400);
          await snap(page, `${path.replace(/\//g, '-').slice(1)}-${label}`, true);
        }
        await page.goto('/admin/profitability');
        await page.getByTestId('profit-user-row').first().getByRole('link').click();
        await page.getByTestId('user-profitability').waitFor();
        await sleep(700);
        await snap(page, `admin-user-profitability-${label}`, true);
      },
      options,
    );
  }

  test('/admin/queues is refused to a normal user and to guests', async (page) => {
    // The board's api needs credentials; a page navigation without them is handed to the web app.
    expect(await page.request.get('/admin/queues/api/queues').then((r) => r.status())).toBe(401);

    await page.goto('/');
    await waitForShell(page);
    const email = uniqueEmail('queues');
    await signUp(page, email, PASSWORD);
    await page.goto('/admin/queues');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await saveScreen(page, 'admin-queues-refused');

    // Even with their own token the dashboard and the link that opens it are refused (403).
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    expect((await page.request.get('/admin/queues/api/queues', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    expect(
      (
        await page.request.post('/trpc/admin.queueDashboardLink', {
          data: {},
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        })
      ).status(),
    ).toBe(403);
    // And the SPA's own /admin is the denial screen, not the dashboard.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  });
});
