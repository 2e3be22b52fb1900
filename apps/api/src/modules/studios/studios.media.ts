import { randomUUID } from 'node:crypto';
import type { MediaStorage } from '@atelier/media';
import { AppError } from '@atelier/shared';
import { ownMediaKey } from '../projects/projects.media';

/** Largest audio sample or reference track accepted (decoded bytes). */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

type AudioKind = { ext: 'wav' | 'mp3' | 'ogg' | 'flac'; mime: string };

const invalid = (field: string, message: string, code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' = 'VALIDATION') =>
  new AppError(code, message, { fields: [{ path: field, message }] });

/** Sniffs audio from its first bytes (RIFF/WAVE, ID3 or an MPEG frame sync, OggS, fLaC) — never the name or declared type. */
export function sniffAudio(data: Buffer): AudioKind | null {
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE') {
    return { ext: 'wav', mime: 'audio/wav' };
  }
  if (data.length >= 3 && data.toString('latin1', 0, 3) === 'ID3') return { ext: 'mp3', mime: 'audio/mpeg' };
  if (data.length >= 2 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0) return { ext: 'mp3', mime: 'audio/mpeg' };
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', mime: 'audio/ogg' };
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'fLaC') return { ext: 'flac', mime: 'audio/flac' };
  return null;
}

/** Parses a base64 audio payload (data URL or bare base64); size checked on the encoded length first. */
export function decodeAudioPayload(payload: string, field: string): { data: Buffer; kind: AudioKind } {
  const trimmed = payload.trim();
  const m = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i.exec(trimmed);
  const body = (m ? trimmed.slice(m[0].length) : trimmed).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw invalid(field, `${field} must be a base64 data URL of a WAV, MP3, OGG or FLAC file`);
  if (Math.floor((body.length * 3) / 4) > MAX_AUDIO_BYTES) {
    throw invalid(field, `${field} is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');
  }
  const data = Buffer.from(body, 'base64');
  const kind = sniffAudio(data);
  if (!kind) throw invalid(field, `${field} is not an audio file (WAV, MP3, OGG or FLAC)`);
  return { data, kind };
}

/** Stores an uploaded audio payload under uploads/<userId>/<uuid>.<ext>. */
export async function storeUploadedAudio(storage: MediaStorage, userId: string, payload: string, field: string) {
  const { data, kind } = decodeAudioPayload(payload, field);
  const key = `uploads/${userId}/${randomUUID()}.${kind.ext}`;
  await storage.put(key, data, kind.mime);
  return { key, data, bytes: data.length, ext: kind.ext };
}

/** A reference that is either a fresh data-URL upload or one of the user's own media keys / signed URLs. */
export async function audioReference(storage: MediaStorage, userId: string, ref: string, field: string): Promise<string> {
  if (/^data:/i.test(ref.trim())) return (await storeUploadedAudio(storage, userId, ref, field)).key;
  return ownMediaKey(storage, userId, ref, field, 'audio');
}
