/**
 * Offline video engine: animates a still (the caller's image, or one rendered from the prompt by `renderImage`) with
 * a camera move using ffmpeg's zoompan filter, producing an H.264/yuv420p MP4 with +faststart, plus a JPEG thumbnail
 * of the first frame. ffmpeg runs as a child process with an argument array; temp files live in a private mkdtemp
 * folder that is always removed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  type AspectRatio,
  dimensionsFor,
  type EngineResult,
  type EngineRunOptions,
  progressReporter,
  type Resolution,
  Rng,
  resolveSeed,
  runProcess,
  subProgress,
  throwIfAborted,
  withTempDir,
} from './common';
import { renderImage } from './image';

export const VIDEO_MOTIONS = ['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'ken-burns'] as const;
export type VideoMotion = (typeof VIDEO_MOTIONS)[number];
export const MAX_VIDEO_DURATION_SECONDS = 60;
export const DEFAULT_VIDEO_DURATION_SECONDS = 5;

export interface RenderVideoOptions extends EngineRunOptions {
  /** Used to render the source still when `image` is absent (then required). */
  prompt?: string;
  /** Source still (any format sharp reads). It is cover-cropped to the output aspect ratio. */
  image?: Buffer;
  /** Default 5, max 60. The clip has round(duration × fps) frames. */
  durationSeconds?: number;
  aspectRatio?: AspectRatio;
  resolution?: Resolution;
  fps?: 24 | 30;
  /** Camera move; when absent one is chosen from the seed. */
  motion?: VideoMotion;
  seed?: number;
  /** Passed to renderImage when the still is generated from the prompt. */
  negativePrompt?: string;
}

export interface VideoResult extends EngineResult {
  width: number;
  height: number;
  durationSeconds: number;
  /** JPEG of the first frame. */
  thumbnail: Buffer;
  thumbnailMime: 'image/jpeg';
}

/**
 * Upscale factor applied before zoompan: zoompan rounds its crop origin to whole pixels, so more source pixels = less
 * jitter. Smaller factors for larger outputs keep 1080p renders reasonably fast (sub-pixel steps of 1/3–1/4 px).
 */
const SUPERSAMPLE: Record<Resolution, number> = { '480p': 4, '720p': 4, '1080p': 3 };

/** Builds the zoompan expressions for a motion. `p` is eased progress 0→1 over the clip. Exported for tests. */
export function motionExpressions(motion: VideoMotion, frames: number, rng: Rng): { z: string; x: string; y: string } {
  const last = Math.max(1, frames - 1);
  const p = `(on/${last})`;
  const e = `(${p}*${p}*(3-2*${p}))`; // smoothstep easing
  const centreX = 'iw/2-(iw/zoom/2)';
  const centreY = 'ih/2-(ih/zoom/2)';
  const zoomAmount = 0.25;
  switch (motion) {
    case 'zoom-in':
      return { z: `1+${zoomAmount}*${e}`, x: centreX, y: centreY };
    case 'zoom-out':
      return { z: `${1 + zoomAmount}-${zoomAmount}*${e}`, x: centreX, y: centreY };
    case 'pan-left':
      // the camera travels left: the crop window moves from the right edge to the left edge
      return { z: '1.2', x: `(iw-iw/zoom)*(1-${e})`, y: centreY };
    case 'pan-right':
      return { z: '1.2', x: `(iw-iw/zoom)*${e}`, y: centreY };
    default: {
      // Ken Burns: slow zoom while drifting from one corner region towards another
      const x0 = rng.range(0, 1).toFixed(3);
      const y0 = rng.range(0, 1).toFixed(3);
      const x1 = rng.range(0, 1).toFixed(3);
      const y1 = rng.range(0, 1).toFixed(3);
      const zoomIn = rng.chance(0.6);
      const z = zoomIn ? `1.08+0.22*${e}` : `1.3-0.22*${e}`;
      return {
        z,
        x: `(iw-iw/zoom)*(${x0}+(${x1}-${x0})*${e})`,
        y: `(ih-ih/zoom)*(${y0}+(${y1}-${y0})*${e})`,
      };
    }
  }
}

function parseProgressTime(text: string): number | undefined {
  // ffmpeg -progress prints key=value lines; out_time_us (and the misnamed out_time_ms) are microseconds.
  let latest: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
    if (m) latest = Number(m[1]) / 1e6;
  }
  return latest;
}

/** Animates a still into an MP4 with a camera move. */
export async function renderVideo(options: RenderVideoOptions): Promise<VideoResult> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const duration = options.durationSeconds ?? DEFAULT_VIDEO_DURATION_SECONDS;
  if (!Number.isFinite(duration) || duration <= 0 || duration > MAX_VIDEO_DURATION_SECONDS) {
    throw new RangeError(`renderVideo: durationSeconds must be in (0, ${MAX_VIDEO_DURATION_SECONDS}]`);
  }
  const fps = options.fps ?? 24;
  if (fps !== 24 && fps !== 30) throw new RangeError('renderVideo: fps must be 24 or 30');
  const aspectRatio = options.aspectRatio ?? '16:9';
  const resolution = options.resolution ?? '720p';
  const { width, height } = dimensionsFor(aspectRatio, resolution);
  const prompt = options.prompt?.trim() ?? '';
  if (!options.image && !prompt) throw new Error('renderVideo: a prompt or an image is required');
  const seed = resolveSeed(options.seed);
  const rng = new Rng(seed);
  const motion: VideoMotion = options.motion && VIDEO_MOTIONS.includes(options.motion) ? options.motion : rng.pick(VIDEO_MOTIONS);
  const frames = Math.max(1, Math.round(duration * fps));
  const actualDuration = frames / fps;
  report(0);

  // 1. the source still, cover-cropped to exactly width × height
  let source: Buffer;
  let sourceKind: 'input-image' | 'rendered-from-prompt';
  let imageMetadata: Record<string, unknown> | undefined;
  if (options.image) {
    sourceKind = 'input-image';
    source = await sharp(options.image, { failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } else {
    sourceKind = 'rendered-from-prompt';
    const still = await renderImage({
      prompt,
      seed,
      aspectRatio,
      resolution,
      negativePrompt: options.negativePrompt,
      signal,
      onProgress: subProgress(report, 0, 15),
    });
    source = still.data;
    imageMetadata = still.metadata;
  }
  throwIfAborted(signal);
  report(15);

  const { z, x, y } = motionExpressions(motion, frames, rng);
  const bigW = width * SUPERSAMPLE[resolution];
  const bigH = height * SUPERSAMPLE[resolution];
  const filter =
    `[0:v]scale=${bigW}:${bigH}:flags=lanczos,` +
    `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${width}x${height}:fps=${fps},` +
    'setsar=1,format=yuv420p[v]';

  const result = await withTempDir('video', async (dir) => {
    const input = join(dir, 'source.png');
    const output = join(dir, 'out.mp4');
    const thumb = join(dir, 'thumb.jpg');
    await writeFile(input, source);
    throwIfAborted(signal);
    const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input, '-filter_complex', filter, '-map', '[v]'];
    args.push('-frames:v', String(frames), '-r', String(fps), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
    args.push('-profile:v', 'high', '-movflags', '+faststart', '-an', '-progress', 'pipe:1', '-nostats', output);
    let pending = '';
    await runProcess('ffmpeg', args, {
      signal,
      collectStdout: false,
      onStdout: (chunk) => {
        pending += chunk.toString();
        const cut = pending.lastIndexOf('\n');
        if (cut < 0) return;
        const t = parseProgressTime(pending.slice(0, cut));
        pending = pending.slice(cut + 1);
        if (t !== undefined) report(15 + 75 * Math.min(1, t / actualDuration));
      },
    });
    throwIfAborted(signal);
    report(92);
    await runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', output, '-frames:v', '1', '-q:v', '3', thumb], {
      signal,
    });
    throwIfAborted(signal);
    return { video: await readFile(output), thumbnail: await readFile(thumb) };
  });
  report(100);
  return {
    data: result.video,
    mime: 'video/mp4',
    ext: 'mp4',
    width,
    height,
    durationSeconds: actualDuration,
    thumbnail: result.thumbnail,
    thumbnailMime: 'image/jpeg',
    metadata: {
      engine: 'local',
      model: 'local/video',
      prompt: prompt || null,
      seed,
      aspectRatio,
      resolution,
      width,
      height,
      fps,
      frames,
      durationSeconds: actualDuration,
      motion,
      codec: 'h264',
      pixelFormat: 'yuv420p',
      source: sourceKind,
      ...(imageMetadata ? { image: { scenes: imageMetadata.scenes, features: imageMetadata.features, timeOfDay: imageMetadata.timeOfDay } } : {}),
    },
  };
}
