import { describe, expect, it } from 'vitest';
import { compare, extractPage, failedFindings, findings } from './seo.analysis';

const competitor = findings(
  'https://a.example/guide',
  extractPage(
    '<html><head><title>Sourdough guide</title></head><body><h1>Sourdough bread starter basics</h1><h2>Feeding your sourdough starter daily</h2>' +
      '<p>A sourdough starter needs flour and water. Feed the sourdough starter daily. Rye flour helps a sourdough starter.</p></body></html>',
  ),
  ['sourdough bread'],
  { finalUrl: 'https://a.example/guide', status: 200 },
);
const refused = (url: string) => failedFindings(url, 'The URL points at a private or local address', null);

describe('compare draws no conclusions from pages it could not read', () => {
  it('0 of 3 pages read: no gaps, no topics', () => {
    const r = compare(refused('http://10.0.0.1/'), [refused('http://127.0.0.1/a'), refused('http://192.168.1.2/b')], ['sourdough bread'], 'Bakery');
    expect(r).toEqual({ keywordGaps: [], suggestedTopics: [] });
  });

  it('your page unread, a competitor read: no gaps and nothing said about your page', () => {
    const r = compare(refused('http://127.0.0.1/'), [competitor], ['sourdough bread'], 'Bakery');
    expect(r.keywordGaps).toEqual([]);
    const reasons = r.suggestedTopics.map((t) => t.reason).join(' | ');
    expect(r.suggestedTopics.length).toBeGreaterThan(0);
    expect(reasons).not.toMatch(/your page/i);
    expect(reasons).not.toContain('never mentions');
  });

  it('your page read, competitors unread: no gaps; your keyword use is reported from your page only', () => {
    const target = findings(
      'https://me.example/',
      extractPage('<html><body><h1>Our bakery</h1><p>Fresh loaves daily.</p></body></html>'),
      ['sourdough bread'],
      {
        finalUrl: 'https://me.example/',
        status: 200,
      },
    );
    const r = compare(target, [refused('http://127.0.0.1/a')], ['sourdough bread'], 'Bakery');
    expect(r.keywordGaps).toEqual([]);
    expect(r.suggestedTopics.map((t) => t.reason)).toEqual(['Your page never mentions "sourdough bread".']);
  });

  it('both read: gaps and "your page does not" reasons as before', () => {
    const target = findings(
      'https://me.example/',
      extractPage('<html><body><h1>Our bakery</h1><p>Fresh loaves daily.</p></body></html>'),
      ['sourdough bread'],
      {
        finalUrl: 'https://me.example/',
        status: 200,
      },
    );
    const r = compare(target, [competitor], ['sourdough bread'], 'Bakery');
    expect(r.keywordGaps.map((g) => g.term)).toContain('sourdough starter');
    expect(r.suggestedTopics.some((t) => t.reason.includes('your page does not'))).toBe(true);
  });
});
