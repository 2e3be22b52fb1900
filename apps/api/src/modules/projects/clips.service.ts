import type { Db } from '@atelier/db';
import { AppError, DEMO, type FieldError, normalizeClipTiming, playedSeconds, toGenerationStatus } from '@atelier/shared';
import type { Context } from '../../context';
import { resolveModel } from '../generation/catalogue.service';
import type { GenerateInput } from '../generation/generation.schema';
import { generate, toGeneration } from '../generation/generation.service';
import type { ClipStatus, GenerateClipRequest, TimelineClip, UpdateClipRequest, VideoClip } from './clips.schema';
import { clipFor, notFound, projectFor, readableBy, touchProject } from './projects.access';
import { ownMediaKey, storeUploadedImage } from './projects.media';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

const DEFAULT_CLIP_SECONDS = DEMO.clipDurationMs / 1000;

/** Clips with their linked generation: the generation is the truth for status and output (§4). */
export function clipQuery(db: Db) {
  return db
    .selectFrom('video_clips as c')
    .leftJoin('generations as g', 'g.id', 'c.generation_id')
    .select([
      'c.id',
      'c.project_id',
      'c.position',
      'c.prompt',
      'c.image_url',
      'c.video_url',
      'c.thumbnail_url',
      'c.duration',
      'c.start_trim',
      'c.end_trim',
      'c.provider',
      'c.model',
      'c.generation_id',
      'c.created_at',
      'c.updated_at',
      'g.status as g_status',
      'g.output_url as g_output',
      'g.thumbnail_url as g_thumb',
      'g.progress as g_progress',
      'g.error as g_error',
      'g.metadata as g_metadata',
      'g.provider as g_provider',
      'g.model_id as g_model',
    ]);
}
export type ClipRow = Awaited<ReturnType<ReturnType<typeof clipQuery>['executeTakeFirstOrThrow']>>;

/**
 * A clip's state, derived from its generation when it has one: PENDING/PROCESSING → GENERATING,
 * COMPLETED → READY with the generation's video, FAILED → FAILED (a previous video, if any, stays
 * playable), CANCELLED → back to what it was. Without a generation: READY when it has a video,
 * else DRAFT. Timing is normalised by §5 against the real video's length when known.
 */
export function effectiveClip(r: ClipRow) {
  const g = r.g_status;
  const completed = g === 'COMPLETED' && Boolean(r.g_output);
  const videoKey = completed ? r.g_output : r.video_url;
  const thumbKey = completed ? r.g_thumb : r.thumbnail_url;
  let status: ClipStatus;
  if (g === 'PENDING' || g === 'PROCESSING') status = 'GENERATING';
  else if (completed) status = 'READY';
  else if (g === 'FAILED' || g === 'COMPLETED') status = 'FAILED';
  else status = videoKey ? 'READY' : 'DRAFT';
  const realSeconds = completed ? Number((r.g_metadata as Record<string, unknown> | null)?.durationSeconds) : Number.NaN;
  const duration = Number.isFinite(realSeconds) && realSeconds > 0 ? realSeconds : r.duration;
  const timing = normalizeClipTiming({ duration, startTrim: r.start_trim, endTrim: r.end_trim });
  return {
    status,
    videoKey,
    thumbKey,
    timing,
    /** The real video's length, when a finished generation reported it. */
    knownDuration: Number.isFinite(realSeconds) && realSeconds > 0 ? realSeconds : null,
    provider: r.g_provider ?? r.provider,
    model: r.g_model ?? r.model,
    progress: status === 'GENERATING' ? (r.g_progress ?? 0) : status === 'READY' ? 100 : 0,
    error: g === 'FAILED' ? r.g_error : null,
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function toClip(deps: Pick<Deps, 'media'>, r: ClipRow): VideoClip {
  const e = effectiveClip(r);
  const media = deps.media.forProject(r.project_id);
  return {
    id: r.id,
    projectId: r.project_id,
    position: r.position,
    prompt: r.prompt,
    imageUrl: media.url(r.image_url),
    videoUrl: media.url(e.videoKey, { name: r.prompt }),
    thumbnailUrl: media.url(e.thumbKey ?? r.image_url),
    duration: round3(e.timing.duration),
    startTrim: round3(e.timing.startTrim),
    endTrim: round3(e.timing.endTrim),
    playedDuration: round3(playedSeconds(e.timing)),
    status: e.status,
    progress: e.progress,
    error: e.error,
    provider: e.provider,
    model: e.model,
    generationId: r.generation_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listClipRows(db: Db, projectId: string): Promise<ClipRow[]> {
  return clipQuery(db).where('c.project_id', '=', projectId).orderBy('c.position').orderBy('c.created_at').execute();
}

export async function listClips(deps: Deps, viewerId: string, projectId: string) {
  await projectFor(deps.db, viewerId, projectId, { need: 'read' });
  return { clips: (await listClipRows(deps.db, projectId)).map((r) => toClip(deps, r)) };
}

async function oneClip(deps: Deps, clipId: string): Promise<VideoClip> {
  return toClip(deps, await clipQuery(deps.db).where('c.id', '=', clipId).executeTakeFirstOrThrow());
}

/** The storage key a media reference names, without checking it (to compare with the current one). */
function keyOf(ref: string): string {
  let key = ref.trim();
  try {
    if (/^https?:\/\//i.test(key)) key = new URL(key).pathname;
    key = key.split('?')[0] ?? '';
    if (key.startsWith('/media/')) key = decodeURIComponent(key.slice('/media/'.length));
  } catch {
    /* compared and then validated by ownMediaKey */
  }
  return key;
}

/** undefined: leave the image alone; null: clear it; a key: the new image. */
async function resolveImage(
  ctx: UserCtx,
  current: string | null,
  input: { imageUrl?: string | null | undefined; imageGenerationId?: string | undefined },
  prefix: string,
): Promise<string | null | undefined> {
  if (input.imageGenerationId) {
    const gen = await ctx.db
      .selectFrom('generations')
      .select(['output_url', 'type', 'status'])
      .where('id', '=', input.imageGenerationId)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    const field = `${prefix}imageGenerationId`;
    if (!gen) throw new AppError('VALIDATION', `${field}: no such generation`, { fields: [{ path: field, message: 'No such generation' }] });
    if (gen.type !== 'image' || gen.status !== 'COMPLETED' || !gen.output_url) {
      throw new AppError('VALIDATION', `${field} must be a finished image generation`, {
        fields: [{ path: field, message: 'Must be a finished image generation' }],
      });
    }
    return gen.output_url;
  }
  if (input.imageUrl === undefined) return undefined;
  if (input.imageUrl === null || input.imageUrl.trim() === '') return null;
  if (current && keyOf(input.imageUrl) === current) return undefined;
  return ownMediaKey(ctx.storage, ctx.user.id, input.imageUrl, `${prefix}imageUrl`, 'image');
}

/** The saved timing: §5 on whatever the client sent over what is stored; a real video's length wins. */
function timingFor(existing: ClipRow | null, input: { duration?: number | undefined; startTrim?: number | undefined; endTrim?: number | undefined }) {
  const known = existing ? effectiveClip(existing).knownDuration : null;
  return normalizeClipTiming({
    duration: known ?? input.duration ?? existing?.duration ?? DEFAULT_CLIP_SECONDS,
    startTrim: input.startTrim ?? existing?.start_trim ?? 0,
    endTrim: input.endTrim ?? existing?.end_trim ?? 0,
  });
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new clip's `generationId`: one of the user's own video generations (its video becomes the clip's). */
async function resolveVideoGeneration(ctx: UserCtx, generationId: string, field: string) {
  const invalid = () =>
    new AppError('VALIDATION', `${field} must be one of your video generations`, {
      fields: [{ path: field, message: 'Not one of your video generations' }],
    });
  if (!UUID_SHAPE.test(generationId)) throw invalid();
  const gen = await ctx.db
    .selectFrom('generations')
    .select(['id', 'provider', 'model_id', 'type'])
    .where('id', '=', generationId)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (gen?.type !== 'video') throw invalid();
  return { generation_id: gen.id, provider: gen.provider, model: gen.model_id };
}

function assertVideoProject(type: string) {
  if (type !== 'VIDEO')
    throw new AppError('VALIDATION', 'Video clips belong to video projects', { fields: [{ path: 'id', message: 'Not a video project' }] });
}

/**
 * PUT /projects/{id}/video-clips: the whole timeline in one transaction — the order of `clips`
 * is the order of the timeline, clips without an id are added (a new clip may name one of the
 * user's video generations as its video), clips left out are removed, prompts, images and trims
 * are saved (timing normalised by §5).
 */
export async function saveTimeline(ctx: UserCtx, projectId: string, clips: TimelineClip[]) {
  await ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, ctx.user.id, projectId, { forUpdate: true, need: 'write' });
    assertVideoProject(project.type);
    const existing = new Map((await listClipRows(trx, projectId)).map((r) => [r.id, r]));
    const fields: FieldError[] = [];
    const seen = new Set<string>();
    clips.forEach((c, i) => {
      if (!c.id) return;
      if (!existing.has(c.id)) fields.push({ path: `clips.${i}.id`, message: 'Not a clip of this project' });
      else if (seen.has(c.id)) fields.push({ path: `clips.${i}.id`, message: 'This clip is listed twice' });
      seen.add(c.id);
    });
    if (fields.length) throw new AppError('VALIDATION', fields.map((f) => `${f.path}: ${f.message}`).join('; '), { fields });

    const images: (string | null | undefined)[] = [];
    const videos: (Awaited<ReturnType<typeof resolveVideoGeneration>> | null)[] = [];
    for (const [i, c] of clips.entries()) {
      images.push(await resolveImage({ ...ctx, db: trx }, c.id ? (existing.get(c.id)?.image_url ?? null) : null, c, `clips.${i}.`));
      videos.push(!c.id && c.generationId ? await resolveVideoGeneration({ ...ctx, db: trx }, c.generationId, `clips.${i}.generationId`) : null);
    }

    const removed = [...existing.keys()].filter((id) => !seen.has(id));
    if (removed.length) await trx.deleteFrom('video_clips').where('project_id', '=', projectId).where('id', 'in', removed).execute();
    for (const [i, c] of clips.entries()) {
      const row = c.id ? (existing.get(c.id) ?? null) : null;
      const timing = timingFor(row, c);
      const image = images[i];
      const values = {
        position: i,
        duration: timing.duration,
        start_trim: timing.startTrim,
        end_trim: timing.endTrim,
        ...(c.prompt !== undefined ? { prompt: c.prompt } : {}),
        ...(image !== undefined ? { image_url: image } : {}),
      };
      if (row) await trx.updateTable('video_clips').set(values).where('id', '=', row.id).execute();
      else
        await trx
          .insertInto('video_clips')
          .values({ project_id: projectId, ...values, ...(videos[i] ?? {}) })
          .execute();
    }
    await touchProject(trx, projectId);
  });
  return { clips: (await listClipRows(ctx.db, projectId)).map((r) => toClip(ctx, r)) };
}

/** PUT /projects/video-clips/{id}: one clip's prompt, image, timing, and optionally its place. */
export async function updateClip(ctx: UserCtx, input: UpdateClipRequest) {
  const { project_id: projectId } = await clipFor(ctx.db, ctx.user.id, input.id, 'write');
  await ctx.db.transaction().execute(async (trx) => {
    await projectFor(trx, ctx.user.id, projectId, { forUpdate: true, need: 'write' });
    const rows = await listClipRows(trx, projectId);
    const row = rows.find((r) => r.id === input.id);
    if (!row) throw notFound(); // deleted meanwhile
    const image = await resolveImage({ ...ctx, db: trx }, row.image_url, input, '');
    const timing = timingFor(row, input);
    await trx
      .updateTable('video_clips')
      .set({
        duration: timing.duration,
        start_trim: timing.startTrim,
        end_trim: timing.endTrim,
        ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
        ...(image !== undefined ? { image_url: image } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (input.position !== undefined) {
      const order = rows.filter((r) => r.id !== row.id);
      order.splice(Math.min(input.position, order.length), 0, row);
      for (const [i, r] of order.entries()) {
        if (r.position !== i) await trx.updateTable('video_clips').set({ position: i }).where('id', '=', r.id).execute();
      }
    }
    await touchProject(trx, projectId);
  });
  return { clip: await oneClip(ctx, input.id) };
}

/** POST /projects/video-clips/{id}/image: an uploaded image (base64) becomes the clip's image. */
export async function uploadClipImage(ctx: UserCtx, clipId: string, image: string) {
  const { project_id: projectId } = await clipFor(ctx.db, ctx.user.id, clipId, 'write');
  const stored = await storeUploadedImage(ctx.storage, ctx.user.id, image, 'image');
  await ctx.db.updateTable('video_clips').set({ image_url: stored.key }).where('id', '=', clipId).execute();
  await touchProject(ctx.db, projectId);
  return {
    clip: await oneClip(ctx, clipId),
    image: { url: ctx.media.forProject(projectId).url(stored.key) as string, width: stored.width, height: stored.height },
  };
}

const joinPrompt = (prompt: string, globalPrompt: string | null) => {
  const g = globalPrompt?.trim();
  if (!g) return prompt;
  if (!prompt) return g;
  return `${prompt.replace(/[.\s]+$/, '')}. ${g}`;
};

/**
 * POST /projects/video-clips/{id}/generation: image-to-video (from the clip's image) or
 * text-to-video with the chosen model, through the one generation pipeline — charged at the
 * model's catalogue price, queued, refunded if it fails, listed in history under the project.
 * The clip links the generation and follows it (GENERATING → READY | FAILED).
 */
export async function generateClip(ctx: UserCtx, input: GenerateClipRequest) {
  const { project_id: projectId } = await clipFor(ctx.db, ctx.user.id, input.id, 'write');
  const project = await projectFor(ctx.db, ctx.user.id, projectId, { need: 'write' });
  const row = await clipQuery(ctx.db).where('c.id', '=', input.id).executeTakeFirstOrThrow();
  const current = effectiveClip(row);
  if (current.status === 'GENERATING') throw new AppError('CONFLICT', 'This clip is already generating; wait for it to finish or cancel it');

  const model = await resolveModel(ctx, 'video', input.model, input.provider);
  const accepted = new Set<string>([...model.requirements.requiredInputs, ...model.requirements.optionalInputs]);
  const clipPrompt = (input.prompt ?? row.prompt).trim();
  const prompt = clipPrompt || project.global_prompt?.trim() || '';
  if (!prompt) {
    throw new AppError('VALIDATION', 'prompt is required: describe the clip (or set the project’s global prompt)', {
      fields: [{ path: 'prompt', message: 'Describe the clip first' }],
    });
  }
  const useImage = input.useImage ?? (Boolean(row.image_url) && accepted.has('image'));
  if (useImage && !row.image_url) {
    throw new AppError('VALIDATION', 'This clip has no image yet: upload or generate one first', {
      fields: [{ path: 'useImage', message: 'The clip has no image' }],
    });
  }
  if (useImage && !accepted.has('image')) {
    throw new AppError('VALIDATION', `${model.name} does not animate images; pick an image-to-video model`, {
      fields: [{ path: 'model', message: `${model.name} does not take an image` }],
    });
  }
  const req = model.requirements;
  let duration: number | undefined;
  if (accepted.has('duration')) {
    const wanted = input.duration ?? current.timing.duration ?? DEFAULT_CLIP_SECONDS;
    duration = Math.min(Math.max(1, round3(wanted)), req.maxDurationSeconds ?? 120);
  }
  const extras: Partial<GenerateInput> = {
    ...(req.aspectRatios?.includes(project.aspect_ratio) ? { aspectRatio: project.aspect_ratio as GenerateInput['aspectRatio'] } : {}),
    ...(req.resolutions?.includes(project.resolution) ? { resolution: project.resolution as GenerateInput['resolution'] } : {}),
    ...(duration !== undefined ? { duration } : {}),
    ...(useImage && row.image_url ? { image: row.image_url } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  };

  // Keep the current video playable while the new one renders (and if it fails).
  if (row.g_status === 'COMPLETED' && row.g_output) {
    await ctx.db
      .updateTable('video_clips')
      .set({
        video_url: row.g_output,
        thumbnail_url: row.g_thumb,
        provider: row.g_provider,
        model: row.g_model,
        status: 'READY',
        duration: current.timing.duration,
      })
      .where('id', '=', row.id)
      .execute();
  }

  const effectivePrompt = joinPrompt(clipPrompt, clipPrompt ? project.global_prompt : null);
  // Charged to the acting member; the clip's image may be another member's upload (access checked above).
  const result = await generate(
    ctx,
    { prompt, type: 'video', model: model.id, projectId, ...extras },
    { ...(effectivePrompt !== prompt ? { effectivePrompt } : {}), ...(useImage && row.image_url ? { trustedMedia: [row.image_url] } : {}) },
  );
  await ctx.db
    .updateTable('video_clips')
    .set({
      generation_id: result.generation.id,
      provider: result.generation.provider,
      model: result.generation.model,
      ...(duration !== undefined ? { duration } : {}),
      ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  await touchProject(ctx.db, projectId);
  return { clip: await oneClip(ctx, row.id), generation: result.generation, creditsBalance: result.creditsBalance, replayed: result.replayed };
}

/** GET /projects/video-generation/{id}: a clip's generation status, by clip id or generation id. */
export async function clipGenerationStatus(deps: Deps, viewerId: string, id: string) {
  // One snapshot for both reads, so the clip's status and its generation's always agree.
  const { row, genRow } = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const row = await clipQuery(trx)
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .where(readableBy(viewerId))
        .where((eb) => eb.or([eb('c.id', '=', id), eb('c.generation_id', '=', id)]))
        .orderBy('c.updated_at', 'desc')
        .executeTakeFirst();
      // The clip's generation may be another member's: access is through the project, checked above.
      const genRow = row?.generation_id
        ? await trx.selectFrom('generations').selectAll().where('id', '=', row.generation_id).executeTakeFirst()
        : undefined;
      return { row, genRow };
    });
  if (!row) throw notFound();
  const clip = toClip(deps, row);
  const generation = genRow ? toGeneration({ media: deps.media.forProject(row.project_id) }, genRow) : null;
  return {
    clipId: clip.id,
    projectId: clip.projectId,
    generationId: row.generation_id,
    status: generation?.status ?? toGenerationStatus(clip.status),
    clipStatus: clip.status,
    progress: generation?.progress ?? clip.progress,
    videoUrl: clip.videoUrl,
    thumbnailUrl: clip.thumbnailUrl,
    error: generation?.error ?? null,
    generation,
  };
}
