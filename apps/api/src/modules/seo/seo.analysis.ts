import { countPhrase } from '@atelier/shared';
import { Parser } from 'htmlparser2';
import type { Analysis, PageFindings } from './seo.schema';

/** What one HTML page says: title, meta description, headings, visible text. */
export interface ExtractedPage {
  title: string;
  metaDescription: string;
  headings: { level: number; text: string }[];
  text: string;
}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head', 'object', 'canvas']);
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'br',
  'section',
  'article',
  'header',
  'footer',
  'td',
  'th',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'title',
]);

export function extractPage(html: string): ExtractedPage {
  let title = '';
  let metaDescription = '';
  const headings: { level: number; text: string }[] = [];
  const text: string[] = [];
  let skipDepth = 0;
  let inTitle = false;
  let heading: { level: number; parts: string[] } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        else if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? '').toLowerCase();
          if ((key === 'description' || key === 'og:description') && !metaDescription) metaDescription = (attrs.content ?? '').trim();
        } else if (SKIP.has(name)) skipDepth++;
        const h = /^h([1-6])$/.exec(name);
        if (h && skipDepth === 0) heading = { level: Number(h[1]), parts: [] };
        if (BLOCK.has(name)) text.push(' ');
      },
      ontext(data) {
        if (inTitle) {
          title += data;
          return;
        }
        if (skipDepth > 0) return;
        text.push(data);
        heading?.parts.push(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        else if (SKIP.has(name) && skipDepth > 0) skipDepth--;
        if (/^h[1-6]$/.test(name) && heading) {
          const t = heading.parts.join('').replace(/\s+/g, ' ').trim();
          if (t) headings.push({ level: heading.level, text: t.slice(0, 300) });
          heading = null;
        }
        if (BLOCK.has(name)) text.push(' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: title.replace(/\s+/g, ' ').trim().slice(0, 300),
    metaDescription: metaDescription.replace(/\s+/g, ' ').slice(0, 500),
    headings: headings.slice(0, 200),
    text: text.join('').replace(/\s+/g, ' ').trim(),
  };
}

const STOP = new Set(
  (
    'a an the and or but nor so yet for of to in on at by with from into onto over under about above below between through during before after ' +
    'around across against among within without via per than then that this these those is am are was were be been being do does did doing have has ' +
    'had having can could should would will shall may might must i me my mine we us our ours you your yours he him his she her hers it its they them ' +
    'their theirs who whom whose which what when where why how all any both each few more most other some such no not only own same too very just also ' +
    'even here there if as up out off again further once s t don now get got one two new use used using like make made way ways us let let’s it’s ' +
    'we’re you’re can’t don’t isn’t www com http https html click read see menu home page pages cookie cookies privacy policy terms contact login sign'
  ).split(/\s+/),
);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map((w) => w.replace(/['’-]+$/, ''));
}

/** Term counts: single words and two-word phrases without stop words, most frequent first. */
export function topTerms(text: string, limit = 25): { term: string; count: number }[] {
  const words = tokenize(text);
  const counts = new Map<string, number>();
  const useful = (w: string) => w.length > 2 && !STOP.has(w) && !/^\d+$/.test(w);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (!useful(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
    const next = words[i + 1];
    if (next && useful(next)) {
      const bigram = `${w} ${next}`;
      counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .filter(([term, n]) => n >= (term.includes(' ') ? 2 : 1))
    .sort((a, b) => b[1] - a[1] || (b[0].includes(' ') ? 1 : 0) - (a[0].includes(' ') ? 1 : 0) || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([term, count]) => ({ term, count }));
}

export function findings(url: string, page: ExtractedPage, keywords: string[], meta: { finalUrl: string; status: number }): PageFindings {
  const words = tokenize(page.text).length;
  const all = `${page.title} ${page.text}`;
  return {
    url,
    finalUrl: meta.finalUrl,
    ok: true,
    error: null,
    status: meta.status,
    title: page.title,
    metaDescription: page.metaDescription,
    headings: page.headings,
    wordCount: words,
    topTerms: topTerms(all),
    keywordFrequencies: keywords.map((k) => {
      const count = countPhrase(all, k);
      return { keyword: k, count, density: words ? Math.round(((count * k.split(/\s+/).length * 100) / words) * 100) / 100 : 0 };
    }),
  };
}

export function failedFindings(url: string, error: string, status: number | null): PageFindings {
  return {
    url,
    finalUrl: null,
    ok: false,
    error,
    status,
    title: '',
    metaDescription: '',
    headings: [],
    wordCount: 0,
    topTerms: [],
    keywordFrequencies: [],
  };
}

const titleCase = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());

/**
 * Keyword gaps (terms the competitors use that the target page does not, or far less) and
 * article topics that would close them: competitor headings that carry a gap term, then
 * keyword-led topics for the project's own keywords and the strongest gap terms.
 * Nothing is concluded from a page that could not be read: gaps need the target page and at least
 * one competitor page read; "your page never mentions …" needs the target page read; with no page
 * read at all there are no topics.
 */
export function compare(
  target: PageFindings | null,
  competitors: PageFindings[],
  keywords: string[],
  businessName: string,
): Pick<Analysis, 'keywordGaps' | 'suggestedTopics'> {
  const okCompetitors = competitors.filter((c) => c.ok);
  const targetRead = target?.ok === true;
  const targetText = targetRead
    ? `${target.title} ${target.headings.map((h) => h.text).join(' ')} ${target.topTerms.map((t) => `${t.term} `.repeat(t.count)).join(' ')}`
    : '';
  const sum = new Map<string, { count: number; pages: number }>();
  for (const c of okCompetitors) {
    for (const t of c.topTerms) {
      const cur = sum.get(t.term) ?? { count: 0, pages: 0 };
      sum.set(t.term, { count: cur.count + t.count, pages: cur.pages + 1 });
    }
  }
  const competitorTerms = [...sum.entries()]
    .map(([term, v]) => {
      const targetCount = targetRead ? (target.topTerms.find((t) => t.term === term)?.count ?? countPhrase(targetText, term)) : 0;
      return { term, competitorCount: v.count, targetCount, competitors: v.pages };
    })
    .sort((a, b) => b.competitors - a.competitors || b.competitorCount - a.competitorCount);
  const gaps = targetRead
    ? competitorTerms
        // A gap: used by the competitors clearly more than by the target (per page on average).
        .filter(
          (g) => g.competitorCount / Math.max(1, g.competitors) >= 2 * Math.max(1, g.targetCount) || (g.targetCount === 0 && g.competitorCount >= 2),
        )
        .slice(0, 20)
    : [];

  const topics: Analysis['suggestedTopics'] = [];
  if (!targetRead && okCompetitors.length === 0) return { keywordGaps: [], suggestedTopics: topics };
  const seen = new Set<string>();
  const add = (topic: string, reason: string, kws: string[]) => {
    const key = topic.toLowerCase();
    if (seen.has(key) || topics.length >= 10) return;
    seen.add(key);
    topics.push({ topic: topic.slice(0, 200), reason, keywords: [...new Set(kws)].slice(0, 6) });
  };
  // with the target unread, competitors' strongest terms still suggest topics, without a claim about your page
  for (const g of targetRead ? gaps : competitorTerms.slice(0, 10)) {
    for (const c of okCompetitors) {
      const h = c.headings.find((x) => x.level >= 1 && x.level <= 3 && countPhrase(x.text, g.term) > 0 && x.text.split(/\s+/).length >= 3);
      if (h) {
        const related = keywords.filter((k) => countPhrase(h.text, k) > 0);
        const host = new URL(c.url).hostname;
        add(
          h.text.replace(/[:.!?]+$/, ''),
          targetRead ? `A competitor covers "${g.term}" (${host}); your page does not.` : `A competitor covers "${g.term}" (${host}).`,
          [g.term, ...related],
        );
        break;
      }
    }
  }
  const primary = keywords[0];
  for (const g of gaps.slice(0, 5)) {
    if (primary && g.term !== primary.toLowerCase()) {
      add(
        `${titleCase(primary)} and ${g.term}: what to know`,
        `Links your main keyword to "${g.term}", a gap term ${g.competitors} competitor page(s) use.`,
        [primary, g.term],
      );
    }
  }
  if (!targetRead) return { keywordGaps: gaps, suggestedTopics: topics };
  for (const k of keywords) {
    const used = target.keywordFrequencies.find((f) => f.keyword === k)?.count ?? 0;
    if (used === 0) add(`A practical guide to ${k}`, `Your page never mentions "${k}".`, [k]);
    else
      add(
        `${titleCase(k)}: common questions answered${businessName ? ` by ${businessName}` : ''}`,
        `Builds depth on "${k}", which your page uses ${used} time(s).`,
        [k],
      );
  }
  return { keywordGaps: gaps, suggestedTopics: topics };
}
