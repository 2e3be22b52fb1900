import { localEngines } from '@atelier/ai';
import { type Db, DEMO_USER_ID } from '@atelier/db';
import { type MediaStorage, mimeForKey } from '@atelier/media';
import type { Logger } from 'pino';
import { analyseAudioFile, readAll, withTempFile } from '../sound-editor/sound-editor.media';
import { analyseVoice, decodeToPcm, toEspeak } from '../studios/voice.analysis';

/**
 * Every file the guest demo shows, rendered by the local engines into storage (through
 * MediaStorage, never the folder) in the seed step — so the demo is complete when `npm start`
 * prints its URL, and nothing renders when a guest reads. The seed rows name each file's key and
 * how to make it (a generation's model, prompt and parameters; an upload's recipe). Idempotent:
 * only what is missing from storage is rendered.
 */
export interface DemoMediaDeps {
  db: Db;
  storage: MediaStorage;
  log: Pick<Logger, 'info' | 'warn'>;
}

export interface DemoMediaReport {
  rendered: string[];
  /** Files already in storage whose facts (size, length, waveform) were measured for a new database. */
  measured: string[];
  failed: { key: string; error: string }[];
}

/** The demo avatar's photo: an illustrated face (the avatar engine animates its mouth). */
const DEMO_FACE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b9d7f0"/><stop offset="1" stop-color="#7fa7d6"/></linearGradient></defs>
  <rect width="768" height="768" fill="url(#bg)"/>
  <ellipse cx="384" cy="760" rx="280" ry="170" fill="#2f4a73"/>
  <rect x="338" y="540" width="92" height="110" rx="30" fill="#d99c7a"/>
  <ellipse cx="384" cy="380" rx="180" ry="222" fill="#f0c3a2"/>
  <path d="M196 372 Q190 140 384 138 Q578 140 572 372 Q540 222 384 214 Q228 222 196 372Z" fill="#4b2e1c"/>
  <ellipse cx="206" cy="400" rx="22" ry="40" fill="#e6b392"/><ellipse cx="562" cy="400" rx="22" ry="40" fill="#e6b392"/>
  <path d="M282 336 Q318 318 352 334" stroke="#4b2e1c" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M416 334 Q450 318 486 336" stroke="#4b2e1c" stroke-width="9" fill="none" stroke-linecap="round"/>
  <ellipse cx="318" cy="378" rx="24" ry="15" fill="#fff"/><circle cx="318" cy="378" r="10" fill="#2d1e12"/>
  <ellipse cx="450" cy="378" rx="24" ry="15" fill="#fff"/><circle cx="450" cy="378" r="10" fill="#2d1e12"/>
  <path d="M384 396 L368 462 Q384 470 398 462" stroke="#c98d6c" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M334 520 Q384 548 434 520" stroke="#b54c4a" stroke-width="11" fill="none" stroke-linecap="round"/>
</svg>`;

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

async function missing(storage: MediaStorage, ...keys: (string | null | undefined)[]): Promise<boolean> {
  for (const key of keys) if (key && !(await storage.stat(key))) return true;
  return false;
}

export async function seedDemoMedia(deps: DemoMediaDeps): Promise<DemoMediaReport> {
  const report: DemoMediaReport = { rendered: [], measured: [], failed: [] };
  const step = async (key: string, fn: () => Promise<void>, done: 'rendered' | 'measured' = 'rendered') => {
    try {
      await fn();
      report[done].push(key);
    } catch (e) {
      report.failed.push({ key, error: e instanceof Error ? e.message : String(e) });
      deps.log.warn({ key, err: String(e) }, 'a demo file could not be rendered');
    }
  };
  const { db, storage } = deps;
  const ai = await import('@atelier/ai');
  const { default: sharp } = await import('sharp');

  // 1. Uploads the demo's generations start from: the avatar's photo, the style transfer's source.
  for (const a of await db.selectFrom('avatars').select(['image_key']).where('user_id', '=', DEMO_USER_ID).execute()) {
    if (await missing(storage, a.image_key)) {
      await step(a.image_key, async () => {
        await storage.put(a.image_key, await sharp(Buffer.from(DEMO_FACE_SVG)).png().toBuffer(), 'image/png');
      });
    }
  }
  const generations = await db
    .selectFrom('generations')
    .select(['id', 'model_id', 'prompt', 'params', 'seed', 'metadata', 'output_url', 'thumbnail_url'])
    .where('user_id', '=', DEMO_USER_ID)
    .where('status', '=', 'COMPLETED')
    .where('output_url', 'is not', null)
    .orderBy('id')
    .execute();
  for (const g of generations) {
    const source = str(g.params.image);
    const sourcePrompt = str(g.params.sourcePrompt);
    if (source && sourcePrompt && (await missing(storage, source))) {
      await step(source, async () => {
        const img = await ai.renderImage({ prompt: sourcePrompt, seed: g.seed ?? 11, aspectRatio: '16:9', resolution: '720p' });
        await storage.put(source, img.data, 'image/png');
      });
    }
  }

  // 2. The image editor's demo asset.
  const assets = await db
    .selectFrom('image_assets')
    .select(['id', 'key', 'operation'])
    .where('user_id', '=', DEMO_USER_ID)
    .where('kind', '=', 'upload')
    .where('key', 'is not', null)
    .execute();
  for (const r of assets) {
    const demo = (r.operation as { demo?: { prompt?: string; seed?: number } } | null)?.demo;
    const key = r.key;
    if (!key || !demo?.prompt || !(await missing(storage, key))) continue;
    await step(key, async () => {
      const img = await ai.renderImage({ prompt: demo.prompt as string, seed: demo.seed ?? 1, aspectRatio: '16:9', resolution: '720p' });
      await storage.put(key, await sharp(img.data).png().toBuffer(), 'image/png');
    });
  }

  // 3. Every demo generation's output (and thumbnail), made by the engine of its model.
  const engines = await localEngines();
  const signal = new AbortController().signal;
  for (const g of generations) {
    const output = g.output_url as string;
    const thumb = g.thumbnail_url && g.thumbnail_url !== output ? g.thumbnail_url : null;
    if (!(await missing(storage, output, thumb))) {
      // Files kept from an earlier install (a new database, the same media): measure, don't re-render.
      if (g.metadata.bytes === undefined) await step(output, () => measureGeneration(deps, g.id, output, g.metadata), 'measured');
      continue;
    }
    await step(output, async () => {
      const engine = engines[g.model_id];
      if (!engine) throw new Error(`no local engine for ${g.model_id}`);
      const out = await engine({ modelId: g.model_id, prompt: g.prompt, params: g.params, seed: g.seed, storage, signal, onProgress: () => {} });
      if (!out.file) throw new Error(`${g.model_id} made no file`);
      await storage.put(output, out.file.data, out.file.mime);
      if (thumb) await storage.put(thumb, out.thumbnail?.data ?? (await sharp(out.file.data).resize({ width: 384 }).webp().toBuffer()), 'image/webp');
      await db
        .updateTable('generations')
        .set({ metadata: JSON.stringify({ ...g.metadata, ...out.metadata, demo: true, bytes: out.file.data.length }) })
        .where('id', '=', g.id)
        .execute();
    });
  }

  // 4. The demo's cloned voice: its sample spoken from the recipe, then analysed as an upload is.
  const voices = await db.selectFrom('voice_profiles').select(['id', 'sample_keys', 'settings']).where('user_id', '=', DEMO_USER_ID).execute();
  for (const v of voices) {
    const recipe = v.settings.recipe as Record<string, unknown> | undefined;
    const key = v.sample_keys[0];
    if (!recipe || !key || !(await missing(storage, key))) continue;
    await step(key, async () => {
      const speech = await ai.synthesizeSpeech({
        text: str(recipe.text) ?? 'Hello',
        voice: str(recipe.voice),
        speed: num(recipe.speed),
        format: 'mp3',
      });
      await storage.put(key, speech.data, 'audio/mpeg');
      const language = str(v.settings.language) ?? 'en-us';
      const analysis = analyseVoice([await decodeToPcm(speech.data)]);
      await db
        .updateTable('voice_profiles')
        .set({ settings: JSON.stringify({ ...toEspeak(analysis, language), language, ...analysis, recipe }) })
        .where('id', '=', v.id)
        .execute();
    });
  }

  // 5. The sound editor's sources, from their recipes; measured (length, waveform) as uploads are.
  const sources = await db.selectFrom('sound_sources').select(['id', 'media_key', 'metadata', 'peaks']).where('user_id', '=', DEMO_USER_ID).execute();
  const measureSource = async (id: string, data: Buffer) => {
    const facts = await withTempFile(data, 'mp3', analyseAudioFile);
    if (!facts) throw new Error('the demo audio could not be decoded');
    await db
      .updateTable('sound_sources')
      .set({ duration_seconds: facts.durationSeconds, peaks: JSON.stringify(facts.peaks), peaks_per_second: facts.peaksPerSecond })
      .where('id', '=', id)
      .execute();
  };
  for (const s of sources) {
    const recipe = s.metadata?.recipe as Record<string, unknown> | undefined;
    if (!recipe) continue;
    if (!(await missing(storage, s.media_key))) {
      if (!Array.isArray(s.peaks) || s.peaks.length === 0)
        await step(s.media_key, async () => measureSource(s.id, await readAll(storage, s.media_key)), 'measured');
      continue;
    }
    await step(s.media_key, async () => {
      const result =
        recipe.engine === 'speech'
          ? await ai.synthesizeSpeech({ text: str(recipe.text) ?? 'Hello', voice: str(recipe.voice), speed: num(recipe.speed), format: 'mp3' })
          : await ai.synthesizeMusic({
              prompt: str(recipe.prompt),
              genre: str(recipe.genre),
              mood: str(recipe.mood),
              durationSeconds: num(recipe.durationSeconds),
              seed: num(recipe.seed),
              format: 'mp3',
            });
      await storage.put(s.media_key, result.data, 'audio/mpeg');
      await measureSource(s.id, result.data);
    });
  }
  return report;
}

/** A kept file's facts (size, pixels, length), as rendering would have recorded them. */
async function measureGeneration(deps: DemoMediaDeps, id: string, key: string, metadata: Record<string, unknown>): Promise<void> {
  const data = await readAll(deps.storage, key);
  const facts: Record<string, unknown> = { bytes: data.length };
  if (mimeForKey(key).startsWith('image/')) {
    const { default: sharp } = await import('sharp');
    const m = await sharp(data).metadata();
    Object.assign(facts, { width: m.width, height: m.height });
  } else {
    const { probeMedia } = await import('@atelier/ai');
    const p = await probeMedia(data);
    Object.assign(facts, { durationSeconds: p.durationSeconds, ...(p.width ? { width: p.width, height: p.height } : {}) });
  }
  await deps.db
    .updateTable('generations')
    .set({ metadata: JSON.stringify({ ...metadata, ...facts, demo: true }) })
    .where('id', '=', id)
    .execute();
}

/** Whether every file the demo shows is in storage (what the seed promises); lists the missing keys. */
export async function missingDemoMedia(deps: Pick<DemoMediaDeps, 'db' | 'storage'>): Promise<string[]> {
  const { db, storage } = deps;
  const keys = new Set<string>();
  const gens = await db
    .selectFrom('generations')
    .select(['output_url', 'thumbnail_url', 'params'])
    .where('user_id', '=', DEMO_USER_ID)
    .where('status', '=', 'COMPLETED')
    .execute();
  for (const g of gens) {
    for (const k of [g.output_url, g.thumbnail_url, str(g.params.image)]) if (k) keys.add(k);
  }
  for (const a of await db.selectFrom('avatars').select('image_key').where('user_id', '=', DEMO_USER_ID).execute()) keys.add(a.image_key);
  for (const a of await db.selectFrom('image_assets').select('key').where('user_id', '=', DEMO_USER_ID).execute()) if (a.key) keys.add(a.key);
  for (const s of await db.selectFrom('sound_sources').select('media_key').where('user_id', '=', DEMO_USER_ID).execute()) keys.add(s.media_key);
  for (const v of await db.selectFrom('voice_profiles').select('sample_keys').where('user_id', '=', DEMO_USER_ID).execute()) {
    for (const k of v.sample_keys) keys.add(k);
  }
  const out: string[] = [];
  for (const k of [...keys].sort()) if (!(await storage.stat(k))) out.push(k);
  return out;
}
