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

function parseRate(rate: string | undefined): number | undefined {
  if (!rate) return undefined;
  const [n, d] = rate.split('/').map(Number);
  if (n === undefined || !Number.isFinite(n) || n <= 0) return undefined;
  const fps = d && Number.isFinite(d) && d > 0 ? n / d : n;
  return Math.round(fps * 1000) / 1000;
}

/** Probes a media file or buffer with `ffprobe -print_format json -show_format -show_streams`. */
export async function probeMedia(input: Buffer | string, options: ProbeOptions = {}): Promise<MediaProbe> {
  return withInputPath(input, async (path) => {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-i', path];
    const { stdout } = await runProcess('ffprobe', args, { signal: options.signal });
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
      const fps = parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate);
      if (fps) result.fps = fps;
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
