import { AppError } from '@atelier/shared';
import type { Context } from '../../context';
import { listModels } from '../generation/catalogue.service';
import * as generation from '../generation/generation.service';
import { ownMediaKey, storeUploadedImage } from '../projects/projects.media';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type UserCtx = Deps & { user: { id: string }; req?: Context['req'] };

export const STYLE_TRANSFER_MODEL = 'local/style-transfer';
/** Hosted image-to-image models that repaint an image as a prompt describes (used when their provider is configured). */
export const HOSTED_STYLE_MODELS = ['replicate/sdxl-style'];

/** How each style is described to a hosted image-to-image model. */
const STYLE_PROMPTS: Record<string, string> = {
  sketch: 'a detailed graphite pencil sketch on warm paper, cross-hatching, hand-drawn lines',
  watercolour: 'a watercolour painting, soft washes of colour, pigment pooling at the edges, paper texture',
  'pop-art': 'a bold pop art screen print in the style of the 1960s, flat bright colours, halftone dots',
  duotone: 'a striking duotone poster, deep navy shadows and coral highlights, high contrast',
  vintage: 'a faded vintage photograph from the 1950s, sepia tones, film grain, soft vignette',
  'pixel-art': '16-bit pixel art, chunky pixels, limited colour palette, retro video game',
};

/** The models that can run a style transfer, with their availability and price. */
export async function styleModels(deps: Pick<Deps, 'db' | 'env'>) {
  const models = await listModels(deps);
  return [STYLE_TRANSFER_MODEL, ...HOSTED_STYLE_MODELS]
    .map((id) => models.find((m) => m.id === id))
    .filter((m): m is NonNullable<typeof m> => Boolean(m))
    .map((m) => ({
      id: m.id,
      name: m.name,
      provider: m.provider,
      isLocal: m.isLocal,
      credits: m.credits,
      available: m.available,
      unavailableReason: m.unavailableReason,
    }));
}

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: [{ path: field, message }] });

export async function listStyles() {
  const { LOCAL_STYLES } = await import('@atelier/ai');
  return LOCAL_STYLES.map((s) => ({ id: s.id, name: s.name, description: s.description, provider: 'local', model: STYLE_TRANSFER_MODEL }));
}

/** The content image: a fresh upload (data URL, sniffed, re-encoded) or one of the user's own images; at most 16 megapixels. */
async function contentImage(ctx: UserCtx, ref: string): Promise<{ key: string; uploaded: boolean }> {
  const { MAX_STYLE_PIXELS } = await import('@atelier/ai');
  let key: string;
  let uploaded = false;
  let size: { width: number; height: number };
  if (/^data:/i.test(ref.trim())) {
    const stored = await storeUploadedImage(ctx.storage, ctx.user.id, ref, 'image');
    key = stored.key;
    uploaded = true;
    size = stored;
  } else {
    key = await ownMediaKey(ctx.storage, ctx.user.id, ref, 'image', 'image');
    const chunks: Buffer[] = [];
    for await (const c of ctx.storage.read(key)) chunks.push(Buffer.from(c as Buffer));
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.concat(chunks), { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw invalid('image', 'image could not be read as an image');
    size = { width: meta.width, height: meta.height };
  }
  if (size.width * size.height > MAX_STYLE_PIXELS) {
    if (uploaded) await ctx.storage.remove(key).catch(() => undefined);
    throw invalid('image', `image must be at most ${MAX_STYLE_PIXELS / 1_000_000} megapixels for style transfer`);
  }
  return { key, uploaded };
}

/** Runs a local style on an image: an image generation (charged, queued, refunded on failure). */
export async function run(
  ctx: UserCtx,
  input: {
    image: string;
    style: string;
    strength: number;
    model?: string | undefined;
    seed?: number | undefined;
    idempotencyKey?: string | undefined;
  },
) {
  const model = input.model ?? STYLE_TRANSFER_MODEL;
  if (model !== STYLE_TRANSFER_MODEL && !HOSTED_STYLE_MODELS.includes(model)) {
    throw invalid('model', `model must be one of ${[STYLE_TRANSFER_MODEL, ...HOSTED_STYLE_MODELS].join(', ')}`);
  }
  const hosted = model !== STYLE_TRANSFER_MODEL;
  if (hosted && input.strength < 5) throw invalid('strength', 'strength must be at least 5 with a hosted model');
  const { isLocalStyle, LOCAL_STYLES } = await import('@atelier/ai');
  if (!isLocalStyle(input.style)) throw invalid('style', `Unknown style: ${input.style}. Choose one of ${LOCAL_STYLES.map((s) => s.id).join(', ')}`);
  const style = LOCAL_STYLES.find((s) => s.id === input.style);
  const image = await contentImage(ctx, input.image);
  try {
    const res = await generation.generate(
      ctx,
      {
        prompt: hosted
          ? (STYLE_PROMPTS[input.style] ?? `${style?.name ?? input.style} style`)
          : `${style?.name ?? input.style} style, strength ${input.strength}`,
        type: 'image',
        model,
        image: image.key,
        ...(input.seed !== undefined ? { seed: input.seed } : {}),
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      },
      { params: { style: input.style, strength: input.strength } },
    );
    // A replayed request keeps the first request's image.
    if (res.replayed && image.uploaded) await ctx.storage.remove(image.key).catch(() => undefined);
    return res;
  } catch (e) {
    // Nothing was created: do not keep the upload.
    if (image.uploaded) await ctx.storage.remove(image.key).catch(() => undefined);
    throw e;
  }
}

/** The user's style transfers, newest first (guests read the demo workspace's). */
export async function results(ctx: Pick<Deps, 'db' | 'media'>, viewerId: string, limit: number) {
  const rows = await ctx.db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', viewerId)
    .where('model_id', 'in', [STYLE_TRANSFER_MODEL, ...HOSTED_STYLE_MODELS])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...generation.toGeneration(ctx, r), sourceUrl: ctx.media.url(String(r.params.image ?? '')) ?? null }));
}
