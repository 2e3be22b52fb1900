import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTo, type ReceivedMail, startMailbox, type TestMailbox } from '../apps/api/src/testing/smtp-server';
import { logIn, openLoginPopup, PASSWORD, signUp, uniqueEmail, waitForShell } from './support/app';
import { DESKTOP, launchBrowser, saveScreen, withPage } from './support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from './support/server';

/**
 * Issue 23, end to end: the built app sends real mail over SMTP to a test mailbox (smtp-server +
 * mailparser), and the links in those mails drive the flows in the browser.
 */

let server: TestServer;
let mailbox: TestMailbox;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ smtpUrl: mailbox.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

const test = (name: string, fn: (page: Page, context: BrowserContext) => Promise<void>) =>
  it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 240_000);

/** The mail's link, made relative so the page stays on the test server's origin. */
const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
const mailTo = (to: string, subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> =>
  mailbox.waitFor((m) => m.to.includes(to) && subject.test(m.subject), timeoutMs);

async function newPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, close: () => context.close() };
}

describe('e-mail verification', () => {
  test('register → the verification mail arrives → its link verifies the address; until then a banner offers Resend', async (page) => {
    const email = uniqueEmail('verify');
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, email);
    // Spec §2: the popup closes and the app goes to /; the account works, with a banner.
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('verify-email-banner').waitFor();
    expect(await page.getByTestId('verify-email-banner').textContent()).toContain(email);
    await saveScreen(page, 'email-verify-banner');

    const first = await mailTo(email, /^Verify your e-mail address/);
    expect(first.text).toContain(`An Atelier account was just created with the address ${email}`);
    // Resend: a second mail, whose link replaces the first.
    await page.getByTestId('verify-email-resend').click();
    await page.getByText(`A new verification link is on its way to ${email}`).waitFor();
    const second = await mailbox.waitFor((m) => m.to.includes(email) && m !== first && /^Verify/.test(m.subject), 30_000);
    expect(second.text).toContain('You asked for a new link');

    await page.goto(pathOf(linkTo(first, '/verify-email')));
    await page.getByTestId('link-failed').waitFor();
    await page.goto(pathOf(linkTo(second, '/verify-email')));
    await page.getByTestId('email-verified').waitFor();
    expect(await page.getByTestId('email-verified').textContent()).toContain(`${email} is confirmed`);
    await saveScreen(page, 'email-verified');
    await page.getByRole('link', { name: 'Go to the studio' }).click();
    await waitForShell(page);
    await page.getByTestId('user-email').waitFor();
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
    // The link is single use.
    await page.goto(pathOf(linkTo(second, '/verify-email')));
    await page.getByTestId('link-failed').waitFor();
  });
});

describe('password reset', () => {
  test('forgot password → the mail → its link sets a new password; the old password and every old session stop working', async (page) => {
    const email = uniqueEmail('reset');
    // An account, signed in here (its session must end).
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, email);
    await mailTo(email, /^Verify/);

    // Somewhere else: Forgot password? in the login popup.
    const other = await newPage();
    try {
      await other.page.goto('/');
      await waitForShell(other.page);
      await openLoginPopup(other.page);
      const dialog = other.page.getByRole('dialog');
      await dialog.getByTestId('forgot-password').click();
      await dialog.getByLabel(/^Email Address/).fill(email);
      await saveScreen(other.page, 'email-forgot-password');
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await dialog.getByTestId('forgot-password-sent').waitFor();
      expect(await dialog.getByTestId('forgot-password-sent').textContent()).toContain('If an account uses this address');
      await saveScreen(other.page, 'email-forgot-password-sent');

      const mail = await mailTo(email, /^Reset your Atelier password/);
      expect(mail.text).toContain('works once, for 1 hour');
      await other.page.goto(pathOf(linkTo(mail, '/reset-password')));
      await other.page.getByLabel(/^New password/).fill('a brand new password');
      await other.page.getByLabel(/^Confirm new password/).fill('a brand new password');
      await saveScreen(other.page, 'email-reset-password');
      await other.page.getByRole('button', { name: 'Save new password' }).click();
      await other.page.getByTestId('reset-password-done').waitFor();
      await saveScreen(other.page, 'email-reset-password-done');
      const notice = await mailTo(email, /^Your Atelier password was changed/);
      expect(notice.text).toContain('with a password-reset link');

      // The old password fails; the new one works.
      await other.page.goto('/');
      await waitForShell(other.page);
      await openLoginPopup(other.page);
      const login = other.page.getByRole('dialog');
      await login.getByLabel(/^Email Address/).fill(email);
      await login.getByLabel(/^Password/).fill(PASSWORD);
      await login.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => login.getByTestId('login-error').textContent(), { timeout: 15_000 }).toBe('Invalid email or password');
      await other.page.keyboard.press('Escape');
      await logIn(other.page, email, 'a brand new password');
    } finally {
      await other.close();
    }

    // The first browser's session ended: on reload its refresh fails and it is a guest again.
    await page.reload();
    await waitForShell(page);
    await page.getByTestId('app-header').getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByTestId('user-email').count()).toBe(0);
  });

  test('an unknown address gets the same answer on the page', async (page) => {
    await page.goto('/reset-password');
    await page.getByLabel(/^Email Address/).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-password-sent').waitFor();
    expect(await page.getByTestId('forgot-password-sent').textContent()).toContain('If an account uses this address');
  });
});

describe('invitations', () => {
  test('invite → register without the link → no access → verify the address → access with the invited role', async (ownerPage) => {
    const ownerEmail = uniqueEmail('owner');
    await ownerPage.goto('/');
    await waitForShell(ownerPage);
    await signUp(ownerPage, ownerEmail);
    await ownerPage.goto('/projects');
    await waitForShell(ownerPage);
    await ownerPage.getByRole('button', { name: 'New project' }).click();
    const create = ownerPage.getByRole('dialog', { name: 'New project' });
    await create.getByLabel('Name').fill('Launch film');
    await create.getByRole('radio', { name: 'Image' }).check();
    await create.getByRole('button', { name: 'Create project' }).click();
    await ownerPage.waitForURL(/\/projects\/[0-9a-f-]{36}\//);
    const projectId = /\/projects\/([0-9a-f-]{36})\//.exec(ownerPage.url())?.[1] as string;

    const invitee = uniqueEmail('newhire');
    await ownerPage.goto('/collaboration');
    await waitForShell(ownerPage);
    await ownerPage.getByTestId('collab-invite').first().click();
    const members = ownerPage.getByRole('dialog', { name: /Members of/ });
    await members.getByTestId('invite-email').fill(invitee);
    await members.getByTestId('invite-role').click();
    await ownerPage.getByRole('option', { name: /^Editor/ }).click();
    await members.getByTestId('invite-submit').click();
    // The toast's title (the new row's status line says "invitation sent" too).
    await ownerPage.getByText('Invitation sent', { exact: true }).waitFor();
    await expect.poll(() => members.getByTestId('invite-row').count()).toBe(1);
    await ownerPage.keyboard.press('Escape');
    await expect.poll(() => ownerPage.getByTestId('pending-invite').first().textContent(), { timeout: 15_000 }).toContain(invitee);
    await saveScreen(ownerPage, 'email-pending-invites');
    const invitation = await mailTo(invitee, /invited you to “Launch film”/);
    expect(invitation.text).toContain('as an editor');

    // The invitee registers the address without opening the link: nothing is granted.
    const guest = await newPage();
    try {
      await guest.page.goto('/');
      await waitForShell(guest.page);
      await signUp(guest.page, invitee);
      await guest.page.goto('/projects');
      await waitForShell(guest.page);
      await guest.page.getByText('No projects yet').waitFor();
      await guest.page.goto(`/projects/${projectId}/segments`);
      await waitForShell(guest.page);
      await guest.page.getByText('Project not found').first().waitFor({ timeout: 20_000 });

      // Verifying the address turns the invitation into access, with the invited role.
      const verify = await mailTo(invitee, /^Verify/);
      await guest.page.goto(pathOf(linkTo(verify, '/verify-email')));
      await guest.page.getByTestId('email-verified').waitFor();
      expect(await guest.page.getByTestId('email-verified').textContent()).toContain('you now have access');
      await saveScreen(guest.page, 'email-verified-joined');
      await guest.page.goto('/projects');
      await waitForShell(guest.page);
      const card = guest.page.getByTestId('project-card').filter({ hasText: 'Launch film' });
      await expect.poll(() => card.getByTestId('project-shared-badge').textContent(), { timeout: 15_000 }).toBe('Shared · Editor');
      // An editor edits: a segment is added.
      await guest.page.goto(`/projects/${projectId}/segments`);
      await waitForShell(guest.page);
      await guest.page.getByRole('button', { name: 'Add segment' }).click();
      await expect.poll(() => guest.page.getByText('No segments yet').count(), { timeout: 15_000 }).toBe(0);
      expect(await guest.page.getByText('You have view-only access to this project').count()).toBe(0);
    } finally {
      await guest.close();
    }
    // The invitation is used up: it is no longer pending, and its link says so.
    await ownerPage.reload();
    await waitForShell(ownerPage);
    await ownerPage.getByText('No pending invites.').waitFor();
    await ownerPage.goto(pathOf(linkTo(invitation, '/invite')));
    await ownerPage.getByTestId('invite-gone').waitFor();
  });
});

describe('Admin → Outbox', () => {
  test('lists every mail with status, recipient, subject and attempts, and shows its content and links', async (page) => {
    const email = uniqueEmail('outbox');
    const user = await newPage();
    try {
      await user.page.goto('/');
      await waitForShell(user.page);
      await signUp(user.page, email);
    } finally {
      await user.close();
    }
    await mailTo(email, /^Verify/);
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin');
    await waitForShell(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL(/\/admin\/outbox$/);
    await page.getByTestId('outbox-search').fill(email);
    const row = page.locator(`[data-testid="outbox-row"][data-to="${email}"]`);
    await expect.poll(() => row.getByTestId('outbox-status').textContent(), { timeout: 20_000 }).toBe('Sent');
    expect(await row.textContent()).toContain('Verify your e-mail address for Atelier');
    await saveScreen(page, 'email-admin-outbox');
    await row.click();
    const modal = page.getByTestId('outbox-mail');
    await modal.waitFor();
    // Delivered: the stored copy's link no longer carries the token.
    await expect.poll(() => modal.getByTestId('outbox-link').first().textContent()).toContain('/verify-email?token=[token removed after delivery]');
    await page.waitForTimeout(300);
    await saveScreen(page, 'email-admin-outbox-mail');
  });
});

describe('without SMTP_URL (npm start)', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer();
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it('the verification mail waits in Admin → Outbox, and its link verifies the address', async () => {
    const email = uniqueEmail('nosmtp');
    await withPage(browser, 'no-smtp-user', { baseURL: bare.url }, async (page) => {
      await page.goto('/');
      await waitForShell(page);
      await signUp(page, email);
      await page.getByTestId('verify-email-banner').waitFor();

      let link = '';
      await withPage(browser, 'no-smtp-admin', { baseURL: bare.url }, async (admin) => {
        await admin.goto('/');
        await waitForShell(admin);
        await logIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
        await admin.goto('/admin/outbox');
        await waitForShell(admin);
        await admin.getByTestId('outbox-no-smtp').waitFor();
        const row = admin.locator(`[data-testid="outbox-row"][data-to="${email}"]`);
        await expect.poll(() => row.getByTestId('outbox-status').textContent(), { timeout: 20_000 }).toBe('Not sent');
        await saveScreen(admin, 'email-admin-outbox-unsent');
        await row.click();
        const anchor = admin.getByTestId('outbox-mail').getByTestId('outbox-link').first();
        await anchor.waitFor();
        link = (await anchor.getAttribute('href')) ?? '';
        await admin.getByRole('tab', { name: 'Plain text' }).click();
        expect(await admin.getByTestId('outbox-text').textContent()).toContain(link);
        await saveScreen(admin, 'email-admin-outbox-unsent-mail');
      });
      expect(link).toMatch(/\/verify-email\?token=/);
      await page.goto(pathOf(link));
      await page.getByTestId('email-verified').waitFor();
      await page.goto('/');
      await waitForShell(page);
      await page.getByTestId('user-email').waitFor();
      expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
    });
  }, 240_000);
});
