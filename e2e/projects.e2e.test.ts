import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

const run = promisify(execFile);

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

const test = (
  name: string,
  fn: (page: Page) => Promise<void>,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; timeout?: number } = {},
) => {
  const { timeout, ...pageOptions } = options;
  return it(name, () => withPage(browser, name, { baseURL: server.url, acceptDownloads: true, ...pageOptions }, fn), timeout);
};

const cards = (page: Page) => page.getByTestId('project-card');
const cardNamed = (page: Page, name: string) => cards(page).filter({ has: page.getByTestId('project-name').getByText(name, { exact: true }) });
const eventsNamed = async (page: Page, name: string) => (await trackedEvents(page)).filter((e) => e.event === name);

async function createProject(page: Page, name: string, type: 'Video' | 'Image' | 'Text', description = ''): Promise<string> {
  await waitForShell(page);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: type }).check();
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}\//);
  return /\/projects\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
}

async function waitSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
}

/** [clip id, start trim, end trim] in timeline order. */
async function timelineState(page: Page): Promise<Array<[string, string, string]>> {
  return page
    .getByTestId('timeline-clip')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          [el.getAttribute('data-clip-id') ?? '', el.getAttribute('data-start-trim') ?? '', el.getAttribute('data-end-trim') ?? ''] as [
            string,
            string,
            string,
          ],
      ),
    );
}

async function clipKeys(page: Page): Promise<string[]> {
  return page.getByTestId('timeline-clip').evaluateAll((els) => els.map((el) => el.getAttribute('data-clip-key') ?? ''));
}

async function dragBy(page: Page, handle: Locator, dx: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('trim handle not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x + (dx * i) / 6, y);
  await page.mouse.up();
}

describe('projects list', () => {
  test('guests see the demo projects; write actions open the login popup', async (page) => {
    await page.goto('/projects');
    await waitForShell(page);
    for (const name of ['Product launch teaser', 'Brand moodboard', 'Company blog']) await cardNamed(page, name).waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => cardNamed(page, 'Product launch teaser').textContent(), { timeout: 15_000 }).toMatch(/3 clips/);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Login' }).waitFor();
    await page.keyboard.press('Escape');

    // The demo video project opens in the editor: moving and trimming work locally, saving asks for an account.
    await cardNamed(page, 'Product launch teaser').getByRole('link', { name: 'Open Product launch teaser' }).click();
    await page.waitForURL(/\/video-editor$/);
    await expect.poll(() => page.getByTestId('timeline-clip').count(), { timeout: 15_000 }).toBe(3);
    const first = page.getByTestId('timeline-clip').first();
    await first.getByTestId('trim-start').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => first.getAttribute('data-start-trim'), { timeout: 15_000 }).toBe('0.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Login' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('timeline').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => first.getAttribute('data-start-trim'), { timeout: 15_000 }).toBe('0');
  });

  test('create, rename, duplicate, filter, search and delete; /projects/{id} redirects by type', async (page) => {
    await page.goto('/projects');
    await waitForShell(page);
    await signUp(page, uniqueEmail('projects'));
    await page.goto('/projects');
    await waitForShell(page);
    await page.getByText('No projects yet').waitFor();

    const videoId = await createProject(page, 'Launch film', 'Video', 'Thirty seconds for the spring launch');
    expect(page.url()).toMatch(/\/video-editor$/);
    expect((await eventsNamed(page, 'project_created')).map((e) => e.params.type)).toEqual(['VIDEO']);
    await page.goto('/projects');
    const imageId = await createProject(page, 'Moodboard', 'Image');
    expect(page.url()).toMatch(/\/segments$/);
    await page.getByTestId('segment-detail').or(page.getByText('No segments yet')).first().waitFor();
    await page.goto('/projects');
    const textId = await createProject(page, 'Blog drafts', 'Text');
    expect(page.url()).toMatch(/\/seo$/);

    await page.goto('/projects');
    await waitForShell(page);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => cardNamed(page, 'Launch film').textContent(), { timeout: 15_000 }).toMatch(/0 clips[\s\S]*0 exports[\s\S]*just now/);

    // rename
    await cardNamed(page, 'Launch film').getByRole('button', { name: 'Actions for Launch film' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename project' });
    await rename.getByLabel('Name').fill('Launch film v2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await cardNamed(page, 'Launch film v2').waitFor();

    // duplicate
    await cardNamed(page, 'Moodboard').getByRole('button', { name: 'Actions for Moodboard' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(4);

    // filter and search
    await page.getByRole('radiogroup', { name: 'Project type' }).getByText('Image', { exact: true }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('radiogroup', { name: 'Project type' }).getByText('All', { exact: true }).click();
    await page.getByLabel('Search projects').fill('launch');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Search projects').fill('no such thing');
    await page.getByText('No matching projects').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(4);
    await saveScreen(page, 'projects-list');

    // delete with confirmation
    await cardNamed(page, 'Moodboard (copy)').getByRole('button', { name: 'Actions for Moodboard (copy)' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project?' });
    await confirm.getByText('This cannot be undone').waitFor();
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);
    expect(await cardNamed(page, 'Moodboard (copy)').count()).toBe(0);

    // /projects/{id} redirects by type; an unknown project is 'Project not found'
    await page.goto(`/projects/${videoId}`);
    await page.waitForURL(`**/projects/${videoId}/video-editor`);
    await page.goto(`/projects/${imageId}`);
    await page.waitForURL(`**/projects/${imageId}/image-editor`);
    await page.goto(`/projects/${textId}`);
    await page.waitForURL(`**/projects/${textId}/seo`);
    await page.goto('/projects/00000000-0000-4000-8000-000000000001');
    await page.getByText('Project not found').waitFor();
  });

  test(
    'projects list in dark mode',
    async (page) => {
      await page.goto('/projects');
      await waitForShell(page);
      await cardNamed(page, 'Company blog').waitFor();
      await saveScreen(page, 'projects-list-dark');
    },
    { colorScheme: 'dark' },
  );

  test(
    'projects list on a phone',
    async (page) => {
      await page.goto('/projects');
      await waitForShell(page);
      await cardNamed(page, 'Company blog').waitFor();
      await saveScreen(page, 'projects-list-mobile');
    },
    { viewport: MOBILE },
  );
});

describe('segment editor', () => {
  test('add, rename, generate versions, pick one, delete another, reorder', async (page) => {
    await page.goto('/projects');
    await waitForShell(page);
    await signUp(page, uniqueEmail('segments'));
    await page.goto('/projects');
    await waitForShell(page);
    await createProject(page, 'Key visuals', 'Image');
    await page.getByText('No segments yet').first().waitFor();

    await page.getByRole('button', { name: 'Add segment' }).click();
    const detail = page.getByTestId('segment-detail');
    await detail.waitFor();
    await detail.getByLabel('Segment name').fill('Hero');
    await detail.getByLabel('Segment name').press('Enter');
    await detail.getByLabel('Prompt').fill('A glass bottle on wet sand at dawn');
    const generate = detail.getByTestId('generate-version');
    await expect.poll(() => generate.textContent(), { timeout: 15_000 }).toMatch(/credit/);
    await generate.click();
    await expect.poll(() => detail.getByTestId('version-card').count(), { timeout: 15_000 }).toBe(1);
    await generate.click();
    await expect.poll(() => detail.getByTestId('version-card').count(), { timeout: 15_000 }).toBe(2);
    // both finish; the first one is the selected one
    await expect.poll(() => detail.locator('img[alt^="Version"]').count(), { timeout: 60_000 }).toBe(2);
    const selected = detail.locator('[data-testid="version-card"][data-selected="true"]');
    await expect.poll(() => selected.textContent(), { timeout: 15_000 }).toMatch(/^v1/);
    // pick v2, then delete v1
    const v2 = detail.getByTestId('version-card').filter({ hasText: 'v2' });
    await v2.getByRole('button', { name: 'Use this version' }).click();
    await expect.poll(() => v2.getAttribute('data-selected'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => v2.getByRole('button', { name: 'Delete version 2' }).isDisabled(), { timeout: 15_000 }).toBe(true);
    await detail.getByRole('button', { name: 'Delete version 1' }).click();
    await expect.poll(() => detail.getByTestId('version-card').count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: 'Add segment' }).click();
    await expect.poll(() => page.getByTestId('segment-item').count(), { timeout: 15_000 }).toBe(2);
    const names = () => page.getByTestId('segment-item').allInnerTexts();
    await expect.poll(async () => (await names())[0], { timeout: 15_000 }).toMatch(/Hero/);
    await page
      .getByTestId('segment-item')
      .nth(1)
      .dragTo(page.getByTestId('segment-item').first(), { targetPosition: { x: 40, y: 4 } });
    await expect.poll(async () => (await names())[1], { timeout: 15_000 }).toMatch(/Hero/);
    await page.reload();
    await expect.poll(async () => (await names())[1] ?? '', { timeout: 15_000 }).toMatch(/Hero/);
    await saveScreen(page, 'segment-editor');
  });
});

describe('video editor', () => {
  test(
    'two clips, local/video, image upload and generation, trim, reorder, undo, export and download; reload keeps the timeline',
    async (page) => {
      await page.goto('/projects');
      await waitForShell(page);
      await signUp(page, uniqueEmail('video'));
      await page.goto('/projects');
      await waitForShell(page);
      const projectId = await createProject(page, 'Balloon film', 'Video');
      await page.getByTestId('editor-frame').waitFor();

      // project settings: 480p keeps the render fast
      await page.getByRole('tab', { name: 'Project' }).click();
      await page.getByLabel('Global prompt').fill('soft morning light');
      await page.getByTestId('project-panel').getByText('480p', { exact: true }).click();
      await waitSaved(page);
      await page.getByRole('tab', { name: 'Clip' }).click();

      // two clips
      await page.getByRole('button', { name: 'Add clip', exact: true }).click();
      await page.getByLabel('Prompt', { exact: true }).fill('A red balloon rising over rooftops');
      await page.getByRole('button', { name: 'Add clip', exact: true }).click();
      await page.getByLabel('Prompt', { exact: true }).fill('Waves rolling onto a beach');
      await expect.poll(() => page.getByTestId('timeline-clip').count(), { timeout: 15_000 }).toBe(2);
      await waitSaved(page);
      const [keyA, keyB] = await clipKeys(page);
      const clipA = page.locator(`[data-testid="timeline-clip"][data-clip-key="${keyA}"]`);
      const clipB = page.locator(`[data-testid="timeline-clip"][data-clip-key="${keyB}"]`);

      // clip B: upload an image
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 40, g: 110, b: 200 } } })
        .png()
        .toBuffer();
      await page.getByTestId('clip-panel').locator('input[type="file"]').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: png });
      await page.getByTestId('clip-image').waitFor();
      expect(await eventsNamed(page, 'video_clip_image_uploaded')).toHaveLength(1);

      // clip A: generate its image, then pick local/video and generate its video
      await clipA.click();
      await page.getByRole('button', { name: /^Generate image/ }).click();
      await page.getByTestId('clip-image').waitFor({ timeout: 60_000 });
      expect(await eventsNamed(page, 'video_editor_image_generated')).toHaveLength(1);
      await page.getByRole('combobox', { name: 'Video model' }).click();
      await page.getByRole('option', { name: /Local Video/ }).click();
      expect((await eventsNamed(page, 'video_editor_model_selected')).at(-1)?.params.model).toBe('local/video');
      await page.getByTestId('generate-video').click();
      await expect.poll(() => clipA.getAttribute('data-status'), { timeout: 90_000 }).toBe('READY');
      // and clip B's, from its uploaded image
      await clipB.click();
      await page.getByTestId('generate-video').click();
      await expect.poll(() => clipB.getAttribute('data-status'), { timeout: 90_000 }).toBe('READY');
      expect(await eventsNamed(page, 'video_editor_video_generated')).toHaveLength(2);

      // trim A: drag its start handle one second in (28 px per second), type an end trim
      await clipA.click();
      await dragBy(page, clipA.getByTestId('trim-start'), 28);
      await expect.poll(async () => Number(await clipA.getAttribute('data-start-trim')), { timeout: 15_000 }).toBeCloseTo(1, 1);
      await page.getByRole('textbox', { name: 'End trim', exact: true }).fill('0.5');
      await expect.poll(() => clipA.getAttribute('data-end-trim'), { timeout: 15_000 }).toBe('0.5');

      // reorder: drag B before A; undo and redo it
      await clipB.dragTo(clipA, { targetPosition: { x: 20, y: 44 } });
      await expect.poll(() => clipKeys(page), { timeout: 15_000 }).toEqual([keyB, keyA]);
      await page.locator('body').click({ position: { x: 700, y: 5 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => clipKeys(page), { timeout: 15_000 }).toEqual([keyA, keyB]);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => clipKeys(page), { timeout: 15_000 }).toEqual([keyB, keyA]);
      await waitSaved(page);

      // the preview plays the sequence: B, then A from its start trim
      await page.getByTestId('play-toggle').click();
      const video = page.getByTestId('preview-video');
      await expect.poll(() => video.getAttribute('data-playing'), { timeout: 15_000 }).toBe('true');
      await expect.poll(() => video.getAttribute('data-clip-number'), { timeout: 15_000 }).toBe('2');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      await page.getByTestId('play-toggle').click();
      await clipB.click();
      await sleep(400);
      await saveScreen(page, 'video-editor');

      // export with progress, then download the MP4
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByTestId('export-dialog');
      await dialog.getByText('2 of 2 clips').waitFor();
      await saveScreen(page, 'video-export-dialog');
      await dialog.getByRole('button', { name: 'Start export' }).click();
      const progress = dialog.getByTestId('export-progress');
      await expect.poll(() => progress.getAttribute('data-status'), { timeout: 120_000 }).toBe('COMPLETED');
      await sleep(300);
      await saveScreen(page, 'video-export-done');
      const href = (await dialog.getByTestId('download-export').getAttribute('href')) as string;
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('video/mp4');
      expect((await response.body()).length).toBeGreaterThan(1000);
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('download-export').click()]);
      const file = await download.path();
      expect(statSync(file).size).toBeGreaterThan(1000);
      // B plays 5 s, A 5 − 1 − 0.5 = 3.5 s
      const probe = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=width,height', '-of', 'json', file]);
      const info = JSON.parse(probe.stdout) as { format: { duration: string }; streams: Array<{ width?: number; height?: number }> };
      expect(Number(info.format.duration)).toBeGreaterThan(8.2);
      expect(Number(info.format.duration)).toBeLessThan(8.8);
      expect(info.streams.find((s) => s.width)).toMatchObject({ width: 854, height: 480 });
      await page.keyboard.press('Escape');

      // reload: the timeline is as it was left
      const before = await timelineState(page);
      expect(before).toHaveLength(2);
      await page.reload();
      await page.getByTestId('editor-frame').waitFor();
      await expect.poll(() => timelineState(page), { timeout: 15_000 }).toEqual(before);
      await expect.poll(() => page.getByTestId('timeline-clip').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('READY');
      expect(page.url()).toContain(`/projects/${projectId}/video-editor`);
    },
    { timeout: 300_000 },
  );

  test(
    'the video editor in dark mode and on a phone',
    async (page) => {
      await page.goto('/projects/00000000-0000-4000-8000-000000000101/video-editor');
      await waitForShell(page);
      await page.getByTestId('timeline-clip').first().waitFor();
      await sleep(300);
      await saveScreen(page, 'video-editor-demo-dark');
      await page.setViewportSize(MOBILE);
      await sleep(300);
      await saveScreen(page, 'video-editor-demo-mobile');
    },
    { colorScheme: 'dark' },
  );
});
