import { describe, expect, it } from 'vitest';
import { type Block, type Inline, inlineText, parseInline, parseMarkdown, safeHref } from './markdown';

const text = (t: string): Inline => ({ type: 'text', text: t });

describe('safeHref', () => {
  it('keeps absolute http(s) URLs only', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '/relative',
      '//evil.test',
      'vbscript:x',
      'https://',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe('parseInline', () => {
  it('reads bold, italic, strikethrough and inline code', () => {
    expect(parseInline('a **b** *c* _d_ ~~e~~ `f*g*`')).toEqual([
      text('a '),
      { type: 'strong', children: [text('b')] },
      text(' '),
      { type: 'em', children: [text('c')] },
      text(' '),
      { type: 'em', children: [text('d')] },
      text(' '),
      { type: 'del', children: [text('e')] },
      text(' '),
      { type: 'code', text: 'f*g*' },
    ]);
  });

  it('nests emphasis and leaves unmatched or spaced delimiters alone', () => {
    expect(parseInline('**bold *and italic***')).toEqual([
      { type: 'strong', children: [text('bold '), { type: 'em', children: [text('and italic')] }] },
    ]);
    expect(inlineText(parseInline('2 * 3 * 4 and snake_case_name and **open'))).toBe('2 * 3 * 4 and snake_case_name and **open');
  });

  it('makes links of http(s) URLs only; other schemes render their text', () => {
    expect(parseInline('[site](https://example.com "t")')).toEqual([{ type: 'link', href: 'https://example.com/', children: [text('site')] }]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([text('click')]);
    expect(parseInline('see https://example.com/x.')).toEqual([
      text('see '),
      { type: 'link', href: 'https://example.com/x', children: [text('https://example.com/x')] },
      text('.'),
    ]);
    expect(parseInline('<https://a.test/b>')).toEqual([{ type: 'link', href: 'https://a.test/b', children: [text('https://a.test/b')] }]);
    expect(parseInline('![logo](https://a.test/l.png)')).toEqual([{ type: 'link', href: 'https://a.test/l.png', children: [text('logo')] }]);
  });

  it('keeps raw HTML as text and honours escapes', () => {
    expect(parseInline('<img src=x onerror=alert(1)> \\*not em\\*')).toEqual([text('<img src=x onerror=alert(1)> *not em*')]);
  });

  it('turns single newlines into line breaks', () => {
    expect(parseInline('a\nb')).toEqual([text('a'), { type: 'br' }, text('b')]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, rules and quotes', () => {
    const blocks = parseMarkdown('# Title\n\nFirst line\nsecond line\n\n---\n\n> quoted\n> more');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'hr', 'quote']);
    expect(blocks[0]).toMatchObject({ level: 1, children: [text('Title')] });
    expect(inlineText((blocks[1] as Extract<Block, { type: 'paragraph' }>).children)).toBe('First line\nsecond line');
    expect((blocks[3] as Extract<Block, { type: 'quote' }>).children).toHaveLength(1);
  });

  it('reads fenced code verbatim, and an unterminated fence (still streaming) to the end', () => {
    const blocks = parseMarkdown('Before\n```ts\nconst a = **1**;\n\n<b>x</b>\n```\nAfter\n```py\nprint(1)');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [text('Before')] },
      { type: 'code', lang: 'ts', text: 'const a = **1**;\n\n<b>x</b>', closed: true },
      { type: 'paragraph', children: [text('After')] },
      { type: 'code', lang: 'py', text: 'print(1)', closed: false },
    ]);
  });

  it('reads bullet and numbered lists, nested by indentation', () => {
    const blocks = parseMarkdown('1. **One** — first\n2. Two\n   - sub a\n   - sub b\n3. Three\n\n- x\n- y');
    expect(blocks.map((b) => b.type)).toEqual(['list', 'list']);
    const [numbered, bullets] = blocks as Array<Extract<Block, { type: 'list' }>>;
    expect(numbered).toMatchObject({ ordered: true, start: 1 });
    expect(numbered?.items).toHaveLength(3);
    expect(numbered?.items[1]?.map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect((numbered?.items[1]?.[1] as Extract<Block, { type: 'list' }> | undefined)?.items).toHaveLength(2);
    expect(bullets).toMatchObject({ ordered: false });
    expect(bullets?.items).toHaveLength(2);
  });

  it('lets a list interrupt a paragraph (as models write them)', () => {
    const blocks = parseMarkdown('Here is a plan:\n- a\n- b\n\n**Next steps**\n\n- c');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list', 'paragraph', 'list']);
  });

  it('reads pipe tables with alignment', () => {
    const blocks = parseMarkdown('| Model | Price |\n|:--|--:|\n| A | 1 |\n| B | 2 |\n\nafter');
    expect(blocks[0]).toMatchObject({ type: 'table', align: ['left', 'right'] });
    const table = blocks[0] as Extract<Block, { type: 'table' }>;
    expect(table.header.map(inlineText)).toEqual(['Model', 'Price']);
    expect(table.rows.map((r) => r.map(inlineText))).toEqual([
      ['A', '1'],
      ['B', '2'],
    ]);
    expect(blocks[1]?.type).toBe('paragraph');
  });

  it('never loses text', () => {
    const src = 'Plain <script>alert(1)</script> & "quotes"';
    expect(inlineText((parseMarkdown(src)[0] as Extract<Block, { type: 'paragraph' }>).children)).toBe(src);
    expect(parseMarkdown('')).toEqual([]);
  });
});
