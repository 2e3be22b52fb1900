/** Music theory for the offline music engine: keys and modes, genre aliases and mood words. */

export const MUSIC_GENRES = ['ambient', 'classical', 'rock', 'pop', 'electronic', 'hip-hop', 'lofi', 'jazz'] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

export const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
export const LETTER_PC: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
export const MAJOR = [0, 2, 4, 5, 7, 9, 11] as const;
export const MINOR = [0, 2, 3, 5, 7, 8, 10] as const;
export const ROMAN_MAJOR = ['I', 'ii', 'iii', 'IV', 'V', 'vi', 'vii°'] as const;
export const ROMAN_MINOR = ['i', 'ii°', 'III', 'iv', 'v', 'VI', 'VII'] as const;

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
export function keyFromText(text: string): MusicalKey | undefined {
  const m = /(?:^|[\s,(])([A-G](?:#|♯|b|♭)?)\s?(minor|major|min|maj|m)(?=$|[\s,.)!?])/.exec(text);
  if (!m) return undefined;
  return parseKey(`${m[1]} ${m[2]}`);
}

export const GENRE_ALIASES: Record<string, MusicGenre> = {
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

export const MINOR_MOODS = [
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
export const MAJOR_MOODS = ['happy', 'uplifting', 'bright', 'joyful', 'cheerful', 'hopeful', 'sunny', 'playful', 'triumphant', 'romantic', 'warm'];
export const FAST_MOODS = ['energetic', 'upbeat', 'fast', 'driving', 'intense', 'hype', 'excited', 'angry'];
export const SLOW_MOODS = ['calm', 'relaxed', 'relaxing', 'slow', 'peaceful', 'sleepy', 'dreamy', 'chill', 'gentle', 'soft', 'meditative'];

export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
}
