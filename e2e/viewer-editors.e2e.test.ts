import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, PASSWORD, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 21 item 4: a project shared with a viewer (through the collaboration API). Every editor and
 * project screen renders its write controls disabled with a "View only" tooltip, sends no write
 * (autosave included), and the VIEW ONLY badge sits in the header, never over the work.
 */

let server: TestServer;
let browser: Browser;
let viewerEmail: string;
const projects = { video: '', image: '', sound: '', text: '' };

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function register(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** One second of a 440 Hz tone as a 16-bit mono WAV data URL. */
function toneWav(): string {
  const rate = 16_000;
  const samples = rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return `data:audio/wav;base64,${Buffer.concat([header, data]).toString('base64')}`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const owner = await register(uniqueEmail('owner'));
  viewerEmail = uniqueEmail('viewer');
  const viewer = await register(viewerEmail);
  const create = async (name: string, type: 'VIDEO' | 'IMAGE' | 'TEXT') =>
    (await api<{ project: { id: string } }>('POST', '/projects', owner, { name, type })).project.id;

  projects.video = await create('Harbour film', 'VIDEO');
  await api('PUT', `/projects/${projects.video}/video-clips`, owner, {
    clips: [
      { prompt: 'Boats leaving the harbour at dawn', duration: 5 },
      { prompt: 'Gulls over the pier', duration: 4 },
      { prompt: 'The lighthouse at dusk', duration: 5 },
    ],
  });

  projects.image = await create('Poster', 'IMAGE');
  await api('POST', `/image-editor/projects/${projects.image}/layers`, owner, {
    type: 'SHAPE',
    name: 'Sun',
    x: 200,
    y: 150,
    width: 600,
    height: 600,
    shape: { kind: 'ellipse', fill: '#f59f00', stroke: '#e8590c', strokeWidth: 8 },
  });

  projects.sound = await create('Podcast intro', 'VIDEO');
  const uploaded = await api<{ session: { revision: number; sources: { id: string }[] } }>(
    'POST',
    `/sound-editor/projects/${projects.sound}/sources/upload`,
    owner,
    { name: 'Tone', audio: toneWav() },
  );
  const sourceId = uploaded.session.sources[0]?.id as string;
  await api('PUT', `/sound-editor/projects/${projects.sound}`, owner, {
    revision: uploaded.session.revision,
    tracks: [{ id: randomUUID(), name: 'Voice', clips: [{ id: randomUUID(), sourceId, start: 0 }] }],
  });

  projects.text = await create('Coffee blog', 'TEXT');
  await api('POST', `/projects/${projects.text}/segments`, owner, { name: 'Intro', prompt: 'Why fresh beans matter', type: 'TEXT' });
  await api('PUT', `/seo/projects/by-project/${projects.text}`, owner, {
    businessName: 'Northwind Coffee',
    businessDesc: 'Small-batch roaster',
    seoKeywords: ['fresh coffee beans'],
    competitors: ['https://competitor.example/'],
  });

  // An invitation is a mailed link the invited person accepts while signed in (issue 23). No SMTP
  // server here: the mail waits in the outbox with its link, as Admin → Outbox shows it.
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    for (const id of Object.values(projects)) {
      await api('POST', `/collaboration/projects/${id}/invite`, owner, { email: viewerEmail, role: 'viewer' });
      const { rows } = await db.query<{ links: { url: string }[] }>(
        `select links from email_outbox where to_address = $1 order by created_at desc, id desc limit 1`,
        [viewerEmail.toLowerCase()],
      );
      const token = rows[0]?.links
        .map((l) => new URL(l.url))
        .find((u) => u.pathname === '/invite')
        ?.searchParams.get('token');
      if (!token) throw new Error(`no invitation link for ${viewerEmail}`);
      await api('POST', '/collaboration/invitation/accept', viewer, { token });
    }
  } finally {
    await db.end();
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Options = { viewport?: { width: number; height: number } };
const test = (name: string, fn: (page: Page) => Promise<void>, options: Options = {}) =>
  it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn), 180_000);

/** Every request that could change something: tRPC mutations and non-GET REST calls (sign-in and analytics aside). */
function recordWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || request.method() === 'HEAD') return;
    if (/^\/api\/(auth\/|analytics\/fox\/boom|px\/)/.test(url.pathname)) return;
    if (url.pathname.startsWith('/trpc/') || url.pathname.startsWith('/api/')) writes.push(request);
  });
  return writes;
}

async function openAsViewer(page: Page, path: string): Promise<Request[]> {
  await page.goto('/');
  await waitForShell(page);
  await logIn(page, viewerEmail);
  const writes = recordWrites(page);
  await page.goto(path);
  await waitForShell(page);
  return writes;
}

/** Rests the pointer on the screen's title (no tooltip there; below an editor's header hot zone) and closes toasts. */
async function rest(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().hover();
  for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click().catch(() => undefined);
  await expect.poll(() => page.getByRole('tooltip').filter({ visible: true }).count(), { timeout: 5_000 }).toBe(0);
}

/** The control is disabled and hovering it shows "View only", next to it. */
async function viewOnly(page: Page, control: Locator, label: string): Promise<void> {
  await control.waitFor({ state: 'visible' });
  expect(await control.isDisabled(), `${label} should be disabled`).toBe(true);
  await rest(page);
  await control.hover({ force: true });
  const tip = page
    .getByRole('tooltip')
    .filter({ hasText: /^View only$/, visible: true })
    .first();
  await tip.waitFor({ timeout: 5_000 });
  const [a, b] = [await control.boundingBox(), await tip.boundingBox()];
  if (!a || !b) throw new Error(`${label}: no box`);
  const gap = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width)) + Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  expect(gap, `${label}: the tooltip belongs to it`).toBeLessThan(60);
}

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header's VIEW ONLY badge is in the header and covers none of the given elements. */
async function badgeCoversNothing(page: Page, content: Locator): Promise<void> {
  const badge = page.getByTestId('project-view-only');
  await badge.waitFor();
  const b = await badge.boundingBox();
  expect(b).not.toBeNull();
  for (const box of await content.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
    expect(boxesOverlap(b as NonNullable<typeof b>, box), `badge ${JSON.stringify(b)} over ${JSON.stringify(box)}`).toBe(false);
  }
}

describe('a viewer of a shared project', () => {
  test('video editor: Add clip, Delete, Upload, Generate, Regenerate and Export are disabled; nothing is written', async (page) => {
    const writes = await openAsViewer(page, `/projects/${projects.video}/video-editor`);
    await page.getByTestId('editor-frame').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('timeline-clip').count(), { timeout: 20_000 }).toBe(3);
    await viewOnly(page, page.getByRole('button', { name: 'Add clip', exact: true }), 'Add clip');
    await viewOnly(page, page.getByRole('button', { name: 'Export' }), 'Export');
    // The inspector: the first clip's writes.
    await page.getByTestId('timeline-clip').first().click();
    await viewOnly(page, page.getByRole('button', { name: 'Delete clip' }), 'Delete clip');
    await viewOnly(page, page.getByRole('button', { name: /^Upload/ }).first(), 'Upload');
    await viewOnly(page, page.getByRole('button', { name: /^Generate/ }).first(), 'Generate');
    expect(
      await page
        .getByLabel(/prompt/i)
        .first()
        .isDisabled(),
    ).toBe(true);
    // No trim handles to drag, no dragging.
    expect(await page.getByTestId('trim-start').count()).toBe(0);
    expect(await page.getByTestId('timeline-clip').first().getAttribute('draggable')).toBe('false');
    // A keyboard move is refused too (the guard), and nothing is sent.
    await page.getByTestId('timeline-clip').first().focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByText('This project was shared with you as a viewer', { exact: false }).first().waitFor();
    await badgeCoversNothing(page, page.getByTestId('timeline-clip'));
    await page.waitForTimeout(1500); // longer than any autosave debounce
    await rest(page);
    await saveScreen(page, 'viewer-video-editor');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await badgeCoversNothing(page, page.getByTestId('timeline-clip'));
    await rest(page);
    await saveScreen(page, 'viewer-video-editor-mobile');
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  test('image editor: shapes, upload, canvas settings, layer controls, generate and export are disabled; nothing is written', async (page) => {
    const writes = await openAsViewer(page, `/projects/${projects.image}/image-editor`);
    await page.getByTestId('editor-frame').waitFor({ timeout: 20_000 });
    await page.getByTestId('layer-row').first().waitFor({ timeout: 20_000 });
    await viewOnly(page, page.getByRole('button', { name: 'Add rectangle' }), 'Add rectangle');
    await viewOnly(page, page.getByRole('button', { name: 'Upload image' }), 'Upload image');
    await viewOnly(page, page.getByRole('button', { name: 'Export' }), 'Export');
    await viewOnly(page, page.getByRole('button', { name: 'Delete Sun' }), 'Delete layer');
    await viewOnly(page, page.getByRole('button', { name: 'Hide Sun' }), 'Hide layer');
    // Selecting a layer still works (looking is allowed); its properties are read-only.
    await page.getByRole('button', { name: 'Select Sun' }).click();
    await page.getByTestId('layer-properties').waitFor();
    expect(await page.getByTestId('layer-properties').locator('input').first().isDisabled()).toBe(true);
    // The Delete key on the canvas changes nothing.
    await page.keyboard.press('Delete');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('layer-row').count()).toBe(1);
    await page.getByRole('tab', { name: 'Generate' }).click();
    await viewOnly(page, page.getByRole('button', { name: /^Generate/ }).last(), 'Generate');
    await page.getByRole('tab', { name: 'Layers' }).click();
    await badgeCoversNothing(page, page.getByTestId('layer-row'));
    await page.waitForTimeout(1500);
    await rest(page);
    await saveScreen(page, 'viewer-image-editor');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await rest(page);
    await saveScreen(page, 'viewer-image-editor-mobile');
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  test('sound editor: Add audio, track, inspector and export are disabled; playback still works; nothing is written', async (page) => {
    const writes = await openAsViewer(page, `/projects/${projects.sound}/sound-editor`);
    await page.getByTestId('editor-frame').waitFor({ timeout: 20_000 });
    await page.getByTestId('play').waitFor({ timeout: 20_000 });
    await viewOnly(page, page.getByRole('button', { name: 'Add audio' }).last(), 'Add audio');
    await viewOnly(page, page.getByRole('button', { name: 'Add track' }), 'Add track');
    await viewOnly(page, page.getByRole('button', { name: 'Export' }), 'Export');
    // Track header controls (name, mute) are disabled.
    expect(await page.locator('[data-testid="view-only-controls"] input').first().isDisabled()).toBe(true);
    // Looking and listening stay: the transport is enabled.
    expect(await page.getByTestId('play').isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Back to the start' }).isDisabled()).toBe(false);
    await badgeCoversNothing(page, page.getByTestId('view-only-controls').first());
    await page.waitForTimeout(1500);
    await rest(page);
    await saveScreen(page, 'viewer-sound-editor');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(500);
    await rest(page);
    await saveScreen(page, 'viewer-sound-editor-mobile');
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  test('segments and SEO screens: writes disabled with a View only tooltip; nothing is written', async (page) => {
    const writes = await openAsViewer(page, `/projects/${projects.text}/segments`);
    await page.getByTestId('segment-detail').waitFor({ timeout: 20_000 });
    await viewOnly(page, page.getByRole('button', { name: 'Add segment' }), 'Add segment');
    await viewOnly(page, page.getByTestId('generate-version'), 'Generate version');
    expect(await page.getByLabel('Segment name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Prompt').isDisabled()).toBe(true);
    expect(await page.getByTestId('segment-item').first().getAttribute('draggable')).toBe('false');
    // The banner above the screen is in the flow: it covers nothing.
    const banner = await page.getByTestId('project-view-only').boundingBox();
    const detail = await page.getByTestId('segment-detail').boundingBox();
    expect(banner && detail && boxesOverlap(banner, detail)).toBe(false);
    await rest(page);
    await saveScreen(page, 'viewer-segments');

    await page.goto(`/projects/${projects.text}/seo/settings`);
    await waitForShell(page);
    await page.getByLabel('Business name').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Business name').isDisabled()).toBe(true);
    await page.goto(`/projects/${projects.text}/seo/analysis`);
    await waitForShell(page);
    const analyze = page.locator('[data-action="generateCompetitorAnalysis"]').first();
    await viewOnly(page, analyze, 'Analyse competitors');
    await page.goto(`/projects/${projects.text}/seo`);
    await waitForShell(page);
    await page.getByTestId('request-articles').waitFor({ timeout: 20_000 });
    await viewOnly(page, page.locator('[data-action="generateArticles"]').first(), 'Generate articles');
    await rest(page);
    await saveScreen(page, 'viewer-seo');
    await page.waitForTimeout(1000);
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  test('the owner keeps working controls (the same screens, another role)', async (page) => {
    const email = uniqueEmail('self');
    const token = await register(email);
    const id = (await api<{ project: { id: string } }>('POST', '/projects', token, { name: 'Mine', type: 'VIDEO' })).project.id;
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, email);
    await page.goto(`/projects/${id}/video-editor`);
    await page.getByTestId('editor-frame').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Add clip', exact: true }).isDisabled()).toBe(false);
    expect(await page.getByTestId('project-view-only').count()).toBe(0);
  });
});
