import type { Db } from '../client';

/**
 * The guest demo of the sound editor: a two-track session (voice-over + music bed) on the demo
 * video project. Each source carries a `recipe` for the local engines; the api's seed step
 * (`seedDemoMedia`) renders the file into storage and measures it (length, waveform).
 */
const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
const DEMO_VIDEO_PROJECT = '00000000-0000-4000-8000-000000000101';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const DEMO_SOUND_IDS = {
  session: id(0x601),
  voiceSource: id(0x611),
  musicSource: id(0x612),
  voiceTrack: id(0x621),
  musicTrack: id(0x622),
  voiceClip: id(0x631),
  musicClip: id(0x632),
};

const MUSIC_SECONDS = 12;

export async function seedDemoSoundEditor(db: Db): Promise<void> {
  const project = await db.selectFrom('projects').select('id').where('id', '=', DEMO_VIDEO_PROJECT).executeTakeFirst();
  if (!project) return;
  const tracks = [
    {
      id: DEMO_SOUND_IDS.voiceTrack,
      name: 'Voice-over',
      volume: 1,
      muted: false,
      solo: false,
      clips: [
        {
          id: DEMO_SOUND_IDS.voiceClip,
          sourceId: DEMO_SOUND_IDS.voiceSource,
          start: 1.5,
          trimStart: 0,
          trimEnd: 0,
          fadeIn: 0.1,
          fadeOut: 0.3,
          gain: 1,
        },
      ],
    },
    {
      id: DEMO_SOUND_IDS.musicTrack,
      name: 'Music bed',
      volume: 0.6,
      muted: false,
      solo: false,
      clips: [
        { id: DEMO_SOUND_IDS.musicClip, sourceId: DEMO_SOUND_IDS.musicSource, start: 0, trimStart: 0, trimEnd: 0, fadeIn: 1, fadeOut: 2.5, gain: 1 },
      ],
    },
  ];
  const inserted = await db
    .insertInto('sound_sessions')
    .values({ id: DEMO_SOUND_IDS.session, project_id: DEMO_VIDEO_PROJECT, tracks: JSON.stringify(tracks), revision: 1 })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await db
    .insertInto('sound_sources')
    .values([
      {
        id: DEMO_SOUND_IDS.voiceSource,
        session_id: DEMO_SOUND_IDS.session,
        user_id: DEMO_USER_ID,
        kind: 'upload',
        name: 'Voice-over: “Meet the cup you will keep for years.”',
        media_key: `uploads/${DEMO_USER_ID}/demo-sound-voice.mp3`,
        // Measured when the file is first rendered.
        duration_seconds: 3,
        metadata: JSON.stringify({
          recipe: { engine: 'speech', text: 'Meet the cup you will keep for years. Sip, refill, repeat.', voice: 'en-us', speed: 1 },
        }),
      },
      {
        id: DEMO_SOUND_IDS.musicSource,
        session_id: DEMO_SOUND_IDS.session,
        user_id: DEMO_USER_ID,
        kind: 'upload',
        name: 'Music: calm lo-fi bed',
        media_key: `uploads/${DEMO_USER_ID}/demo-sound-music.mp3`,
        duration_seconds: MUSIC_SECONDS,
        metadata: JSON.stringify({
          recipe: { engine: 'music', prompt: 'calm lo-fi bed with soft keys', genre: 'lofi', mood: 'calm', durationSeconds: MUSIC_SECONDS, seed: 7 },
        }),
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
