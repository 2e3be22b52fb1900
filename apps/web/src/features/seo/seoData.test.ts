import { describe, expect, it } from 'vitest';
import { articleHeadings, credits, fieldErrors, parseRefineSearch, qualityStat, safeImageSrc } from './seoData';

describe('seo screen helpers', () => {
  it('keeps only a uuid as the refine screen’s article', () => {
    expect(parseRefineSearch({ article: '00000000-0000-4000-8000-000000000103' })).toEqual({ article: '00000000-0000-4000-8000-000000000103' });
    expect(parseRefineSearch({ article: '../../etc' })).toEqual({});
    expect(parseRefineSearch({ article: 42 })).toEqual({});
  });

  it('offers the same sections as the server rewrites (H2 and below)', () => {
    expect(articleHeadings('# Title\n\nIntro\n\n## First part\ntext\n### Detail\nmore\n## Second part\n', 'markdown')).toEqual([
      'First part',
      'Detail',
      'Second part',
    ]);
    expect(articleHeadings('<h1>Title</h1><h2>Brewing <em>well</em></h2><p>x</p><h3>Water</h3>', 'html')).toEqual(['Brewing well', 'Water']);
  });

  it('lets through http(s) and the app’s signed media paths only', () => {
    expect(safeImageSrc('/media/seo/a.png?exp=1&sig=abc')).toBe('/media/seo/a.png?exp=1&sig=abc');
    expect(safeImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(safeImageSrc('/media/"onerror=alert(1)')).toBeNull();
    expect(safeImageSrc('x')).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });

  it('formats credits and reads no field errors from a plain error', () => {
    expect(credits(1)).toBe('1 credit');
    expect(credits(12)).toBe('12 credits');
    expect(credits(0.5)).toBe('0.50 credits');
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });

  it('labels the SEO score and your star rating apart, so "86" never sits beside "Not rated yet" unexplained', () => {
    expect(qualityStat(86, null, 0)).toEqual({
      label: 'Avg SEO score',
      value: '86 / 100',
      hint: 'From the SEO checks · your star rating: none given yet',
    });
    expect(qualityStat(71.6, 4.25, 3)).toEqual({
      label: 'Avg SEO score',
      value: '72 / 100',
      hint: 'From the SEO checks · your star rating: 4.3 / 5 (3 rated)',
    });
    expect(qualityStat(null, null, 0).value).toBe('—');
  });
});
