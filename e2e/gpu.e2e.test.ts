import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ComfyUISimulator, type OllamaSimulator, startComfyUISimulator, startOllamaSimulator } from '@atelier/providers/testing/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, uniqueEmail, waitForShell } from './support/app';
import { launchBrowser, saveScreen, withPage } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from './support/server';

/**
 * Your own GPU (issue 25) in a real browser, against the built app (api + inline workers) with a
 * ComfyUI box and an Ollama server simulated on loopback: an admin uploads the README's SDXL
 * workflow in Admin → AI Control → Workflows (its mapping guessed from the nodes), prices it and
 * switches an Ollama model on; a user generates with it from Quick Create and watches the sampler's
 * real progress, finds it in History with its receipt, re-runs it exactly, cancels a run (the box is
 * interrupted, the credits come back), and chats with the Ollama model beside a local one.
 */

let server: TestServer;
let browser: Browser;
let comfy: ComfyUISimulator;
let ollama: OllamaSimulator;

beforeAll(async () => {
  comfy = await startComfyUISimulator({ stepMs: 150 });
  ollama = await startOllamaSimulator({ tokenDelayMs: 60 });
  server = await startServer({ env: { COMFYUI_URL: comfy.url, OLLAMA_URL: ollama.url } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await comfy?.close();
  await ollama?.close();
});

const test = (name: string, fn: (page: Page) => Promise<void>) => it(name, () => withPage(browser, name, { baseURL: server.url }, fn), 180_000);

const WORKFLOW_FILE = path.join(REPO_ROOT, 'docs/comfyui/sdxl-text-to-image.json');

async function badgeCredits(page: Page): Promise<number> {
  return Number((await page.getByTestId('credits-badge').innerText()).replace(/[^0-9]/g, ''));
}

/** Every value the progress bar showed, in order. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="generation-progress-value"]')?.textContent ?? null;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress?: string[] }).__progress ?? []);

describe('your own GPU', () => {
  test('an admin uploads, maps and prices a ComfyUI workflow, and switches an Ollama model on', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin/ai-control');
    await page.getByTestId('workflows-empty').waitFor();
    expect(await page.locator('[data-testid="provider-card"][data-provider="comfyui"]').innerText()).toMatch(/server configured/i);

    await page.getByTestId('workflow-upload').click();
    const editor = page.getByRole('dialog');
    await editor.getByText('Upload a ComfyUI workflow').waitFor();
    await editor.locator('input[type="file"]').setInputFiles(WORKFLOW_FILE);
    await editor.getByTestId('workflow-summary').waitFor();
    expect(await editor.getByTestId('workflow-summary').innerText()).toMatch(/^7 nodes: .*KSampler/);
    // The mapping is guessed from the stock nodes.
    await expect.poll(() => editor.getByTestId('workflow-input-prompt').inputValue()).toBe('text · #6');
    expect(await editor.getByTestId('workflow-input-negativePrompt').inputValue()).toBe('text · #7');
    expect(await editor.getByTestId('workflow-input-seed').inputValue()).toBe('seed · #3');
    expect(await editor.getByTestId('workflow-input-width').inputValue()).toBe('width · #5');
    expect(await editor.getByTestId('workflow-input-height').inputValue()).toBe('height · #5');
    expect(await editor.getByTestId('workflow-input-steps').inputValue()).toBe('steps · #3');
    expect(await editor.getByTestId('workflow-output-node').inputValue()).toBe('#9 Save Image (SaveImage)');
    await editor.getByTestId('workflow-name').fill('SDXL on my GPU');
    expect(await editor.getByTestId('workflow-slug').inputValue()).toBe('sdxl-on-my-gpu');
    await editor.getByTestId('workflow-slug').fill('sdxl');
    await editor.getByTestId('workflow-price').fill('2');
    await sleep(300);
    await saveScreen(page, 'admin-workflow-upload');
    await editor.getByTestId('workflow-save').click();
    await editor.waitFor({ state: 'hidden' });
    const row = page.locator('[data-testid="workflow-row"][data-model="comfyui/sdxl"]');
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('comfyui/sdxl · revision 1');
    expect(rowText).toMatch(/Prompt[\s\S]*\b2\b/);
    expect(rowText).toMatch(/available/i);
    // It is a model like any other: in the Models table, priced.
    await page.locator('[data-testid="model-row"][data-model="comfyui/sdxl"]').waitFor();

    // Health: the box answers and has the workflow's nodes.
    await page.locator('[data-testid="provider-card"][data-provider="comfyui"]').getByTestId('health-check').click();
    const comfyHealth = page.locator('[data-testid="provider-card"][data-provider="comfyui"]').getByTestId('health-result');
    await comfyHealth.waitFor();
    expect(await comfyHealth.innerText()).toMatch(
      /1 of 1 box answers · 1 workflow[\s\S]*Simulated RTX 4090[\s\S]*1 of 1 workflows found their nodes/,
    );

    // Ollama's models are listed, switched off and priced per 1,000 tokens; switch one on.
    const llama = page.locator('[data-testid="model-row"][data-model="ollama/llama3.2:latest"]');
    await llama.waitFor();
    expect(await llama.innerText()).toContain('1 / 1K tokens');
    await llama.getByTestId('model-switch').click({ force: true });
    await expect.poll(() => llama.getByTestId('model-switch').isChecked()).toBe(true);
    await page.locator('[data-testid="provider-card"][data-provider="ollama"]').getByTestId('health-check').click();
    const ollamaHealth = page.locator('[data-testid="provider-card"][data-provider="ollama"]').getByTestId('health-result');
    await ollamaHealth.waitFor();
    expect(await ollamaHealth.innerText()).toMatch(/Ollama answers with 2 models[\s\S]*Test run \(llama3\.2:latest\)/);
    await page.locator('[data-testid="provider-card"][data-provider="ollama"]').scrollIntoViewIfNeeded();
    await sleep(300);
    await saveScreen(page, 'admin-ai-control-gpu-health');
    await page.getByTestId('workflows').scrollIntoViewIfNeeded();
    await sleep(300);
    await saveScreen(page, 'admin-ai-control-workflows');
  });

  test('a user generates with comfyui/sdxl from Quick Create: real progress, History with the receipt, an exact re-run, a cancel refunded', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('gpu'));
    await page.goto('/quick-create');
    await waitForShell(page);
    await expect.poll(() => badgeCredits(page)).toBeGreaterThan(0);
    const before = await badgeCredits(page);
    const base = comfy.accepted.length;

    await page.getByTestId('model-picker').click();
    const option = page.getByRole('option', { name: /SDXL on my GPU/ });
    await option.waitFor();
    expect(await option.innerText()).toContain('2 credits');
    await option.click();
    const options = page.getByTestId('model-options');
    await options.getByRole('textbox', { name: 'Seed' }).fill('777');
    await options.getByRole('textbox', { name: 'Sampler steps' }).fill('30');
    await page.getByTestId('prompt-input').fill('A lighthouse on a cliff at dusk');
    const button = page.getByTestId('generate-button');
    await expect.poll(() => button.innerText()).toBe('Generate · 2 credits');
    await recordProgress(page);
    await button.click();
    await page.getByTestId('generation-progress').waitFor();
    await expect
      .poll(
        async () =>
          Number.parseInt(
            (await page
              .getByTestId('generation-progress-value')
              .innerText()
              .catch(() => '0')) || '0',
            10,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(30);
    await saveScreen(page, 'quick-create-comfyui-progress');
    await page.getByTestId('result-image').waitFor({ state: 'visible', timeout: 45_000 });
    // The bar followed the sampler's steps: many distinct values between the start and the end.
    const values = (await progressSeen(page)).map((v) => Number.parseInt(v, 10)).filter((v) => v > 10 && v < 90);
    expect(new Set(values).size, JSON.stringify(await progressSeen(page))).toBeGreaterThanOrEqual(4);
    await expect.poll(() => badgeCredits(page)).toBe(before - 2);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'quick-create-comfyui-result');

    // History, with the receipt: the workflow, the box, the seed.
    await page.goto('/history');
    await waitForShell(page);
    const items = page.getByTestId('history-item');
    await expect.poll(() => items.count()).toBe(1);
    await items.first().click();
    const receipt = page.getByTestId('generation-receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('receipt-seed').innerText()).toBe('777');
    await receipt.getByText('SDXL on my GPU').first().waitFor();
    const text = await receipt.innerText();
    expect(text).toMatch(/Workflow\s+sdxl \(revision 1\)/);
    expect(text).toContain(`GPU box\n${comfy.url.replace('http://', '')}`);
    expect(text).toMatch(/Sampler steps\s+30/);
    expect(text).toContain('comfyui/sdxl@r1');
    await sleep(400);
    await saveScreen(page, 'history-receipt-comfyui');

    // Re-run exactly: the box gets the same graph (same seed), the same image comes back.
    const firstId = await receipt.getAttribute('data-generation-id');
    await receipt.getByRole('button', { name: 'Re-run exactly' }).click();
    await expect.poll(() => page.getByTestId('generation-receipt').getAttribute('data-generation-id')).not.toBe(firstId);
    await expect.poll(() => page.getByTestId('generation-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe('COMPLETED');
    expect(await page.getByTestId('receipt-seed').innerText()).toBe('777');
    expect(comfy.accepted).toHaveLength(base + 2);
    expect(comfy.graphs.get(comfy.accepted[base + 1] as string)).toEqual(comfy.graphs.get(comfy.accepted[base] as string));
    await expect.poll(() => badgeCredits(page)).toBe(before - 4);
    await page.keyboard.press('Escape');

    // Cancel mid-run: the box interrupts it and the price comes back once.
    await page.goto('/quick-create');
    await waitForShell(page);
    await page.getByTestId('model-picker').click();
    await page.getByRole('option', { name: /SDXL on my GPU/ }).click();
    await page.getByTestId('model-options').getByRole('textbox', { name: 'Sampler steps' }).fill('150');
    await page.getByTestId('prompt-input').fill('A very slow render');
    await page.getByTestId('generate-button').click();
    await expect
      .poll(
        async () =>
          Number.parseInt(
            (await page
              .getByTestId('generation-progress-value')
              .innerText()
              .catch(() => '0')) || '0',
            10,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(12);
    await expect.poll(() => badgeCredits(page)).toBe(before - 6);
    await page.getByTestId('result-panel').getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled').first().waitFor();
    await expect.poll(() => comfy.interrupted.length, { timeout: 10_000 }).toBe(1);
    expect(comfy.interrupted[0]).toBe(comfy.accepted[base + 2]);
    await expect.poll(() => badgeCredits(page)).toBe(before - 4);
    await sleep(1500);
    expect(await badgeCredits(page)).toBe(before - 4);
  });

  test('the Ollama model streams in multi-model chat next to a local model, charged by its tokens', async (page) => {
    await page.goto('/');
    await waitForShell(page);
    await signUp(page, uniqueEmail('gpu-chat'));
    await page.goto('/chat');
    await waitForShell(page);
    await page.getByTestId('chat-new').waitFor();
    await page.getByRole('button', { name: /^Models: Local Draft Writer/ }).waitFor();
    await page.getByTestId('model-picker').click();
    const box = page.getByRole('checkbox', { name: 'llama3.2:latest', exact: true });
    await box.waitFor();
    expect(await page.getByText('1 cr / 1K tokens').first().isVisible()).toBe(true);
    await box.check();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('model-picker').innerText()).toContain('2 models');
    expect(await page.getByText(/1 credit per message \+ 1 credit per 1K tokens/).isVisible()).toBe(true);

    const composer = page.getByTestId('chat-composer');
    await composer.fill('Name three rivers in Europe');
    await composer.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const ollamaReply = page.locator('[data-testid="chat-reply"]').filter({ hasText: 'llama3.2:latest' });
    await ollamaReply.locator('[data-status="STREAMING"], [data-testid="markdown"]').first().waitFor({ timeout: 15_000 });
    await saveScreen(page, 'chat-ollama-streaming');
    await expect.poll(() => page.locator('[data-testid="chat-reply"][data-status="COMPLETED"]').count(), { timeout: 30_000 }).toBe(2);
    const texts = await page.getByTestId('chat-reply').allInnerTexts();
    const fromOllama = texts.find((t) => t.includes('llama3.2:latest')) ?? '';
    expect(fromOllama).toContain('Simulated reply to: Name three rivers in Europe');
    const usage = ollama.usage.at(-1) as OllamaSimulator['usage'][number];
    // Its meta line shows what Ollama counted, and the charge those tokens cost (1 credit per 1K).
    const cost = Math.ceil((100 * (usage.promptEvalCount + usage.evalCount)) / 1000) / 100;
    expect(fromOllama).toContain(`${usage.promptEvalCount} → ${usage.evalCount} tokens`);
    expect(fromOllama).toContain(`${cost} credit`);
    await page.mouse.move(0, 0);
    await sleep(300);
    await saveScreen(page, 'chat-ollama-and-local');
  });
});
