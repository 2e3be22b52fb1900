import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { ARTIFACTS_DIR, SCREENS_DIR } from './paths';

/** Debian's chromium; never a downloaded browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/**
 * Headless chromium. Playwright gives every launch a fresh temporary profile (user-data-dir), and
 * every test below gets its own browser context, so no storage leaks between tests.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const safeName = (name: string) =>
  name
    .replace(/[^a-z0-9-_]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

/** Saves a named screenshot of a key state into e2e/artifacts/screens/. */
export async function saveScreen(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${safeName(name)}.png`);
  await page.screenshot({ path: file });
  return file;
}

export interface PageOptions extends BrowserContextOptions {
  baseURL: string;
}

/**
 * Runs `fn` with a fresh context and page. On failure a full-page screenshot goes to
 * e2e/artifacts/<test name>.png (and the browser console is printed) before the error is rethrown.
 */
export async function withPage(
  browser: Browser,
  testName: string,
  options: PageOptions,
  fn: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light', ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  try {
    await fn(page, context);
  } catch (error) {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `${safeName(testName)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`[e2e] "${testName}" failed; screenshot: ${file}\nbrowser console:\n${consoleLines.slice(-40).join('\n')}`);
    throw error;
  } finally {
    await context.close();
  }
}
