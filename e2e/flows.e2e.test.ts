import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, PASSWORD, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 26, "a second look at the working flows", in a real browser at 1440×900 and 390×844: the sound editor never
 * stacks a new clip, every editor is reachable from a project, the voice studio guides instead of toasting, the
 * competitor analysis concludes nothing from unread pages, sharing is findable and revoking asks, and no text is cut.
 * The api runs without SEO_FETCH_ALLOW_PRIVATE, so loopback competitor pages are refused as a real deployment would.
 */

const run = promisify(execFile);
let server: TestServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  work = await mkdtemp(path.join(tmpdir(), 'flows-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 240_000);

async function api<T = any>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function newUser(label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const { accessToken } = await api<{ accessToken: string }>('POST', '/api/auth/register', null, { email, password: PASSWORD });
  return { email, token: accessToken };
}

async function project(token: string, name: string, type: 'VIDEO' | 'IMAGE' | 'TEXT'): Promise<string> {
  const res = await api<{ project: { id: string } }>('POST', '/api/projects', token, { name, type });
  return res.project.id;
}

async function signedIn(page: Page, email: string) {
  await page.goto('/');
  await waitForShell(page);
  await logIn(page, email);
}

/** A sine tone WAV. */
async function tone(frequency: number, seconds: number): Promise<Buffer> {
  const file = path.join(work, `tone-${frequency}-${seconds}.wav`);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-y', file]);
  return readFile(file);
}

async function uploadTone(page: Page, name: string, data: Buffer) {
  await page.getByRole('button', { name: 'Add audio' }).last().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name: `${name}.wav`, mimeType: 'audio/wav', buffer: data });
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('button', { name: 'Upload and add' }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
}

const toastText = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();

/** Every element matching `selector` shows all its text (nothing clipped by overflow). */
async function notClipped(page: Page, selector: string): Promise<boolean> {
  return page.$$eval(selector, (els) => els.every((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1));
}

describe('issue 26: the working flows', () => {
  test('sound editor: reachable from the project card; "Add audio" never stacks clips and says where; names readable; the mix player knows its length', async (page) => {
    const { email, token } = await newUser('flows-sound');
    const projectId = await project(token, 'Podcast pilot', 'VIDEO');
    await signedIn(page, email);

    // item 3: the card menu lists every editor the project has, the sound editor included
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Actions for Podcast pilot' }).click();
    await page.getByRole('menuitem', { name: 'Sound editor' }).waitFor();
    await page.getByRole('menuitem', { name: 'Video editor' }).waitFor();
    await saveScreen(page, 'flows-project-card-editors-desktop');
    await page.getByRole('menuitem', { name: 'Sound editor' }).click();
    await page.waitForURL(`**/projects/${projectId}/sound-editor`);
    await page.getByText('No audio tracks yet').waitFor();

    // item 2: the first clip goes on a new track; a second one, with that track selected, goes after it — not on top
    await uploadTone(page, 'Music: Warm acoustic guitar with brushes', await tone(330, 3));
    await expect.poll(() => page.getByTestId('clip').count()).toBe(1);
    await expect.poll(() => toastText(page)).toEqual(expect.arrayContaining([expect.stringContaining('on a new track')]));
    await uploadTone(page, 'Speech: Welcome', await tone(660, 2));
    await expect.poll(() => page.getByTestId('clip').count()).toBe(2);
    expect(await page.getByTestId('track').count()).toBe(1);
    await expect
      .poll(() => toastText(page))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(
            'Added “Speech: Welcome” to “Music: Warm acoustic guitar with brushes” at 0:03.0, after “Music: Warm acoustic guitar with brushes”',
          ),
        ]),
      );
    // the selected (new) clip starts at 3 s, where the first one ends
    expect(await page.getByLabel('Start on the timeline').inputValue()).toMatch(/^3(\.0+)?( s)?$/);
    const [a, b] = await Promise.all([page.getByTestId('clip').nth(0).boundingBox(), page.getByTestId('clip').nth(1).boundingBox()]);
    expect((b?.x ?? 0) + 1).toBeGreaterThanOrEqual((a?.x ?? 0) + (a?.width ?? 0));
    await saveScreen(page, 'flows-sound-add-after-desktop');

    // item 11: the track header cannot show the whole name, so hovering it does
    const name = page.getByTestId('track-name').first();
    expect(await name.inputValue()).toBe('Music: Warm acoustic guitar with brushes');
    await name.hover();
    await page.getByRole('tooltip', { name: 'Music: Warm acoustic guitar with brushes' }).waitFor();
    await saveScreen(page, 'flows-sound-track-name-tooltip-desktop');

    // item 3: the sound editor's own "other editors" menu
    await page.getByRole('button', { name: 'Other editors of this project' }).click();
    await page.getByRole('menuitem', { name: 'Video editor' }).waitFor();
    await page.keyboard.press('Escape');

    // item 12: the mixdown's player shows its length before anyone presses play
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Export MP3' }).click();
    await expect.poll(() => dialog.getByTestId('mix-export').first().getAttribute('data-status'), { timeout: 90_000 }).toBe('COMPLETED');
    await page.waitForFunction(
      () => {
        const a = document.querySelector('audio[data-testid="mix-player"]') as HTMLAudioElement | null;
        return Boolean(a && a.readyState >= 1 && a.duration > 4.5 && a.paused && a.currentTime === 0);
      },
      undefined,
      { timeout: 20_000 },
    );
    await saveScreen(page, 'flows-sound-mix-player-desktop');
    await page.keyboard.press('Escape');

    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(600);
    await saveScreen(page, 'flows-sound-editor-mobile');
    await page
      .getByTestId('track-name')
      .first()
      .tap()
      .catch(() => page.getByTestId('track-name').first().click());
    await page.getByRole('tooltip', { name: 'Music: Warm acoustic guitar with brushes' }).waitFor();
    await saveScreen(page, 'flows-sound-track-name-mobile');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Actions for Podcast pilot' }).click();
    await page.getByRole('menuitem', { name: 'Sound editor' }).waitFor();
    await saveScreen(page, 'flows-project-card-editors-mobile');
  });

  test('every editor of an image and a text project is reachable from its pages', async (page) => {
    const { email, token } = await newUser('flows-editors');
    const imageId = await project(token, 'Poster', 'IMAGE');
    const textId = await project(token, 'Blog', 'TEXT');
    await signedIn(page, email);
    await page.goto(`/projects/${imageId}/segments`);
    await page.getByRole('button', { name: 'Other editors of this project' }).click();
    for (const editor of ['Image editor', 'Sound editor']) await page.getByRole('menuitem', { name: editor }).waitFor();
    await page.getByRole('menuitem', { name: 'Sound editor' }).click();
    await page.waitForURL(`**/projects/${imageId}/sound-editor`);
    await page.goto(`/projects/${textId}/seo`);
    await page.getByRole('button', { name: 'Other editors of this project' }).click();
    for (const editor of ['Segments', 'Sound editor']) await page.getByRole('menuitem', { name: editor }).waitFor();
    await saveScreen(page, 'flows-seo-editors-menu-desktop');
    await page.keyboard.press('Escape');
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Other editors of this project' }).click();
    await page.getByRole('menuitem', { name: 'Sound editor' }).waitFor();
    await saveScreen(page, 'flows-seo-editors-menu-mobile');
  });

  test('voice studio: the voice never deselects, a button that cannot act says why, takes of a clone carry its name', async (page) => {
    const { email, token } = await newUser('flows-voice');
    // a cloned voice, from a sample spoken by espeak-ng
    const sample = path.join(work, 'sample.wav');
    await run('espeak-ng', ['-v', 'en-us+f3', '-w', sample, 'The quick brown fox jumps over the lazy dog, twice, for a clear sample.']);
    await api('POST', '/api/advanced-features/voice/clone', token, {
      name: 'Narrator Nina',
      samples: [`data:audio/wav;base64,${(await readFile(sample)).toString('base64')}`],
    });
    await signedIn(page, email);
    await page.goto('/voice-studio');
    const generate = page.getByRole('button', { name: /^Generate speech/ });
    await generate.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    expect(await page.getByText('Type the text to speak first.').isVisible()).toBe(true);
    await saveScreen(page, 'flows-voice-blocked-desktop');

    // picking the chosen voice again keeps it
    const voice = page.getByRole('combobox', { name: 'Voice', exact: true });
    await expect.poll(() => voice.inputValue()).toBe('English (US) — female');
    await voice.click();
    await page.getByRole('option', { name: 'English (US) — female' }).click();
    expect(await voice.inputValue()).toBe('English (US) — female');

    await voice.click();
    await page.getByRole('option', { name: 'Narrator Nina' }).click();
    expect(await voice.inputValue()).toBe('Narrator Nina');
    await page.getByRole('textbox', { name: 'Text' }).fill('Hello from my own voice.');
    expect(await generate.isDisabled()).toBe(false);
    expect(await page.getByText('Type the text to speak first.').count()).toBe(0);
    await generate.click();
    const takes = page.getByRole('list', { name: 'Past takes' });
    await expect.poll(() => takes.innerText(), { timeout: 60_000 }).toContain('Narrator Nina');
    expect(await takes.innerText()).not.toContain('English (US)');
    await saveScreen(page, 'flows-voice-clone-take-desktop');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(400);
    await page.screenshot({
      path: path.join(path.dirname(await saveScreen(page, 'flows-voice-mobile')), 'flows-voice-mobile-full.png'),
      fullPage: true,
    });
  });

  test('avatar studio refuses a photo with no face', async (page) => {
    const { email } = await newUser('flows-avatar');
    await signedIn(page, email);
    await page.goto('/avatar-studio');
    await page.getByRole('textbox', { name: 'Name' }).fill('Beige Host');
    const file = path.join(work, 'beige.png');
    await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e6d3b3' } })
      .png()
      .toFile(file);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photo' }).click();
    await (await chooser).setFiles(file);
    await page.getByRole('button', { name: 'Create avatar' }).click();
    await expect
      .poll(() => toastText(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('No face found in this photo')]));
    expect(await page.getByRole('button', { name: 'Select avatar Beige Host' }).count()).toBe(0);
    await saveScreen(page, 'flows-avatar-no-face-desktop');
  });

  test('competitor analysis: 0 of 3 pages read concludes nothing; the setup says why each URL will not work', async (page) => {
    const { email, token } = await newUser('flows-seo');
    const projectId = await project(token, 'Bakery blog', 'TEXT');
    await api('PUT', `/api/seo/projects/by-project/${projectId}`, token, {
      businessName: 'Crumb & Co',
      businessDesc: 'Neighbourhood sourdough bakery',
      targetUrl: 'http://127.0.0.1:9/',
      seoKeywords: ['sourdough bread', 'bakery near me'],
      competitors: ['http://10.0.0.7/bread', 'http://192.168.1.20/loaves'],
    });
    await signedIn(page, email);
    await page.goto(`/projects/${projectId}/seo/analysis`);
    await page.getByRole('button', { name: 'Start analysis' }).first().click();
    await page.getByTestId('nothing-read').waitFor({ timeout: 30_000 });
    const results = page.getByTestId('analysis-results');
    expect(await results.innerText()).toContain('0/3');
    expect(await results.innerText()).not.toContain('No gaps found');
    expect(await page.locator('body').innerText()).not.toContain('never mentions');
    expect(await page.getByTestId('gaps-unknown').innerText()).toBe('Your page could not be read, so no gaps can be worked out from it.');
    await saveScreen(page, 'flows-analysis-nothing-read-desktop');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(400);
    await saveScreen(page, 'flows-analysis-nothing-read-mobile');
    await page.setViewportSize(DESKTOP);

    await page.goto(`/projects/${projectId}/seo/settings`);
    await page
      .getByRole('button', { name: /Competitors/ })
      .first()
      .click();
    const checks = page.getByTestId('url-check');
    await expect.poll(() => checks.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => checks.first().getAttribute('data-ok')).toBe('false');
    expect(await checks.first().innerText()).toContain('will not work: The URL points at a private or local address');
    const input = page.getByRole('combobox', { name: 'Competitor pages' });
    await input.fill('ftp://files.example/bread');
    await input.press('Enter');
    await expect.poll(() => checks.count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => checks.nth(2).innerText()).toContain('Only http and https pages can be fetched');
    await saveScreen(page, 'flows-seo-url-checks-desktop');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(400);
    await saveScreen(page, 'flows-seo-url-checks-mobile');
  });

  test('sharing: Share on the Quick Create result and on generation cards; revoking asks first; the share page shows its whole title', async (page) => {
    const { email } = await newUser('flows-share');
    await signedIn(page, email);
    await page.goto('/quick-create');
    const prompt = 'A ceramic teapot on a linen table beside a tall window at golden hour, with steam rising';
    await page.getByTestId('prompt-input').fill(prompt);
    await page.getByTestId('generate-button').click();
    await page.getByTestId('result-image').waitFor({ state: 'visible', timeout: 60_000 });
    const result = page.getByTestId('result-panel');
    await result.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share a public link' });
    await share.getByTestId('share-create').click();
    await expect.poll(() => share.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(1);
    const url = await share.getByTestId('share-link-url').inputValue();
    await saveScreen(page, 'flows-share-from-quick-create-desktop');
    await page.keyboard.press('Escape');

    // the cards: dashboard and history
    await page.goto('/');
    await page.getByTestId('recent-generation').first().waitFor();
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBeGreaterThanOrEqual(1);
    await saveScreen(page, 'flows-share-dashboard-card-desktop');
    await page.goto('/history');
    await page.getByTestId('history-item').first().waitFor();
    await page.getByRole('button', { name: 'Share' }).first().click();
    await expect.poll(() => share.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(1);
    // Revoke asks; "Keep it" keeps the link
    await share.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByTestId('revoke-confirm');
    await confirm.waitFor();
    await saveScreen(page, 'flows-share-revoke-confirm-desktop');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    expect(await share.getByTestId('share-link').getAttribute('data-status')).toBe('active');
    await page.keyboard.press('Escape');

    // item 11: the public page at 390 px shows the kind badge and the whole title
    await page.setViewportSize(MOBILE);
    await page.goto(url);
    await page.getByTestId('shared-item').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('shared-kind').innerText()).toBe('IMAGE');
    expect(await notClipped(page, '[data-testid="shared-kind"], [data-testid="shared-kind"] *, [data-testid="shared-title"]')).toBe(true);
    expect(await page.getByTestId('shared-title').innerText()).toBe(prompt);
    await saveScreen(page, 'flows-share-page-mobile');
    await page.setViewportSize(DESKTOP);
    await saveScreen(page, 'flows-share-page-desktop');

    // history card share at 390
    await page.setViewportSize(MOBILE);
    await page.goto('/history');
    await page.getByTestId('history-item').first().waitFor();
    await saveScreen(page, 'flows-share-history-card-mobile');
  });

  test('no cut-off text: the invite role and the image editor’s layer names, at 1440 and 390 px', async (page) => {
    const { email, token } = await newUser('flows-text');
    const { project: img } = await api<{ project: { id: string } }>('POST', '/api/image-editor/projects', token, { name: 'Coast poster' });
    const layerName = 'A lighthouse on a cliff at dusk, painted in warm light';
    await api('POST', `/api/image-editor/projects/${img.id}/layers`, token, {
      type: 'SHAPE',
      name: layerName,
      shape: { kind: 'rectangle', fill: '#ff9900', stroke: '#000000', strokeWidth: 0 },
    });
    await signedIn(page, email);
    for (const [size, label] of [
      [DESKTOP, 'desktop'],
      [MOBILE, 'mobile'],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`/projects/${img.id}/image-editor`);
      if (label === 'mobile') {
        await page.getByRole('button', { name: 'Open the editor panel' }).click();
      }
      const nameEl = page.getByTestId('layer-name').filter({ hasText: 'lighthouse', visible: true }).first();
      await nameEl.waitFor({ timeout: 20_000 });
      expect(await nameEl.innerText()).toBe(layerName);
      expect(await nameEl.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await saveScreen(page, `flows-layer-names-${label}`);

      await page.goto('/projects');
      await page.getByRole('button', { name: 'Actions for Coast poster' }).click();
      await page.getByRole('menuitem', { name: 'Share / members' }).click();
      const role = page.getByTestId('invite-role');
      await role.waitFor();
      expect(await page.getByText('Can look, not change.').first().isVisible()).toBe(true);
      expect(await notClipped(page, '[data-testid="invite-role"]')).toBe(true);
      await role.click();
      expect(await page.getByRole('option', { name: /Editor/ }).innerText()).toContain('Can edit and generate');
      await saveScreen(page, `flows-invite-role-${label}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    }
  });
});
