/**
 * Offline style transfer: repaints an image in one of a few looks (pencil sketch, watercolour, pop art, duotone,
 * vintage photo, pixel art) with sharp and per-pixel arithmetic on the raw RGB data — no AI model, no API key.
 * The result has exactly the input's (EXIF-oriented) dimensions; `strength` (0–100) blends the original with the
 * stylised image, so strength 0 returns the original pixels. Same input + style + strength + seed → same PNG.
 */
import sharp from 'sharp';
import { clamp, type EngineResult, type EngineRunOptions, hashString, progressReporter, Rng, resolveSeed, throwIfAborted } from './common';

export const LOCAL_STYLES = [
  { id: 'sketch', name: 'Pencil sketch', description: 'Graphite lines on warm paper' },
  { id: 'watercolour', name: 'Watercolour', description: 'Soft washes, darker pigment edges and paper grain' },
  { id: 'pop-art', name: 'Pop art', description: 'Four bold screen-printed panels' },
  { id: 'duotone', name: 'Duotone', description: 'Shadows and highlights in two colours' },
  { id: 'vintage', name: 'Vintage photo', description: 'Sepia tones, faded blacks, grain and vignette' },
  { id: 'pixel-art', name: 'Pixel art', description: 'Chunky pixels in a small palette' },
] as const;
export type LocalStyle = (typeof LOCAL_STYLES)[number]['id'];
export const LOCAL_STYLE_IDS = LOCAL_STYLES.map((s) => s.id) as readonly LocalStyle[];

/** The largest image the local styles take (they work on the full-resolution pixels in memory). */
export const MAX_STYLE_PIXELS = 16_000_000;

type RGB = [number, number, number];

export interface ApplyStyleOptions extends EngineRunOptions {
  /** The content image (PNG, JPEG, WebP, …). */
  image: Buffer;
  style: LocalStyle;
  /** 0–100 (default 100): how much of the stylised image replaces the original. */
  strength?: number;
  /** Varies grain, palettes and textures. */
  seed?: number;
  /** Duotone colours (shadow, highlight) or the pop-art/pixel tint; defaults come from the seed. */
  colors?: { dark?: RGB; light?: RGB };
}

export interface StyleResult extends EngineResult {
  width: number;
  height: number;
}

export function isLocalStyle(value: unknown): value is LocalStyle {
  return typeof value === 'string' && (LOCAL_STYLE_IDS as readonly string[]).includes(value);
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const lum = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const byte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

async function blurRaw(src: Raw, sigma: number, channels: 1 | 3): Promise<Buffer> {
  return sharp(src.data, { raw: { width: src.width, height: src.height, channels } })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer();
}

/** A smooth, seeded noise field in 0..1 (one value per pixel), made by upscaling a small random grid. */
async function noiseField(width: number, height: number, rng: Rng, cell: number, sigma: number): Promise<Buffer> {
  const gw = Math.max(2, Math.ceil(width / cell));
  const gh = Math.max(2, Math.ceil(height / cell));
  const grid = Buffer.alloc(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(rng.next() * 256);
  return sharp(grid, { raw: { width: gw, height: gh, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// The styles (each maps raw RGB → raw RGB of the same size)
// ---------------------------------------------------------------------------------------------------------------

async function sketch(src: Raw, rng: Rng): Promise<Buffer> {
  const n = src.width * src.height;
  const grey = Buffer.alloc(n);
  const inv = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    const g = lum(src.data[i * 3] ?? 0, src.data[i * 3 + 1] ?? 0, src.data[i * 3 + 2] ?? 0);
    grey[i] = byte(g);
    inv[i] = 255 - byte(g);
  }
  const sigma = Math.max(1.5, Math.min(src.width, src.height) / 120);
  const blurred = await blurRaw({ data: inv, width: src.width, height: src.height }, sigma, 1);
  const grain = await noiseField(src.width, src.height, rng, 2, 0.5);
  const out = Buffer.alloc(n * 3);
  const paper: RGB = [250, 246, 236];
  for (let i = 0; i < n; i++) {
    const g = grey[i] ?? 0;
    const b = blurred[i] ?? 0;
    // colour dodge of the grey image with its blurred negative: flat areas go white, edges stay as pencil lines
    let v = b >= 255 ? 255 : Math.min(255, (g * 255) / (255 - b));
    v = 255 * (v / 255) ** 1.6; // darker graphite
    v -= ((grain[i] ?? 128) - 128) * 0.12 * (1 - v / 255);
    const t = clamp(v, 0, 255) / 255;
    out[i * 3] = byte(paper[0] * t + 40 * (1 - t));
    out[i * 3 + 1] = byte(paper[1] * t + 40 * (1 - t));
    out[i * 3 + 2] = byte(paper[2] * t + 48 * (1 - t));
  }
  return out;
}

async function watercolour(src: Raw, rng: Rng): Promise<Buffer> {
  const { width, height } = src;
  const n = width * height;
  const short = Math.min(width, height);
  const size = clamp(Math.round(short / 90) | 1, 3, 15);
  const washed = await sharp(src.data, { raw: { width, height, channels: 3 } })
    .median(size)
    .blur(Math.max(0.5, short / 400))
    .modulate({ saturation: 1.35, brightness: 1.06 })
    .raw()
    .toBuffer();
  // pigment pooling: darken along the edges of the washes
  const greyWash = Buffer.alloc(n);
  for (let i = 0; i < n; i++) greyWash[i] = byte(lum(washed[i * 3] ?? 0, washed[i * 3 + 1] ?? 0, washed[i * 3 + 2] ?? 0));
  const soft = await blurRaw({ data: greyWash, width, height }, Math.max(1, short / 200), 1);
  const paper = await noiseField(width, height, rng, Math.max(3, Math.round(short / 160)), 1);
  const blotch = await noiseField(width, height, rng, Math.max(24, Math.round(short / 8)), Math.max(2, short / 60));
  const out = Buffer.alloc(n * 3);
  const levels = 10;
  for (let i = 0; i < n; i++) {
    const edge = Math.min(1, Math.abs((greyWash[i] ?? 0) - (soft[i] ?? 0)) / 28);
    const grain = 0.9 + ((paper[i] ?? 128) / 255) * 0.1;
    const wash = 0.86 + ((blotch[i] ?? 128) / 255) * 0.2;
    for (let c = 0; c < 3; c++) {
      let v = washed[i * 3 + c] ?? 0;
      v = Math.round((v / 255) * levels) * (255 / levels); // flat washes
      v = 255 - (255 - v) * wash; // uneven pigment
      v = v * 0.82 + 255 * 0.18; // transparent paint on white paper
      v *= 1 - 0.32 * edge;
      out[i * 3 + c] = byte(v * grain);
    }
  }
  return out;
}

const POP_PALETTES: RGB[][] = [
  [
    [22, 18, 80],
    [236, 30, 121],
    [255, 222, 0],
  ],
  [
    [10, 60, 40],
    [0, 174, 239],
    [255, 140, 200],
  ],
  [
    [90, 0, 40],
    [255, 102, 0],
    [130, 255, 180],
  ],
  [
    [30, 30, 30],
    [140, 60, 220],
    [255, 245, 120],
  ],
  [
    [0, 40, 110],
    [255, 40, 40],
    [250, 250, 250],
  ],
  [
    [60, 0, 90],
    [0, 200, 120],
    [255, 200, 60],
  ],
];

async function popArt(src: Raw, rng: Rng, colors?: ApplyStyleOptions['colors']): Promise<Buffer> {
  const { width, height } = src;
  const smooth = await sharp(src.data, { raw: { width, height, channels: 3 } })
    .median(3)
    .raw()
    .toBuffer();
  const start = rng.int(0, POP_PALETTES.length - 1);
  const palettes = [0, 1, 2, 3].map((k) => POP_PALETTES[(start + k) % POP_PALETTES.length] as RGB[]);
  if (colors?.light) palettes[0] = [palettes[0]?.[0] ?? [0, 0, 0], palettes[0]?.[1] ?? [128, 128, 128], colors.light];
  // the image's own luminance range, so dark and bright photos both use all three inks
  let lo = 255;
  let hi = 0;
  for (let i = 0; i < width * height; i += 7) {
    const v = lum(smooth[i * 3] ?? 0, smooth[i * 3 + 1] ?? 0, smooth[i * 3 + 2] ?? 0);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = Math.max(1, hi - lo);
  const halfW = Math.max(1, Math.floor(width / 2));
  const halfH = Math.max(1, Math.floor(height / 2));
  const out = Buffer.alloc(width * height * 3);
  const dot = Math.max(3, Math.round(Math.min(width, height) / 110));
  for (let y = 0; y < height; y++) {
    const ty = y < halfH ? 0 : 1;
    const ly = ty ? y - halfH : y;
    const th = ty ? height - halfH : halfH;
    const sy = Math.min(height - 1, Math.floor(((ly + 0.5) * height) / th));
    for (let x = 0; x < width; x++) {
      const tx = x < halfW ? 0 : 1;
      const lx = tx ? x - halfW : x;
      const tw = tx ? width - halfW : halfW;
      const sx = Math.min(width - 1, Math.floor(((lx + 0.5) * width) / tw));
      const s = (sy * width + sx) * 3;
      const v = (lum(smooth[s] ?? 0, smooth[s + 1] ?? 0, smooth[s + 2] ?? 0) - lo) / span;
      const pal = palettes[ty * 2 + tx] as RGB[];
      // Ben-Day dots in the mid tones
      const cx = (x % dot) - dot / 2;
      const cy = (y % dot) - dot / 2;
      const inDot = cx * cx + cy * cy < (dot * dot) / 7;
      const level = v < 0.33 ? 0 : v < 0.45 ? (inDot ? 0 : 1) : v < 0.66 ? 1 : 2;
      const c = pal[level] as RGB;
      out[y * width * 3 + x * 3] = c[0];
      out[y * width * 3 + x * 3 + 1] = c[1];
      out[y * width * 3 + x * 3 + 2] = c[2];
    }
  }
  return out;
}

const DUOTONES: [RGB, RGB][] = [
  [
    [27, 31, 94],
    [255, 138, 101],
  ],
  [
    [20, 40, 60],
    [120, 230, 200],
  ],
  [
    [60, 10, 70],
    [255, 214, 90],
  ],
  [
    [10, 30, 90],
    [240, 90, 160],
  ],
];

function duotone(src: Raw, rng: Rng, colors?: ApplyStyleOptions['colors']): Buffer {
  const pick = DUOTONES[rng.int(0, DUOTONES.length - 1)] as [RGB, RGB];
  const dark = colors?.dark ?? pick[0];
  const light = colors?.light ?? pick[1];
  const n = src.width * src.height;
  let lo = 255;
  let hi = 0;
  for (let i = 0; i < n; i += 5) {
    const v = lum(src.data[i * 3] ?? 0, src.data[i * 3 + 1] ?? 0, src.data[i * 3 + 2] ?? 0);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = Math.max(1, hi - lo);
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    let t = (lum(src.data[i * 3] ?? 0, src.data[i * 3 + 1] ?? 0, src.data[i * 3 + 2] ?? 0) - lo) / span;
    t = t * t * (3 - 2 * t); // more contrast
    for (let c = 0; c < 3; c++) out[i * 3 + c] = byte((dark[c] ?? 0) * (1 - t) + (light[c] ?? 0) * t);
  }
  return out;
}

async function vintage(src: Raw, rng: Rng): Promise<Buffer> {
  const { width, height } = src;
  const n = width * height;
  const soft = await blurRaw(src, Math.max(0.4, Math.min(width, height) / 900), 3);
  const grain = await noiseField(width, height, rng, 1, 0.3);
  const out = Buffer.alloc(n * 3);
  const cx = width / 2;
  const cy = height / 2;
  const maxD = Math.hypot(cx, cy);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const r = soft[i * 3] ?? 0;
      const g = soft[i * 3 + 1] ?? 0;
      const b = soft[i * 3 + 2] ?? 0;
      // sepia matrix
      let sr = 0.393 * r + 0.769 * g + 0.189 * b;
      let sg = 0.349 * r + 0.686 * g + 0.168 * b;
      let sb = 0.272 * r + 0.534 * g + 0.131 * b;
      // keep a little of the original colour, fade blacks, soften whites
      sr = 0.85 * sr + 0.15 * r;
      sg = 0.85 * sg + 0.15 * g;
      sb = 0.85 * sb + 0.15 * b;
      const d = Math.hypot(x - cx, y - cy) / maxD;
      const vignette = 1 - 0.55 * d ** 2.2;
      const noise = ((grain[i] ?? 128) - 128) * 0.12;
      out[i * 3] = byte((28 + sr * 0.8) * vignette + noise);
      out[i * 3 + 1] = byte((22 + sg * 0.78) * vignette + noise);
      out[i * 3 + 2] = byte((18 + sb * 0.7) * vignette + noise);
    }
  }
  return out;
}

function pixelArt(src: Raw, colors?: ApplyStyleOptions['colors']): Buffer {
  const { width, height } = src;
  const block = Math.max(3, Math.round(Math.min(width, height) / 56));
  const levels = 5;
  const step = 255 / (levels - 1);
  const out = Buffer.alloc(width * height * 3);
  const tint = colors?.light;
  for (let by = 0; by < height; by += block) {
    for (let bx = 0; bx < width; bx += block) {
      const ye = Math.min(height, by + block);
      const xe = Math.min(width, bx + block);
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let y = by; y < ye; y++) {
        for (let x = bx; x < xe; x++) {
          const s = (y * width + x) * 3;
          r += src.data[s] ?? 0;
          g += src.data[s + 1] ?? 0;
          b += src.data[s + 2] ?? 0;
          count++;
        }
      }
      let avg: RGB = [r / count, g / count, b / count];
      if (tint) avg = [avg[0] * 0.8 + tint[0] * 0.2, avg[1] * 0.8 + tint[1] * 0.2, avg[2] * 0.8 + tint[2] * 0.2];
      // boost saturation a little, then snap every channel to the palette levels
      const l = lum(avg[0], avg[1], avg[2]);
      const q = avg.map((v) => byte(Math.round(clamp(l + (v - l) * 1.3, 0, 255) / step) * step));
      for (let y = by; y < ye; y++) {
        for (let x = bx; x < xe; x++) {
          const d = (y * width + x) * 3;
          out[d] = q[0] ?? 0;
          out[d + 1] = q[1] ?? 0;
          out[d + 2] = q[2] ?? 0;
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

/** Repaints `image` in a local style; output size = input size, PNG. */
export async function applyStyle(options: ApplyStyleOptions): Promise<StyleResult> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  if (!isLocalStyle(options.style)) throw new RangeError(`applyStyle: unknown style ${String(options.style)}`);
  const strength = clamp(options.strength ?? 100, 0, 100);
  if (!Number.isFinite(strength)) throw new RangeError('applyStyle: strength must be a number in 0..100');
  const seed = resolveSeed(options.seed);
  const rng = new Rng(seed ^ hashString(options.style));
  report(0);

  const { data, info } = await sharp(options.image, { failOn: 'error', limitInputPixels: MAX_STYLE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`applyStyle: expected RGB pixels, got ${info.channels} channels`);
  const src: Raw = { data, width: info.width, height: info.height };
  throwIfAborted(signal);
  report(15);

  let styled: Buffer;
  if (strength === 0) styled = data;
  else {
    switch (options.style) {
      case 'sketch':
        styled = await sketch(src, rng);
        break;
      case 'watercolour':
        styled = await watercolour(src, rng);
        break;
      case 'pop-art':
        styled = await popArt(src, rng, options.colors);
        break;
      case 'duotone':
        styled = duotone(src, rng, options.colors);
        break;
      case 'vintage':
        styled = await vintage(src, rng);
        break;
      default:
        styled = pixelArt(src, options.colors);
    }
  }
  throwIfAborted(signal);
  report(75);

  let blended = styled;
  if (strength > 0 && strength < 100) {
    const s = strength / 100;
    blended = Buffer.alloc(data.length);
    for (let i = 0; i < data.length; i++) {
      const o = data[i] ?? 0;
      blended[i] = byte(o + ((styled[i] ?? 0) - o) * s);
    }
  }
  const png = await sharp(blended, { raw: { width: src.width, height: src.height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  throwIfAborted(signal);
  report(100);
  return {
    data: png,
    mime: 'image/png',
    ext: 'png',
    width: src.width,
    height: src.height,
    metadata: { engine: 'local', model: 'local/style-transfer', style: options.style, strength, seed, width: src.width, height: src.height },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Avatar variations: a prompt picks the style and colours
// ---------------------------------------------------------------------------------------------------------------

const STYLE_WORDS: [LocalStyle, RegExp][] = [
  ['pixel-art', /\b(pixel|8[- ]?bit|16[- ]?bit|game|arcade|retro ?game|voxel|minecraft)\b/i],
  ['sketch', /\b(sketch|pencil|drawing|drawn|graphite|charcoal|line ?art|ink)\b/i],
  ['watercolour', /\b(water ?colou?r|paint(ed|ing)?|aquarelle|brush|artistic|soft)\b/i],
  ['pop-art', /\b(pop|warhol|comic|poster|screen ?print|bold|halftone)\b/i],
  ['duotone', /\b(duo ?tone|two[- ]tone|neon|gradient|monochrome|spotify)\b/i],
  ['vintage', /\b(vintage|retro|old|sepia|antique|film|analog(ue)?|1920s|1950s|nostalgic)\b/i],
];

const COLOUR_WORDS: [RegExp, RGB][] = [
  [/\bred\b/i, [230, 40, 50]],
  [/\borange\b/i, [255, 140, 40]],
  [/\b(yellow|gold(en)?)\b/i, [255, 215, 60]],
  [/\bgreen\b/i, [70, 200, 110]],
  [/\b(teal|cyan|turquoise)\b/i, [40, 200, 200]],
  [/\bblue\b/i, [70, 130, 255]],
  [/\b(purple|violet)\b/i, [160, 90, 230]],
  [/\b(pink|magenta)\b/i, [250, 110, 180]],
];

/** Which style and colours a variation prompt asks for (a seed picks the style when the prompt names none). */
export function variationFromPrompt(prompt: string, seed: number): { style: LocalStyle; colors?: { light: RGB }; strength: number } {
  const named = STYLE_WORDS.find(([, re]) => re.test(prompt))?.[0];
  const style = named ?? (LOCAL_STYLE_IDS[new Rng(seed).int(0, LOCAL_STYLE_IDS.length - 1)] as LocalStyle);
  const light = COLOUR_WORDS.find(([re]) => re.test(prompt))?.[1];
  const subtle = /\b(subtle|light|slight|gentle|hint)\b/i.test(prompt);
  return { style, ...(light ? { colors: { light } } : {}), strength: subtle ? 55 : 90 };
}

export interface StylizeVariationOptions extends EngineRunOptions {
  image: Buffer;
  prompt: string;
  seed?: number;
}

/** An avatar variation: the prompt picks a local style and colours, applied to the avatar photo. */
export async function stylizeVariation(options: StylizeVariationOptions): Promise<StyleResult> {
  const seed = resolveSeed(options.seed);
  const v = variationFromPrompt(options.prompt, seed);
  const r = await applyStyle({
    image: options.image,
    style: v.style,
    strength: v.strength,
    seed,
    ...(v.colors ? { colors: v.colors } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { ...r, metadata: { ...r.metadata, model: 'local/avatar-variation', prompt: options.prompt } };
}
