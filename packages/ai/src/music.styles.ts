/** The genre styles of the offline music engine: instruments, drum patterns, tempo ranges and chord progressions. */
import type { Mode, MusicGenre } from './music.theory';

export type Tone = 'sine' | 'triangle' | 'saw' | 'square' | 'organ';

export interface Instrument {
  tones: readonly Tone[]; // one oscillator per entry (paired with detune)
  detune: readonly number[]; // cents
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** exponential decay rate (1/s) applied after the attack instead of ADSR decay/sustain */
  pluck?: number;
  gain: number;
  send: number;
  lowpass?: number; // Hz
  /** cutoff added at note start, decaying with the pluck envelope (filter "pluck") */
  filterEnv?: number;
  drive?: number;
  vibrato?: { rate: number; cents: number; delay: number };
  tremolo?: { rate: number; depth: number };
  /** start this many semitones above and glide down over `glideTime` seconds (808 style) */
  glide?: number;
  glideTime?: number;
  /** crossfade from tones[] to a sine as the note decays (piano-ish brightness loss) */
  mellow?: number;
}

export interface Hit {
  step: number;
  velocity: number;
}

export interface DrumKit {
  kick: Hit[];
  snare: Hit[];
  clap: Hit[];
  hat: Hit[];
  openHat: Hit[];
  ride: Hit[];
  swing: number; // 0..0.5 of a step
  swingOn: 'sixteenths' | 'eighths';
  fills: boolean;
  kick808?: boolean;
}

export interface Style {
  bpm: number;
  chordBars: 1 | 2;
  sevenths: boolean;
  chordRhythm: readonly (readonly [number, number])[] | 'arpeggio' | 'sustain';
  chord: Instrument;
  pad?: Instrument;
  bass: Instrument;
  bassPattern: readonly (readonly [number, number, number])[] | 'walking';
  lead: Instrument;
  leadOctave: number;
  density: number;
  drums: DrumKit | null;
  reverb: number;
  sidechain: boolean;
  lofi: boolean;
  powerChords: boolean;
}

export const every = (steps: number[], velocity = 1): Hit[] => steps.map((step) => ({ step, velocity }));
export const eighths = (velocity: number, accent = 0.15): Hit[] =>
  [0, 2, 4, 6, 8, 10, 12, 14].map((step) => ({ step, velocity: step % 4 === 0 ? velocity : velocity * (1 - accent) }));
export const sixteenths = (velocity: number): Hit[] =>
  Array.from({ length: 16 }, (_, step) => ({ step, velocity: step % 2 === 0 ? velocity : velocity * 0.6 }));

export const PIANO: Instrument = {
  tones: ['saw', 'triangle'],
  detune: [0, 3],
  attack: 0.004,
  decay: 0.3,
  sustain: 0.2,
  release: 0.35,
  pluck: 2.2,
  gain: 0.16,
  send: 0.3,
  lowpass: 3200,
  mellow: 4,
};
export const EPIANO: Instrument = {
  tones: ['sine', 'triangle'],
  detune: [0, 4],
  attack: 0.006,
  decay: 0.5,
  sustain: 0.4,
  release: 0.4,
  pluck: 1.2,
  gain: 0.17,
  send: 0.3,
  tremolo: { rate: 4.5, depth: 0.18 },
};
export const PAD: Instrument = {
  tones: ['saw', 'saw', 'triangle'],
  detune: [-8, 8, 0],
  attack: 0.6,
  decay: 1,
  sustain: 0.85,
  release: 0.9,
  gain: 0.07,
  send: 0.55,
  lowpass: 1400,
};
export const STRINGS: Instrument = { ...PAD, attack: 0.35, lowpass: 2200, gain: 0.05, vibrato: { rate: 5, cents: 8, delay: 0.3 } };
export const PLUCK: Instrument = {
  tones: ['saw', 'square'],
  detune: [-6, 6],
  attack: 0.002,
  decay: 0.2,
  sustain: 0,
  release: 0.12,
  pluck: 9,
  gain: 0.11,
  send: 0.35,
  lowpass: 900,
  filterEnv: 3000,
};
export const GUITAR: Instrument = {
  tones: ['saw', 'saw'],
  detune: [-5, 5],
  attack: 0.003,
  decay: 0.2,
  sustain: 0.6,
  release: 0.06,
  pluck: 3,
  gain: 0.09,
  send: 0.12,
  lowpass: 2600,
  drive: 4,
};
export const SUB_BASS: Instrument = {
  tones: ['sine', 'triangle'],
  detune: [0, 0],
  attack: 0.005,
  decay: 0.3,
  sustain: 0.8,
  release: 0.08,
  gain: 0.32,
  send: 0,
};
export const SAW_BASS: Instrument = {
  tones: ['saw', 'sine'],
  detune: [0, 0],
  attack: 0.004,
  decay: 0.15,
  sustain: 0.7,
  release: 0.06,
  gain: 0.2,
  send: 0.02,
  lowpass: 700,
  filterEnv: 900,
  pluck: 2,
};
export const BASS_808: Instrument = { ...SUB_BASS, tones: ['sine'], detune: [0], gain: 0.4, glide: 5, glideTime: 0.06, drive: 1.5, release: 0.15 };
export const UPRIGHT: Instrument = {
  tones: ['sine', 'triangle'],
  detune: [0, 0],
  attack: 0.01,
  decay: 0.2,
  sustain: 0.3,
  release: 0.1,
  pluck: 4,
  gain: 0.36,
  send: 0.05,
};
export const LEAD_TRI: Instrument = {
  tones: ['triangle', 'sine'],
  detune: [0, 1200],
  attack: 0.01,
  decay: 0.2,
  sustain: 0.75,
  release: 0.18,
  gain: 0.14,
  send: 0.35,
  vibrato: { rate: 5.2, cents: 14, delay: 0.18 },
};
export const LEAD_SQUARE: Instrument = { ...LEAD_TRI, tones: ['square', 'saw'], detune: [0, 7], gain: 0.075, lowpass: 2400 };
export const LEAD_BELL: Instrument = {
  tones: ['sine', 'sine'],
  detune: [0, 1902],
  attack: 0.01,
  decay: 1,
  sustain: 0,
  release: 1.2,
  pluck: 1.4,
  gain: 0.14,
  send: 0.7,
};
export const LEAD_SAX: Instrument = {
  ...LEAD_TRI,
  tones: ['saw', 'triangle'],
  detune: [0, 0],
  lowpass: 1600,
  gain: 0.09,
  vibrato: { rate: 5.5, cents: 18, delay: 0.2 },
};

export const STYLES: Record<MusicGenre, Style> = {
  ambient: {
    bpm: 70,
    chordBars: 2,
    sevenths: true,
    chordRhythm: 'sustain',
    chord: { ...PAD, attack: 1.6, release: 2, gain: 0.08 },
    bass: { ...SUB_BASS, attack: 0.8, release: 1.5, gain: 0.2 },
    bassPattern: [[0, 16, 0]],
    lead: LEAD_BELL,
    leadOctave: 1,
    density: 0.3,
    drums: null,
    reverb: 0.75,
    sidechain: false,
    lofi: false,
    powerChords: false,
  },
  classical: {
    bpm: 92,
    chordBars: 1,
    sevenths: false,
    chordRhythm: 'arpeggio',
    chord: { ...PIANO, gain: 0.13 },
    pad: STRINGS,
    bass: { ...PIANO, gain: 0.2, lowpass: 1500 },
    bassPattern: [
      [0, 8, 0],
      [8, 8, 7],
    ],
    lead: { ...PIANO, gain: 0.2, lowpass: 4200 },
    leadOctave: 1,
    density: 0.75,
    drums: null,
    reverb: 0.45,
    sidechain: false,
    lofi: false,
    powerChords: false,
  },
  rock: {
    bpm: 120,
    chordBars: 1,
    sevenths: false,
    chordRhythm: [
      [0, 2],
      [2, 2],
      [4, 2],
      [6, 2],
      [8, 2],
      [10, 2],
      [12, 2],
      [14, 2],
    ],
    chord: GUITAR,
    bass: { ...SAW_BASS, gain: 0.24 },
    bassPattern: [0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 2, 0] as const),
    lead: { ...LEAD_SQUARE, drive: 2 },
    leadOctave: 1,
    density: 0.6,
    drums: {
      kick: [...every([0, 8]), { step: 10, velocity: 0.8 }],
      snare: every([4, 12]),
      clap: [],
      hat: eighths(0.55),
      openHat: [],
      ride: [],
      swing: 0,
      swingOn: 'sixteenths',
      fills: true,
    },
    reverb: 0.25,
    sidechain: false,
    lofi: false,
    powerChords: true,
  },
  pop: {
    bpm: 110,
    chordBars: 1,
    sevenths: false,
    chordRhythm: [
      [0, 3],
      [3, 3],
      [6, 2],
      [8, 3],
      [11, 3],
      [14, 2],
    ],
    chord: PIANO,
    pad: { ...PAD, gain: 0.045 },
    bass: SAW_BASS,
    bassPattern: [
      [0, 3, 0],
      [3, 3, 0],
      [6, 2, 12],
      [8, 3, 0],
      [11, 3, 7],
      [14, 2, 0],
    ],
    lead: LEAD_TRI,
    leadOctave: 1,
    density: 0.65,
    drums: {
      kick: [...every([0, 8]), { step: 6, velocity: 0.7 }],
      snare: every([4, 12]),
      clap: every([4, 12], 0.6),
      hat: eighths(0.45),
      openHat: [{ step: 14, velocity: 0.35 }],
      ride: [],
      swing: 0,
      swingOn: 'sixteenths',
      fills: true,
    },
    reverb: 0.35,
    sidechain: false,
    lofi: false,
    powerChords: false,
  },
  electronic: {
    bpm: 124,
    chordBars: 1,
    sevenths: true,
    chordRhythm: [
      [2, 1],
      [6, 1],
      [10, 1],
      [14, 1],
    ],
    chord: PLUCK,
    pad: { ...PAD, gain: 0.06 },
    bass: { ...SAW_BASS, gain: 0.22 },
    bassPattern: [
      [2, 2, 0],
      [6, 2, 0],
      [10, 2, 0],
      [14, 2, 12],
    ],
    lead: LEAD_SQUARE,
    leadOctave: 1,
    density: 0.7,
    drums: {
      kick: every([0, 4, 8, 12]),
      snare: [],
      clap: every([4, 12], 0.9),
      hat: sixteenths(0.22),
      openHat: every([2, 6, 10, 14], 0.4),
      ride: [],
      swing: 0,
      swingOn: 'sixteenths',
      fills: false,
    },
    reverb: 0.3,
    sidechain: true,
    lofi: false,
    powerChords: false,
  },
  'hip-hop': {
    bpm: 90,
    chordBars: 1,
    sevenths: true,
    chordRhythm: 'sustain',
    chord: { ...EPIANO, tremolo: undefined, gain: 0.14 },
    bass: BASS_808,
    bassPattern: [
      [0, 6, 0],
      [7, 3, 0],
      [10, 6, 0],
    ],
    lead: LEAD_BELL,
    leadOctave: 1,
    density: 0.45,
    drums: {
      kick: [...every([0]), { step: 7, velocity: 0.8 }, { step: 10, velocity: 0.9 }],
      snare: every([4, 12]),
      clap: every([4, 12], 0.5),
      hat: eighths(0.4),
      openHat: [],
      ride: [],
      swing: 0.18,
      swingOn: 'sixteenths',
      fills: false,
      kick808: true,
    },
    reverb: 0.25,
    sidechain: false,
    lofi: false,
    powerChords: false,
  },
  lofi: {
    bpm: 80,
    chordBars: 1,
    sevenths: true,
    chordRhythm: 'sustain',
    chord: EPIANO,
    bass: { ...SUB_BASS, gain: 0.28 },
    bassPattern: [
      [0, 7, 0],
      [7, 3, 0],
      [10, 6, 7],
    ],
    lead: { ...LEAD_BELL, gain: 0.1 },
    leadOctave: 1,
    density: 0.4,
    drums: {
      kick: [...every([0], 0.9), { step: 7, velocity: 0.6 }, { step: 10, velocity: 0.75 }],
      snare: every([4, 12], 0.7),
      clap: [],
      hat: eighths(0.3),
      openHat: [],
      ride: [],
      swing: 0.28,
      swingOn: 'sixteenths',
      fills: false,
    },
    reverb: 0.4,
    sidechain: false,
    lofi: true,
    powerChords: false,
  },
  jazz: {
    bpm: 120,
    chordBars: 1,
    sevenths: true,
    chordRhythm: [
      [0, 3],
      [6, 2],
      [10, 4],
    ],
    chord: { ...EPIANO, tremolo: undefined },
    bass: UPRIGHT,
    bassPattern: 'walking',
    lead: LEAD_SAX,
    leadOctave: 1,
    density: 0.7,
    drums: {
      kick: every([0], 0.35),
      snare: [{ step: 14, velocity: 0.18 }],
      clap: [],
      hat: every([4, 12], 0.3),
      openHat: [],
      ride: [...every([0, 4, 8, 12], 0.45), ...every([6, 14], 0.3)],
      swing: 0.66,
      swingOn: 'eighths',
      fills: false,
    },
    reverb: 0.35,
    sidechain: false,
    lofi: false,
    powerChords: false,
  },
};

export const PROGRESSIONS: Record<Mode, readonly (readonly number[])[]> = {
  major: [
    [0, 4, 5, 3],
    [0, 5, 3, 4],
    [0, 3, 4, 3],
    [5, 3, 0, 4],
    [0, 3, 5, 4],
    [0, 2, 3, 4],
  ],
  minor: [
    [0, 5, 2, 6],
    [0, 3, 6, 2],
    [0, 6, 5, 6],
    [0, 3, 4, 0],
    [0, 5, 3, 4],
    [0, 2, 5, 6],
  ],
};
