/**
 * The sound editor's mixdown (a project export of type audio/mpeg or audio/wav): the mix the api
 * snapshotted into the export's params is rendered by one ffmpeg filter graph —
 * per clip aresample → atrim → volume → afade in/out → adelay, then amix (normalize=0, so two
 * overlapping clips add up exactly as in the browser's WebAudio playback).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { measureLoudness, probeMedia } from '@atelier/ai';
import type { Db, ExportRow } from '@atelier/db';
import type { MediaStorage } from '@atelier/media';
import { type MixSegment, mixLength } from '@atelier/shared';
import { UnrecoverableError } from 'bullmq';

export const MIXDOWN_TYPES = ['audio/mpeg', 'audio/wav'] as const;
export type MixdownType = (typeof MIXDOWN_TYPES)[number];
export const MIXDOWN_EXT: Record<MixdownType, string> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

const SAMPLE_RATE = 44100;
const fail = (message: string) => new UnrecoverableError(message);

export interface MixdownCtx {
  db: Db;
  storage: MediaStorage;
  row: ExportRow;
  project: { id: string };
  tmp: string;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

interface MixdownParams {
  sessionId: string;
  segments: MixSegment[];
  sources: Record<string, string>;
}

const isNum = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The api's snapshot, checked again here (the payload is data, not trusted code). */
function parseParams(raw: unknown): MixdownParams | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  if (typeof p.sessionId !== 'string' || !Array.isArray(p.segments) || !p.sources || typeof p.sources !== 'object') return null;
  if (p.segments.length < 1 || p.segments.length > 200) return null;
  const segments: MixSegment[] = [];
  for (const s of p.segments as Record<string, unknown>[]) {
    if (!s || typeof s.sourceId !== 'string' || typeof s.clipId !== 'string' || typeof s.trackId !== 'string') return null;
    if (!isNum(s.start, 0, 3600) || !isNum(s.offset, 0, 36_000) || !isNum(s.length, 0.001, 3600)) return null;
    if (!isNum(s.fadeIn, 0, 3600) || !isNum(s.fadeOut, 0, 3600) || !isNum(s.gain, 0, 4)) return null;
    segments.push({
      clipId: s.clipId,
      trackId: s.trackId,
      sourceId: s.sourceId,
      start: s.start,
      offset: s.offset,
      length: s.length,
      fadeIn: s.fadeIn,
      fadeOut: s.fadeOut,
      gain: s.gain,
    });
  }
  const sources: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.sources as Record<string, unknown>)) if (typeof v === 'string') sources[k] = v;
  return { sessionId: p.sessionId, segments, sources };
}

/** Fixed-point text for ffmpeg option values (no exponents). */
const n = (v: number) => (Math.round(v * 1e6) / 1e6).toFixed(6).replace(/\.?0+$/, '') || '0';

/** The filter graph for `segments`, whose sources are ffmpeg inputs in `inputs` order. Exported for tests. */
export function mixdownFilter(segments: readonly MixSegment[], inputs: readonly string[], monoSources: ReadonlySet<string> = new Set()): string {
  const uses = new Map<string, number>();
  for (const s of segments) uses.set(s.sourceId, (uses.get(s.sourceId) ?? 0) + 1);
  const parts: string[] = [];
  const labelsBySource = new Map<string, string[]>();
  inputs.forEach((sourceId, i) => {
    const count = uses.get(sourceId) ?? 0;
    if (count === 1) labelsBySource.set(sourceId, [`${i}:a:0`]);
    else if (count > 1) {
      const labels = Array.from({ length: count }, (_, k) => `s${i}_${k}`);
      parts.push(`[${i}:a:0]asplit=${count}${labels.map((l) => `[${l}]`).join('')}`);
      labelsBySource.set(sourceId, labels);
    }
  });
  const mixed: string[] = [];
  segments.forEach((s, j) => {
    const label = labelsBySource.get(s.sourceId)?.shift();
    if (!label) throw new Error(`No input for source ${s.sourceId}`);
    const chain = [
      `aresample=${SAMPLE_RATE}`,
      // Mono plays at full level on both sides, as WebAudio upmixes it (ffmpeg's own upmix is 3 dB down).
      ...(monoSources.has(s.sourceId) ? ['pan=stereo|c0=c0|c1=c0'] : []),
      'aformat=sample_fmts=fltp:channel_layouts=stereo',
      `atrim=start=${n(s.offset)}:duration=${n(s.length)}`,
      'asetpts=PTS-STARTPTS',
      `volume=${n(s.gain)}`,
    ];
    if (s.fadeIn > 0) chain.push(`afade=t=in:st=0:d=${n(s.fadeIn)}`);
    if (s.fadeOut > 0) chain.push(`afade=t=out:st=${n(Math.max(0, s.length - s.fadeOut))}:d=${n(s.fadeOut)}`);
    const delayMs = Math.round(s.start * 1000);
    if (delayMs > 0) chain.push(`adelay=delays=${delayMs}:all=1`);
    parts.push(`[${label}]${chain.join(',')}[m${j}]`);
    mixed.push(`[m${j}]`);
  });
  const total = mixLength(segments);
  const mix = mixed.length > 1 ? `${mixed.join('')}amix=inputs=${mixed.length}:duration=longest:dropout_transition=0:normalize=0,` : `${mixed[0]}`;
  parts.push(`${mix}${mixed.length > 1 ? '' : 'anull,'}atrim=duration=${n(total)}[out]`);
  return parts.join(';');
}

function runFfmpeg(args: string[], totalSeconds: number, signal: AbortSignal, onProgress: (p: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(Object.assign(new Error('The export was stopped'), { name: 'AbortError' }));
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let buffered = '';
    const onAbort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30 * 60_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      buffered += c;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && totalSeconds > 0) onProgress(Math.min(1, Number(m[1]) / 1e6 / totalSeconds));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      stderr = (stderr + c).slice(-4000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      reject(new Error(`ffmpeg could not start: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(Object.assign(new Error('The export was stopped'), { name: 'AbortError' }));
      else if (code === 0) resolve();
      else reject(new Error(`The mixdown failed: ${stderr.trim().split('\n').pop() || `ffmpeg exited with code ${code}`}`));
    });
  });
}

export async function exportMixdown(ctx: MixdownCtx): Promise<{ file: string; metadata: Record<string, unknown> }> {
  const parsed = parseParams((ctx.row.params as Record<string, unknown>)?.mixdown);
  if (!parsed) throw fail('This mixdown has no mix to render');
  const { segments, sources, sessionId } = parsed;

  // Re-check: every file is a source of this project's session (the api checked who added it).
  const ids = [...new Set(segments.map((s) => s.sourceId))];
  const rows = await ctx.db
    .selectFrom('sound_sources as s')
    .innerJoin('sound_sessions as ss', 'ss.id', 's.session_id')
    .select(['s.id', 's.media_key', 's.name'])
    .where('ss.project_id', '=', ctx.project.id)
    .where('ss.id', '=', sessionId)
    .where('s.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const inputs: string[] = [];
  const mono = new Set<string>();
  const args: string[] = [];
  for (const [i, id] of ids.entries()) {
    const src = byId.get(id);
    if (!src || sources[id] !== src.media_key) throw fail('A clip’s audio was removed from the session; export again');
    if (!(await ctx.storage.stat(src.media_key))) throw fail(`The audio “${src.name}” is missing from storage`);
    const file = path.join(ctx.tmp, `source-${i}${path.extname(src.media_key) || '.bin'}`);
    await pipeline(ctx.storage.read(src.media_key), createWriteStream(file));
    const probe = await probeMedia(file).catch(() => null);
    if (!probe?.hasAudio) throw fail(`The audio “${src.name}” could not be read`);
    if (probe.channels === 1) mono.add(id);
    inputs.push(id);
    args.push('-i', file);
  }
  ctx.onProgress(3);

  const type = ctx.row.type as MixdownType;
  const total = mixLength(segments);
  const output = path.join(ctx.tmp, `mixdown.${MIXDOWN_EXT[type]}`);
  const codec = type === 'audio/wav' ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'libmp3lame', '-b:a', '192k'];
  const started = Date.now();
  await runFfmpeg(
    [
      ...args,
      '-filter_complex',
      mixdownFilter(segments, inputs, mono),
      '-map',
      '[out]',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '2',
      ...codec,
      '-y',
      output,
    ],
    total,
    ctx.signal,
    (p) => ctx.onProgress(3 + p * 90),
  );
  const [probe, loudness] = await Promise.all([probeMedia(output), measureLoudness(output)]);
  // The file is uploaded from the temp folder (multipart on S3), never held in memory.
  return {
    file: output,
    metadata: {
      durationSeconds: Math.round(probe.durationSeconds * 1000) / 1000,
      plannedSeconds: total,
      clips: segments.length,
      tracks: new Set(segments.map((s) => s.trackId)).size,
      sampleRate: probe.sampleRate ?? SAMPLE_RATE,
      channels: probe.channels ?? 2,
      meanVolumeDb: Number.isFinite(loudness.meanVolumeDb) ? loudness.meanVolumeDb : null,
      maxVolumeDb: Number.isFinite(loudness.maxVolumeDb) ? loudness.maxVolumeDb : null,
      renderMs: Date.now() - started,
    },
  };
}
