// bench/export: wall time of the export renderer on 3 × 5 s 720p clips, as a ratio of the
// media duration (realtime factor). Runs the renderer function directly (no queue, no
// database). Clips come from the local video engine when packages/ai provides it, else from
// ffmpeg's test source. Prints figures, asserts nothing.
// Run: node --import tsx bench/export.mjs   (or npm run bench -- export)
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeFile, renderExportVideo } from '../apps/worker/src/processors/export.render.ts';

const RUNS = 3;
const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-bench-export-'));

async function makeClips() {
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
    const file = path.join(dir, `clip-${i}.mp4`);
    if (renderVideo) {
      const r = await renderVideo({
        prompt: `bench clip ${i}: a lighthouse on a cliff`,
        durationSeconds: 5,
        aspectRatio: '16:9',
        resolution: '720p',
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
        `testsrc2=size=1280x720:rate=30:duration=5`,
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

try {
  const { clips, source } = await makeClips();
  const inputSeconds = (await Promise.all(clips.map((c) => probeFile(c.path)))).reduce((s, p) => s + p.durationSeconds, 0);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(`clips: 3 × 5 s 1280×720 from ${source} (${inputSeconds.toFixed(2)} s in total)`);

  const scenarios = [
    { name: 'untrimmed, 16:9 720p', width: 1280, height: 720, trims: [0, 0, 0] },
    { name: 'trimmed 0.5 s each end, 16:9 720p', width: 1280, height: 720, trims: [0.5, 0.5, 0.5] },
    { name: 'untrimmed, 9:16 720p (scale + pad)', width: 720, height: 1280, trims: [0, 0, 0] },
  ];
  for (const s of scenarios) {
    const walls = [];
    let media = 0;
    for (let run = 0; run < RUNS; run++) {
      const out = path.join(dir, `out-${run}.mp4`);
      const t0 = performance.now();
      const r = await renderExportVideo({
        clips: clips.map((c, i) => ({ ...c, startTrim: s.trims[i], endTrim: s.trims[i] })),
        width: s.width,
        height: s.height,
        outputPath: out,
      });
      walls.push((performance.now() - t0) / 1000);
      media = r.durationSeconds;
    }
    walls.sort((a, b) => a - b);
    const median = walls[Math.floor(walls.length / 2)];
    console.log(
      `${s.name}: media ${media.toFixed(2)} s, wall median ${median.toFixed(2)} s (best ${walls[0].toFixed(2)} s, ${RUNS} runs)` +
        ` → realtime factor ${(median / media).toFixed(2)} (wall ÷ media; ${(media / median).toFixed(2)}× faster than realtime)`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
