/**
 * Offline talking avatar: speaks the text with espeak-ng (`synthesizeSpeech`), measures the speech's loudness per video
 * frame (RMS envelope), and draws every frame from the avatar photo — the lower face stretches open and a mouth
 * shadow grows with the loudness, the head sways and leans in slightly, the light lifts a little on stressed
 * syllables. The frames are streamed as raw RGB into ffmpeg (an argument array, never a shell) together with the
 * speech → H.264 + AAC MP4 whose audio is exactly the speech. No AI model, no API key.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  AbortError,
  clamp,
  type EngineResult,
  type EngineRunOptions,
  ProcessError,
  parseWav,
  progressReporter,
  subProgress,
  throwIfAborted,
  withTempDir,
} from './common';
import { synthesizeSpeech } from './speech';

export const AVATAR_VIDEO_SIZE = 512;
export const AVATAR_FPS = 25;
/** Longest speech an avatar video is made for. */
export const MAX_AVATAR_SPEECH_SECONDS = 180;

export interface AnimateAvatarOptions extends EngineRunOptions {
  /** The avatar photo (any format sharp reads); cover-cropped to a square around its point of interest. */
  image: Buffer;
  /** What the avatar says. */
  text: string;
  /** espeak-ng voice (see `synthesizeSpeech`). */
  voice?: string;
  speed?: number;
  pitch?: number;
  language?: string;
  /** Output side in pixels (even, 128–1024; default 512). */
  size?: number;
}

export interface AvatarVideoResult extends EngineResult {
  width: number;
  height: number;
  durationSeconds: number;
  /** The speech's own duration (the audio stream of the MP4). */
  speechSeconds: number;
  /** JPEG of the first frame. */
  thumbnail: Buffer;
}

/** Per-frame loudness of 16-bit PCM, normalised to 0..1 (95th percentile = 1) and smoothed (fast attack, slow release). */
export function loudnessEnvelope(wav: Buffer, fps: number): number[] {
  const info = parseWav(wav);
  if (info.bitsPerSample !== 16) throw new Error(`Expected 16-bit speech, got ${info.bitsPerSample}-bit`);
  const frameCount = Math.max(1, Math.ceil(info.durationSeconds * fps));
  const samplesPerFrame = info.sampleRate / fps;
  const totalSamples = info.dataLength / 2 / info.channels;
  const rms: number[] = [];
  for (let f = 0; f < frameCount; f++) {
    const start = Math.floor(f * samplesPerFrame);
    const end = Math.min(totalSamples, Math.floor((f + 1) * samplesPerFrame));
    let sum = 0;
    let n = 0;
    for (let s = start; s < end; s++) {
      const v = wav.readInt16LE(info.dataOffset + s * 2 * info.channels) / 32768;
      sum += v * v;
      n++;
    }
    rms.push(n ? Math.sqrt(sum / n) : 0);
  }
  const sorted = [...rms].sort((a, b) => a - b);
  const ref = Math.max(1e-4, sorted[Math.floor(sorted.length * 0.95)] ?? 0);
  const floor = ref * 0.08;
  const out: number[] = [];
  let level = 0;
  for (const r of rms) {
    const target = clamp((r - floor) / (ref - floor), 0, 1);
    level = target > level ? level + (target - level) * 0.75 : level + (target - level) * 0.35;
    out.push(level);
  }
  return out;
}

interface FrameState {
  open: number;
  t: number;
}

/** Where the mouth is, as fractions of the square photo (x, y of the lip line). */
export interface MouthPosition {
  x: number;
  y: number;
}

/**
 * Finds the lip line of a centred face: in the lower-middle of the photo, the row band that is the
 * reddest and darkest against its surroundings (lips against skin). Falls back to just below the
 * centre when nothing stands out (e.g. a photo that is not a face).
 */
export function findMouth(rgb: Buffer, size: number): MouthPosition & { found: boolean } {
  const fallback = { x: 0.5, y: 0.69, found: false };
  // rows scored over a wider band than searched, so each candidate has rows above and below it
  const y0 = Math.floor(size * 0.45);
  const y1 = Math.floor(size * 0.9);
  const x0 = Math.floor(size * 0.36);
  const x1 = Math.ceil(size * 0.64);
  const lip = (i: number) => {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    return r - g + (255 - (r + g + b) / 3) * 0.35;
  };
  const scores: number[] = [];
  for (let y = y0; y < y1; y++) {
    // the strongest stretch of the row (lips cover only part of the window)
    const row: number[] = [];
    for (let x = x0; x < x1; x++) row.push(lip((y * size + x) * 3));
    row.sort((a, b) => b - a);
    const top = row.slice(0, Math.max(1, Math.floor(row.length * 0.3)));
    scores.push(top.reduce((a, b) => a + b, 0) / top.length);
  }
  const k = Math.max(1, Math.round(size * 0.006));
  const smooth = scores.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - k); j <= Math.min(scores.length - 1, i + k); j++) {
      sum += scores[j] ?? 0;
      n++;
    }
    return sum / n;
  });
  // a lip line is a thin band that stands out from both the rows above and below it (a collar or a
  // shirt is a step: one side stays high), searched between 55 % and 80 % of the height
  const d = Math.max(2, Math.round(size * 0.04));
  let best = -1;
  let bestPeak = 0;
  for (let y = Math.floor(size * 0.55); y < Math.floor(size * 0.8); y++) {
    const i = y - y0;
    const peak = (smooth[i] ?? 0) - Math.max(smooth[i - d] ?? Number.POSITIVE_INFINITY, smooth[i + d] ?? Number.POSITIVE_INFINITY);
    if (peak > bestPeak) {
      bestPeak = peak;
      best = i;
    }
  }
  if (best < 0 || bestPeak < 12) return fallback;
  const base = Math.max(smooth[best - d] ?? 0, smooth[best + d] ?? 0);
  const y = y0 + best;
  // the lips' horizontal centre: weighted by how much each column stands out on that row
  let wx = 0;
  let w = 0;
  for (let x = Math.floor(size * 0.25); x < Math.ceil(size * 0.75); x++) {
    const s = Math.max(0, lip((y * size + x) * 3) - base);
    wx += s * x;
    w += s;
  }
  const x = w > 0 ? clamp(wx / w / size, 0.35, 0.65) : 0.5;
  return { x, y: y / size, found: true };
}

/**
 * Draws one frame by inverse mapping: each output pixel finds its source in the photo through the head motion
 * (scale, rotation, offset) and the jaw stretch below the mouth line, sampled bilinearly; then the mouth shadow.
 */
function drawFrame(base: Buffer, size: number, s: FrameState, mouth: MouthPosition & { found: boolean }, out: Buffer): void {
  const { open, t } = s;
  const c = size / 2;
  const scale = 1.03 + 0.025 * open + 0.01 * Math.sin(2 * Math.PI * t * 0.21);
  const angle = 0.018 * Math.sin(2 * Math.PI * t * 0.27) + 0.006 * Math.sin(2 * Math.PI * t * 0.61);
  const dx = size * 0.008 * Math.sin(2 * Math.PI * t * 0.19);
  const dy = size * (0.006 * Math.sin(2 * Math.PI * t * 0.33) - 0.008 * open);
  const cos = Math.cos(angle) / scale;
  const sin = Math.sin(angle) / scale;
  const light = 1 + 0.05 * open;
  const mx = size * mouth.x;
  const my = size * mouth.y;
  const jawW = size * 0.17;
  const jawH = size * 0.16;
  const stretch = 1 + 0.45 * open;
  const lipW = size * 0.075;
  // no lip line found (not a face, or no visible lips): the jaw still moves, but no mouth is drawn
  const lipH = mouth.found ? size * 0.045 * open : 0;
  const row = size * 3;
  const max = size - 1.001;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // inverse head motion
      const ox = x - c - dx;
      const oy = y - c - dy;
      let sx = c + cos * ox + sin * oy;
      let sy = c - sin * ox + cos * oy;
      // jaw: below the mouth line, inside a feathered ellipse, pull the source up (the chin moves down)
      const ex = (sx - mx) / jawW;
      const ey = (sy - my) / jawH;
      const d = ex * ex + ey * ey;
      if (sy > my && d < 1) {
        const w = (1 - d) * (1 - d);
        sy = sy - w * (sy - my) * (1 - 1 / stretch);
      }
      sx = sx < 0 ? 0 : Math.min(sx, max);
      sy = sy < 0 ? 0 : Math.min(sy, max);
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = y0 * row + x0 * 3;
      const i10 = i00 + 3;
      const i01 = i00 + row;
      const i11 = i01 + 3;
      // mouth shadow: a soft dark ellipse that opens with the loudness
      let shade = 0;
      if (lipH > 0.5) {
        const lx = (x - mx - dx) / lipW;
        const ly = (y - (my + dy)) / lipH;
        const ld = lx * lx + ly * ly;
        if (ld < 1) shade = 0.82 * Math.min(1, (1 - ld) * 2.5);
      }
      const o = (y * size + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const top = (base[i00 + ch] ?? 0) * (1 - fx) + (base[i10 + ch] ?? 0) * fx;
        const bottom = (base[i01 + ch] ?? 0) * (1 - fx) + (base[i11 + ch] ?? 0) * fx;
        let v = (top * (1 - fy) + bottom * fy) * light;
        if (shade > 0) v = v * (1 - shade) + (ch === 0 ? 52 : ch === 1 ? 18 : 24) * shade;
        out[o + ch] = v > 255 ? 255 : Math.max(v, 0);
      }
    }
  }
}

function parseOutTime(text: string): number | undefined {
  let latest: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
    if (m) latest = Number(m[1]) / 1e6;
  }
  return latest;
}

/** Makes a talking-avatar MP4 (H.264 + AAC) from a photo and a text. */
export async function animateAvatar(options: AnimateAvatarOptions): Promise<AvatarVideoResult> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const size = options.size ?? AVATAR_VIDEO_SIZE;
  if (!Number.isInteger(size) || size < 128 || size > 1024 || size % 2) throw new RangeError('animateAvatar: size must be an even 128–1024');
  if (!options.text?.trim()) throw new Error('animateAvatar: text is required');
  report(0);

  const speech = await synthesizeSpeech({
    text: options.text,
    ...(options.voice ? { voice: options.voice } : {}),
    ...(options.speed !== undefined ? { speed: options.speed } : {}),
    ...(options.pitch !== undefined ? { pitch: options.pitch } : {}),
    ...(options.language ? { language: options.language } : {}),
    format: 'wav',
    ...(signal ? { signal } : {}),
    onProgress: subProgress(report, 0, 10),
  });
  if (speech.durationSeconds > MAX_AVATAR_SPEECH_SECONDS) {
    throw new RangeError(
      `The speech lasts ${Math.round(speech.durationSeconds)} s; avatar videos take at most ${MAX_AVATAR_SPEECH_SECONDS} s — shorten the text`,
    );
  }
  const envelope = loudnessEnvelope(speech.data, AVATAR_FPS);
  const base = await sharp(options.image, { failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  throwIfAborted(signal);
  report(12);

  const frames = envelope.length;
  const mouth = findMouth(base, size);
  const result = await withTempDir('avatar', async (dir) => {
    const speechPath = join(dir, 'speech.wav');
    const output = join(dir, 'out.mp4');
    await writeFile(speechPath, speech.data);
    const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
    args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${size}x${size}`, '-r', String(AVATAR_FPS), '-i', 'pipe:0');
    args.push('-i', speechPath, '-map', '0:v', '-map', '1:a');
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p', '-profile:v', 'high');
    args.push('-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', output);
    const thumbnail = await streamFrames(args, frames, size, base, envelope, mouth, signal, (t) =>
      report(12 + 83 * Math.min(1, t / (frames / AVATAR_FPS))),
    );
    return { video: await readFile(output), thumbnail };
  });
  report(100);
  const durationSeconds = frames / AVATAR_FPS;
  return {
    data: result.video,
    mime: 'video/mp4',
    ext: 'mp4',
    width: size,
    height: size,
    durationSeconds,
    speechSeconds: speech.durationSeconds,
    thumbnail: result.thumbnail,
    metadata: {
      engine: 'local',
      model: 'local/avatar',
      width: size,
      height: size,
      fps: AVATAR_FPS,
      frames,
      durationSeconds,
      speechSeconds: speech.durationSeconds,
      voice: speech.metadata.voice,
      wordsPerMinute: speech.metadata.wordsPerMinute,
      pitch: speech.metadata.pitch,
      codec: 'h264',
      audioCodec: 'aac',
      animation: 'loudness-driven jaw, mouth shadow, head sway',
      mouth: { x: Math.round(mouth.x * 1000) / 1000, y: Math.round(mouth.y * 1000) / 1000, found: mouth.found },
    },
  };
}

/** Spawns ffmpeg and writes the frames to its stdin with back-pressure; resolves with a JPEG of frame 0. */
function streamFrames(
  args: string[],
  frames: number,
  size: number,
  base: Buffer,
  envelope: number[],
  mouth: MouthPosition & { found: boolean },
  signal: AbortSignal | undefined,
  onTime: (seconds: number) => void,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError());
    const child = spawn('ffmpeg', args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true });
    let settled = false;
    let firstFrame: Buffer | null = null;
    let stderr = '';
    let pending = '';
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      child.once('close', () => finish(() => reject(new AbortError())));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const cut = pending.lastIndexOf('\n');
      if (cut < 0) return;
      const t = parseOutTime(pending.slice(0, cut));
      pending = pending.slice(cut + 1);
      if (t !== undefined) onTime(t);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(() => reject(e.code === 'ENOENT' ? new ProcessError('ffmpeg is not installed or not on PATH', null, '') : e)),
    );
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      if (signal?.aborted) return;
      if (code !== 0) {
        finish(() => reject(new ProcessError(`ffmpeg exited with code ${code}: ${stderr.trim().split('\n').slice(-3).join('\n')}`, code, stderr)));
        return;
      }
      const raw = firstFrame;
      if (!raw) return finish(() => reject(new Error('No frames were drawn')));
      sharp(raw, { raw: { width: size, height: size, channels: 3 } })
        .jpeg({ quality: 82 })
        .toBuffer()
        .then((jpg) => finish(() => resolve(jpg)))
        .catch((e: unknown) => finish(() => reject(e)));
    });

    let f = 0;
    const write = () => {
      while (f < frames) {
        if (signal?.aborted || settled) return;
        const frame = Buffer.alloc(size * size * 3);
        drawFrame(base, size, { open: envelope[f] ?? 0, t: f / AVATAR_FPS }, mouth, frame);
        if (f === 0) firstFrame = frame;
        f++;
        if (!child.stdin.write(frame)) {
          child.stdin.once('drain', write);
          return;
        }
      }
      child.stdin.end();
    };
    write();
  });
}
