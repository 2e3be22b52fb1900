import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTo, startMailbox, type TestMailbox } from '../apps/api/src/testing/smtp-server';
import { signUp, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Issue 12's collaboration, public share links and the Quick Create / History leftovers, against the built app. */

let server: TestServer;
let browser: Browser;
let mailbox: TestMailbox;

beforeAll(async () => {
  // Invitations arrive by mail: a real SMTP mailbox on loopback.
  mailbox = await startMailbox();
  server = await startServer({ smtpUrl: mailbox.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

type Options = { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' };
const test = (name: string, fn: (page: Page) => Promise<void>, options: Options = {}) =>
  it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn), 240_000);

const cards = (page: Page) => page.getByTestId('project-card');
const cardNamed = (page: Page, name: string) => cards(page).filter({ has: page.getByTestId('project-name').getByText(name, { exact: true }) });

async function signedIn(page: Page, email: string, url: string): Promise<void> {
  await page.goto('/');
  await waitForShell(page);
  await signUp(page, email);
  await page.goto(url);
  await waitForShell(page);
}

async function createProject(page: Page, name: string, type: 'Video' | 'Image' | 'Text'): Promise<string> {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: type }).check();
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}\//);
  return /\/projects\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
}

describe('collaboration', () => {
  test('the owner invites a second user as viewer, who sees the project read-only', async (ownerPage) => {
    // The second user has an account already.
    const viewerEmail = uniqueEmail('viewer');
    const viewerContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
    const viewerPage = await viewerContext.newPage();
    viewerPage.setDefaultTimeout(15_000);
    try {
      await signedIn(viewerPage, viewerEmail, '/projects');

      const ownerEmail = uniqueEmail('owner');
      await signedIn(ownerPage, ownerEmail, '/projects');
      await ownerPage.getByText('No projects yet').waitFor();
      const projectId = await createProject(ownerPage, 'Spring moodboard', 'Image');
      await ownerPage.goto('/projects');
      await waitForShell(ownerPage);

      // Share / members from the card's menu: invite the viewer, and an address without an account —
      // the same answer for both (an invitation mailed as a link), whether or not the address has an account.
      await cardNamed(ownerPage, 'Spring moodboard').getByRole('button', { name: 'Actions for Spring moodboard' }).click();
      await ownerPage.getByRole('menuitem', { name: 'Share / members' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: /Members of/ });
      await dialog.getByTestId('invite-email').fill(viewerEmail.toUpperCase());
      await dialog.getByTestId('invite-submit').click();
      await expect.poll(() => dialog.getByTestId('invite-row').count(), { timeout: 15_000 }).toBe(1);
      expect(await dialog.getByTestId('member-row').count()).toBe(0);
      // A duplicate is refused with a clear message.
      await dialog.getByTestId('invite-email').fill(viewerEmail);
      await dialog.getByTestId('invite-submit').click();
      await expect.poll(() => dialog.getByTestId('invite-error').textContent(), { timeout: 15_000 }).toMatch(/already been invited/);
      const later = uniqueEmail('later');
      await dialog.getByTestId('invite-email').fill(later);
      await dialog.getByTestId('invite-submit').click();
      await expect.poll(() => dialog.getByTestId('invite-row').count(), { timeout: 15_000 }).toBe(2);
      await saveScreen(ownerPage, 'collaboration-members-modal');
      await ownerPage.keyboard.press('Escape');

      // The viewer opens the link from their mail, signed in, and accepts.
      const invitation = await mailbox.waitFor((m) => m.to.includes(viewerEmail) && /invited you to “Spring moodboard”/.test(m.subject), 30_000);
      const link = new URL(linkTo(invitation, '/invite'));
      await viewerPage.goto(`${link.pathname}${link.search}`);
      await viewerPage.getByTestId('invite-screen').waitFor();
      expect(await viewerPage.getByTestId('invite-screen').textContent()).toContain('Spring moodboard');
      await saveScreen(viewerPage, 'collaboration-invite-accept');
      await viewerPage.getByTestId('invite-accept').click();
      await viewerPage.waitForURL(new RegExp(`/projects/${projectId}/`));

      // The owner's card shows the member count; /collaboration lists members and the pending invite.
      await ownerPage.goto('/collaboration');
      await waitForShell(ownerPage);
      await expect.poll(() => ownerPage.getByTestId('my-shared-project').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => ownerPage.getByTestId('my-shared-project').textContent()).toContain(viewerEmail);
      await expect.poll(() => ownerPage.getByTestId('pending-invite').textContent()).toContain(later);
      expect(await ownerPage.getByTestId('pending-invite').count()).toBe(1);
      await saveScreen(ownerPage, 'collaboration-owner');

      // The viewer: the project appears in their list, marked shared and view-only.
      await viewerPage.goto('/projects');
      await waitForShell(viewerPage);
      const card = cardNamed(viewerPage, 'Spring moodboard');
      await expect.poll(() => card.getByTestId('project-shared-badge').textContent(), { timeout: 15_000 }).toBe('Shared · View only');
      await saveScreen(viewerPage, 'collaboration-viewer-projects');
      await card.getByRole('button', { name: 'Actions for Spring moodboard' }).click();
      expect(await viewerPage.getByRole('menuitem', { name: 'Rename' }).count()).toBe(0);
      expect(await viewerPage.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await viewerPage.keyboard.press('Escape');

      // Opening it: every project screen says it is view-only; a write is refused by the server.
      await viewerPage.goto(`/projects/${projectId}/segments`);
      await waitForShell(viewerPage);
      await viewerPage.getByTestId('project-view-only').waitFor({ timeout: 20_000 });
      expect(await viewerPage.getByTestId('project-view-only').textContent()).toContain(ownerEmail);
      await saveScreen(viewerPage, 'collaboration-viewer-read-only');
      // The project's write controls are disabled and say why (e2e/viewer-editors covers every editor).
      const add = viewerPage.getByRole('button', { name: 'Add segment' });
      expect(await add.isDisabled()).toBe(true);
      await add.hover({ force: true });
      await viewerPage.getByRole('tooltip', { name: 'View only' }).waitFor({ timeout: 10_000 });
      await saveScreen(viewerPage, 'collaboration-viewer-write-refused');
      await viewerPage.getByText('No segments yet').first().waitFor({ timeout: 20_000 });

      // Full-bleed editors show the 'View only' badge in their header instead of the banner.
      await viewerPage.goto(`/projects/${projectId}/image-editor`);
      await waitForShell(viewerPage);
      await viewerPage.getByTestId('editor-frame').waitFor({ timeout: 20_000 });
      await expect.poll(() => viewerPage.getByTestId('project-view-only').textContent(), { timeout: 15_000 }).toBe('View only');
      await saveScreen(viewerPage, 'collaboration-viewer-image-editor');

      await viewerPage.goto('/collaboration');
      await waitForShell(viewerPage);
      await expect.poll(() => viewerPage.getByTestId('shared-project').textContent(), { timeout: 15_000 }).toMatch(/Spring moodboard[\s\S]*Viewer/);
      await saveScreen(viewerPage, 'collaboration-shared-with-me');
    } finally {
      await viewerContext.close();
    }
  });

  test('guests see an explanation and the demo: a project shared with a sample collaborator', async (page) => {
    await page.goto('/collaboration');
    await waitForShell(page);
    await page.getByTestId('collab-guest-note').waitFor();
    await expect
      .poll(() => page.getByTestId('my-shared-project').first().textContent(), { timeout: 15_000 })
      .toContain('sam.collaborator@atelier.local');
    await expect.poll(() => page.getByTestId('pending-invite').first().textContent()).toContain('jordan@example.com');
    await saveScreen(page, 'collaboration-guest');
    await page.getByTestId('collab-invite').click();
    await expect.poll(() => page.getByText('Please login to perform this action').first().isVisible(), { timeout: 10_000 }).toBe(true);
  });

  test(
    '/collaboration on a phone in dark theme',
    async (page) => {
      await page.goto('/collaboration');
      await waitForShell(page);
      await expect.poll(() => page.getByTestId('my-shared-project').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await saveScreen(page, 'collaboration-guest-dark-mobile');
    },
    { viewport: MOBILE, colorScheme: 'dark' },
  );
});

describe('share links and saved prompts', () => {
  test('a finished generation gets a public link (with its prompt, no account) that stops working when revoked', async (page) => {
    await signedIn(page, uniqueEmail('share'), '/quick-create');
    // Quick Create: the brand kit switch explains what it needs; Save prompt keeps the prompt in the library.
    await page.getByRole('tab', { name: 'Text' }).click();
    const prompt = 'Three taglines for a neighbourhood bakery';
    await page.getByTestId('prompt-input').fill(prompt);
    await page.getByTestId('apply-brand-kit').waitFor();
    await expect.poll(() => page.getByText('You have no brand kit yet.').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('quick-create-save-prompt').click();
    const save = page.getByRole('dialog', { name: 'Save prompt' });
    await save.getByLabel('Title').fill('Bakery taglines');
    await save.getByTestId('prompt-form-submit').click();
    await expect.poll(() => save.isVisible(), { timeout: 15_000 }).toBe(false);
    await saveScreen(page, 'quick-create-save-prompt-and-brand-kit');

    await page.getByTestId('generate-button').click();
    // The text is written before we leave (leaving at once could cancel the request before it is sent).
    await page.getByTestId('rendered-text').waitFor({ state: 'visible', timeout: 45_000 });

    // History → receipt → Share.
    await page.goto('/history');
    await waitForShell(page);
    const item = page.getByTestId('history-item').first();
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 90_000 }).toBe('COMPLETED');
    await item.click();
    await page.getByTestId('history-save-prompt').waitFor();
    await page.getByTestId('share-button').click();
    const share = page.getByRole('dialog', { name: 'Share a public link' });
    await share.getByTestId('share-create').click();
    await expect.poll(() => share.getByTestId('share-link').count(), { timeout: 15_000 }).toBe(1);
    const url = await share.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22,}$/);
    await saveScreen(page, 'share-link-created');

    // A guest opens it: media and prompt only.
    const guest = await browser.newContext({ viewport: DESKTOP });
    try {
      const guestPage = await guest.newPage();
      await guestPage.goto(url);
      await guestPage.getByTestId('shared-item').waitFor({ timeout: 20_000 });
      expect(await guestPage.getByTestId('shared-prompt').textContent()).toBe(prompt);
      expect((await guestPage.getByTestId('shared-text').textContent())?.length).toBeGreaterThan(0);
      await saveScreen(guestPage, 'share-public-page');

      // Revoked → the page says the link is not available.
      await share.getByRole('button', { name: 'Revoke' }).click();
      // revoking asks first (issue 26)
      await page.getByTestId('revoke-confirm').getByRole('button', { name: 'Revoke link' }).click();
      await expect.poll(() => share.getByTestId('share-link').getAttribute('data-status'), { timeout: 15_000 }).toBe('revoked');
      await guestPage.reload();
      await guestPage.getByTestId('shared-unavailable').waitFor({ timeout: 20_000 });
      await saveScreen(guestPage, 'share-revoked');
    } finally {
      await guest.close();
    }

    // The prompt saved from Quick Create is in the library and goes back to Quick Create.
    await page.goto('/prompts');
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('prompt-card').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('link', { name: 'Use “Bakery taglines” in Quick Create' }).click();
    await expect.poll(() => page.getByTestId('prompt-input').inputValue(), { timeout: 20_000 }).toBe(prompt);
  });
});
