/**
 * Reads hints from a reference track for the local music synthesiser: its tempo (autocorrelation of an onset
 * envelope), its key (a chromagram matched against the Krumhansl–Kessler key profiles) and its loudness contour
 * (RMS per second, normalised). ffmpeg decodes any format to 22.05 kHz mono float PCM (argument array, stdin).
 */
import { runProcess, throwIfAborted } from './common';

export interface ReferenceHints {
  bpm: number | null;
  /** e.g. 'A minor' — parseable by `parseKey`. */
  key: string | null;
  /** Relative loudness per second of the reference, 0..1 (1 = its loudest second). */
  envelope: number[];
  durationSeconds: number;
}

const RATE = 22050;
const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
// Krumhansl–Kessler key profiles
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Decodes audio bytes (WAV, MP3, OGG, FLAC, …) to mono float samples at 22.05 kHz; at most `maxSeconds`. */
export async function decodeMono(audio: Buffer, maxSeconds = 120, signal?: AbortSignal): Promise<Float32Array> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', 'pipe:0', '-t', String(maxSeconds), '-ac', '1', '-ar', String(RATE)];
  args.push('-f', 'f32le', 'pipe:1');
  const { stdout } = await runProcess('ffmpeg', args, { input: audio, ...(signal ? { signal } : {}), timeoutMs: 60_000 });
  const samples = new Float32Array(Math.floor(stdout.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = stdout.readFloatLE(i * 4);
  return samples;
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/** Tempo from the autocorrelation of a half-wave-rectified energy-flux envelope (hop ≈ 11.6 ms), 60–180 bpm. */
export function estimateTempo(samples: Float32Array): number | null {
  const hop = 256;
  const frames = Math.floor(samples.length / hop);
  if (frames < 200) return null;
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let e = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) e += (samples[i] ?? 0) ** 2;
    energy[f] = Math.log1p(e * 100);
  }
  const flux = new Float64Array(frames);
  for (let f = 1; f < frames; f++) flux[f] = Math.max(0, (energy[f] ?? 0) - (energy[f - 1] ?? 0));
  const mean = flux.reduce((s, v) => s + v, 0) / frames;
  for (let f = 0; f < frames; f++) flux[f] = (flux[f] ?? 0) - mean;
  const fps = RATE / hop;
  const ac = (lag: number) => {
    const l0 = Math.floor(lag);
    const frac = lag - l0;
    let sum = 0;
    let n = 0;
    for (let f = 0; f + l0 + 1 < frames; f++) {
      const other = (flux[f + l0] ?? 0) * (1 - frac) + (flux[f + l0 + 1] ?? 0) * frac;
      sum += (flux[f] ?? 0) * other;
      n++;
    }
    return n ? sum / n : 0;
  };
  let bestLag = 0;
  let best = 0;
  for (let bpm = 60; bpm <= 180; bpm += 0.5) {
    const lag = (60 / bpm) * fps;
    // a beat repeats every beat, every two beats and every bar: comb over those periods
    const comb = ac(lag) + 0.5 * ac(2 * lag) + 0.5 * ac(4 * lag);
    // a mild preference for 90–130 bpm, where most music sits (halves octave errors)
    const weight = Math.exp(-0.5 * (Math.log2(bpm / 110) / 0.9) ** 2);
    const score = comb * weight;
    if (score > best) {
      best = score;
      bestLag = lag;
    }
  }
  return bestLag > 0 ? Math.round((60 * fps) / bestLag) : null;
}

/** Key from a chromagram (Goertzel at the equal-tempered pitches of MIDI 36–83 over ~0.19 s frames). */
export function estimateKey(samples: Float32Array): string | null {
  const frame = 4096;
  const chroma = new Array<number>(12).fill(0);
  const step = Math.max(frame, Math.floor(samples.length / 120)); // at most ~120 frames
  const coeffs: { pc: number; k: number }[] = [];
  for (let midi = 36; midi < 84; midi++) {
    const freq = 440 * 2 ** ((midi - 69) / 12);
    coeffs.push({ pc: midi % 12, k: 2 * Math.cos((2 * Math.PI * freq) / RATE) });
  }
  let frames = 0;
  for (let start = 0; start + frame <= samples.length; start += step) {
    frames++;
    for (const { pc, k } of coeffs) {
      let s1 = 0;
      let s2 = 0;
      for (let i = start; i < start + frame; i++) {
        // Hann window
        const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i - start)) / (frame - 1));
        const s0 = (samples[i] ?? 0) * w + k * s1 - s2;
        s2 = s1;
        s1 = s0;
      }
      const power = s1 * s1 + s2 * s2 - k * s1 * s2;
      chroma[pc] = (chroma[pc] ?? 0) + Math.sqrt(Math.max(0, power));
    }
  }
  if (!frames || chroma.every((v) => v === 0)) return null;
  let bestKey: string | null = null;
  let best = -Infinity;
  for (let tonic = 0; tonic < 12; tonic++) {
    const rotated = chroma.map((_, i) => chroma[(i + tonic) % 12] ?? 0);
    const major = correlation(rotated, MAJOR_PROFILE);
    const minor = correlation(rotated, MINOR_PROFILE);
    if (major > best) {
      best = major;
      bestKey = `${NOTE_NAMES[tonic]} major`;
    }
    if (minor > best) {
      best = minor;
      bestKey = `${NOTE_NAMES[tonic]} minor`;
    }
  }
  return best > 0.3 ? bestKey : null;
}

/** RMS per second, divided by the loudest second (silence → all zeros). */
export function loudnessContour(samples: Float32Array): number[] {
  const out: number[] = [];
  for (let start = 0; start < samples.length; start += RATE) {
    let sum = 0;
    const end = Math.min(samples.length, start + RATE);
    for (let i = start; i < end; i++) sum += (samples[i] ?? 0) ** 2;
    out.push(Math.sqrt(sum / Math.max(1, end - start)));
  }
  const max = Math.max(0, ...out);
  return max > 0 ? out.map((v) => v / max) : out.map(() => 0);
}

/** Tempo, key and loudness contour of a reference track. */
export async function analyseReference(audio: Buffer, signal?: AbortSignal): Promise<ReferenceHints> {
  const samples = await decodeMono(audio, 120, signal);
  throwIfAborted(signal);
  return {
    bpm: estimateTempo(samples),
    key: estimateKey(samples),
    envelope: loudnessContour(samples),
    durationSeconds: samples.length / RATE,
  };
}
