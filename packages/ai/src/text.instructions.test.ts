import { countPhrase, countWords, headings } from '@atelier/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftText } from './text';
import { parseInstructions, reviseText } from './text.instructions';

let article = '';
const topic = 'sourdough bread for beginners';
beforeAll(async () => {
  article = (await draftText({ prompt: 'Sourdough bread for beginners: starter, flour, baking schedule and crust', kind: 'article', maxWords: 500 }))
    .text;
});

const revise = (instructions: string) => reviseText({ text: article, instructions, topic });
const h2 = (text: string) =>
  headings(text, 'markdown')
    .filter((h) => h.level === 2)
    .map((h) => h.text);
const contractions = (text: string) => (text.match(/\b\w+'(?:t|s|re|ll|ve)\b/g) ?? []).length;

describe('the offline writer honours instructions (each checked by rule)', () => {
  it('1. "mention bakery near me" → the phrase is in the text (the refine panel’s keyword check: ×1, not ×0)', () => {
    expect(countPhrase(article, 'bakery near me')).toBe(0);
    const r = revise('mention bakery near me');
    expect(countPhrase(r.text, 'bakery near me')).toBeGreaterThanOrEqual(1);
    expect(r.applied).toEqual(['Mentioned "bakery near me" 1×']);
  });

  it('2. "use the keyword \'rye flour\' three times" → three mentions', () => {
    expect(countPhrase(revise("use the keyword 'rye flour' three times").text, 'rye flour')).toBe(3);
  });

  it('3. "make it shorter" → at most 75 % of the words, headings kept', () => {
    const r = revise('Make it shorter.');
    expect(countWords(r.text)).toBeLessThanOrEqual(Math.ceil(countWords(article) * 0.75));
    expect(h2(r.text).length).toBeGreaterThanOrEqual(2);
  });

  it('4. "expand it to about 800 words" → 800 ± 10 %', () => {
    const n = countWords(revise('Please expand it to about 800 words').text);
    expect(n).toBeGreaterThanOrEqual(720);
    expect(n).toBeLessThanOrEqual(880);
  });

  it('5. "cut it down to 200 words and mention artisan loaf" → ≤ 220 words and the phrase survives the cut', () => {
    const r = revise('Cut it down to 200 words and mention artisan loaf');
    expect(countWords(r.text)).toBeLessThanOrEqual(220);
    expect(countPhrase(r.text, 'artisan loaf')).toBeGreaterThanOrEqual(1);
  });

  it('6. "use a friendly tone" → contractions, no "do not"/"it is", a friendly opener', () => {
    const r = revise('Use a friendly, conversational tone');
    expect(contractions(r.text)).toBeGreaterThan(contractions(article) + 1);
    expect(r.text).not.toMatch(/\b(do not|it is|you are)\b/);
    expect(r.text).toContain("Let's dive in");
  });

  it('7. "make it more formal" → no contractions, no exclamation marks', () => {
    const casual = "# Bread\n\nIt's easy! You don't need much, and there's lots of room to play.\n\n## Starter\n\nYou're gonna love it!\n";
    const r = reviseText({ text: casual, instructions: 'make it more formal', topic });
    expect(contractions(r.text)).toBe(0);
    expect(r.text).not.toContain('!');
    expect(r.text).toContain('many');
  });

  it('8. "add a section on shaping the dough" → a new H2 with a body, before the conclusion', () => {
    const r = revise('add a section on shaping the dough');
    const hs = h2(r.text);
    expect(hs).toContain('shaping the dough');
    expect(hs.indexOf('shaping the dough')).toBeLessThan(hs.indexOf('Conclusion'));
    const body = r.text.split('## shaping the dough')[1]?.split('\n## ')[0] ?? '';
    expect(countWords(body)).toBeGreaterThan(15);
  });

  it('9. "remove the Next steps section" → that heading and its list are gone', () => {
    expect(h2(article)).toContain('Next steps');
    const r = revise('remove the Next steps section');
    expect(h2(r.text)).not.toContain('Next steps');
    expect(r.text).not.toMatch(/^1\. /m);
  });

  it('10. "rename the heading Conclusion to Your first loaf" and "add a short checklist" → renamed, checklist added', () => {
    const r = revise('Rename the heading "Conclusion" to "Your first loaf", then add a short checklist');
    expect(h2(r.text)).toContain('Your first loaf');
    expect(h2(r.text)).not.toContain('Conclusion');
    expect(h2(r.text)).toContain('Checklist');
    expect((r.text.split('## Checklist')[1] ?? '').match(/^- /gm)?.length).toBeGreaterThanOrEqual(4);
  });

  it('also: "don\'t mention flour" removes it; "change the title to …" renames the H1; unknown instructions are reported', () => {
    expect(countPhrase(article, 'flour')).toBeGreaterThan(0);
    const r = revise("Don't mention flour. Change the title to Bake Your First Sourdough. Make it sparkle like a diamond");
    expect(countPhrase(r.text, 'flour')).toBe(0);
    expect(h2(r.text)).toContain('Common pitfalls');
    expect(headings(r.text, 'markdown')[0]).toEqual({ level: 1, text: 'Bake Your First Sourdough' });
    expect(r.skipped.join(' ')).toContain('sparkle');
  });

  it('parses instructions out of a prompt and leaves the subject', () => {
    const p = parseInstructions('A guide to sourdough for beginners. Use a friendly tone, about 300 words, and mention bakery near me');
    expect(p.rest).toBe('A guide to sourdough for beginners');
    expect(p.instructions.map((i) => i.kind).sort()).toEqual(['include', 'length', 'tone']);
    expect(p.instructions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'tone', tone: 'friendly' }),
        expect.objectContaining({ kind: 'length', words: 300 }),
        expect.objectContaining({ kind: 'include', phrase: 'bakery near me', times: 1 }),
      ]),
    );
  });
});

describe('the local text engine honours instructions in its prompt', () => {
  it('a draft asked for 250 words in a friendly tone that mentions a phrase', async () => {
    const r = await draftText({
      prompt: 'Write an article about home coffee roasting. Keep it to about 250 words, use a friendly tone and mention green beans',
      kind: 'article',
    });
    const n = countWords(r.text);
    expect(n).toBeGreaterThanOrEqual(220);
    expect(n).toBeLessThanOrEqual(280);
    expect(countPhrase(r.text, 'green beans')).toBeGreaterThanOrEqual(1);
    expect(r.text).toContain("Let's dive in");
    expect(r.text.split('\n')[0]).not.toMatch(/friendly|words/i);
    expect(r.metadata.instructions).toEqual(expect.arrayContaining([expect.stringContaining('friendly')]));
  });
});
