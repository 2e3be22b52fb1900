import type http from 'node:http';
import { sniffMedia } from '../download';
import { CallCounter, formData, has, id, mp3Of, type Simulator, sendBytes, sendJson, startSimulator, transientFault } from './common';

/**
 * A local ElevenLabs API for tests, after ElevenLabs' API reference:
 *   POST /v1/text-to-speech/{voice_id}?output_format=…  { text, model_id, voice_settings } → audio/mpeg,
 *                                                       with request-id and x-character-count headers
 *   GET  /v1/voices                                     { voices: [{ voice_id, name, category, … }] }
 *   POST /v1/voices/add                                 multipart: name, files[] (audio), description
 *                                                       → { voice_id, requires_verification }
 * Errors use ElevenLabs' body (`{ detail: { status, message } }`); 401 without xi-api-key.
 * Fault directives (in the text): see ./common.ts.
 */

export interface ElevenLabsSimulator extends Simulator {
  apiKey: string;
  voices: { voice_id: string; name: string; category: string }[];
}

const MODELS = ['eleven_turbo_v2_5', 'eleven_flash_v2_5', 'eleven_multilingual_v2', 'eleven_turbo_v2'];

const detail = (res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  sendJson(res, status, { detail: { status: code, message } }, headers);

export async function startElevenLabsSimulator(options: { apiKey?: string } = {}): Promise<ElevenLabsSimulator> {
  const apiKey = options.apiKey ?? 'sk_sim_elevenlabs_0123456789';
  const counter = new CallCounter();
  const voices = [
    { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade' },
    { voice_id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', category: 'premade' },
  ];
  const sim = (await startSimulator(async (req, res, s) => {
    if (req.headers['xi-api-key'] !== apiKey) return detail(res, 401, 'invalid_api_key', 'Invalid API key');

    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(req.path);
    if (req.method === 'POST' && tts) {
      const body = req.json ?? {};
      const text = String(body.text ?? '');
      if (!text) return detail(res, 422, 'invalid_request', 'text: Field required');
      if (body.model_id && !MODELS.includes(body.model_id)) return detail(res, 400, 'model_not_found', `Model '${body.model_id}' was not found`);
      if (!voices.some((v) => v.voice_id === tts[1])) return detail(res, 404, 'voice_not_found', `A voice with voice_id '${tts[1]}' was not found.`);
      const vs = body.voice_settings ?? {};
      for (const k of ['stability', 'similarity_boost']) {
        if (vs[k] !== undefined && (vs[k] < 0 || vs[k] > 1))
          return detail(res, 422, 'invalid_request', `voice_settings.${k} must be between 0 and 1`);
      }
      if (vs.speed !== undefined && (vs.speed < 0.7 || vs.speed > 1.2))
        return detail(res, 422, 'invalid_request', 'voice_settings.speed must be between 0.7 and 1.2');
      const status = transientFault(counter, req.path, text);
      if (status === 429)
        return detail(res, 429, 'too_many_concurrent_requests', 'Too many concurrent requests', { 'retry-after': String(s.knobs.retryAfterSeconds) });
      if (status) return detail(res, status, 'internal_error', 'Internal server error', { 'retry-after': String(s.knobs.retryAfterSeconds) });
      if (has(text, 'hang')) return;
      if (has(text, 'reject')) return detail(res, 400, 'text_too_long', 'The text was refused by the simulator');
      if (has(text, 'malformed')) return sendBytes(res, 200, Buffer.from('<html>oops</html>'), 'audio/mpeg');
      return sendBytes(res, 200, mp3Of(), 'audio/mpeg', { 'request-id': id('', text).slice(0, 20), 'x-character-count': String(text.length) });
    }

    if (req.method === 'GET' && req.path === '/v1/voices') {
      return sendJson(res, 200, {
        voices: voices.map((v) => ({ ...v, labels: {}, description: null, preview_url: null, available_for_tiers: [], settings: null })),
      });
    }

    if (req.method === 'POST' && req.path === '/v1/voices/add') {
      const form = await formData(req);
      const name = form.get('name');
      const samples = form.getAll('files').filter((f) => typeof f !== 'string');
      if (typeof name !== 'string' || !name) return detail(res, 422, 'invalid_request', 'name: Field required');
      if (!samples.length) return detail(res, 422, 'invalid_request', 'files: Field required');
      for (const f of samples) {
        const head = Buffer.from(await f.slice(0, 16).arrayBuffer());
        if (sniffMedia(head)?.kind !== 'audio') return detail(res, 400, 'invalid_file', `${f.name || 'file'} is not an audio file`);
      }
      const voiceId = id('', name).slice(0, 20);
      voices.push({ voice_id: voiceId, name, category: 'cloned' });
      return sendJson(res, 200, { voice_id: voiceId, requires_verification: false });
    }

    return detail(res, 404, 'not_found', `No route for ${req.method} ${req.path}`);
  })) as ElevenLabsSimulator;
  sim.apiKey = apiKey;
  sim.voices = voices;
  return sim;
}
