import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

/**
 * Tracking (issue 14), in the browser. The web app must be built with a web-analytics measurement id
 * (and a pixel id), e.g.
 *   VITE_GA_MEASUREMENT_ID=G-E2ETEST VITE_PIXEL_ID=e2epixel npx vite build
 * The tag-manager host is blocked by request interception (it never answers), so gtag is disabled by
 * its 4 s script timeout and events reach the first-party fallback at /api/analytics/fox/boom.
 */

const TAG_MANAGER = 'https://www.googletagmanager.com/**';
const FALLBACK = /\/api\/analytics\/fox\/boom$/;
const PAYLOAD_FIELDS = ['campaign', 'clientId', 'eventName', 'events', 'page', 'params', 'timestampMicros'];

interface FallbackEvent {
  eventName: string;
  params: Record<string, string | number | boolean>;
  timestampMicros: number;
  page: { path: string; search: string; location: string };
}
interface FallbackPayload extends FallbackEvent {
  clientId: string;
  events: FallbackEvent[];
  campaign: Record<string, unknown> | null;
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // Its own build of the web app, with a measurement id and a pixel id baked in (Vite env is build-time).
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-web-tracking-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO_ROOT, 'apps', 'web'),
    env: { ...process.env, VITE_GA_MEASUREMENT_ID: 'G-E2ETEST', VITE_PIXEL_ID: 'e2epixel' },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the analytics-enabled web app failed');
  // A deployment that builds in gtag lists the tag manager in its CSP (no analytics origin is allowed by default).
  server = await startServer({ env: { WEB_DIST_DIR: outDir, ANALYTICS_CSP_ORIGINS: 'https://www.googletagmanager.com' } });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const test = (name: string, fn: (page: Page) => Promise<void>, timeout = 90_000) =>
  it(name, () => withPage(browser, name, { baseURL: server.url }, fn), timeout);

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Which analytics providers run and the web-analytics state (window.__atelierAnalytics). */
const analyticsStatus = (page: Page) =>
  page.evaluate(() => (window as unknown as { __atelierAnalytics?: { web: string; webDisabledReason?: string; pixel: boolean } }).__atelierAnalytics);

/** Blocks the tag-manager host: its requests never get an answer. Returns the blocked URLs. */
async function blockTagManager(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route(TAG_MANAGER, (route) => {
    blocked.push(route.request().url());
    // Never fulfilled, continued or aborted: the script hangs, as behind a filtering proxy.
  });
  return blocked;
}

/** Every fallback POST, with the time it was sent. */
function recordFallback(page: Page): Array<{ at: number; payload: FallbackPayload; request: Request }> {
  const seen: Array<{ at: number; payload: FallbackPayload; request: Request }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && FALLBACK.test(new URL(request.url()).pathname)) {
      seen.push({ at: Date.now(), payload: request.postDataJSON() as FallbackPayload, request });
    }
  });
  return seen;
}

/** Flattens payloads into events: queued ones first, then the top-level one. */
const eventsOf = (payloads: Array<{ payload: FallbackPayload }>): FallbackEvent[] =>
  payloads.flatMap(({ payload }) => [
    ...payload.events,
    { eventName: payload.eventName, params: payload.params, timestampMicros: payload.timestampMicros, page: payload.page },
  ]);

describe('tracking', () => {
  test('with the tag-manager host blocked, gtag is disabled after 4 s and events go to the first-party fallback', async (page) => {
    const blocked = await blockTagManager(page);
    const fallback = recordFallback(page);
    const started = Date.now();
    await page.goto('/history?from=e2e');
    await waitForShell(page);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    expect(blocked[0]).toBe('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST');

    // Still waiting for the script: nothing has gone to the fallback yet.
    await page.waitForTimeout(Math.max(0, 3500 - (Date.now() - started)));
    expect(fallback).toHaveLength(0);
    expect((await analyticsStatus(page))?.web).toBe('loading');

    // After 4 s the script timeout disables gtag; the queued screen_view arrives at the fallback.
    await expect.poll(() => fallback.length, { timeout: 12_000 }).toBeGreaterThan(0);
    expect(fallback[0]?.at).toBeGreaterThanOrEqual(started + 4000);
    expect(await analyticsStatus(page)).toMatchObject({ web: 'disabled', webDisabledReason: 'script-timeout', pixel: true });

    const first = fallback[0];
    if (!first) throw new Error('no fallback request');
    expect(Object.keys(first.payload).sort()).toEqual(PAYLOAD_FIELDS);
    expect(first.payload.clientId).toMatch(/^[A-Za-z0-9._:-]+$/);
    expect(first.payload.timestampMicros).toBeGreaterThan(started * 1000 - 60_000_000);
    expect(first.payload.campaign).toBeNull();
    const response = await first.request.response();
    expect(response?.status()).toBe(202);
    const landing = eventsOf(fallback).find((e) => e.eventName === 'screen_view');
    expect(landing?.params).toMatchObject({ pathname: '/history', search: '?from=e2e' });
    expect(landing?.page).toMatchObject({ path: '/history', search: '?from=e2e' });

    // Route changes: each produces screen_view with pathname and search, now straight to the fallback.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => eventsOf(fallback).some((e) => e.eventName === 'screen_view' && e.params.pathname === '/' && e.params.search === ''), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/history');
    await expect
      .poll(
        () =>
          eventsOf(fallback).filter((e) => e.eventName === 'screen_view' && e.params.pathname === '/history' && e.params.search === '?from=e2e')
            .length,
        { timeout: 10_000 },
      )
      .toBe(2);

    const screenViews = (await trackedEvents(page)).filter((e) => e.event === 'screen_view');
    expect(screenViews.map((e) => [e.params.pathname, e.params.search])).toEqual([
      ['/history', '?from=e2e'],
      ['/', ''],
      ['/history', '?from=e2e'],
    ]);
    for (const view of screenViews) {
      expect(typeof view.params.routeIds).toBe('string');
      expect(JSON.parse(String(view.params.routeIds))).toContain('__root__');
      expect(typeof view.params.params).toBe('string');
    }

    // They were stored by the api.
    const clientId = first.payload.clientId;
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>('select count(*)::int as n from analytics_events where client_id = $1 and event_name = $2', [
              clientId,
              'screen_view',
            ])
          )[0]?.n,
        {
          timeout: 10_000,
        },
      )
      .toBe(3);
  });

  test('a visit with ?utm_source=news&gclid=abc signs up with that attribution, and its events carry the campaign', async (page) => {
    await blockTagManager(page);
    const fallback = recordFallback(page);
    const campaignHeaders: string[] = [];
    page.on('request', (request) => {
      const header = request.headers()['x-campaign'];
      if (header) campaignHeaders.push(header);
    });

    await page.goto('/?utm_source=news&gclid=abc');
    await waitForShell(page);
    // Client-side navigation drops the query; the campaign stays for the visit.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');

    const email = uniqueEmail('tracking');
    await signUp(page, email);
    await saveScreen(page, 'tracking-signed-up');

    expect(campaignHeaders.length).toBeGreaterThan(0);
    expect(JSON.parse(campaignHeaders.at(-1) ?? '{}')).toEqual({ source: 'news', gclid: 'abc' });

    const [user] = await query<{ id: string; attribution: Record<string, unknown> | null }>('select id, attribution from users where email = $1', [
      email,
    ]);
    expect(user?.attribution).toMatchObject({ source: 'news', gclid: 'abc' });

    const signup = (await trackedEvents(page)).find((e) => e.event === 'user_signup');
    expect(signup?.params).toMatchObject({ method: 'email', userId: user?.id });
    expect((signup as unknown as { campaign?: Record<string, string> }).campaign).toMatchObject({ source: 'news', gclid: 'abc' });

    // The sign-up reaches the fallback with the campaign, and the api ties it to the new user (bearer).
    await expect.poll(() => eventsOf(fallback).some((e) => e.eventName === 'user_signup'), { timeout: 15_000 }).toBe(true);
    const carrying = fallback.find(({ payload }) => payload.eventName === 'user_signup' || payload.events.some((e) => e.eventName === 'user_signup'));
    expect(carrying?.payload.campaign).toMatchObject({ source: 'news', gclid: 'abc', rawParams: { utm_source: 'news', gclid: 'abc' } });
    await expect
      .poll(
        async () =>
          (
            await query<{ user_id: string | null }>('select user_id from analytics_events where event_name = $1 and user_id = $2', [
              'user_signup',
              user?.id,
            ])
          )[0]?.user_id,
        {
          timeout: 10_000,
        },
      )
      .toBe(user?.id);
  });

  test('the ad pixel sends its page views through the same-origin relay, and nothing else leaves for a third party', async (page) => {
    await blockTagManager(page);
    const hits: URL[] = [];
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/px/')) hits.push(url);
      if (url.origin !== new URL(server.url).origin && !url.hostname.endsWith('googletagmanager.com')) thirdParty.push(url.href);
    });
    const pageViews = () => hits.filter((h) => h.searchParams.get('ev') === 'PageView');

    await page.goto('/?utm_source=ads&fbclid=fb-1');
    await waitForShell(page);
    await expect.poll(() => pageViews().length, { timeout: 15_000 }).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    // Go back only once /projects was reported (the router reports a location when it has resolved).
    await expect.poll(() => pageViews().length, { timeout: 15_000 }).toBe(2);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => pageViews().length, { timeout: 15_000 }).toBe(3);

    // One page view per reported route change (a repeat of the same path and search is skipped: unit-tested).
    const screenViews = (await trackedEvents(page)).filter((e) => e.event === 'screen_view');
    expect(screenViews).toHaveLength(3);
    expect(pageViews().map((h) => new URL(h.searchParams.get('dl') ?? '').pathname)).toEqual(['/', '/projects', '/']);
    for (const hit of pageViews()) {
      expect(hit.pathname).toBe('/api/px/tr/');
      expect(hit.searchParams.get('id')).toBe('e2epixel');
      expect(hit.searchParams.get('fbc')).toMatch(/^fb\.1\.\d+\.fb-1$/);
    }
    expect(thirdParty).toEqual([]);
  });
});
