/**
 * Offline image engine: turns the words of a prompt into a procedural scene (sky gradients, sun/moon, stars,
 * mountains, water, forests, skylines, dunes, neon grids or abstract blobs), written as SVG and rendered to PNG
 * with sharp. Same prompt + seed (+ options) → byte-identical PNG.
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
  drawHills,
  drawMountains,
  drawNebula,
  drawNeonGrid,
  drawPlanet,
  drawRain,
  drawSky,
  drawSnowfall,
  drawStars,
  drawSunOrMoon,
  drawVignette,
  drawWater,
  type SceneContext,
} from './image.scenery';
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
