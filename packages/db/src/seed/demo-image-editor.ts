import type { Db } from '../client';

const demoId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
// Repeated from seed.ts (which imports this file) to keep the import graph acyclic.
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const DEMO_IDS = { imageProject: demoId(0x102) };

/** Demo image-editor content (issue 9): ids in the 0x9xx range. */
export const DEMO_IMAGE_EDITOR_IDS = {
  asset: demoId(0x901),
  backgroundLayer: demoId(0x911),
  sunLayer: demoId(0x912),
  bannerLayer: demoId(0x913),
};

/**
 * The demo IMAGE project's assets and layers, readable by guests. The asset's pixels are rendered
 * from `operation.demo` by the api's seed step (`seedDemoMedia`, local image engine). Idempotent.
 */
export async function seedDemoImageEditor(db: Db): Promise<void> {
  const project = await db.selectFrom('projects').select('id').where('id', '=', DEMO_IDS.imageProject).executeTakeFirst();
  if (!project) return;
  await db
    .insertInto('image_assets')
    .values({
      id: DEMO_IMAGE_EDITOR_IDS.asset,
      project_id: DEMO_IDS.imageProject,
      user_id: DEMO_USER_ID,
      kind: 'upload',
      key: `uploads/${DEMO_USER_ID}/demo-image-editor-spring.png`,
      mime: 'image/png',
      width: 1280,
      height: 720,
      operation: JSON.stringify({ fileName: 'spring-meadow.png', demo: { prompt: 'a spring meadow at sunrise, soft pastel palette', seed: 4242 } }),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('image_layers')
    .values([
      {
        id: DEMO_IMAGE_EDITOR_IDS.backgroundLayer,
        project_id: DEMO_IDS.imageProject,
        name: 'Spring meadow',
        type: 'IMAGE',
        asset_id: DEMO_IMAGE_EDITOR_IDS.asset,
        x: 0,
        y: 0,
        width: 1920,
        height: 1080,
        z_index: 0,
      },
      {
        id: DEMO_IMAGE_EDITOR_IDS.sunLayer,
        project_id: DEMO_IDS.imageProject,
        name: 'Warm glow',
        type: 'SHAPE',
        x: 1340,
        y: 120,
        width: 420,
        height: 420,
        opacity: 70,
        blend_mode: 'screen',
        shape: JSON.stringify({ kind: 'ellipse', fill: '#ffd8a8', stroke: 'transparent', strokeWidth: 0, radius: 0 }),
        z_index: 1,
      },
      {
        id: DEMO_IMAGE_EDITOR_IDS.bannerLayer,
        project_id: DEMO_IDS.imageProject,
        name: 'Headline band',
        type: 'SHAPE',
        x: 160,
        y: 820,
        width: 1600,
        height: 140,
        opacity: 80,
        blend_mode: 'normal',
        shape: JSON.stringify({ kind: 'rectangle', fill: '#fff0f6', stroke: '#e64980', strokeWidth: 6, radius: 24 }),
        z_index: 2,
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
