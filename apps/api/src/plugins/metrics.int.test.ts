import { readFileSync } from 'node:fs';
import net from 'node:net';
import { parseExposition, promqlUses, type Sample, sampleValue } from '@atelier/metrics/testing';
import { type Simulators, startSimulators } from '@atelier/providers/testing/index';
import { spawnWorker, type WorkerChild } from '@atelier/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * GET /metrics as operators scrape it: the api (this process) and the worker role as
 * `npm run start:worker` runs it (a child process with METRICS_PORT), after real generations —
 * one completed, one refused by the provider (failed, refunded by the worker), one cancelled while
 * it ran (refunded by the api) and followed over SSE meanwhile. Then the Grafana dashboard's PromQL
 * is checked against what was scraped.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
const MODEL = 'openai-compatible/llama3.1';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DASHBOARD = new URL('../../../../deploy/grafana/dashboards/atelier-queues.json', import.meta.url);

let sims: Simulators;
let t: TestApp;
let worker: WorkerChild;
let apiUrl: string;
let workerUrl: string;
/** Open SSE requests, ended in afterAll if a failed assertion left one open (the api's close waits for them). */
const streams: AbortController[] = [];
/** The last scrapes of each process, for the dashboard check. */
const scraped: { api: Sample[]; worker: Sample[] } = { api: [], worker: [] };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

beforeAll(async () => {
  sims = await startSimulators();
  t = await createTestApp({ ...sims.env, METRICS_TOKEN: TOKEN });
  apiUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = await freePort();
  worker = await spawnWorker(
    {
      ...sims.env,
      DATABASE_URL: t.env.db.url,
      REDIS_URL: t.env.redis.url,
      QUEUE_PREFIX: t.env.redis.queuePrefix,
      MEDIA_DIR: t.env.media.dir,
      AUTH_SECRET: t.env.auth.secret,
      HOST: '127.0.0.1',
      METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
    },
    { role: true },
  );
  workerUrl = `http://127.0.0.1:${port}`;
}, 150_000);

afterAll(async () => {
  for (const s of streams) s.abort();
  // A job left running by a failed assertion would hold the worker's graceful stop for 25 s.
  const stopped = worker?.kill('SIGTERM');
  const late = setTimeout(() => void worker?.kill('SIGKILL'), 10_000);
  await stopped;
  clearTimeout(late);
  await t?.close();
  await sims?.close();
}, 60_000);

const scrape = async (base: string, authorization: string | null = `Bearer ${TOKEN}`, path = '/metrics', method = 'GET') =>
  fetch(`${base}${path}`, { method, headers: authorization === null ? {} : { authorization } });

async function samplesOf(base: string): Promise<Sample[]> {
  const res = await scrape(base);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(await res.text());
}

/** Scrapes until `check` passes (counters a process updates a moment after the row changed). */
async function eventually(base: string, check: (samples: Sample[]) => void, timeoutMs = 15_000): Promise<Sample[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const samples = await samplesOf(base);
    try {
      check(samples);
      return samples;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

type Gen = { id: string; status: string; creditsUsed: number };

async function generate(token: string, prompt: string): Promise<Gen> {
  const res = await t.rest('POST', '/api/generation/generate', { token, body: { prompt, type: 'text', model: MODEL } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.generation as Gen;
}

async function waitFor(token: string, id: string, done: (g: Gen) => boolean): Promise<Gen> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const g = (await t.rest('GET', `/api/generation/${id}`, { token })).body as Gen;
    if (done(g)) return g;
    if (Date.now() > deadline) throw new Error(`generation ${id} stayed ${g.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Opens generation.onStatus over SSE on the api and resolves once the first status arrived. */
async function followOverSse(token: string, id: string): Promise<AbortController> {
  const controller = new AbortController();
  streams.push(controller);
  const res = await fetch(`${apiUrl}/trpc/generation.onStatus?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('"status"')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the subscription ended: ${text}`);
    text += Buffer.from(value).toString();
  }
  return controller;
}

describe('GET /metrics', () => {
  it('on the api and on the worker, shows every series after generations ran', async () => {
    // Counters are per process since it started (the test's seed charged demo credits here): compare with now.
    const before = await samplesOf(apiUrl);
    const spentBefore = sampleValue(before, 'atelier_credits_spent_total', { reference: 'generation' }) ?? 0;
    const refundedBefore = sampleValue(before, 'atelier_credits_refunded_total', { reference: 'generation' }) ?? 0;
    const u = await t.signUp();
    const ok = await generate(u.token, 'a quiet harbour');
    const refused = await generate(u.token, 'refuse this [[sim:reject]]');
    expect((await waitFor(u.token, ok.id, (g) => g.status === 'COMPLETED')).creditsUsed).toBe(1);
    expect((await waitFor(u.token, refused.id, (g) => g.status === 'FAILED')).status).toBe('FAILED');
    const running = await generate(u.token, 'take your time [[sim:hang]]');
    await waitFor(u.token, running.id, (g) => g.status === 'PROCESSING');
    const sse = await followOverSse(u.token, running.id);

    // Requests whose URLs carry ids, a tRPC batch, a page of the web app and an unknown REST path.
    await t.rest('GET', `/api/generation/${ok.id}`, { token: u.token });
    const batch = await t.app.inject({
      method: 'GET',
      url: `/trpc/auth.me,credits.balance?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(batch.statusCode).toBe(200);
    const single = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${u.token}` } });
    expect(single.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/projects/${ok.id}?tab=history` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${ok.id}` });

    let api = await samplesOf(apiUrl);
    const http = (route: string, method: string, status: string) =>
      sampleValue(api, 'atelier_http_request_duration_seconds_count', { route, method, status }) ?? 0;
    // By route pattern, method and status — never the raw URL.
    expect(http('/api/generation/generate', 'POST', '200')).toBe(3);
    expect(http('/api/generation/{id}', 'GET', '200')).toBeGreaterThanOrEqual(4);
    expect(http('/trpc/(batch)', 'GET', '200')).toBe(1);
    expect(http('/trpc/auth.me', 'GET', '200')).toBe(1);
    expect(http('(unmatched)', 'GET', '200')).toBeGreaterThanOrEqual(1);
    expect(http('/api/*', 'GET', '404')).toBe(1);
    expect(
      sampleValue(api, 'atelier_http_request_duration_seconds_bucket', {
        route: '/api/generation/generate',
        method: 'POST',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(3);
    const routes = new Set(api.filter((s) => s.name.startsWith('atelier_http_request_duration_seconds')).map((s) => s.labels.route ?? ''));
    for (const route of routes) expect(route, route).not.toMatch(UUID);
    for (const route of routes) expect(route, route).not.toContain('?');
    // Jobs per queue and state, read from BullMQ (the first scrape's counts are kept for a few seconds).
    api = await eventually(apiUrl, (s) => {
      expect(sampleValue(s, 'atelier_queue_jobs', { queue: 'text', state: 'completed' })).toBe(1);
      expect(sampleValue(s, 'atelier_queue_jobs', { queue: 'text', state: 'failed' })).toBe(1);
      expect(sampleValue(s, 'atelier_queue_jobs', { queue: 'text', state: 'active' })).toBe(1);
    });
    for (const state of ['waiting', 'delayed']) expect(sampleValue(api, 'atelier_queue_jobs', { queue: 'image', state }), state).toBe(0);
    // The api charged the three generations.
    expect((sampleValue(api, 'atelier_credits_spent_total', { reference: 'generation' }) ?? 0) - spentBefore).toBe(3);
    // The open SSE subscription.
    expect(sampleValue(api, 'atelier_sse_subscribers', { kind: 'generation' })).toBe(1);
    expect(sampleValue(api, 'atelier_sse_subscribers', { kind: 'export' })).toBe(0);
    // Node's own metrics, prefixed.
    expect(sampleValue(api, 'atelier_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(api.some((s) => s.name === 'atelier_nodejs_eventloop_lag_p99_seconds')).toBe(true);

    // Cancelled while it runs: refunded by the api; the worker's attempt ends.
    sse.abort();
    const cancel = await t.rest('POST', `/api/generation/${running.id}/cancel`, { token: u.token });
    expect(cancel.body.generation.status).toBe('CANCELLED');
    api = await eventually(apiUrl, (s) => {
      expect((sampleValue(s, 'atelier_credits_refunded_total', { reference: 'generation' }) ?? 0) - refundedBefore).toBe(1);
      expect(sampleValue(s, 'atelier_sse_subscribers', { kind: 'generation' })).toBe(0);
    });
    scraped.api = api;

    // The worker: job durations and failures by queue and model, the provider's refusal, its refund.
    const w = await eventually(workerUrl, (s) => {
      expect(sampleValue(s, 'atelier_job_duration_seconds_count', { queue: 'text', model: MODEL, outcome: 'completed' })).toBe(2);
    });
    scraped.worker = w;
    expect(sampleValue(w, 'atelier_job_duration_seconds_count', { queue: 'text', model: MODEL, outcome: 'failed' })).toBe(1);
    expect(sampleValue(w, 'atelier_job_duration_seconds_bucket', { queue: 'text', model: MODEL, outcome: 'completed', le: '+Inf' })).toBe(2);
    expect(sampleValue(w, 'atelier_job_failures_total', { queue: 'text', model: MODEL, final: 'true' })).toBe(1);
    expect(sampleValue(w, 'atelier_provider_errors_total', { provider: 'openai-compatible', kind: 'rejected' })).toBe(1);
    expect(sampleValue(w, 'atelier_credits_refunded_total', { reference: 'generation' })).toBe(1);
    expect(sampleValue(w, 'atelier_credits_spent_total', { reference: 'generation' })).toBeUndefined();
    expect(sampleValue(w, 'atelier_queue_jobs', { queue: 'text', state: 'failed' })).toBe(1);
    expect(sampleValue(w, 'atelier_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // The worker serves no HTTP api: no request series there.
    expect(w.some((s) => s.name.startsWith('atelier_http_request_duration_seconds'))).toBe(false);
  }, 90_000);

  it('requires the bearer token on both when METRICS_TOKEN is set', async () => {
    for (const base of [apiUrl, workerUrl]) {
      for (const authorization of [null, 'Bearer', `Bearer ${TOKEN}-not`, `Basic ${TOKEN}`, TOKEN]) {
        const res = await scrape(base, authorization);
        expect(res.status, `${base} ${authorization}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await res.text()).not.toContain('atelier_');
      }
      expect((await scrape(base)).status).toBe(200);
    }
    expect((await scrape(workerUrl, `Bearer ${TOKEN}`, '/')).status).toBe(404);
    expect((await scrape(workerUrl, `Bearer ${TOKEN}`, '/metrics', 'POST')).status).toBe(405);
  });

  it('answers anyone when METRICS_TOKEN is unset', async () => {
    const open = await createTestApp(sims.env, { replicaOf: t });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE atelier_http_request_duration_seconds histogram');
    } finally {
      await open.close();
    }
  });
});

describe('the Grafana dashboard "Atelier queues"', () => {
  /** Labels Prometheus adds to every scraped series (the target's). */
  const TARGET_LABELS = ['job', 'instance'];

  it('queries only series that exist in the scraped output, with labels they have', () => {
    const samples = [...scraped.api, ...scraped.worker];
    expect(samples.length).toBeGreaterThan(0);
    const labelsByName = new Map<string, Set<string>>();
    for (const s of samples) {
      const set = labelsByName.get(s.name) ?? new Set(TARGET_LABELS);
      for (const l of Object.keys(s.labels)) set.add(l);
      labelsByName.set(s.name, set);
    }
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      title: string;
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
      templating: { list: { name: string; query: string | { query: string } }[] };
    };
    expect(dashboard.title).toBe('Atelier queues');
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    // What the issue asks the dashboard to show.
    for (const title of ['Queue depth', 'Throughput', 'Failure rate', 'p95 job duration', 'Provider errors'])
      expect(
        panels.some((p) => p.title.startsWith(title)),
        title,
      ).toBe(true);

    const problems: string[] = [];
    for (const panel of panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const uses = promqlUses(expr);
        if (!uses.metrics.length) problems.push(`${panel.title}: reads no metric: ${expr}`);
        const available = new Set<string>();
        for (const m of uses.metrics) {
          const labels = labelsByName.get(m.name);
          if (!labels) {
            problems.push(`${panel.title}: ${m.name} is not in the scraped output`);
            continue;
          }
          for (const l of labels) available.add(l);
          for (const l of m.labels) if (!labels.has(l)) problems.push(`${panel.title}: ${m.name} has no label ${l}`);
        }
        for (const l of uses.grouping) if (!available.has(l)) problems.push(`${panel.title}: groups by ${l}, which its series lack`);
      }
    }
    for (const variable of dashboard.templating.list) {
      const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
      const m = /^label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)$/.exec(query);
      if (!m) problems.push(`variable ${variable.name}: not a label_values(metric, label) query: ${query}`);
      else if (!labelsByName.get(m[1] as string)?.has(m[2] as string)) problems.push(`variable ${variable.name}: ${m[1]} has no label ${m[2]}`);
    }
    expect(problems).toEqual([]);
  });
});
