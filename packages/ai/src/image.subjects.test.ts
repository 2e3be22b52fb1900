import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderImage } from './image';
import { findSubjects, hasIcon, SUBJECTS } from './image.subjects';

/** 20 prompts, each naming a subject the engine knows (in several settings), with the subject the receipt must name. */
const CASES: readonly (readonly [string, string])[] = [
  ['A ceramic teapot on a linen table', 'teapot'],
  ['A lighthouse on a cliff at dusk', 'lighthouse'],
  ['a red fox in a snowy forest at night', 'fox'],
  ['a sailboat on the ocean at sunset', 'sailboat'],
  ['an astronaut floating in space', 'astronaut'],
  ['a hot air balloon over the hills at sunrise', 'hot-air balloon'],
  ['a vintage car in the city at night', 'car'],
  ['a sleeping cat on a wooden desk', 'cat'],
  ['a cup of coffee on a kitchen counter in the morning', 'cup of coffee'],
  ['a lone oak tree in a green meadow', 'oak tree'],
  ['a camel crossing the desert dunes', 'camel'],
  ['a penguin on the ice in winter', 'penguin'],
  ['a whale breaching in the sea', 'whale'],
  ['a castle on a mountain under a stormy sky', 'castle'],
  ['a bowl of ramen on a table, cozy evening', 'bowl of ramen'],
  ['an acoustic guitar in a room with a window', 'guitar'],
  ['a rocket launching into a purple galaxy', 'rocket'],
  ['a bicycle leaning on a fence in a field of flowers', 'bicycle'],
  ['a cactus in the desert at noon', 'cactus'],
  ['a snowman in a snowy village at night', 'snowman'],
];

async function pixels(data: Buffer): Promise<Buffer> {
  return sharp(data).resize(160, 90, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

const meanDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

describe('the offline image engine draws what the prompt names', () => {
  it('every subject has a picture: an icon of the shipped set or a shape the engine draws', () => {
    const missing = SUBJECTS.filter((s) => !hasIcon(s.icon)).map((s) => s.icon);
    expect(missing).toEqual([]);
    expect(SUBJECTS.length).toBeGreaterThanOrEqual(100);
  });

  it('finds subjects by word, plural and phrase, in prompt order', () => {
    expect(findSubjects(['two', 'foxes', 'and', 'a', 'teapot']).map((f) => f.def.name)).toEqual(['fox', 'teapot']);
    expect(findSubjects(['a', 'hot', 'air', 'balloon']).map((f) => f.def.name)).toEqual(['hot-air balloon']);
    expect(findSubjects(['a', 'polar', 'bear']).map((f) => f.def.name)).toEqual(['polar bear']);
    expect(findSubjects(['quarterly', 'synergy'])).toEqual([]);
  });

  it('20 prompts naming a known subject: the receipt names it, and the pictures differ by subject', async () => {
    const shots: Buffer[] = [];
    for (const [prompt, subject] of CASES) {
      const result = await renderImage({ prompt, seed: 42, aspectRatio: '16:9', resolution: '480p' });
      const subjects = result.metadata.subjects as { name: string; source: string }[];
      expect(
        subjects.map((s) => s.name),
        prompt,
      ).toContain(subject);
      expect(result.metadata.drew as string[], prompt).toEqual(expect.arrayContaining([expect.stringContaining(subject)]));
      expect(result.metadata.engine).toBe('local');
      shots.push(await pixels(result.data));
    }
    // every pair of pictures is visibly different (mean absolute difference of the scaled pixels)
    let smallest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < shots.length; i++) {
      for (let j = i + 1; j < shots.length; j++) smallest = Math.min(smallest, meanDiff(shots[i] as Buffer, shots[j] as Buffer));
    }
    expect(smallest).toBeGreaterThan(4);
  }, 120_000);

  it('the same scene with another subject differs where the subject stands', async () => {
    // same words around the subject, same seed: the table and wall stay similar, the middle changes
    const a = await renderImage({ prompt: 'a teapot on a linen table', seed: 3, resolution: '480p' });
    const b = await renderImage({ prompt: 'a cat on a linen table', seed: 3, resolution: '480p' });
    const crop = async (d: Buffer) => sharp(d).extract({ left: 327, top: 170, width: 200, height: 200 }).removeAlpha().raw().toBuffer();
    expect(meanDiff(await crop(a.data), await crop(b.data))).toBeGreaterThan(10);
    expect(a.metadata.setting).toBe('indoors, on a table');
    expect((a.metadata.drew as string[]).join(', ')).toMatch(/linen-covered table.*teapot on the table/);
  }, 30_000);

  it('the issue’s examples: a teapot indoors on linen; a lighthouse on a cliff, lit at dusk; the icon set is credited', async () => {
    const teapot = await renderImage({ prompt: 'A ceramic teapot on a linen table', seed: 1, resolution: '480p' });
    expect(teapot.metadata).toMatchObject({ setting: 'indoors, on a table', subjects: [{ name: 'teapot', word: 'teapot' }] });
    expect(String(teapot.metadata.artwork)).toContain('Fluent Emoji Flat by Microsoft Corporation (MIT licence');
    const lighthouse = await renderImage({ prompt: 'A lighthouse on a cliff at dusk', seed: 1, resolution: '480p' });
    expect(lighthouse.metadata).toMatchObject({
      timeOfDay: 'sunset',
      setting: 'by the sea',
      subjects: [{ name: 'lighthouse', source: 'drawn from shapes' }],
    });
    expect(lighthouse.metadata.drew).toEqual(expect.arrayContaining(['a cliff over the sea', 'lighthouse on the cliff', 'water with waves']));
  }, 30_000);
});
