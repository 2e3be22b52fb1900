import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, trackedEvents, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, MOBILE, saveScreen, withPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

const DRAFT_WRITER = 'Local Draft Writer (offline)';
const BRIEF_WRITER = 'Local Brief Writer (offline)';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const test = (
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<void>,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
) => it(name, () => withPage(browser, name, { baseURL: server.url, ...options }, fn));

const replies = (page: Page) => page.getByTestId('chat-reply');

/** The replies' boxes, measured in one go (the pane may scroll between separate measurements). */
const replyBoxes = (page: Page) =>
  replies(page).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );

/** Samples every reply's status and text length on each animation frame (survives client-side navigation). */
async function recordReplies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: Array<{ model: string; status: string; length: number }> = [];
    (window as unknown as { __replySamples: typeof samples }).__replySamples = samples;
    const tick = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="chat-reply"]')) {
        const text = el.querySelector('[data-testid="markdown"]')?.textContent ?? '';
        samples.push({ model: el.dataset.modelId ?? '', status: el.dataset.status ?? '', length: text.length });
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function replySamples(page: Page): Promise<Array<{ model: string; status: string; length: number }>> {
  return page.evaluate(() => (window as unknown as { __replySamples: Array<{ model: string; status: string; length: number }> }).__replySamples);
}

async function openNewChat(page: Page): Promise<void> {
  await page.goto('/chat');
  await waitForShell(page);
  await page.getByTestId('chat-new').waitFor();
  await page.getByRole('button', { name: /^Models: Local Draft Writer/ }).waitFor();
}

/** Picks models in the new-chat picker (the default model is already chosen). */
async function addModel(page: Page, name: string): Promise<void> {
  await page.getByTestId('model-picker').click();
  const box = page.getByRole('checkbox', { name, exact: true });
  await box.waitFor();
  await box.check();
  await expect.poll(() => box.isChecked()).toBe(true);
  await page.keyboard.press('Escape');
}

/** Clicks one option of a Mantine SegmentedControl (its radio inputs are visually hidden). */
async function segment(page: Page, group: string, option: string): Promise<void> {
  await page.getByLabel(group, { exact: true }).locator('label').filter({ hasText: option }).click();
  await expect.poll(() => page.getByRole('radio', { name: option, exact: true }).isChecked()).toBe(true);
}

async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('chat-composer');
  await composer.fill(text);
  await composer.press('Enter');
}

describe('chat', () => {
  test('a signed-in user chats with two models: both replies stream side by side and are still there after a reload', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('chat'));
    const creditsBefore = Number((await page.getByTestId('credits-badge').innerText()).replace(/\D+/g, ''));
    await openNewChat(page);

    // The picker lists every text model; hosted ones are unavailable without keys, with the reason.
    await page.getByTestId('model-picker').click();
    await expect.poll(() => page.getByRole('checkbox', { name: DRAFT_WRITER, exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'GPT-3.5 Turbo', exact: true }).isDisabled()).toBe(true);
    expect(
      await page
        .getByText(/OpenAI is not configured on this server/)
        .first()
        .isVisible(),
    ).toBe(true);
    await saveScreen(page, 'chat-model-picker');
    await page.keyboard.press('Escape');
    await addModel(page, BRIEF_WRITER);
    await expect.poll(() => page.getByTestId('model-picker').innerText()).toContain('2 models');

    await recordReplies(page);
    const message = 'How do I plan a product launch for a small coffee brand?';
    await sendMessage(page, message);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const conversationUrl = page.url();
    // A look at the replies while they are being written (best effort: the offline writers are quick).
    if (
      await page
        .locator('[data-testid="chat-reply"][data-status="STREAMING"]')
        .first()
        .waitFor({ timeout: 3000 })
        .then(
          () => true,
          () => false,
        )
    ) {
      await saveScreen(page, 'chat-streaming');
    }

    await expect.poll(() => replies(page).count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count(), { timeout: 30_000 }).toBe(2);

    // Streamed live: both replies were on screen before they were complete (waiting or writing), and text
    // arrived part by part (a reply seen part-written). The short reply may finish within the moment the
    // page takes to subscribe on a busy machine, so the part-written check is for either reply.
    const samples = await replySamples(page);
    const partly: Record<string, boolean> = {};
    for (const model of ['local/text', 'local/text-brief']) {
      const mine = samples.filter((s) => s.model === model);
      const final = Math.max(...mine.map((s) => s.length));
      expect(mine.some((s) => s.status === 'PENDING' || s.status === 'STREAMING')).toBe(true);
      partly[model] = mine.some((s) => s.status === 'STREAMING' && s.length > 0 && s.length < final);
    }
    expect(partly['local/text'] || partly['local/text-brief']).toBe(true);

    // Side by side: one row, two columns, each with its model's name.
    await page.getByTestId('reply-columns').waitFor();
    const [first, second] = await replyBoxes(page);
    expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x + first.width - 1).toBe(true);
    expect(await replies(page).getByTestId('reply-model').allInnerTexts()).toEqual([DRAFT_WRITER, BRIEF_WRITER]);
    expect(await replies(page).getByTestId('reply-meta').first().innerText()).toMatch(/1 credit · \d+ → \d+ tokens · /);
    // Markdown is rendered (bold, lists), not shown as asterisks.
    expect(await replies(page).first().locator('strong').count()).toBeGreaterThan(0);
    expect(await replies(page).first().locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('chat-user-message').innerText()).toContain(message);

    const sent = (await trackedEvents(page)).filter((e) => e.event === 'chat_message_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toMatchObject({ models: 2, length: message.length, conversationId: conversationUrl.split('/').at(-1) });
    // Two replies at one credit each, the balance updated from the stream.
    await expect.poll(async () => Number((await page.getByTestId('credits-badge').innerText()).replace(/\D+/g, ''))).toBe(creditsBefore - 2);

    // The title came from the first message and the chat is listed.
    await expect.poll(() => page.getByTestId('chat-title').innerText()).toBe(message);
    await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(1);
    await saveScreen(page, 'chat-two-models');
    await page.emulateMedia({ colorScheme: 'dark' });
    await sleep(200);
    await saveScreen(page, 'chat-two-models-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const texts = await replies(page).getByTestId('markdown').allInnerTexts();
    expect(texts.every((t) => t.length > 20)).toBe(true);
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => replies(page).count()).toBe(2);
    expect(await page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count()).toBe(2);
    expect(await replies(page).getByTestId('markdown').allInnerTexts()).toEqual(texts);
    expect(await replies(page).getByTestId('reply-model').allInnerTexts()).toEqual([DRAFT_WRITER, BRIEF_WRITER]);
    expect(page.url()).toBe(conversationUrl);
  });

  test('regenerate one reply, stacked layout, archive, rename and delete with confirmation', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('chat-actions'));
    await openNewChat(page);
    await addModel(page, BRIEF_WRITER);
    await sendMessage(page, 'Write a haiku about **espresso** with `code`');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count(), { timeout: 30_000 }).toBe(2);

    // Regenerate the second reply: a new reply by the same model takes its place and is written again.
    const brief = page.locator('[data-testid="chat-reply"][data-model-id="local/text-brief"]');
    const oldId = await brief.getAttribute('data-message-id');
    await page.getByRole('button', { name: `Regenerate the reply from ${BRIEF_WRITER}` }).click();
    await expect.poll(() => brief.getAttribute('data-message-id')).not.toBe(oldId);
    await expect.poll(() => brief.getAttribute('data-status'), { timeout: 30_000 }).toBe('COMPLETED');
    expect(await replies(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-model-id')))).toEqual(['local/text', 'local/text-brief']);
    expect(await page.getByTestId('chat-turn').count()).toBe(1);

    // Stop: a second message, stopped while the replies are being written; what was written stays.
    // The offline writers finish in a second or two: press Stop the moment it appears (in the page, no actionability waits).
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop"]');
        if (stop) {
          observer.disconnect();
          stop.click();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await sendMessage(page, 'Now a limerick about latte art, in detail');
    await expect.poll(() => page.getByTestId('chat-turn').nth(1).getByTestId('chat-reply').count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid="chat-reply"][aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
    const statuses = await page
      .getByTestId('chat-turn')
      .nth(1)
      .getByTestId('chat-reply')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toHaveLength(2);
    expect(statuses.every((s) => s === 'STOPPED' || s === 'COMPLETED')).toBe(true);
    expect(statuses).toContain('STOPPED');
    await expect.poll(() => page.getByRole('button', { name: 'Send', exact: true }).isVisible()).toBe(true);
    await saveScreen(page, 'chat-stopped');
    await page.getByRole('button', { name: 'Delete this message and its replies' }).nth(1).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('chat-turn').count()).toBe(1);

    // Stacked layout.
    await segment(page, 'Reply layout', 'Stacked');
    await page.getByTestId('reply-stack').waitFor();
    const [a, b] = await replyBoxes(page);
    expect(a && b && b.y > a.y + a.height - 1).toBe(true);
    await segment(page, 'Reply layout', 'Side by side');

    // Delete one reply (asks first).
    await page.getByRole('button', { name: `Delete the reply from ${BRIEF_WRITER}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => replies(page).count()).toBe(1);

    // Rename from the list's menu.
    const row = page.getByTestId('conversation-row').first();
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Espresso poems');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('chat-title').innerText()).toBe('Espresso poems');
    await expect.poll(() => row.innerText()).toContain('Espresso poems');

    // Archive: it leaves the default list and shows under Archived.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByText('This chat is archived').waitFor();
    await page.getByTestId('conversation-list-empty').waitFor();
    await segment(page, 'Show chats or archived chats', 'Archived');
    await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(1);

    // Delete the chat (asks first): back to a new chat, nothing listed.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete chat' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete chat' }).click();
    await page.waitForURL(/\/chat$/);
    await page.getByTestId('chat-new').waitFor();
    await page.getByTestId('conversation-list-empty').waitFor();
  });

  test('a guest reads the demo conversation; sending opens the login popup', async (page) => {
    await openNewChat(page);
    await saveScreen(page, 'chat-guest-new');
    const demo = page.getByTestId('conversation-row').filter({ hasText: 'Tagline ideas' });
    await demo.getByRole('link').click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect.poll(() => replies(page).count()).toBe(1);
    expect(await replies(page).locator('strong').first().innerText()).toBe('Sip, refill, repeat.');
    expect(await page.getByTestId('chat-user-message').innerText()).toContain('reusable coffee cup');
    await saveScreen(page, 'chat-guest-demo');

    await sendMessage(page, 'One more, please');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByText('Please login to perform this action').isVisible()).toBe(true);
    expect((await trackedEvents(page)).some((e) => e.event === 'chat_message_sent')).toBe(false);
    expect(await replies(page).count()).toBe(1);

    // After signing up, the chat list is the user's own (the demo's cached list is not shown again).
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await signUp(page, uniqueEmail('chat-after-guest'));
    await page.getByTestId('app-header').getByRole('link', { name: 'AI Chat' }).click();
    await page.getByTestId('chat-new').waitFor();
    await page.getByTestId('conversation-list-empty').waitFor();
    expect(await page.getByTestId('conversation-row').count()).toBe(0);
  });

  test('replies are rendered as sanitised markdown: code blocks with Copy, tables, http(s) links only, HTML as text', async (page, context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('chat-md'));
    await openNewChat(page);
    await sendMessage(page, 'Show me some markdown');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count(), { timeout: 30_000 }).toBe(1);
    const conversationId = page.url().split('/').at(-1) as string;

    // What a model could send back, hostile parts included.
    const content = [
      '## Results',
      '',
      'A [safe link](https://example.com/docs) and a [bad one](javascript:alert(document.cookie)) and <img src=x onerror="window.__xss=1">.',
      '',
      '```ts',
      'const answer: number = 42;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the TypeScript the reply holds, as text.
      'console.log(`<b>${answer}</b>`);',
      '```',
      '',
      '| Model | Credits |',
      '|---|--:|',
      '| Draft | 1 |',
      '',
      '> Quoted **bold** and `inline code`',
    ].join('\n');
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(`UPDATE chat_messages SET content = $1 WHERE conversation_id = $2 AND role = 'assistant'`, [content, conversationId]);
    } finally {
      await client.end();
    }
    await page.reload();
    await waitForShell(page);
    const reply = replies(page).first();
    await reply.getByRole('heading', { name: 'Results' }).waitFor();
    expect(await reply.getByRole('link', { name: 'safe link' }).getAttribute('href')).toBe('https://example.com/docs');
    expect(await reply.getByRole('link', { name: 'safe link' }).getAttribute('rel')).toContain('noopener');
    expect(await reply.getByRole('link', { name: 'bad one' }).count()).toBe(0);
    expect(await reply.getByText('bad one').count()).toBe(1);
    expect(await reply.locator('img').count()).toBe(0);
    expect(await reply.textContent()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await reply.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await reply.locator('table').getByRole('cell', { name: 'Draft' }).count()).toBe(1);
    expect(await reply.locator('blockquote strong').innerText()).toBe('bold');

    const code = reply.getByTestId('code-block');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the code block's text, as shown.
    expect(await code.locator('pre').innerText()).toBe('const answer: number = 42;\nconsole.log(`<b>${answer}</b>`);');
    await code.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => code.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the code block's text, as copied.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer: number = 42;\nconsole.log(`<b>${answer}</b>`);');
    await saveScreen(page, 'chat-markdown');
    await page.emulateMedia({ colorScheme: 'dark' });
    await sleep(200);
    await saveScreen(page, 'chat-markdown-dark');
  });

  test("a bad or someone else's conversation id shows 'Conversation not found'", async (page) => {
    await page.goto('/chat/not-a-conversation');
    await waitForShell(page);
    await page.getByText('Conversation not found').waitFor();
    await page.goto('/chat/0f8fad5b-d9cb-469f-a165-70867728950e');
    await waitForShell(page);
    await page.getByText('Conversation not found').waitFor();
    await saveScreen(page, 'chat-not-found');
    await page.getByRole('link', { name: 'Back to chats' }).click();
    await page.getByTestId('chat-new').waitFor();
  });

  test(
    'on a phone the list is a drawer and replies stack',
    async (page) => {
      // Sign up at desktop size (the header shows the e-mail there), then use the phone.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await waitForShell(page);
      await signUp(page, uniqueEmail('chat-mobile'));
      await page.setViewportSize(MOBILE);
      await openNewChat(page);
      await saveScreen(page, 'chat-mobile-new');
      await addModel(page, BRIEF_WRITER);
      await sendMessage(page, 'Three taglines for a bakery');
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await expect.poll(() => page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count(), { timeout: 30_000 }).toBe(2);
      const [a, b] = await replyBoxes(page);
      expect(a && b && b.y > a.y).toBe(true);
      expect(a && a.x + a.width <= MOBILE.width).toBe(true);
      await saveScreen(page, 'chat-mobile');
      await page.getByRole('button', { name: 'Open the chat list' }).click();
      await page.getByRole('dialog').getByTestId('conversation-row').first().waitFor();
      await sleep(300);
      await saveScreen(page, 'chat-mobile-list');
    },
    { viewport: MOBILE },
  );
});
