/**
 * Shared plumbing for the offline local engines: result types, progress/abort helpers, a seeded PRNG,
 * string hashing, safe child-process execution (argument arrays only, never a shell) and temp folders.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type AspectRatio = '16:9' | '9:16' | '1:1';
export type Resolution = '480p' | '720p' | '1080p';

export const ASPECT_RATIOS: readonly AspectRatio[] = ['16:9', '9:16', '1:1'];
export const RESOLUTIONS: readonly Resolution[] = ['480p', '720p', '1080p'];

/** Called with increasing integer percentages in 0..100. May return a promise (e.g. BullMQ `job.updateProgress`). */
export type ProgressCallback = (percent: number) => void | Promise<void>;

/** Options every engine accepts besides its own parameters. */
export interface EngineRunOptions {
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

/** What every engine returns. `metadata.engine` is always `'local'`. */
export interface EngineResult {
  data: Buffer;
  mime: string;
  ext: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  metadata: Record<string, unknown> & { engine: 'local' };
}

/** Error thrown when an engine is cancelled through its AbortSignal (`err.name === 'AbortError'`). */
export class AbortError extends Error {
  constructor(message = 'The operation was aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError();
}

/** Yields to the event loop (so abort events can fire during long synchronous work), then checks the signal. */
export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  throwIfAborted(signal);
}

/**
 * Wraps a progress callback so it only ever sees strictly increasing integers in 0..100.
 * Errors thrown (or promises rejected) by the callback are swallowed: progress reporting must never break a render.
 */
export function progressReporter(onProgress: ProgressCallback | undefined): (percent: number) => void {
  let last = -1;
  return (percent: number) => {
    if (!onProgress || !Number.isFinite(percent)) return;
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value <= last) return;
    last = value;
    try {
      const maybe = onProgress(value);
      if (maybe && typeof (maybe as Promise<void>).catch === 'function') (maybe as Promise<void>).catch(() => undefined);
    } catch {
      // ignore progress callback failures
    }
  };
}

/** Maps a sub-task's 0..100 progress into the [from, to] slice of a parent reporter. */
export function subProgress(report: (percent: number) => void, from: number, to: number): ProgressCallback {
  return (p: number) => report(from + ((to - from) * Math.max(0, Math.min(100, p))) / 100);
}

/** Pixel size for an aspect ratio and resolution: short side = 480/720/1080, long side = short × 16/9 rounded to even. */
export function dimensionsFor(aspectRatio: AspectRatio, resolution: Resolution): { width: number; height: number } {
  const short = resolution === '480p' ? 480 : resolution === '720p' ? 720 : resolution === '1080p' ? 1080 : Number.NaN;
  if (Number.isNaN(short)) throw new RangeError(`Unsupported resolution: ${String(resolution)}`);
  if (aspectRatio === '1:1') return { width: short, height: short };
  const long = Math.round((short * 16) / 9 / 2) * 2;
  if (aspectRatio === '16:9') return { width: long, height: short };
  if (aspectRatio === '9:16') return { width: short, height: long };
  throw new RangeError(`Unsupported aspect ratio: ${String(aspectRatio)}`);
}

/** A random unsigned 32-bit seed. */
export function randomSeed(): number {
  return randomInt(0, 2 ** 32);
}

/** Normalises a user-supplied seed to an unsigned 32-bit integer, or picks a random one. */
export function resolveSeed(seed: number | undefined | null): number {
  if (seed === undefined || seed === null || !Number.isFinite(seed)) return randomSeed();
  return (Math.trunc(Math.abs(seed)) % 2 ** 32) >>> 0;
}

/** 32-bit FNV-1a hash of a string (deterministic across platforms). */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Small, fast, deterministic PRNG (mulberry32). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, maxInclusive: number): number {
    return Math.floor(this.range(min, maxInclusive + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted() from an empty list');
    return last[0];
  }
}

export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

export interface RunProcessOptions {
  input?: Buffer | string;
  signal?: AbortSignal;
  cwd?: string;
  /** Receives stdout chunks as they arrive (they are still collected unless `collectStdout` is false). */
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  collectStdout?: boolean;
  /** Kill the process after this many milliseconds (default: no limit). */
  timeoutMs?: number;
}

export interface RunProcessResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

/**
 * Runs a binary with an argument array (never through a shell). Rejects with AbortError when the signal fires
 * (the child is killed), or with ProcessError on a non-zero exit.
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<RunProcessResult> {
  const { signal } = options;
  return new Promise<RunProcessResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError());
      return;
    }
    const child = spawn(command, [...args], { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errLength = 0;
    let settled = false;
    let aborted = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      fn();
    };
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
      // settle once the child has actually exited (so callers can safely delete its files); fall back after 2 s
      const fallback = setTimeout(() => finish(() => reject(new AbortError())), 2000);
      child.once('close', () => {
        clearTimeout(fallback);
        finish(() => reject(new AbortError()));
      });
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (options.timeoutMs && options.timeoutMs > 0) {
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(() => reject(new ProcessError(`${command} timed out after ${options.timeoutMs} ms`, null, Buffer.concat(err).toString())));
      }, options.timeoutMs);
    }

    child.stdout.on('data', (chunk: Buffer) => {
      if (options.collectStdout !== false) out.push(chunk);
      options.onStdout?.(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // keep the last ~64 KiB of stderr for error messages
      err.push(chunk);
      errLength += chunk.length;
      while (errLength > 65536 && err.length > 1) errLength -= err.shift()?.length ?? 0;
      options.onStderr?.(chunk);
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      finish(() => reject(e.code === 'ENOENT' ? new ProcessError(`${command} is not installed or not on PATH`, null, '') : e));
    });
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString();
      if (aborted) return;
      if (code === 0) finish(() => resolve({ code: 0, stdout: Buffer.concat(out), stderr }));
      else {
        const tail = stderr.trim().split('\n').slice(-5).join('\n');
        finish(() => reject(new ProcessError(`${command} exited with code ${code}: ${tail}`, code, stderr)));
      }
    });
    // A child that exits early (or is killed) closes stdin; ignore EPIPE.
    child.stdin.on('error', () => undefined);
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/** Creates a private temp folder, runs `fn` in it and always removes it afterwards. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `atelier-${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Minimal information about a PCM WAV file. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataLength: number;
  durationSeconds: number;
}

/**
 * Parses a RIFF/WAVE header. Tolerates streaming headers with bogus sizes (as written by `espeak-ng --stdout`)
 * by clamping the data chunk to the bytes actually present.
 */
export function parseWav(buf: Buffer): WavInfo {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bitsPerSample = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bitsPerSample = buf.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (!sampleRate || !channels || !bitsPerSample) throw new Error('WAV data chunk before fmt chunk');
      const frameBytes = (channels * bitsPerSample) / 8;
      let dataLength = Math.min(size, buf.length - body);
      dataLength -= dataLength % frameBytes;
      return { sampleRate, channels, bitsPerSample, dataOffset: body, dataLength, durationSeconds: dataLength / frameBytes / sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** Builds a canonical 44-byte PCM WAV header. */
export function wavHeader(dataLength: number, sampleRate: number, channels: number, bitsPerSample: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataLength, 40);
  return header;
}

/** Re-encodes WAV bytes to MP3 with ffmpeg/libmp3lame (stdin → stdout). */
export async function wavToMp3(wav: Buffer, signal?: AbortSignal, bitrateKbps = 192): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'wav', '-i', 'pipe:0'];
  args.push('-vn', '-codec:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`, '-f', 'mp3', 'pipe:1');
  // -nostdin only disables interactive console commands; the media itself still arrives on pipe:0.
  const { stdout } = await runProcess('ffmpeg', args, { input: wav, signal });
  if (stdout.length === 0) throw new Error('ffmpeg produced no MP3 output');
  return stdout;
}
