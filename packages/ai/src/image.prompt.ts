/** Reading a prompt for the offline image engine: time of day, setting, mood, colour words and negative words. */
import { hashString, type Rng } from './common';
import { type FoundSubject, findSubjects, type Habitat } from './image.subjects';

export const TIME_WORDS: Record<'sunset' | 'night' | 'storm' | 'day', readonly string[]> = {
  sunset: ['sunset', 'sunrise', 'dusk', 'dawn', 'golden', 'evening', 'twilight', 'sundown', 'afterglow'],
  night: ['night', 'midnight', 'moon', 'moonlit', 'moonlight', 'starry', 'stars', 'star', 'nocturnal', 'aurora', 'nighttime'],
  storm: ['storm', 'stormy', 'rain', 'rainy', 'cloudy', 'overcast', 'fog', 'foggy', 'thunder', 'lightning', 'gloomy', 'grey', 'gray'],
  day: ['day', 'sunny', 'noon', 'summer', 'morning', 'daylight', 'clear', 'spring', 'daytime'],
};

export type Scene = 'ocean' | 'mountain' | 'forest' | 'city' | 'desert' | 'snow' | 'field' | 'neon' | 'space' | 'abstract' | 'indoor';

export const SCENE_WORDS: Record<Scene, readonly string[]> = {
  ocean: ['ocean', 'sea', 'beach', 'waves', 'wave', 'lake', 'water', 'river', 'coast', 'shore', 'bay', 'harbor', 'harbour', 'surf'],
  mountain: ['mountain', 'mountains', 'peak', 'peaks', 'alps', 'alpine', 'valley', 'canyon', 'cliff', 'cliffs', 'volcano', 'ridge', 'landscape'],
  forest: ['forest', 'trees', 'tree', 'woods', 'woodland', 'jungle', 'pine', 'pines', 'grove', 'rainforest', 'taiga', 'nature'],
  city: ['city', 'cities', 'skyline', 'urban', 'building', 'buildings', 'skyscraper', 'skyscrapers', 'downtown', 'metropolis', 'town'],
  desert: ['desert', 'dunes', 'dune', 'sand', 'sahara', 'arid', 'oasis', 'savanna'],
  snow: ['snow', 'snowy', 'winter', 'ice', 'icy', 'frozen', 'glacier', 'arctic', 'frost', 'blizzard'],
  field: ['field', 'fields', 'meadow', 'meadows', 'grass', 'prairie', 'farm', 'countryside', 'garden', 'flowers', 'flower', 'hills', 'hill'],
  neon: ['neon', 'synthwave', 'retrowave', 'vaporwave', 'cyberpunk', 'glowing', '80s', 'laser', 'electric'],
  space: ['space', 'galaxy', 'cosmic', 'nebula', 'planet', 'planets', 'universe', 'astronaut', 'cosmos', 'orbit'],
  indoor: [
    'table',
    'tabletop',
    'tablecloth',
    'kitchen',
    'room',
    'desk',
    'shelf',
    'interior',
    'indoors',
    'indoor',
    'bedroom',
    'cafe',
    'counter',
    'windowsill',
  ],
  abstract: ['abstract', 'pattern', 'geometric', 'shapes', 'fluid', 'swirl', 'swirls', 'gradient', 'minimal', 'minimalist', 'wallpaper'],
};

export const MOOD_WORDS: Record<'calm' | 'dark' | 'vibrant' | 'warm' | 'cool', readonly string[]> = {
  calm: ['calm', 'serene', 'peaceful', 'soft', 'pastel', 'dreamy', 'gentle', 'quiet', 'tranquil', 'misty', 'mist', 'relaxing', 'zen'],
  dark: ['dark', 'moody', 'mysterious', 'gothic', 'eerie', 'haunted', 'ominous', 'noir', 'sinister', 'shadow', 'shadows', 'horror'],
  vibrant: ['vibrant', 'vivid', 'colorful', 'colourful', 'happy', 'joyful', 'bright', 'saturated', 'energetic', 'bold', 'psychedelic', 'magical'],
  warm: ['warm', 'cozy', 'cosy', 'autumn', 'fall', 'fire', 'hot', 'sunlit', 'amber'],
  cool: ['cool', 'cold', 'chilly', 'icy', 'frozen'],
};

export const COLOUR_HUES: Record<string, readonly [number, number]> = {
  red: [0, 80],
  crimson: [350, 80],
  scarlet: [5, 85],
  orange: [28, 90],
  amber: [40, 90],
  gold: [46, 85],
  golden: [44, 85],
  yellow: [55, 90],
  lime: [90, 75],
  green: [125, 60],
  emerald: [145, 70],
  mint: [155, 55],
  teal: [178, 65],
  turquoise: [172, 70],
  cyan: [188, 80],
  aqua: [185, 75],
  blue: [215, 75],
  azure: [205, 80],
  navy: [228, 65],
  indigo: [250, 60],
  violet: [272, 65],
  purple: [282, 60],
  lavender: [268, 45],
  magenta: [310, 80],
  pink: [332, 75],
  rose: [345, 65],
  coral: [12, 80],
  peach: [22, 75],
  brown: [28, 45],
};

export const FEATURE_ALIASES: Record<string, readonly string[]> = {
  stars: ['star', 'stars', 'starry'],
  sun: ['sun', 'sunlight'],
  moon: ['moon', 'moons'],
  clouds: ['cloud', 'clouds', 'cloudy'],
  mountains: ['mountain', 'mountains', 'peaks', 'hills'],
  trees: ['tree', 'trees', 'forest', 'pine', 'pines'],
  water: ['water', 'ocean', 'sea', 'waves', 'lake', 'reflection', 'reflections'],
  buildings: ['building', 'buildings', 'city', 'skyline', 'skyscrapers'],
  snow: ['snow', 'snowflakes'],
  grid: ['grid', 'lines'],
  blobs: ['blob', 'blobs', 'shapes'],
};

export function tokenize(text: string | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function hasAny(words: ReadonlySet<string>, list: readonly string[]): boolean {
  return list.some((w) => words.has(w));
}

export interface Analysis {
  time: 'sunset' | 'night' | 'storm' | 'day';
  scenes: Set<Scene>;
  moods: Set<string>;
  colourHues: number[];
  avoidHues: number[];
  disabled: Set<string>;
  contentHash: number;
  /** The things the prompt names that the engine can draw, in prompt order (at most three). */
  subjects: FoundSubject[];
}

const HABITAT_SCENE: Record<Habitat, Scene> = {
  indoor: 'indoor',
  field: 'field',
  ocean: 'ocean',
  water: 'ocean',
  sky: 'field',
  city: 'city',
  forest: 'forest',
  mountain: 'mountain',
  space: 'space',
  snow: 'snow',
  desert: 'desert',
};
const OUTDOOR: readonly Scene[] = ['ocean', 'mountain', 'forest', 'city', 'desert', 'snow', 'field', 'neon', 'space'];

export function analyse(prompt: string, negativePrompt: string | undefined, rng: Rng): Analysis {
  const tokens = tokenize(prompt);
  const words = new Set(tokens);
  const negative = new Set(tokenize(negativePrompt));
  const scenes = new Set<Scene>();
  for (const [scene, list] of Object.entries(SCENE_WORDS) as [Scene, readonly string[]][]) if (hasAny(words, list)) scenes.add(scene);
  const moods = new Set<string>();
  for (const [mood, list] of Object.entries(MOOD_WORDS)) if (hasAny(words, list)) moods.add(mood);

  const subjects = findSubjects(tokens);
  const main = subjects[0]?.def;
  // a named setting wins; indoors and outdoors do not mix (a "room with a view of the sea" is a room)
  if (scenes.has('indoor') && OUTDOOR.some((s) => scenes.has(s))) {
    const firstIndoor = tokens.findIndex((t) => SCENE_WORDS.indoor.includes(t));
    const firstOutdoor = tokens.findIndex((t) => OUTDOOR.some((s) => SCENE_WORDS[s].includes(t)));
    if (firstIndoor <= firstOutdoor) for (const s of OUTDOOR) scenes.delete(s);
    else scenes.delete('indoor');
  }
  if (main && ![...scenes].some((s) => s !== 'abstract')) scenes.add(HABITAT_SCENE[main.habitat]);
  // a lighthouse or a boat on a cliff, hill or forest shore still needs the sea
  if (main && (main.habitat === 'ocean' || main.habitat === 'water') && !scenes.has('ocean') && !scenes.has('indoor') && !scenes.has('city')) {
    if (scenes.has('mountain') || scenes.has('field') || scenes.has('forest') || scenes.has('snow')) scenes.add('ocean');
  }
  let time: Analysis['time'] | undefined;
  // first time word in prompt order wins
  for (const token of tokens) {
    const found = (Object.entries(TIME_WORDS) as [Analysis['time'], readonly string[]][]).find(([, list]) => list.includes(token));
    if (found) {
      time = found[0];
      break;
    }
  }
  if (!time) {
    if (scenes.has('neon') || scenes.has('space')) time = 'night';
    else if (moods.has('dark')) time = rng.chance(0.6) ? 'night' : 'storm';
    else if (moods.has('warm')) time = 'sunset';
    else if (scenes.has('snow')) time = rng.chance(0.65) ? 'day' : 'night';
    else
      time = rng.weighted([
        ['day', 5],
        ['sunset', 3],
        ['night', 2],
      ] as const);
  }
  const hasLandscape = (['ocean', 'mountain', 'forest', 'city', 'desert', 'snow', 'field', 'indoor'] as const).some((s) => scenes.has(s));
  if (!hasLandscape && !scenes.has('space') && !scenes.has('abstract') && !scenes.has('neon')) {
    // no recognised scene: a time-of-day word alone gets a landscape, otherwise abstract art from the words
    const hadTimeWord = tokens.some((t) => Object.values(TIME_WORDS).some((list) => list.includes(t)));
    if (hadTimeWord) scenes.add(rng.pick(['ocean', 'mountain', 'field'] as const));
    else scenes.add('abstract');
  }
  const colourHues = tokens.map((t) => COLOUR_HUES[t]?.[0]).filter((h): h is number => h !== undefined);
  const avoidHues = [...negative].map((t) => COLOUR_HUES[t]?.[0]).filter((h): h is number => h !== undefined);
  const disabled = new Set<string>();
  for (const [feature, aliases] of Object.entries(FEATURE_ALIASES)) if (hasAny(negative, aliases)) disabled.add(feature);
  const content = tokens.filter((t) => t.length > 2).join(' ');
  return { time, scenes, moods, colourHues, avoidHues, disabled, contentHash: hashString(content || prompt), subjects };
}
