/** Composition for the offline music engine: melodic phrases, chord pitch classes and voicings. */
import { clamp, type Rng } from './common';

export interface MelodyNote {
  step: number; // 16th step within a 4-bar phrase (0..63)
  length: number; // in steps
  index: number; // scale index (0 = tonic of the lead octave)
  velocity: number;
}

export function generatePhrase(rng: Rng, density: number, startIndex: number, resolve: boolean): MelodyNote[] {
  const notes: MelodyNote[] = [];
  let idx = startIndex;
  const walk = () => {
    const step = rng.weighted([
      [-2, 1.2],
      [-1, 3],
      [0, 1],
      [1, 3],
      [2, 1.2],
      [-4, 0.35],
      [4, 0.35],
      [3, 0.4],
      [-3, 0.4],
    ] as const);
    idx += step;
    if (idx < 0) idx = -idx;
    if (idx > 11) idx = 22 - idx;
    idx = clamp(idx, 0, 11);
    return idx;
  };
  for (let bar = 0; bar < 4; bar++) {
    let beat = 0;
    while (beat < 4) {
      const base = bar * 16 + beat * 4;
      const canHalf = beat % 2 === 0;
      const cell = rng.weighted([
        ['rest', (1 - density) * 2],
        ['quarter', 1.6],
        ['eighths', 1.4 * density + 0.2],
        ['dotted', 0.6 * density],
        ['half', canHalf ? 1.1 - density * 0.6 : 0],
      ] as const);
      const v = () => rng.range(0.75, 1) * (beat === 0 ? 1 : 0.9);
      if (cell === 'quarter') notes.push({ step: base, length: 4, index: walk(), velocity: v() });
      else if (cell === 'eighths') {
        notes.push({ step: base, length: 2, index: walk(), velocity: v() });
        notes.push({ step: base + 2, length: 2, index: walk(), velocity: v() * 0.85 });
      } else if (cell === 'dotted') {
        notes.push({ step: base, length: 3, index: walk(), velocity: v() });
        notes.push({ step: base + 3, length: 1, index: walk(), velocity: v() * 0.8 });
      } else if (cell === 'half') {
        notes.push({ step: base, length: 8, index: walk(), velocity: v() });
        beat += 1;
      }
      beat += 1;
    }
  }
  if (resolve) {
    // end the phrase on the tonic with a long note
    const kept = notes.filter((n) => n.step < 56);
    kept.push({ step: 56, length: 8, index: rng.chance(0.5) ? 0 : 7, velocity: 0.9 });
    return kept;
  }
  return notes;
}

export function chordPitchClasses(tonic: number, scale: readonly number[], degree: number, sevenths: boolean): number[] {
  const tones = [0, 2, 4, ...(sevenths ? [6] : [])].map((o) => {
    const i = degree + o;
    return (tonic + (scale[i % 7] ?? 0) + 12 * Math.floor(i / 7)) % 12;
  });
  return tones;
}

/** Places pitch classes into a compact voicing around [low, low + 15]. */
export function voice(pcs: readonly number[], low: number): number[] {
  return pcs
    .map((pc) => {
      let n = low - (low % 12) + pc;
      if (n < low) n += 12;
      return n;
    })
    .sort((a, b) => a - b);
}

/** Renders a musical WAV (44.1 kHz, 16-bit, stereo) — or MP3 — from key/mood/genre/tempo. Deterministic per seed. */
