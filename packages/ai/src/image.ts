/**
 * Offline image engine: turns the words of a prompt into a procedural scene (sky gradients, sun/moon, stars,
 * mountains, water, forests, skylines, dunes, neon grids or abstract blobs), written as SVG and rendered to PNG
 * with sharp. Same prompt + seed (+ options) → byte-identical PNG.
 */
import sharp from 'sharp';
import {
  type AspectRatio,
  clamp,
  dimensionsFor,
  type EngineResult,
  type EngineRunOptions,
  hashString,
  progressReporter,
  type Resolution,
  Rng,
  resolveSeed,
  throwIfAborted,
} from './common';

export interface RenderImageOptions extends EngineRunOptions {
  prompt: string;
  /** Unsigned 32-bit seed; a random one is chosen (and reported in metadata) when absent. */
  seed?: number;
  aspectRatio?: AspectRatio;
  resolution?: Resolution;
  /** Words here remove features (e.g. "stars, clouds, trees") and steer colours away (e.g. "red"). */
  negativePrompt?: string;
}

export interface ImageResult extends EngineResult {
  width: number;
  height: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------------------------------------------

type RGB = readonly [number, number, number];

function hsl(h: number, s: number, l: number): RGB {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = clamp(s, 0, 100) / 100;
  const ll = clamp(l, 0, 100) / 100;
  if (ss === 0) return [ll * 255, ll * 255, ll * 255];
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const f = (t: number) => {
    let x = t;
    if (x < 0) x += 1;
    if (x > 1) x -= 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [f(hh + 1 / 3) * 255, f(hh) * 255, f(hh - 1 / 3) * 255];
}

function toHsl(c: RGB): [number, number, number] {
  const r = c[0] / 255;
  const g = c[1] / 255;
  const b = c[2] / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

function hex(c: RGB): string {
  return `#${c
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];

function hueDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

function lerpHue(from: number, to: number, t: number): number {
  let d = ((((to - from) % 360) + 540) % 360) - 180;
  if (d === -180) d = 180;
  return from + d * t;
}

// ---------------------------------------------------------------------------------------------------------------
// Prompt analysis
// ---------------------------------------------------------------------------------------------------------------

const TIME_WORDS: Record<'sunset' | 'night' | 'storm' | 'day', readonly string[]> = {
  sunset: ['sunset', 'sunrise', 'dusk', 'dawn', 'golden', 'evening', 'twilight', 'sundown', 'afterglow'],
  night: ['night', 'midnight', 'moon', 'moonlit', 'moonlight', 'starry', 'stars', 'star', 'nocturnal', 'aurora', 'nighttime'],
  storm: ['storm', 'stormy', 'rain', 'rainy', 'cloudy', 'overcast', 'fog', 'foggy', 'thunder', 'lightning', 'gloomy', 'grey', 'gray'],
  day: ['day', 'sunny', 'noon', 'summer', 'morning', 'daylight', 'clear', 'spring', 'daytime'],
};

type Scene = 'ocean' | 'mountain' | 'forest' | 'city' | 'desert' | 'snow' | 'field' | 'neon' | 'space' | 'abstract';

const SCENE_WORDS: Record<Scene, readonly string[]> = {
  ocean: ['ocean', 'sea', 'beach', 'waves', 'wave', 'lake', 'water', 'river', 'coast', 'shore', 'bay', 'harbor', 'harbour', 'surf'],
  mountain: ['mountain', 'mountains', 'peak', 'peaks', 'alps', 'alpine', 'valley', 'canyon', 'cliff', 'cliffs', 'volcano', 'ridge', 'landscape'],
  forest: ['forest', 'trees', 'tree', 'woods', 'woodland', 'jungle', 'pine', 'pines', 'grove', 'rainforest', 'taiga', 'nature'],
  city: ['city', 'cities', 'skyline', 'urban', 'building', 'buildings', 'skyscraper', 'skyscrapers', 'downtown', 'metropolis', 'town'],
  desert: ['desert', 'dunes', 'dune', 'sand', 'sahara', 'arid', 'oasis', 'savanna'],
  snow: ['snow', 'snowy', 'winter', 'ice', 'icy', 'frozen', 'glacier', 'arctic', 'frost', 'blizzard'],
  field: ['field', 'fields', 'meadow', 'meadows', 'grass', 'prairie', 'farm', 'countryside', 'garden', 'flowers', 'flower', 'hills', 'hill'],
  neon: ['neon', 'synthwave', 'retrowave', 'vaporwave', 'cyberpunk', 'glowing', '80s', 'laser', 'electric'],
  space: ['space', 'galaxy', 'cosmic', 'nebula', 'planet', 'planets', 'universe', 'astronaut', 'cosmos', 'orbit'],
  abstract: ['abstract', 'pattern', 'geometric', 'shapes', 'fluid', 'swirl', 'swirls', 'gradient', 'minimal', 'minimalist', 'wallpaper'],
};

const MOOD_WORDS: Record<'calm' | 'dark' | 'vibrant' | 'warm' | 'cool', readonly string[]> = {
  calm: ['calm', 'serene', 'peaceful', 'soft', 'pastel', 'dreamy', 'gentle', 'quiet', 'tranquil', 'misty', 'mist', 'relaxing', 'zen'],
  dark: ['dark', 'moody', 'mysterious', 'gothic', 'eerie', 'haunted', 'ominous', 'noir', 'sinister', 'shadow', 'shadows', 'horror'],
  vibrant: ['vibrant', 'vivid', 'colorful', 'colourful', 'happy', 'joyful', 'bright', 'saturated', 'energetic', 'bold', 'psychedelic', 'magical'],
  warm: ['warm', 'cozy', 'cosy', 'autumn', 'fall', 'fire', 'hot', 'sunlit', 'amber'],
  cool: ['cool', 'cold', 'chilly', 'icy', 'frozen'],
};

const COLOUR_HUES: Record<string, readonly [number, number]> = {
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

const FEATURE_ALIASES: Record<string, readonly string[]> = {
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

function tokenize(text: string | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

function hasAny(words: ReadonlySet<string>, list: readonly string[]): boolean {
  return list.some((w) => words.has(w));
}

interface Analysis {
  time: 'sunset' | 'night' | 'storm' | 'day';
  scenes: Set<Scene>;
  moods: Set<string>;
  colourHues: number[];
  avoidHues: number[];
  disabled: Set<string>;
  contentHash: number;
}

function analyse(prompt: string, negativePrompt: string | undefined, rng: Rng): Analysis {
  const tokens = tokenize(prompt);
  const words = new Set(tokens);
  const negative = new Set(tokenize(negativePrompt));
  const scenes = new Set<Scene>();
  for (const [scene, list] of Object.entries(SCENE_WORDS) as [Scene, readonly string[]][]) if (hasAny(words, list)) scenes.add(scene);
  const moods = new Set<string>();
  for (const [mood, list] of Object.entries(MOOD_WORDS)) if (hasAny(words, list)) moods.add(mood);

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
  const hasLandscape = (['ocean', 'mountain', 'forest', 'city', 'desert', 'snow', 'field'] as const).some((s) => scenes.has(s));
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
  return { time, scenes, moods, colourHues, avoidHues, disabled, contentHash: hashString(content || prompt) };
}

// ---------------------------------------------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------------------------------------------

interface Palette {
  skyTop: RGB;
  skyMid: RGB;
  skyBottom: RGB;
  sun: RGB;
  glow: RGB;
  far: RGB;
  near: RGB;
  ground: RGB;
  water: RGB;
  accent: RGB;
  accent2: RGB;
  lights: RGB;
}

function basePalette(a: Analysis, rng: Rng): Palette {
  const j = () => rng.range(-10, 10);
  if (a.scenes.has('neon')) {
    return {
      skyTop: hsl(262 + j(), 75, 7),
      skyMid: hsl(288 + j(), 70, 20),
      skyBottom: hsl(325 + j(), 85, 45),
      sun: hsl(48, 100, 62),
      glow: hsl(320, 100, 60),
      far: hsl(275, 60, 18),
      near: hsl(265, 70, 9),
      ground: hsl(262, 80, 6),
      water: hsl(270, 70, 14),
      accent: hsl(185, 100, 55),
      accent2: hsl(315, 100, 60),
      lights: hsl(185, 100, 70),
    };
  }
  switch (a.time) {
    case 'sunset':
      return {
        skyTop: hsl(255 + j(), 45, 24),
        skyMid: hsl(335 + j(), 62, 52),
        skyBottom: hsl(32 + j(), 95, 63),
        sun: hsl(45, 100, 78),
        glow: hsl(30, 100, 65),
        far: hsl(300 + j(), 25, 42),
        near: hsl(270 + j(), 35, 17),
        ground: hsl(265, 35, 12),
        water: hsl(290 + j(), 35, 30),
        accent: hsl(20 + j(), 90, 60),
        accent2: hsl(320 + j(), 70, 55),
        lights: hsl(42, 100, 70),
      };
    case 'night':
      return {
        skyTop: hsl(232 + j(), 60, 5),
        skyMid: hsl(226 + j(), 55, 13),
        skyBottom: hsl(214 + j(), 45, 27),
        sun: hsl(48, 35, 92),
        glow: hsl(210, 60, 75),
        far: hsl(222 + j(), 30, 20),
        near: hsl(228 + j(), 35, 9),
        ground: hsl(228, 35, 7),
        water: hsl(222 + j(), 45, 14),
        accent: hsl(200 + j(), 70, 60),
        accent2: hsl(265 + j(), 55, 55),
        lights: hsl(45, 100, 72),
      };
    case 'storm':
      return {
        skyTop: hsl(215 + j(), 12, 28),
        skyMid: hsl(212 + j(), 10, 45),
        skyBottom: hsl(205 + j(), 10, 62),
        sun: hsl(50, 10, 85),
        glow: hsl(210, 10, 80),
        far: hsl(210, 10, 40),
        near: hsl(215, 12, 22),
        ground: hsl(140, 10, 20),
        water: hsl(205, 15, 32),
        accent: hsl(200, 20, 70),
        accent2: hsl(230, 15, 55),
        lights: hsl(45, 80, 70),
      };
    default:
      return {
        skyTop: hsl(212 + j(), 72, 42),
        skyMid: hsl(202 + j(), 70, 63),
        skyBottom: hsl(192 + j(), 60, 84),
        sun: hsl(52, 100, 93),
        glow: hsl(50, 100, 85),
        far: hsl(210 + j(), 30, 62),
        near: hsl(150 + j(), 30, 28),
        ground: hsl(115 + j(), 38, 32),
        water: hsl(200 + j(), 65, 38),
        accent: hsl(rng.range(0, 360), 70, 60),
        accent2: hsl(rng.range(0, 360), 60, 55),
        lights: hsl(45, 100, 75),
      };
  }
}

function adjustPalette(p: Palette, a: Analysis, rng: Rng): Palette {
  const tint = a.colourHues[0];
  const tint2 = a.colourHues[1] ?? tint;
  const satMul = a.moods.has('vibrant') ? 1.25 : a.moods.has('calm') ? 0.7 : a.time === 'storm' ? 0.8 : 1;
  const lightMul = a.moods.has('dark') ? 0.72 : 1;
  const lightAdd = a.moods.has('calm') ? 6 : 0;
  const warmShift = a.moods.has('warm') ? 30 : a.moods.has('cool') || a.scenes.has('snow') ? 200 : undefined;
  const map = (c: RGB, key: keyof Palette): RGB => {
    let [h, s, l] = toHsl(c);
    if (tint !== undefined && key !== 'lights' && key !== 'sun') {
      const target = key === 'accent2' || key === 'far' ? (tint2 ?? tint) : tint;
      h = lerpHue(h, target, key.startsWith('sky') || key === 'water' || key.startsWith('accent') ? 0.6 : 0.35);
      s = Math.max(s, 45);
    }
    if (warmShift !== undefined) h = lerpHue(h, warmShift, 0.2);
    for (const avoid of a.avoidHues) if (hueDistance(h, avoid) < 35) h += hueDistance(h + 60, avoid) > hueDistance(h - 60, avoid) ? 60 : -60;
    s = clamp(s * satMul, 0, 100);
    l = clamp(l * lightMul + lightAdd, 0, 100);
    return hsl(h, s, l);
  };
  const out = {} as Record<keyof Palette, RGB>;
  for (const key of Object.keys(p) as (keyof Palette)[]) out[key] = map(p[key], key);
  if (a.scenes.has('snow')) {
    out.near = mix(out.near, hsl(210, 25, 88), 0.55);
    out.far = mix(out.far, hsl(210, 25, 92), 0.5);
    out.ground = mix(out.ground, hsl(210, 30, 94), 0.75);
  }
  if (a.scenes.has('desert')) {
    out.ground = mix(out.ground, hsl(34 + rng.range(-6, 6), 60, 58), 0.7);
    out.near = mix(out.near, hsl(26, 55, 45), 0.6);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// SVG building
// ---------------------------------------------------------------------------------------------------------------

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  linear(stops: readonly (readonly [number, RGB, number?])[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('g');
    const s = stops.map(([o, c, op]) => `<stop offset="${f1(o * 100)}%" stop-color="${hex(c)}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`);
    this.def(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s.join('')}</linearGradient>`);
    return `url(#${id})`;
  }

  radial(stops: readonly (readonly [number, RGB, number?])[]): string {
    const id = this.id('r');
    const s = stops.map(([o, c, op]) => `<stop offset="${f1(o * 100)}%" stop-color="${hex(c)}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`);
    this.def(`<radialGradient id="${id}" cx="50%" cy="50%" r="50%">${s.join('')}</radialGradient>`);
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id('b');
    this.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f1(std)}"/></filter>`);
    return `url(#${id})`;
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

/** Midpoint-displacement ridge: returns `segments + 1` heights in roughly [0, 1]. */
function ridge(rng: Rng, segments: number, roughness: number): number[] {
  const pts = new Array<number>(segments + 1).fill(0);
  pts[0] = rng.range(0.2, 0.8);
  pts[segments] = rng.range(0.2, 0.8);
  let step = segments;
  let scale = 0.6;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < segments; i += step) {
      const a = pts[i - half] ?? 0;
      const b = pts[i + half] ?? 0;
      pts[i] = (a + b) / 2 + rng.range(-scale, scale);
    }
    step = half;
    scale *= roughness;
  }
  const min = Math.min(...pts);
  const max = Math.max(...pts);
  return pts.map((v) => (max - min < 1e-9 ? 0.5 : (v - min) / (max - min)));
}

/** Smooth closed path through points (Catmull-Rom → cubic Bézier). */
function smoothClosedPath(points: readonly (readonly [number, number])[]): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n] as readonly [number, number];
  let d = `M${f1(at(0)[0])},${f1(at(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${f1(c1x)},${f1(c1y)} ${f1(c2x)},${f1(c2y)} ${f1(p2[0])},${f1(p2[1])}`;
  }
  return `${d}Z`;
}

interface SceneContext {
  svg: Svg;
  rng: Rng;
  a: Analysis;
  p: Palette;
  W: number;
  H: number;
  S: number; // short side
  horizon: number;
  sunX: number;
  sunY: number;
  sunR: number;
  /** Whether a sun or moon was drawn (water reflects it). */
  luminary: boolean;
  features: string[];
}

function drawSky(c: SceneContext): void {
  const { svg, p, W, H } = c;
  const fill = svg.linear([
    [0, p.skyTop],
    [0.55, p.skyMid],
    [Math.min(0.98, c.horizon / H + 0.02), p.skyBottom],
    [1, p.skyBottom],
  ]);
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="${fill}"/>`);
}

function drawStars(c: SceneContext, density: number): void {
  if (c.a.disabled.has('stars')) return;
  const { svg, rng, W, H, S } = c;
  const count = Math.round(((W * H) / 2600) * density);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, W);
    const y = rng.next() ** 1.4 * c.horizon * 0.95;
    const r = (rng.chance(0.06) ? rng.range(1.2, 2.2) : rng.range(0.35, 1.1)) * (S / 720);
    const o = rng.range(0.35, 1) * (1 - (y / c.horizon) * 0.6);
    parts.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(Math.max(0.4, r))}" fill="#fff" fill-opacity="${o.toFixed(2)}"/>`);
  }
  svg.add(`<g>${parts.join('')}</g>`);
  c.features.push('stars');
}

function drawSunOrMoon(c: SceneContext, kind: 'sun' | 'moon' | 'neon-sun'): void {
  if (c.a.disabled.has(kind === 'moon' ? 'moon' : 'sun')) return;
  const { svg, p, sunX, sunY, sunR, rng } = c;
  c.luminary = true;
  const glow = svg.radial([
    [0, p.glow, 0.55],
    [0.35, p.glow, 0.18],
    [1, p.glow, 0],
  ]);
  svg.add(`<circle cx="${f1(sunX)}" cy="${f1(sunY)}" r="${f1(sunR * (kind === 'moon' ? 3.2 : 4.5))}" fill="${glow}"/>`);
  if (kind === 'neon-sun') {
    const fill = svg.linear([
      [0, p.sun],
      [1, p.accent2],
    ]);
    const mask = svg.id('m');
    const bars: string[] = [];
    for (let i = 0; i < 7; i++) {
      const y = sunY + sunR * (0.05 + i * 0.14);
      bars.push(`<rect x="${f1(sunX - sunR)}" y="${f1(y)}" width="${f1(sunR * 2)}" height="${f1(sunR * (0.02 + i * 0.018))}" fill="#000"/>`);
    }
    svg.def(`<mask id="${mask}"><rect x="0" y="0" width="${c.W}" height="${c.H}" fill="#fff"/>${bars.join('')}</mask>`);
    svg.add(`<circle cx="${f1(sunX)}" cy="${f1(sunY)}" r="${f1(sunR)}" fill="${fill}" mask="url(#${mask})"/>`);
    c.features.push('neon sun');
    return;
  }
  if (kind === 'moon') {
    const crescent = rng.chance(0.45);
    if (crescent) {
      const mask = svg.id('m');
      const dx = sunR * rng.range(0.45, 0.75) * (rng.chance(0.5) ? 1 : -1);
      svg.def(
        `<mask id="${mask}"><rect x="0" y="0" width="${c.W}" height="${c.H}" fill="#fff"/>` +
          `<circle cx="${f1(sunX + dx)}" cy="${f1(sunY - sunR * 0.15)}" r="${f1(sunR)}" fill="#000"/></mask>`,
      );
      svg.add(`<circle cx="${f1(sunX)}" cy="${f1(sunY)}" r="${f1(sunR)}" fill="${hex(p.sun)}" mask="url(#${mask})"/>`);
      c.features.push('crescent moon');
    } else {
      svg.add(`<circle cx="${f1(sunX)}" cy="${f1(sunY)}" r="${f1(sunR)}" fill="${hex(p.sun)}"/>`);
      const craters: string[] = [];
      for (let i = 0; i < 7; i++) {
        const ang = rng.range(0, Math.PI * 2);
        const dist = rng.range(0, sunR * 0.7);
        craters.push(
          `<circle cx="${f1(sunX + Math.cos(ang) * dist)}" cy="${f1(sunY + Math.sin(ang) * dist)}" r="${f1(sunR * rng.range(0.08, 0.22))}" ` +
            `fill="${hex(mix(p.sun, p.skyMid, 0.5))}" fill-opacity="0.18"/>`,
        );
      }
      svg.add(`<g>${craters.join('')}</g>`);
      c.features.push('full moon');
    }
    return;
  }
  const fill = svg.radial([
    [0, WHITE],
    [0.6, p.sun],
    [1, mix(p.sun, p.glow, 0.5)],
  ]);
  svg.add(`<circle cx="${f1(sunX)}" cy="${f1(sunY)}" r="${f1(sunR)}" fill="${fill}"/>`);
  c.features.push('sun');
}

function drawClouds(c: SceneContext, count: number, dark: boolean): void {
  if (c.a.disabled.has('clouds') || count <= 0) return;
  const { svg, rng, W, S, p } = c;
  const blur = svg.blur(S * 0.012);
  const base = dark ? mix(p.skyTop, BLACK, 0.2) : c.a.time === 'sunset' ? mix(p.skyMid, WHITE, 0.35) : WHITE;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const cx = rng.range(-0.1, 1.1) * W;
    const cy = rng.range(0.06, 0.8) * c.horizon;
    const size = S * rng.range(0.08, 0.18) * (dark ? 1.6 : 1);
    const puffs = rng.int(4, 8);
    const fill = hex(mix(base, p.skyBottom, rng.range(0, 0.3)));
    const op = dark ? rng.range(0.55, 0.85) : rng.range(0.55, 0.9);
    const ellipses: string[] = [];
    for (let k = 0; k < puffs; k++) {
      const ex = cx + (k - puffs / 2) * size * rng.range(0.35, 0.6);
      const ey = cy - Math.sin((k / (puffs - 1)) * Math.PI) * size * rng.range(0.15, 0.35);
      ellipses.push(`<ellipse cx="${f1(ex)}" cy="${f1(ey)}" rx="${f1(size * rng.range(0.45, 0.75))}" ry="${f1(size * rng.range(0.25, 0.4))}"/>`);
    }
    parts.push(`<g fill="${fill}" fill-opacity="${op.toFixed(2)}">${ellipses.join('')}</g>`);
  }
  svg.add(`<g filter="${blur}">${parts.join('')}</g>`);
  c.features.push(dark ? 'storm clouds' : 'clouds');
}

function drawMountains(c: SceneContext, layers: number, snowCaps: boolean): void {
  if (c.a.disabled.has('mountains')) return;
  const { svg, rng, W, p, S } = c;
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const colour = mix(mix(p.skyBottom, p.far, 0.55), p.near, t);
    const peakHeight = S * (0.42 - t * 0.2) * rng.range(0.8, 1.15);
    const base = c.horizon + S * 0.01 * i;
    const heights = ridge(rng, 64, rng.range(0.5, 0.62));
    const pts = heights.map((h, k) => `${f1((k / 64) * W)},${f1(base - h * peakHeight)}`);
    const top = mix(colour, snowCaps ? WHITE : p.skyBottom, snowCaps ? 0.7 - t * 0.3 : 0.18);
    const fill = svg.linear([
      [0, top],
      [snowCaps ? 0.28 : 0.45, colour],
      [1, mix(colour, BLACK, 0.25)],
    ]);
    svg.add(`<polygon points="0,${f1(c.H)} ${pts.join(' ')} ${W},${f1(c.H)}" fill="${fill}"/>`);
  }
  c.features.push(`${layers} mountain ranges`);
}

function drawHills(c: SceneContext, layers: number, colour: RGB, label: string): void {
  const { svg, rng, W, H, S } = c;
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const base = c.horizon + (H - c.horizon) * (0.05 + t * 0.45);
    const amp = S * rng.range(0.03, 0.08);
    const f1a = rng.range(1, 2.5);
    const f2a = rng.range(2.5, 5);
    const ph1 = rng.range(0, Math.PI * 2);
    const ph2 = rng.range(0, Math.PI * 2);
    const pts: string[] = [];
    for (let k = 0; k <= 48; k++) {
      const x = (k / 48) * W;
      const y = base - amp * (Math.sin((k / 48) * Math.PI * f1a + ph1) * 0.7 + Math.sin((k / 48) * Math.PI * f2a + ph2) * 0.3) - amp;
      pts.push(`${f1(x)},${f1(y)}`);
    }
    const skyTint = c.a.scenes.has('snow') ? 0.85 : 0.55;
    const col = mix(mix(c.p.skyBottom, colour, skyTint), mix(colour, BLACK, c.a.scenes.has('snow') ? 0.1 : 0.25), t);
    const fill = svg.linear([
      [0, mix(col, WHITE, 0.12)],
      [1, mix(col, BLACK, 0.2)],
    ]);
    svg.add(`<polygon points="0,${H} ${pts.join(' ')} ${W},${H}" fill="${fill}"/>`);
  }
  c.features.push(label);
}

function drawFlowers(c: SceneContext): void {
  const { svg, rng, W, H, S, p } = c;
  const parts: string[] = [];
  const colours = [p.accent, p.accent2, hsl(50, 90, 65), WHITE];
  for (let i = 0; i < 220; i++) {
    const y = c.horizon + (H - c.horizon) * (0.55 + rng.next() ** 0.7 * 0.45);
    const x = rng.range(0, W);
    const r = (S / 720) * (1 + ((y - c.horizon) / (H - c.horizon)) * 3) * rng.range(0.6, 1.2);
    parts.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${hex(rng.pick(colours))}" fill-opacity="0.85"/>`);
  }
  svg.add(`<g>${parts.join('')}</g>`);
  c.features.push('flowers');
}

function drawWater(c: SceneContext): void {
  if (c.a.disabled.has('water')) return;
  const { svg, rng, W, H, S, p } = c;
  const fill = svg.linear([
    [0, mix(p.skyBottom, p.water, 0.35)],
    [0.4, mix(p.skyMid, p.water, 0.6)],
    [1, mix(p.water, BLACK, 0.35)],
  ]);
  svg.add(`<rect x="0" y="${f1(c.horizon)}" width="${W}" height="${f1(H - c.horizon)}" fill="${fill}"/>`);
  // sun/moon reflection column
  if (c.luminary) {
    const streaks: string[] = [];
    const rows = 40;
    for (let i = 0; i < rows; i++) {
      const t = i / rows;
      const y = c.horizon + (H - c.horizon) * t ** 1.3 + S * 0.004;
      const w = c.sunR * (0.4 + t * 1.6) * rng.range(0.4, 1.2);
      const x = c.sunX + rng.range(-1, 1) * c.sunR * 0.25 * (1 + t);
      streaks.push(
        `<rect x="${f1(x - w / 2)}" y="${f1(y)}" width="${f1(w)}" height="${f1(Math.max(1, S * 0.003 * (1 + t * 2)))}" ` +
          `fill="${hex(p.sun)}" fill-opacity="${(0.55 * (1 - t * 0.8)).toFixed(2)}"/>`,
      );
    }
    svg.add(`<g>${streaks.join('')}</g>`);
  }
  // waves: sine paths, denser and finer near the horizon
  const waves: string[] = [];
  const lines = 26;
  const light = hex(mix(p.skyBottom, WHITE, 0.4));
  for (let i = 1; i <= lines; i++) {
    const t = i / lines;
    const y = c.horizon + (H - c.horizon) * t ** 1.7;
    const amp = S * 0.004 * (1 + t * 4);
    const wl = W * (0.04 + t * 0.12) * rng.range(0.8, 1.2);
    const phase = rng.range(0, wl);
    let d = `M${f1(-phase)},${f1(y)}`;
    for (let x = -phase; x < W + wl; x += wl) d += `q${f1(wl / 4)},${f1(-amp)} ${f1(wl / 2)},0 t${f1(wl / 2)},0`;
    waves.push(
      `<path d="${d}" fill="none" stroke="${light}" stroke-opacity="${(0.1 + t * 0.22).toFixed(2)}" stroke-width="${f1(0.6 + t * 2.4 * (S / 720))}"/>`,
    );
  }
  svg.add(`<g>${waves.join('')}</g>`);
  c.features.push('water with waves');
}

function pinePath(x: number, base: number, h: number): string {
  const trunkW = h * 0.05;
  let d = `M${f1(x - trunkW / 2)},${f1(base)}h${f1(trunkW)}v${f1(-h * 0.2)}h${f1(-trunkW)}Z`;
  for (let k = 0; k < 3; k++) {
    const top = base - h + k * h * 0.22;
    const w = h * (0.2 + k * 0.09);
    d += `M${f1(x)},${f1(top)}L${f1(x - w)},${f1(top + h * 0.42)}L${f1(x + w)},${f1(top + h * 0.42)}Z`;
  }
  return d;
}

function drawForest(c: SceneContext, baseY: number, layers: number, scale: number): void {
  if (c.a.disabled.has('trees')) return;
  const { svg, rng, W, S, p } = c;
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const colour = mix(mix(p.skyBottom, p.near, 0.6), mix(p.near, BLACK, 0.35), t);
    const h0 = S * scale * (0.55 + t * 0.6);
    const base = baseY + S * 0.02 * i;
    let d = '';
    let x = -h0 * rng.range(0, 0.3);
    while (x < W + h0 * 0.3) {
      const h = h0 * rng.range(0.6, 1.25);
      d += pinePath(x, base + rng.range(0, S * 0.01), h);
      x += h * rng.range(0.18, 0.42);
    }
    svg.add(`<path d="${d}" fill="${hex(colour)}"/>`);
    const groundTop = base - h0 * 0.2;
    svg.add(`<rect x="0" y="${f1(groundTop)}" width="${W}" height="${f1(c.H - groundTop)}" fill="${hex(colour)}"/>`);
  }
  c.features.push('pine forest');
}

function drawCity(c: SceneContext, reflect: boolean): void {
  if (c.a.disabled.has('buildings')) return;
  const { svg, rng, W, S, p } = c;
  const lit = c.a.time !== 'day';
  const layers = 2;
  for (let layer = 0; layer < layers; layer++) {
    const colour = layer === 0 ? mix(p.far, p.skyBottom, 0.35) : mix(p.near, BLACK, 0.3);
    const rects: string[] = [];
    const windows: string[] = [];
    let x = -rng.range(0, S * 0.05);
    while (x < W) {
      const bw = S * rng.range(0.05, 0.12);
      const bh = S * rng.range(0.12, 0.5) * (layer === 0 ? 1.15 : 0.85);
      const top = c.horizon - bh;
      rects.push(`<rect x="${f1(x)}" y="${f1(top)}" width="${f1(bw)}" height="${f1(bh)}"/>`);
      if (rng.chance(0.3)) rects.push(`<rect x="${f1(x + bw * 0.4)}" y="${f1(top - S * 0.04)}" width="${f1(bw * 0.08)}" height="${f1(S * 0.04)}"/>`);
      if (layer === 1 && lit && windows.length < 1600) {
        const ww = Math.max(1, S * 0.008);
        for (let wy = top + ww * 2; wy < c.horizon - ww * 2; wy += ww * 2.6) {
          for (let wx = x + ww; wx < x + bw - ww * 1.5; wx += ww * 2.2) {
            if (rng.chance(0.28)) windows.push(`<rect x="${f1(wx)}" y="${f1(wy)}" width="${f1(ww)}" height="${f1(ww * 1.3)}"/>`);
          }
        }
      }
      x += bw + S * rng.range(0, 0.012);
    }
    svg.add(`<g fill="${hex(colour)}">${rects.join('')}</g>`);
    if (windows.length > 0) {
      const winColour = c.a.scenes.has('neon') ? rng.pick([p.accent, p.accent2, p.lights]) : p.lights;
      svg.add(`<g fill="${hex(winColour)}" fill-opacity="0.85">${windows.join('')}</g>`);
    }
  }
  if (!reflect) {
    svg.add(`<rect x="0" y="${f1(c.horizon)}" width="${W}" height="${f1(c.H - c.horizon)}" fill="${hex(mix(p.ground, BLACK, 0.4))}"/>`);
  }
  c.features.push(lit ? 'city skyline with lit windows' : 'city skyline');
}

function drawDunes(c: SceneContext): void {
  const { svg, rng, W, H, S, p } = c;
  for (let i = 0; i < 3; i++) {
    const t = i / 2;
    const base = c.horizon + (H - c.horizon) * (0.1 + t * 0.45);
    const amp = S * rng.range(0.05, 0.12);
    const crest = rng.range(0.2, 0.8) * W;
    const d =
      `M0,${H}L0,${f1(base)}Q${f1(crest * 0.6)},${f1(base - amp * 1.2)} ${f1(crest)},${f1(base - amp)}` +
      `Q${f1(crest + (W - crest) * 0.5)},${f1(base - amp * 0.1)} ${W},${f1(base + amp * 0.2)}L${W},${H}Z`;
    const col = mix(mix(p.skyBottom, p.ground, 0.6), mix(p.ground, p.near, 0.5), t);
    const fill = svg.linear([
      [0, mix(col, WHITE, 0.15)],
      [1, mix(col, BLACK, 0.25)],
    ]);
    svg.add(`<path d="${d}" fill="${fill}"/>`);
  }
  c.features.push('sand dunes');
}

function drawNeonGrid(c: SceneContext): void {
  if (c.a.disabled.has('grid')) return;
  const { svg, W, H, S, p } = c;
  svg.add(`<rect x="0" y="${f1(c.horizon)}" width="${W}" height="${f1(H - c.horizon)}" fill="${hex(p.ground)}"/>`);
  const lines: string[] = [];
  const depth = H - c.horizon;
  for (let i = 1; i <= 14; i++) {
    const y = c.horizon + depth * (i / 14) ** 2.2;
    lines.push(`<line x1="0" y1="${f1(y)}" x2="${W}" y2="${f1(y)}"/>`);
  }
  const vx = W / 2;
  for (let i = -16; i <= 16; i++) {
    const xb = vx + (i / 16) * W * 1.6;
    lines.push(`<line x1="${f1(vx + (i / 16) * W * 0.05)}" y1="${f1(c.horizon)}" x2="${f1(xb)}" y2="${H}"/>`);
  }
  const glow = svg.blur(S * 0.004);
  const stroke = `stroke="${hex(p.accent)}" stroke-width="${f1(Math.max(1, S * 0.0025))}"`;
  svg.add(`<g ${stroke} stroke-opacity="0.9" filter="${glow}">${lines.join('')}</g>`);
  svg.add(`<g ${stroke} stroke-opacity="0.8">${lines.join('')}</g>`);
  const haze = svg.linear([
    [0, p.accent2, 0.55],
    [1, p.accent2, 0],
  ]);
  svg.add(`<rect x="0" y="${f1(c.horizon - S * 0.01)}" width="${W}" height="${f1(S * 0.08)}" fill="${haze}"/>`);
  c.features.push('neon grid');
}

function drawNebula(c: SceneContext): void {
  const { svg, rng, W, H, S, p } = c;
  const blur = svg.blur(S * 0.06);
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const col = rng.pick([p.accent, p.accent2, mix(p.accent, p.accent2, 0.5)]);
    parts.push(
      `<ellipse cx="${f1(rng.range(0, W))}" cy="${f1(rng.range(0, H * 0.8))}" rx="${f1(S * rng.range(0.2, 0.5))}" ry="${f1(S * rng.range(0.08, 0.22))}" ` +
        `transform="rotate(${f1(rng.range(-40, 40))} ${f1(W / 2)} ${f1(H / 2)})" fill="${hex(col)}" fill-opacity="${rng.range(0.2, 0.4).toFixed(2)}"/>`,
    );
  }
  svg.add(`<g filter="${blur}">${parts.join('')}</g>`);
  c.features.push('nebula');
}

function drawPlanet(c: SceneContext): void {
  const { svg, rng, W, H, S, p } = c;
  const r = S * rng.range(0.12, 0.22);
  const x = rng.range(0.2, 0.8) * W;
  const y = rng.range(0.25, 0.6) * H;
  const fill = svg.linear(
    [
      [0, mix(p.accent, WHITE, 0.3)],
      [0.6, p.accent],
      [1, mix(p.accent, BLACK, 0.75)],
    ],
    0,
    0,
    1,
    1,
  );
  const planet = `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${fill}"/>`;
  if (rng.chance(0.6)) {
    // back half of the ring, planet, then front half
    const tilt = rng.range(-25, 25);
    const rx = r * 1.8;
    const ry = r * 0.35;
    const stroke = `fill="none" stroke="${hex(mix(p.accent2, WHITE, 0.3))}" stroke-opacity="0.8" stroke-width="${f1(r * 0.08)}"`;
    const back = `<path d="M${f1(x - rx)},${f1(y)}A${f1(rx)},${f1(ry)} 0 0 1 ${f1(x + rx)},${f1(y)}" ${stroke}/>`;
    const front = `<path d="M${f1(x + rx)},${f1(y)}A${f1(rx)},${f1(ry)} 0 0 1 ${f1(x - rx)},${f1(y)}" ${stroke}/>`;
    svg.add(`<g transform="rotate(${f1(tilt)} ${f1(x)} ${f1(y)})">${back}${planet}${front}</g>`);
    c.features.push('ringed planet');
  } else {
    svg.add(planet);
    c.features.push('planet');
  }
}

function drawAurora(c: SceneContext): void {
  const { svg, rng, W, S, p } = c;
  const blur = svg.blur(S * 0.02);
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const y0 = c.horizon * rng.range(0.2, 0.5);
    let d = `M0,${f1(y0)}`;
    for (let k = 1; k <= 8; k++) d += `L${f1((k / 8) * W)},${f1(y0 + Math.sin(k * rng.range(0.6, 1.2)) * S * 0.08)}`;
    const col = i === 1 ? hsl(165, 80, 55) : mix(hsl(140, 75, 50), p.accent2, 0.3 * i);
    parts.push(`<path d="${d}" fill="none" stroke="${hex(col)}" stroke-width="${f1(S * rng.range(0.04, 0.09))}" stroke-opacity="0.45"/>`);
  }
  svg.add(`<g filter="${blur}">${parts.join('')}</g>`);
  c.features.push('aurora');
}

function drawAbstract(c: SceneContext): void {
  const { svg, rng, W, H, S, a } = c;
  if (a.disabled.has('blobs')) return;
  const baseHue = a.colourHues[0] ?? a.contentHash % 360;
  const second = a.colourHues[1];
  const hues =
    second === undefined
      ? [baseHue, baseHue + rng.range(25, 60), baseHue + rng.range(150, 210), baseHue - rng.range(25, 60)]
      : [baseHue, second, baseHue + rng.range(-30, 30), second + rng.range(-30, 30)];
  const sat = a.moods.has('calm') ? 45 : a.moods.has('vibrant') ? 85 : 68;
  const lightBase = a.moods.has('dark') ? 28 : a.moods.has('calm') ? 72 : 52;
  const bg = svg.linear(
    [
      [0, hsl(hues[0] ?? 0, sat * 0.8, lightBase * 0.55)],
      [1, hsl(hues[2] ?? 180, sat * 0.7, lightBase * 0.9)],
    ],
    0,
    0,
    1,
    1,
  );
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="${bg}"/>`);
  const blur = svg.blur(S * 0.035);
  const soft: string[] = [];
  const sharp: string[] = [];
  const blobs = rng.int(6, 10);
  for (let i = 0; i < blobs; i++) {
    const cx = rng.range(-0.1, 1.1) * W;
    const cy = rng.range(-0.1, 1.1) * H;
    const r = S * rng.range(0.12, 0.42);
    const n = rng.int(6, 9);
    const pts: [number, number][] = [];
    for (let k = 0; k < n; k++) {
      const ang = (k / n) * Math.PI * 2;
      const rr = r * rng.range(0.65, 1.25);
      pts.push([cx + Math.cos(ang) * rr, cy + Math.sin(ang) * rr]);
    }
    const h = rng.pick(hues) + rng.range(-12, 12);
    const fill = svg.linear(
      [
        [0, hsl(h, sat, clamp(lightBase + rng.range(0, 22), 5, 92))],
        [1, hsl(h + 30, sat, clamp(lightBase - rng.range(0, 15), 5, 92))],
      ],
      0,
      0,
      1,
      1,
    );
    const el = `<path d="${smoothClosedPath(pts)}" fill="${fill}" fill-opacity="${rng.range(0.55, 0.9).toFixed(2)}"/>`;
    (i < blobs / 2 ? soft : sharp).push(el);
  }
  svg.add(`<g filter="${blur}">${soft.join('')}</g>`);
  svg.add(`<g>${sharp.join('')}</g>`);
  const strokes: string[] = [];
  for (let i = 0; i < rng.int(2, 5); i++) {
    if (rng.chance(0.5)) {
      strokes.push(
        `<circle cx="${f1(rng.range(0, W))}" cy="${f1(rng.range(0, H))}" r="${f1(S * rng.range(0.05, 0.25))}" fill="none" ` +
          `stroke="${hex(hsl(rng.pick(hues), sat * 0.6, 90))}" stroke-opacity="0.55" stroke-width="${f1(S * rng.range(0.003, 0.012))}"/>`,
      );
    } else {
      const y0 = rng.range(0, H);
      strokes.push(
        `<path d="M${f1(-S * 0.1)},${f1(y0)}C${f1(W * 0.3)},${f1(rng.range(0, H))} ${f1(W * 0.7)},${f1(rng.range(0, H))} ${f1(W + S * 0.1)},${f1(rng.range(0, H))}" ` +
          `fill="none" stroke="${hex(hsl(rng.pick(hues), sat * 0.5, 88))}" stroke-opacity="0.35" stroke-width="${f1(S * rng.range(0.004, 0.02))}"/>`,
      );
    }
  }
  svg.add(`<g>${strokes.join('')}</g>`);
  c.features.push(`${blobs} abstract shapes`);
}

function drawSnowfall(c: SceneContext): void {
  if (c.a.disabled.has('snow')) return;
  const { svg, rng, W, H, S } = c;
  const parts: string[] = [];
  const count = Math.round((W * H) / 5000);
  for (let i = 0; i < count; i++) {
    parts.push(`<circle cx="${f1(rng.range(0, W))}" cy="${f1(rng.range(0, H))}" r="${f1((S / 720) * rng.range(0.6, 2.6))}"/>`);
  }
  svg.add(`<g fill="#fff" fill-opacity="0.75">${parts.join('')}</g>`);
  c.features.push('snowfall');
}

function drawRain(c: SceneContext): void {
  const { svg, rng, W, H, S } = c;
  const parts: string[] = [];
  const count = Math.round((W * H) / 3500);
  const len = S * 0.03;
  for (let i = 0; i < count; i++) {
    const x = rng.range(-0.1, 1.1) * W;
    const y = rng.range(0, H);
    parts.push(`<line x1="${f1(x)}" y1="${f1(y)}" x2="${f1(x - len * 0.25)}" y2="${f1(y + len)}"/>`);
  }
  svg.add(`<g stroke="#dfe8f0" stroke-opacity="0.3" stroke-width="${f1(Math.max(0.6, S / 900))}">${parts.join('')}</g>`);
  c.features.push('rain');
}

function drawVignette(c: SceneContext): void {
  const { svg, W, H } = c;
  const strength = c.a.moods.has('dark') ? 0.6 : c.a.moods.has('calm') ? 0.2 : 0.35;
  const id = svg.id('v');
  svg.def(
    `<radialGradient id="${id}" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="100%" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`,
  );
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="url(#${id})"/>`);
}

/** Builds the scene SVG for a prompt. Exported for tests and debugging. */
export function buildImageSvg(
  prompt: string,
  seed: number,
  width: number,
  height: number,
  negativePrompt?: string,
): { svg: string; features: string[]; time: string; scenes: string[]; palette: Record<string, string> } {
  const rng = new Rng((hashString(prompt.trim().toLowerCase()) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
  const a = analyse(prompt, negativePrompt, rng);
  const p = adjustPalette(basePalette(a, rng), a, rng);
  const W = width;
  const H = height;
  const S = Math.min(W, H);
  const portrait = H > W;
  const s = a.scenes;
  const landscape = s.has('ocean') || s.has('mountain') || s.has('forest') || s.has('city') || s.has('desert') || s.has('field') || s.has('snow');
  let horizonFrac = rng.range(0.58, 0.7);
  if (s.has('city') && !s.has('ocean')) horizonFrac = rng.range(0.76, 0.86);
  if (s.has('neon')) horizonFrac = rng.range(0.58, 0.64);
  if (portrait) horizonFrac = Math.min(0.75, horizonFrac + 0.05);
  const horizon = H * horizonFrac;
  const sunR = S * (a.time === 'night' ? rng.range(0.05, 0.085) : rng.range(0.07, 0.11)) * (s.has('neon') ? 2.2 : 1);
  const sunX = W * (s.has('neon') ? 0.5 : rng.range(0.22, 0.78));
  let sunY: number;
  if (s.has('neon')) sunY = horizon - sunR * 0.55;
  else if (a.time === 'sunset') sunY = horizon - sunR * rng.range(0.2, 1.6);
  else sunY = horizon * rng.range(0.2, 0.42);

  const svg = new Svg(W, H);
  const c: SceneContext = { svg, rng, a, p, W, H, S, horizon, sunX, sunY, sunR, luminary: false, features: [] };

  if (s.has('abstract') && !landscape && !s.has('space') && !s.has('neon')) {
    drawAbstract(c);
    if (a.time === 'night' && !a.colourHues.length) drawStars(c, 0.25);
  } else {
    drawSky(c);
    if (a.time === 'night' || s.has('space')) drawStars(c, s.has('space') ? 1.6 : 1);
    else if (a.time === 'sunset') drawStars(c, 0.08);
    if (s.has('space')) {
      drawNebula(c);
      drawPlanet(c);
    }
    if (hasAny(new Set(tokenize(prompt)), ['aurora', 'northern', 'borealis'])) drawAurora(c);
    if (!s.has('space') || landscape) {
      if (s.has('neon')) drawSunOrMoon(c, 'neon-sun');
      else if (a.time === 'night') drawSunOrMoon(c, 'moon');
      else if (a.time !== 'storm') drawSunOrMoon(c, 'sun');
      if (a.time === 'storm') drawClouds(c, rng.int(7, 11), true);
      else if (a.time === 'day') drawClouds(c, rng.int(3, 6), false);
      else if (a.time === 'sunset') drawClouds(c, rng.int(1, 4), false);
    }
    if (s.has('abstract')) drawAbstract(c);
    if (s.has('mountain') || (s.has('snow') && !s.has('city')) || (s.has('neon') && !s.has('city'))) {
      drawMountains(c, s.has('neon') ? 2 : rng.int(2, 4), s.has('snow') || (a.time === 'day' && rng.chance(0.4)));
    }
    if (s.has('city')) drawCity(c, s.has('ocean'));
    if (s.has('ocean')) {
      drawWater(c);
      if (s.has('forest')) drawForest(c, c.horizon + S * 0.005, 1, 0.08);
    } else if (s.has('neon')) {
      drawNeonGrid(c);
    } else if (s.has('desert')) {
      drawDunes(c);
    } else if (s.has('field') || (landscape && !s.has('city'))) {
      const green = s.has('snow') ? p.ground : mix(p.ground, hsl(105, 45, 38), a.time === 'day' ? 0.5 : 0.15);
      drawHills(c, s.has('field') ? 3 : 2, green, s.has('snow') ? 'snowy slopes' : 'rolling hills');
      if (hasAny(new Set(tokenize(prompt)), ['flowers', 'flower', 'garden', 'meadow', 'meadows'])) drawFlowers(c);
    }
    if (s.has('forest') && !s.has('ocean')) drawForest(c, H - (H - horizon) * 0.25, 2, portrait ? 0.22 : 0.26);
    if (s.has('snow')) drawSnowfall(c);
    if (a.time === 'storm' && hasAny(new Set(tokenize(prompt)), ['rain', 'rainy', 'storm', 'stormy', 'thunder'])) drawRain(c);
  }
  drawVignette(c);
  const palette: Record<string, string> = {};
  for (const [k, v] of Object.entries(p) as [string, RGB][]) palette[k] = hex(v);
  return { svg: svg.toString(), features: c.features, time: a.time, scenes: [...a.scenes].sort(), palette };
}

/** Renders a deterministic procedural PNG for a prompt. */
export async function renderImage(options: RenderImageOptions): Promise<ImageResult> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const prompt = (options.prompt ?? '').trim();
  if (!prompt) throw new Error('renderImage: prompt is required');
  const aspectRatio = options.aspectRatio ?? '16:9';
  const resolution = options.resolution ?? '1080p';
  const { width, height } = dimensionsFor(aspectRatio, resolution);
  const seed = resolveSeed(options.seed);
  report(0);
  const scene = buildImageSvg(prompt, seed, width, height, options.negativePrompt);
  report(20);
  throwIfAborted(signal);
  const background = scene.palette.skyTop ?? '#000000';
  const data = await sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(scene.svg), top: 0, left: 0 }])
    .removeAlpha()
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  throwIfAborted(signal);
  report(100);
  return {
    data,
    mime: 'image/png',
    ext: 'png',
    width,
    height,
    metadata: {
      engine: 'local',
      model: 'local/image',
      prompt,
      negativePrompt: options.negativePrompt ?? null,
      seed,
      aspectRatio,
      resolution,
      width,
      height,
      timeOfDay: scene.time,
      scenes: scene.scenes,
      features: scene.features,
      palette: scene.palette,
    },
  };
}
