import { describe, expect, it } from 'vitest';
import { parseWav } from './common';
import { measureLoudness, probeMedia } from './media-probe';
import { MUSIC_GENRES, normaliseGenre, parseKey, synthesizeMusic } from './music';

describe('synthesizeMusic', () => {
  it('renders 12 s at 120 bpm in A minor as non-silent 44.1 kHz 16-bit stereo WAV', async () => {
    const seen: number[] = [];
    const result = await synthesizeMusic({
      durationSeconds: 12,
      bpm: 120,
      key: 'A minor',
      genre: 'pop',
      seed: 42,
      onProgress: (p) => void seen.push(p),
    });
    expect(result.mime).toBe('audio/wav');
    const probe = await probeMedia(result.data);
    expect(probe.hasAudio).toBe(true);
    expect(probe.audioCodec).toBe('pcm_s16le');
    expect(probe.sampleRate).toBe(44100);
    expect(probe.channels).toBe(2);
    expect(Math.abs(probe.durationSeconds - 12)).toBeLessThan(12 * 0.05);
    const wav = parseWav(result.data);
    expect(wav.dataLength / 4).toBe(12 * 44100); // exact frame count
    const loudness = await measureLoudness(result.data);
    expect(loudness.maxVolumeDb).toBeGreaterThan(-30);
    expect(loudness.meanVolumeDb).toBeGreaterThan(-40);
    expect(result.metadata).toMatchObject({ engine: 'local', key: 'A minor', mode: 'minor', bpm: 120, genre: 'pop', seed: 42, hasDrums: true });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }, 30_000);

  it('is deterministic per seed and varies with the seed', async () => {
    const opts = { durationSeconds: 2, genre: 'lofi', key: 'F#m', seed: 9 };
    const a = await synthesizeMusic(opts);
    const b = await synthesizeMusic(opts);
    const c = await synthesizeMusic({ ...opts, seed: 10 });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(a.metadata.key).toBe('F# minor');
  }, 30_000);

  it('renders every genre (ambient without drums) at non-integer durations', async () => {
    for (const genre of MUSIC_GENRES) {
      const r = await synthesizeMusic({ durationSeconds: 1.37, genre, seed: 3 });
      expect(parseWav(r.data).dataLength / 4).toBe(Math.round(1.37 * 44100));
      expect(r.metadata.genre).toBe(genre);
      expect(r.metadata.hasDrums).toBe(genre !== 'ambient' && genre !== 'classical');
    }
  }, 30_000);

  it('reads genre/mood/key/tempo from the prompt and encodes MP3', async () => {
    const r = await synthesizeMusic({ prompt: 'sad lofi beat in D minor at 84 bpm', durationSeconds: 2, seed: 1, format: 'mp3' });
    expect(r.mime).toBe('audio/mpeg');
    expect(r.metadata).toMatchObject({ genre: 'lofi', key: 'D minor', keySource: 'prompt', bpm: 84 });
    const probe = await probeMedia(r.data);
    expect(probe.audioCodec).toBe('mp3');
    expect(Math.abs(probe.durationSeconds - 2)).toBeLessThan(0.1);
    const happy = await synthesizeMusic({ mood: 'happy', genre: 'house', durationSeconds: 1, seed: 1 });
    expect(happy.metadata).toMatchObject({ mode: 'major', genre: 'electronic' });
  }, 30_000);

  it('parses keys and genres', () => {
    expect(parseKey('A minor')).toEqual({ tonic: 9, mode: 'minor', name: 'A minor' });
    expect(parseKey('Am')).toMatchObject({ tonic: 9, mode: 'minor' });
    expect(parseKey('C major')).toMatchObject({ tonic: 0, mode: 'major' });
    expect(parseKey('C')).toMatchObject({ tonic: 0, mode: 'major' });
    expect(parseKey('F#m')).toMatchObject({ tonic: 6, mode: 'minor', name: 'F# minor' });
    expect(parseKey('Bb')).toMatchObject({ tonic: 10, mode: 'major' });
    expect(parseKey('bm')).toMatchObject({ tonic: 11, mode: 'minor' });
    expect(parseKey('Eb minor')).toMatchObject({ tonic: 3, mode: 'minor' });
    expect(parseKey('nonsense')).toBeUndefined();
    expect(normaliseGenre('Hip Hop')).toBe('hip-hop');
    expect(normaliseGenre('lo-fi')).toBe('lofi');
    expect(normaliseGenre('EDM')).toBe('electronic');
    expect(normaliseGenre('polka')).toBeUndefined();
  });

  it('honours abort mid-render and rejects bad durations', async () => {
    const controller = new AbortController();
    const pending = synthesizeMusic({ durationSeconds: 120, genre: 'rock', seed: 1, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(synthesizeMusic({ durationSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(synthesizeMusic({ durationSeconds: 10_000 })).rejects.toThrow(RangeError);
  }, 30_000);
});
