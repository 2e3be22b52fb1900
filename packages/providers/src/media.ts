import { type Downloaded, downloadMedia, expectMedia } from './download';
import { ProviderError } from './errors';
import type { MediaKind, ProviderLimits, ProviderOptions } from './types';

/** What adapters share: the limits and a downloader bound to them. */
export interface AdapterContext {
  limits: ProviderLimits;
  download(url: string, kind: MediaKind, signal: AbortSignal, provider: string): Promise<Downloaded>;
}

export function createAdapterContext(limits: ProviderLimits, options: ProviderOptions = {}): AdapterContext {
  return {
    limits,
    download: (url, kind, signal, provider) =>
      downloadMedia(url, {
        kind,
        provider,
        signal,
        maxBytes: limits.maxBytes[kind],
        timeoutMs: limits.downloadTimeoutMs,
        ...(options.downloadAllowHosts ? { allowHosts: options.downloadAllowHosts } : {}),
        ...(options.lookup ? { lookup: options.lookup } : {}),
      }),
  };
}

/**
 * An image from a provider, checked: a format we serve (by its bytes), decodable, with a small
 * WebP thumbnail like the local engine makes. sharp loads on first use (the api never needs it).
 */
export async function imageOutput(provider: string, data: Buffer) {
  const type = expectMedia(provider, 'image', data);
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  let thumbnail: Buffer;
  try {
    const meta = await sharp(data).metadata();
    width = meta.width;
    height = meta.height;
    thumbnail = await sharp(data).resize({ width: 384, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  } catch {
    throw new ProviderError(provider, 'malformed', `${provider} returned an image that could not be decoded`);
  }
  return {
    file: { data, ext: type.ext, mime: type.mime },
    thumbnail: { data: thumbnail, ext: 'webp' },
    width,
    height,
  };
}

/** Audio or video bytes from a provider, checked by their signature. */
export function mediaOutput(provider: string, kind: 'audio' | 'video', data: Buffer) {
  if (!data.length) throw new ProviderError(provider, 'malformed', `${provider} returned an empty file`);
  const type = expectMedia(provider, kind, data);
  return { file: { data, ext: type.ext, mime: type.mime } };
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}
