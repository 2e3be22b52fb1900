import { describe, expect, it } from 'vitest';
import { decodeGrant, downloadFileName, encodeGrant, type MediaGrant, MediaSigner } from './index';

const signer = new MediaSigner('s'.repeat(40), 3600, 'https://atelier.example');
const USER = '11111111-1111-4111-8111-111111111111';
const PROJECT = '22222222-2222-4222-8222-222222222222';
const KEY = `generations/${USER}/33333333-3333-4333-8333-333333333333.png`;

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as Record<string, string>;

describe('MediaSigner', () => {
  it('signs private URLs with an expiry and a grant, and verifies them until they expire', () => {
    const now = Date.UTC(2026, 0, 1);
    const url = signer.for({ kind: 'user', userId: USER }).url(KEY, { now }) as string;
    expect(url).toMatch(new RegExp(`^/media/${KEY}\\?exp=\\d+&g=u\\.${USER}&sig=`));
    const q = query(url);
    expect(signer.verify(KEY, q, now)).toEqual({
      key: KEY,
      grant: { kind: 'user', userId: USER },
      fileName: KEY.split('/').pop(),
      expiresAt: Number(q.exp),
    });
    expect(signer.verify(KEY, q, (Number(q.exp) + 1) * 1000)).toBeNull();
  });

  it('gives stable public URLs (absolute, no expiry) to share links and articles', () => {
    for (const grant of [
      { kind: 'share', linkId: PROJECT },
      { kind: 'article', articleId: PROJECT },
    ] as MediaGrant[]) {
      const url = signer.for(grant).url(KEY, { name: 'Hero image' }) as string;
      expect(url.startsWith(`https://atelier.example/media/${KEY}?g=`)).toBe(true);
      expect(url).not.toContain('exp=');
      expect(signer.verify(KEY, query(url), Date.UTC(2100, 0, 1))).toMatchObject({ grant, fileName: 'hero-image.png', expiresAt: null });
    }
  });

  it('refuses a URL whose key, grant, name or expiry was changed, or that lacks a grant', () => {
    const media = signer.for({ kind: 'user', userId: USER }).forProject(PROJECT);
    const q = query(media.url(KEY, { name: 'Poster v1' }) as string);
    expect(q.g).toBe(`p.${PROJECT}.${USER}`);
    expect(q.n).toBe('poster-v1.png');
    expect(signer.verify(KEY, q)).not.toBeNull();
    expect(signer.verify(KEY.replace('.png', '.webp'), q)).toBeNull();
    expect(signer.verify(KEY, { ...q, g: `p.${PROJECT}.${PROJECT}` })).toBeNull();
    expect(signer.verify(KEY, { ...q, g: `u.${USER}` })).toBeNull();
    expect(signer.verify(KEY, { ...q, n: 'other.png' })).toBeNull();
    expect(signer.verify(KEY, { ...q, n: '../evil.html' })).toBeNull();
    expect(signer.verify(KEY, { ...q, exp: String(Number(q.exp) + 3600) })).toBeNull();
    const { g: _g, ...noGrant } = q;
    expect(signer.verify(KEY, noGrant)).toBeNull();
    expect(signer.verify(KEY, { ...q, exp: undefined as unknown as string })).toBeNull();
    expect(new MediaSigner('t'.repeat(40), 3600).verify(KEY, q)).toBeNull();
  });

  it('encodes and decodes grants, rejecting anything else', () => {
    for (const g of [
      { kind: 'user', userId: USER },
      { kind: 'project', projectId: PROJECT, userId: USER },
      { kind: 'share', linkId: PROJECT },
      { kind: 'article', articleId: PROJECT },
    ] as MediaGrant[]) {
      expect(decodeGrant(encodeGrant(g))).toEqual(g);
    }
    for (const bad of ['', 'x.1', 'u.', 'p.only', 'u.a b', 'u.../x', undefined]) expect(decodeGrant(bad)).toBeNull();
  });
});

describe('downloadFileName', () => {
  it('slugs a name or prompt and keeps the extension', () => {
    expect(downloadFileName('Poster v1', 'exports/u/e532b515.png')).toBe('poster-v1.png');
    expect(downloadFileName('Intro mix', 'exports/u/e659be5a.mp3')).toBe('intro-mix.mp3');
    expect(downloadFileName('Crème brûlée & café!', 'generations/u/x.webp')).toBe('creme-brulee-and-cafe.webp');
    expect(downloadFileName('', 'generations/u/x.mp4')).toBe('download.mp4');
    expect(downloadFileName('日本語', 'generations/u/x.mp4')).toBe('download.mp4');
    expect(downloadFileName('a'.repeat(200), 'generations/u/x.png')).toBe(`${'a'.repeat(60)}.png`);
  });
});
