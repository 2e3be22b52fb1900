import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { type Cluster, startCluster } from './support/cluster';
import { WEB_DIST } from './support/paths';

/**
 * Issue 24, personal API keys, as a new user would: create a `generate`-scoped key in Profile → API
 * keys, use it over REST (curl-like fetch) to generate an image and download it, see the spend with
 * the key named in the ledger; the key is refused on a projects write and an admin path; after a
 * revoke in the UI it gets 401 on the next request, on either of two api processes.
 */

let cluster: Cluster;
let browser: Browser;
let api1: string;
let api2: string;

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 1, env: { WEB_DIST_DIR: WEB_DIST } });
  api1 = cluster.apis[0]?.url as string;
  api2 = cluster.apis[1]?.url as string;
  browser = await launchBrowser();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
});

/** What `curl -H "Authorization: Bearer …"` would do. */
async function curl(base: string, method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, headers: res.headers };
}

describe('developer platform: personal API keys', () => {
  it('create a generate key in the UI, generate and download over REST, 403 outside its scope, revoke → 401 on both apis', async () => {
    await withPage(browser, 'developer api keys', { baseURL: api1 }, async (page) => {
      const email = uniqueEmail('dev');
      await page.goto('/');
      await waitForShell(page);
      await signUp(page, email);
      await page.goto('/profile');
      const section = page.getByTestId('api-keys');
      await section.getByTestId('api-keys-empty').waitFor();
      await section.scrollIntoViewIfNeeded();
      await saveScreen(page, 'developer-api-keys-empty');

      await section.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Nightly renders');
      await dialog.getByRole('checkbox', { name: 'Read' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Generate' }).check();
      await saveScreen(page, 'developer-api-key-create');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const secretBox = dialog.getByTestId('api-key-secret');
      await secretBox.waitFor();
      const secret = (await secretBox.textContent())?.trim() ?? '';
      expect(secret).toMatch(/^atl_[0-9A-Za-z]{43}$/);
      await expect.poll(async () => (await dialog.getByRole('button', { name: /Copy key|Copied/ }).count()) > 0).toBe(true);
      await saveScreen(page, 'developer-api-key-secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      const row = section.getByTestId('api-key-row');
      await row.waitFor();
      expect(await row.textContent()).toContain(secret.slice(0, 12));
      expect(await row.textContent()).toContain('generate');
      expect((await trackedEvents(page)).map((e) => e.event)).toContain('api_key_created');

      // With curl and the key: generate on api 1, follow on api 2, download.
      const started = await curl(api1, 'POST', '/api/generation/generate', secret, {
        type: 'image',
        prompt: 'a lighthouse at dawn',
        model: 'local/image',
        resolution: '480p',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.headers.get('ratelimit-limit')).toBe('120');
      const id = started.body.generation.id as string;
      let generation: any = null;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
        generation = (await curl(api2, 'GET', `/api/generation/${id}`, secret)).body;
        if (['COMPLETED', 'FAILED'].includes(generation?.status)) break;
      }
      expect(generation?.status).toBe('COMPLETED');
      const file = await fetch(new URL(generation.outputUrl, api2));
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);

      // The ledger (Payments → transactions) shows the spend with the key named.
      await page.goto('/payments');
      const ledgerRow = page.getByTestId('ledger-table').getByTestId('ledger-row').filter({ hasText: 'Nightly renders' });
      await ledgerRow.first().waitFor();
      await ledgerRow.first().scrollIntoViewIfNeeded();
      await saveScreen(page, 'developer-ledger-names-key');

      // Outside its scope: a projects write is 403; admin paths and key management are refused.
      const write = await curl(api1, 'POST', '/api/projects', secret, { name: 'From a script', type: 'VIDEO' });
      expect(write.status).toBe(403);
      expect([401, 403]).toContain((await curl(api1, 'GET', '/api/admin/users', secret)).status);
      expect([401, 403]).toContain((await curl(api2, 'GET', '/api/profile/api-keys', secret)).status);

      // Revoke in the UI (with a confirmation), then the next request is 401 on both apis.
      await page.goto('/profile');
      await section.getByRole('button', { name: 'Revoke Nightly renders' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('stop working on their next request').waitFor();
      await saveScreen(page, 'developer-api-key-revoke-confirm');
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await section.getByTestId('api-keys-empty').waitFor();
      expect((await trackedEvents(page)).map((e) => e.event)).toContain('api_key_revoked');
      for (const base of [api1, api2]) {
        expect((await curl(base, 'GET', `/api/generation/${id}`, secret)).status).toBe(401);
      }
      // The security log shows the creation, the first use and the revocation.
      const log = section.getByTestId('security-log');
      await log.getByText('API key revoked').waitFor();
      expect(await log.textContent()).toContain('API key created');
      expect(await log.textContent()).toContain('used from a new IP');
      await section.scrollIntoViewIfNeeded();
      await saveScreen(page, 'developer-api-keys-security-log');

      // And the spend row in the database names the key.
      const rows = await cluster.query<{ api_key_id: string | null; note: string }>(
        `select api_key_id, note from credit_ledger where reference_id = $1 and kind = 'spend'`,
        [id],
      );
      expect(rows[0]?.api_key_id).not.toBeNull();
      expect(rows[0]?.note).toContain('Nightly renders');
    });
  }, 180_000);
});
