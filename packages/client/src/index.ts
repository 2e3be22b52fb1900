import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.gen.js';

export type { components, operations, paths };
export type AtelierClient = Client<paths>;

export interface AtelierClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where Atelier runs, e.g. `https://atelier.example.com` (the `/api` prefix is added). */
  baseUrl: string;
  /** A personal API key (`atl_…`, Profile → API keys) or a session's access token. */
  apiKey: string;
}

/**
 * A typed client of the Atelier REST API: every path, parameter and answer is checked against the
 * OpenAPI document it was generated from. Errors answer `{ error: { code, message, fields? } }`.
 *
 * ```ts
 * const atelier = createAtelierClient({ baseUrl: 'https://atelier.example.com', apiKey: process.env.ATELIER_API_KEY! });
 * const { data, error } = await atelier.POST('/generation/generate', { body: { type: 'image', prompt: 'a lighthouse at dawn' } });
 * ```
 */
export function createAtelierClient(options: AtelierClientOptions): AtelierClient {
  const { baseUrl, apiKey, headers, ...rest } = options;
  return createFetchClient<paths>({
    ...rest,
    baseUrl: `${baseUrl.replace(/\/+$/, '')}/api`,
    headers: { ...(headers as Record<string, string> | undefined), authorization: `Bearer ${apiKey}` },
  });
}

/** The message of an error answer (`{ error: { code, message, fields? } }`). */
export function errorMessage(error: unknown): string {
  const e = error as { error?: { message?: unknown }; message?: unknown } | null | undefined;
  const message = e?.error?.message ?? e?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

export type Generation = paths['/generation/{id}']['get']['responses']['200']['content']['application/json'];

export interface WaitOptions {
  /** Give up after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Time between polls (default 1 s). */
  intervalMs?: number;
  signal?: AbortSignal;
}

/** Polls a generation until it is COMPLETED, FAILED or CANCELLED, and answers it. */
export async function waitForGeneration(client: AtelierClient, id: string, options: WaitOptions = {}): Promise<Generation> {
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const { data, error } = await client.GET('/generation/{id}', { params: { path: { id } }, signal: options.signal });
    if (error || !data) throw new Error(`GET /generation/${id} failed: ${errorMessage(error)}`);
    if (data.status === 'COMPLETED' || data.status === 'FAILED' || data.status === 'CANCELLED') return data;
    if (Date.now() > deadline) throw new Error(`Generation ${id} did not finish in time (status ${data.status})`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
  }
}

/** Downloads a generation's file (its `outputUrl`: a signed URL, no key needed) as bytes. */
export async function downloadOutput(baseUrl: string, generation: Pick<Generation, 'outputUrl'>): Promise<Uint8Array> {
  if (!generation.outputUrl) throw new Error('This generation has no output file');
  const url = new URL(generation.outputUrl, baseUrl);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Download failed: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
