import { MediaSigner } from '@atelier/media';
import { describe, expect, it } from 'vitest';
import { articleMarkdown, resolveMediaRefs, toMediaRefs } from './seo.render';

const signer = new MediaSigner('k'.repeat(40), 3600, 'https://blog.example');
const OWNER = '11111111-1111-4111-8111-111111111111';
const KEY = `generations/${OWNER}/22222222-2222-4222-8222-222222222222.png`;

describe('article media references', () => {
  it('turn back into stable references from signed, public, absolute and HTML-escaped URLs', () => {
    const signed = signer.for({ kind: 'project', projectId: OWNER, userId: OWNER }).url(KEY, { name: 'Hero' }) as string;
    const published = signer.for({ kind: 'article', articleId: OWNER }).url(KEY) as string;
    const old = `/media/${KEY}?exp=1795618800&sig=abc_DEF-1`;
    const text = [
      `![a](${signed})`,
      `![b](https://app.example${signed})`,
      `![c](${published})`,
      `<img src="${signed.replace(/&/g, '&amp;')}">`,
      `![d](${old})`,
      `[file](${signed}&download=1)`,
    ].join('\n');
    const refs = toMediaRefs(text);
    expect(refs).not.toMatch(/sig=|exp=|https?:/);
    expect(refs.match(/media:generations\/[^)"\s]+/g)).toEqual(
      Array(6)
        .fill(KEY)
        .map((k) => `media:${k}`),
    );
  });

  it('resolve per context, and only keys the article may show', () => {
    const content = `# T\n\n![hero](media:${KEY})\n\n![x](media:generations/someone-else/x.png)\n`;
    const urlFor = (key: string) => (key === KEY ? (signer.for({ kind: 'article', articleId: OWNER }).url(key) as string) : null);
    const md = articleMarkdown(content, 'markdown', urlFor);
    expect(md).toContain(`![hero](https://blog.example/media/${KEY}?g=a.${OWNER}&sig=`);
    expect(md).not.toContain('someone-else');
    expect(resolveMediaRefs(`media:${KEY}`, () => null)).toBe('');
  });
});
