import { describe, expect, it } from 'vitest';
import { decodeImagePayload, MAX_IMAGE_BYTES, sniffImage } from './projects.media';

describe('sniffImage', () => {
  it('knows PNG, JPEG and WebP by their first bytes, nothing else', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('decodeImagePayload', () => {
  it('takes a data URL or bare base64 and ignores the declared type', () => {
    expect(decodeImagePayload('data:image/gif;base64,aGVsbG8=', 'image').toString()).toBe('hello');
    expect(decodeImagePayload('aGVs\nbG8=', 'image').toString()).toBe('hello');
  });

  it('refuses non-base64 and oversize payloads before decoding, naming the field', () => {
    expect(() => decodeImagePayload('data:image/png;base64,***', 'image')).toThrow(/image must be a base64/);
    const big = 'A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8);
    try {
      decodeImagePayload(big, 'image');
      throw new Error('should have thrown');
    } catch (e) {
      expect((e as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      expect((e as { fields: { path: string }[] }).fields[0]?.path).toBe('image');
    }
  });
});
