import type { MediaStorage } from '@atelier/media';

/**
 * The engine contract every generation runs through: the local engines below and the hosted
 * providers' (packages/providers) alike. The worker picks one by model id.
 */

/** What a generation engine gets: the stored generation's prompt and parameters. */
export interface EngineInput {
  modelId: string;
  prompt: string;
  params: Record<string, unknown>;
  seed: number | null;
  /** Reads the inputs a generation names (an uploaded image, a reference track). */
  storage: Pick<MediaStorage, 'read'>;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
  /**
   * The provider-side job (e.g. a Replicate prediction) of this generation: the id a previous
   * attempt started, if any, and how to record a new one — so a retry after a worker crash
   * picks the running job up again instead of starting (and paying for) another.
   */
  providerJob?: { previousId: string | null; remember: (id: string) => Promise<void> };
}

export interface EngineOutput {
  /** Binary output (image, audio, video) with its extension; absent for text. */
  file?: { data: Buffer; ext: string; mime: string };
  thumbnail?: { data: Buffer; ext: string };
  text?: string;
  metadata: Record<string, unknown>;
  seed?: number | null;
  providerCostUsd?: number;
  providerRequestId?: string | null;
  modelVersion?: string | null;
}

export type Engine = (input: EngineInput) => Promise<EngineOutput>;

/**
 * The engine for a catalogue id: its own, else its provider's (`comfyui/*`, `ollama/*` serve every
 * model whose list comes from the provider's server).
 */
export function engineFor(engines: Record<string, Engine>, modelId: string): Engine | undefined {
  const own = engines[modelId];
  if (own) return own;
  const slash = modelId.indexOf('/');
  return slash > 0 ? engines[`${modelId.slice(0, slash)}/*`] : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/** The local engines, keyed by model id. Hosted providers register theirs beside these. */
export async function localEngines(): Promise<Record<string, Engine>> {
  const ai = await import('./index');
  const { default: sharp } = await import('sharp');
  const thumb = async (data: Buffer) => ({
    data: await sharp(data).resize({ width: 384, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    ext: 'webp',
  });

  return {
    'local/image': async ({ prompt, params, seed, signal, onProgress }) => {
      const r = await ai.renderImage({
        prompt,
        seed: seed ?? undefined,
        aspectRatio: (str(params.aspectRatio) ?? '1:1') as 'ratio' & never,
        resolution: (str(params.resolution) ?? '720p') as never,
        negativePrompt: str(params.negativePrompt),
        signal,
        onProgress,
      });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        thumbnail: await thumb(r.data),
        metadata: { ...r.metadata, width: r.width, height: r.height },
        seed: Number(r.metadata.seed ?? seed),
      };
    },
    'local/video': async ({ prompt, params, seed, storage, signal, onProgress }) => {
      const imageKey = str(params.image);
      const image = imageKey ? await readAll(storage.read(imageKey)) : undefined;
      const r = await ai.renderVideo({
        prompt,
        ...(image ? { image } : {}),
        durationSeconds: num(params.duration) ?? 5,
        aspectRatio: (str(params.aspectRatio) ?? '16:9') as never,
        resolution: (str(params.resolution) ?? '720p') as never,
        seed: seed ?? undefined,
        signal,
        onProgress,
      });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        ...(r.thumbnail ? { thumbnail: await thumb(r.thumbnail) } : {}),
        metadata: { ...r.metadata, width: r.width, height: r.height, durationSeconds: r.durationSeconds },
        seed: Number(r.metadata.seed ?? seed),
      };
    },
    'local/speech': async ({ prompt, params, signal, onProgress }) => {
      const r = await ai.synthesizeSpeech({
        text: prompt,
        voice: str(params.voiceId),
        speed: num(params.speed),
        pitch: num(params.pitch),
        language: str(params.language),
        format: 'mp3',
        signal,
        onProgress,
      });
      return { file: { data: r.data, ext: r.ext, mime: r.mime }, metadata: { ...r.metadata, durationSeconds: r.durationSeconds } };
    },
    'local/music': async ({ prompt, params, seed, storage, signal, onProgress }) => {
      // A reference track lends its tempo and key (unless set) and its loudness contour.
      const referenceKey = str(params.referenceAudio);
      const reference = referenceKey ? await ai.analyseReference(await readAll(storage.read(referenceKey)), signal) : undefined;
      const r = await ai.synthesizeMusic({
        ...(reference ? { reference } : {}),
        prompt,
        durationSeconds: num(params.duration) ?? 15,
        bpm: num(params.bpm),
        key: str(params.key),
        genre: str(params.genre),
        mood: str(params.mood),
        seed: seed ?? undefined,
        format: 'mp3',
        signal,
        onProgress,
      });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        metadata: { ...r.metadata, durationSeconds: r.durationSeconds },
        seed: Number(r.metadata.seed ?? seed),
      };
    },
    // Style transfer: params.image (an upload or generation of the user), params.style, params.strength 0–100.
    'local/style-transfer': async ({ params, seed, storage, signal, onProgress }) => {
      const imageKey = str(params.image);
      if (!imageKey) throw new Error('Style transfer needs an image');
      const style = str(params.style);
      if (!ai.isLocalStyle(style)) throw new Error(`Unknown style: ${String(params.style)}`);
      const r = await ai.applyStyle({
        image: await readAll(storage.read(imageKey)),
        style,
        strength: num(params.strength) ?? 100,
        seed: seed ?? undefined,
        signal,
        onProgress,
      });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        thumbnail: await thumb(r.data),
        metadata: { ...r.metadata, sourceImage: imageKey },
        seed: Number(r.metadata.seed ?? seed),
      };
    },
    // An avatar variation: the avatar photo (params.image) restyled as the prompt asks.
    'local/avatar-variation': async ({ prompt, params, seed, storage, signal, onProgress }) => {
      const imageKey = str(params.image);
      if (!imageKey) throw new Error('An avatar variation needs the avatar photo');
      const r = await ai.stylizeVariation({ image: await readAll(storage.read(imageKey)), prompt, seed: seed ?? undefined, signal, onProgress });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        thumbnail: await thumb(r.data),
        metadata: { ...r.metadata, avatarId: params.avatarId ?? null },
        seed: Number(r.metadata.seed ?? seed),
      };
    },
    // A talking avatar: the prompt is the script, spoken with params.voiceId/speed/pitch over the photo in params.image.
    'local/avatar': async ({ prompt, params, storage, signal, onProgress }) => {
      const imageKey = str(params.image);
      if (!imageKey) throw new Error('A talking avatar needs the avatar photo');
      const r = await ai.animateAvatar({
        image: await readAll(storage.read(imageKey)),
        text: prompt,
        voice: str(params.voiceId),
        speed: num(params.speed),
        pitch: num(params.pitch),
        language: str(params.language),
        signal,
        onProgress,
      });
      return {
        file: { data: r.data, ext: r.ext, mime: r.mime },
        thumbnail: await thumb(r.thumbnail),
        metadata: { ...r.metadata, avatarId: params.avatarId ?? null },
      };
    },
    'local/text': async ({ prompt, onProgress }) => {
      onProgress(10);
      const r = await ai.draftText({ prompt, kind: 'general' });
      onProgress(100);
      return { text: r.text, metadata: r.metadata };
    },
    // The short form of the draft writer (catalogue `local/text-brief`).
    'local/text-brief': async ({ prompt, onProgress }) => {
      onProgress(10);
      const r = await ai.draftText({ prompt, kind: 'general', maxWords: 120 });
      onProgress(100);
      return { text: r.text, metadata: { ...r.metadata, model: 'local/text-brief' } };
    },
  };
}
