import { AppError, unitsToCredits } from '@atelier/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../../context';
import * as generation from '../generation/generation.service';
import { getAvatarRow, getProfile } from './studios.service';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

export const AVATAR_VARIATION_MODEL = 'local/avatar-variation';
export const AVATAR_VIDEO_MODEL = 'local/avatar';
export const AVATAR_MODELS = [AVATAR_VARIATION_MODEL, AVATAR_VIDEO_MODEL];
export const MAX_VARIATIONS = 4;

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

/**
 * The espeak-ng settings for a voice id: one of the user's cloned profiles (its voice, pitch and
 * speed unless the caller set them) or a built-in voice; anything else is a 400 naming voiceId.
 * `voiceName` is what people call it (the clone's name, or the built-in voice's), kept on the take.
 */
export async function resolveSpeechVoice(
  ctx: Pick<Deps, 'db' | 'media'>,
  userId: string,
  input: { voiceId: string; speed?: number | undefined; pitch?: number | undefined },
): Promise<{ voiceId: string; voiceName: string; speed?: number; pitch?: number; profileId?: string }> {
  const { LOCAL_VOICES } = await import('@atelier/ai');
  const profile = z.uuid().safeParse(input.voiceId).success ? await getProfile(ctx, userId, input.voiceId) : null;
  if (profile) {
    return {
      voiceId: profile.voice,
      voiceName: profile.name,
      pitch: input.pitch ?? profile.pitch,
      speed: input.speed ?? profile.speed,
      profileId: profile.id,
    };
  }
  const builtin = LOCAL_VOICES.find((v) => v.id === input.voiceId);
  if (!builtin) throw invalid('voiceId', `Unknown voice: ${input.voiceId}`);
  return {
    voiceId: input.voiceId,
    voiceName: builtin.name,
    ...(input.speed !== undefined ? { speed: input.speed } : {}),
    ...(input.pitch !== undefined ? { pitch: input.pitch } : {}),
  };
}

async function modelPriceUnits(ctx: Pick<Deps, 'db'>, modelId: string): Promise<number> {
  const row = await ctx.db.selectFrom('ai_models').select('credit_units').where('id', '=', modelId).executeTakeFirst();
  return row?.credit_units ?? 0;
}

/**
 * New looks for an avatar: `count` image generations (each charged and run through the image
 * queue) of the avatar photo restyled as the prompt asks. The balance is checked for all of them
 * first, so a request the user cannot afford starts none.
 */
export async function generateVariations(
  ctx: UserCtx,
  input: { avatarId: string; prompt: string; count: number; seed?: number | undefined; idempotencyKey?: string | undefined },
) {
  const avatar = await getAvatarRow(ctx, ctx.user.id, input.avatarId);
  if (input.count < 1 || input.count > MAX_VARIATIONS) throw invalid('count', `count must be between 1 and ${MAX_VARIATIONS}`);
  const price = await modelPriceUnits(ctx, AVATAR_VARIATION_MODEL);
  const user = await ctx.db.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  if (user.credit_units < price * input.count) {
    throw new AppError(
      'INSUFFICIENT_CREDITS',
      `${input.count} variation${input.count === 1 ? '' : 's'} cost ${unitsToCredits(price * input.count)} credits; you have ${unitsToCredits(user.credit_units)}`,
    );
  }
  const generations = [];
  let creditsBalance = unitsToCredits(user.credit_units);
  for (let i = 0; i < input.count; i++) {
    const res = await generation.generate(
      ctx,
      {
        prompt: input.prompt,
        type: 'image',
        model: AVATAR_VARIATION_MODEL,
        image: avatar.image_key,
        ...(input.seed !== undefined ? { seed: (input.seed + i) % 2_147_483_647 } : {}),
        ...(input.idempotencyKey ? { idempotencyKey: `${input.idempotencyKey}:${i}` } : {}),
      },
      { params: { avatarId: avatar.id } },
    );
    generations.push(res.generation);
    creditsBalance = res.creditsBalance;
  }
  return { generations, creditsBalance };
}

/** A talking-avatar video: the text spoken with the chosen voice, the photo animated by the speech. */
export async function animate(
  ctx: UserCtx,
  input: {
    avatarId: string;
    text: string;
    voiceId: string;
    speed?: number | undefined;
    pitch?: number | undefined;
    idempotencyKey?: string | undefined;
  },
) {
  const avatar = await getAvatarRow(ctx, ctx.user.id, input.avatarId);
  const voice = await resolveSpeechVoice(ctx, ctx.user.id, input);
  return generation.generate(
    ctx,
    {
      prompt: input.text,
      type: 'video',
      model: AVATAR_VIDEO_MODEL,
      image: avatar.image_key,
      voiceId: voice.voiceId,
      ...(voice.speed !== undefined ? { speed: voice.speed } : {}),
      ...(voice.pitch !== undefined ? { pitch: voice.pitch } : {}),
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    },
    {
      params: { avatarId: avatar.id, voice: input.voiceId, voiceName: voice.voiceName, ...(voice.profileId ? { profileId: voice.profileId } : {}) },
    },
  );
}

/** The variations and videos made of one avatar, newest first (guests read the demo workspace's). */
export async function takes(ctx: Pick<Deps, 'db' | 'media'>, viewerId: string, avatarId: string) {
  await getAvatarRow(ctx, viewerId, avatarId);
  const rows = await ctx.db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', viewerId)
    .where('model_id', 'in', AVATAR_MODELS)
    .where(sql<string>`params->>'avatarId'`, '=', avatarId)
    .orderBy('created_at', 'desc')
    .limit(60)
    .execute();
  return rows.map((r) => generation.toGeneration(ctx, r));
}
