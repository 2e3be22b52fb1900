import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, recordRequests, signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 5's screens in a real browser against the built app with its inline BullMQ worker and the
 * local engines: Quick Create → live progress → preview; the header badge; History and its receipt;
 * the dashboard's usage chart and recent work; the guest's login popup.
 */

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
  it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn), 120_000);

/** A SegmentedControl option: its radio input is visually hidden, the label is what people click. */
const segment = (scope: Locator, label: string) => scope.locator('label').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });

async function badgeCredits(page: Page): Promise<number> {
  const text = await page.getByTestId('credits-badge').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Records every status the result panel passes through (the worker can be quicker than polling from here). */
async function recordStatuses(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    const note = () => {
      for (const el of document.querySelectorAll(`[data-testid="${id}"]`)) {
        const status = el.getAttribute('data-status');
        if (status && seen.at(-1) !== status) seen.push(status);
      }
      if (document.querySelector('[data-testid="generation-progress"]') && !seen.includes('progress-bar')) seen.push('progress-bar');
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  }, testId);
}

/** A full-page screenshot next to saveScreen's (mobile results sit below the fold). */
const saveFull = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `${name}-full.png`), fullPage: true });

const statuses = (page: Page) => page.evaluate(() => (window as unknown as { __statuses?: string[] }).__statuses ?? []);

/** Generates one image through the UI; returns the generation id. */
async function quickCreateImage(page: Page, prompt: string): Promise<string> {
  await page.goto('/quick-create');
  await waitForShell(page);
  await page.getByTestId('prompt-input').fill(prompt);
  const button = page.getByTestId('generate-button');
  await expect.poll(() => button.innerText()).toBe('Generate · 1 credit');
  await button.click();
  await page.getByTestId('result-image').waitFor({ state: 'visible', timeout: 45_000 });
  return (await page.getByTestId('result-panel').getAttribute('data-generation-id')) ?? '';
}

async function zeroBalance(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; credit_units: string }>('SELECT id, credit_units FROM users WHERE email = $1 FOR UPDATE', [
      email,
    ]);
    const user = rows[0];
    if (!user) throw new Error(`no user ${email}`);
    await client.query(
      `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, idempotency_key, note)
       VALUES ($1, 'admin_adjustment', $2, 0, $3, 'e2e: empty the balance')`,
      [user.id, -Number(user.credit_units), `e2e:zero:${user.id}`],
    );
    await client.query('UPDATE users SET credit_units = 0 WHERE id = $1', [user.id]);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

describe('generation screens', () => {
  test('a signed-in user Quick Creates an image: live progress to the preview, the badge drops by the price, History after a reload, the receipt', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('qc'));
    await page.goto('/quick-create');
    await waitForShell(page);
    await expect.poll(() => badgeCredits(page)).toBeGreaterThan(0);
    const before = await badgeCredits(page);

    // Image tab, local/image chosen by default and labelled as local; the button states the cost.
    expect(await page.getByRole('tab', { name: 'Image' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('model-picker').inputValue()).toBe('Local Image (offline)');
    expect(await page.getByText('Local · offline').first().isVisible()).toBe(true);

    // Hosted models without a key are listed, disabled, with the reason.
    await page.getByTestId('model-picker').click();
    const dalle = page.getByRole('option', { name: /DALL-E 3/ });
    await dalle.waitFor();
    expect(await dalle.getAttribute('data-combobox-disabled')).toBe('true');
    expect(await dalle.innerText()).toContain('not configured');
    expect(await dalle.innerText()).toContain('2 credits');
    await page.keyboard.press('Escape');

    // Only the options local/image supports: ratio, resolution, negative prompt, seed — no duration or voice.
    const options = page.getByTestId('model-options');
    expect(await options.getByText('Aspect ratio').isVisible()).toBe(true);
    expect(await options.getByText('Resolution').isVisible()).toBe(true);
    expect(await options.getByRole('textbox', { name: 'Seed' }).isVisible()).toBe(true);
    expect(await options.getByText(/^Duration/).count()).toBe(0);
    expect(await options.getByText('Voice').count()).toBe(0);
    await segment(options, '16:9').click();
    await options.getByRole('textbox', { name: 'Seed' }).fill('4242');

    const prompt = 'A ceramic teapot on a linen table, soft morning light';
    await page.getByTestId('prompt-input').fill(prompt);
    const button = page.getByTestId('generate-button');
    await expect.poll(() => button.innerText()).toBe('Generate · 1 credit');

    await recordStatuses(page, 'result-panel');
    const live = recordRequests(page, /generation\.onStatus/);
    // A double click is one intended generation: one Idempotency-Key, charged once.
    await button.dblclick();
    await page.getByTestId('result-image').waitFor({ state: 'visible', timeout: 45_000 });
    const seen = await statuses(page);
    expect(seen.at(-1)).toBe('COMPLETED');
    expect(seen.some((s) => s === 'PENDING' || s === 'PROCESSING' || s === 'progress-bar')).toBe(true);
    // Status and progress came over the SSE subscription.
    expect(live.length).toBeGreaterThan(0);
    const id = (await page.getByTestId('result-panel').getAttribute('data-generation-id')) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The preview is a real 16:9 image from the server.
    const size = await page.getByTestId('result-image').evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(size).toEqual({ w: 1280, h: 720 });
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toContain('download=1');
    expect(await page.getByRole('button', { name: /Generate again · 1 credit/ }).isVisible()).toBe(true);

    await expect.poll(() => badgeCredits(page)).toBe(before - 1);
    const triggered = (await trackedEvents(page)).filter((e) => e.event === 'generation_triggered');
    expect(triggered).toEqual(
      [{ event: 'generation_triggered', params: { type: 'image', model: 'local/image', credits: 1 } }].map((e) => expect.objectContaining(e)),
    );

    await page.mouse.move(0, 0);
    await saveScreen(page, 'quick-create-result-desktop-light');

    // History, after a reload: exactly one generation (the double click cost once), with its receipt.
    await page.goto('/history');
    await page.reload();
    await waitForShell(page);
    const items = page.getByTestId('history-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getAttribute('data-generation-id')).toBe(id);
    expect(await items.first().getAttribute('data-status')).toBe('COMPLETED');
    expect(await badgeCredits(page)).toBe(before - 1);
    await items.first().click();
    const receipt = page.getByTestId('generation-receipt');
    await receipt.waitFor();
    await expect.poll(() => page.url()).toContain(`id=${id}`);
    expect(await receipt.getByTestId('receipt-prompt').innerText()).toBe(prompt);
    expect(await receipt.getByTestId('receipt-seed').innerText()).toBe('4242');
    expect(await receipt.getByTestId('receipt-charged').innerText()).toBe('1 credit');
    expect(await receipt.getByTestId('receipt-params').innerText()).toContain('16:9');
    expect(await receipt.getByText('Local Image (offline)').isVisible()).toBe(true);
    await expect.poll(() => receipt.getByText('1280 × 720 px').isVisible()).toBe(true);
    await sleep(400); // drawer transition
    await saveScreen(page, 'history-receipt-desktop-light');

    // Re-run exactly: a new generation with the same seed and parameters, charged once more.
    await receipt.getByRole('button', { name: 'Re-run exactly' }).click();
    await expect.poll(() => page.getByTestId('generation-receipt').getAttribute('data-generation-id')).not.toBe(id);
    await expect.poll(() => page.getByTestId('generation-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe('COMPLETED');
    expect(await page.getByTestId('receipt-seed').innerText()).toBe('4242');
    await expect.poll(() => badgeCredits(page)).toBe(before - 2);
    await page.keyboard.press('Escape');
    await expect.poll(() => items.count()).toBe(2);

    // Search and filters narrow the list.
    await page.getByTestId('history-search').fill('no such prompt here');
    await page.getByText('Nothing matches').waitFor();
    await page.getByTestId('history-search').fill('teapot');
    await expect.poll(() => items.count()).toBe(2);
    await segment(page.locator('body'), 'Video').click();
    await page.getByText('Nothing matches').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => items.count()).toBe(2);

    // Remix opens Quick Create prefilled.
    await items.last().click();
    await page.getByTestId('generation-receipt').waitFor();
    await page.getByTestId('generation-receipt').getByRole('link', { name: 'Remix' }).click();
    await page.waitForURL(`**/quick-create?remix=${id}`);
    await page.getByTestId('remix-banner').waitFor();
    await expect.poll(() => page.getByTestId('prompt-input').inputValue()).toBe(prompt);
    expect(await page.getByTestId('model-options').getByRole('radio', { name: '16:9' }).isChecked()).toBe(true);

    // The dashboard: balance, the usage chart (2 credits today) and the recent generations.
    await page.goto('/');
    await waitForShell(page);
    await page.getByTestId('usage-chart').waitFor();
    await expect.poll(() => page.getByTestId('usage-chart').getAttribute('data-total')).toBe('2');
    // The chart's code loads after the first paint (its own chunk): wait for the bars.
    await expect.poll(() => page.getByTestId('usage-chart').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-balance').innerText()).toBe(String(before - 2));
    await expect.poll(() => page.getByTestId('recent-generation').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Quick Create: Music' }).getAttribute('href')).toBe('/quick-create?type=audio&model=local%2Fmusic');
    await page.mouse.move(0, 0);
    await sleep(300);
    await saveScreen(page, 'dashboard-desktop-light');
  });

  test('a guest clicking Generate gets the login popup, and History shows the demo workspace', async (page) => {
    await page.goto('/quick-create');
    await waitForShell(page);
    await page.getByTestId('prompt-input').fill('A lighthouse at dusk');
    const button = page.getByTestId('generate-button');
    expect(await button.getAttribute('data-action')).toMatch(/generate/i);
    await button.click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
    await page.getByText('Please login to perform this action').first().waitFor();
    expect((await trackedEvents(page)).some((e) => e.event === 'generation_triggered')).toBe(false);

    await page.goto('/history');
    await waitForShell(page);
    await page.getByText('Demo workspace').first().waitFor();
    await expect.poll(() => page.getByTestId('history-item').count()).toBeGreaterThan(0);
    // The demo workspace holds every kind; open one of its texts.
    await page.locator('[data-testid="history-item"][data-type="text"]').first().click();
    await page.getByTestId('generation-receipt').waitFor();
    expect(await page.getByTestId('rendered-text').isVisible()).toBe(true);
  });

  test('insufficient credits are explained with a link to buy more', async (page) => {
    await page.goto('/quick-create');
    await waitForShell(page);
    const email = uniqueEmail('broke');
    await signUp(page, email, PASSWORD);
    await zeroBalance(email);
    await page.goto('/quick-create');
    await waitForShell(page);
    await expect.poll(() => badgeCredits(page)).toBe(0);
    await page.getByTestId('prompt-input').fill('A lighthouse at dusk');
    await page.getByTestId('low-balance-hint').waitFor();
    await page.getByTestId('generate-button').click();
    const alert = page.getByTestId('insufficient-credits');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('This generation costs 1 credit and your balance is 0 credits.');
    expect(await alert.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/payments');
    expect((await trackedEvents(page)).some((e) => e.event === 'generation_triggered')).toBe(false);
  });

  test('speech and music: audio offers both, with their own options, and plays the result', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('audio'));
    await page.goto('/quick-create?type=audio');
    await waitForShell(page);
    expect(await page.getByRole('tab', { name: 'Audio' }).getAttribute('aria-selected')).toBe('true');
    const options = page.getByTestId('model-options');
    await options.getByLabel('Pitch').waitFor();
    expect(await options.getByLabel('Speed').isVisible()).toBe(true);
    expect(await options.getByLabel('Language', { exact: true }).isVisible()).toBe(true);
    expect(await options.getByText('Genre').count()).toBe(0);
    await page.getByTestId('prompt-input').fill('Welcome to Atelier.');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('result-audio').waitFor({ state: 'visible', timeout: 45_000 });

    await segment(page.locator('body'), 'Music').click();
    await expect.poll(() => page.getByTestId('model-picker').inputValue()).toBe('Local Music (offline)');
    expect(await options.getByLabel('Genre', { exact: true }).isVisible()).toBe(true);
    expect(await options.getByLabel('Key', { exact: true }).isVisible()).toBe(true);
    expect(await options.getByLabel('Tempo (BPM)').isVisible()).toBe(true);
    expect(await options.getByLabel('Pitch').count()).toBe(0);
    await expect.poll(() => page.getByTestId('generate-button').innerText()).toBe('Generate · 2 credits');
  });

  test('video from one of your images, and a text draft, rendered', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('video'));
    await quickCreateImage(page, 'A red kite over green hills');

    await page.getByRole('tab', { name: 'Video' }).click();
    await expect.poll(() => page.getByTestId('model-picker').inputValue()).toBe('Local Video (offline)');
    const options = page.getByTestId('model-options');
    await options.getByRole('button', { name: 'Choose one of your images' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: /A red kite over green hills/ }).click();
    await options.getByText('Image from your generations').waitFor();
    await page.getByTestId('prompt-input').fill('Slow push-in on the kite');
    await expect.poll(() => page.getByTestId('generate-button').innerText()).toBe('Generate · 3 credits');
    await page.getByTestId('generate-button').click();
    const video = page.getByTestId('result-video');
    await video.waitFor({ state: 'visible', timeout: 60_000 });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? Math.round(v.duration) : 0)), { timeout: 15_000 })
      .toBe(5);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'quick-create-video');

    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByTestId('prompt-input').fill('A product description for a walnut desk lamp');
    await page.getByTestId('generate-button').click();
    const text = page.getByTestId('rendered-text');
    await text.waitFor({ state: 'visible', timeout: 45_000 });
    expect((await text.innerText()).length).toBeGreaterThan(80);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'quick-create-text');
    expect(await page.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);
  });

  test('running items update live in History; cancel refunds; delete asks first', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    const email = uniqueEmail('cancel');
    await signUp(page, email);
    const before = await badgeCredits(page);

    // A generation a worker is busy with (written the way the api does: charged in the ledger).
    const id = crypto.randomUUID();
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; credit_units: number }>('SELECT id, credit_units FROM users WHERE email = $1', [email]);
      const user = rows[0];
      if (!user) throw new Error('user missing');
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO generations (id, user_id, type, prompt, model_id, provider, status, progress, credit_units_charged, started_at, params, seed)
         VALUES ($1, $2, 'video', 'A slow pan over a mountain lake', 'local/video', 'local', 'PROCESSING', 40, 300, now(), '{"duration":5,"aspectRatio":"16:9","resolution":"720p","seed":7}', 7)`,
        [id, user.id],
      );
      await client.query(
        `INSERT INTO credit_ledger (user_id, kind, amount_units, balance_after_units, reference_type, reference_id, idempotency_key, note)
         VALUES ($1, 'spend', -300, $2, 'generation', $3, $4, 'e2e')`,
        [user.id, user.credit_units - 300, id, `spend:generation:${id}`],
      );
      await client.query('UPDATE users SET credit_units = credit_units - 300 WHERE id = $1', [user.id]);
      await client.query('COMMIT');

      await page.goto('/history');
      await waitForShell(page);
      const card = page.getByTestId('history-item').first();
      await expect.poll(() => card.getAttribute('data-status')).toBe('PROCESSING');
      await expect.poll(() => card.getByTestId('generation-status').innerText()).toMatch(/40%/i);
      await client.query('UPDATE generations SET progress = 70 WHERE id = $1', [id]);
      await expect.poll(() => card.getByTestId('generation-status').innerText(), { timeout: 10_000 }).toMatch(/70%/i);
      await expect.poll(() => badgeCredits(page)).toBe(before - 3);

      await card.click();
      const receipt = page.getByTestId('generation-receipt');
      await receipt.getByTestId('generation-progress').waitFor();
      expect(await receipt.getByTestId('generation-progress-value').innerText()).toBe('70%');
      await sleep(400);
      await saveScreen(page, 'history-receipt-running');
      await receipt.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => receipt.getAttribute('data-status')).toBe('CANCELLED');
      await expect.poll(() => badgeCredits(page)).toBe(before);
      expect(await receipt.innerText()).toContain('Refunded');
      await expect.poll(() => card.getAttribute('data-status')).toBe('CANCELLED');

      await receipt.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this generation?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No generations yet').waitFor();
      const left = await client.query('SELECT count(*)::int AS n FROM generations WHERE id = $1', [id]);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await client.end();
    }
  });

  for (const [label, options] of [
    ['dark', { colorScheme: 'dark' as const }],
    ['mobile', { viewport: MOBILE }],
  ] as const) {
    test(
      `screenshots: Quick Create, History receipt and Dashboard (${label})`,
      async (page) => {
        await page.goto('/');
        await waitForShell(page);
        // Signed up at desktop width (the helper waits for the e-mail in the header), then the real viewport.
        await signUp(page, uniqueEmail(`shots-${label}`));
        if ('viewport' in options) await page.setViewportSize(options.viewport);
        const id = await quickCreateImage(page, 'Slow lighthouse at dusk, waves rolling in, warm light');
        await page.mouse.move(0, 0);
        await saveScreen(page, `quick-create-result-${label}`);
        await saveFull(page, `quick-create-result-${label}`);
        await page.goto(`/history?id=${id}`);
        await waitForShell(page);
        await page.getByTestId('generation-receipt').waitFor();
        await sleep(400);
        await saveScreen(page, `history-receipt-${label}`);
        await page.keyboard.press('Escape');
        await sleep(300);
        await saveScreen(page, `history-${label}`);
        await page.goto('/');
        await waitForShell(page);
        await page.getByTestId('usage-chart').waitFor();
        await sleep(300);
        await saveScreen(page, `dashboard-${label}`);
        await saveFull(page, `dashboard-${label}`);
      },
      'colorScheme' in options ? options : {},
    );
  }
});
