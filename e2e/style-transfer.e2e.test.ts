import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { SCREENS_DIR } from './support/paths';
import { startServer, type TestServer } from './support/server';

/** Issue 9's style transfer in a real browser: a local style on an uploaded image, before/after, saved to a project. */

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

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 180_000);

async function inputImage(): Promise<{ file: string; png: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f5d76e"/></linearGradient></defs>
    <rect width="480" height="320" fill="url(#g)"/><circle cx="360" cy="90" r="45" fill="#fff3b0"/>
    <path d="M0 320 L140 150 L260 320Z" fill="#2e5339"/><path d="M160 320 L300 120 L440 320Z" fill="#3c6e47"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'style-')), 'landscape.png');
  writeFileSync(file, png);
  return { file, png };
}

/** Mean absolute difference of two images' RGB pixels, the second resized to the first's size. */
async function difference(a: Buffer, b: Buffer): Promise<{ diff: number; sameSize: boolean }> {
  const A = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const bMeta = await sharp(b).metadata();
  const B = await sharp(b).removeAlpha().resize(A.info.width, A.info.height, { fit: 'fill' }).raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < A.data.length; i++) sum += Math.abs((A.data[i] ?? 0) - (B[i] ?? 0));
  return { diff: sum / A.data.length, sameSize: bMeta.width === A.info.width && bMeta.height === A.info.height };
}

describe('style transfer', () => {
  test('guests see the demo result read-only', async (page) => {
    await page.goto('/style-transfer');
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('before-after').isVisible(), { timeout: 60_000 }).toBe(true);
    await page.getByRole('button', { name: /^Apply style/ }).click();
    await expect.poll(() => page.getByText('Please login to perform this action').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await saveScreen(page, 'style-transfer-guest');
  });

  test('runs a local style on an uploaded image: the result is shown and differs from the input; saves it to a project', async (page) => {
    const { file, png } = await inputImage();
    await page.goto('/');
    await waitForShell(page);
    const email = uniqueEmail('style');
    await signUp(page, email);
    await page.goto('/style-transfer');
    await waitForShell(page);
    await expect.poll(() => page.getByText('No style transfers yet').isVisible(), { timeout: 20_000 }).toBe(true);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose image' }).click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByRole('img', { name: 'The image to restyle' }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: /Pop art/ }).click();
    await page.getByRole('button', { name: /^Apply style · 1 credit/ }).click();

    const after = page.getByTestId('after-image');
    await expect.poll(() => after.isVisible(), { timeout: 60_000 }).toBe(true);
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="after-image"]') as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const src = await after.getAttribute('src');
    expect(src).toMatch(/\/media\/generations\//);
    const result = Buffer.from(await (await page.request.get(new URL(src ?? '', server.url).toString())).body());
    const { diff, sameSize } = await difference(png, result);
    expect(sameSize).toBe(true);
    expect(diff).toBeGreaterThan(10);

    // the before/after slider wipes
    const slider = page.getByRole('slider', { name: 'Before / after' });
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    await saveScreen(page, 'style-transfer-desktop-light');

    // save it to an image project (made through the REST api with a second session of the same user)
    const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const project = await page.request.post('/api/image-editor/projects', {
      data: { name: 'Styled moodboard' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(project.status()).toBe(200);
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('after-image').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByRole('combobox', { name: 'Save to an image project' }).click();
    await page.getByRole('option', { name: 'Styled moodboard' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved to the project').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Open in image editor' }).isVisible()).toBe(true);
    const projectId = ((await project.json()) as { project: { id: string } }).project.id;
    const assets = await page.request.get(`/api/image-editor/projects/${projectId}/assets`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await assets.json()) as { assets: unknown[] }).assets).toHaveLength(1);
    await page.waitForTimeout(500);
    await saveScreen(page, 'style-transfer-saved');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'style-transfer-desktop-dark');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENS_DIR, 'style-transfer-mobile-full.png'), fullPage: true });
  });
});
