/**
 * The export renderers, as plain functions (the export processor and bench/export.mjs call them):
 * an ffmpeg timeline render to H.264/AAC MP4 (clips probed with packages/ai's probeMedia), and a
 * dependency-free STORE zip.
 * Child processes get argument arrays, never a shell.
 */
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { type MediaProbe, probeMedia } from '@atelier/ai';
import { normalizeClipTiming } from '@atelier/shared';

interface RunResult {
  stdout: string;
  stderr: string;
}

function run(
  cmd: string,
  args: string[],
  options: { signal?: AbortSignal | undefined; onStdout?: (chunk: string) => void; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError());
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(() => reject(abortError()));
    };
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        finish(() => reject(new Error(`${cmd} took longer than ${Math.round((options.timeoutMs ?? 0) / 1000)} s and was stopped`)));
      },
      options.timeoutMs ?? 60 * 60_000,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      if (options.onStdout) options.onStdout(c);
      else if (stdout.length < 4_000_000) stdout += c;
    });
    child.stderr.on('data', (c: string) => {
      stderr = (stderr + c).slice(-8000);
    });
    child.on('error', (e) => finish(() => reject(new Error(`${cmd} could not start: ${e.message}`))));
    child.on('close', (code) =>
      finish(() => {
        if (code === 0) resolve({ stdout, stderr });
        else reject(Object.assign(new Error(describeFailure(cmd, stderr, code)), { stderr }));
      }),
    );
  });
}

function abortError(): Error {
  return Object.assign(new Error('The export was stopped'), { name: 'AbortError' });
}

function describeFailure(cmd: string, stderr: string, code: number | null): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.slice(-2).join(' — ');
  return `${cmd} failed (exit ${code ?? 'signal'})${last ? `: ${last.slice(0, 400)}` : ''}`;
}

const rateValue = (rate: string) => {
  const [n, d] = rate.split('/').map(Number) as [number, number];
  return n / d;
};

/**
 * The export's frame rate: the clips' own when they all share one between 12 and 60 fps (no frame is
 * duplicated or dropped, and the encoder has no extra frames to compress — a 24 fps timeline encoded
 * at 30 fps spends a fifth of its time on copies), else 30.
 */
export function exportFrameRate(rates: (string | null)[]): string {
  const first = rates[0];
  if (!first || rates.some((r) => r === null || Math.abs(rateValue(r) - rateValue(first)) > 0.001)) return '30/1';
  const value = rateValue(first);
  return value >= 12 && value <= 60 ? first : '30/1';
}

export interface RenderClipInput {
  /** A local file path of the clip's video. */
  path: string;
  /** Seconds (or milliseconds above 1000, per §5) cut from the start and the end. */
  startTrim?: number;
  endTrim?: number;
}

export interface RenderVideoOptions {
  clips: RenderClipInput[];
  width: number;
  height: number;
  outputPath: string;
  /** Optional audio track (local path) that replaces the clips' own sound; padded or cut to the video's length. */
  audioPath?: string | null;
  /** Frames per second (`30`, or a rate such as `30000/1001`); by default the clips' own when they agree, else 30. */
  fps?: number | string;
  /**
   * Join the clips' video as it is when they already match the export (canJoinWithoutEncoding) —
   * the default; false always re-encodes.
   */
  streamCopy?: boolean;
  /** x264 preset and quality (when re-encoding). */
  preset?: string;
  crf?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface RenderedSegment {
  index: number;
  sourceDuration: number;
  startTrim: number;
  endTrim: number;
  /** Seconds this clip plays in the export (whole frames). */
  seconds: number;
  frames: number;
  hasAudio: boolean;
}

export interface RenderVideoResult {
  durationSeconds: number;
  width: number;
  height: number;
  /** The frame rate the export was encoded at (`24/1`). */
  frameRate: string;
  segments: RenderedSegment[];
  skipped: number[];
  /** True when the clips' video was joined without re-encoding. */
  videoCopied: boolean;
  wallMs: number;
}

/**
 * Whether the clips' video can be joined as it is — no decoding, no encoding, many times faster and
 * no generation loss. It can when every clip plays whole and is already what the export would make:
 * H.264 yuv420p in an MP4, exactly the export's size and frame rate, square pixels, no rotation,
 * starting at 0 and holding exactly the frames it plays; and all clips share one profile, time base
 * and set of codec headers (an MP4 track holds one set, and they differ between encoders and
 * settings). Anything else is re-encoded.
 */
export function canJoinWithoutEncoding(
  probes: MediaProbe[],
  segments: RenderedSegment[],
  size: { width: number; height: number },
  fps: number,
): boolean {
  if (!segments.length || segments.length !== probes.length) return false;
  const first = probes[0]?.video;
  if (!first?.headersHash) return false;
  return segments.every((s) => {
    const p = probes[s.index];
    const v = p?.video;
    return (
      p !== undefined &&
      v !== undefined &&
      s.startTrim === 0 &&
      s.endTrim === 0 &&
      p.videoCodec === 'h264' &&
      /(^|,)mp4(,|$)/.test(p.formatName ?? '') &&
      p.width === size.width &&
      p.height === size.height &&
      p.frameRate !== undefined &&
      Math.abs(rateValue(p.frameRate) - fps) < 0.001 &&
      p.pixelFormat === 'yuv420p' &&
      (v.sampleAspectRatio === undefined || v.sampleAspectRatio === '1:1' || v.sampleAspectRatio === '0:1') &&
      v.rotation === 0 &&
      v.startTime !== undefined &&
      Math.abs(v.startTime) < 0.5 / fps &&
      v.frames === s.frames &&
      v.headersHash === first.headersHash &&
      v.profile === first.profile &&
      v.timeBase === first.timeBase
    );
  });
}

const num = (n: number) => n.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');

/**
 * Renders the clips in order with their trims, each scaled to fit and padded to width×height
 * (black bars), at a constant frame rate (exportFrameRate), into an H.264/AAC MP4 with +faststart. The sound is
 * the given audio track, else each clip's own sound, else silence — a silent AAC track is always
 * present so players behave. Every clip contributes a whole number of frames
 * (round(played × fps)), so the export's length is the sum of the trimmed lengths to within
 * half a frame per clip. Progress comes from ffmpeg's `-progress pipe:1`.
 */
export async function renderExportVideo(options: RenderVideoOptions): Promise<RenderVideoResult> {
  const t0 = Date.now();
  const { width, height, signal } = options;
  if (width % 2 || height % 2 || width < 16 || height < 16) throw new Error(`Invalid export size ${width}x${height}`);
  if (!options.clips.length) throw new Error('Nothing to export: the timeline has no clips');

  const probes = await Promise.all(
    options.clips.map((clip, index) =>
      probeMedia(clip.path, { signal }).catch((e: Error) => {
        throw new Error(`Clip ${index + 1} is not a readable video (${e.message})`);
      }),
    ),
  );
  for (const [index, probe] of probes.entries()) {
    if (!probe.hasVideo || probe.durationSeconds <= 0) throw new Error(`Clip ${index + 1} has no video stream`);
  }
  const rate = options.fps === undefined ? exportFrameRate(probes.map((p) => p.frameRate ?? null)) : String(options.fps);
  const fps = rate.includes('/') ? rateValue(rate) : Number(rate);
  if (!(fps > 0)) throw new Error(`Invalid frame rate ${rate}`);

  const segments: RenderedSegment[] = [];
  const skipped: number[] = [];
  for (const [index, clip] of options.clips.entries()) {
    const probe = probes[index] as MediaProbe;
    // §5 on the real file: trims are clamped to what the file actually holds.
    const timing = normalizeClipTiming({ duration: probe.durationSeconds, startTrim: clip.startTrim ?? 0, endTrim: clip.endTrim ?? 0 });
    const frames = Math.round((timing.duration - timing.startTrim - timing.endTrim) * fps);
    if (frames < 1) {
      skipped.push(index);
      continue;
    }
    segments.push({
      index,
      sourceDuration: timing.duration,
      startTrim: timing.startTrim,
      endTrim: timing.endTrim,
      seconds: frames / fps,
      frames,
      hasAudio: probe.hasAudio,
    });
  }
  if (!segments.length) throw new Error('Nothing to export: every clip is trimmed to nothing');
  const total = segments.reduce((s, x) => s + x.seconds, 0);

  const copy = options.streamCopy !== false && canJoinWithoutEncoding(probes, segments, { width, height }, fps);
  const args: string[] = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  const audioFormat = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  const graph: string[] = [];
  /** A clip's sound for the concat filter: its own (padded or cut to the frames it plays), or silence. */
  const clipSound = (s: RenderedSegment, input: number | null, label: string) =>
    input !== null
      ? `[${input}:a:0]${audioFormat},asetpts=PTS-STARTPTS,apad,atrim=duration=${num(s.seconds)},asetpts=PTS-STARTPTS[${label}]`
      : `anullsrc=r=48000:cl=stereo,atrim=duration=${num(s.seconds)},asetpts=PTS-STARTPTS[${label}]`;
  let inputs = 0;
  let listPath: string | null = null;
  if (copy) {
    // The concat demuxer joins the clips' H.264 as it is, each playing exactly its frames; only the sound is mixed.
    listPath = `${options.outputPath}.clips.txt`;
    const quoted = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;
    await writeFile(
      listPath,
      segments.map((s) => `file ${quoted((options.clips[s.index] as RenderClipInput).path)}\nduration ${num(s.seconds)}\n`).join(''),
    );
    args.push('-f', 'concat', '-safe', '0', '-i', listPath);
    inputs = 1;
    if (!options.audioPath) {
      const sounds: string[] = [];
      segments.forEach((s, i) => {
        let input: number | null = null;
        if (s.hasAudio) {
          args.push('-i', (options.clips[s.index] as RenderClipInput).path);
          input = inputs++;
        }
        graph.push(clipSound(s, input, `a${i}`));
        sounds.push(`[a${i}]`);
      });
      graph.push(`${sounds.join('')}concat=n=${segments.length}:v=0:a=1[aout]`);
    }
  } else {
    for (const s of segments) {
      const clip = options.clips[s.index] as RenderClipInput;
      if (s.startTrim > 0) args.push('-ss', num(s.startTrim));
      // Read a little past the cut; the filter graph takes exactly `frames`.
      args.push('-t', num(s.seconds + 1), '-i', clip.path);
    }
    inputs = segments.length;
    const fit =
      `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
      `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p`;
    const parts: string[] = [];
    segments.forEach((s, i) => {
      // tpad clones the last frame in case the file is a hair shorter than it claims; trim takes whole frames.
      graph.push(
        `[${i}:v:0]setpts=PTS-STARTPTS,fps=${rate},${fit},tpad=stop_mode=clone:stop_duration=1,trim=end_frame=${s.frames},setpts=PTS-STARTPTS[v${i}]`,
      );
      if (options.audioPath) {
        parts.push(`[v${i}]`);
      } else {
        graph.push(clipSound(s, s.hasAudio ? i : null, `a${i}`));
        parts.push(`[v${i}][a${i}]`);
      }
    });
    graph.push(
      options.audioPath
        ? `${parts.join('')}concat=n=${segments.length}:v=1:a=0[vout]`
        : `${parts.join('')}concat=n=${segments.length}:v=1:a=1[vout][aout]`,
    );
  }
  if (options.audioPath) {
    args.push('-i', options.audioPath);
    graph.push(`[${inputs}:a:0]${audioFormat},asetpts=PTS-STARTPTS,apad,atrim=duration=${num(total)},asetpts=PTS-STARTPTS[aout]`);
  }

  args.push('-filter_complex', graph.join(';'), '-map', copy ? '0:v:0' : '[vout]', '-map', '[aout]');
  if (copy) args.push('-c:v', 'copy');
  else args.push('-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 21), '-pix_fmt', 'yuv420p', '-r', rate);
  args.push(
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    options.outputPath,
  );

  let buffered = '';
  let lastPercent = -1;
  try {
    await run('ffmpeg', args, {
      signal,
      timeoutMs: options.timeoutMs ?? Math.max(10 * 60_000, total * 60_000),
      onStdout: (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
          if (!m) continue;
          const percent = Math.min(99, Math.floor((Number(m[1]) / 1e6 / total) * 100));
          if (percent > lastPercent) {
            lastPercent = percent;
            options.onProgress?.(percent);
          }
        }
      },
    });
  } finally {
    if (listPath) await rm(listPath, { force: true });
  }
  const out = await probeMedia(options.outputPath, { signal });
  options.onProgress?.(100);
  return {
    durationSeconds: out.durationSeconds,
    width: out.width ?? width,
    height: out.height ?? height,
    frameRate: rate,
    segments,
    skipped,
    videoCopied: copy,
    wallMs: Date.now() - t0,
  };
}

// ---------------------------------------------------------------------------------------------
// A minimal ZIP writer (STORE method, CRC-32, UTF-8 names). Media is already compressed, so
// storing is as small as deflating and much faster. No ZIP64: the whole archive stays < 4 GiB.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, seed = 0): number {
  let c = (seed ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = (CRC_TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  modified?: Date;
}

function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  };
}

/** Builds a ZIP archive in memory from the entries (names must be unique, relative, no `..`). */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    const name = entry.name.replace(/\\/g, '/');
    if (!name || name.startsWith('/') || name.split('/').includes('..')) throw new Error(`Invalid zip entry name: ${entry.name}`);
    if (seen.has(name)) throw new Error(`Duplicate zip entry name: ${name}`);
    seen.add(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(entry.data);
    const size = entry.data.length;
    const { date, time } = dosDateTime(entry.modified ?? new Date());

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, spec 2.0 (else unzip re-reads names as CP437)
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);

    offset += 30 + nameBytes.length + size;
    if (offset > 0xfffffffe) throw new Error('The archive would be larger than 4 GB');
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
