/**
 * Offline music engine: a small deterministic synthesiser written in TypeScript. It picks a chord progression from
 * key + mood, writes a melody (seeded random walk on the scale, strong beats snapped to chord tones), a bass line and
 * genre-specific drums (kick/snare/hats/clap/ride synthesised from sine sweeps and seeded noise), mixes them with a
 * small Freeverb-style reverb, and renders 44.1 kHz 16-bit stereo PCM WAV of exactly the requested length
 * (optionally MP3 through ffmpeg).
 */

import {
  checkpoint,
  clamp,
  type EngineResult,
  type EngineRunOptions,
  hashString,
  progressReporter,
  Rng,
  resolveSeed,
  throwIfAborted,
  wavHeader,
  wavToMp3,
} from './common';
import type { ReferenceHints } from './music-reference';

export const MUSIC_SAMPLE_RATE = 44100;
export const MAX_MUSIC_DURATION_SECONDS = 600;
export const DEFAULT_MUSIC_DURATION_SECONDS = 30;

export const MUSIC_GENRES = ['ambient', 'classical', 'rock', 'pop', 'electronic', 'hip-hop', 'lofi', 'jazz'] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

export interface SynthesizeMusicOptions extends EngineRunOptions {
  /** Free text; genre/mood/key/tempo words in it are used when the explicit options are absent (e.g. "sad lofi in F#m at 80 bpm"). */
  prompt?: string;
  /** Length in seconds (default 30, max 600). The output has exactly round(duration × 44100) sample frames. */
  durationSeconds?: number;
  /** Tempo, clamped to 40–220 (default depends on genre). */
  bpm?: number;
  /** 'A minor', 'Am', 'C major', 'C', 'F#m', 'Bb', 'Eb minor'… (default chosen from mood + seed). */
  key?: string;
  /** One of MUSIC_GENRES or an alias ('edm', 'house', 'rap', 'lo-fi', 'orchestral', 'metal', …). Default 'pop'. */
  genre?: string;
  /** Mood words ('happy', 'sad', 'calm', 'energetic', 'dark', …) choose major/minor and nudge tempo. */
  mood?: string;
  seed?: number;
  format?: 'wav' | 'mp3';
  /**
   * Hints read from a reference track (`analyseReference`): its tempo and key are used when neither the options
   * nor the prompt set them, and its loudness contour shapes the dynamics (time-stretched to the new length).
   */
  reference?: ReferenceHints;
}

// ---------------------------------------------------------------------------------------------------------------
// Theory
// ---------------------------------------------------------------------------------------------------------------

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
const LETTER_PC: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const MAJOR = [0, 2, 4, 5, 7, 9, 11] as const;
const MINOR = [0, 2, 3, 5, 7, 8, 10] as const;
const ROMAN_MAJOR = ['I', 'ii', 'iii', 'IV', 'V', 'vi', 'vii°'] as const;
const ROMAN_MINOR = ['i', 'ii°', 'III', 'iv', 'v', 'VI', 'VII'] as const;

export type Mode = 'major' | 'minor';

export interface MusicalKey {
  tonic: number; // pitch class 0..11
  mode: Mode;
  name: string; // e.g. 'A minor'
}

/** Parses 'A minor', 'Am', 'a min', 'C major', 'C', 'F#m', 'Bb', 'Eb minor', 'C♯ minor'. Returns undefined when unparseable. */
export function parseKey(input: string | undefined): MusicalKey | undefined {
  if (!input) return undefined;
  const m = /^\s*([A-Ga-g])\s*(#|♯|b|♭|sharp|flat|-sharp|-flat)?\s*(m|min|minor|maj|major|M|mi|moll|dur)?\s*$/.exec(input.trim());
  if (!m) return undefined;
  const letter = (m[1] ?? 'c').toLowerCase();
  let tonic = LETTER_PC[letter] ?? 0;
  const acc = (m[2] ?? '').toLowerCase();
  if (acc === '#' || acc === '♯' || acc.endsWith('sharp')) tonic += 1;
  if (acc === 'b' || acc === '♭' || acc.endsWith('flat')) tonic -= 1;
  tonic = (tonic + 12) % 12;
  const modeWord = m[3] ?? '';
  const mode: Mode = modeWord === 'M' || /^(maj|major|dur)$/i.test(modeWord) || modeWord === '' ? 'major' : 'minor';
  return { tonic, mode, name: `${NOTE_NAMES[tonic] ?? 'C'} ${mode}` };
}

/** Finds a key mentioned inside free text ("… in F# minor …", "… in Am …"). The letter must be upper-case. */
function keyFromText(text: string): MusicalKey | undefined {
  const m = /(?:^|[\s,(])([A-G](?:#|♯|b|♭)?)\s?(minor|major|min|maj|m)(?=$|[\s,.)!?])/.exec(text);
  if (!m) return undefined;
  return parseKey(`${m[1]} ${m[2]}`);
}

const GENRE_ALIASES: Record<string, MusicGenre> = {
  ambient: 'ambient',
  drone: 'ambient',
  meditation: 'ambient',
  soundscape: 'ambient',
  atmospheric: 'ambient',
  classical: 'classical',
  orchestral: 'classical',
  piano: 'classical',
  cinematic: 'classical',
  baroque: 'classical',
  rock: 'rock',
  metal: 'rock',
  punk: 'rock',
  indie: 'rock',
  grunge: 'rock',
  pop: 'pop',
  'k-pop': 'pop',
  kpop: 'pop',
  electronic: 'electronic',
  edm: 'electronic',
  house: 'electronic',
  techno: 'electronic',
  dance: 'electronic',
  trance: 'electronic',
  synthwave: 'electronic',
  electro: 'electronic',
  'hip-hop': 'hip-hop',
  hiphop: 'hip-hop',
  'hip hop': 'hip-hop',
  rap: 'hip-hop',
  trap: 'hip-hop',
  'boom-bap': 'hip-hop',
  lofi: 'lofi',
  'lo-fi': 'lofi',
  'lo fi': 'lofi',
  chillhop: 'lofi',
  chill: 'lofi',
  jazz: 'jazz',
  swing: 'jazz',
  bebop: 'jazz',
  blues: 'jazz',
};

export function normaliseGenre(input: string | undefined): MusicGenre | undefined {
  if (!input) return undefined;
  const text = input.toLowerCase().replace(/[_]/g, '-');
  const direct = GENRE_ALIASES[text.trim()];
  if (direct) return direct;
  // longest alias first so 'hip hop' beats 'hop'
  const aliases = Object.keys(GENRE_ALIASES).sort((a, b) => b.length - a.length);
  for (const alias of aliases) {
    const re = new RegExp(`(^|[^a-z])${alias.replace(/[-\s]/g, '[-\\s]?')}($|[^a-z])`);
    if (re.test(text)) return GENRE_ALIASES[alias];
  }
  return undefined;
}

const MINOR_MOODS = [
  'sad',
  'dark',
  'melancholic',
  'melancholy',
  'tense',
  'mysterious',
  'moody',
  'somber',
  'sombre',
  'epic',
  'haunting',
  'angry',
  'lonely',
];
const MAJOR_MOODS = ['happy', 'uplifting', 'bright', 'joyful', 'cheerful', 'hopeful', 'sunny', 'playful', 'triumphant', 'romantic', 'warm'];
const FAST_MOODS = ['energetic', 'upbeat', 'fast', 'driving', 'intense', 'hype', 'excited', 'angry'];
const SLOW_MOODS = ['calm', 'relaxed', 'relaxing', 'slow', 'peaceful', 'sleepy', 'dreamy', 'chill', 'gentle', 'soft', 'meditative'];

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Genre styles
// ---------------------------------------------------------------------------------------------------------------

type Tone = 'sine' | 'triangle' | 'saw' | 'square' | 'organ';

interface Instrument {
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

interface Hit {
  step: number;
  velocity: number;
}

interface DrumKit {
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

interface Style {
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

const every = (steps: number[], velocity = 1): Hit[] => steps.map((step) => ({ step, velocity }));
const eighths = (velocity: number, accent = 0.15): Hit[] =>
  [0, 2, 4, 6, 8, 10, 12, 14].map((step) => ({ step, velocity: step % 4 === 0 ? velocity : velocity * (1 - accent) }));
const sixteenths = (velocity: number): Hit[] =>
  Array.from({ length: 16 }, (_, step) => ({ step, velocity: step % 2 === 0 ? velocity : velocity * 0.6 }));

const PIANO: Instrument = {
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
const EPIANO: Instrument = {
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
const PAD: Instrument = {
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
const STRINGS: Instrument = { ...PAD, attack: 0.35, lowpass: 2200, gain: 0.05, vibrato: { rate: 5, cents: 8, delay: 0.3 } };
const PLUCK: Instrument = {
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
const GUITAR: Instrument = {
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
const SUB_BASS: Instrument = {
  tones: ['sine', 'triangle'],
  detune: [0, 0],
  attack: 0.005,
  decay: 0.3,
  sustain: 0.8,
  release: 0.08,
  gain: 0.32,
  send: 0,
};
const SAW_BASS: Instrument = {
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
const BASS_808: Instrument = { ...SUB_BASS, tones: ['sine'], detune: [0], gain: 0.4, glide: 5, glideTime: 0.06, drive: 1.5, release: 0.15 };
const UPRIGHT: Instrument = {
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
const LEAD_TRI: Instrument = {
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
const LEAD_SQUARE: Instrument = { ...LEAD_TRI, tones: ['square', 'saw'], detune: [0, 7], gain: 0.075, lowpass: 2400 };
const LEAD_BELL: Instrument = {
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
const LEAD_SAX: Instrument = {
  ...LEAD_TRI,
  tones: ['saw', 'triangle'],
  detune: [0, 0],
  lowpass: 1600,
  gain: 0.09,
  vibrato: { rate: 5.5, cents: 18, delay: 0.2 },
};

const STYLES: Record<MusicGenre, Style> = {
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

const PROGRESSIONS: Record<Mode, readonly (readonly number[])[]> = {
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

// ---------------------------------------------------------------------------------------------------------------
// DSP
// ---------------------------------------------------------------------------------------------------------------

const TABLE_SIZE = 2048;
const TABLE_MASK = TABLE_SIZE - 1;

function buildTable(amp: (k: number) => number, maxK: number): Float32Array {
  const t = new Float32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 1; k <= maxK; k++) v += amp(k) * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE);
    t[i] = v;
  }
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) peak = Math.max(peak, Math.abs(t[i] ?? 0));
  for (let i = 0; i < TABLE_SIZE; i++) t[i] = (t[i] ?? 0) / (peak || 1);
  return t;
}

let tables: Record<Tone, Float32Array> | undefined;
function getTables(): Record<Tone, Float32Array> {
  tables ??= {
    sine: buildTable((k) => (k === 1 ? 1 : 0), 1),
    triangle: buildTable((k) => (k % 2 === 1 ? (((k - 1) / 2) % 2 === 0 ? 1 / (k * k) : -1 / (k * k)) : 0), 15),
    saw: buildTable((k) => 1 / k, 24),
    square: buildTable((k) => (k % 2 === 1 ? 1 / k : 0), 23),
    organ: buildTable((k) => ({ 1: 1, 2: 0.6, 3: 0.45, 4: 0.3, 6: 0.2, 8: 0.12 })[k] ?? 0, 8),
  };
  return tables;
}

function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

interface Buses {
  L: Float32Array;
  R: Float32Array;
  padL: Float32Array;
  padR: Float32Array;
  send: Float32Array;
  length: number;
}

interface NoteEvent {
  time: number; // seconds
  duration: number; // gate, seconds
  midi: number;
  velocity: number;
  pan: number;
}

function renderNote(inst: Instrument, note: NoteEvent, buses: Buses, toPad: boolean): void {
  const T = getTables();
  const SR = MUSIC_SAMPLE_RATE;
  const start = Math.max(0, Math.round(note.time * SR));
  const gateSamples = Math.max(1, Math.round(note.duration * SR));
  const end = Math.min(buses.length, start + gateSamples + Math.round(inst.release * SR));
  if (start >= end) return;
  const baseHz = midiToHz(note.midi);
  const oscCount = inst.tones.length;
  const tabs = inst.tones.map((t) => T[t]);
  const incs = new Float64Array(inst.detune.map((c) => (baseHz * 2 ** (c / 1200)) / SR));
  const phases = new Float64Array(oscCount);
  const sine = T.sine;
  const angle = ((clamp(note.pan, -1, 1) + 1) * Math.PI) / 4;
  const amp = inst.gain * note.velocity;
  const gl = Math.cos(angle) * amp;
  const gr = Math.sin(angle) * amp;
  const sendGain = amp * inst.send;
  const outL = toPad ? buses.padL : buses.L;
  const outR = toPad ? buses.padR : buses.R;
  const send = buses.send;
  const invOsc = 1 / oscCount;
  const drive = inst.drive ?? 0;
  const driveNorm = drive ? 1 / Math.tanh(drive) : 1;
  // per-sample multiplicative decays (cheaper than Math.exp per sample)
  const attackSamples = Math.max(1, Math.round(inst.attack * SR));
  const decaySamples = Math.max(1, Math.round(inst.decay * SR));
  const pluckMul = inst.pluck !== undefined ? Math.exp(-inst.pluck / SR) : 1;
  const pluckFloor = inst.sustain * 0.25;
  const mellowMul = inst.mellow ? Math.exp(-inst.mellow / SR) : 1;
  const filterMul = Math.exp(-(inst.pluck ?? 6) / SR);
  const glideMul = inst.glide ? Math.exp(-1 / ((inst.glideTime ?? 0.05) * SR)) : 1;
  const vib = inst.vibrato;
  const vibDepth = vib ? (vib.cents / 1200) * Math.LN2 : 0; // 2^x ≈ 1 + x·ln2 for these tiny x
  const vibInc = vib ? vib.rate / SR : 0;
  const vibStart = vib ? Math.round(vib.delay * SR) : 0;
  const trem = inst.tremolo;
  const tremInc = trem ? trem.rate / SR : 0;
  const lowpass = inst.lowpass ?? 0;
  const lpScale = (2 * Math.PI) / SR;
  let pluckEnv = 1;
  let bright = 1;
  let filterEnv = 1;
  let glideEnv = 1;
  let vibPhase = 0;
  let tremPhase = 0;
  let lp = 0;
  let env = 0;
  let releaseFrom = -1;
  let releaseStep = 0;
  const lookup = (tab: Float32Array, ph: number): number => {
    const x = ph * TABLE_SIZE;
    const k = x | 0;
    const a = tab[k & TABLE_MASK] ?? 0;
    return a + ((tab[(k + 1) & TABLE_MASK] ?? 0) - a) * (x - k);
  };
  for (let i = start; i < end; i++) {
    const n = i - start;
    if (n < gateSamples) {
      if (n < attackSamples) env = n / attackSamples;
      else if (inst.pluck !== undefined) {
        env = pluckFloor + (1 - pluckFloor) * pluckEnv;
        pluckEnv *= pluckMul;
      } else if (n - attackSamples < decaySamples) env = 1 - (1 - inst.sustain) * ((n - attackSamples) / decaySamples);
      else env = inst.sustain;
    } else {
      if (releaseFrom < 0) {
        releaseFrom = env;
        releaseStep = env / Math.max(1, end - i);
      }
      env = Math.max(0, env - releaseStep);
    }
    let freqMul = 1;
    if (vib && n > vibStart) {
      freqMul += vibDepth * lookup(sine, vibPhase);
      vibPhase += vibInc;
      if (vibPhase >= 1) vibPhase -= 1;
    }
    if (glideMul !== 1) {
      freqMul *= 1 + (2 ** ((inst.glide ?? 0) / 12) - 1) * glideEnv;
      glideEnv *= glideMul;
    }
    let v = 0;
    for (let o = 0; o < oscCount; o++) {
      let ph = (phases[o] ?? 0) + (incs[o] ?? 0) * freqMul;
      if (ph >= 1) ph -= Math.floor(ph);
      phases[o] = ph;
      v += lookup(tabs[o] ?? sine, ph);
    }
    v *= invOsc;
    if (mellowMul !== 1) {
      v = v * bright + lookup(sine, phases[0] ?? 0) * (1 - bright);
      bright *= mellowMul;
    }
    if (drive) v = Math.tanh(v * drive) * driveNorm;
    if (lowpass) {
      let fc = lowpass;
      if (inst.filterEnv) {
        fc += inst.filterEnv * filterEnv;
        filterEnv *= filterMul;
      }
      const coef = Math.min(1, fc * lpScale);
      lp += coef * (v - lp);
      v = lp;
    }
    if (trem) {
      v *= 1 - trem.depth * (0.5 + 0.5 * lookup(sine, tremPhase));
      tremPhase += tremInc;
      if (tremPhase >= 1) tremPhase -= 1;
    }
    v *= env;
    outL[i] = (outL[i] ?? 0) + v * gl;
    outR[i] = (outR[i] ?? 0) + v * gr;
    send[i] = (send[i] ?? 0) + v * sendGain;
  }
}

interface DrumSamples {
  kick: Float32Array;
  kick808: Float32Array;
  snare: Float32Array;
  clap: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
  ride: Float32Array;
  crash: Float32Array;
}

function makeDrums(rng: Rng): DrumSamples {
  const sr = MUSIC_SAMPLE_RATE;
  const noise = (len: number) => {
    const n = new Float32Array(len);
    for (let i = 0; i < len; i++) n[i] = rng.range(-1, 1);
    return n;
  };
  const highpass = (x: Float32Array, times: number) => {
    let y = x;
    for (let r = 0; r < times; r++) {
      const out = new Float32Array(y.length);
      let prev = 0;
      for (let i = 0; i < y.length; i++) {
        const cur = y[i] ?? 0;
        out[i] = (cur - prev) * 0.5;
        prev = cur;
      }
      y = out;
    }
    return y;
  };
  const kickOf = (len: number, decay: number, f0: number, f1: number) => {
    const k = new Float32Array(Math.round(len * sr));
    let phase = 0;
    const click = noise(k.length);
    for (let i = 0; i < k.length; i++) {
      const t = i / sr;
      const f = f1 + f0 * Math.exp(-t * 35);
      phase += f / sr;
      k[i] = Math.sin(2 * Math.PI * phase) * Math.exp(-t * decay) + (click[i] ?? 0) * Math.exp(-t * 400) * 0.25;
    }
    return k;
  };
  const snareLen = Math.round(0.3 * sr);
  const snareNoise = highpass(noise(snareLen), 1);
  const snare = new Float32Array(snareLen);
  for (let i = 0; i < snareLen; i++) {
    const t = i / sr;
    snare[i] =
      Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30) * 0.45 +
      Math.sin(2 * Math.PI * 330 * t) * Math.exp(-t * 45) * 0.15 +
      (snareNoise[i] ?? 0) * Math.exp(-t * 18) * 1.3;
  }
  const clapLen = Math.round(0.35 * sr);
  const clapNoise = highpass(noise(clapLen), 2);
  const clap = new Float32Array(clapLen);
  for (let i = 0; i < clapLen; i++) {
    const t = i / sr;
    let env = Math.exp(-Math.max(0, t - 0.02) * 14) * 0.7;
    for (const burst of [0, 0.011, 0.022]) if (t >= burst && t < burst + 0.01) env = Math.max(env, Math.exp(-(t - burst) * 200));
    clap[i] = (clapNoise[i] ?? 0) * env * 1.6;
  }
  const hatOf = (len: number, decay: number, gain: number) => {
    const n = highpass(noise(Math.round(len * sr)), 3);
    for (let i = 0; i < n.length; i++) n[i] = (n[i] ?? 0) * Math.exp((-i / sr) * decay) * gain;
    return n;
  };
  const rideLen = Math.round(1 * sr);
  const rideNoise = highpass(noise(rideLen), 3);
  const ride = new Float32Array(rideLen);
  const partials = [3150, 3870, 4530, 5200, 6010, 7300];
  for (let i = 0; i < rideLen; i++) {
    const t = i / sr;
    let m = 0;
    for (const p of partials) m += Math.sign(Math.sin(2 * Math.PI * p * t));
    ride[i] = (m / partials.length) * 0.12 * Math.exp(-t * 3.5) + (rideNoise[i] ?? 0) * 0.9 * Math.exp(-t * 5);
  }
  return {
    kick: kickOf(0.45, 9, 110, 48),
    kick808: kickOf(0.7, 5, 120, 45),
    snare,
    clap,
    hat: hatOf(0.09, 60, 2.2),
    openHat: hatOf(0.45, 8, 1.6),
    ride,
    crash: hatOf(1.6, 2.2, 1.4),
  };
}

function addSample(sample: Float32Array, time: number, gain: number, pan: number, send: number, buses: Buses): void {
  const start = Math.round(time * MUSIC_SAMPLE_RATE);
  const angle = ((clamp(pan, -1, 1) + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * gain;
  const gr = Math.sin(angle) * gain;
  const end = Math.min(buses.length, start + sample.length);
  for (let i = Math.max(0, start); i < end; i++) {
    const v = sample[i - start] ?? 0;
    buses.L[i] = (buses.L[i] ?? 0) + v * gl;
    buses.R[i] = (buses.R[i] ?? 0) + v * gr;
    buses.send[i] = (buses.send[i] ?? 0) + v * gain * send;
  }
}

/** Freeverb-style reverb (4 combs + 2 allpasses per channel) of a mono send, returned as stereo wet signal. */
function reverb(input: Float32Array, room: number): [Float32Array, Float32Array] {
  const out: Float32Array[] = [];
  const scale = MUSIC_SAMPLE_RATE / 44100;
  for (const spread of [0, 23]) {
    const wet = new Float32Array(input.length);
    const combs = [1116, 1188, 1277, 1356, 1422, 1491].map((d) => ({
      buf: new Float32Array(Math.round((d + spread) * scale)),
      idx: 0,
      store: 0,
    }));
    const allpasses = [556, 441, 341].map((d) => ({ buf: new Float32Array(Math.round((d + spread) * scale)), idx: 0 }));
    const feedback = 0.7 + 0.26 * room;
    const damp = 0.25;
    for (let i = 0; i < input.length; i++) {
      const x = (input[i] ?? 0) * 0.06;
      let acc = 0;
      for (const c of combs) {
        const y = c.buf[c.idx] ?? 0;
        c.store = y * (1 - damp) + c.store * damp;
        c.buf[c.idx] = x + c.store * feedback;
        c.idx = c.idx + 1 === c.buf.length ? 0 : c.idx + 1;
        acc += y;
      }
      for (const a of allpasses) {
        const b = a.buf[a.idx] ?? 0;
        a.buf[a.idx] = acc + b * 0.5;
        acc = b - acc;
        a.idx = a.idx + 1 === a.buf.length ? 0 : a.idx + 1;
      }
      wet[i] = acc;
    }
    out.push(wet);
  }
  return [out[0] ?? new Float32Array(input.length), out[1] ?? new Float32Array(input.length)];
}

// ---------------------------------------------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------------------------------------------

interface MelodyNote {
  step: number; // 16th step within a 4-bar phrase (0..63)
  length: number; // in steps
  index: number; // scale index (0 = tonic of the lead octave)
  velocity: number;
}

function generatePhrase(rng: Rng, density: number, startIndex: number, resolve: boolean): MelodyNote[] {
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

function chordPitchClasses(tonic: number, scale: readonly number[], degree: number, sevenths: boolean): number[] {
  const tones = [0, 2, 4, ...(sevenths ? [6] : [])].map((o) => {
    const i = degree + o;
    return (tonic + (scale[i % 7] ?? 0) + 12 * Math.floor(i / 7)) % 12;
  });
  return tones;
}

/** Places pitch classes into a compact voicing around [low, low + 15]. */
function voice(pcs: readonly number[], low: number): number[] {
  return pcs
    .map((pc) => {
      let n = low - (low % 12) + pc;
      if (n < low) n += 12;
      return n;
    })
    .sort((a, b) => a - b);
}

/** Renders a musical WAV (44.1 kHz, 16-bit, stereo) — or MP3 — from key/mood/genre/tempo. Deterministic per seed. */
export async function synthesizeMusic(options: SynthesizeMusicOptions): Promise<EngineResult & { durationSeconds: number }> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const duration = options.durationSeconds ?? DEFAULT_MUSIC_DURATION_SECONDS;
  if (!Number.isFinite(duration) || duration <= 0 || duration > MAX_MUSIC_DURATION_SECONDS) {
    throw new RangeError(`synthesizeMusic: durationSeconds must be in (0, ${MAX_MUSIC_DURATION_SECONDS}]`);
  }
  const format = options.format ?? 'wav';
  if (format !== 'wav' && format !== 'mp3') throw new RangeError(`synthesizeMusic: unsupported format ${String(format)}`);
  report(0);
  const prompt = options.prompt?.trim() ?? '';
  const seed = resolveSeed(options.seed);
  const moodText = `${options.mood ?? ''} ${prompt}`;
  const moodWords = wordsOf(moodText);
  const genre: MusicGenre =
    normaliseGenre(options.genre) ??
    normaliseGenre(prompt) ??
    normaliseGenre(options.mood) ??
    ([...moodWords].some((w) => SLOW_MOODS.includes(w)) ? 'ambient' : 'pop');
  const style = STYLES[genre];
  const rng = new Rng((seed ^ hashString(`${prompt}|${genre}|${options.key ?? ''}|${options.mood ?? ''}`)) >>> 0);

  const explicitKey = parseKey(options.key);
  const textKey = explicitKey ? undefined : keyFromText(prompt);
  const referenceKey = explicitKey || textKey ? undefined : parseKey(options.reference?.key ?? undefined);
  let key = explicitKey ?? textKey ?? referenceKey;
  if (!key) {
    const minor = MINOR_MOODS.some((w) => moodWords.has(w));
    const major = MAJOR_MOODS.some((w) => moodWords.has(w));
    const mode: Mode =
      minor && !major ? 'minor' : major && !minor ? 'major' : rng.chance(genre === 'lofi' || genre === 'hip-hop' ? 0.65 : 0.4) ? 'minor' : 'major';
    const tonic = rng.pick(mode === 'major' ? [0, 7, 2, 5, 9, 10, 3] : [9, 4, 2, 0, 7, 5, 11]);
    key = { tonic, mode, name: `${NOTE_NAMES[tonic] ?? 'C'} ${mode}` };
  }
  let bpm = options.bpm;
  let bpmSource = bpm === undefined || !Number.isFinite(bpm) ? 'derived' : 'option';
  if (bpm === undefined || !Number.isFinite(bpm)) {
    const m = /(\d{2,3})\s*bpm/i.exec(prompt);
    const fromReference = !m && options.reference?.bpm ? options.reference.bpm : undefined;
    if (m) bpmSource = 'prompt';
    else if (fromReference) bpmSource = 'reference';
    bpm = m ? Number(m[1]) : (fromReference ?? style.bpm);
    if (!m && !fromReference && FAST_MOODS.some((w) => moodWords.has(w))) bpm *= 1.1;
    if (!m && !fromReference && SLOW_MOODS.some((w) => moodWords.has(w)) && genre !== 'ambient') bpm *= 0.9;
    bpm = Math.round(bpm);
  }
  bpm = clamp(bpm, 40, 220);

  const scale = key.mode === 'major' ? MAJOR : MINOR;
  const progression = rng.pick(PROGRESSIONS[key.mode]);
  const roman = key.mode === 'major' ? ROMAN_MAJOR : ROMAN_MINOR;
  const stepDur = 60 / bpm / 4;
  const barDur = stepDur * 16;
  const totalSamples = Math.round(duration * MUSIC_SAMPLE_RATE);
  const renderSamples = totalSamples; // notes and drum hits are clipped at the end; the fade-out hides the cut
  const buses: Buses = {
    L: new Float32Array(renderSamples),
    R: new Float32Array(renderSamples),
    padL: new Float32Array(renderSamples),
    padR: new Float32Array(renderSamples),
    send: new Float32Array(renderSamples),
    length: renderSamples,
  };
  const totalBars = Math.max(1, Math.ceil(duration / barDur));
  const introBars = totalBars >= 24 ? 4 : totalBars >= 8 ? 2 : totalBars >= 4 ? 1 : 0;
  const drums = style.drums ? makeDrums(new Rng(rng.int(0, 2 ** 31))) : null;
  const phraseA = generatePhrase(rng, style.density, rng.pick([0, 2, 4, 7]), false);
  const phraseB = generatePhrase(rng, style.density, rng.pick([4, 5, 7]), true);
  const phraseA2 = [...phraseA.filter((n) => n.step < 48), ...generatePhrase(rng, style.density, 4, true).filter((n) => n.step >= 48)];
  const phrases = [phraseA, phraseA2, phraseB, phraseA2];
  const tonicMidi = 48 + key.tonic; // C3..B3
  const leadBase = tonicMidi + 12 * style.leadOctave; // C4..B4
  const kickTimes: number[] = [];
  const swingOffset = (step: number): number => {
    if (!style.drums || style.drums.swing === 0) return 0;
    if (style.drums.swingOn === 'sixteenths') return step % 2 === 1 ? style.drums.swing * stepDur : 0;
    return step % 4 === 2 ? style.drums.swing * stepDur : 0;
  };
  const human = () => rng.range(-0.004, 0.004);
  const bassRootOf = (pc: number) => 36 + pc - (pc > 7 ? 12 : 0); // E1..G2 range

  for (let bar = 0; bar < totalBars; bar++) {
    const barStart = bar * barDur;
    const chordIndex = Math.floor(bar / style.chordBars) % progression.length;
    const degree = progression[chordIndex] ?? 0;
    const nextDegree = progression[(Math.floor((bar + 1) / style.chordBars) % progression.length) | 0] ?? 0;
    const pcs = chordPitchClasses(key.tonic, scale, degree, style.sevenths);
    const rootPc = pcs[0] ?? key.tonic;
    const isIntro = bar < introBars;
    const musicalBar = bar - introBars;
    const phraseIndex = Math.floor(musicalBar / 4);
    const breakdown = !isIntro && phraseIndex > 0 && phraseIndex % 4 === 3;
    const lastBar = bar === totalBars - 1;
    const chordStartOfBlock = bar % style.chordBars === 0;

    // chords
    const chordPcs = style.powerChords ? [rootPc, (rootPc + 7) % 12] : pcs;
    let voicing = voice(chordPcs, 52);
    if (style.powerChords) voicing = [...voice([rootPc], 40), ...voice([(rootPc + 7) % 12], 45), ...voice([rootPc], 52)];
    if (style.chordRhythm === 'sustain') {
      if (chordStartOfBlock) {
        for (const midi of voicing) {
          renderNote(
            style.chord,
            { time: barStart + human(), duration: barDur * style.chordBars * 0.98, midi, velocity: 0.8, pan: rng.range(-0.35, 0.35) },
            buses,
            true,
          );
        }
      }
    } else if (style.chordRhythm === 'arpeggio') {
      const arp = [0, 2, 1, 2];
      const low = voice(pcs, 48);
      for (let s = 0; s < 16; s += 2) {
        const midi = low[arp[(s / 2) % 4] ?? 0] ?? low[0] ?? 48;
        renderNote(
          style.chord,
          { time: barStart + s * stepDur + human(), duration: stepDur * 2.5, midi, velocity: s % 8 === 0 ? 0.9 : 0.7, pan: -0.2 },
          buses,
          false,
        );
      }
    } else {
      for (const [s, len] of style.chordRhythm) {
        if (isIntro && s > 0 && genre === 'rock') continue;
        const vel = (s % 4 === 0 ? 0.9 : 0.75) * rng.range(0.9, 1);
        const pan = style.powerChords ? -0.45 : rng.range(-0.3, 0.3);
        for (const midi of voicing) {
          renderNote(
            style.chord,
            { time: barStart + s * stepDur + swingOffset(s) + human(), duration: len * stepDur * 0.9, midi, velocity: vel, pan },
            buses,
            style.sidechain,
          );
        }
        if (style.powerChords) {
          for (const midi of voicing) {
            renderNote(
              style.chord,
              { time: barStart + s * stepDur + 0.012, duration: len * stepDur * 0.9, midi: midi + 0.05, velocity: vel, pan: 0.45 },
              buses,
              false,
            );
          }
        }
      }
    }
    if (style.pad && chordStartOfBlock && !isIntro) {
      for (const midi of voice(pcs, 57)) {
        renderNote(style.pad, { time: barStart, duration: barDur * style.chordBars, midi, velocity: 0.8, pan: rng.range(-0.6, 0.6) }, buses, true);
      }
    }

    // bass
    const bassRoot = bassRootOf(rootPc);
    if (style.bassPattern === 'walking') {
      const nextRoot = bassRootOf(chordPitchClasses(key.tonic, scale, nextDegree, false)[0] ?? key.tonic);
      const chordTones = voice(pcs, bassRoot);
      const line = [
        bassRoot,
        rng.pick([chordTones[1] ?? bassRoot + 4, bassRoot + 2]),
        chordTones[2] ?? bassRoot + 7,
        nextRoot + (rng.chance(0.5) ? 1 : -1),
      ];
      line.forEach((midi, beat) => {
        renderNote(
          style.bass,
          { time: barStart + beat * 4 * stepDur + human(), duration: stepDur * 3.6, midi, velocity: beat === 0 ? 1 : 0.85, pan: 0 },
          buses,
          false,
        );
      });
    } else if (!(isIntro && genre === 'rock')) {
      for (const [s, len, interval] of style.bassPattern) {
        if (bar % style.chordBars !== 0 && style.chordBars > 1) continue;
        const midi = bassRoot + interval;
        const dur = style.chordBars > 1 ? barDur * style.chordBars * 0.98 : len * stepDur * 0.92;
        renderNote(
          style.bass,
          { time: barStart + s * stepDur + swingOffset(s), duration: dur, midi, velocity: s === 0 ? 1 : 0.85, pan: 0 },
          buses,
          style.sidechain,
        );
      }
    }

    // melody
    if (!isIntro && !(lastBar && totalBars > 4)) {
      const phrase = phrases[phraseIndex % phrases.length] ?? phraseA;
      const barInPhrase = musicalBar % 4;
      for (const n of phrase) {
        if (Math.floor(n.step / 16) !== barInPhrase) continue;
        const s = n.step % 16;
        let index = n.index;
        if (s === 0 || s === 8) {
          // snap strong beats to the nearest chord tone
          for (let d = 0; d < 4; d++) {
            const up = index + d;
            const down = index - d;
            const pcOf = (i: number) => (key.tonic + (scale[((i % 7) + 7) % 7] ?? 0)) % 12;
            if (up <= 13 && pcs.includes(pcOf(up))) {
              index = up;
              break;
            }
            if (down >= 0 && pcs.includes(pcOf(down))) {
              index = down;
              break;
            }
          }
        }
        const midi = leadBase + 12 * Math.floor(index / 7) + (scale[index % 7] ?? 0);
        const gain = breakdown ? 0.8 : 1;
        renderNote(
          style.lead,
          {
            time: barStart + s * stepDur + swingOffset(s) + human(),
            duration: n.length * stepDur * 0.92,
            midi,
            velocity: n.velocity * gain,
            pan: 0.15,
          },
          buses,
          false,
        );
      }
    }

    // drums
    if (drums && style.drums) {
      const kit = style.drums;
      const sparse = isIntro || breakdown;
      const fill = kit.fills && !isIntro && musicalBar % 8 === 7 && !lastBar;
      const at = (s: number) => barStart + s * stepDur + swingOffset(s);
      if (!sparse) {
        for (const h of kit.kick) {
          addSample(kit.kick808 ? drums.kick808 : drums.kick, at(h.step), 0.9 * h.velocity, 0, 0.02, buses);
          kickTimes.push(at(h.step));
        }
      }
      if (!isIntro) {
        for (const h of kit.snare) if (!(fill && h.step >= 8)) addSample(drums.snare, at(h.step) + human(), 0.55 * h.velocity, 0.05, 0.25, buses);
        for (const h of kit.clap) addSample(drums.clap, at(h.step) + human(), 0.35 * h.velocity, -0.1, 0.3, buses);
      }
      for (const h of kit.hat) addSample(drums.hat, at(h.step) + human(), 0.3 * h.velocity * rng.range(0.8, 1), 0.3, 0.05, buses);
      for (const h of kit.openHat) if (!isIntro) addSample(drums.openHat, at(h.step), 0.22 * h.velocity, 0.3, 0.1, buses);
      for (const h of kit.ride) addSample(drums.ride, at(h.step) + human(), 0.3 * h.velocity, -0.35, 0.15, buses);
      if (fill) {
        for (let s = 8; s < 16; s++) addSample(drums.snare, at(s), 0.3 + 0.04 * (s - 8), rng.range(-0.4, 0.4), 0.25, buses);
      }
      if (kit.fills && !isIntro && (musicalBar === 0 || (musicalBar % 8 === 0 && musicalBar > 0))) {
        addSample(drums.crash, barStart, 0.35, -0.3, 0.2, buses);
      }
    }
    report(5 + (75 * (bar + 1)) / totalBars);
    await checkpoint(signal);
  }

  // pad bus (with optional sidechain ducking from the kicks) into the main bus
  if (style.sidechain && kickTimes.length > 0) {
    kickTimes.sort((a, b) => a - b);
    let k = 0;
    for (let i = 0; i < renderSamples; i++) {
      const t = i / MUSIC_SAMPLE_RATE;
      while (k + 1 < kickTimes.length && (kickTimes[k + 1] ?? Infinity) <= t) k++;
      const since = t - (kickTimes[k] ?? -10);
      const duck = since >= 0 ? 1 - 0.6 * Math.exp(-since * 9) : 1;
      buses.L[i] = (buses.L[i] ?? 0) + (buses.padL[i] ?? 0) * duck;
      buses.R[i] = (buses.R[i] ?? 0) + (buses.padR[i] ?? 0) * duck;
    }
  } else {
    for (let i = 0; i < renderSamples; i++) {
      buses.L[i] = (buses.L[i] ?? 0) + (buses.padL[i] ?? 0);
      buses.R[i] = (buses.R[i] ?? 0) + (buses.padR[i] ?? 0);
    }
  }
  await checkpoint(signal);
  report(82);

  const [wetL, wetR] = reverb(buses.send, style.reverb);
  await checkpoint(signal);
  report(88);

  // master: reverb return, lofi treatment, fades, normalisation, soft clip
  const L = buses.L;
  const R = buses.R;
  const wetGain = 0.6 + style.reverb;
  let lpL = 0;
  let lpR = 0;
  const lofiCoef = (2 * Math.PI * 4200) / MUSIC_SAMPLE_RATE;
  const crackle = new Rng(rng.int(0, 2 ** 31));
  for (let i = 0; i < totalSamples; i++) {
    let l = (L[i] ?? 0) + (wetL[i] ?? 0) * wetGain;
    let r = (R[i] ?? 0) + (wetR[i] ?? 0) * wetGain;
    if (style.lofi) {
      lpL += lofiCoef * (l - lpL);
      lpR += lofiCoef * (r - lpR);
      l = lpL;
      r = lpR;
      if (crackle.next() < 0.0004) {
        const c = crackle.range(-0.15, 0.15);
        l += c;
        r += c * 0.8;
      }
      const hiss = (crackle.next() - 0.5) * 0.004;
      l += hiss;
      r += hiss;
    }
    L[i] = l;
    R[i] = r;
  }
  // the reference's loudness contour, stretched over the whole track, as a gentle dynamics curve (0.45–1)
  const contour = options.reference?.envelope.length ? options.reference.envelope : null;
  if (contour) {
    const smoothLevel = (t: number) => {
      const x = t * (contour.length - 1);
      const i = Math.floor(x);
      const a = contour[i] ?? 0;
      const b = contour[Math.min(contour.length - 1, i + 1)] ?? a;
      return a + (b - a) * (x - i);
    };
    for (let i = 0; i < totalSamples; i++) {
      const g = 0.45 + 0.55 * smoothLevel(i / Math.max(1, totalSamples - 1));
      L[i] = (L[i] ?? 0) * g;
      R[i] = (R[i] ?? 0) * g;
    }
  }
  const fadeIn = Math.min(totalSamples, Math.round((genre === 'ambient' ? 1.5 : 0.01) * MUSIC_SAMPLE_RATE));
  const fadeOut = Math.min(totalSamples, Math.round(Math.min(3, duration * 0.15) * MUSIC_SAMPLE_RATE));
  let peak = 1e-9;
  for (let i = 0; i < totalSamples; i++) {
    let g = 1;
    if (i < fadeIn) g *= i / fadeIn;
    if (i >= totalSamples - fadeOut) g *= (totalSamples - i) / fadeOut;
    const l = (L[i] ?? 0) * g;
    const r = (R[i] ?? 0) * g;
    L[i] = l;
    R[i] = r;
    peak = Math.max(peak, Math.abs(l), Math.abs(r));
  }
  const norm = 1.25 / peak; // drive slightly into the soft clipper, which brings peaks back below 0 dBFS
  const pcm = Buffer.alloc(totalSamples * 4);
  const ceiling = 0.93;
  for (let i = 0; i < totalSamples; i++) {
    const l = Math.tanh((L[i] ?? 0) * norm) * ceiling;
    const r = Math.tanh((R[i] ?? 0) * norm) * ceiling;
    pcm.writeInt16LE(Math.round(l * 32767), i * 4);
    pcm.writeInt16LE(Math.round(r * 32767), i * 4 + 2);
  }
  await checkpoint(signal);
  report(94);
  const wav = Buffer.concat([wavHeader(pcm.length, MUSIC_SAMPLE_RATE, 2, 16), pcm]);
  let data: Buffer = wav;
  if (format === 'mp3') data = await wavToMp3(wav, signal, 192);
  throwIfAborted(signal);
  report(100);
  const actualDuration = totalSamples / MUSIC_SAMPLE_RATE;
  return {
    data,
    mime: format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
    ext: format,
    durationSeconds: actualDuration,
    metadata: {
      engine: 'local',
      model: 'local/music',
      prompt: prompt || null,
      seed,
      genre,
      mood: options.mood ?? null,
      key: key.name,
      keySource: explicitKey ? 'option' : textKey ? 'prompt' : referenceKey ? 'reference' : 'derived',
      mode: key.mode,
      bpm,
      bpmSource,
      reference: options.reference
        ? {
            bpm: options.reference.bpm,
            key: options.reference.key,
            seconds: Math.round(options.reference.durationSeconds * 10) / 10,
            shapedDynamics: Boolean(contour),
          }
        : null,
      progression: progression.map((d) => roman[d] ?? '?'),
      bars: totalBars,
      durationSeconds: actualDuration,
      sampleRate: MUSIC_SAMPLE_RATE,
      channels: 2,
      bitDepth: 16,
      format,
      hasDrums: style.drums !== null,
    },
  };
}
