import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 10's SEO screens in a real browser against the built app, its inline worker and the local text
 * and image engines. Competitor pages come from a local HTTP server; the api may fetch loopback
 * addresses only because the test starts it with SEO_FETCH_ALLOW_PRIVATE=true.
 */

const DEMO_TEXT_PROJECT = '00000000-0000-4000-8000-000000000103';

const PAGES: Record<string, string> = {
  '/mine': `<!doctype html><html><head><title>Northwind Coffee — fresh roasted beans</title>
    <meta name="description" content="Small-batch specialty coffee roasted to order."></head>
    <body><h1>Northwind Coffee</h1><p>We roast specialty coffee beans every week and ship them fresh.</p>
    <h2>Our beans</h2><p>Single origin coffee from Ethiopia and Colombia.</p></body></html>`,
  '/rival-a': `<!doctype html><html><head><title>Espresso at home: the complete guide</title>
    <meta name="description" content="How to brew espresso at home with a grinder and fresh coffee beans."></head>
    <body><h1>Espresso at home</h1><h2>Choosing an espresso grinder</h2>
    <p>A burr grinder is the heart of espresso. Grind size, grinder burrs and dose decide extraction.
    Espresso needs fresh coffee beans, a good grinder and patience. Espresso espresso grinder grinder.</p>
    <h2>Dialing in extraction</h2><p>Extraction time, water temperature and grinder settings change espresso taste.
    Pour over and cold brew need a different grinder setting than espresso.</p>
    <h3>Milk and latte art</h3><p>Steam milk for a latte; latte art takes practice with espresso.</p></body></html>`,
  '/rival-b': `<!doctype html><html><head><title>Cold brew coffee recipe and brewing ratios</title>
    <meta name="description" content="Cold brew ratios, grinder settings and the best coffee beans for cold brew."></head>
    <body><h1>Cold brew coffee</h1><h2>Cold brew ratio</h2>
    <p>Cold brew uses a coarse grinder setting and a long steep. The cold brew ratio is one to eight.
    Cold brew concentrate keeps for a week. Choose a grinder with consistent burrs for cold brew.</p>
    <h2>Best beans for cold brew</h2><p>Chocolatey coffee beans make a smooth cold brew; extraction is slow.</p></body></html>`,
};

let server: TestServer;
let browser: Browser;
let pages: Server;
let pagesUrl = '';

beforeAll(async () => {
  pages = createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  server = await startServer({ env: { SEO_FETCH_ALLOW_PRIVATE: 'true' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (pages ? pages.close(() => resolve()) : resolve()));
});

type Options = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' };
const test = (name: string, fn: (page: Page) => Promise<void>, timeout = 240_000, options: Options = {}) =>
  it(name, () => withPage(browser, name, { baseURL: server.url, acceptDownloads: true, ...options }, fn), timeout);

const saveFull = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `${name}-full.png`), fullPage: true });
const eventsNamed = async (page: Page, name: string) => (await trackedEvents(page)).filter((e) => e.event === name);
/** Mantine hides radio inputs (segmented controls, ratings) behind their labels: click the label. */
async function pick(page: Page, radio: Locator): Promise<void> {
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

const rows = (page: Page) => page.getByTestId('article-row');

async function createTextProject(page: Page, name: string): Promise<string> {
  await page.goto('/projects');
  await waitForShell(page);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: 'Text' }).check();
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/seo/);
  return /\/projects\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
}

/** The balance shown in the header's credits badge (kept current from responses' creditsBalance). */
async function balance(page: Page): Promise<number> {
  return Number((await page.getByTestId('app-header').getByTestId('credits-badge').first().innerText()).replace(/\D+/g, ''));
}

describe('SEO flow', () => {
  test('guest browses the demo SEO articles read-only; a write opens the login popup', async (page) => {
    await page.goto(`/projects/${DEMO_TEXT_PROJECT}/seo`);
    await waitForShell(page);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const statuses = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(statuses).toContain('READY');
    await saveScreen(page, 'seo-guest-articles');
    await page.getByRole('button', { name: /^Write articles/ }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Please login to perform this action').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${DEMO_TEXT_PROJECT}/seo/refine`);
    await expect.poll(() => page.getByTestId('article-preview').or(page.getByLabel('Title')).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('seo-score').isVisible()).toBe(true);
    // The estimate is a read: guests see what images would cost.
    await expect.poll(() => page.getByTestId('image-estimate').textContent(), { timeout: 15_000 }).toContain('3 images × 4 credits = 12 credits');
    await page.getByRole('button', { name: /^Generate 3 images/ }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
    expect((await eventsNamed(page, 'seo_drafts_prepared')).length).toBe(1);
    await page.keyboard.press('Escape');

    // The demo setup is readable; saving it asks for an account.
    await page.goto(`/projects/${DEMO_TEXT_PROJECT}/seo/settings`);
    await expect.poll(() => page.getByText('Demo setup').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByLabel('Business name').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
  });

  test('set up, analyse competitors, request two articles, refine one, illustrate it, schedule and publish', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('seo'));
    const projectId = await createTextProject(page, 'Coffee blog');

    // Not set up yet → the wizard.
    await expect.poll(() => page.getByText('This project has no SEO setup yet').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('link', { name: 'Set up SEO' }).click();
    await page.waitForURL(/\/seo\/settings$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Business name is required').isVisible()).toBe(true);
    await page.getByLabel('Business name').fill('Northwind Coffee');
    await page.getByLabel('What the business does').fill('Small-batch specialty coffee roaster shipping fresh beans.');
    await page.getByLabel('Target URL').fill('not a url');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Target URL must be an http(s) URL', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Target URL').fill(`${pagesUrl}/mine`);
    await page.getByRole('button', { name: 'Next' }).click();
    const keywords = page.getByRole('combobox', { name: 'SEO keywords' });
    for (const k of ['espresso', 'cold brew', 'coffee beans']) {
      await keywords.fill(k);
      await keywords.press('Enter');
    }
    await page.getByRole('button', { name: 'Next' }).click();
    const competitors = page.getByRole('combobox', { name: 'Competitor pages' });
    for (const c of [`${pagesUrl}/rival-a`, `${pagesUrl}/rival-b`]) {
      await competitors.fill(c);
      await competitors.press('Enter');
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByLabel('Words per article').inputValue()).toBe('1200');
    await expect.poll(() => page.getByLabel('Publish every').inputValue()).toBe('7 days');
    await page.getByLabel('Words per article').fill('600');
    await page.getByRole('button', { name: 'Review' }).click();
    await saveScreen(page, 'seo-settings-review');
    await page.getByRole('button', { name: 'Create SEO project' }).click();
    await page.waitForURL(/\/seo\/analysis$/, { timeout: 20_000 });
    await expect
      .poll(async () => (await eventsNamed(page, 'seo_flow_step')).map((e) => e.params.step))
      .toEqual(
        expect.arrayContaining(['settings', 'settings_business', 'settings_keywords', 'settings_competitors', 'settings_publishing', 'analysis']),
      );

    // Competitor analysis against the local pages.
    await page.getByRole('button', { name: 'Start analysis' }).first().click();
    await expect.poll(() => page.getByTestId('analysis-results').isVisible(), { timeout: 60_000 }).toBe(true);
    expect((await eventsNamed(page, 'seo_analysis_started')).length).toBe(1);
    const table = page.getByTestId('pages-table');
    await expect.poll(() => table.textContent()).toContain('Espresso at home: the complete guide');
    await expect.poll(() => table.textContent()).toContain('Cold brew coffee recipe and brewing ratios');
    await page.getByRole('button', { name: /Headings of 127\.0\.0\.1:\d+\/rival-a/ }).click();
    await expect.poll(() => page.getByText('Choosing an espresso grinder').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('gaps-table').textContent()).toContain('grinder');
    await expect.poll(() => page.getByTestId('chart-keywords').isVisible()).toBe(true);
    await page.waitForTimeout(600);
    await saveFull(page, 'seo-analysis-desktop');

    // Pick two suggested topics; the cost shows before spending.
    const topics = page.getByRole('group', { name: 'Suggested topics' }).getByRole('checkbox');
    expect(await topics.count()).toBeGreaterThanOrEqual(2);
    await topics.nth(0).check();
    await topics.nth(1).check();
    await expect.poll(() => page.getByTestId('articles-cost').textContent()).toMatch(/^2 articles × 1 credit = 2 credits/);
    const before = await balance(page);
    await page.getByRole('button', { name: 'Write 2 articles · 2 credits' }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/seo$`), { timeout: 20_000 });
    expect((await eventsNamed(page, 'seo_articles_requested'))[0]?.params.count).toBe(2);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(2);
    await saveScreen(page, 'seo-articles-progress');
    await expect
      .poll(async () => (await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).join(','), { timeout: 120_000 })
      .toBe('READY,READY');
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBe(before - 2);
    await page.waitForTimeout(600);
    await saveFull(page, 'seo-articles-desktop');

    // Refine the first one.
    await rows(page)
      .first()
      .getByRole('link', { name: /^Refine/ })
      .click();
    await page.waitForURL(/\/seo\/refine\?article=/);
    await expect.poll(async () => (await eventsNamed(page, 'seo_drafts_prepared')).length).toBe(1);
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue(), { timeout: 20_000 }).not.toBe('');
    await title.fill('Espresso at home: a roaster’s guide');
    // Raw HTML in the markdown stays inert text in the preview.
    const content = page.getByLabel(/^Content/);
    const original = await content.inputValue();
    await content.fill(`${original}\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.getByTestId('article-preview').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.getByTestId('article-preview').locator('script, img[src="x"]').count()).toBe(0);
    await pick(page, page.getByRole('radio', { name: 'Edit' }));
    await content.fill(original);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible(), { timeout: 15_000 }).toBe(true);

    // Rate it.
    await pick(page, page.getByRole('radio', { name: '4' }).first());
    await expect.poll(() => page.getByText('4 of 5').isVisible(), { timeout: 10_000 }).toBe(true);

    // Rewrite one section with instructions.
    await page.getByRole('combobox', { name: 'What to rewrite' }).click();
    await page
      .getByRole('option', { name: /^Section:/ })
      .first()
      .click();
    await page.getByLabel('Instructions (optional)').fill('Add a short checklist for beginners');
    await page.getByRole('button', { name: /^Regenerate · 1 credit/ }).click();
    await expect.poll(async () => (await eventsNamed(page, 'seo_article_regenerated'))[0]?.params.scope, { timeout: 10_000 }).toBe('section');
    await expect.poll(() => page.getByText(/1 rewrite\b/).isVisible(), { timeout: 120_000 }).toBe(true);

    // Images: the estimate first (count 2 + hero = 3 × 4 credits), then spend exactly that.
    await expect.poll(() => page.getByTestId('image-estimate').textContent(), { timeout: 15_000 }).toContain('3 images × 4 credits = 12 credits');
    const beforeImages = await balance(page);
    await page.getByRole('button', { name: 'Generate 3 images · 12 credits' }).click();
    await expect.poll(() => page.getByTestId('article-image').count(), { timeout: 20_000 }).toBe(3);
    await expect
      .poll(async () => (await page.getByTestId('article-image').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).join(','), {
        timeout: 150_000,
      })
      .toBe('ready,ready,ready');
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBe(beforeImages - 12);
    await pick(page, page.getByRole('radio', { name: 'Preview' }));
    await expect.poll(() => page.getByTestId('article-preview').locator('img').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(800);
    await saveFull(page, 'seo-refine-desktop');

    // Schedule the next slot, then publish now; it appears in the public feed.
    await page.getByRole('button', { name: 'Schedule next slot' }).click();
    await expect.poll(() => page.getByText(/^Scheduled for /).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(() => page.getByText(/live in the feeds/).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('link', { name: 'Articles' }).click();
    await expect
      .poll(() => page.getByTestId('publishing-calendar').textContent(), { timeout: 15_000 })
      .toContain('Espresso at home: a roaster’s guide');
    const rss = await page.getByRole('link', { name: 'RSS feed' }).getAttribute('href');
    const feed = await page.request.get(rss as string);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('Espresso at home: a roaster’s guide');

    // Schedule the other one for the calendar.
    const other = rows(page)
      .filter({ hasNot: page.getByText('Espresso at home: a roaster’s guide') })
      .first();
    await other.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Schedule next slot' }).click();
    await expect.poll(() => other.getAttribute('data-status'), { timeout: 15_000 }).toBe('SCHEDULED');
    await page.waitForTimeout(800);
    await saveFull(page, 'seo-articles-published-desktop');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'seo-articles-dark');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await saveFull(page, 'seo-articles-mobile');

    // Survives a reload.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await waitForShell(page);
    await expect
      .poll(async () => (await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).sort().join(','), {
        timeout: 20_000,
      })
      .toBe('PUBLISHED,SCHEDULED');
  });

  test('an HTML article previews and exports without scripts, handlers or javascript: links', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('seo-html'));
    await createTextProject(page, 'Tea journal');
    await page.getByRole('link', { name: 'Set up SEO' }).click();
    await page.getByLabel('Business name').fill('Leaf & Kettle');
    await page.getByRole('button', { name: 'Next' }).click();
    const keywords = page.getByRole('combobox', { name: 'SEO keywords' });
    await keywords.fill('green tea');
    await keywords.press('Enter');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await pick(page, page.getByRole('radio', { name: 'HTML' }));
    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => page.getByText('HTML, one every 7 days', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create SEO project' }).click();
    await page.waitForURL(/\/seo\/analysis$/, { timeout: 20_000 });
    // No pages to compare: the analysis screen says so and points back to the setup.
    await expect.poll(() => page.getByText('No pages to analyse').isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'SEO steps' }).getByRole('link', { name: 'Articles' }).click();
    await page.getByLabel('Your own topic').fill('Brewing green tea at the right temperature');
    await page.getByLabel('Your own topic').press('Enter');
    await expect.poll(() => page.getByTestId('articles-cost').textContent()).toMatch(/^1 article × 1 credit = 1 credit/);
    await page.getByRole('button', { name: 'Write 1 article · 1 credit' }).click();
    await expect.poll(() => rows(page).first().getAttribute('data-status'), { timeout: 120_000 }).toBe('READY');
    await rows(page)
      .first()
      .getByRole('link', { name: /^Refine/ })
      .click();
    const content = page.getByLabel(/^Content \(HTML\)/);
    await expect.poll(() => content.inputValue(), { timeout: 20_000 }).toContain('<h2');
    const original = await content.inputValue();
    await content.fill(
      `${original}<h2>Safety check</h2><p>Read <a href="javascript:window.__xss=3">this</a> or <a href="https://example.com/tea">that</a>.</p>` +
        `<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><iframe src="https://example.com"></iframe>` +
        `<p onclick="window.__xss=4" style="color:red">Click me</p>`,
    );
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('All changes saved').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('article-preview');
    await expect.poll(() => preview.getByRole('heading', { name: 'Safety check' }).isVisible()).toBe(true);
    await preview.getByText('Click me').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await preview.locator('script, iframe, [onclick], [onerror], [style*="red"], a[href^="javascript"]').count()).toBe(0);
    expect(await preview.getByRole('link', { name: 'that' }).getAttribute('href')).toBe('https://example.com/tea');
    await saveScreen(page, 'seo-refine-html-preview');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await saveFull(page, 'seo-refine-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export HTML' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(file as string, 'utf8');
    expect(html).toContain('Safety check');
    expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
  });
});
