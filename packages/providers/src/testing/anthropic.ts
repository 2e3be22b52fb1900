import type http from 'node:http';
import { bearer, CallCounter, has, id, replyTokens, type Simulator, sendJson, sleep, startSimulator, startSse, transientFault } from './common';

/**
 * A local Anthropic Messages API for tests, after Anthropic's API reference:
 *   POST /v1/messages  the key (x-api-key or Authorization: Bearer) and anthropic-version required; JSON message, or with
 *                      `stream: true` the SSE events message_start, content_block_start, ping,
 *                      content_block_delta (text_delta)…, content_block_stop, message_delta
 *                      (stop_reason, usage.output_tokens), message_stop.
 * Errors use Anthropic's body (`{ type: 'error', error: { type, message } }`); 429 carries
 * retry-after, 529 is overloaded. Fault directives: see ./common.ts.
 */

export interface AnthropicSimulator extends Simulator {
  apiKey: string;
}

const error = (res: http.ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}) =>
  sendJson(res, status, { type: 'error', error: { type, message } }, { 'request-id': id('req_', message), ...headers });

export async function startAnthropicSimulator(options: { apiKey?: string } = {}): Promise<AnthropicSimulator> {
  const apiKey = options.apiKey ?? 'sk-ant-sim-0123456789';
  const counter = new CallCounter();
  const sim = (await startSimulator(async (req, res, s) => {
    // The API takes the key as x-api-key or (newer SDKs) as a bearer token.
    if (req.headers['x-api-key'] !== apiKey && bearer(req) !== apiKey) return error(res, 401, 'authentication_error', 'invalid x-api-key');
    if (!req.headers['anthropic-version']) return error(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    if (!(req.method === 'POST' && req.path === '/v1/messages')) return error(res, 404, 'not_found_error', `Not found: ${req.path}`);
    const body = req.json ?? {};
    const messages = Array.isArray(body.messages) ? body.messages : [];
    if (!body.model) return error(res, 400, 'invalid_request_error', 'model: Field required');
    if (typeof body.max_tokens !== 'number') return error(res, 400, 'invalid_request_error', 'max_tokens: Field required');
    if (!messages.length || messages[0].role !== 'user')
      return error(res, 400, 'invalid_request_error', 'messages: the first message must use the "user" role');
    for (let i = 1; i < messages.length; i++) {
      if (messages[i].role === messages[i - 1].role)
        return error(res, 400, 'invalid_request_error', 'messages: roles must alternate between "user" and "assistant"');
    }
    const last = String(messages.at(-1)?.content ?? '');
    const status = transientFault(counter, req.path, last);
    if (status === 429)
      return error(res, 429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', {
        'retry-after': String(s.knobs.retryAfterSeconds),
      });
    if (status)
      return error(res, status, status === 529 ? 'overloaded_error' : 'api_error', 'Overloaded', {
        'retry-after': String(s.knobs.retryAfterSeconds),
      });
    if (has(last, 'hang')) return;
    if (has(last, 'reject')) return error(res, 400, 'invalid_request_error', 'prompt is too long: the simulator was told to refuse it');

    const tokens = replyTokens(last);
    const refusal = has(last, 'safety');
    const msgId = id('msg_', last);
    const inputTokens = Math.ceil(JSON.stringify(messages).length / 4);
    if (!body.stream) {
      if (has(last, 'malformed')) return sendJson(res, 200, { id: msgId, type: 'message', role: 'assistant', content: [] });
      return sendJson(
        res,
        200,
        {
          id: msgId,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: refusal ? [] : [{ type: 'text', text: tokens.join('') }],
          stop_reason: refusal ? 'refusal' : 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: tokens.length },
        },
        { 'request-id': id('req_', msgId) },
      );
    }
    startSse(res);
    const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        id: msgId,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event('ping', {});
    if (has(last, 'malformed')) {
      res.write('event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {\n\n');
      return res.end();
    }
    if (!refusal) {
      for (const t of tokens) {
        await sleep(5);
        event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: t } });
      }
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', {
      delta: { stop_reason: refusal ? 'refusal' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: tokens.length },
    });
    event('message_stop', {});
    res.end();
  })) as AnthropicSimulator;
  sim.apiKey = apiKey;
  return sim;
}
