/** The palette of a scene: from the time of day, then tinted by colour and mood words. */
import { clamp, type Rng } from './common';
import { hsl, hueDistance, lerpHue, mix, type RGB, toHsl } from './image.colour';
import type { Analysis } from './image.prompt';

export interface Palette {
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

export function basePalette(a: Analysis, rng: Rng): Palette {
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

export function adjustPalette(p: Palette, a: Analysis, rng: Rng): Palette {
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
