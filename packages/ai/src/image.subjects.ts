/**
 * The subjects of the offline image engine: the things a prompt names ("a ceramic teapot", "a fox", "a sailboat")
 * drawn from Fluent Emoji Flat (Microsoft, MIT licence; npm `@iconify-json/fluent-emoji-flat`), or — for the few
 * things emoji have no picture of, like a lighthouse — drawn here from shapes. Each subject knows where it lives
 * (on a table indoors, in a field, on the water, in the sky), which picks the setting when the prompt names none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Rng } from './common';
import { hex, mix, type RGB } from './image.colour';
import { f1 } from './image.svg';

/** Where a subject is found: chooses the setting when the prompt names none, and where the subject stands. */
export type Habitat = 'indoor' | 'field' | 'ocean' | 'water' | 'sky' | 'city' | 'forest' | 'mountain' | 'space' | 'snow' | 'desert';

export interface SubjectDef {
  /** What the receipt calls it. */
  name: string;
  /** Prompt words (singular; plurals are matched too) or phrases of several words. */
  words: readonly string[];
  /** Fluent Emoji Flat icon name, or a shape drawn here. */
  icon: string;
  habitat: Habitat;
  /** Relative size (1 = a person-sized thing in the foreground). */
  size?: number;
}

export const ICON_SET = {
  name: 'Fluent Emoji Flat',
  author: 'Microsoft Corporation',
  licence: 'MIT',
  package: '@iconify-json/fluent-emoji-flat',
  url: 'https://github.com/microsoft/fluentui-emoji',
} as const;

/** Shapes drawn here rather than taken from the icon set (no emoji shows them). */
const DRAWN = new Set(['lighthouse', 'hot-air-balloon']);

// prettier-ignore
export const SUBJECTS: readonly SubjectDef[] = [
  // things on a table
  { name: 'teapot', words: ['teapot', 'tea pot', 'kettle'], icon: 'teapot', habitat: 'indoor' },
  {
    name: 'cup of coffee',
    words: ['coffee', 'espresso', 'latte', 'cappuccino', 'mug', 'cup of tea', 'tea cup', 'teacup'],
    icon: 'hot-beverage',
    habitat: 'indoor',
  },
  { name: 'wine glass', words: ['wine', 'wine glass'], icon: 'wine-glass', habitat: 'indoor' },
  { name: 'cocktail', words: ['cocktail', 'martini'], icon: 'cocktail-glass', habitat: 'indoor' },
  { name: 'beer', words: ['beer', 'ale', 'pint'], icon: 'beer-mug', habitat: 'indoor' },
  { name: 'birthday cake', words: ['birthday cake', 'cake'], icon: 'birthday-cake', habitat: 'indoor' },
  { name: 'cupcake', words: ['cupcake', 'muffin'], icon: 'cupcake', habitat: 'indoor' },
  { name: 'croissant', words: ['croissant', 'pastry'], icon: 'croissant', habitat: 'indoor' },
  { name: 'bread', words: ['bread', 'loaf', 'sourdough'], icon: 'bread', habitat: 'indoor' },
  { name: 'baguette', words: ['baguette'], icon: 'baguette-bread', habitat: 'indoor' },
  { name: 'pizza', words: ['pizza'], icon: 'pizza', habitat: 'indoor' },
  { name: 'hamburger', words: ['burger', 'hamburger', 'cheeseburger'], icon: 'hamburger', habitat: 'indoor' },
  { name: 'bowl of ramen', words: ['ramen', 'noodles', 'soup'], icon: 'steaming-bowl', habitat: 'indoor' },
  { name: 'sushi', words: ['sushi'], icon: 'sushi', habitat: 'indoor' },
  { name: 'doughnut', words: ['doughnut', 'donut'], icon: 'doughnut', habitat: 'indoor' },
  { name: 'cookie', words: ['cookie', 'biscuit'], icon: 'cookie', habitat: 'indoor' },
  { name: 'ice cream', words: ['ice cream', 'gelato'], icon: 'soft-ice-cream', habitat: 'indoor' },
  { name: 'apple', words: ['apple'], icon: 'red-apple', habitat: 'indoor' },
  { name: 'pear', words: ['pear'], icon: 'pear', habitat: 'indoor' },
  { name: 'banana', words: ['banana'], icon: 'banana', habitat: 'indoor' },
  { name: 'lemon', words: ['lemon'], icon: 'lemon', habitat: 'indoor' },
  { name: 'strawberry', words: ['strawberry'], icon: 'strawberry', habitat: 'indoor' },
  { name: 'cherries', words: ['cherry', 'cherries'], icon: 'cherries', habitat: 'indoor' },
  { name: 'grapes', words: ['grape', 'grapes'], icon: 'grapes', habitat: 'indoor' },
  { name: 'watermelon', words: ['watermelon'], icon: 'watermelon', habitat: 'indoor' },
  { name: 'avocado', words: ['avocado'], icon: 'avocado', habitat: 'indoor' },
  { name: 'pineapple', words: ['pineapple'], icon: 'pineapple', habitat: 'indoor' },
  { name: 'cheese', words: ['cheese'], icon: 'cheese-wedge', habitat: 'indoor' },
  { name: 'honey pot', words: ['honey'], icon: 'honey-pot', habitat: 'indoor' },
  { name: 'vase', words: ['vase', 'amphora', 'urn'], icon: 'amphora', habitat: 'indoor' },
  { name: 'potted plant', words: ['potted plant', 'houseplant', 'plant', 'fern'], icon: 'potted-plant', habitat: 'indoor' },
  { name: 'candle', words: ['candle', 'candles'], icon: 'candle', habitat: 'indoor' },
  { name: 'books', words: ['book', 'books', 'novel', 'library'], icon: 'books', habitat: 'indoor' },
  { name: 'laptop', words: ['laptop', 'notebook computer'], icon: 'laptop', habitat: 'indoor' },
  { name: 'computer', words: ['computer', 'desktop computer', 'monitor'], icon: 'desktop-computer', habitat: 'indoor' },
  { name: 'camera', words: ['camera'], icon: 'camera', habitat: 'indoor' },
  { name: 'telephone', words: ['telephone', 'phone'], icon: 'telephone', habitat: 'indoor' },
  { name: 'radio', words: ['radio'], icon: 'radio', habitat: 'indoor' },
  { name: 'television', words: ['television', 'tv'], icon: 'television', habitat: 'indoor' },
  { name: 'alarm clock', words: ['clock', 'alarm clock'], icon: 'alarm-clock', habitat: 'indoor' },
  { name: 'hourglass', words: ['hourglass'], icon: 'hourglass-not-done', habitat: 'indoor' },
  { name: 'globe', words: ['globe'], icon: 'globe-showing-europe-africa', habitat: 'indoor' },
  { name: 'crystal ball', words: ['crystal ball'], icon: 'crystal-ball', habitat: 'indoor' },
  { name: 'guitar', words: ['guitar'], icon: 'guitar', habitat: 'indoor' },
  { name: 'violin', words: ['violin', 'fiddle'], icon: 'violin', habitat: 'indoor' },
  { name: 'saxophone', words: ['saxophone', 'sax'], icon: 'saxophone', habitat: 'indoor' },
  { name: 'trumpet', words: ['trumpet'], icon: 'trumpet', habitat: 'indoor' },
  { name: 'drum', words: ['drum', 'drums'], icon: 'drum', habitat: 'indoor' },
  { name: 'piano keyboard', words: ['piano', 'keyboard', 'synthesizer'], icon: 'musical-keyboard', habitat: 'indoor' },
  { name: 'microphone', words: ['microphone', 'mic'], icon: 'studio-microphone', habitat: 'indoor' },
  { name: 'headphones', words: ['headphones', 'headphone'], icon: 'headphone', habitat: 'indoor' },
  { name: 'painter’s palette', words: ['easel', 'artist palette', 'paintbrush'], icon: 'artist-palette', habitat: 'indoor' },
  { name: 'gift', words: ['gift'], icon: 'wrapped-gift', habitat: 'indoor' },
  { name: 'crown', words: ['crown', 'tiara'], icon: 'crown', habitat: 'indoor' },
  { name: 'gem', words: ['gem', 'gemstone', 'diamond', 'jewel'], icon: 'gem-stone', habitat: 'indoor' },
  { name: 'key', words: ['key'], icon: 'old-key', habitat: 'indoor' },
  { name: 'lantern', words: ['lantern'], icon: 'red-paper-lantern', habitat: 'indoor' },
  { name: 'teddy bear', words: ['teddy', 'teddy bear', 'plush'], icon: 'teddy-bear', habitat: 'indoor' },
  { name: 'robot', words: ['robot', 'android'], icon: 'robot', habitat: 'indoor' },
  { name: 'chair', words: ['chair', 'armchair'], icon: 'chair', habitat: 'indoor' },
  { name: 'couch', words: ['couch', 'sofa'], icon: 'couch-and-lamp', habitat: 'indoor', size: 1.3 },
  { name: 'bed', words: ['bed'], icon: 'bed', habitat: 'indoor', size: 1.3 },
  { name: 'trophy', words: ['trophy'], icon: 'trophy', habitat: 'indoor' },
  { name: 'magnifying glass', words: ['magnifying glass', 'magnifier'], icon: 'magnifying-glass-tilted-left', habitat: 'indoor' },
  { name: 'light bulb', words: ['light bulb', 'lightbulb', 'bulb'], icon: 'light-bulb', habitat: 'indoor' },
  { name: 'rose', words: ['rose', 'roses'], icon: 'rose', habitat: 'indoor' },
  { name: 'bouquet', words: ['bouquet'], icon: 'bouquet', habitat: 'indoor' },
  // animals
  { name: 'cat', words: ['cat', 'kitten', 'kitty'], icon: 'cat', habitat: 'indoor' },
  { name: 'dog', words: ['dog', 'puppy', 'hound'], icon: 'dog', habitat: 'field' },
  { name: 'fox', words: ['fox'], icon: 'fox', habitat: 'forest' },
  { name: 'wolf', words: ['wolf', 'wolves'], icon: 'wolf', habitat: 'forest' },
  { name: 'bear', words: ['bear', 'grizzly'], icon: 'bear', habitat: 'forest' },
  { name: 'deer', words: ['deer', 'stag', 'doe'], icon: 'deer', habitat: 'forest' },
  { name: 'owl', words: ['owl'], icon: 'owl', habitat: 'forest' },
  { name: 'rabbit', words: ['rabbit', 'bunny', 'hare'], icon: 'rabbit', habitat: 'field' },
  { name: 'horse', words: ['horse', 'pony', 'stallion'], icon: 'horse', habitat: 'field', size: 1.2 },
  { name: 'unicorn', words: ['unicorn'], icon: 'unicorn', habitat: 'field' },
  { name: 'cow', words: ['cow', 'cattle'], icon: 'cow', habitat: 'field', size: 1.2 },
  { name: 'pig', words: ['pig', 'piglet'], icon: 'pig', habitat: 'field' },
  { name: 'sheep', words: ['sheep', 'lamb', 'ewe'], icon: 'ewe', habitat: 'field' },
  { name: 'goat', words: ['goat'], icon: 'goat', habitat: 'mountain' },
  { name: 'chicken', words: ['chicken', 'hen'], icon: 'chicken', habitat: 'field' },
  { name: 'rooster', words: ['rooster', 'cockerel'], icon: 'rooster', habitat: 'field' },
  { name: 'duck', words: ['duck', 'duckling'], icon: 'duck', habitat: 'water' },
  { name: 'swan', words: ['swan'], icon: 'swan', habitat: 'water' },
  { name: 'frog', words: ['frog', 'toad'], icon: 'frog', habitat: 'water' },
  { name: 'turtle', words: ['turtle', 'tortoise'], icon: 'turtle', habitat: 'ocean' },
  { name: 'fish', words: ['fish', 'goldfish'], icon: 'tropical-fish', habitat: 'water' },
  { name: 'whale', words: ['whale'], icon: 'spouting-whale', habitat: 'ocean', size: 1.4 },
  { name: 'dolphin', words: ['dolphin'], icon: 'dolphin', habitat: 'ocean' },
  { name: 'shark', words: ['shark'], icon: 'shark', habitat: 'ocean' },
  { name: 'octopus', words: ['octopus'], icon: 'octopus', habitat: 'ocean' },
  { name: 'crab', words: ['crab'], icon: 'crab', habitat: 'ocean' },
  { name: 'seal', words: ['seal'], icon: 'seal', habitat: 'ocean' },
  { name: 'penguin', words: ['penguin'], icon: 'penguin', habitat: 'snow' },
  { name: 'polar bear', words: ['polar bear'], icon: 'polar-bear', habitat: 'snow' },
  { name: 'lion', words: ['lion', 'lioness'], icon: 'lion', habitat: 'desert' },
  { name: 'tiger', words: ['tiger'], icon: 'tiger', habitat: 'forest' },
  { name: 'elephant', words: ['elephant'], icon: 'elephant', habitat: 'desert', size: 1.4 },
  { name: 'giraffe', words: ['giraffe'], icon: 'giraffe', habitat: 'desert', size: 1.4 },
  { name: 'zebra', words: ['zebra'], icon: 'zebra', habitat: 'desert' },
  { name: 'camel', words: ['camel'], icon: 'camel', habitat: 'desert', size: 1.2 },
  { name: 'monkey', words: ['monkey', 'ape', 'chimp'], icon: 'monkey', habitat: 'forest' },
  { name: 'panda', words: ['panda'], icon: 'panda', habitat: 'forest' },
  { name: 'koala', words: ['koala'], icon: 'koala', habitat: 'forest' },
  { name: 'snail', words: ['snail'], icon: 'snail', habitat: 'field' },
  { name: 'butterfly', words: ['butterfly'], icon: 'butterfly', habitat: 'sky' },
  { name: 'bee', words: ['bee', 'honeybee', 'bumblebee'], icon: 'honeybee', habitat: 'sky' },
  { name: 'bird', words: ['bird', 'sparrow', 'robin', 'songbird'], icon: 'bird', habitat: 'sky' },
  { name: 'eagle', words: ['eagle', 'hawk', 'falcon'], icon: 'eagle', habitat: 'sky' },
  { name: 'parrot', words: ['parrot', 'macaw'], icon: 'parrot', habitat: 'forest' },
  { name: 'flamingo', words: ['flamingo'], icon: 'flamingo', habitat: 'water' },
  { name: 'peacock', words: ['peacock'], icon: 'peacock', habitat: 'field' },
  { name: 'dragon', words: ['dragon'], icon: 'dragon', habitat: 'mountain', size: 1.4 },
  { name: 'dinosaur', words: ['dinosaur', 't rex', 'trex'], icon: 't-rex', habitat: 'forest', size: 1.4 },
  // plants
  { name: 'sunflower', words: ['sunflower'], icon: 'sunflower', habitat: 'field' },
  { name: 'tulip', words: ['tulip'], icon: 'tulip', habitat: 'field' },
  { name: 'cherry blossom', words: ['cherry blossom', 'sakura', 'blossom'], icon: 'cherry-blossom', habitat: 'field' },
  { name: 'cactus', words: ['cactus', 'cacti'], icon: 'cactus', habitat: 'desert' },
  { name: 'palm tree', words: ['palm', 'palm tree'], icon: 'palm-tree', habitat: 'ocean', size: 1.5 },
  { name: 'oak tree', words: ['oak', 'oak tree', 'lone tree'], icon: 'deciduous-tree', habitat: 'field', size: 1.6 },
  { name: 'christmas tree', words: ['christmas tree', 'christmas'], icon: 'christmas-tree', habitat: 'snow', size: 1.4 },
  { name: 'mushroom', words: ['mushroom', 'toadstool', 'fungi'], icon: 'mushroom', habitat: 'forest' },
  // buildings and places
  { name: 'lighthouse', words: ['lighthouse'], icon: 'lighthouse', habitat: 'ocean', size: 1.7 },
  { name: 'house', words: ['house', 'cottage', 'cabin', 'farmhouse'], icon: 'house-with-garden', habitat: 'field', size: 1.6 },
  { name: 'castle', words: ['castle', 'fortress', 'palace'], icon: 'castle', habitat: 'mountain', size: 1.8 },
  { name: 'church', words: ['church', 'chapel'], icon: 'church', habitat: 'field', size: 1.6 },
  { name: 'temple', words: ['temple', 'shrine', 'pagoda'], icon: 'hindu-temple', habitat: 'forest', size: 1.6 },
  { name: 'tent', words: ['tent', 'campsite', 'camping'], icon: 'tent', habitat: 'forest', size: 1.3 },
  { name: 'hut', words: ['hut'], icon: 'hut', habitat: 'field', size: 1.4 },
  { name: 'ferris wheel', words: ['ferris wheel', 'funfair', 'carnival'], icon: 'ferris-wheel', habitat: 'city', size: 1.7 },
  { name: 'fountain', words: ['fountain'], icon: 'fountain', habitat: 'city', size: 1.3 },
  { name: 'statue', words: ['statue', 'statue of liberty'], icon: 'statue-of-liberty', habitat: 'city', size: 1.6 },
  { name: 'tower', words: ['tower', 'tokyo tower'], icon: 'tokyo-tower', habitat: 'city', size: 1.8 },
  { name: 'moai', words: ['moai'], icon: 'moai', habitat: 'field', size: 1.4 },
  { name: 'snowman', words: ['snowman'], icon: 'snowman', habitat: 'snow', size: 1.2 },
  // vehicles
  { name: 'sailboat', words: ['sailboat', 'sailing', 'yacht', 'boat'], icon: 'sailboat', habitat: 'ocean', size: 1.3 },
  { name: 'ship', words: ['ship', 'steamship', 'liner'], icon: 'passenger-ship', habitat: 'ocean', size: 1.5 },
  { name: 'canoe', words: ['canoe', 'kayak'], icon: 'canoe', habitat: 'water' },
  { name: 'car', words: ['car', 'automobile', 'sedan'], icon: 'automobile', habitat: 'city', size: 1.2 },
  { name: 'racing car', words: ['race car', 'racing car', 'racecar'], icon: 'racing-car', habitat: 'city', size: 1.2 },
  { name: 'taxi', words: ['taxi', 'cab'], icon: 'taxi', habitat: 'city', size: 1.2 },
  { name: 'bus', words: ['bus'], icon: 'bus', habitat: 'city', size: 1.3 },
  { name: 'bicycle', words: ['bicycle', 'bike', 'cycling'], icon: 'bicycle', habitat: 'field' },
  { name: 'motorcycle', words: ['motorcycle', 'motorbike'], icon: 'motorcycle', habitat: 'city' },
  { name: 'tractor', words: ['tractor'], icon: 'tractor', habitat: 'field', size: 1.2 },
  { name: 'train', words: ['train', 'locomotive', 'railway'], icon: 'locomotive', habitat: 'field', size: 1.4 },
  { name: 'airplane', words: ['airplane', 'aeroplane', 'plane', 'jet'], icon: 'airplane', habitat: 'sky' },
  { name: 'helicopter', words: ['helicopter'], icon: 'helicopter', habitat: 'sky' },
  { name: 'rocket', words: ['rocket', 'spaceship'], icon: 'rocket', habitat: 'space', size: 1.3 },
  { name: 'flying saucer', words: ['ufo', 'flying saucer'], icon: 'flying-saucer', habitat: 'sky' },
  { name: 'satellite', words: ['satellite'], icon: 'satellite', habitat: 'space' },
  { name: 'astronaut', words: ['astronaut', 'cosmonaut'], icon: 'astronaut', habitat: 'space' },
  { name: 'hot-air balloon', words: ['hot air balloon', 'hot-air balloon', 'air balloon'], icon: 'hot-air-balloon', habitat: 'sky', size: 1.3 },
  { name: 'balloon', words: ['balloon'], icon: 'balloon', habitat: 'sky' },
  { name: 'kite', words: ['kite'], icon: 'kite', habitat: 'sky' },
  { name: 'umbrella', words: ['umbrella', 'parasol'], icon: 'umbrella', habitat: 'field' },
  { name: 'ghost', words: ['ghost'], icon: 'ghost', habitat: 'forest' },
  { name: 'alien', words: ['alien', 'extraterrestrial'], icon: 'alien', habitat: 'space' },
];

/** A subject found in a prompt, in prompt order. */
export interface FoundSubject {
  def: SubjectDef;
  /** The prompt word(s) that named it. */
  word: string;
  /** Token index in the prompt (first word of a phrase). */
  at: number;
}

const plurals = (w: string): string[] => {
  const out = [w, `${w}s`, `${w}es`];
  if (w.endsWith('y')) out.push(`${w.slice(0, -1)}ies`);
  if (w.endsWith('f')) out.push(`${w.slice(0, -1)}ves`);
  return out;
};

/** Finds the subjects a prompt names (longest phrase first, each subject once), in prompt order, at most `limit`. */
export function findSubjects(tokens: readonly string[], limit = 3): FoundSubject[] {
  const taken = new Set<number>();
  const found: FoundSubject[] = [];
  const phrases = SUBJECTS.flatMap((def) => def.words.map((w) => ({ def, parts: w.split(' ') }))).sort((a, b) => b.parts.length - a.parts.length);
  for (const { def, parts } of phrases) {
    if (found.some((f) => f.def === def)) continue;
    for (let i = 0; i + parts.length <= tokens.length; i++) {
      if (parts.some((_, k) => taken.has(i + k))) continue;
      const ok = parts.every((p, k) => (k === parts.length - 1 ? plurals(p).includes(tokens[i + k] ?? '') : tokens[i + k] === p));
      if (!ok) continue;
      for (let k = 0; k < parts.length; k++) taken.add(i + k);
      found.push({ def, word: tokens.slice(i, i + parts.length).join(' '), at: i });
      break;
    }
  }
  return found.sort((a, b) => a.at - b.at).slice(0, limit);
}

// ---------------------------------------------------------------------------------------------------------------
// Icons
// ---------------------------------------------------------------------------------------------------------------

interface IconSetJson {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

let iconSet: IconSetJson | null = null;

function icons(): IconSetJson {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
    iconSet = JSON.parse(readFileSync(file, 'utf8')) as IconSetJson;
  }
  return iconSet;
}

/** Whether a subject is drawn from shapes here rather than taken from the icon set. */
export function isDrawnShape(icon: string): boolean {
  return DRAWN.has(icon);
}

/** Whether a subject's picture exists (an icon of the set, or a shape drawn here). */
export function hasIcon(name: string): boolean {
  if (DRAWN.has(name)) return true;
  const set = icons();
  return name in set.icons || name in (set.aliases ?? {});
}

/** An icon's SVG body and view box, its ids made unique with `prefix` so icons never clash with each other. */
export function iconSvg(name: string, prefix: string): { body: string; width: number; height: number } {
  const set = icons();
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`Unknown icon: ${name}`);
  const body = icon.body
    .replace(/\bid="([^"]+)"/g, (_, id: string) => `id="${prefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${prefix}${id})`)
    .replace(/href="#([^"]+)"/g, (_, id: string) => `href="#${prefix}${id}"`);
  return { body, width: icon.width ?? set.width ?? 32, height: icon.height ?? set.height ?? 32 };
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------------------------

export interface Placement {
  /** Centre x and the y of the subject's base (where it stands), in pixels. */
  x: number;
  base: number;
  /** Height in pixels. */
  height: number;
  /** Floating subjects (sky, space, under water) get no contact shadow. */
  floating: boolean;
}

/** Light on the subject: daylight leaves the icon's own colours; dusk warms and dims it; night darkens and cools it. */
export type Lighting = 'day' | 'sunset' | 'night' | 'storm';

const LIGHT_MATRIX: Record<Lighting, string | null> = {
  day: null,
  sunset: '0.95 0.08 0 0 0.02  0 0.78 0.05 0 0  0 0 0.62 0 0  0 0 0 1 0',
  night: '0.42 0 0 0 0  0 0.46 0 0 0  0 0.04 0.62 0 0.02  0 0 0 1 0',
  storm: '0.68 0.06 0.06 0 0  0.06 0.7 0.06 0 0  0.06 0.06 0.74 0 0  0 0 0 1 0',
};

/** Draws one subject; returns the SVG markup and the defs it needs. */
export function drawSubject(
  subject: SubjectDef,
  at: Placement,
  lighting: Lighting,
  idPrefix: string,
  rng: Rng,
  glow: RGB,
): { defs: string; markup: string } {
  const defs: string[] = [];
  let filter = '';
  const matrix = LIGHT_MATRIX[lighting];
  if (matrix) {
    defs.push(`<filter id="${idPrefix}light"><feColorMatrix type="matrix" values="${matrix}"/></filter>`);
    filter = ` filter="url(#${idPrefix}light)"`;
  }
  const shadow = at.floating
    ? ''
    : `<ellipse cx="${f1(at.x)}" cy="${f1(at.base)}" rx="${f1(at.height * 0.42)}" ry="${f1(at.height * 0.06)}" fill="#000" fill-opacity="0.28"/>`;
  if (subject.icon === 'lighthouse') {
    const markup = shadow + lighthouse(at, lighting, idPrefix, rng, glow, filter, defs);
    return { defs: defs.join(''), markup };
  }
  if (subject.icon === 'hot-air-balloon') {
    const markup = hotAirBalloon(at, idPrefix, rng, filter, defs);
    return { defs: defs.join(''), markup };
  }
  const icon = iconSvg(subject.icon, idPrefix);
  const scale = at.height / icon.height;
  const width = icon.width * scale;
  // Fluent Emoji are drawn on a 32-unit square with ~1 unit of padding at the bottom
  const top = at.base - at.height + (at.floating ? 0 : scale * 1.2);
  const markup = `${shadow}<g${filter}><g transform="translate(${f1(at.x - width / 2)} ${f1(top)}) scale(${(Math.round(scale * 1000) / 1000).toString()})">${icon.body}</g></g>`;
  return { defs: defs.join(''), markup };
}

/** A lighthouse from shapes: a tapering striped tower, gallery, lantern room and roof; its lamp shines after dusk. */
function lighthouse(at: Placement, lighting: Lighting, id: string, rng: Rng, glow: RGB, filter: string, defs: string[]): string {
  const h = at.height;
  const baseW = h * 0.26;
  const topW = h * 0.16;
  const towerH = h * 0.7;
  const x = at.x;
  const y0 = at.base;
  const y1 = y0 - towerH;
  const stripe = rng.pick(['#c62828', '#b71c1c', '#1d3f8c'] as const);
  const wall = '#f4f1ea';
  const at_ = (t: number) => (baseW + (topW - baseW) * t) / 2;
  const parts: string[] = [];
  defs.push(
    `<clipPath id="${id}tower"><path d="M${f1(x - baseW / 2)},${f1(y0)}L${f1(x - topW / 2)},${f1(y1)}L${f1(x + topW / 2)},${f1(y1)}L${f1(x + baseW / 2)},${f1(y0)}Z"/></clipPath>`,
  );
  parts.push(
    `<rect x="${f1(x - baseW)}" y="${f1(y1)}" width="${f1(baseW * 2)}" height="${f1(towerH)}" fill="${wall}" clip-path="url(#${id}tower)"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const t0 = (i * 2 + 0.6) / 6.2;
    const t1 = t0 + 1 / 6.2;
    parts.push(
      `<rect x="${f1(x - baseW)}" y="${f1(y0 - towerH * t1)}" width="${f1(baseW * 2)}" height="${f1(towerH * (t1 - t0))}" fill="${stripe}" clip-path="url(#${id}tower)"/>`,
    );
  }
  // shading on the right side of the tower
  parts.push(
    `<path d="M${f1(x + baseW * 0.12)},${f1(y0)}L${f1(x + topW * 0.12)},${f1(y1)}L${f1(x + topW / 2)},${f1(y1)}L${f1(x + baseW / 2)},${f1(y0)}Z" fill="#000" fill-opacity="0.16"/>`,
  );
  // door and a window
  parts.push(
    `<rect x="${f1(x - baseW * 0.1)}" y="${f1(y0 - h * 0.1)}" width="${f1(baseW * 0.2)}" height="${f1(h * 0.1)}" rx="${f1(baseW * 0.1)}" fill="#3b2a20"/>`,
  );
  parts.push(
    `<rect x="${f1(x - at_(0.55) * 0.18)}" y="${f1(y0 - towerH * 0.58)}" width="${f1(at_(0.55) * 0.36)}" height="${f1(h * 0.05)}" fill="#2c3e50"/>`,
  );
  // gallery
  const gy = y1;
  parts.push(`<rect x="${f1(x - topW * 0.8)}" y="${f1(gy - h * 0.025)}" width="${f1(topW * 1.6)}" height="${f1(h * 0.03)}" fill="#263238"/>`);
  // lantern room
  const ly = gy - h * 0.025 - h * 0.11;
  const lit = lighting !== 'day';
  parts.push(
    `<rect x="${f1(x - topW * 0.42)}" y="${f1(ly)}" width="${f1(topW * 0.84)}" height="${f1(h * 0.11)}" fill="${lit ? '#fff3b0' : '#b3d4e6'}"/>`,
  );
  for (const dx of [-0.42, -0.14, 0.14, 0.42]) {
    parts.push(`<rect x="${f1(x + topW * dx - h * 0.004)}" y="${f1(ly)}" width="${f1(h * 0.008)}" height="${f1(h * 0.11)}" fill="#263238"/>`);
  }
  // roof and finial
  parts.push(`<path d="M${f1(x - topW * 0.6)},${f1(ly)}L${f1(x)},${f1(ly - h * 0.09)}L${f1(x + topW * 0.6)},${f1(ly)}Z" fill="${stripe}"/>`);
  parts.push(`<circle cx="${f1(x)}" cy="${f1(ly - h * 0.1)}" r="${f1(h * 0.012)}" fill="#263238"/>`);
  let beam = '';
  if (lit) {
    const lampY = ly + h * 0.055;
    const lampColour = hex(mix(glow, [255, 240, 170], 0.6));
    const dir = rng.chance(0.5) ? 1 : -1;
    defs.push(
      `<linearGradient id="${id}beam" x1="${dir > 0 ? 0 : 1}" y1="0" x2="${dir > 0 ? 1 : 0}" y2="0"><stop offset="0" stop-color="${lampColour}" stop-opacity="0.75"/>` +
        `<stop offset="1" stop-color="${lampColour}" stop-opacity="0"/></linearGradient>`,
      `<radialGradient id="${id}halo"><stop offset="0" stop-color="${lampColour}" stop-opacity="0.9"/><stop offset="1" stop-color="${lampColour}" stop-opacity="0"/></radialGradient>`,
    );
    const far = x + dir * h * 2.2;
    beam =
      `<path d="M${f1(x)},${f1(lampY)}L${f1(far)},${f1(lampY - h * 0.22)}L${f1(far)},${f1(lampY + h * 0.12)}Z" fill="url(#${id}beam)"/>` +
      `<circle cx="${f1(x)}" cy="${f1(lampY)}" r="${f1(h * 0.12)}" fill="url(#${id}halo)"/>`;
  }
  const shaded = lighting === 'day' ? parts.join('') : `<g${filter}>${parts.join('')}</g>`;
  return `${shaded}${beam}`;
}

/** A hot-air balloon from shapes: a striped envelope, ropes and a wicker basket. */
function hotAirBalloon(at: Placement, id: string, rng: Rng, filter: string, defs: string[]): string {
  const h = at.height;
  const x = at.x;
  const top = at.base - h;
  const r = h * 0.36;
  const cy = top + r;
  const colours = rng.pick([
    ['#e53935', '#fdd835'],
    ['#1e88e5', '#ffffff'],
    ['#8e24aa', '#ffb300'],
    ['#43a047', '#fff176'],
  ] as const);
  const env = `M${f1(x)},${f1(cy + r * 1.35)}C${f1(x - r * 0.5)},${f1(cy + r * 1.1)} ${f1(x - r * 1.05)},${f1(cy + r * 0.55)} ${f1(x - r)},${f1(cy)}A${f1(r)},${f1(r)} 0 0 1 ${f1(x + r)},${f1(cy)}C${f1(x + r * 1.05)},${f1(cy + r * 0.55)} ${f1(x + r * 0.5)},${f1(cy + r * 1.1)} ${f1(x)},${f1(cy + r * 1.35)}Z`;
  defs.push(`<clipPath id="${id}env"><path d="${env}"/></clipPath>`);
  const gores: string[] = [`<path d="${env}" fill="${colours[0]}"/>`];
  for (let i = -3; i <= 3; i += 2) {
    gores.push(
      `<ellipse cx="${f1(x)}" cy="${f1(cy + r * 0.2)}" rx="${f1((Math.abs(i) / 3) * r * 0.9 + r * 0.08)}" ry="${f1(r * 1.5)}" fill="none" stroke="${colours[1]}" stroke-width="${f1(r * 0.16)}" clip-path="url(#${id}env)"/>`,
    );
  }
  gores.push(`<path d="${env}" fill="#000" fill-opacity="0.12" clip-path="url(#${id}env)" transform="translate(${f1(r * 0.35)} 0)"/>`);
  const basketTop = at.base - h * 0.1;
  const ropes = [-1, 1]
    .map(
      (d) =>
        `<line x1="${f1(x + d * r * 0.3)}" y1="${f1(cy + r * 1.25)}" x2="${f1(x + d * h * 0.07)}" y2="${f1(basketTop)}" stroke="#5d4037" stroke-width="${f1(Math.max(1, h * 0.008))}"/>`,
    )
    .join('');
  const basket = `<rect x="${f1(x - h * 0.08)}" y="${f1(basketTop)}" width="${f1(h * 0.16)}" height="${f1(h * 0.1)}" rx="${f1(h * 0.015)}" fill="#8d6e63"/>`;
  return `<g${filter}>${gores.join('')}${ropes}${basket}</g>`;
}
