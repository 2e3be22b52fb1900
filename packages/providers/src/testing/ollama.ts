import type http from 'node:http';
import { has, type RecordedRequest, replyTokens, type Simulator, sendJson, sleep, startSimulator } from './common';

/**
 * A local Ollama server for tests, after ollama's api/types.go and server/routes.go:
 *   GET  /api/version  {version}
 *   GET  /api/tags     {models: [{name, model, modified_at, size, digest, details: {format, family,
 *                      families, parameter_size, quantization_level}}]}
 *   POST /api/chat     {model, messages, stream, options: {num_ctx, num_predict}} → NDJSON
 *                      (`application/x-ndjson`): one `{model, created_at, message: {role, content},
 *                      done: false}` per token, then `{…, done: true, done_reason, total_duration,
 *                      prompt_eval_count, eval_count, …}`; `stream: false` answers the final object
 *                      with the whole message. An unknown model is a 404 `{"error": "model 'x' not found"}`.
 * Token counts are the simulator's own (prompt: about one per four characters of the messages plus
 * four per message; reply: one per streamed piece) and recorded in `usage` per request, so tests can
 * check the charge against them. Directives in the last message: [[sim:hang]] (the reply never
 * comes), [[sim:fail]] (an `{"error": …}` line mid-stream).
 */

export interface OllamaSimulator extends Simulator {
  models: string[];
  /** Delay between streamed pieces (ms). */
  tokenDelayMs: number;
  /** The counts each /api/chat answered with, in order. */
  usage: { model: string; promptEvalCount: number; evalCount: number }[];
}

export const promptEvalCount = (messages: { content: string }[]) => messages.reduce((n, m) => n + Math.ceil(m.content.length / 4) + 4, 0);

export async function startOllamaSimulator(options: { models?: string[]; tokenDelayMs?: number } = {}): Promise<OllamaSimulator> {
  const extra = {
    models: options.models ?? ['llama3.2:latest', 'qwen2.5:7b'],
    tokenDelayMs: options.tokenDelayMs ?? 5,
    usage: [] as OllamaSimulator['usage'],
  };
  const sim = (await startSimulator((req, res, s) => handle(req, res, s as OllamaSimulator))) as OllamaSimulator;
  Object.assign(sim, extra);
  return sim;
}

const now = () => new Date().toISOString();

async function handle(req: RecordedRequest, res: http.ServerResponse, sim: OllamaSimulator) {
  if (req.method === 'GET' && req.path === '/api/version') return sendJson(res, 200, { version: '0.12.sim' });
  if (req.method === 'GET' && req.path === '/api/tags') {
    return sendJson(res, 200, {
      models: sim.models.map((name, i) => ({
        name,
        model: name,
        modified_at: '2026-11-01T10:00:00Z',
        size: 2_019_393_189 + i,
        digest: `a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b7${i}`,
        details: {
          parent_model: '',
          format: 'gguf',
          family: name.split(/[\d:]/)[0],
          families: [name.split(/[\d:]/)[0]],
          parameter_size: '3.2B',
          quantization_level: 'Q4_K_M',
        },
      })),
    });
  }
  if (req.method === 'POST' && req.path === '/api/chat') {
    const body = (req.json ?? {}) as {
      model?: string;
      messages?: { role: string; content: string }[];
      stream?: boolean;
      options?: { num_predict?: number };
    };
    if (!body.model || !sim.models.includes(body.model)) return sendJson(res, 404, { error: `model '${body.model ?? ''}' not found` });
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const last = messages.at(-1)?.content ?? '';
    if (has(last, 'hang')) return;
    const limit = typeof body.options?.num_predict === 'number' && body.options.num_predict > 0 ? body.options.num_predict : Number.POSITIVE_INFINITY;
    const all = replyTokens(last);
    const tokens = all.slice(0, limit);
    const usage = { model: body.model, promptEvalCount: promptEvalCount(messages), evalCount: tokens.length };
    const final = {
      model: body.model,
      created_at: now(),
      done: true,
      done_reason: tokens.length < all.length ? 'length' : 'stop',
      total_duration: 1_250_000_000,
      load_duration: 50_000_000,
      prompt_eval_count: usage.promptEvalCount,
      prompt_eval_duration: 100_000_000,
      eval_count: usage.evalCount,
      eval_duration: 1_000_000_000,
    };
    if (body.stream === false) {
      sim.usage.push(usage);
      return sendJson(res, 200, { ...final, message: { role: 'assistant', content: tokens.join('') } });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const [i, t] of tokens.entries()) {
      if (res.destroyed) return;
      if (i === 2 && has(last, 'fail')) {
        res.end(`${JSON.stringify({ error: 'simulated failure: the model runner stopped' })}\n`);
        return;
      }
      res.write(`${JSON.stringify({ model: body.model, created_at: now(), message: { role: 'assistant', content: t }, done: false })}\n`);
      await sleep(sim.tokenDelayMs);
    }
    sim.usage.push(usage);
    res.end(`${JSON.stringify({ ...final, message: { role: 'assistant', content: '' } })}\n`);
    return;
  }
  return sendJson(res, 404, { error: 'not found' });
}
