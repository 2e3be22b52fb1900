/** The scenery of the offline image engine: sky, sun and moon, clouds, land, water, cities, space and abstract art. */
import { clamp, type Rng } from './common';
import { BLACK, hex, hsl, mix, type RGB, WHITE } from './image.colour';
import type { Palette } from './image.palette';
import type { Analysis } from './image.prompt';
import { f1, ridge, type Svg, smoothClosedPath } from './image.svg';

export interface SceneContext {
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

export function drawSky(c: SceneContext): void {
  const { svg, p, W, H } = c;
  const fill = svg.linear([
    [0, p.skyTop],
    [0.55, p.skyMid],
    [Math.min(0.98, c.horizon / H + 0.02), p.skyBottom],
    [1, p.skyBottom],
  ]);
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="${fill}"/>`);
}

export function drawStars(c: SceneContext, density: number): void {
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

export function drawSunOrMoon(c: SceneContext, kind: 'sun' | 'moon' | 'neon-sun'): void {
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

export function drawClouds(c: SceneContext, count: number, dark: boolean): void {
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

export function drawMountains(c: SceneContext, layers: number, snowCaps: boolean): void {
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

export function drawHills(c: SceneContext, layers: number, colour: RGB, label: string): void {
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

export function drawFlowers(c: SceneContext): void {
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

export function drawWater(c: SceneContext): void {
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

export function drawForest(c: SceneContext, baseY: number, layers: number, scale: number): void {
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

export function drawCity(c: SceneContext, reflect: boolean): void {
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

export function drawDunes(c: SceneContext): void {
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

export function drawNeonGrid(c: SceneContext): void {
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

export function drawNebula(c: SceneContext): void {
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

export function drawPlanet(c: SceneContext): void {
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

export function drawAurora(c: SceneContext): void {
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

export function drawAbstract(c: SceneContext): void {
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

export function drawSnowfall(c: SceneContext): void {
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

export function drawRain(c: SceneContext): void {
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

export function drawVignette(c: SceneContext): void {
  const { svg, W, H } = c;
  const strength = c.a.moods.has('dark') ? 0.6 : c.a.moods.has('calm') ? 0.2 : 0.35;
  const id = svg.id('v');
  svg.def(
    `<radialGradient id="${id}" cx="50%" cy="50%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="100%" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`,
  );
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="url(#${id})"/>`);
}

/**
 * An interior: a wall lit by the time of day, a window showing the sky outside (sun, dusk glow or moon and
 * stars), and a table in the foreground — linen-covered when the prompt says linen or tablecloth, else wood.
 * Returns the y at which things stand on the table.
 */
export function drawIndoor(c: SceneContext, words: ReadonlySet<string>): number {
  const { svg, rng, W, H, S, p, a } = c;
  const tint = a.colourHues[0];
  const wallBase: RGB =
    tint !== undefined ? hsl(tint, 35, 72) : a.time === 'night' ? hsl(30, 22, 30) : a.time === 'sunset' ? hsl(28, 45, 62) : hsl(38, 30, 84);
  const wall = svg.linear([
    [0, mix(wallBase, BLACK, 0.18)],
    [1, mix(wallBase, WHITE, a.time === 'night' ? 0 : 0.12)],
  ]);
  svg.add(`<rect x="0" y="0" width="${W}" height="${H}" fill="${wall}"/>`);
  // window with the sky of the time of day
  const tableTop = H * rng.range(0.6, 0.66);
  const winW = Math.min(W * 0.3, S * 0.48);
  const winH = Math.min(tableTop * 0.62, winW * 1.2);
  const winX = rng.chance(0.5) ? W * 0.08 : W * 0.92 - winW;
  const winY = tableTop * 0.14;
  const sky = svg.linear([
    [0, p.skyTop],
    [0.6, p.skyMid],
    [1, p.skyBottom],
  ]);
  const clip = svg.id('w');
  svg.def(`<clipPath id="${clip}"><rect x="${f1(winX)}" y="${f1(winY)}" width="${f1(winW)}" height="${f1(winH)}"/></clipPath>`);
  const outside: string[] = [`<rect x="${f1(winX)}" y="${f1(winY)}" width="${f1(winW)}" height="${f1(winH)}" fill="${sky}"/>`];
  const orbR = winW * 0.12;
  const orbX = winX + winW * rng.range(0.3, 0.7);
  const orbY = winY + winH * (a.time === 'sunset' ? 0.72 : 0.3);
  if (a.time === 'night') {
    for (let i = 0; i < 24; i++) {
      outside.push(
        `<circle cx="${f1(winX + rng.range(0, winW))}" cy="${f1(winY + rng.range(0, winH * 0.8))}" r="${f1(Math.max(0.6, S * 0.0018))}" fill="#fff" fill-opacity="${rng.range(0.4, 1).toFixed(2)}"/>`,
      );
    }
    outside.push(`<circle cx="${f1(orbX)}" cy="${f1(orbY)}" r="${f1(orbR)}" fill="${hex(p.sun)}"/>`);
  } else if (a.time !== 'storm') {
    outside.push(`<circle cx="${f1(orbX)}" cy="${f1(orbY)}" r="${f1(orbR)}" fill="${hex(p.sun)}"/>`);
  }
  // distant hills through the window
  outside.push(
    `<path d="M${f1(winX)},${f1(winY + winH)}L${f1(winX)},${f1(winY + winH * 0.78)}Q${f1(winX + winW * 0.35)},${f1(winY + winH * 0.62)} ${f1(winX + winW * 0.6)},${f1(winY + winH * 0.76)}T${f1(winX + winW)},${f1(winY + winH * 0.72)}L${f1(winX + winW)},${f1(winY + winH)}Z" fill="${hex(mix(p.far, p.skyBottom, 0.3))}"/>`,
  );
  svg.add(`<g clip-path="url(#${clip})">${outside.join('')}</g>`);
  const frame = hex(mix(wallBase, WHITE, 0.55));
  const fw = Math.max(3, S * 0.012);
  svg.add(
    `<rect x="${f1(winX)}" y="${f1(winY)}" width="${f1(winW)}" height="${f1(winH)}" fill="none" stroke="${frame}" stroke-width="${f1(fw * 1.6)}"/>` +
      `<line x1="${f1(winX + winW / 2)}" y1="${f1(winY)}" x2="${f1(winX + winW / 2)}" y2="${f1(winY + winH)}" stroke="${frame}" stroke-width="${f1(fw)}"/>` +
      `<line x1="${f1(winX)}" y1="${f1(winY + winH / 2)}" x2="${f1(winX + winW)}" y2="${f1(winY + winH / 2)}" stroke="${frame}" stroke-width="${f1(fw)}"/>` +
      `<rect x="${f1(winX - fw * 2)}" y="${f1(winY + winH)}" width="${f1(winW + fw * 4)}" height="${f1(fw * 1.8)}" fill="${frame}"/>`,
  );
  // light falling from the window (day and dusk) or a lamp's warm pool (night)
  const pool = svg.radial([
    [0, a.time === 'night' ? hsl(38, 90, 70) : p.glow, a.time === 'night' ? 0.35 : 0.28],
    [1, p.glow, 0],
  ]);
  svg.add(
    `<ellipse cx="${f1(a.time === 'night' ? W * 0.5 : winX + winW / 2)}" cy="${f1(tableTop)}" rx="${f1(W * 0.45)}" ry="${f1(H * 0.35)}" fill="${pool}"/>`,
  );
  // table
  const linen = words.has('linen') || words.has('tablecloth') || words.has('cloth');
  const top: RGB = linen ? (tint !== undefined ? hsl(tint, 25, 88) : hsl(40, 25, 88)) : hsl(26 + rng.range(-6, 6), 45, a.time === 'night' ? 26 : 38);
  const table = svg.linear([
    [0, mix(top, WHITE, 0.08)],
    [1, mix(top, BLACK, 0.28)],
  ]);
  svg.add(`<rect x="0" y="${f1(tableTop)}" width="${W}" height="${f1(H - tableTop)}" fill="${table}"/>`);
  const texture: string[] = [];
  if (linen) {
    for (let y = tableTop + S * 0.01; y < H; y += S * 0.012) texture.push(`<line x1="0" y1="${f1(y)}" x2="${W}" y2="${f1(y)}"/>`);
    for (let x = 0; x < W; x += S * 0.012) texture.push(`<line x1="${f1(x)}" y1="${f1(tableTop)}" x2="${f1(x)}" y2="${H}"/>`);
    svg.add(
      `<g stroke="${hex(mix(top, BLACK, 0.25))}" stroke-opacity="0.16" stroke-width="${f1(Math.max(0.6, S * 0.0012))}">${texture.join('')}</g>`,
    );
  } else {
    for (let i = 0; i < 14; i++) {
      const y = tableTop + (H - tableTop) * rng.range(0.05, 1);
      texture.push(
        `<path d="M0,${f1(y)}C${f1(W * 0.3)},${f1(y + rng.range(-6, 6))} ${f1(W * 0.7)},${f1(y + rng.range(-6, 6))} ${W},${f1(y)}" fill="none"/>`,
      );
    }
    svg.add(`<g stroke="${hex(mix(top, BLACK, 0.35))}" stroke-opacity="0.35" stroke-width="${f1(Math.max(0.8, S * 0.002))}">${texture.join('')}</g>`);
  }
  svg.add(
    `<rect x="0" y="${f1(tableTop - S * 0.004)}" width="${W}" height="${f1(S * 0.008)}" fill="${hex(mix(top, WHITE, 0.3))}" fill-opacity="0.6"/>`,
  );
  c.features.push(`a wall with a window (${a.time === 'sunset' ? 'dusk' : a.time} outside)`, linen ? 'a linen-covered table' : 'a wooden table');
  return tableTop + (H - tableTop) * 0.45;
}

/** A rocky headland rising from the water on one side (a cliff for a lighthouse); returns where its top is. */
export function drawHeadland(c: SceneContext): { x: number; y: number } {
  const { svg, rng, W, H, S, p } = c;
  const left = rng.chance(0.5);
  const topY = c.horizon - S * rng.range(0.04, 0.1);
  const edge = W * rng.range(0.3, 0.38);
  const pts = left
    ? `M0,${H}L0,${f1(topY - S * 0.02)}L${f1(edge * 0.7)},${f1(topY)}L${f1(edge)},${f1(topY + S * 0.05)}L${f1(edge * 1.12)},${f1(c.horizon + (H - c.horizon) * 0.5)}L${f1(edge * 1.2)},${H}Z`
    : `M${W},${H}L${W},${f1(topY - S * 0.02)}L${f1(W - edge * 0.7)},${f1(topY)}L${f1(W - edge)},${f1(topY + S * 0.05)}L${f1(W - edge * 1.12)},${f1(c.horizon + (H - c.horizon) * 0.5)}L${f1(W - edge * 1.2)},${H}Z`;
  const rock = svg.linear([
    [0, mix(p.near, p.far, 0.2)],
    [1, mix(p.near, BLACK, 0.45)],
  ]);
  svg.add(`<path d="${pts}" fill="${rock}"/>`);
  const grass = left
    ? `M0,${f1(topY - S * 0.03)}L${f1(edge * 0.7)},${f1(topY - S * 0.008)}L${f1(edge * 0.95)},${f1(topY + S * 0.035)}L${f1(edge * 0.7)},${f1(topY + S * 0.012)}L0,${f1(topY + S * 0.01)}Z`
    : `M${W},${f1(topY - S * 0.03)}L${f1(W - edge * 0.7)},${f1(topY - S * 0.008)}L${f1(W - edge * 0.95)},${f1(topY + S * 0.035)}L${f1(W - edge * 0.7)},${f1(topY + S * 0.012)}L${W},${f1(topY + S * 0.01)}Z`;
  svg.add(`<path d="${grass}" fill="${hex(mix(p.ground, hsl(110, 35, 35), 0.4))}"/>`);
  c.features.push('a cliff over the sea');
  return { x: left ? edge * 0.45 : W - edge * 0.45, y: topY + S * 0.005 };
}

/** A sandy shore across the foreground of a sea view, for things that stand on land; returns where they stand. */
export function drawShore(c: SceneContext): number {
  const { svg, W, H, S, p } = c;
  const y = H - (H - c.horizon) * 0.42;
  const sand = svg.linear([
    [0, mix(hsl(40, 45, 72), p.skyBottom, 0.2)],
    [1, mix(hsl(36, 40, 55), BLACK, 0.2)],
  ]);
  svg.add(`<path d="M0,${H}L0,${f1(y + S * 0.02)}Q${f1(W * 0.5)},${f1(y - S * 0.03)} ${W},${f1(y + S * 0.01)}L${W},${H}Z" fill="${sand}"/>`);
  c.features.push('a sandy shore');
  return y + (H - y) * 0.55;
}
