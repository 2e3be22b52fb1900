import { randomUUID } from 'node:crypto';
import type { Db } from '@atelier/db';
import { type MediaUrls, removeUnreferenced } from '@atelier/media';
import { AppError, mixLength, normaliseClip, planMix, type SoundTrack, ZSoundTracks } from '@atelier/shared';
import type { Context } from '../../context';
import { effectiveClip, listClipRows } from '../projects/clips.service';
import { queueExport, toExport } from '../projects/exports.service';
import { projectFor } from '../projects/projects.access';
import { decodeAudioPayload } from '../studios/studios.media';
import { type AudioFacts, analyseAudioFile, extractAudioToMp3, ffmpeg, readAll, withTempFile } from './sound-editor.media';
import type { AddSourceRequest, ExportMixRequest, SaveSessionRequest, SoundSession, SoundSource } from './sound-editor.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string } };

/** Uploads accepted by the sound editor (decoded bytes; the request body limit is 12 MB of base64). */
export const MAX_SOUND_UPLOAD_BYTES = 8 * 1024 * 1024;

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

interface SessionRow {
  id: string;
  project_id: string;
  tracks: unknown;
  revision: number;
  updated_at: Date | string;
}

interface SourceRow {
  id: string;
  session_id: string;
  user_id: string;
  kind: 'upload' | 'generation' | 'video' | 'export';
  origin_id: string | null;
  name: string;
  media_key: string;
  duration_seconds: number;
  peaks: number[];
  peaks_per_second: number;
  metadata: Record<string, unknown>;
  created_at: Date | string;
}

const sourceColumns = [
  'id',
  'session_id',
  'user_id',
  'kind',
  'origin_id',
  'name',
  'media_key',
  'duration_seconds',
  'peaks',
  'peaks_per_second',
  'metadata',
  'created_at',
] as const;

function sessionRow(db: Db, projectId: string) {
  return db.selectFrom('sound_sessions').select(['id', 'project_id', 'tracks', 'revision', 'updated_at']).where('project_id', '=', projectId);
}

function sourceRows(db: Db, sessionId: string): Promise<SourceRow[]> {
  return db.selectFrom('sound_sources').select(sourceColumns).where('session_id', '=', sessionId).orderBy('created_at').orderBy('id').execute();
}

/** The stored document, re-validated (a row that no longer parses shows as empty rather than breaking the editor). */
function parseTracks(deps: Pick<Deps, 'log'>, raw: unknown): SoundTrack[] {
  const parsed = ZSoundTracks.safeParse(raw);
  if (parsed.success) return parsed.data;
  deps.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'sound session tracks did not parse');
  return [];
}

/** `media`: the viewer's media of the session's project. */
function toSource(media: MediaUrls, r: SourceRow): SoundSource {
  return {
    id: r.id,
    kind: r.kind,
    originId: r.origin_id,
    name: r.name,
    url: media.url(r.media_key, { name: r.name }),
    durationSeconds: r.duration_seconds,
    peaks: Array.isArray(r.peaks) ? r.peaks : [],
    peaksPerSecond: r.peaks_per_second,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

function toSession(
  deps: Pick<Deps, 'media' | 'log'>,
  project: { id: string; name: string },
  row: SessionRow | undefined,
  sources: SourceRow[],
): SoundSession {
  const tracks = row ? parseTracks(deps, row.tracks) : [];
  const durations = Object.fromEntries(sources.map((s) => [s.id, s.duration_seconds]));
  return {
    projectId: project.id,
    projectName: project.name,
    revision: row?.revision ?? 0,
    tracks,
    sources: sources.map((s) => toSource(deps.media.forProject(project.id), s)),
    durationSeconds: mixLength(planMix(tracks, durations)),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

// ---- reads --------------------------------------------------------------------------------------

export async function getSession(deps: Deps, viewerId: string, projectId: string): Promise<SoundSession> {
  const project = await projectFor(deps.db, viewerId, projectId, { need: 'read' });
  const row = await sessionRow(deps.db, project.id).executeTakeFirst();
  const sources = row ? await sourceRows(deps.db, row.id) : [];
  return toSession(deps, project, row, sources);
}

/** What can be added: the viewer's finished audio generations, and this project's videos and exports. */
export async function library(deps: Deps, viewerId: string, projectId: string) {
  const project = await projectFor(deps.db, viewerId, projectId, { need: 'read' });
  const [generations, clips, exports] = await Promise.all([
    deps.db
      .selectFrom('generations')
      .select(['id', 'prompt', 'model_id', 'output_url', 'metadata', 'created_at'])
      .where('user_id', '=', viewerId)
      .where('type', '=', 'audio')
      .where('status', '=', 'COMPLETED')
      .where('output_url', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute(),
    listClipRows(deps.db, project.id),
    deps.db
      .selectFrom('exports')
      .select(['id', 'name', 'type', 'output_url', 'created_at'])
      .where('project_id', '=', project.id)
      .where('status', '=', 'COMPLETED')
      .where('output_url', 'is not', null)
      .where((eb) => eb.or([eb('type', '=', 'video/mp4'), eb('type', 'like', 'audio/%')]))
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute(),
  ]);
  const media = deps.media.forProject(project.id);
  return {
    generations: generations.map((g) => {
      const seconds = Number((g.metadata as Record<string, unknown> | null)?.durationSeconds);
      return {
        id: g.id,
        prompt: g.prompt,
        model: g.model_id,
        url: media.url(g.output_url, { name: g.prompt }),
        durationSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
        createdAt: new Date(g.created_at).toISOString(),
      };
    }),
    videoClips: clips.flatMap((r, i) => {
      const c = effectiveClip(r);
      return c.videoKey ? [{ id: r.id, number: i + 1, prompt: r.prompt, url: media.url(c.videoKey, { name: r.prompt }) }] : [];
    }),
    exports: exports.map((e) => ({
      id: e.id,
      name: e.name,
      type: e.type,
      url: media.url(e.output_url, { name: e.name }),
      createdAt: new Date(e.created_at).toISOString(),
    })),
  };
}

// ---- writes -------------------------------------------------------------------------------------

/** The project's session row, created on first write; locked for the rest of the transaction. */
async function lockSession(trx: Db, projectId: string): Promise<SessionRow> {
  await trx
    .insertInto('sound_sessions')
    .values({ project_id: projectId })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  return sessionRow(trx, projectId).forUpdate().executeTakeFirstOrThrow();
}

/** Checks every clip's source belongs to the session and keeps each clip inside its source. */
function validateTracks(tracks: SoundTrack[], sources: SourceRow[]): SoundTrack[] {
  const durations = new Map(sources.map((s) => [s.id, s.duration_seconds]));
  return tracks.map((t, ti) => ({
    ...t,
    clips: t.clips.map((c, ci) => {
      const duration = durations.get(c.sourceId);
      if (duration === undefined)
        throw invalid(`tracks.${ti}.clips.${ci}.sourceId`, `Track “${t.name}”, clip ${ci + 1}: its audio is not in this session`);
      return normaliseClip(c, duration);
    }),
  }));
}

/** PUT: replaces the document. `revision` must be the one the edit was made on, else 409 and nothing changes. */
export async function saveSession(ctx: UserCtx, input: SaveSessionRequest): Promise<SoundSession> {
  return ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, ctx.user.id, input.id, { need: 'write' });
    const row = await lockSession(trx, project.id);
    if (row.revision !== input.revision) {
      throw new AppError('CONFLICT', 'This mix was changed elsewhere (another tab or a collaborator). Reload to get the latest version.', {
        fields: [{ path: 'revision', message: `The current revision is ${row.revision}` }],
      });
    }
    const sources = await sourceRows(trx, row.id);
    const tracks = validateTracks(input.tracks, sources);
    const saved = await trx
      .updateTable('sound_sessions')
      .set({ tracks: JSON.stringify(tracks), revision: row.revision + 1 })
      .where('id', '=', row.id)
      .returning(['id', 'project_id', 'tracks', 'revision', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toSession(ctx, project, saved, sources);
  });
}

interface NewSource {
  kind: SourceRow['kind'];
  originId: string | null;
  name: string;
  key: string;
  facts: AudioFacts;
}

/** Inserts a source (and, with `place`, a new track holding it at 0 s) and returns it with the session. */
async function insertSource(ctx: UserCtx, projectId: string, src: NewSource, place: boolean) {
  return ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, ctx.user.id, projectId, { need: 'write' });
    let row = await lockSession(trx, project.id);
    const source = await trx
      .insertInto('sound_sources')
      .values({
        session_id: row.id,
        user_id: ctx.user.id,
        kind: src.kind,
        origin_id: src.originId,
        name: src.name.slice(0, 120),
        media_key: src.key,
        duration_seconds: src.facts.durationSeconds,
        peaks: JSON.stringify(src.facts.peaks),
        peaks_per_second: src.facts.peaksPerSecond,
      })
      .returning(sourceColumns)
      .executeTakeFirstOrThrow();
    if (place) {
      const tracks = parseTracks(ctx, row.tracks);
      if (tracks.length >= 16) throw invalid('place', 'This session already has 16 tracks; remove one first');
      tracks.push({
        id: randomUUID(),
        name: src.name.slice(0, 60),
        volume: 1,
        muted: false,
        solo: false,
        clips: [{ id: randomUUID(), sourceId: source.id, start: 0, trimStart: 0, trimEnd: 0, fadeIn: 0, fadeOut: 0, gain: 1 }],
      });
      row = await trx
        .updateTable('sound_sessions')
        .set({ tracks: JSON.stringify(tracks), revision: row.revision + 1 })
        .where('id', '=', row.id)
        .returning(['id', 'project_id', 'tracks', 'revision', 'updated_at'])
        .executeTakeFirstOrThrow();
    }
    const sources = await sourceRows(trx, row.id);
    return { source: toSource(ctx.media.forProject(project.id), source), session: toSession(ctx, project, row, sources) };
  });
}

const extOf = (key: string) => key.split('.').pop()?.toLowerCase() ?? 'bin';

/** Measures an audio file in storage; a video (or anything but MP3/WAV) has its sound extracted to a new MP3 upload. */
async function prepareStored(ctx: UserCtx, key: string, field: string, what: string): Promise<{ key: string; facts: AudioFacts }> {
  if (!(await ctx.storage.stat(key))) throw invalid(field, `${what} is missing from storage`);
  const data = await readAll(ctx.storage, key);
  const ext = extOf(key);
  return withTempFile(data, ext, async (file) => {
    const facts = await analyseAudioFile(file);
    if (!facts) throw invalid(field, `${what} has no sound`);
    if (ext === 'mp3' || ext === 'wav') return { key, facts };
    const mp3 = await extractAudioToMp3(file);
    const out = `uploads/${ctx.user.id}/${randomUUID()}.mp3`;
    await ctx.storage.put(out, mp3, 'audio/mpeg');
    return { key: out, facts };
  });
}

export async function addSource(ctx: UserCtx, input: AddSourceRequest) {
  const project = await projectFor(ctx.db, ctx.user.id, input.id, { need: 'write' });
  let src: NewSource;
  if (input.kind === 'generation') {
    const g = await ctx.db
      .selectFrom('generations')
      .select(['id', 'prompt', 'model_id', 'type', 'status', 'output_url'])
      .where('id', '=', input.originId)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    if (!g) throw invalid('originId', 'Generation not found');
    if (g.type !== 'audio') throw invalid('originId', 'Only audio generations (speech or music) can be added');
    if (g.status !== 'COMPLETED' || !g.output_url) throw invalid('originId', 'This generation has not finished yet');
    const prepared = await prepareStored(ctx, g.output_url, 'originId', 'This generation');
    const label = g.model_id.includes('music') ? 'Music' : g.model_id.includes('speech') || g.model_id.includes('tts') ? 'Speech' : 'Audio';
    src = { kind: 'generation', originId: g.id, name: `${label}: ${g.prompt.trim().slice(0, 100)}`, ...prepared };
  } else if (input.kind === 'video') {
    const rows = await listClipRows(ctx.db, project.id);
    const index = rows.findIndex((r) => r.id === input.originId);
    const row = rows[index];
    if (!row) throw invalid('originId', 'Video clip not found in this project');
    const clip = effectiveClip(row);
    if (!clip.videoKey) throw invalid('originId', `Clip ${index + 1} has no video yet`);
    const prepared = await prepareStored(ctx, clip.videoKey, 'originId', `Clip ${index + 1}'s video`);
    src = { kind: 'video', originId: row.id, name: `Clip ${index + 1} sound${row.prompt ? `: ${row.prompt.slice(0, 80)}` : ''}`, ...prepared };
  } else {
    const e = await ctx.db
      .selectFrom('exports')
      .select(['id', 'name', 'type', 'status', 'output_url'])
      .where('id', '=', input.originId)
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    if (!e) throw invalid('originId', 'Export not found in this project');
    if (e.status !== 'COMPLETED' || !e.output_url) throw invalid('originId', 'This export has not finished yet');
    if (!(e.type === 'video/mp4' || e.type.startsWith('audio/'))) throw invalid('originId', 'Only video and audio exports have sound');
    const prepared = await prepareStored(ctx, e.output_url, 'originId', `Export “${e.name}”`);
    src = { kind: 'export', originId: e.id, name: `Export: ${e.name}`, ...prepared };
  }
  return insertSource(ctx, project.id, src, Boolean(input.place));
}

/** An uploaded file: type from its bytes; OGG and FLAC are converted to MP3 so every browser plays them. */
export async function uploadSource(ctx: UserCtx, input: { id: string; name?: string | undefined; audio: string }) {
  const project = await projectFor(ctx.db, ctx.user.id, input.id, { need: 'write' });
  const { data, kind } = decodeAudioPayload(input.audio, 'audio');
  if (data.length > MAX_SOUND_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `audio is larger than ${MAX_SOUND_UPLOAD_BYTES / 1024 / 1024} MB`, {
      fields: [{ path: 'audio', message: 'Too large' }],
    });
  }
  const prepared = await withTempFile(data, kind.ext, async (file) => {
    const facts = await analyseAudioFile(file);
    if (!facts) throw invalid('audio', 'audio could not be decoded: is the file complete?');
    const keep = kind.ext === 'mp3' || kind.ext === 'wav';
    const bytes = keep ? data : await ffmpeg(['-i', file, '-map', '0:a:0', '-vn', '-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3', 'pipe:1']);
    const ext = keep ? kind.ext : 'mp3';
    const key = `uploads/${ctx.user.id}/${randomUUID()}.${ext}`;
    await ctx.storage.put(key, bytes, ext === 'wav' ? 'audio/wav' : 'audio/mpeg');
    return { key, facts };
  });
  return insertSource(ctx, project.id, { kind: 'upload', originId: null, name: input.name ?? 'Upload', ...prepared }, false);
}

/**
 * Removes a source no clip uses any more (400 naming the clips' tracks otherwise), and its file
 * unless something else still shows it (a generation's output, an export, another session).
 */
export async function removeSource(ctx: UserCtx, input: { id: string; sourceId: string }) {
  let removedKey: string | null = null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, ctx.user.id, input.id, { need: 'write' });
    const row = await lockSession(trx, project.id);
    const tracks = parseTracks(ctx, row.tracks);
    const users = tracks.filter((t) => t.clips.some((c) => c.sourceId === input.sourceId)).map((t) => `“${t.name}”`);
    if (users.length) throw invalid('sourceId', `This audio is still used on ${users.join(', ')}; delete those clips first`);
    const gone = await trx
      .deleteFrom('sound_sources')
      .where('id', '=', input.sourceId)
      .where('session_id', '=', row.id)
      .returning(['id', 'media_key'])
      .executeTakeFirst();
    if (!gone) throw new AppError('NOT_FOUND', 'Audio source not found');
    removedKey = gone.media_key;
    return { session: toSession(ctx, project, row, await sourceRows(trx, row.id)) };
  });
  await removeUnreferenced(ctx, [removedKey]).catch((e: unknown) =>
    ctx.log.warn({ err: String(e), sourceId: input.sourceId }, 'media removal deferred to the orphan sweep'),
  );
  return result;
}

/**
 * POST export: snapshots the saved mix (what plays, from which files) into a PENDING project
 * export of type audio/mpeg or audio/wav and queues it; the export worker renders it with ffmpeg.
 */
export async function exportMix(ctx: UserCtx, input: ExportMixRequest) {
  const project = await projectFor(ctx.db, ctx.user.id, input.id, { need: 'write' });
  const row = await sessionRow(ctx.db, project.id).executeTakeFirst();
  const sources = row ? await sourceRows(ctx.db, row.id) : [];
  const tracks = row ? parseTracks(ctx, row.tracks) : [];
  const segments = planMix(tracks, Object.fromEntries(sources.map((s) => [s.id, s.duration_seconds])));
  if (!row || !segments.length) {
    throw invalid('tracks', 'Nothing to export: no audible clip on the timeline. Add a clip, or unmute a track.');
  }
  const used = new Set(segments.map((s) => s.sourceId));
  const keys: Record<string, string> = {};
  for (const s of sources) {
    if (!used.has(s.id)) continue;
    if (!(await ctx.storage.stat(s.media_key))) throw invalid('tracks', `The audio “${s.name}” is missing from storage; remove its clips`);
    keys[s.id] = s.media_key;
  }

  const durationSeconds = mixLength(segments);
  const exportRow = await queueExport(ctx, {
    projectId: project.id,
    name: input.name,
    type: input.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
    params: { mixdown: { sessionId: row.id, revision: row.revision, durationSeconds, segments, sources: keys } },
  });
  return { export: toExport(ctx, exportRow), durationSeconds, clips: segments.length };
}
