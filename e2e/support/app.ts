import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** The analytics events the app kept on window.__atelierEvents. */
export async function trackedEvents(page: Page): Promise<Array<{ event: string; params: Record<string, string | number | boolean> }>> {
  return page.evaluate(
    () =>
      (window as unknown as { __atelierEvents?: Array<{ event: string; params: Record<string, string | number | boolean> }> }).__atelierEvents ?? [],
  );
}

/** Waits until the app has finished its start-up session check (the header shows a user or 'Guest User'). */
export async function waitForShell(page: Page): Promise<void> {
  await page.locator('[data-testid="user-area"]').first().waitFor({ state: 'attached', timeout: 20_000 });
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export const PASSWORD = 'correct-horse-battery';

/** Opens the login popup from the header. */
export async function openLoginPopup(page: Page): Promise<void> {
  await page.getByTestId('app-header').getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
}

/** Signs up through the popup's Create Account tab and waits until the header shows the user. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openLoginPopup(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  await dialog.getByLabel(/^Email Address/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByLabel(/^Confirm Password/).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('user-email').waitFor({ state: 'visible', timeout: 20_000 });
}

/** Logs in through the popup. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openLoginPopup(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email Address/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('user-email').waitFor({ state: 'visible', timeout: 20_000 });
}

/** Collects requests whose URL matches. */
export function recordRequests(page: Page, match: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (match.test(request.url())) seen.push(request);
  });
  return seen;
}
