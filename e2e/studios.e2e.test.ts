import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/** Issue 11's studios in a real browser against the built app, its inline worker and the local engines. */

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

/** Waits until the page's first <audio>/<video> can play (readyState ≥ 2) and has a duration. */
async function mediaReady(page: Page, selector: string): Promise<{ readyState: number; duration: number }> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel) as HTMLMediaElement | null;
      return Boolean(el && el.readyState >= 2 && el.duration > 0);
    },
    selector,
    { timeout: 90_000 },
  );
  return page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLMediaElement;
    return { readyState: el.readyState, duration: el.duration };
  }, selector);
}

async function signedIn(page: Page, label: string, url: string) {
  await page.goto('/');
  await waitForShell(page);
  await signUp(page, uniqueEmail(label));
  await page.goto(url);
  await waitForShell(page);
}

describe('music studio', () => {
  test('generates a track that plays in the page, with a waveform and the take listed', async (page) => {
    await signedIn(page, 'music', '/music-studio');
    await expect.poll(() => page.getByText('No tracks yet').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Prompt').fill('Warm lo-fi beat with soft keys');
    const slider = page.getByRole('slider', { name: 'Duration in seconds' });
    await slider.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft'); // 20 s → 8 s
    await expect.poll(() => page.getByText('Duration: 8 s').isVisible()).toBe(true);
    const button = page.getByRole('button', { name: /^Generate · 2 credits/ });
    await button.click();
    const media = await mediaReady(page, 'audio');
    expect(media.readyState).toBeGreaterThanOrEqual(2);
    expect(Math.abs(media.duration - 8)).toBeLessThan(0.8);
    await expect.poll(() => page.getByRole('img', { name: /Waveform of/ }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('list', { name: 'Past takes' }).getByText('Warm lo-fi beat with soft keys').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('switch', { name: 'Loop' }).isVisible()).toBe(true);
    await page.getByRole('switch', { name: 'Loop' }).check({ force: true });
    expect(await page.evaluate(() => (document.querySelector('audio') as HTMLAudioElement).loop)).toBe(true);
    await page.waitForTimeout(800);
    await saveScreen(page, 'studios-music-desktop-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'studios-music-desktop-dark');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await saveFull(page, 'studios-music-mobile');
  });
});

describe('voice studio', () => {
  test('clones a voice from two uploaded samples and speaks with it; the speech plays in the page', async (page) => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'voice-'));
    const files = ['The quick brown fox jumps over the lazy dog.', 'She sells sea shells by the sea shore.'].map((text, i) => {
      const file = path.join(dir, `sample-${i}.wav`);
      execFileSync('espeak-ng', ['-v', 'en-us+f3', '-w', file, text]);
      return file;
    });
    await signedIn(page, 'voice', '/voice-studio');
    await expect.poll(() => page.getByText('No cloned voices yet').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Voice name').fill('Narrator');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload samples' }).click();
    await (await chooser).setFiles(files);
    await expect.poll(() => page.getByRole('list', { name: 'Samples to clone' }).getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: /^Clone voice · 3 credits/ }).click();
    await expect.poll(() => page.getByText('Local clone').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByRole('textbox', { name: 'Text' }).fill('Hello from my cloned voice.');
    await expect.poll(() => page.getByRole('combobox', { name: 'Voice' }).inputValue()).toBe('Narrator');
    await page.getByRole('button', { name: /^Generate speech · 1 credit/ }).click();
    const media = await mediaReady(page, 'audio[aria-label="Hello from my cloned voice."]');
    expect(media.readyState).toBeGreaterThanOrEqual(2);
    expect(media.duration).toBeGreaterThan(0.5);
    await expect
      .poll(() => page.getByRole('list', { name: 'Past takes' }).getByText('Hello from my cloned voice.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.waitForTimeout(800);
    await saveScreen(page, 'studios-voice-desktop-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'studios-voice-desktop-dark');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await saveFull(page, 'studios-voice-mobile');
  });
});
