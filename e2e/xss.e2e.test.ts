import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, PASSWORD, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Stored XSS: HTML and script in every text field a user can fill, rendered by the real app in
 * chromium. Each payload would set window.__xss (or open a dialog, or add an <img src=x>) if it
 * ran; the screens must show it as literal text instead.
 */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=1</script>',
  '"><svg onload="window.__xss=1">',
  'javascript:window.__xss=1//',
  '[click](javascript:window.__xss=1) <iframe src="javascript:window.__xss=1"></iframe>',
];
const TAG = (i: number) => `xss${i}`;

let server: TestServer;
let browser: Browser;
let email: string;
const ids: Record<string, string> = {};

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.url, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  email = uniqueEmail('xss');
  const { accessToken: token } = await api('POST', '/auth/register', null, { email, password: PASSWORD });
  const payload = (i: number) => `${TAG(i)} ${PAYLOADS[i % PAYLOADS.length]}`;
  ids.project = (
    await api('POST', '/projects', token, { name: payload(0), type: 'VIDEO', description: payload(1), globalPrompt: payload(2) })
  ).project.id;
  ids.textProject = (await api('POST', '/projects', token, { name: payload(3), type: 'TEXT', description: payload(4) })).project.id;
  await api('POST', `/projects/${ids.textProject}/segments`, token, { name: payload(1), prompt: payload(2) });
  await api('POST', '/prompts', token, { title: payload(3), text: payload(4), type: 'image' });
  ids.conversation = (await api('POST', '/chat/conversations', token, { title: payload(0) })).conversation?.id;
  await api('POST', '/generation/generate', token, { prompt: payload(2), type: 'text', model: 'local/text' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function assertInert(page: Page, url: string, expectText: string) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await waitForShell(page);
  await page.getByText(expectText, { exact: false }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForTimeout(500);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    injectedSvgs: document.querySelectorAll('svg[onload]').length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i], iframe[src^="javascript:" i]').length,
  }));
  expect(state, url).toEqual({ xss: null, injectedImages: 0, injectedSvgs: 0, javascriptLinks: 0 });
  expect(dialogs, url).toEqual([]);
}

describe('stored HTML and script render as text', () => {
  it('on every screen that shows user text', async () => {
    await withPage(browser, 'xss screens', { baseURL: server.url }, async (page) => {
      await page.goto('/');
      await waitForShell(page);
      await logIn(page, email);
      const screens: [string, string][] = [
        ['/projects', TAG(0)],
        [`/projects/${ids.project}`, TAG(0)],
        [`/projects/${ids.textProject}`, TAG(3)],
        [`/projects/${ids.textProject}/segments`, TAG(1)],
        ['/prompts', TAG(3)],
        ['/history', TAG(2)],
        ['/', TAG(0)],
      ];
      if (ids.conversation) screens.push([`/chat/${ids.conversation}`, TAG(0)]);
      for (const [url, text] of screens) await assertInert(page, url, text);
      await page.goto('/projects');
      await page.getByText(TAG(0)).first().waitFor();
      await saveScreen(page, 'xss-projects-literal-text');
      await page.goto('/prompts');
      await page.getByText(TAG(3)).first().waitFor();
      await saveScreen(page, 'xss-prompts-literal-text');
    });
  }, 120_000);
});
