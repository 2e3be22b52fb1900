import { spawn } from 'node:child_process';

/** Analysis sample rate: enough for speech pitch (70–400 Hz) and cheap to scan. */
export const ANALYSIS_RATE = 16_000;

/** Decodes any audio ffmpeg reads to mono 16 kHz float PCM (first 60 s). */
export function decodeToPcm(data: Buffer): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const ff = spawn('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-t',
      '60',
      '-ac',
      '1',
      '-ar',
      String(ANALYSIS_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ]);
    const out: Buffer[] = [];
    let err = '';
    ff.stdout.on('data', (c: Buffer) => out.push(c));
    ff.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    ff.on('error', reject);
    ff.on('close', (code) => {
      if (code !== 0) return reject(new Error(err.trim() || `ffmpeg exited with ${code}`));
      const buf = Buffer.concat(out);
      const copy = new Float32Array(Math.floor(buf.length / 4));
      for (let i = 0; i < copy.length; i++) copy[i] = buf.readFloatLE(i * 4);
      resolve(copy);
    });
    ff.stdin.on('error', () => undefined);
    ff.stdin.end(data);
  });
}

export interface VoiceAnalysis {
  /** Median fundamental frequency of the voiced frames (Hz). */
  meanPitchHz: number;
  /** Syllable-like energy peaks per second of speech. */
  syllablesPerSecond: number;
  /** Seconds of audio with speech energy. */
  voicedSeconds: number;
}

const FRAME = Math.round(ANALYSIS_RATE * 0.04); // 40 ms
const HOP = Math.round(ANALYSIS_RATE * 0.01); // 10 ms

/** Pitch by autocorrelation over 70–400 Hz of one frame; null when it is not clearly periodic. */
function framePitch(pcm: Float32Array, start: number): number | null {
  const minLag = Math.floor(ANALYSIS_RATE / 400);
  const maxLag = Math.floor(ANALYSIS_RATE / 70);
  let energy = 0;
  for (let i = 0; i < FRAME; i++) energy += (pcm[start + i] ?? 0) ** 2;
  if (energy <= 0) return null;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i < FRAME; i++) sum += (pcm[start + i] ?? 0) * (pcm[start + i + lag] ?? 0);
    const r = sum / energy;
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.45 && bestLag ? ANALYSIS_RATE / bestLag : null;
}

/** Mean pitch (autocorrelation) and speaking rate (peaks of the energy envelope) of speech samples. */
export function analyseVoice(samples: Float32Array[]): VoiceAnalysis {
  const pitches: number[] = [];
  let peaks = 0;
  let voicedFrames = 0;
  for (const pcm of samples) {
    const env: number[] = [];
    for (let s = 0; s + FRAME + Math.floor(ANALYSIS_RATE / 70) < pcm.length; s += HOP) {
      let e = 0;
      for (let i = 0; i < FRAME; i++) e += (pcm[s + i] ?? 0) ** 2;
      env.push(Math.sqrt(e / FRAME));
    }
    const top = Math.max(0, ...env);
    if (top <= 1e-4) continue;
    const gate = top * 0.12;
    // Smoothed envelope (≈ 50 ms) for syllable nuclei.
    const smooth = env.map((_, i) => {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, i - 2); k <= Math.min(env.length - 1, i + 2); k++) {
        sum += env[k] ?? 0;
        n++;
      }
      return sum / n;
    });
    let lastPeak = -100;
    for (let i = 0; i < env.length; i++) {
      const v = env[i] ?? 0;
      if (v < gate) continue;
      voicedFrames++;
      if (i % 2 === 0) {
        const p = framePitch(pcm, i * HOP);
        if (p) pitches.push(p);
      }
      const sv = smooth[i] ?? 0;
      // A local maximum of the smoothed envelope, 100 ms apart at least, well above the gate.
      if (sv > gate * 2 && sv >= (smooth[i - 1] ?? 0) && sv > (smooth[i + 1] ?? 0) && i - lastPeak >= 10) {
        peaks++;
        lastPeak = i;
      }
    }
  }
  pitches.sort((a, b) => a - b);
  const voicedSeconds = (voicedFrames * HOP) / ANALYSIS_RATE;
  return {
    meanPitchHz: pitches.length ? (pitches[Math.floor(pitches.length / 2)] ?? 0) : 0,
    syllablesPerSecond: voicedSeconds > 0 ? peaks / voicedSeconds : 0,
    voicedSeconds,
  };
}

export interface EspeakSettings {
  voice: string;
  pitch: number;
  speed: number;
}

/**
 * Maps the analysis onto espeak-ng: a female variant above ~165 Hz, the pitch (0–100, 50 = the variant's
 * normal ≈ 120 Hz male / 210 Hz female) scaled from the measured f0, and the speed from the rate
 * (≈ 4.5 syllables per second of speech is espeak's normal 175 wpm).
 */
export function toEspeak(analysis: VoiceAnalysis, language = 'en-us'): EspeakSettings {
  const female = analysis.meanPitchHz >= 165;
  const base = female ? 210 : 120;
  const pitch = analysis.meanPitchHz > 0 ? Math.round(Math.min(100, Math.max(0, 50 + ((analysis.meanPitchHz - base) / base) * 100))) : 50;
  const speed = analysis.syllablesPerSecond > 0 ? Math.round(Math.min(2, Math.max(0.5, analysis.syllablesPerSecond / 4.5)) * 100) / 100 : 1;
  return { voice: female ? `${language}+f3` : language, pitch, speed };
}
