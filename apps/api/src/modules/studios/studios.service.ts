import { randomUUID } from 'node:crypto';
import type { FaceBox } from '@atelier/ai';
import { applyCreditChangeInTransaction } from '@atelier/db';
import { AppError, unitsToCredits } from '@atelier/shared';
import type { Context } from '../../context';
import { storeUploadedImage } from '../projects/projects.media';
import { decodeAudioPayload } from './studios.media';
import { analyseVoice, decodeToPcm, toEspeak } from './voice.analysis';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string } };

export const MAX_SAMPLES = 5;
const CLONE_MODEL = 'local/voice-clone';
const DEFAULT_CLONE_UNITS = 300;

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

type ProfileRow = {
  id: string;
  name: string;
  description: string;
  provider: string;
  sample_keys: string[];
  settings: Record<string, unknown>;
  credit_units_charged: number;
  created_at: Date;
};

export function toProfile(deps: Pick<Deps, 'media'>, row: ProfileRow) {
  const s = row.settings as { voice?: string; pitch?: number; speed?: number; language?: string; meanPitchHz?: number; syllablesPerSecond?: number };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    provider: row.provider,
    voice: s.voice ?? 'en-us',
    language: s.language ?? 'en-us',
    pitch: s.pitch ?? 50,
    speed: s.speed ?? 1,
    meanPitchHz: Math.round(s.meanPitchHz ?? 0),
    syllablesPerSecond: Math.round((s.syllablesPerSecond ?? 0) * 100) / 100,
    sampleUrls: row.sample_keys.map((k, i) => deps.media.url(k, { name: `${row.name} sample ${i + 1}` })).filter((u): u is string => Boolean(u)),
    creditsUsed: unitsToCredits(row.credit_units_charged),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Local voice cloning: validates and stores the samples, analyses them, maps them onto espeak-ng and charges the clone price. */
export async function cloneVoice(ctx: UserCtx, input: { name: string; description?: string; language?: string; samples: string[] }) {
  if (input.samples.length < 1) throw invalid('samples', 'samples needs at least one audio sample');
  if (input.samples.length > MAX_SAMPLES) throw invalid('samples', `samples takes at most ${MAX_SAMPLES} audio samples`);
  const decoded = input.samples.map((s, i) => ({ ...decodeAudioPayload(s, `samples.${i}`), field: `samples.${i}` }));
  const pcms: Float32Array[] = [];
  for (const d of decoded) {
    try {
      pcms.push(await decodeToPcm(d.data));
    } catch {
      throw invalid(d.field, `${d.field} could not be decoded as audio`);
    }
  }
  const analysis = analyseVoice(pcms);
  if (analysis.voicedSeconds < 0.5) throw invalid('samples', 'The samples hold less than half a second of speech; record a little more');
  const language = input.language ?? 'en-us';
  const espeak = toEspeak(analysis, language);

  const id = randomUUID();
  const keys: string[] = [];
  for (const d of decoded) {
    const key = `uploads/${ctx.user.id}/${randomUUID()}.${d.kind.ext}`;
    await ctx.storage.put(key, d.data, d.kind.mime);
    keys.push(key);
  }
  const model = await ctx.db.selectFrom('ai_models').select('credit_units').where('id', '=', CLONE_MODEL).executeTakeFirst();
  const price = model?.credit_units ?? DEFAULT_CLONE_UNITS;
  const { row, creditsBalance } = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('voice_profiles')
      .values({
        id,
        user_id: ctx.user.id,
        name: input.name,
        description: input.description ?? '',
        provider: 'local',
        sample_keys: JSON.stringify(keys),
        settings: JSON.stringify({ ...espeak, language, ...analysis }),
        credit_units_charged: price,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const spend =
      price > 0
        ? await applyCreditChangeInTransaction(trx, {
            userId: ctx.user.id,
            kind: 'spend',
            amountUnits: -price,
            idempotencyKey: `spend:voice-clone:${id}`,
            referenceType: 'voice_profile',
            referenceId: id,
            note: `Voice clone: ${input.name.slice(0, 80)}`,
          })
        : null;
    const user = spend ? null : await trx.selectFrom('users').select('credit_units').where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
    return { row: inserted, creditsBalance: spend?.creditsBalance ?? unitsToCredits(user?.credit_units ?? 0) };
  });
  return { profile: toProfile(ctx, row as ProfileRow), creditsBalance };
}

export async function listProfiles(ctx: Pick<Deps, 'db' | 'media'>, userId: string) {
  const rows = await ctx.db.selectFrom('voice_profiles').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute();
  return rows.map((r) => toProfile(ctx, r as ProfileRow));
}

export async function getProfile(ctx: Pick<Deps, 'db' | 'media'>, userId: string, id: string) {
  const row = await ctx.db.selectFrom('voice_profiles').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? toProfile(ctx, row as ProfileRow) : null;
}

type AvatarRow = { id: string; name: string; type: string; image_key: string; width: number; height: number; created_at: Date };
export function toAvatar(deps: Pick<Deps, 'media'>, row: AvatarRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    imageUrl: deps.media.url(row.image_key, { name: row.name }) ?? '',
    width: row.width,
    height: row.height,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const AVATAR_SIZE = 768;

/** The square around a face (head and shoulders), clamped to the image, as a sharp `extract` region. */
export function faceCrop(image: { width: number; height: number }, face: FaceBox): { left: number; top: number; width: number; height: number } {
  const side = Math.round(Math.min(image.width, image.height, Math.max(face.width, face.height) * 2.6));
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height * 0.55;
  const left = Math.round(Math.min(Math.max(0, cx - side / 2), image.width - side));
  const top = Math.round(Math.min(Math.max(0, cy - side / 2), image.height - side));
  return { left, top, width: side, height: side };
}

/**
 * Stores the photo (sniffed, pixel-capped), refuses it when the offline detector finds no face ("No face found in
 * this photo"), then crops it square around the biggest face and normalises it to 768 px PNG. Should the detector
 * itself fail to start, the photo is cropped around its attention point instead and the answer carries a warning.
 */
export async function createAvatar(ctx: UserCtx, input: { name: string; type: string; photo: string }) {
  const uploaded = await storeUploadedImage(ctx.storage, ctx.user.id, input.photo, 'photo');
  const chunks: Buffer[] = [];
  for await (const c of ctx.storage.read(uploaded.key)) chunks.push(Buffer.from(c as Buffer));
  const original = Buffer.concat(chunks);
  const { default: sharp } = await import('sharp');
  const { detectFaces, FaceDetectorUnavailableError } = await import('@atelier/ai');
  let face: FaceBox | undefined;
  let warning: string | null = null;
  try {
    face = (await detectFaces(original)).faces[0];
  } catch (err) {
    if (!(err instanceof FaceDetectorUnavailableError)) throw err;
    ctx.log.warn({ err }, 'avatar face check skipped');
    warning = 'The face check could not run on this server, so this photo was not checked for a face.';
  }
  if (!face && !warning) {
    await ctx.storage.remove(uploaded.key).catch(() => undefined);
    throw invalid('photo', 'No face found in this photo');
  }
  const oriented = sharp(original).rotate();
  const { data: upright, info } = await oriented.toBuffer({ resolveWithObject: true });
  const square = await (face ? sharp(upright).extract(faceCrop(info, face)) : sharp(upright))
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: sharp.strategy.attention })
    .normalise()
    .png()
    .toBuffer();
  const key = `uploads/${ctx.user.id}/${randomUUID()}.png`;
  await ctx.storage.put(key, square, 'image/png');
  await ctx.storage.remove(uploaded.key).catch(() => undefined);
  const row = await ctx.db
    .insertInto('avatars')
    .values({ user_id: ctx.user.id, name: input.name, type: input.type, image_key: key, width: AVATAR_SIZE, height: AVATAR_SIZE })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { avatar: toAvatar(ctx, row as AvatarRow), warning };
}

export async function listAvatars(ctx: Pick<Deps, 'db' | 'media'>, userId: string) {
  const rows = await ctx.db.selectFrom('avatars').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute();
  return rows.map((r) => toAvatar(ctx, r as AvatarRow));
}

export async function getAvatarRow(ctx: Pick<Deps, 'db'>, userId: string, id: string) {
  const row = await ctx.db.selectFrom('avatars').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Avatar not found', { fields: [{ path: 'avatarId', message: 'Avatar not found' }] });
  return row as AvatarRow;
}
