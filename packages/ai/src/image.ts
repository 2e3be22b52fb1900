/**
 * Offline image engine: turns the words of a prompt into a picture — a scene chosen from its setting, colour and
 * time-of-day words (sky gradients, sun/moon, stars, mountains, water, forests, skylines, dunes, neon grids, an
 * interior with a table, or abstract blobs) with the subjects it names drawn in it (icons from Fluent Emoji Flat,
 * MIT; a few drawn from shapes) — written as SVG and rendered to PNG with sharp. Same prompt + seed (+ options) →
 * byte-identical PNG. Roles: image.prompt (reading the prompt), image.palette, image.scenery, image.subjects,
 * image.svg, image.colour.
 */
import sharp from 'sharp';
import {
  type AspectRatio,
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
import { hex, hsl, mix, type RGB } from './image.colour';
import { adjustPalette, basePalette } from './image.palette';
import { analyse, hasAny, tokenize } from './image.prompt';
import {
  drawAbstract,
  drawAurora,
  drawCity,
  drawClouds,
  drawDunes,
  drawFlowers,
  drawForest,
  drawHeadland,
  drawHills,
  drawIndoor,
  drawMountains,
  drawNebula,
  drawNeonGrid,
  drawPlanet,
  drawRain,
  drawShore,
  drawSky,
  drawSnowfall,
  drawStars,
  drawSunOrMoon,
  drawVignette,
  drawWater,
  type SceneContext,
} from './image.scenery';
import { drawSubject, ICON_SET, isDrawnShape } from './image.subjects';
import { Svg } from './image.svg';

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

/** Builds the scene SVG for a prompt. Exported for tests and debugging. */
export function buildImageSvg(
  prompt: string,
  seed: number,
  width: number,
  height: number,
  negativePrompt?: string,
): {
  svg: string;
  features: string[];
  time: string;
  scenes: string[];
  setting: string;
  subjects: DrawnSubject[];
  palette: Record<string, string>;
} {
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

  const words = new Set(tokenize(prompt));
  let ground: Ground;
  if (s.has('indoor')) {
    ground = { kind: 'table', base: drawIndoor(c, words) };
  } else if (s.has('abstract') && !landscape && !s.has('space') && !s.has('neon')) {
    ground = { kind: 'float', base: H * 0.5 };
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
    if (hasAny(words, ['aurora', 'northern', 'borealis'])) drawAurora(c);
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
      if (hasAny(words, ['flowers', 'flower', 'garden', 'meadow', 'meadows'])) drawFlowers(c);
    }
    if (s.has('forest') && !s.has('ocean')) drawForest(c, H - (H - horizon) * 0.25, 2, portrait ? 0.22 : 0.26);
    ground =
      s.has('space') && !landscape
        ? { kind: 'float', base: H * 0.55 }
        : s.has('ocean')
          ? { kind: 'sea', base: 0 }
          : { kind: 'land', base: horizon + (H - horizon) * 0.62 };
  }
  const drawn = drawSubjects(c, ground);
  if (!s.has('indoor')) {
    if (s.has('snow')) drawSnowfall(c);
    if (a.time === 'storm' && hasAny(words, ['rain', 'rainy', 'storm', 'stormy', 'thunder'])) drawRain(c);
  }
  drawVignette(c);
  const palette: Record<string, string> = {};
  for (const [k, v] of Object.entries(p) as [string, RGB][]) palette[k] = hex(v);
  return {
    svg: svg.toString(),
    features: c.features,
    time: a.time,
    scenes: [...a.scenes].sort(),
    setting: settingOf(a.scenes),
    subjects: drawn,
    palette,
  };
}

/** What the picture is set in, for the receipt. */
function settingOf(scenes: ReadonlySet<string>): string {
  const order = ['indoor', 'space', 'neon', 'city', 'ocean', 'desert', 'snow', 'mountain', 'forest', 'field', 'abstract'] as const;
  const names: Record<(typeof order)[number], string> = {
    indoor: 'indoors, on a table',
    space: 'outer space',
    neon: 'a neon night',
    city: 'a city',
    ocean: 'by the sea',
    desert: 'a desert',
    snow: 'a snowy landscape',
    mountain: 'the mountains',
    forest: 'a forest',
    field: 'open country',
    abstract: 'abstract shapes',
  };
  return order.filter((o) => scenes.has(o)).map((o) => names[o])[0] ?? 'abstract shapes';
}

/** Where subjects stand: on a table, on land, on/by the sea, or floating (space, abstract). */
interface Ground {
  kind: 'table' | 'land' | 'sea' | 'float';
  base: number;
}

export interface DrawnSubject {
  name: string;
  /** The prompt word(s) that named it. */
  word: string;
  /** Where the picture came from: an icon of the shipped set, or shapes drawn by the engine. */
  source: string;
}

const SLOTS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0.5, 1]],
  2: [
    [0.4, 1],
    [0.7, 0.72],
  ],
  3: [
    [0.46, 1],
    [0.74, 0.66],
    [0.22, 0.6],
  ],
};

/** Draws the prompt's subjects where they belong in the scene, lit by its time of day; returns what it drew. */
function drawSubjects(c: SceneContext, ground: Ground): DrawnSubject[] {
  const { a, W, H, S, rng, svg } = c;
  const found = a.subjects;
  if (!found.length) return [];
  const slots = SLOTS[found.length] ?? SLOTS[1] ?? [];
  const lighting = a.scenes.has('indoor') ? (a.time === 'night' ? 'sunset' : 'day') : a.time;
  let shore: number | null = null;
  const drawn: DrawnSubject[] = [];
  found.forEach((f, i) => {
    const [fx, rel] = slots[i] ?? [0.5, 0.6];
    const def = f.def;
    const floating = def.habitat === 'sky' || ground.kind === 'float' || (def.habitat === 'space' && a.scenes.has('space'));
    let height = S * (ground.kind === 'table' ? 0.34 : 0.3) * (def.size ?? 1) * rel;
    let x = W * fx;
    let base: number;
    if (floating) {
      base = ground.kind === 'float' ? ground.base + height / 2 : c.horizon * rng.range(0.42, 0.6) + height / 2;
    } else if (ground.kind === 'sea') {
      if (def.icon === 'lighthouse') {
        const top = drawHeadland(c);
        x = top.x;
        base = top.y;
        height = Math.min(height, top.y - S * 0.04);
      } else if (def.habitat === 'ocean' || def.habitat === 'water') {
        base = c.horizon + (H - c.horizon) * (0.35 + 0.1 * i);
      } else {
        shore ??= drawShore(c);
        base = shore;
      }
    } else {
      base = ground.base;
    }
    height = Math.min(height, base - S * 0.03);
    const out = drawSubject(def, { x, base, height, floating }, lighting, svg.id(`s${i}`), rng, c.p.glow);
    svg.def(out.defs);
    svg.add(out.markup);
    const where = floating
      ? a.scenes.has('space')
        ? 'floating in space'
        : ground.kind === 'float'
          ? ''
          : 'in the sky'
      : ground.kind === 'table'
        ? 'on the table'
        : def.icon === 'lighthouse'
          ? 'on the cliff'
          : '';
    c.features.push(where ? `${def.name} ${where}` : def.name);
    drawn.push({
      name: def.name,
      word: f.word,
      source: isDrawnShape(def.icon) ? 'drawn from shapes' : `${ICON_SET.name} “${def.icon}” (${ICON_SET.licence})`,
    });
  });
  return drawn;
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
      setting: scene.setting,
      subjects: scene.subjects,
      /** What the picture shows, in the order it was drawn (History's receipt lists it). */
      drew: scene.features,
      features: scene.features,
      ...(scene.subjects.some((x) => x.source !== 'drawn from shapes')
        ? { artwork: `Subjects from ${ICON_SET.name} by ${ICON_SET.author} (${ICON_SET.licence} licence, npm ${ICON_SET.package})` }
        : {}),
      palette: scene.palette,
    },
  };
}
