import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/** Issue 11's avatar studio in a real browser: create from a photo, new looks, a talking video that plays. */

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

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 240_000);

async function facePhoto(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#d8c3a5"/>
    <ellipse cx="400" cy="640" rx="260" ry="150" fill="#8e3b46"/><ellipse cx="400" cy="290" rx="150" ry="185" fill="#e8b594"/>
    <path d="M250 270 Q250 90 400 90 Q550 90 550 270 Q520 170 400 160 Q280 170 250 270Z" fill="#222"/>
    <circle cx="345" cy="280" r="11" fill="#222"/><circle cx="455" cy="280" r="11" fill="#222"/>
    <path d="M360 395 Q400 420 440 395" stroke="#a33" stroke-width="9" fill="none" stroke-linecap="round"/></svg>`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'avatar-')), 'me.png');
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

describe('avatar studio', () => {
  test('guests see the demo avatar with its video, read-only', async (page) => {
    await page.goto('/avatar-studio');
    await waitForShell(page);
    await expect.poll(() => page.getByRole('button', { name: 'Select avatar Studio host' }).isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.locator('video[data-testid="avatar-video"]').count(), { timeout: 60_000 }).toBe(1);
    await page.getByRole('button', { name: /^Animate/ }).click();
    await expect.poll(() => page.getByText('Please login to perform this action').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreen(page, 'avatar-studio-guest');
  });

  test('creates an avatar from a photo, generates a look and a talking video that plays in the page', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('avatar'));
    await page.goto('/avatar-studio');
    await waitForShell(page);
    await expect.poll(() => page.getByText('No avatars yet').isVisible(), { timeout: 20_000 }).toBe(true);

    await page.getByRole('textbox', { name: 'Name' }).fill('Presenter');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photo' }).click();
    await (await chooser).setFiles(await facePhoto());
    await expect.poll(() => page.getByRole('img', { name: 'Photo preview' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create avatar' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Select avatar Presenter' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Presenter' }).isVisible()).toBe(true);

    // a new look
    await page.getByRole('button', { name: 'pencil sketch', exact: true }).click();
    await page.getByRole('textbox', { name: 'How many' }).fill('1');
    await page.getByRole('button', { name: /^Generate 1 look · 1 credit/ }).click();
    await expect.poll(() => page.getByRole('figure', { name: 'Look: pencil sketch' }).getByRole('img').count(), { timeout: 60_000 }).toBe(1);

    // a talking video
    await page.getByRole('textbox', { name: 'Script' }).fill('Hello! I am your presenter, and this is my first video.');
    await page.getByRole('button', { name: /^Animate · 3 credits/ }).click();
    await expect.poll(() => page.getByLabel('Your avatar video progress').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video[data-testid="avatar-video"]') as HTMLVideoElement | null;
        return Boolean(v && v.readyState >= 2 && v.duration > 1);
      },
      undefined,
      { timeout: 120_000 },
    );
    // it really plays: currentTime advances (muted so autoplay policy allows it)
    const played = await page.evaluate(async () => {
      const v = document.querySelector('video[data-testid="avatar-video"]') as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 1200));
      v.pause();
      return { t: v.currentTime, duration: v.duration, w: v.videoWidth, h: v.videoHeight };
    });
    expect(played.t).toBeGreaterThan(0.3);
    expect([played.w, played.h]).toEqual([512, 512]);
    await expect.poll(() => page.getByRole('link', { name: 'Download MP4' }).getAttribute('href')).toMatch(/\/media\/generations\/.+\.mp4/);
    await page.evaluate(() => {
      const v = document.querySelector('video[data-testid="avatar-video"]') as HTMLVideoElement;
      v.currentTime = 1;
    });
    await page.waitForTimeout(800);
    await saveScreen(page, 'avatar-studio-desktop-light');
    await page.screenshot({ path: path.join(SCREENS_DIR, 'avatar-studio-desktop-full.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'avatar-studio-desktop-dark');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENS_DIR, 'avatar-studio-mobile-full.png'), fullPage: true });
  });
});
