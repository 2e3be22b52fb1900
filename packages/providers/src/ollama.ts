import { abortError, deadline, fromHttpFailure, guarded, networkReason, ProviderError } from './errors';
import type { AdapterContext } from './media';
import type { ChatModelAdapter, ChatTurn, ChatUsage, Engine } from './types';

/**
 * Ollama on the operator's own machine (issue 25), over its native API: the models it has
 * (`GET /api/tags`) become `ollama/<name>` in the admin catalogue (switched off until an admin
 * enables and prices them, per 1,000 tokens), and chat and text generation stream through
 * `POST /api/chat` (NDJSON, one JSON object a line). The token counts it reports on the last line
 * (`prompt_eval_count`, `eval_count`) are what the reply is charged for.
 */

export const PROVIDER = 'ollama';
const LABEL = 'Ollama';

export interface OllamaConfig {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:11434 */
  url: string;
}

/** The context window we ask Ollama for (`num_ctx`), and the longest chat reply (`num_predict`). */
export const OLLAMA_CONTEXT_TOKENS = 8192;
export const OLLAMA_REPLY_TOKENS = 1024;
/** The longest text generation (an SEO article of ~2,000 words fits). */
export const OLLAMA_GENERATION_TOKENS = 4096;

export const ollamaModelId = (name: string) => `${PROVIDER}/${name}`;
export const ollamaModelName = (modelId: string) => modelId.slice(PROVIDER.length + 1);

export interface OllamaModel {
  name: string;
  size: number | null;
  family: string | null;
  parameterSize: string | null;
  quantization: string | null;
}

async function call(config: OllamaConfig, path: string, init: { method?: string; body?: unknown; signal: AbortSignal }): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${config.url}${path}`, {
      method: init.method ?? 'GET',
      signal: init.signal,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : {}),
    });
  } catch (e) {
    if (init.signal.aborted) throw e;
    throw new ProviderError(PROVIDER, 'unavailable', `Ollama at ${new URL(config.url).host} could not be reached (${networkReason(e)})`, {
      cause: e,
    });
  }
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    if (res.status === 404 && /not found/i.test(body)) {
      const said = (() => {
        try {
          return String(JSON.parse(body).error);
        } catch {
          return body.trim();
        }
      })();
      throw new ProviderError(PROVIDER, 'rejected', `Ollama does not have this model (${said}); pull it on the server with \`ollama pull\``, {
        status: 404,
      });
    }
    throw fromHttpFailure(PROVIDER, LABEL, { status: res.status, headers: res.headers, body }, []);
  }
  return res;
}

/** The models the server has (`GET /api/tags`). */
export async function listOllamaModels(config: OllamaConfig, signal: AbortSignal): Promise<OllamaModel[]> {
  const res = await call(config, '/api/tags', { signal });
  const body = (await res.json().catch(() => null)) as { models?: unknown } | null;
  if (!body || !Array.isArray(body.models)) throw new ProviderError(PROVIDER, 'malformed', 'Ollama sent a model list that could not be read');
  const out: OllamaModel[] = [];
  for (const m of body.models as Record<string, any>[]) {
    const name = typeof m?.name === 'string' ? m.name : typeof m?.model === 'string' ? m.model : null;
    if (!name) continue;
    out.push({
      name,
      size: typeof m.size === 'number' ? m.size : null,
      family: typeof m.details?.family === 'string' ? m.details.family : null,
      parameterSize: typeof m.details?.parameter_size === 'string' ? m.details.parameter_size : null,
      quantization: typeof m.details?.quantization_level === 'string' ? m.details.quantization_level : null,
    });
  }
  return out;
}

/** The server's version (`GET /api/version`). */
export async function ollamaVersion(config: OllamaConfig, signal: AbortSignal): Promise<string> {
  const res = await call(config, '/api/version', { signal });
  const body = (await res.json().catch(() => null)) as { version?: unknown } | null;
  return typeof body?.version === 'string' ? body.version : 'unknown';
}

interface ChatLine {
  message?: { content?: unknown; thinking?: unknown };
  done?: boolean;
  done_reason?: string;
  error?: unknown;
  prompt_eval_count?: number;
  eval_count?: number;
  total_duration?: number;
  eval_duration?: number;
}

export interface OllamaStreamEnd extends ChatUsage {
  doneReason: string | null;
  totalDurationMs: number | null;
}

/**
 * Streams `/api/chat`: yields the reply's text as it comes, returns the token counts of the last
 * line. An `{"error": …}` line (Ollama reports failures mid-stream that way) fails the stream.
 */
export async function* streamOllamaChat(
  config: OllamaConfig,
  request: { model: string; messages: ChatTurn[]; maxTokens: number; signal: AbortSignal },
): AsyncGenerator<string, OllamaStreamEnd, undefined> {
  const res = await call(config, '/api/chat', {
    method: 'POST',
    signal: request.signal,
    body: {
      model: request.model,
      messages: request.messages,
      stream: true,
      options: { num_ctx: OLLAMA_CONTEXT_TOKENS, num_predict: request.maxTokens },
    },
  });
  if (!res.body) throw new ProviderError(PROVIDER, 'malformed', 'Ollama sent an empty reply');
  const decoder = new TextDecoder();
  let buffered = '';
  let last: ChatLine | null = null;
  const parse = (line: string): ChatLine => {
    try {
      return JSON.parse(line) as ChatLine;
    } catch {
      throw new ProviderError(PROVIDER, 'malformed', 'Ollama sent a line that is not JSON');
    }
  };
  const handle = function* (line: string): Generator<string> {
    if (!line.trim()) return;
    const parsed = parse(line);
    if (parsed.error !== undefined) throw new ProviderError(PROVIDER, 'rejected', `Ollama could not answer: ${String(parsed.error).slice(0, 300)}`);
    const text = parsed.message?.content;
    if (typeof text === 'string' && text !== '') yield text;
    if (parsed.done) last = parsed;
  };
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      yield* handle(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
    }
  }
  yield* handle(buffered + decoder.decode());
  const end = last as ChatLine | null;
  if (!end) throw new ProviderError(PROVIDER, 'malformed', 'Ollama ended the reply without its final line');
  return {
    tokensIn: typeof end.prompt_eval_count === 'number' ? end.prompt_eval_count : 0,
    tokensOut: typeof end.eval_count === 'number' ? end.eval_count : 0,
    doneReason: typeof end.done_reason === 'string' ? end.done_reason : null,
    totalDurationMs: typeof end.total_duration === 'number' ? Math.round(end.total_duration / 1e6) : null,
  };
}

/** Every `ollama/<name>` model in chat (registered as `ollama/*`): the reply streams, the usage is Ollama's own count. */
export function ollamaChatAdapter(config: OllamaConfig, ctx: AdapterContext): ChatModelAdapter {
  return {
    contextTokens: OLLAMA_CONTEXT_TOKENS,
    replyTokens: OLLAMA_REPLY_TOKENS,
    async *streamReply({ modelId, messages, signal }) {
      const d = deadline(PROVIDER, LABEL, signal, ctx.limits.timeoutMs.text);
      try {
        const stream = streamOllamaChat(config, { model: ollamaModelName(modelId), messages, maxTokens: OLLAMA_REPLY_TOKENS, signal: d.signal });
        const end = yield* stream;
        return { tokensIn: end.tokensIn, tokensOut: end.tokensOut };
      } catch (e) {
        if (signal.aborted) throw abortError(signal);
        if (d.timedOut()) throw d.timeoutError();
        throw e;
      }
    },
  };
}

/** Text generation with an `ollama/<name>` model (registered as `ollama/*`; SEO writing uses it too). */
export function ollamaEngine(config: OllamaConfig, ctx: AdapterContext): Engine {
  return async ({ modelId, prompt, signal, onProgress }) =>
    guarded({ provider: PROVIDER, label: LABEL, signal, timeoutMs: ctx.limits.timeoutMs.text, secrets: [] }, async (s) => {
      onProgress(3);
      const name = ollamaModelName(modelId);
      const stream = streamOllamaChat(config, {
        model: name,
        messages: [{ role: 'user', content: prompt }],
        maxTokens: OLLAMA_GENERATION_TOKENS,
        signal: s,
      });
      let text = '';
      let pieces = 0;
      for (;;) {
        const step = await stream.next();
        if (step.done) {
          if (!text.trim()) throw new ProviderError(PROVIDER, 'malformed', 'Ollama returned an empty reply');
          const end = step.value;
          onProgress(97);
          return {
            text,
            metadata: {
              provider: PROVIDER,
              tokensIn: end.tokensIn,
              tokensOut: end.tokensOut,
              ...(end.doneReason ? { doneReason: end.doneReason } : {}),
              ...(end.totalDurationMs !== null ? { serverMs: end.totalDurationMs } : {}),
            },
            providerCostUsd: 0,
            providerRequestId: null,
            modelVersion: modelId,
          };
        }
        text += step.value;
        pieces += 1;
        // Progress by the reply's share of its token limit (pieces are about a token each).
        onProgress(5 + Math.min(90, Math.round((pieces / OLLAMA_GENERATION_TOKENS) * 90 * 4)));
      }
    });
}

/** A short answer from a model, for the health check: its latency and token counts. */
export async function ollamaTestRun(config: OllamaConfig, model: string, signal: AbortSignal) {
  const stream = streamOllamaChat(config, {
    model,
    messages: [{ role: 'user', content: 'Reply with the single word: ready' }],
    maxTokens: 16,
    signal,
  });
  let text = '';
  for (;;) {
    const step = await stream.next();
    if (step.done) return { text: text.trim(), ...step.value };
    text += step.value;
  }
}
