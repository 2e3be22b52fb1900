/**
 * ffprobe / ffmpeg helpers to inspect media: container/stream facts (`probeMedia`) and peak/mean loudness
 * (`measureLoudness`, ffmpeg volumedetect). Buffers are written to a private temp file first (MP4s need seeking).
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { runProcess, withTempDir } from './common';

export interface MediaProbe {
  durationSeconds: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  hasAudio: boolean;
  hasVideo: boolean;
  /** Frames per second of the first video stream, when known. */
  fps?: number;
  /** The same rate as ffprobe gives it (`24/1`, `30000/1001`): exact, where `fps` is rounded. */
  frameRate?: string;
  /**
   * The first video stream's coding details: what decides whether clips can be joined without
   * re-encoding (the worker's export). `headersHash` hashes the codec headers (extradata).
   */
  video?: {
    profile?: string;
    sampleAspectRatio?: string;
    timeBase?: string;
    frames?: number;
    startTime?: number;
    rotation: number;
    headersHash?: string;
  };
  pixelFormat?: string;
  sampleRate?: number;
  channels?: number;
  formatName?: string;
}

export interface Loudness {
  meanVolumeDb: number;
  maxVolumeDb: number;
}

export interface ProbeOptions {
  signal?: AbortSignal;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  pix_fmt?: string;
  profile?: string;
  sample_aspect_ratio?: string;
  time_base?: string;
  nb_frames?: string;
  start_time?: string;
  extradata_hash?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

async function withInputPath<T>(input: Buffer | string, fn: (path: string) => Promise<T>): Promise<T> {
  // absolute paths never start with '-', so they can't be mistaken for ffmpeg options
  if (typeof input === 'string') return fn(resolve(input));
  return withTempDir('probe', async (dir) => {
    const path = join(dir, 'input.bin');
    await writeFile(path, input);
    return fn(path);
  });
}

/**
 * ffprobe's frame rate: `30000/1001` → fps 29.97 and the exact `30000/1001`; a plain number
 * (`25`) → fps only; `0/0` and nonsense → nothing.
 */
function rateOf(text: string | undefined): { fps: number; exact?: string } | undefined {
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+))?$/.exec(text ?? '');
  if (!m) return undefined;
  const n = Number(m[1]);
  const d = m[2] === undefined ? 1 : Number(m[2]);
  if (!(n > 0) || !(d > 0)) return undefined;
  const fps = Math.round((n / d) * 1000) / 1000;
  return m[2] !== undefined && Number.isInteger(n) ? { fps, exact: `${m[1]}/${m[2]}` } : { fps };
}

const numberOf = (text: string | undefined): number | undefined =>
  text !== undefined && text !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;

/** Probes a media file or buffer with `ffprobe -print_format json -show_format -show_streams` (and a hash of the codec headers). */
export async function probeMedia(input: Buffer | string, options: ProbeOptions = {}): Promise<MediaProbe> {
  return withInputPath(input, async (path) => {
    const args = ['-v', 'error', '-print_format', 'json', '-show_data_hash', 'sha256', '-show_format', '-show_streams', '-i', path];
    const { stdout } = await runProcess('ffprobe', args, { signal: options.signal, timeoutMs: 30_000 });
    const info = JSON.parse(stdout.toString('utf8')) as FfprobeOutput;
    const streams = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const audio = streams.find((s) => s.codec_type === 'audio');
    let duration = Number(info.format?.duration);
    if (!Number.isFinite(duration)) {
      duration = Math.max(0, ...streams.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d)));
    }
    const result: MediaProbe = {
      durationSeconds: Number.isFinite(duration) ? duration : 0,
      hasAudio: audio !== undefined,
      hasVideo: video !== undefined,
    };
    if (info.format?.format_name) result.formatName = info.format.format_name;
    if (video) {
      if (video.width) result.width = video.width;
      if (video.height) result.height = video.height;
      if (video.codec_name) result.videoCodec = video.codec_name;
      if (video.pix_fmt) result.pixelFormat = video.pix_fmt;
      const average = rateOf(video.avg_frame_rate);
      const base = rateOf(video.r_frame_rate);
      const fps = average?.fps ?? base?.fps;
      if (fps) result.fps = fps;
      const frameRate = average?.exact ?? base?.exact;
      if (frameRate) result.frameRate = frameRate;
      const rotation = Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0) || 0;
      const details: NonNullable<MediaProbe['video']> = { rotation };
      if (video.profile) details.profile = video.profile;
      if (video.sample_aspect_ratio) details.sampleAspectRatio = video.sample_aspect_ratio;
      if (video.time_base) details.timeBase = video.time_base;
      if (video.nb_frames && /^\d+$/.test(video.nb_frames)) details.frames = Number(video.nb_frames);
      const startTime = numberOf(video.start_time);
      if (startTime !== undefined) details.startTime = startTime;
      if (video.extradata_hash) details.headersHash = video.extradata_hash;
      result.video = details;
    }
    if (audio) {
      if (audio.codec_name) result.audioCodec = audio.codec_name;
      if (audio.sample_rate) result.sampleRate = Number(audio.sample_rate);
      if (audio.channels) result.channels = audio.channels;
    }
    return result;
  });
}

/** Measures mean and peak volume (dBFS) of the first audio stream with ffmpeg's volumedetect filter. */
export async function measureLoudness(input: Buffer | string, options: ProbeOptions = {}): Promise<Loudness> {
  return withInputPath(input, async (path) => {
    const args = ['-hide_banner', '-nostdin', '-nostats', '-i', path, '-map', '0:a:0', '-af', 'volumedetect', '-vn', '-sn', '-dn', '-f', 'null', '-'];
    const { stderr } = await runProcess('ffmpeg', args, { signal: options.signal });
    const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
    const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
    if (!mean || !max) throw new Error('measureLoudness: no audio measured (does the input have an audio stream?)');
    const toDb = (s: string | undefined) => (s === undefined || s === '-inf' ? Number.NEGATIVE_INFINITY : Number(s));
    return { meanVolumeDb: toDb(mean[1]), maxVolumeDb: toDb(max[1]) };
  });
}
