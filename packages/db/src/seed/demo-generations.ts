import type { Db } from '../client';

/**
 * The demo workspace's own results (issue 21): images, clip videos, voice-overs and music, so that
 * every demo card — the dashboard's recent generations, History, the project cards, the video
 * editor's clips, the image project's segment versions, the voice and music studios — shows real
 * content. The rows name their output keys; the api's seed step (`seedDemoMedia`) renders the
 * files with the local engines through the storage layer, so they exist before anyone opens the
 * app. Fixed ids (0xbxxx): idempotent. When each was made (for the 30-day history) is set by
 * `seedDemoHistory`.
 */
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const VIDEO_PROJECT = id(0x101);
const IMAGE_PROJECT = id(0x102);
const TEXT_PROJECT = id(0x103);
const CLIP_IDS = [id(0x301), id(0x302), id(0x303)];
const SEGMENT_IDS = [id(0x401), id(0x402), id(0x403)];

type DemoType = 'image' | 'video' | 'audio';

export interface DemoGeneration {
  id: string;
  type: DemoType;
  model: string;
  prompt: string;
  params: Record<string, unknown>;
  seed: number;
  credits: number;
  projectId?: string;
  /** Output extension (what the local engine makes) and whether it makes a thumbnail. */
  ext: 'png' | 'mp4' | 'mp3';
  thumb: boolean;
}

const image = (n: number, prompt: string, seed: number, extra: Partial<DemoGeneration> = {}): DemoGeneration => ({
  id: id(n),
  type: 'image',
  model: 'local/image',
  prompt,
  params: { aspectRatio: '16:9', resolution: '720p', seed },
  seed,
  credits: 1,
  ext: 'png',
  thumb: true,
  ...extra,
});

export const DEMO_GENERATION_IDS = {
  lighthouse: id(0xb001),
  teapot: id(0xb002),
  segmentImages: [id(0xb011), id(0xb012), id(0xb013)],
  clipVideos: [id(0xb021), id(0xb022), id(0xb023)],
  voiceOvers: [id(0xb031), id(0xb032)],
  music: [id(0xb041), id(0xb042)],
  articleHero: id(0xb051),
};

export const DEMO_GENERATIONS: DemoGeneration[] = [
  image(0xb001, 'A lighthouse on a rocky coast at dusk, warm light', 1201),
  image(0xb002, 'A ceramic teapot on a linen table, soft morning light', 1202, { params: { aspectRatio: '1:1', resolution: '720p', seed: 1202 } }),
  ...['Hero visual', 'Product detail', 'Lifestyle scene'].map((name, i) =>
    image(0xb011 + i, `${name} for a spring campaign, soft pastel palette`, 1301 + i, { projectId: IMAGE_PROJECT }),
  ),
  ...['Sunrise over a quiet city skyline', 'Close-up of the product on a wooden desk', 'The logo fades in over a soft gradient'].map(
    (prompt, i): DemoGeneration => ({
      id: id(0xb021 + i),
      type: 'video',
      model: 'local/video',
      prompt: `${prompt}. Cinematic, warm light, slow camera moves`,
      params: { duration: 5, aspectRatio: '16:9', resolution: '720p', seed: 1401 + i },
      seed: 1401 + i,
      credits: 3,
      projectId: VIDEO_PROJECT,
      ext: 'mp4',
      thumb: true,
    }),
  ),
  {
    id: id(0xb031),
    type: 'audio',
    model: 'local/speech',
    prompt: 'Welcome to Atelier. Make images, video, sound and words in one place.',
    params: { voiceId: 'en-us+f3', speed: 1 },
    seed: 0,
    credits: 1,
    ext: 'mp3',
    thumb: false,
  },
  {
    id: id(0xb032),
    type: 'audio',
    model: 'local/speech',
    prompt: 'Meet the cup you will keep for years. Sip, refill, repeat.',
    params: { voiceId: 'en-us', speed: 1 },
    seed: 0,
    credits: 1,
    ext: 'mp3',
    thumb: false,
  },
  {
    id: id(0xb041),
    type: 'audio',
    model: 'local/music',
    prompt: 'Warm lo-fi beat with soft keys',
    params: { duration: 15, genre: 'lofi', mood: 'calm', seed: 1501 },
    seed: 1501,
    credits: 2,
    ext: 'mp3',
    thumb: false,
  },
  {
    id: id(0xb042),
    type: 'audio',
    model: 'local/music',
    prompt: 'Bright acoustic pop for a product launch',
    params: { duration: 15, genre: 'pop', mood: 'uplifting', seed: 1502 },
    seed: 1502,
    credits: 2,
    ext: 'mp3',
    thumb: false,
  },
  image(0xb051, 'How to Plan a Content Calendar for a Small Business. A wall planner with colourful notes on a desk', 1601, {
    projectId: TEXT_PROJECT,
    credits: 4,
  }),
];

export const demoOutputKey = (g: Pick<DemoGeneration, 'id' | 'ext'>) => `generations/${DEMO_USER_ID}/${g.id}.${g.ext}`;
export const demoThumbKey = (g: Pick<DemoGeneration, 'id'>) => `generations/${DEMO_USER_ID}/${g.id}.thumb.webp`;

export async function seedDemoGenerations(db: Db): Promise<void> {
  const projects = await db.selectFrom('projects').select('id').where('id', 'in', [VIDEO_PROJECT, IMAGE_PROJECT, TEXT_PROJECT]).execute();
  if (projects.length < 3) return;
  await db
    .insertInto('generations')
    .values(
      DEMO_GENERATIONS.map((g) => ({
        id: g.id,
        user_id: DEMO_USER_ID,
        project_id: g.projectId ?? null,
        type: g.type,
        prompt: g.prompt,
        model_id: g.model,
        model_version: g.model,
        provider: 'local',
        status: 'COMPLETED' as const,
        progress: 100,
        output_url: demoOutputKey(g),
        thumbnail_url: g.thumb ? demoThumbKey(g) : g.type === 'image' ? demoOutputKey(g) : null,
        params: JSON.stringify(g.params),
        seed: g.seed || null,
        // Measured (size, length) when the file is rendered.
        metadata: JSON.stringify({ engine: 'local', demo: true }),
        credit_units_charged: g.credits * 100,
        completed_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  // The video project's clips play their videos; the image project's segments show a chosen version.
  for (const [i, clipId] of CLIP_IDS.entries()) {
    await db
      .updateTable('video_clips')
      .set({ generation_id: DEMO_GENERATION_IDS.clipVideos[i] as string, provider: 'local', model: 'local/video' })
      .where('id', '=', clipId)
      .where('generation_id', 'is', null)
      .execute();
  }
  for (const [i, segmentId] of SEGMENT_IDS.entries()) {
    const versionId = id(0xb111 + i);
    const inserted = await db
      .insertInto('segment_versions')
      .values({ id: versionId, segment_id: segmentId, generation_id: DEMO_GENERATION_IDS.segmentImages[i] as string, status: 'READY' })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await db
        .updateTable('segments')
        .set({ selected_version_id: versionId })
        .where('id', '=', segmentId)
        .where('selected_version_id', 'is', null)
        .execute();
    }
  }
}
