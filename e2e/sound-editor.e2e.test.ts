import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, PASSWORD, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Issue 9's sound editor in a real browser against the built app, its inline worker and ffmpeg. */

const run = promisify(execFile);
const DEMO_VIDEO_PROJECT = '00000000-0000-4000-8000-000000000101';

let server: TestServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  work = await mkdtemp(path.join(tmpdir(), 'snd-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 240_000);

/** A sine tone WAV (peaks at -18 dBFS). */
async function tone(frequency: number, seconds: number): Promise<Buffer> {
  const file = path.join(work, `tone-${frequency}-${seconds}.wav`);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-y', file]);
  return readFile(file);
}

async function probe(file: string): Promise<{ duration: number; codec: string; maxVolume: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', file]);
  const info = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
  const max = /max_volume:\s*(-?[\d.]+) dB/.exec(stderr);
  return { duration: Number(info.format.duration), codec: info.streams[0]?.codec_name ?? '', maxVolume: Number(max?.[1]) };
}

/** A signed-up user with one empty VIDEO project, made through the REST api. */
async function userWithProject(name: string): Promise<{ email: string; projectId: string }> {
  const email = uniqueEmail('sound');
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { accessToken } = (await reg.json()) as { accessToken: string };
  const res = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name, type: 'VIDEO' }),
  });
  const body = (await res.json()) as { project?: { id: string }; id?: string };
  return { email, projectId: body.project?.id ?? (body.id as string) };
}

async function uploadTone(page: Page, name: string, data: Buffer) {
  await page.getByRole('button', { name: 'Add audio' }).last().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name: `${name}.wav`, mimeType: 'audio/wav', buffer: data });
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('button', { name: 'Upload and add' }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
}

const saved = (page: Page) => expect.poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

describe('sound editor', () => {
  test('builds a two-track mix — move, fade, volume, playback — that survives a reload and exports as MP3', async (page) => {
    const { email, projectId } = await userWithProject('Podcast intro');
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, email);
    await page.goto(`/projects/${projectId}/sound-editor`);
    await page.getByText('No audio tracks yet').waitFor();
    await saveScreen(page, 'sound-editor-empty');

    // Track 1: a 3 s tone at 0 s.
    await uploadTone(page, 'Tone A', await tone(440, 3));
    await expect.poll(() => page.getByTestId('track').count()).toBe(1);
    await expect.poll(() => page.getByTestId('clip').count()).toBe(1);
    // Track 2: another 3 s tone, dragged right, then placed exactly at 2 s in the inspector.
    await page.getByRole('button', { name: 'Add track' }).click();
    await expect.poll(() => page.getByTestId('track').count()).toBe(2);
    await uploadTone(page, 'Tone B', await tone(440, 3));
    const clipB = page.getByTestId('clip').nth(1);
    const box = await clipB.boundingBox();
    if (!box) throw new Error('clip B is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const moved = await clipB.boundingBox();
    expect(Math.round((moved?.x ?? 0) - box.x)).toBeGreaterThanOrEqual(70); // 40 px a second → about 2 s
    const start = page.getByLabel('Start on the timeline');
    await start.fill('2');
    await page.getByLabel('Fade out').fill('0.5');
    await page.getByLabel('Fade out').blur();
    await expect.poll(() => page.getByTestId('time').textContent()).toContain('/ 0:05.0');
    await saved(page);

    // Playback moves the playhead.
    await page.getByTestId('play').click();
    await expect.poll(async () => (await page.getByTestId('time').textContent())?.startsWith('0:00.0'), { timeout: 10_000 }).toBe(false);
    await page.waitForTimeout(600);
    await saveScreen(page, 'sound-editor-two-tracks-playing');
    await page.getByRole('button', { name: 'Pause' }).click();

    // Track 1 at 50 % volume (heard in playback and the mix).
    await page.getByTestId('track').first().getByRole('slider').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('track').first().getByText('50%').isVisible()).toBe(true);
    await saved(page);

    // Survives a reload.
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('track').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('time').textContent()).toContain('/ 0:05.0');
    await expect.poll(() => page.getByTestId('track').first().getByText('50%').isVisible()).toBe(true);
    await saveScreen(page, 'sound-editor-after-reload');

    // Export MP3.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Export MP3' }).click();
    const row = dialog.getByTestId('mix-export').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 90_000 }).toBe('COMPLETED');
    await dialog.locator('audio').first().waitFor({ state: 'attached' });
    await saveScreen(page, 'sound-editor-export-done');
    const src = await dialog.locator('audio').first().getAttribute('src');
    const file = path.join(work, 'mix.mp3');
    const res = await page.request.get(src as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('audio/mpeg');
    await writeFile(file, await res.body());
    const info = await probe(file);
    expect(info.codec).toBe('mp3');
    expect(Math.abs(info.duration - 5)).toBeLessThanOrEqual(0.1);
    // A at half volume (-24 dBFS) + B (-18 dBFS) in phase where they overlap: peak ≈ 0.0625 + 0.125 → about -14.5 dBFS.
    expect(info.maxVolume).toBeGreaterThan(-16);
    expect(info.maxVolume).toBeLessThan(-13);

    await page.keyboard.press('Escape');
    await page.goto(`/projects/${projectId}/sound-editor`);
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(800);
    await saveScreen(page, 'sound-editor-mobile');
  });

  test('the music studio sends a new track to the sound editor of a project', async (page) => {
    const { email, projectId } = await userWithProject('Jingle');
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, email);
    await page.goto('/music-studio');
    await waitForShell(page);
    await page.getByLabel('Prompt').fill('Bright ukulele jingle');
    const slider = page.getByRole('slider', { name: 'Duration in seconds' });
    await slider.focus();
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowLeft'); // 20 s → 5 s
    await page.getByRole('button', { name: /^Generate/ }).click();
    const target = page.getByPlaceholder('Choose a project');
    await target.waitFor({ timeout: 60_000 });
    await target.click();
    await page.getByRole('option', { name: 'Jingle' }).click();
    await page.getByRole('button', { name: 'Send to sound editor' }).click();
    await page.waitForURL(`**/projects/${projectId}/sound-editor`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('track').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('track').first().getAttribute('data-track-name')).toBe('Music: Bright ukulele jingle');
    await expect.poll(() => page.getByTestId('time').textContent()).toContain('/ 0:05.0');
    await page.getByTestId('clip').first().click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await saveScreen(page, 'sound-editor-from-music-studio-dark');
  });

  test('guests see the demo mix read-only: playable, and writing asks them to log in', async (page) => {
    await page.goto(`/projects/${DEMO_VIDEO_PROJECT}/sound-editor`);
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('track').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('track').first().getAttribute('data-track-name')).toBe('Voice-over');
    await expect.poll(() => page.getByTestId('clip').count()).toBe(2);
    await saveScreen(page, 'sound-editor-guest-demo');
    // The guest banner floats over the editor's transport bar; a guest minimises it to reach Play.
    await page.getByRole('button', { name: 'Minimise guest banner' }).click();
    await page.getByTestId('play').click();
    await expect.poll(async () => (await page.getByTestId('time').textContent())?.startsWith('0:00.0'), { timeout: 15_000 }).toBe(false);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('tab', { name: 'Login' }).isVisible()).toBe(true);

    // An unknown project: the editor says so.
    await page.goto('/projects/3f2b8c1e-5d4a-4e7b-9c0d-1a2b3c4d5e6f/sound-editor');
    await expect.poll(() => page.getByText('Project not found', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  });
});
