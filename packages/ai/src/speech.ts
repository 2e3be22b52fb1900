/**
 * Offline speech engine: espeak-ng (spawned with an argument array; the text goes through stdin, never argv or a
 * shell) → 16-bit mono WAV, optionally re-encoded to MP3 with ffmpeg.
 */
import {
  clamp,
  type EngineResult,
  type EngineRunOptions,
  ProcessError,
  parseWav,
  progressReporter,
  runProcess,
  throwIfAborted,
  wavHeader,
  wavToMp3,
} from './common';

export interface SynthesizeSpeechOptions extends EngineRunOptions {
  /** The text to speak (max 50 000 characters). */
  text: string;
  /**
   * An espeak-ng voice: a language code ('en-us', 'en-gb', 'fr', 'de', 'es', …), optionally with a variant
   * ('en+f3', 'en-us+klatt'), or a variant alone ('+f3', 'female', 'male') which is combined with `language`.
   * Unknown voices fall back to 'en-us' (reported in `metadata.voiceFallback`).
   */
  voice?: string;
  /** Speaking-rate multiplier, clamped to 0.5–2.0 (1 = 175 words per minute). */
  speed?: number;
  /** Pitch on a 0–100 scale (50 = the voice's normal pitch), passed to espeak-ng `-p` (clamped to 0–99). */
  pitch?: number;
  /** Language code used when `voice` is absent or is only a variant (default 'en-us'). Accepts 'en_US' too. */
  language?: string;
  format?: 'wav' | 'mp3';
}

export interface LocalVoice {
  id: string;
  name: string;
  language: string;
  gender: 'male' | 'female';
}

/** A curated list of espeak-ng voices that work well, for voice pickers. Any other espeak-ng voice id also works. */
export const LOCAL_VOICES: readonly LocalVoice[] = [
  { id: 'en-us', name: 'English (US) — male', language: 'en-us', gender: 'male' },
  { id: 'en-us+f3', name: 'English (US) — female', language: 'en-us', gender: 'female' },
  { id: 'en-gb', name: 'English (UK) — male', language: 'en-gb', gender: 'male' },
  { id: 'en-gb+f4', name: 'English (UK) — female', language: 'en-gb', gender: 'female' },
  { id: 'fr', name: 'French — male', language: 'fr', gender: 'male' },
  { id: 'fr+f3', name: 'French — female', language: 'fr', gender: 'female' },
  { id: 'de', name: 'German — male', language: 'de', gender: 'male' },
  { id: 'de+f3', name: 'German — female', language: 'de', gender: 'female' },
  { id: 'es', name: 'Spanish — male', language: 'es', gender: 'male' },
  { id: 'es+f3', name: 'Spanish — female', language: 'es', gender: 'female' },
  { id: 'it', name: 'Italian — male', language: 'it', gender: 'male' },
  { id: 'pt', name: 'Portuguese — male', language: 'pt', gender: 'male' },
];

export const DEFAULT_WORDS_PER_MINUTE = 175;
const MAX_TEXT_LENGTH = 50_000;
const VOICE_PATTERN = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*(?:\+[a-z0-9_]{1,24})?$/;
const VARIANT_PATTERN = /^\+[a-z0-9_]{1,24}$/;
const VARIANT_ALIASES: Record<string, string> = { female: '+f3', woman: '+f3', f: '+f3', male: '', man: '', m: '' };

function normaliseLanguage(language: string | undefined): string | undefined {
  const lang = language?.trim().toLowerCase().replace(/_/g, '-');
  return lang && VOICE_PATTERN.test(lang) && !lang.includes('+') ? lang : undefined;
}

/** Resolves the espeak-ng `-v` argument from voice + language. Never returns something starting with '-'. */
export function resolveVoice(voice: string | undefined, language: string | undefined): string {
  const lang = normaliseLanguage(language) ?? 'en-us';
  const trimmed = voice?.trim().toLowerCase() ?? '';
  const plus = trimmed.indexOf('+');
  // 'en_US+f3' → 'en-us+f3' (underscores only normalised in the language part)
  const raw = plus < 0 ? trimmed.replace(/_/g, '-') : `${trimmed.slice(0, plus).replace(/_/g, '-')}${trimmed.slice(plus)}`;
  if (!raw) return lang;
  const alias = VARIANT_ALIASES[raw];
  if (alias !== undefined) return `${lang}${alias}`;
  if (VARIANT_PATTERN.test(raw)) return `${lang}${raw}`;
  if (VOICE_PATTERN.test(raw)) return raw;
  return lang;
}

/** Maps the speed multiplier to espeak-ng words per minute. */
export function speedToWpm(speed: number | undefined): number {
  const s = speed === undefined || !Number.isFinite(speed) ? 1 : clamp(speed, 0.5, 2);
  return Math.round(DEFAULT_WORDS_PER_MINUTE * s);
}

/** Maps the 0–100 pitch to espeak-ng's 0–99 `-p` value. */
export function pitchToEspeak(pitch: number | undefined): number {
  const p = pitch === undefined || !Number.isFinite(pitch) ? 50 : pitch;
  return Math.round(clamp(p, 0, 99));
}

async function runEspeak(
  text: string,
  voice: string,
  wpm: number,
  pitch: number,
  signal: AbortSignal | undefined,
  onBytes: (total: number) => void,
): Promise<Buffer> {
  let total = 0;
  const args = ['-v', voice, '-s', String(wpm), '-p', String(pitch), '--stdout', '--stdin'];
  const { stdout } = await runProcess('espeak-ng', args, {
    input: text,
    signal,
    onStdout: (chunk) => {
      total += chunk.length;
      onBytes(total);
    },
  });
  return stdout;
}

/** Speaks text with espeak-ng. Returns a WAV (or MP3) with `durationSeconds` from the PCM data. */
export async function synthesizeSpeech(options: SynthesizeSpeechOptions): Promise<EngineResult & { durationSeconds: number }> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const text = (options.text ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) throw new Error('synthesizeSpeech: text is required');
  if (text.length > MAX_TEXT_LENGTH) throw new RangeError(`synthesizeSpeech: text is longer than ${MAX_TEXT_LENGTH} characters`);
  const format = options.format ?? 'wav';
  if (format !== 'wav' && format !== 'mp3') throw new RangeError(`synthesizeSpeech: unsupported format ${String(format)}`);
  const wpm = speedToWpm(options.speed);
  const pitch = pitchToEspeak(options.pitch);
  let voice = resolveVoice(options.voice, options.language);
  let voiceFallback: string | null = null;
  report(0);

  // Rough size estimate (22.05 kHz × 16-bit mono) so progress moves while espeak-ng writes.
  const words = text.split(/\s+/).length;
  const expectedBytes = Math.max(1, (words / wpm) * 60 * 1.2 * 22050 * 2);
  const onBytes = (n: number) => report(5 + Math.min(80, (80 * n) / expectedBytes));

  let raw: Buffer;
  try {
    raw = await runEspeak(text, voice, wpm, pitch, signal, onBytes);
  } catch (err) {
    if (!(err instanceof ProcessError) || !/voice does not exist|failed to read voice/i.test(err.stderr)) throw err;
    voiceFallback = voice;
    voice = 'en-us';
    raw = await runEspeak(text, voice, wpm, pitch, signal, onBytes);
  }
  throwIfAborted(signal);
  const info = parseWav(raw);
  if (info.dataLength === 0) throw new Error('espeak-ng produced no audio');
  // espeak-ng writes a streaming header with placeholder sizes; rewrite a canonical one.
  const pcm = raw.subarray(info.dataOffset, info.dataOffset + info.dataLength);
  const wav = Buffer.concat([wavHeader(pcm.length, info.sampleRate, info.channels, info.bitsPerSample), pcm]);
  report(88);

  let data: Buffer = wav;
  if (format === 'mp3') data = await wavToMp3(wav, signal, 128);
  throwIfAborted(signal);
  report(100);
  return {
    data,
    mime: format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
    ext: format,
    durationSeconds: info.durationSeconds,
    metadata: {
      engine: 'local',
      model: 'local/speech',
      synthesizer: 'espeak-ng',
      voice,
      voiceFallback,
      language: voice.split('+')[0] ?? voice,
      speed: wpm / DEFAULT_WORDS_PER_MINUTE,
      wordsPerMinute: wpm,
      pitch,
      format,
      sampleRate: info.sampleRate,
      channels: info.channels,
      durationSeconds: info.durationSeconds,
      characters: text.length,
    },
  };
}
