/** A small SVG builder (defs, gradients, blur filters) and the shape helpers the scenery uses. */
import type { Rng } from './common';
import { hex, type RGB } from './image.colour';

export const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

export class Svg {
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
export function ridge(rng: Rng, segments: number, roughness: number): number[] {
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
export function smoothClosedPath(points: readonly (readonly [number, number])[]): string {
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
