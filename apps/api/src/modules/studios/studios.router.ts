import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { ZGeneration } from '../generation/generation.schema';
import * as generation from '../generation/generation.service';
import { audioReference } from './studios.media';

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

export const studiosRouter = router({
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
      return { voices: LOCAL_VOICES.map((v) => ({ id: v.id, name: v.name, language: v.language, gender: String(v.gender), kind: 'builtin' as const })) };
    }),
  voiceGenerate: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/advanced-features/voice/generate', tags, summary: 'Speak text with a built-in voice (an audio generation)' },
    })
    .input(ZVoiceGenerateInput)
    .output(ZWithBalance)
    .mutation(async ({ ctx, input }) => {
      const { LOCAL_VOICES } = await import('@atelier/ai');
      const { text, voiceId, ...rest } = input;
      const { AppError } = await import('@atelier/shared');
      if (!LOCAL_VOICES.some((v) => v.id === voiceId)) {
        throw new AppError('VALIDATION', `Unknown voice: ${voiceId}`, { fields: [{ path: 'voiceId', message: `Unknown voice: ${voiceId}` }] });
      }
      return generation.generate(ctx, { ...rest, prompt: text, voiceId, type: 'audio', model: 'local/speech' });
    }),
});
