import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@atelier/ai';
import { describe, expect, it } from 'vitest';
import { buildZip, canJoinWithoutEncoding, crc32, exportFrameRate, renderExportVideo } from './export.render';

describe('exportFrameRate', () => {
  it('keeps the clips’ own rate when they all share one between 12 and 60 fps, else 30', () => {
    expect(exportFrameRate(['24/1', '24/1', '24/1'])).toBe('24/1');
    expect(exportFrameRate(['30000/1001', '30000/1001'])).toBe('30000/1001');
    expect(exportFrameRate(['60/1'])).toBe('60/1');
    expect(exportFrameRate(['24/1', '25/1'])).toBe('30/1');
    expect(exportFrameRate(['24/1', null])).toBe('30/1');
    expect(exportFrameRate(['120/1', '120/1'])).toBe('30/1');
    expect(exportFrameRate(['10/1'])).toBe('30/1');
    expect(exportFrameRate([])).toBe('30/1');
  });
});

/** A clip made by ffmpeg's test source: H.264 (x264 veryfast, with B-frames as the local video engine makes) in MP4, optionally with a sine tone. */
function makeClip(file: string, spec: { size?: string; fps?: number; seconds?: number; audio?: boolean; crf?: number }) {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i'];
  args.push(`testsrc2=size=${spec.size ?? '320x240'}:rate=${spec.fps ?? 24}:duration=${spec.seconds ?? 1}`);
  if (spec.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${spec.seconds ?? 1}`);
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(spec.crf ?? 23), '-pix_fmt', 'yuv420p');
  if (spec.audio) args.push('-c:a', 'aac', '-shortest');
  args.push(file);
  const r = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return file;
}

/** Every frame's timestamp of a file's video, and what ffmpeg says while decoding all of it. */
function decode(file: string) {
  const pts = spawnSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .map((l) => l.split(',')[0]?.trim())
    .filter((l): l is string => Boolean(l))
    .map(Number);
  const errors = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' }).stderr.trim();
  return { pts, errors };
}

describe('renderExportVideo joins matching clips without re-encoding', () => {
  it('clips already in the export’s format are joined as they are: every frame, evenly timed, with their sound; the same as a re-encode in length', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-join-'));
    try {
      const clips = [
        { path: makeClip(path.join(dir, 'a.mp4'), {}) },
        { path: makeClip(path.join(dir, 'b.mp4'), { audio: true }) },
        { path: makeClip(path.join(dir, 'c.mp4'), { seconds: 2 }) },
      ];
      const copied = await renderExportVideo({ clips, width: 320, height: 240, outputPath: path.join(dir, 'copy.mp4') });
      const encoded = await renderExportVideo({ clips, width: 320, height: 240, outputPath: path.join(dir, 'enc.mp4'), streamCopy: false });
      expect(copied.videoCopied).toBe(true);
      expect(encoded.videoCopied).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(['a.mp4', 'b.mp4', 'c.mp4', 'copy.mp4', 'enc.mp4']); // the clip list is gone

      for (const result of [copied, encoded]) {
        expect(result.frameRate).toBe('24/1');
        expect(result.segments.map((s) => s.frames)).toEqual([24, 24, 48]);
        expect(result.durationSeconds).toBeCloseTo(4, 1);
      }
      const out = await probeMedia(path.join(dir, 'copy.mp4'));
      expect(out).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac', frameRate: '24/1' });
      const { pts, errors } = decode(path.join(dir, 'copy.mp4'));
      expect(errors).toBe('');
      expect(pts).toHaveLength(96);
      expect(pts[0]).toBe(0);
      for (let i = 1; i < pts.length; i++) expect((pts[i] as number) - (pts[i - 1] as number)).toBeCloseTo(1 / 24, 3);
      // The second clip's tone is in the export where that clip plays, and silence around it.
      const loudness = (from: number, to: number) => {
        const r = spawnSync(
          'ffmpeg',
          [
            '-hide_banner',
            '-ss',
            String(from),
            '-t',
            String(to - from),
            '-i',
            path.join(dir, 'copy.mp4'),
            '-vn',
            '-af',
            'volumedetect',
            '-f',
            'null',
            '-',
          ],
          { encoding: 'utf8' },
        );
        return Number(/max_volume: (-?[\d.]+|-inf) dB/.exec(r.stderr)?.[1] ?? Number.NEGATIVE_INFINITY);
      };
      expect(loudness(1.1, 1.9)).toBeGreaterThan(-30);
      expect(loudness(0.1, 0.9)).toBeLessThan(-60);
      expect(loudness(2.2, 3.8)).toBeLessThan(-60);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('re-encodes when a clip is trimmed, another size or frame rate, or made with other encoder settings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-join-'));
    try {
      const base = makeClip(path.join(dir, 'a.mp4'), {});
      const same = makeClip(path.join(dir, 'b.mp4'), {});
      const big = makeClip(path.join(dir, 'big.mp4'), { size: '640x480' });
      const fast = makeClip(path.join(dir, 'fast.mp4'), { fps: 30 });
      const other = makeClip(path.join(dir, 'other.mp4'), { crf: 35 });
      const probes = await Promise.all([probeMedia(base), probeMedia(same), probeMedia(big), probeMedia(fast), probeMedia(other)]);
      const [pBase, pSame, pBig, pFast, pOther] = probes;
      const segment = (index: number, trim = 0) => ({
        index,
        sourceDuration: 1,
        startTrim: trim,
        endTrim: 0,
        seconds: 1 - trim,
        frames: Math.round((1 - trim) * 24),
        hasAudio: false,
      });
      const size = { width: 320, height: 240 };
      expect(canJoinWithoutEncoding([pBase, pSame], [segment(0), segment(1)], size, 24)).toBe(true);
      expect(canJoinWithoutEncoding([pBase, pSame], [segment(0), segment(1, 0.5)], size, 24)).toBe(false);
      expect(canJoinWithoutEncoding([pBase, pSame], [segment(0), segment(1)], { width: 640, height: 480 }, 24)).toBe(false);
      expect(canJoinWithoutEncoding([pBase, pBig], [segment(0), segment(1)], size, 24)).toBe(false);
      expect(canJoinWithoutEncoding([pBase, pFast], [segment(0), segment(1)], size, 24)).toBe(false);
      expect(canJoinWithoutEncoding([pBase, pOther], [segment(0), segment(1)], size, 24)).toBe(false);

      // Mixed clips through the renderer: re-encoded to the export's size and the common rate.
      const mixed = await renderExportVideo({
        clips: [{ path: base }, { path: big }, { path: fast }],
        width: 320,
        height: 240,
        outputPath: path.join(dir, 'mixed.mp4'),
      });
      expect(mixed.videoCopied).toBe(false);
      expect(mixed.frameRate).toBe('30/1');
      expect(decode(path.join(dir, 'mixed.mp4')).pts).toHaveLength(90);
      const trimmed = await renderExportVideo({
        clips: [{ path: base }, { path: same, startTrim: 0.5 }],
        width: 320,
        height: 240,
        outputPath: path.join(dir, 'trimmed.mp4'),
      });
      expect(trimmed.videoCopied).toBe(false);
      expect(decode(path.join(dir, 'trimmed.mp4')).pts).toHaveLength(36);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('crc32', () => {
  it('matches the standard check value and known vectors', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('buildZip', () => {
  it('writes a STORE archive that unzip reads back byte for byte, with UTF-8 names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-zip-'));
    try {
      const entries = [
        { name: '01-hero.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
        { name: 'texte/02-café.md', data: Buffer.from('# Café\n\nBonjour\n', 'utf8') },
        { name: 'empty.txt', data: Buffer.alloc(0) },
        { name: 'big.bin', data: Buffer.alloc(300_000, 7) },
      ];
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, buildZip(entries));
      const test = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
      expect(test.status, test.stdout + test.stderr).toBe(0);
      const out = path.join(dir, 'out');
      expect(spawnSync('unzip', ['-q', file, '-d', out]).status).toBe(0);
      for (const e of entries) expect(readFileSync(path.join(out, e.name)).equals(e.data)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses unsafe or duplicate names', () => {
    expect(() => buildZip([{ name: '../evil', data: Buffer.from('x') }])).toThrow(/Invalid/);
    expect(() => buildZip([{ name: '/abs', data: Buffer.from('x') }])).toThrow(/Invalid/);
    expect(() =>
      buildZip([
        { name: 'a', data: Buffer.from('x') },
        { name: 'a', data: Buffer.from('y') },
      ]),
    ).toThrow(/Duplicate/);
  });

  it('an empty archive is valid', () => {
    const zip = buildZip([]);
    expect(zip.length).toBe(22);
    expect(zip.readUInt32LE(0)).toBe(0x06054b50);
  });
});
