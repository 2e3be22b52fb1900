import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Issue 9's image editor in a real browser against the built app, its inline worker and sharp. */

const DEMO_IMAGE_PROJECT = '00000000-0000-4000-8000-000000000102';
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
  it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn), 240_000);

const layerRow = (page: Page, name: string) => page.getByTestId('layer-row').filter({ has: page.getByRole('button', { name: `Select ${name}` }) });

describe('image editor', () => {
  test('create a project, upload an image, add a shape, change opacity and blend mode, export PNG', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('imged'));
    await page.goto('/image-editor/new');
    await waitForShell(page);
    await page.getByLabel('Project name').fill('Spring poster');
    await saveScreen(page, 'image-editor-new');
    await page.getByRole('button', { name: 'Create and open editor' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/image-editor$/, { timeout: 20_000 });
    await expect.poll(() => page.getByText('Empty canvas').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('img', { name: 'Canvas 1920×1080' }).isVisible()).toBe(true);

    // Upload: a 1920×1080 yellow PNG (sniffed by the server).
    const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 255, g: 204, b: 0 } } })
      .png()
      .toBuffer();
    await page.getByTestId('image-upload-input').setInputFiles({ name: 'yellow.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => layerRow(page, 'yellow').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await trackedEvents(page)).some((e) => e.event === 'image_editor_image_uploaded')).toBe(true);

    // A rectangle layer, half transparent, multiplied.
    await page.getByRole('button', { name: 'Add rectangle' }).click();
    await expect.poll(() => layerRow(page, 'Rectangle').isVisible()).toBe(true);
    const opacity = page.getByRole('slider', { name: 'Opacity' });
    await opacity.focus();
    for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByText('Opacity 50%').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Blend mode' }).click();
    await page.getByRole('option', { name: 'Multiply' }).click();
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 15_000 }).toContain('Saved');
    const shape = page.locator('[data-testid="canvas-layer"][data-layer-name="Rectangle"]');
    expect(await shape.evaluate((el) => getComputedStyle(el).mixBlendMode)).toBe('multiply');
    expect(await shape.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');

    // Tabs fire their event.
    await page.getByRole('tab', { name: 'Adjust' }).click();
    await page.getByRole('tab', { name: 'Generate' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Generate · \d+ credit/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('tab', { name: 'Layers' }).click();
    expect((await trackedEvents(page)).filter((e) => e.event === 'image_editor_tab_viewed').map((e) => e.params.tab)).toEqual([
      'adjust',
      'generate',
      'layers',
    ]);
    await saveScreen(page, 'image-editor-desktop-light');

    // Export PNG, rendered on the server: the middle of the canvas is yellow × blue at 50 %.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByTestId('image-export-dialog');
    await dialog.getByRole('button', { name: 'Export PNG' }).click();
    await expect.poll(() => dialog.getByTestId('export-ready').isVisible(), { timeout: 60_000 }).toBe(true);
    await saveScreen(page, 'image-editor-export');
    const href = await dialog.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(href).toBeTruthy();
    const res = await page.request.get(href as string);
    expect(res.status()).toBe(200);
    const out = await sharp(await res.body())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([out.info.width, out.info.height]).toEqual([1920, 1080]);
    const at = (x: number, y: number) => Array.from(out.data.subarray((y * 1920 + x) * 3, (y * 1920 + x) * 3 + 3));
    // multiply(#ffcc00, #4c6ef5) = (76, 88, 0); at 50 % over #ffcc00 → (166, 146, 0)
    const mid = at(960, 540);
    expect(Math.abs((mid[0] ?? 0) - 166)).toBeLessThanOrEqual(3);
    expect(Math.abs((mid[1] ?? 0) - 146)).toBeLessThanOrEqual(3);
    expect(mid[2]).toBeLessThanOrEqual(3);
    expect(at(50, 50)).toEqual([255, 204, 0]);
    await page.keyboard.press('Escape');

    // Undo brings the blend mode back to normal; redo re-applies it; a reload shows the saved state.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => shape.evaluate((el) => getComputedStyle(el).mixBlendMode)).toBe('normal');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => shape.evaluate((el) => getComputedStyle(el).mixBlendMode)).toBe('multiply');
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 15_000 }).toContain('Saved');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => layerRow(page, 'Rectangle').isVisible(), { timeout: 20_000 }).toBe(true);
    const reloaded = page.locator('[data-testid="canvas-layer"][data-layer-name="Rectangle"]');
    expect(await reloaded.evaluate((el) => getComputedStyle(el).mixBlendMode)).toBe('multiply');
    expect(await reloaded.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');

    // A quick action processes pixels on the server.
    await page.getByRole('button', { name: 'Select yellow' }).click();
    await page.getByRole('tab', { name: 'Adjust' }).click();
    await page.getByRole('button', { name: 'Invert' }).click();
    await expect.poll(async () => (await trackedEvents(page)).some((e) => e.event === 'image_editor_quick_action'), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(800);
    await saveScreen(page, 'image-editor-quick-action');

    // The canvas can be resized (aspect ratio / resolution); it survives a reload.
    await page.getByRole('button', { name: 'Canvas settings' }).click();
    await page.getByRole('combobox', { name: 'Resolution' }).click();
    await page.getByRole('option', { name: '720p' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Canvas 1280×720' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await saveScreen(page, 'image-editor-canvas-settings');
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByRole('img', { name: 'Canvas 1280×720' }).isVisible(), { timeout: 20_000 }).toBe(true);

    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(600);
    await saveScreen(page, 'image-editor-mobile');
    await page.getByRole('button', { name: 'Open the editor panel' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Layers' }).click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('layer-list').isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await saveScreen(page, 'image-editor-mobile-panel');
  });

  test('a guest sees the demo image project read-only: writes open the login popup', async (page) => {
    await page.goto(`/projects/${DEMO_IMAGE_PROJECT}/image-editor`);
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('layer-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect
      .poll(() => page.locator('[data-testid="canvas-layer"] img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await saveScreen(page, 'image-editor-guest-demo');
    await page.getByRole('button', { name: 'Add rectangle' }).click();
    await expect.poll(() => page.getByText('Please login to perform this action').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);
  });

  test(
    'dark theme editor',
    async (page) => {
      await page.goto(`/projects/${DEMO_IMAGE_PROJECT}/image-editor`);
      await waitForShell(page);
      await expect.poll(() => page.getByTestId('layer-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: 'Select Headline band' }).click();
      await page.waitForTimeout(600);
      await saveScreen(page, 'image-editor-desktop-dark');
    },
    { colorScheme: 'dark' },
  );
});
