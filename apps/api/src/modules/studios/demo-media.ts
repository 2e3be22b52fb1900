import { DEMO_USER_ID } from '@atelier/db';
import type { Context } from '../../context';

type Deps = Pick<Context, 'db' | 'storage' | 'log'>;

/**
 * The demo workspace's avatar and studio results are seeded without media (the seed has no
 * storage). The first guest read renders whatever is missing with the local engines, once per
 * process and kind, so guests see a real avatar, look, talking video and style transfer.
 */
const inflight = new WeakMap<object, Map<string, Promise<void>>>();

function once(deps: Deps, kind: string, fn: () => Promise<void>): Promise<void> {
  let byKind = inflight.get(deps.storage);
  if (!byKind) {
    byKind = new Map();
    inflight.set(deps.storage, byKind);
  }
  let p = byKind.get(kind);
  if (!p) {
    p = fn().catch((e: unknown) => {
      deps.log.warn({ err: String(e), kind }, 'demo studio media could not be rendered');
    });
    byKind.set(kind, p);
    // Rows that are still missing media afterwards (e.g. a failure) are retried on a later read.
    void p.then(() => byKind?.delete(kind));
  }
  return p;
}

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

async function readAll(deps: Deps, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of deps.storage.read(key)) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function webpThumb(data: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(data).resize({ width: 384, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

async function putThumb(deps: Deps, key: string | null, image: Buffer) {
  if (key && !(await deps.storage.stat(key))) await deps.storage.put(key, await webpThumb(image), 'image/webp');
}

/** The demo avatars' photos. */
export function ensureDemoAvatars(deps: Deps): Promise<void> {
  return once(deps, 'avatars', async () => {
    const rows = await deps.db.selectFrom('avatars').select(['image_key']).where('user_id', '=', DEMO_USER_ID).execute();
    for (const r of rows) {
      if (await deps.storage.stat(r.image_key)) continue;
      const { default: sharp } = await import('sharp');
      await deps.storage.put(r.image_key, await sharp(Buffer.from(DEMO_FACE_SVG)).png().toBuffer(), 'image/png');
    }
  });
}

type Row = {
  id: string;
  model_id: string;
  prompt: string;
  output_url: string | null;
  thumbnail_url: string | null;
  params: Record<string, unknown>;
  seed: number | null;
};

async function missing(deps: Deps, models: string[]): Promise<Row[]> {
  const rows = await deps.db
    .selectFrom('generations')
    .select(['id', 'model_id', 'prompt', 'output_url', 'thumbnail_url', 'params', 'seed'])
    .where('user_id', '=', DEMO_USER_ID)
    .where('model_id', 'in', models)
    .where('status', '=', 'COMPLETED')
    .execute();
  const out: Row[] = [];
  for (const r of rows) if (r.output_url && !(await deps.storage.stat(r.output_url))) out.push(r as Row);
  return out;
}

/** The demo avatar's looks and talking video. */
export function ensureDemoAvatarTakes(deps: Deps): Promise<void> {
  return once(deps, 'avatar-takes', async () => {
    await ensureDemoAvatars(deps);
    const ai = await import('@atelier/ai');
    for (const r of await missing(deps, ['local/avatar-variation', 'local/avatar'])) {
      const imageKey = String(r.params.image ?? '');
      if (!r.output_url || !imageKey || !(await deps.storage.stat(imageKey))) continue;
      const photo = await readAll(deps, imageKey);
      if (r.model_id === 'local/avatar-variation') {
        const look = await ai.stylizeVariation({ image: photo, prompt: r.prompt, seed: r.seed ?? 7 });
        await deps.storage.put(r.output_url, look.data, 'image/png');
        await putThumb(deps, r.thumbnail_url, look.data);
      } else {
        const voice = typeof r.params.voiceId === 'string' ? r.params.voiceId : 'en-us+f3';
        const video = await ai.animateAvatar({ image: photo, text: r.prompt, voice });
        await deps.storage.put(r.output_url, video.data, 'video/mp4');
        await putThumb(deps, r.thumbnail_url, video.thumbnail);
        await deps.db
          .updateTable('generations')
          .set({ metadata: JSON.stringify({ ...video.metadata, demo: true, bytes: video.data.length }) })
          .where('id', '=', r.id)
          .execute();
      }
    }
  });
}

/** The demo style transfer's source image and result. */
export function ensureDemoStyleTransfers(deps: Deps): Promise<void> {
  return once(deps, 'style-transfers', async () => {
    const ai = await import('@atelier/ai');
    for (const r of await missing(deps, ['local/style-transfer'])) {
      const sourceKey = String(r.params.image ?? '');
      if (!r.output_url || !sourceKey || !ai.isLocalStyle(r.params.style)) continue;
      if (!(await deps.storage.stat(sourceKey))) {
        const prompt = typeof r.params.sourcePrompt === 'string' ? r.params.sourcePrompt : 'a quiet harbour at sunset';
        const img = await ai.renderImage({ prompt, seed: r.seed ?? 11, aspectRatio: '16:9', resolution: '720p' });
        await deps.storage.put(sourceKey, img.data, 'image/png');
      }
      const styled = await ai.applyStyle({
        image: await readAll(deps, sourceKey),
        style: r.params.style,
        strength: typeof r.params.strength === 'number' ? r.params.strength : 100,
        seed: r.seed ?? 11,
      });
      await deps.storage.put(r.output_url, styled.data, 'image/png');
      await putThumb(deps, r.thumbnail_url, styled.data);
    }
  });
}
