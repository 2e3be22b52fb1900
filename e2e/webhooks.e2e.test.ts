import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 24, Profile → Webhooks end to end: the built app (with its inline worker) delivers signed
 * events to a loopback receiver (WEBHOOK_ALLOW_PRIVATE=true, tests only).
 */

let server: TestServer;
let browser: Browser;
let receiver: http.Server;
let receiverUrl: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

async function until(fn: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atelier-hook`;
  server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_MS: '200' }, startTimeoutMs: 240_000 });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 240_000);

describe('Profile → Webhooks', () => {
  test('add an endpoint, copy its secret, send a test event, read the delivery log, resend, delete', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('hooks'));
    await page.goto('/profile');
    const card = page.getByTestId('webhooks-card');
    await card.getByText('No webhooks yet').waitFor();

    await card.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel(/^Endpoint URL/).fill(receiverUrl);
    await dialog.getByLabel('Description').fill('Render farm');
    await dialog.getByRole('checkbox', { name: /credits\.low/ }).check();
    await dialog.getByLabel(/^Low-balance threshold/).fill('5');
    await saveScreen(page, 'webhooks-create-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await secretDialog.getByRole('button', { name: 'Copy secret' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(500); // the modal's opening transition, for the screenshot
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await saveScreen(page, 'webhooks-secret-once');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await card.getByTestId('webhook-row').first().waitFor();
    expect(await card.getByTestId('webhook-row').count()).toBe(1);
    // The list never shows the secret again.
    expect(await card.textContent()).not.toContain(secret);
    expect((await trackedEvents(page)).map((e) => e.event)).toContain('webhook_created');

    await card.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await until(() => received.length === 1);
    const first = received[0] as (typeof received)[number];
    expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
    expect((await trackedEvents(page)).map((e) => e.event)).toContain('webhook_test_sent');

    await card.getByRole('button', { name: 'Deliveries' }).click();
    const drawer = page.getByRole('dialog', { name: /Deliveries/ });
    await drawer.getByText('webhook.test').click();
    await drawer.getByText('delivered').waitFor();
    await drawer.getByText('{"received":true}').waitFor();
    await drawer.getByRole('button', { name: 'Resend' }).click();
    await until(() => received.length === 2);
    expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await drawer.getByText('2 attempts').waitFor();
    await saveScreen(page, 'webhooks-delivery-log');
    await page.keyboard.press('Escape');
    // The table, not the drawer half-way through closing.
    await drawer.waitFor({ state: 'hidden' });
    await saveScreen(page, 'webhooks-table');
    await card.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await card.getByText('No webhooks yet').waitFor();
  });
});
