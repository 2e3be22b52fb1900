/**
 * Audio for the sound editor, with ffmpeg as a child process (argument arrays, never a shell):
 * decode-check and measure a file, compute its waveform peaks, and pull the sound out of a video.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@atelier/ai';
import type { MediaStorage } from '@atelier/media';

/** Waveform resolution: at most this many bins a second, and at most MAX_PEAKS in all. */
export const PEAKS_PER_SECOND = 50;
export const MAX_PEAKS = 6000;
/** Decode at this rate for peaks: plenty for an amplitude envelope. */
const PEAK_SAMPLE_RATE = 8000;
const FFMPEG_TIMEOUT_MS = 120_000;

export interface AudioFacts {
  durationSeconds: number;
  peaks: number[];
  peaksPerSecond: number;
}

/** Runs ffmpeg and returns stdout as bytes; rejects with the last stderr line on failure. */
export function ffmpeg(args: string[], timeoutMs = FFMPEG_TIMEOUT_MS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not start: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(stderr.trim().split('\n').pop() || `ffmpeg exited with code ${code}`));
    });
  });
}

export async function withTempFile<T>(data: Buffer, ext: string, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-sound-'));
  try {
    const file = path.join(dir, `input.${ext}`);
    await writeFile(file, data);
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

export async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of storage.read(key)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/** Peak absolute amplitude (0–1) of mono s16le samples, `bins` bins. */
export function peaksOf(pcm: Buffer, bins: number): number[] {
  const samples = Math.floor(pcm.length / 2);
  if (!samples || bins <= 0) return [];
  const per = samples / bins;
  const out: number[] = [];
  for (let b = 0; b < bins; b++) {
    const from = Math.floor(b * per);
    const to = Math.max(from + 1, Math.min(samples, Math.floor((b + 1) * per)));
    let peak = 0;
    for (let i = from; i < to; i++) {
      const v = Math.abs(pcm.readInt16LE(i * 2));
      if (v > peak) peak = v;
    }
    out.push(Math.round((peak / 32768) * 1000) / 1000);
  }
  return out;
}

/**
 * Measures an audio file (its first audio stream) and computes its waveform. Returns null when
 * there is no decodable audio in it.
 */
export async function analyseAudioFile(file: string): Promise<AudioFacts | null> {
  let probe: Awaited<ReturnType<typeof probeMedia>>;
  try {
    probe = await probeMedia(file);
  } catch {
    return null;
  }
  if (!probe.hasAudio) return null;
  let pcm: Buffer;
  try {
    pcm = await ffmpeg([
      '-i',
      file,
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(PEAK_SAMPLE_RATE),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      'pipe:1',
    ]);
  } catch {
    return null;
  }
  // The decoded length is the truth (some containers report no or a wrong duration).
  const decoded = pcm.length / 2 / PEAK_SAMPLE_RATE;
  const durationSeconds = Math.round((decoded > 0 ? decoded : probe.durationSeconds) * 1000) / 1000;
  if (!(durationSeconds > 0)) return null;
  const bins = Math.max(1, Math.min(MAX_PEAKS, Math.round(durationSeconds * PEAKS_PER_SECOND)));
  return { durationSeconds, peaks: peaksOf(pcm, bins), peaksPerSecond: Math.round((bins / durationSeconds) * 1000) / 1000 };
}

/** The first audio stream of a media file, encoded to MP3 (192 kb/s stereo, 44.1 kHz). */
export function extractAudioToMp3(file: string): Promise<Buffer> {
  return ffmpeg(['-i', file, '-map', '0:a:0', '-vn', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3', 'pipe:1']);
}
