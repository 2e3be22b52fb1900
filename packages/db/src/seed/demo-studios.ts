import type { Db } from '../client';

/**
 * Guest demo data for the studios (issues 9 and 11): a cloned voice, an avatar, a look of it, a
 * talking video of it and a style-transfer result, all owned by the demo account. The rows point
 * at keys whose files the api's seed step renders with the local engines (`seedDemoMedia`), so
 * guests see real media; the voice's sample is spoken from its `recipe` and then analysed like an
 * uploaded one.
 */
const DEMO_USER = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const DEMO_STUDIO_IDS = {
  avatar: id(0xa701),
  avatarLook: id(0xa702),
  avatarVideo: id(0xa703),
  styleTransfer: id(0xa704),
  voice: id(0xa705),
};

export async function seedDemoStudios(db: Db): Promise<void> {
  await db
    .insertInto('voice_profiles')
    .values({
      id: DEMO_STUDIO_IDS.voice,
      user_id: DEMO_USER,
      name: 'Warm narrator',
      description: 'A calm, low narrator voice for product videos.',
      provider: 'local',
      sample_keys: JSON.stringify([`uploads/${DEMO_USER}/demo-voice-sample.mp3`]),
      // The analysis of the sample is stored when it is rendered.
      settings: JSON.stringify({
        language: 'en-us',
        recipe: {
          text: 'Hello, I read stories and product notes in a warm and steady voice. Every word, clear and calm.',
          voice: 'en-gb',
          speed: 0.9,
        },
      }),
      credit_units_charged: 300,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const avatarKey = `uploads/${DEMO_USER}/demo-avatar.png`;
  await db
    .insertInto('avatars')
    .values({
      id: DEMO_STUDIO_IDS.avatar,
      user_id: DEMO_USER,
      name: 'Studio host',
      type: 'illustration',
      image_key: avatarKey,
      width: 768,
      height: 768,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const gen = (n: string, ext: string, thumbExt: string) => ({
    output_url: `generations/${DEMO_USER}/${n}.${ext}`,
    thumbnail_url: `generations/${DEMO_USER}/${n}.thumb.${thumbExt}`,
  });
  const common = { user_id: DEMO_USER, provider: 'local', status: 'COMPLETED' as const, progress: 100, completed_at: new Date() };
  await db
    .insertInto('generations')
    .values([
      {
        ...common,
        id: DEMO_STUDIO_IDS.avatarLook,
        type: 'image',
        prompt: 'pop art poster',
        model_id: 'local/avatar-variation',
        model_version: 'local/avatar-variation',
        ...gen(DEMO_STUDIO_IDS.avatarLook, 'png', 'webp'),
        params: JSON.stringify({ image: avatarKey, avatarId: DEMO_STUDIO_IDS.avatar, seed: 7 }),
        seed: 7,
        metadata: JSON.stringify({ engine: 'local', style: 'pop-art', width: 768, height: 768, demo: true }),
        credit_units_charged: 100,
      },
      {
        ...common,
        id: DEMO_STUDIO_IDS.avatarVideo,
        type: 'video',
        prompt: 'Hi, I am the studio host. Sign in to make an avatar of your own and give it a voice.',
        model_id: 'local/avatar',
        model_version: 'local/avatar',
        ...gen(DEMO_STUDIO_IDS.avatarVideo, 'mp4', 'webp'),
        params: JSON.stringify({ image: avatarKey, avatarId: DEMO_STUDIO_IDS.avatar, voiceId: 'en-us+f3', voice: 'en-us+f3' }),
        metadata: JSON.stringify({ engine: 'local', width: 512, height: 512, demo: true }),
        credit_units_charged: 300,
      },
      {
        ...common,
        id: DEMO_STUDIO_IDS.styleTransfer,
        type: 'image',
        prompt: 'Watercolour style, strength 85',
        model_id: 'local/style-transfer',
        model_version: 'local/style-transfer',
        ...gen(DEMO_STUDIO_IDS.styleTransfer, 'png', 'webp'),
        params: JSON.stringify({
          image: `uploads/${DEMO_USER}/demo-style-source.png`,
          style: 'watercolour',
          strength: 85,
          seed: 11,
          sourcePrompt: 'a lighthouse on a rocky coast at sunset',
        }),
        seed: 11,
        metadata: JSON.stringify({ engine: 'local', style: 'watercolour', strength: 85, demo: true }),
        credit_units_charged: 100,
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
