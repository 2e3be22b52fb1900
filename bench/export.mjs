// bench/export: wall time of the export renderer on 3 × 5 s clips at 720p (goal: ≥ 6× faster than
// realtime) and at 1080p (printed), as a ratio of the media duration (realtime factor). Runs the renderer function directly (no queue, no
// database). Clips come from the local video engine when packages/ai provides it, else from
// ffmpeg's test source. Clips already in the export's format are joined without re-encoding (the
// renderer's default); the `streamCopy: false` rows force the re-encode on the same clips, so both
// speeds show. Prints figures, asserts nothing.
// Run: node --import tsx bench/export.mjs   (or npm run bench -- export)
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeMedia } from '@atelier/ai';
import { renderExportVideo } from '../apps/worker/src/processors/export.render.ts';

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-bench-export-'));

async function makeClips(resolution) {
  const [w, h] = resolution === '1080p' ? [1920, 1080] : [1280, 720];
  const clips = [];
  let source = 'ffmpeg testsrc2';
  let renderVideo = null;
  for (const spec of ['@atelier/ai', '@atelier/ai/video']) {
    try {
      ({ renderVideo } = await import(spec));
      if (renderVideo) break;
    } catch {
      renderVideo = null;
    }
  }
  for (let i = 0; i < 3; i++) {
    const file = path.join(dir, `clip-${resolution}-${i}.mp4`);
    if (renderVideo) {
      const r = await renderVideo({
        prompt: `bench clip ${i}: a lighthouse on a cliff`,
        durationSeconds: 5,
        aspectRatio: '16:9',
        resolution,
        seed: i + 1,
      });
      await writeFile(file, r.data);
      source = 'local video engine (packages/ai renderVideo)';
    } else {
      const r = spawnSync('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${w}x${h}:rate=30:duration=5`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${220 * (i + 1)}:duration=5`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        file,
      ]);
      if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
    }
    clips.push({ path: file, startTrim: 0, endTrim: 0 });
  }
  return { clips, source };
}

const rows = [];
async function bench(resolution, scenarios) {
  const { clips, source } = await makeClips(resolution);
  const inputSeconds = (await Promise.all(clips.map((c) => probeMedia(c.path)))).reduce((s, p) => s + p.durationSeconds, 0);
  console.log(`clips: 3 × 5 s ${resolution} from ${source} (${inputSeconds.toFixed(2)} s in total)`);
  for (const s of scenarios) {
    const walls = [];
    let media = 0;
    let copied = false;
    for (let run = 0; run < RUNS; run++) {
      const out = path.join(dir, `out-${run}.mp4`);
      const t0 = performance.now();
      const r = await renderExportVideo({
        clips: clips.map((c, i) => ({ ...c, startTrim: s.trims[i], endTrim: s.trims[i] })),
        width: s.width,
        height: s.height,
        outputPath: out,
        streamCopy: s.streamCopy,
      });
      copied = r.videoCopied;
      walls.push((performance.now() - t0) / 1000);
      media = r.durationSeconds;
    }
    walls.sort((a, b) => a - b);
    const median = walls[Math.floor(walls.length / 2)];
    const speed = media / median;
    const name = `${s.name}${copied ? ' — video joined as it is' : ' — re-encoded'}`;
    console.log(
      `${name}: media ${media.toFixed(2)} s, wall median ${median.toFixed(2)} s (best ${walls[0].toFixed(2)} s, ${RUNS} runs)` +
        ` → ${speed.toFixed(2)}× realtime (wall ÷ media ${(median / media).toFixed(3)})`,
    );
    rows.push({ name, speed, goal: s.goal });
  }
}

try {
  console.log(
    `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await bench('720p', [
    { name: 'untrimmed, 16:9 720p', width: 1280, height: 720, trims: [0, 0, 0], goal: 6 },
    { name: 'untrimmed, 16:9 720p, streamCopy: false', width: 1280, height: 720, trims: [0, 0, 0], streamCopy: false },
    { name: 'trimmed 0.5 s each end, 16:9 720p', width: 1280, height: 720, trims: [0.5, 0.5, 0.5] },
    { name: 'untrimmed, 9:16 720p (scale + pad)', width: 720, height: 1280, trims: [0, 0, 0] },
  ]);
  await bench('1080p', [
    { name: 'untrimmed, 16:9 1080p', width: 1920, height: 1080, trims: [0, 0, 0] },
    { name: 'untrimmed, 16:9 1080p, streamCopy: false', width: 1920, height: 1080, trims: [0, 0, 0], streamCopy: false },
  ]);
  console.log('');
  console.log('| figure | ours | floor | ratio | goal | met |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| export 3 × 5 s, ${r.name} | ${r.speed.toFixed(2)}× realtime | realtime (1×) | ${r.speed.toFixed(2)}× | ${r.goal ? `≥ ${r.goal}×` : 'printed'} | ${r.goal ? (r.speed >= r.goal ? 'yes' : 'NO') : '—'} |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
