import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFaces } from './face';

// face-api ships photographs of people with its demo; they are the faces this test looks for.
const demoDir = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');

describe('detectFaces (offline, weights from the npm package)', () => {
  it('finds the face in a photograph of a person, with a box inside the image', async () => {
    const photo = await readFile(join(demoDir, 'sample2.jpg'));
    const { width, height } = await sharp(photo).metadata();
    const result = await detectFaces(photo);
    expect(result.faces.length).toBeGreaterThanOrEqual(1);
    const face = result.faces[0];
    expect(face?.score).toBeGreaterThan(0.5);
    expect(face && face.x >= 0 && face.y >= 0 && face.x + face.width <= (width ?? 0) + 2 && face.y + face.height <= (height ?? 0) + 2).toBe(true);
  }, 30_000);

  it('finds several faces in a group photograph', async () => {
    const result = await detectFaces(await readFile(join(demoDir, 'sample6.jpg')));
    expect(result.faces.length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('finds no face in a plain beige square or a gradient', async () => {
    const beige = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e8d6b4' } })
      .png()
      .toBuffer();
    expect(await detectFaces(beige)).toEqual({ faces: [], detector: null });
    const gradient = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><defs><linearGradient id="g"><stop offset="0" stop-color="#f5e0c0"/><stop offset="1" stop-color="#c89060"/></linearGradient></defs><rect width="512" height="512" fill="url(#g)"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    expect((await detectFaces(gradient)).faces).toHaveLength(0);
  }, 30_000);
});
