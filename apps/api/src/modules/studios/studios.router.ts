import { z } from 'zod';
import { authedProcedure, publicProcedure, router, viewerProcedure } from '../../trpc';
import { ZGeneration } from '../generation/generation.schema';
import * as generation from '../generation/generation.service';
import * as avatars from './avatar.service';
import { audioReference } from './studios.media';
import * as studios from './studios.service';

const tags = ['Studios'];
const ZWithBalance = z.object({ generation: ZGeneration, creditsBalance: z.number(), replayed: z.boolean().optional() });

export const ZMusicInput = z
  .object({
    prompt: z.string().trim().min(1, 'prompt is required').max(4000, 'prompt must be at most 4000 characters'),
    duration: z.number().min(1, 'duration must be at least 1 second').max(120, 'duration must be at most 120 seconds'),
    genre: z.string().trim().max(40).optional(),
    mood: z.string().trim().max(40).optional(),
    bpm: z.number().int().min(40, 'bpm must be at least 40').max(220, 'bpm must be at most 220').optional(),
    key: z.string().trim().max(20).optional(),
    /** A base64 data URL (WAV, MP3, OGG, FLAC ≤ 10 MB) or one of your own audio uploads/generations. */
    referenceAudio: z.string().max(14_000_000).optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    projectId: z.uuid().optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

export const ZVoiceGenerateInput = z
  .object({
    text: z.string().trim().min(1, 'text is required').max(4000, 'text must be at most 4000 characters'),
    voiceId: z.string().trim().min(1, 'voiceId is required').max(100),
    speed: z.number().min(0.5, 'speed must be at least 0.5').max(2, 'speed must be at most 2').optional(),
    pitch: z.number().min(0).max(100).optional(),
    language: z.string().max(20).optional(),
    projectId: z.uuid().optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

const ZVoice = z.object({ id: z.string(), name: z.string(), language: z.string(), gender: z.string(), kind: z.enum(['builtin']) });
const ZProfile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  provider: z.string(),
  voice: z.string(),
  language: z.string(),
  pitch: z.number(),
  speed: z.number(),
  meanPitchHz: z.number(),
  syllablesPerSecond: z.number(),
  sampleUrls: z.array(z.string()),
  creditsUsed: z.number(),
  createdAt: z.string(),
});
export const ZCloneInput = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters'),
    description: z.string().trim().max(500).optional(),
    language: z.enum(['en-us', 'en-gb', 'fr', 'de', 'es', 'it', 'pt']).optional(),
    /** 1–5 base64 data URLs (WAV, MP3, OGG or FLAC, each ≤ 10 MB). */
    samples: z.array(z.string().max(14_000_000)).min(1, 'samples needs at least one audio sample').max(5, 'samples takes at most 5 audio samples'),
  })
  .strict();

export const ZAvatarGenerateInput = z
  .object({
    avatarId: z.uuid('avatarId must be a UUID'),
    prompt: z.string().trim().min(1, 'prompt is required').max(1000, 'prompt must be at most 1000 characters'),
    count: z
      .number()
      .int()
      .min(1, 'count must be at least 1')
      .max(avatars.MAX_VARIATIONS, `count must be at most ${avatars.MAX_VARIATIONS}`)
      .default(1),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    idempotencyKey: z.string().min(8).max(90).optional(),
  })
  .strict();

export const ZAvatarAnimateInput = z
  .object({
    avatarId: z.uuid('avatarId must be a UUID'),
    text: z.string().trim().min(1, 'text is required').max(1000, 'text must be at most 1000 characters'),
    voiceId: z.string().trim().min(1, 'voiceId is required').max(100),
    speed: z.number().min(0.5, 'speed must be at least 0.5').max(2, 'speed must be at most 2').optional(),
    pitch: z.number().min(0, 'pitch must be at least 0').max(100, 'pitch must be at most 100').optional(),
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .strict();

const ZAvatar = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
});

export const studiosRouter = router({
  avatarCreate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/avatar/create',
        tags,
        summary:
          'Create an avatar from a photo: multipart form (name, type, photo) or JSON with the photo as a base64 data URL; refused with "No face found in this photo" when an offline detector finds no face, else cropped square around the face and normalised',
      },
    })
    .input(
      z
        .object({
          name: z.string().trim().min(1, 'name is required').max(80),
          type: z.enum(['photo', 'illustration', '3d']).default('photo'),
          /** A base64 data URL of a PNG, JPEG or WebP image (≤ 8 MB, ≤ 40 megapixels). */
          photo: z.string().min(1, 'photo is required').max(12_000_000),
        })
        .strict(),
    )
    .output(z.object({ avatar: ZAvatar, warning: z.string().nullable() }))
    .mutation(({ ctx, input }) => studios.createAvatar(ctx, input)),
  avatarList: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/advanced-features/avatar/list', tags, summary: 'Your avatars' } })
    .input(z.void())
    .output(z.object({ avatars: z.array(ZAvatar) }))
    .query(async ({ ctx }) => ({ avatars: await studios.listAvatars(ctx, ctx.viewerId) })),
  avatarGenerate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/avatar/generate',
        tags,
        summary: 'New looks for an avatar: 1–4 image generations of its photo restyled as the prompt asks (sketch, watercolour, pop art, …)',
      },
    })
    .input(ZAvatarGenerateInput)
    .output(z.object({ generations: z.array(ZGeneration), creditsBalance: z.number() }))
    .mutation(({ ctx, input }) => avatars.generateVariations(ctx, input)),
  avatarAnimate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/avatar/animate',
        tags,
        summary: 'A talking-avatar video: the text spoken with a built-in voice or one of your cloned voices, the photo animated by the speech',
      },
    })
    .input(ZAvatarAnimateInput)
    .output(ZWithBalance)
    .mutation(({ ctx, input }) => avatars.animate(ctx, input)),
  avatarTakes: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/advanced-features/avatar/takes', tags, summary: "An avatar's variations and videos, newest first" } })
    .input(z.object({ avatarId: z.uuid('avatarId must be a UUID') }).strict())
    .output(z.object({ generations: z.array(ZGeneration) }))
    .query(async ({ ctx, input }) => ({ generations: await avatars.takes(ctx, ctx.viewerId, input.avatarId) })),
  musicGenerate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/music/generate',
        tags,
        summary: 'Generate music from a prompt (JSON body; referenceAudio as a base64 data URL instead of multipart)',
      },
    })
    .input(ZMusicInput)
    .output(ZWithBalance)
    .mutation(async ({ ctx, input }) => {
      const { referenceAudio, ...rest } = input;
      const ref = referenceAudio ? await audioReference(ctx.storage, ctx.user.id, referenceAudio, 'referenceAudio') : undefined;
      return generation.generate(ctx, { ...rest, type: 'audio', model: 'local/music', ...(ref ? { referenceAudio: ref } : {}) });
    }),
  voices: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/advanced-features/voice/voices', tags, summary: 'The built-in local voices' } })
    .input(z.void())
    .output(z.object({ voices: z.array(ZVoice) }))
    .query(async () => {
      const { LOCAL_VOICES } = await import('@atelier/ai');
      return {
        voices: LOCAL_VOICES.map((v) => ({ id: v.id, name: v.name, language: v.language, gender: String(v.gender), kind: 'builtin' as const })),
      };
    }),
  voiceClone: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/voice/clone',
        tags,
        summary:
          'Clone a voice from 1–5 samples: multipart form (name, description, samples × 1–5) or JSON with base64 data URLs; local profiles map pitch and rate onto espeak-ng',
      },
    })
    .input(ZCloneInput)
    .output(z.object({ profile: ZProfile, creditsBalance: z.number() }))
    .mutation(({ ctx, input }) => studios.cloneVoice(ctx, input)),
  voiceProfiles: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/advanced-features/voice/profiles', tags, summary: 'Your cloned voices' } })
    .input(z.void())
    .output(z.object({ profiles: z.array(ZProfile) }))
    .query(async ({ ctx }) => ({ profiles: await studios.listProfiles(ctx, ctx.viewerId) })),
  voiceGenerate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/advanced-features/voice/generate',
        tags,
        summary: 'Speak text with a built-in voice or one of your cloned profiles (an audio generation)',
      },
    })
    .input(ZVoiceGenerateInput)
    .output(ZWithBalance)
    .mutation(async ({ ctx, input }) => {
      const { text, voiceId, speed, pitch, ...rest } = input;
      const voice = await avatars.resolveSpeechVoice(ctx, ctx.user.id, { voiceId, speed, pitch });
      return generation.generate(
        ctx,
        {
          ...rest,
          prompt: text,
          type: 'audio',
          model: 'local/speech',
          voiceId: voice.voiceId,
          ...(voice.speed !== undefined ? { speed: voice.speed } : {}),
          ...(voice.pitch !== undefined ? { pitch: voice.pitch } : {}),
        },
        // the take is labelled with the voice the person chose (a clone's own name), not the espeak voice behind it
        { params: { voiceName: voice.voiceName, ...(voice.profileId ? { profileId: voice.profileId } : {}) } },
      );
    }),
});
