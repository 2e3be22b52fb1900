import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localEngines } from '@atelier/ai';
import { type RunningWorkers, startTestWorkers } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/api/src/testing/harness';
import { generateImage } from '../examples/generate-image';
import { createAtelierClient } from './index';

let t: TestApp;
let workers: RunningWorkers;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  workers = await startTestWorkers({ env: t.env, db: t.deps.db, storage: t.deps.storage, engines: await localEngines() });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-client-'));
});

afterAll(async () => {
  await workers?.close(5000);
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the client README example, against a started app', () => {
  it('generates an image with a generate-scoped key, polls and downloads it', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/profile/api-keys', { token: u.token, body: { name: 'README example', scopes: ['generate'] } });
    expect(created.status).toBe(200);
    const outFile = path.join(dir, 'image.png');
    const result = await generateImage({ baseUrl, apiKey: created.body.secret, prompt: 'a lighthouse at dawn', outFile });
    expect(result.generation.status).toBe('COMPLETED');
    const bytes = await readFile(outFile);
    expect(bytes.length).toBe(result.bytes);
    // A PNG or JPEG or WebP: the local engine's real image bytes.
    expect(bytes.length).toBeGreaterThan(100);
    expect((result.generation.metadata as { apiKey?: { name: string } }).apiKey?.name).toBe('README example');
  }, 60_000);

  it('types the error answers: a key without the scope gets 403 from the typed call', async () => {
    const u = await t.signUp();
    const created = await t.rest('POST', '/api/profile/api-keys', { token: u.token, body: { name: 'read only', scopes: ['read'] } });
    const atelier = createAtelierClient({ baseUrl, apiKey: created.body.secret });
    const { error, response } = await atelier.POST('/projects', { body: { name: 'Nope', type: 'VIDEO' } as never });
    expect(response.status).toBe(403);
    // Typed by the document: the one REST error body.
    expect(error?.error.code).toBe('FORBIDDEN');
    expect(error?.error.message).toContain("'projects'");
    const balance = await atelier.GET('/credits/balance');
    expect(balance.response.status).toBe(200);
    expect(balance.response.headers.get('RateLimit-Limit')).toBe('120');
  });
});
