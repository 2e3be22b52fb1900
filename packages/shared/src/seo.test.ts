import { describe, expect, it } from 'vitest';
import {
  countWords,
  cutDescription,
  estimateSeoImages,
  findSection,
  markdownToHtml,
  parseWriterOutput,
  placeImages,
  replaceSectionBody,
  SEO_DEFAULTS,
  scoreArticle,
  slugify,
  uniqueSlug,
} from './seo';

describe('SEO rules (spec §9)', () => {
  it('estimates images: 4 credits each, 100 units per credit, hero counted as one extra, default 2', () => {
    expect(estimateSeoImages(2, true)).toMatchObject({ perImageCredits: 4, perImageUnits: 400, totalCredits: 12, totalUnits: 1200, images: 3 });
    expect(estimateSeoImages(2, false)).toMatchObject({ totalCredits: 8, totalUnits: 800 });
    expect(estimateSeoImages(0, true)).toMatchObject({ totalCredits: 4 });
    expect(SEO_DEFAULTS).toEqual({ wordsPerArticle: 1200, articleFormat: 'markdown', publishSchedule: 7, descriptionMax: 160 });
  });

  it('cuts descriptions at 160 characters on a word boundary', () => {
    const long = 'word '.repeat(60);
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutDescription('Short one.')).toBe('Short one.');
  });

  it('slugs are lowercase ascii and unique', () => {
    expect(slugify('Café & Crème: Tips!')).toBe('cafe-and-creme-tips');
    expect(uniqueSlug('Tips', new Set(['tips', 'tips-2']))).toBe('tips-3');
    expect(slugify('!!!')).toBe('article');
  });

  it('counts words of markdown and HTML without markup', () => {
    expect(countWords('# Title\n\nOne **two** [three](http://x) ![img](media:k)', 'markdown')).toBe(4);
    expect(countWords('<h1>One</h1><p>two <b>three</b></p><script>no no</script>', 'html')).toBe(3);
  });

  it('replaces one section body and keeps the rest', () => {
    const md = '# T\n\n## A\n\nold a\n\n## B\n\nkeep b\n';
    const s = findSection(md, 'markdown', 'a');
    expect(s).toBeDefined();
    const out = replaceSectionBody(md, s as NonNullable<typeof s>, 'new a');
    expect(out).toContain('## A\n\nnew a\n\n## B\n\nkeep b');
    expect(out).not.toContain('old a');
  });

  it('places the hero under the title, once', () => {
    const md = '# T\n\nIntro\n\n## A\n\ntext\n';
    const once = placeImages(md, 'markdown', [{ id: '1', role: 'hero', key: 'generations/u/h.png', alt: 'Hero' }]);
    expect(once.split('\n').filter(Boolean)[1]).toBe('![Hero](media:generations/u/h.png)');
    expect(placeImages(once, 'markdown', [{ id: '1', role: 'hero', key: 'generations/u/h.png', alt: 'Hero' }])).toBe(once);
  });

  it('parses a writer answer into title, description and body', () => {
    const r = parseWriterOutput('# Hello World\nDescription: A greeting.\n\n## Part\n\nText', 'Fallback', 'markdown');
    expect(r).toMatchObject({ title: 'Hello World', description: 'A greeting.' });
    expect(r.content).not.toContain('Description:');
    expect(parseWriterOutput('Just text here.', 'Fallback', 'markdown').content.startsWith('# Fallback')).toBe(true);
  });

  it('renders markdown with everything escaped and unsafe links dropped', () => {
    const html = markdownToHtml('# A <b>\n\n<script>alert(1)</script> [x](javascript:alert(1)) ![i](media:k) **b**');
    expect(html).not.toMatch(/<script|<b>|javascript:/);
    expect(html).toContain('<h1>A &lt;b&gt;</h1>');
    expect(html).toContain('<img src="media:k" alt="i">');
    expect(html).toContain('<strong>b</strong>');
  });

  it('scores keyword use, headings, length and readability with suggestions', () => {
    const good = `# Stoneware glaze guide\n\n${Array.from({ length: 6 }, (_, i) => `## Stoneware glaze part ${i}\n\n${'Stoneware glaze is safe when fired well. '.repeat(25)}`).join('\n\n')}`;
    const s = scoreArticle({
      title: 'Stoneware glaze guide',
      description: 'All about stoneware glaze for handmade mugs and how to fire it safely at home.',
      content: good,
      format: 'markdown',
      keywords: ['stoneware glaze'],
      targetWords: 1200,
    });
    const bad = scoreArticle({
      title: 'Hi',
      description: '',
      content: '# Hi\n\nshort',
      format: 'markdown',
      keywords: ['stoneware glaze'],
      targetWords: 1200,
    });
    expect(bad.score).toBeLessThan(s.score);
    expect(bad.suggestions.join(' ')).toMatch(/Lengthen the article/);
    expect(bad.suggestions.join(' ')).toMatch(/stoneware glaze/);
    expect(s.breakdown.headings).toBe(100);
  });
});
