import type http from 'node:http';
import {
  bearer,
  CallCounter,
  has,
  id,
  mp3Of,
  pngOf,
  type RecordedRequest,
  replyTokens,
  type Simulator,
  sendBytes,
  sendJson,
  sleep,
  startSimulator,
  startSse,
  transientFault,
} from './common';

/**
 * A local OpenAI API (and OpenAI-compatible server) for tests, after OpenAI's API reference:
 *   POST /v1/chat/completions   JSON, or SSE chunks (`data: {chat.completion.chunk}` … `data: [DONE]`),
 *                               usage in a last chunk when stream_options.include_usage
 *   POST /v1/images/generations dall-e-3 / gpt-image-1 sizes and qualities checked; b64_json or url
 *   POST /v1/audio/speech       tts-1 voices and speed checked; audio/mpeg bytes
 *   GET  /files/<id>.png        image URLs handed out by images/generations
 * Errors use OpenAI's body (`{ error: { message, type, param, code } }`); 401 without the key.
 * Fault directives: see ./common.ts.
 */

const DALLE3_SIZES = ['1024x1024', '1792x1024', '1024x1792'];
const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'];
const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse'];

export interface OpenAISimulator extends Simulator {
  apiKey: string;
  /** Chat models the server accepts (any when empty). */
  chatModels: string[];
}

const error = (
  res: http.ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  headers: Record<string, string> = {},
) => sendJson(res, status, { error: { message, type, param: null, code } }, headers);

export async function startOpenAISimulator(options: { apiKey?: string; chatModels?: string[]; requireKey?: boolean } = {}): Promise<OpenAISimulator> {
  const apiKey = options.apiKey ?? 'sk-sim-openai-0123456789';
  const counter = new CallCounter();
  const files = new Map<string, Buffer>();

  const faults = (req: RecordedRequest, res: http.ServerResponse, sim: Simulator, text: string): boolean => {
    const status = transientFault(counter, req.path, text);
    if (status === 429) {
      error(res, 429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded', { 'retry-after': String(sim.knobs.retryAfterSeconds) });
      return true;
    }
    if (status) {
      error(res, status, 'The server had an error while processing your request.', 'server_error', null, {
        'retry-after': String(sim.knobs.retryAfterSeconds),
      });
      return true;
    }
    if (has(text, 'hang')) return true;
    if (has(text, 'reject')) {
      error(res, 400, "Invalid value for 'prompt': the simulator was told to refuse it.", 'invalid_request_error', 'invalid_value');
      return true;
    }
    if (has(text, 'safety')) {
      error(res, 400, 'Your request was rejected as a result of our safety system.', 'invalid_request_error', 'content_policy_violation');
      return true;
    }
    return false;
  };

  const sim = (await startSimulator(async (req, res, s) => {
    if (req.method === 'GET' && req.path.startsWith('/files/')) {
      const data = files.get(req.path.slice('/files/'.length));
      if (!data) return error(res, 404, 'Not found', 'not_found');
      return sendBytes(res, 200, data, 'image/png');
    }
    if (options.requireKey !== false && bearer(req) !== apiKey) {
      return error(
        res,
        401,
        `Incorrect API key provided: ${bearer(req) ?? ''}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    const body = req.json ?? {};

    if (req.method === 'POST' && req.path === '/v1/chat/completions') {
      const messages = Array.isArray(body.messages) ? body.messages : [];
      if (!body.model || !messages.length) return error(res, 400, "'messages' and 'model' are required", 'invalid_request_error');
      const chatModels = (sim as OpenAISimulator).chatModels;
      if (chatModels.length && !chatModels.includes(body.model)) {
        return error(
          res,
          404,
          `The model \`${body.model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        );
      }
      const last = String(messages.at(-1)?.content ?? '');
      if (faults(req, res, s, last)) return;
      const tokens = replyTokens(last);
      const usage = { prompt_tokens: Math.ceil(JSON.stringify(messages).length / 4), completion_tokens: tokens.length, total_tokens: 0 };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      const filtered = last.includes('[[sim:filtered]]');
      const cid = id('chatcmpl-', last);
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        if (has(last, 'malformed')) return sendJson(res, 200, { id: cid, object: 'chat.completion', choices: [] });
        return sendJson(
          res,
          200,
          {
            id: cid,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: filtered ? null : tokens.join(''), refusal: null },
                finish_reason: filtered ? 'content_filter' : 'stop',
                logprobs: null,
              },
            ],
            usage,
          },
          { 'x-request-id': id('req_', cid) },
        );
      }
      startSse(res);
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id: cid, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      if (has(last, 'malformed')) {
        res.write('data: {"id": "broken", "choices": [\n\n');
        return res.end();
      }
      for (const t of tokens) {
        await sleep(5);
        res.write(chunk({ content: t }, null));
      }
      res.write(chunk({}, filtered ? 'content_filter' : 'stop'));
      if (body.stream_options?.include_usage) {
        res.write(`data: ${JSON.stringify({ id: cid, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`);
      }
      res.write('data: [DONE]\n\n');
      return res.end();
    }

    if (req.method === 'POST' && req.path === '/v1/images/generations') {
      const prompt = String(body.prompt ?? '');
      if (!prompt) return error(res, 400, "'prompt' is required", 'invalid_request_error');
      const model = body.model ?? 'dall-e-2';
      if (model === 'dall-e-3') {
        if (body.size && !DALLE3_SIZES.includes(body.size))
          return error(res, 400, `'${body.size}' is not one of ${DALLE3_SIZES.join(', ')} - 'size'`, 'invalid_request_error');
        if (body.quality && !['standard', 'hd'].includes(body.quality))
          return error(res, 400, `Invalid quality '${body.quality}'`, 'invalid_request_error');
        if (body.n && body.n !== 1) return error(res, 400, 'dall-e-3 only supports n=1', 'invalid_request_error');
      } else if (model === 'gpt-image-1') {
        if (body.response_format) return error(res, 400, "Unknown parameter: 'response_format'.", 'invalid_request_error', 'unknown_parameter');
        if (body.size && !GPT_IMAGE_SIZES.includes(body.size)) return error(res, 400, `Invalid size '${body.size}'`, 'invalid_request_error');
        if (body.quality && !['low', 'medium', 'high', 'auto'].includes(body.quality))
          return error(res, 400, `Invalid quality '${body.quality}'`, 'invalid_request_error');
      } else return error(res, 404, `The model '${model}' does not exist`, 'invalid_request_error', 'model_not_found');
      if (faults(req, res, s, prompt)) return;
      const [w, h] = String(body.size && body.size !== 'auto' ? body.size : '1024x1024')
        .split('x')
        .map(Number) as [number, number];
      // Small pictures keep tests fast; the size asked for is echoed in the file name.
      const png = await pngOf(Math.round(w / 16), Math.round(h / 16), prompt);
      const created = Math.floor(Date.now() / 1000);
      const rid = id('req_', prompt);
      if (has(prompt, 'malformed'))
        return sendJson(
          res,
          200,
          { created, data: [{ b64_json: Buffer.from('<html>not an image</html>').toString('base64') }] },
          { 'x-request-id': rid },
        );
      const asUrl = body.response_format === 'url' || prompt.includes('[[sim:url]]');
      let item: Record<string, unknown>;
      if (asUrl) {
        const name = `${id('img-', prompt)}-${w}x${h}.png`;
        files.set(name, png);
        item = { url: `${s.url}/files/${name}` };
      } else item = { b64_json: png.toString('base64') };
      if (model === 'dall-e-3') item.revised_prompt = `A detailed rendering of: ${prompt}`;
      return sendJson(
        res,
        200,
        {
          created,
          data: [item],
          ...(model === 'gpt-image-1'
            ? { usage: { input_tokens: 50, output_tokens: 4160, total_tokens: 4210, input_tokens_details: { text_tokens: 50, image_tokens: 0 } } }
            : {}),
        },
        { 'x-request-id': rid },
      );
    }

    if (req.method === 'POST' && req.path === '/v1/audio/speech') {
      const input = String(body.input ?? '');
      if (!input) return error(res, 400, "'input' is required", 'invalid_request_error');
      if (!['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'].includes(body.model))
        return error(res, 404, `The model '${body.model}' does not exist`, 'invalid_request_error', 'model_not_found');
      if (!VOICES.includes(body.voice)) return error(res, 400, `Invalid voice '${body.voice}'`, 'invalid_request_error');
      if (body.speed !== undefined && (body.speed < 0.25 || body.speed > 4))
        return error(res, 400, 'speed must be between 0.25 and 4.0', 'invalid_request_error');
      if (faults(req, res, s, input)) return;
      if (has(input, 'malformed')) return sendBytes(res, 200, Buffer.from('{"not":"audio"}'), 'audio/mpeg');
      return sendBytes(res, 200, mp3Of(), 'audio/mpeg', { 'x-request-id': id('req_', input) });
    }

    return error(res, 404, `Unknown request URL: ${req.method} ${req.path}`, 'invalid_request_error', 'unknown_url');
  })) as OpenAISimulator;
  sim.apiKey = apiKey;
  sim.chatModels = options.chatModels ?? [];
  return sim;
}
