import { describe, expect, it } from 'vitest';
import { parseWav } from './common';
import { measureLoudness, probeMedia } from './media-probe';
import { pitchToEspeak, resolveVoice, speedToWpm, synthesizeSpeech } from './speech';

describe('synthesizeSpeech', () => {
  it('speaks text to a non-silent WAV with a correct header and duration', async () => {
    const seen: number[] = [];
    const result = await synthesizeSpeech({
      text: 'Hello from Atelier. This voice is generated offline.',
      voice: 'en-us+f3',
      onProgress: (p) => void seen.push(p),
    });
    expect(result.mime).toBe('audio/wav');
    expect(result.ext).toBe('wav');
    expect(result.durationSeconds).toBeGreaterThan(1);
    const wav = parseWav(result.data);
    expect(wav.dataOffset + wav.dataLength).toBe(result.data.length); // header sizes were rewritten
    expect(result.data.readUInt32LE(4)).toBe(result.data.length - 8);
    expect(wav.durationSeconds).toBeCloseTo(result.durationSeconds, 6);
    const probe = await probeMedia(result.data);
    expect(probe.hasAudio).toBe(true);
    expect(probe.audioCodec).toBe('pcm_s16le');
    expect(probe.durationSeconds).toBeCloseTo(result.durationSeconds, 2);
    const loudness = await measureLoudness(result.data);
    expect(loudness.maxVolumeDb).toBeGreaterThan(-30);
    expect(result.metadata).toMatchObject({ engine: 'local', voice: 'en-us+f3', wordsPerMinute: 175, pitch: 50 });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }, 20_000);

  it('encodes MP3 and applies language, speed and pitch', async () => {
    const slow = await synthesizeSpeech({ text: 'Bonjour tout le monde, comment allez-vous ?', language: 'fr', speed: 0.6 });
    const fast = await synthesizeSpeech({
      text: 'Bonjour tout le monde, comment allez-vous ?',
      language: 'fr',
      speed: 1.8,
      pitch: 80,
      format: 'mp3',
    });
    expect(fast.mime).toBe('audio/mpeg');
    const probe = await probeMedia(fast.data);
    expect(probe.audioCodec).toBe('mp3');
    expect(fast.durationSeconds).toBeGreaterThan(0);
    expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds);
    expect(fast.metadata).toMatchObject({ voice: 'fr', wordsPerMinute: 315, pitch: 80, format: 'mp3' });
    expect((await measureLoudness(fast.data)).maxVolumeDb).toBeGreaterThan(-30);
  }, 20_000);

  it('falls back to en-us for unknown voices and reports it', async () => {
    const result = await synthesizeSpeech({ text: 'Fallback test.', voice: 'zz-nope' });
    expect(result.metadata.voice).toBe('en-us');
    expect(result.metadata.voiceFallback).toBe('zz-nope');
    expect(result.durationSeconds).toBeGreaterThan(0);
  }, 20_000);

  it('maps voice, speed and pitch parameters safely', () => {
    expect(resolveVoice(undefined, undefined)).toBe('en-us');
    expect(resolveVoice('en+f3', 'fr')).toBe('en+f3');
    expect(resolveVoice('+f4', 'de')).toBe('de+f4');
    expect(resolveVoice('female', 'es')).toBe('es+f3');
    expect(resolveVoice('EN_US', undefined)).toBe('en-us');
    expect(resolveVoice('-w /etc/passwd', undefined)).toBe('en-us'); // never an option-looking argument
    expect(resolveVoice(undefined, 'pt_BR')).toBe('pt-br');
    expect(speedToWpm(1)).toBe(175);
    expect(speedToWpm(0.1)).toBe(88);
    expect(speedToWpm(5)).toBe(350);
    expect(pitchToEspeak(undefined)).toBe(50);
    expect(pitchToEspeak(150)).toBe(99);
    expect(pitchToEspeak(-3)).toBe(0);
  });

  it('passes shell metacharacters through as plain text and honours abort', async () => {
    const tricky = await synthesizeSpeech({ text: '$(touch /tmp/pwned) ; rm -rf / && `echo hi` | cat' });
    expect(tricky.durationSeconds).toBeGreaterThan(0);
    const controller = new AbortController();
    controller.abort();
    await expect(synthesizeSpeech({ text: 'never spoken', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const late = new AbortController();
    const pending = synthesizeSpeech({ text: 'word '.repeat(3000), signal: late.signal });
    setTimeout(() => late.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  }, 20_000);

  it('rejects empty text', async () => {
    await expect(synthesizeSpeech({ text: '   ' })).rejects.toThrow(/text/);
  });
});
