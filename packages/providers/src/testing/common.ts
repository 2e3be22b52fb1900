import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Scaffolding shared by the provider simulators: a node:http server on 127.0.0.1 with a request
 * log, fault directives, and small valid media files. Test-only code.
 *
 * Fault directives ride in the prompt (or the TTS text), so tests running side by side don't
 * step on each other:
 *   [[sim:429x2]]      the first 2 calls with this text answer 429 (Retry-After: 1), then succeed
 *   [[sim:503x1]]      the same with 503
 *   [[sim:reject]]     a permanent 400 with the provider's error body
 *   [[sim:safety]]     a permanent 400 safety refusal
 *   [[sim:hang]]       the call never answers (the simulator keeps the socket open)
 *   [[sim:malformed]]  a 200 whose body isn't what the API promises
 *   [[sim:url]]        (OpenAI images) answer with a URL instead of base64
 *   [[sim:fail]]       (Replicate) the prediction ends `failed` with an error
 *   [[sim:private-url]] (Replicate) the output URL points at a link-local address
 *   [[sim:html]]       (Replicate) the output URL serves text/html
 * `knobs.retryAfterSeconds` sets the Retry-After header sent with 429/503 (default 1).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json?: any;
}

export interface Knobs {
  retryAfterSeconds: number;
}

export interface Simulator {
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  knobs: Knobs;
  close(): Promise<void>;
}

export type Directive =
  | { kind: 'status'; status: number; times: number }
  | { kind: 'reject' }
  | { kind: 'safety' }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'url' }
  | { kind: 'fail' }
  | { kind: 'private-url' }
  | { kind: 'html' };

export function directives(text: string): Directive[] {
  const out: Directive[] = [];
  for (const m of text.matchAll(/\[\[sim:([a-z0-9-]+)\]\]/g)) {
    const d = m[1] as string;
    const status = /^(\d{3})x(\d+)$/.exec(d);
    if (status) out.push({ kind: 'status', status: Number(status[1]), times: Number(status[2]) });
    else if (['reject', 'safety', 'hang', 'malformed', 'url', 'fail', 'private-url', 'html'].includes(d)) out.push({ kind: d } as Directive);
  }
  return out;
}

export const has = (text: string, kind: Directive['kind']) => directives(text).some((d) => d.kind === kind);

/** Counts calls per key, for "fail the first N times". */
export class CallCounter {
  private counts = new Map<string, number>();
  next(key: string): number {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }
}

/** The transient failure (429/5xx) due now for `text`, if any. */
export function transientFault(counter: CallCounter, key: string, text: string): number | null {
  const d = directives(text).find((x): x is Extract<Directive, { kind: 'status' }> => x.kind === 'status');
  if (!d) return null;
  return counter.next(`${key}:${text}`) <= d.times ? d.status : null;
}

export type Handler = (req: RecordedRequest, res: http.ServerResponse, sim: Simulator) => unknown;

export async function startSimulator(handler: Handler): Promise<Simulator> {
  const requests: RecordedRequest[] = [];
  const sim: Simulator = {
    url: '',
    host: '127.0.0.1',
    port: 0,
    requests,
    knobs: { retryAfterSeconds: 1 },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://sim');
      const body = Buffer.concat(chunks);
      const rec: RecordedRequest = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers, body };
      if (String(req.headers['content-type'] ?? '').includes('application/json') && body.length) {
        try {
          rec.json = JSON.parse(body.toString('utf8'));
        } catch {
          rec.json = undefined;
        }
      }
      requests.push(rec);
      Promise.resolve(handler(rec, res, sim)).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: `simulator error: ${String(e)}` } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  sim.port = port;
  sim.url = `http://127.0.0.1:${port}`;
  sim.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sim;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(data.length), ...headers });
  res.end(data);
}

export function sendBytes(res: http.ServerResponse, status: number, data: Buffer, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'content-length': String(data.length), ...headers });
  res.end(data);
}

/** Leaves the request unanswered (the socket stays open until the client gives up or the simulator closes). */
export function hang(_res: http.ServerResponse): void {}

export function startSse(res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deterministic reply text for a prompt, split into the tokens the simulators stream. */
export function replyTokens(prompt: string): string[] {
  const clean = prompt.replace(/\[\[sim:[a-z0-9-]+\]\]/g, '').trim();
  return `Simulated reply to: ${clean}`.split(/(?<= )/);
}

export const id = (prefix: string, seed: string) => `${prefix}${createHash('sha256').update(`${seed}:${Math.random()}`).digest('hex').slice(0, 24)}`;

/** A PNG of the given size (a flat colour from the prompt). */
export async function pngOf(width: number, height: number, seed: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const h = createHash('sha256').update(seed).digest();
  return sharp({ create: { width, height, channels: 3, background: { r: h[0] ?? 0, g: h[1] ?? 0, b: h[2] ?? 0 } } })
    .png()
    .toBuffer();
}

/** MPEG-1 Layer III frames (128 kb/s, 44.1 kHz) of silence: a valid MP3. */
export function mp3Of(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64], 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An MP4-shaped file: an ftyp box and an mdat box (enough for type checks). */
export function mp4Of(size = 2048): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const mdat = Buffer.alloc(size);
  mdat.writeUInt32BE(size, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/** Parses a multipart/form-data body with the platform's own parser. */
export async function formData(req: RecordedRequest): Promise<FormData> {
  const type = String(req.headers['content-type'] ?? '');
  return new Request('http://sim/', { method: 'POST', body: new Uint8Array(req.body), headers: { 'content-type': type } }).formData();
}

export function bearer(req: RecordedRequest): string | null {
  const h = String(req.headers.authorization ?? '');
  const m = /^(?:Bearer|Token)\s+(.+)$/i.exec(h);
  return m ? (m[1] as string) : null;
}
