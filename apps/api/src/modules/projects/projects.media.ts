import { randomUUID } from 'node:crypto';
import { assertSafeKey, keyOwner, type MediaStorage, mimeForKey } from '@atelier/media';
import { AppError } from '@atelier/shared';

/** Decoded upload limit and pixel cap for clip images. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

const invalid = (field: string, message: string, code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' = 'VALIDATION') =>
  new AppError(code, message, { fields: [{ path: field, message }] });

/**
 * A media reference the client sent back: a storage key or one of our signed `/media/<key>?…`
 * URLs (what every response hands out). Only the user's own uploads and generations of the
 * wanted kind that exist in storage are accepted; anything else is a 400 naming the field.
 */
export async function ownMediaKey(
  storage: MediaStorage,
  userId: string,
  ref: string,
  field: string,
  kind: 'image' | 'audio' | 'video',
): Promise<string> {
  let key = ref.trim();
  try {
    if (/^https?:\/\//i.test(key)) key = new URL(key).pathname;
    key = key.split('?')[0] ?? '';
    if (key.startsWith('/media/')) key = decodeURIComponent(key.slice('/media/'.length));
    assertSafeKey(key);
  } catch {
    throw invalid(field, `${field} must be one of your uploads or generations`);
  }
  if (!(key.startsWith(`uploads/${userId}/`) || key.startsWith(`generations/${userId}/`))) {
    throw invalid(field, `${field} must be one of your uploads or generations`);
  }
  const mime = mimeForKey(key);
  if (!mime.startsWith(`${kind}/`) || key.includes('.thumb.')) throw invalid(field, `${field} must be ${kind === 'image' ? 'an' : 'a'} ${kind} file`);
  if (!(await storage.stat(key))) throw invalid(field, `${field} does not exist any more`);
  return key;
}

/** Sniffs the real type from the first bytes — never the name or the declared type. */
export function sniffImage(data: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Parses a base64 image (data URL or bare base64), without trusting its declared type. */
export function decodeImagePayload(payload: string, field: string): Buffer {
  const trimmed = payload.trim();
  const m = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i.exec(trimmed);
  const body = (m ? trimmed.slice(m[0].length) : trimmed).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw invalid(field, `${field} must be a base64 data URL of a PNG, JPEG or WebP image`);
  // The size cap is checked on the encoded length before decoding anything.
  if (Math.floor((body.length * 3) / 4) > MAX_IMAGE_BYTES) {
    throw invalid(field, `${field} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');
  }
  return Buffer.from(body, 'base64');
}

/**
 * Stores an uploaded image under a server-made key: type from magic bytes, pixel count capped,
 * re-encoded to PNG with sharp (metadata and anything hidden in the file are dropped).
 */
export async function storeUploadedImage(
  storage: MediaStorage,
  userId: string,
  payload: string,
  field: string,
): Promise<{ key: string; width: number; height: number; bytes: number }> {
  const data = decodeImagePayload(payload, field);
  if (!sniffImage(data)) throw invalid(field, `${field} must be a PNG, JPEG or WebP image`, 'UNSUPPORTED_MEDIA_TYPE');
  const { default: sharp } = await import('sharp');
  let png: Buffer;
  let info: { width: number; height: number };
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
      throw invalid(field, `${field} has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`, 'PAYLOAD_TOO_LARGE');
    }
    const out = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().png().toBuffer({ resolveWithObject: true });
    png = out.data;
    info = out.info;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw invalid(field, `${field} could not be read as an image`);
  }
  const key = `uploads/${userId}/${randomUUID()}.png`;
  await storage.put(key, png, 'image/png');
  return { key, width: info.width, height: info.height, bytes: png.length };
}

/**
 * Copies of other accounts' files into one user's own keys (`uploads/<userId>/…`), through
 * MediaStorage, for a copy that must not point at media it may lose access to (a duplicated
 * project). Keys the user already owns are kept; each key is copied once; `discard` removes the
 * copies again when what was to use them fails.
 */
export function ownCopies(storage: MediaStorage, userId: string) {
  const made = new Map<string, string>();
  return {
    async own(key: string | null | undefined): Promise<string | null> {
      if (!key) return null;
      if (keyOwner(key) === userId) return key;
      const known = made.get(key);
      if (known) return known;
      if (!(await storage.stat(key))) return null;
      const chunks: Buffer[] = [];
      for await (const c of storage.read(key)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
      // The same kind of file: `<id>.png`, `<id>.thumb.webp` (thumbnails stay marked as such).
      const suffix = /(\.thumb)?\.[a-z0-9]{1,5}$/i.exec(key)?.[0] ?? '';
      const copy = `uploads/${userId}/${randomUUID()}${suffix}`;
      await storage.put(copy, Buffer.concat(chunks), mimeForKey(key));
      made.set(key, copy);
      return copy;
    },
    async discard(): Promise<void> {
      for (const copy of made.values()) await storage.remove(copy).catch(() => {});
    },
  };
}
