/**
 * SEO articles (issue 10): the constants of spec §9 and the pure text rules the api, the worker
 * and the web share — slugs, word counts, the 160-character description cut, sections, image
 * placement and the per-article SEO score. No I/O here.
 */

/** Spec §9: SEO 1200 words per article, markdown, publish schedule 7 (days), description cut at 160 characters. */
export const SEO_DEFAULTS = {
  wordsPerArticle: 1200,
  articleFormat: 'markdown',
  publishSchedule: 7,
  descriptionMax: 160,
} as const;

/** Spec §9: 4 credits per image, 100 units per credit, hero counted as one extra image, default 2 images. */
export const SEO_IMAGE_PRICING = { creditsPerImage: 4, unitsPerCredit: 100, defaultCount: 2 } as const;

export type SeoArticleStatus = 'QUEUED' | 'GENERATING' | 'READY' | 'SCHEDULED' | 'PUBLISHED' | 'FAILED';
/** An article is being written (a run is queued or running): no edits, deletes or new runs meanwhile. */
export const SEO_BUSY_STATUSES: readonly SeoArticleStatus[] = ['QUEUED', 'GENERATING'];

/** What the api stores with an SEO run (`seo_article_runs.brief`): the inputs of one write or regeneration. */
export interface SeoBrief {
  topic: string;
  title: string;
  keywords: string[];
  words: number;
  format: 'markdown' | 'html';
  businessName?: string;
  section?: string | null;
  instructions?: string | null;
  /** A regeneration puts the article back in this status when it ends (success or failure). */
  prevStatus?: SeoArticleStatus;
}

/** One entry of `seo_articles.images`: an image generation made for the article, placed once it is finished. */
export interface SeoArticleImage {
  id: string;
  generationId: string;
  role: 'hero' | 'inline';
  alt: string;
  placed?: boolean;
}

/** Ledger keys of an SEO run's charge and its refund (one each, ever). */
export const seoSpendKey = (runId: string) => `spend:seo-run:${runId}`;
export const seoRefundKey = (runId: string) => `refund:seo-run:${runId}`;

export interface SeoImageEstimateNumbers {
  count: number;
  includeHero: boolean;
  perImageUnits: number;
  perImageCredits: number;
  totalUnits: number;
  totalCredits: number;
  images: number;
}

export function estimateSeoImages(count: number, includeHero: boolean): SeoImageEstimateNumbers {
  const images = Math.max(0, Math.floor(count)) + (includeHero ? 1 : 0);
  const perImageCredits = SEO_IMAGE_PRICING.creditsPerImage;
  const perImageUnits = perImageCredits * SEO_IMAGE_PRICING.unitsPerCredit;
  return {
    count: Math.max(0, Math.floor(count)),
    includeHero,
    perImageUnits,
    perImageCredits,
    totalUnits: images * perImageUnits,
    totalCredits: images * perImageCredits,
    images,
  };
}

export function slugify(text: string, max = 80): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = s.slice(0, max).replace(/-+$/g, '');
  return cut || 'article';
}

/** A slug not in `taken`: base, base-2, base-3, … */
export function uniqueSlug(base: string, taken: Set<string>): string {
  const root = slugify(base);
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) {
    const candidate = `${root.slice(0, 74)}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Plain text of markdown or HTML content: tags, image/link syntax, markup characters removed. */
export function plainText(content: string, format: 'markdown' | 'html'): string {
  let t = content;
  if (format === 'html') {
    t = t
      .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  } else {
    t = t
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
      .replace(/[*_`>~]/g, ' ');
  }
  return t.replace(/\s+/g, ' ').trim();
}

export function countWords(content: string, format: 'markdown' | 'html' = 'markdown'): number {
  const t = plainText(content, format);
  if (!t) return 0;
  return t.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Spec §9: description cut at 160 characters — at a word boundary, with an ellipsis when cut. */
export function cutDescription(text: string, max: number = SEO_DEFAULTS.descriptionMax): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const room = t.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const base = (space > max * 0.6 ? room.slice(0, space) : room).replace(/[\s,;:.\-–—]+$/, '');
  return `${base}…`;
}

export interface ContentSection {
  heading: string;
  level: number;
  /** Character offsets of the whole section (heading line included) in the content. */
  start: number;
  end: number;
  /** Where the section's body starts (after the heading). */
  bodyStart: number;
}

/** The sections of markdown (## … headings) or HTML (<h2>…<h6>) content. */
export function sections(content: string, format: 'markdown' | 'html'): ContentSection[] {
  const found: { heading: string; level: number; start: number; bodyStart: number }[] = [];
  if (format === 'markdown') {
    const re = /^(#{2,6})[ \t]+(.+?)[ \t#]*$/gm;
    for (let m = re.exec(content); m; m = re.exec(content)) {
      found.push({ heading: (m[2] as string).trim(), level: (m[1] as string).length, start: m.index, bodyStart: m.index + m[0].length });
    }
  } else {
    const re = /<h([2-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi;
    for (let m = re.exec(content); m; m = re.exec(content)) {
      found.push({
        heading: (m[2] as string).replace(/<[^>]+>/g, '').trim(),
        level: Number(m[1]),
        start: m.index,
        bodyStart: m.index + m[0].length,
      });
    }
  }
  return found.map((s, i) => {
    // A section ends where the next heading of the same or a higher level starts.
    const next = found.slice(i + 1).find((n) => n.level <= s.level);
    return { ...s, end: next ? next.start : content.length };
  });
}

export function headings(content: string, format: 'markdown' | 'html'): { level: number; text: string }[] {
  const out: { level: number; text: string }[] = [];
  if (format === 'markdown') {
    const re = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm;
    for (let m = re.exec(content); m; m = re.exec(content)) out.push({ level: (m[1] as string).length, text: (m[2] as string).trim() });
  } else {
    const re = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi;
    for (let m = re.exec(content); m; m = re.exec(content)) out.push({ level: Number(m[1]), text: (m[2] as string).replace(/<[^>]+>/g, '').trim() });
  }
  return out;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

export function findSection(content: string, format: 'markdown' | 'html', heading: string): ContentSection | undefined {
  const want = norm(heading);
  return sections(content, format).find((s) => norm(s.heading) === want);
}

/** Replaces a section's body (its heading stays). */
export function replaceSectionBody(content: string, section: ContentSection, body: string): string {
  const before = content.slice(0, section.bodyStart);
  const after = content.slice(section.end);
  return `${before}\n\n${body.trim()}\n\n${after.replace(/^\n+/, '')}`.replace(/\n{3,}/g, '\n\n');
}

/** A stored reference to a media key inside article content; turned into a signed URL on output. */
export const MEDIA_REF_PREFIX = 'media:';

export interface PlacedImage {
  id: string;
  role: 'hero' | 'inline';
  key: string;
  alt: string;
  /** Which inline image this is of how many the article has (spreads them over the sections). */
  slot?: number;
  slots?: number;
}

const escapeAlt = (s: string) => s.replace(/[[\]<>"]/g, '').slice(0, 150);

function imageMarkup(img: PlacedImage, format: 'markdown' | 'html'): string {
  const src = `${MEDIA_REF_PREFIX}${img.key}`;
  return format === 'markdown'
    ? `![${escapeAlt(img.alt)}](${src})`
    : `<figure><img src="${src}" alt="${escapeAlt(img.alt)}" data-seo-image="${img.id}"></figure>`;
}

/**
 * Places finished images into content: the hero right after the title (at the top), inline images
 * after the first paragraphs of successive sections. Images already present are skipped, so
 * placing twice changes nothing.
 */
export function placeImages(content: string, format: 'markdown' | 'html', images: PlacedImage[]): string {
  let out = content;
  const missing = images.filter((i) => !out.includes(`${MEDIA_REF_PREFIX}${i.key}`));
  const hero = missing.find((i) => i.role === 'hero');
  if (hero) {
    const h1 = format === 'markdown' ? /^#[ \t]+.+$/m.exec(out) : /<h1\b[^>]*>[\s\S]*?<\/h1>/i.exec(out);
    const at = h1 ? h1.index + h1[0].length : 0;
    out = `${out.slice(0, at)}${at ? '\n\n' : ''}${imageMarkup(hero, format)}\n\n${out.slice(at).replace(/^\n+/, '')}`;
  }
  const inline = missing.filter((i) => i.role === 'inline');
  for (const [n, img] of inline.entries()) {
    const secs = sections(out, format).filter((s) => s.level === 2);
    const slot = img.slot ?? n;
    const slots = Math.max(img.slots ?? inline.length, slot + 1);
    const target = secs.length ? secs[Math.min(secs.length - 1, Math.floor(((slot + 1) * secs.length) / (slots + 1)))] : undefined;
    const at = target ? target.bodyStart : out.length;
    out = `${out.slice(0, at)}\n\n${imageMarkup(img, format)}\n\n${out.slice(at).replace(/^\n+/, '')}`;
  }
  return out.replace(/\n{3,}/g, '\n\n');
}

/** Splits a writer's output into title, description and body: `# Title`, an optional `Description:` line. */
export function parseWriterOutput(
  text: string,
  fallbackTitle: string,
  format: 'markdown' | 'html',
): { title: string; description: string; content: string } {
  let body = text.replace(/\r\n/g, '\n').trim();
  // Models sometimes fence their answer.
  const fenced = /^```(?:markdown|md|html)?\n([\s\S]*?)\n```$/i.exec(body);
  if (fenced) body = (fenced[1] as string).trim();
  let description = '';
  const desc = /^(?:\*\*)?(?:meta )?description(?:\*\*)?\s*:\s*(.+)$/im.exec(body);
  if (desc) {
    description = (desc[1] as string).replace(/\*\*/g, '').trim();
    body = `${body.slice(0, desc.index)}${body.slice(desc.index + desc[0].length)}`.trim();
  }
  let title = '';
  if (format === 'html') {
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(body);
    if (h1) title = (h1[1] as string).replace(/<[^>]+>/g, '').trim();
  } else {
    const h1 = /^#[ \t]+(.+)$/m.exec(body);
    if (h1) title = (h1[1] as string).replace(/[*_`]/g, '').trim();
  }
  if (!title) {
    title = fallbackTitle;
    body = format === 'html' ? `<h1>${title.replace(/[<>&]/g, '')}</h1>\n${body}` : `# ${title}\n\n${body}`;
  }
  if (!description) {
    const first =
      format === 'html'
        ? (/<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(body)?.[1] ?? '').replace(/<[^>]+>/g, '')
        : (body
            .split(/\n{2,}/)
            .map((b) => b.trim())
            .find((b) => b && !/^(#|!\[|[-*+] |\d+\. |<)/.test(b)) ?? '');
    description = plainText(first, 'markdown');
  }
  return { title: title.slice(0, 200), description: cutDescription(description), content: `${body.trim()}\n` };
}

// ---- SEO score ------------------------------------------------------------------------------

export interface SeoScoreResult {
  score: number;
  breakdown: { keywords: number; headings: number; length: number; readability: number };
  suggestions: string[];
  details: {
    wordCount: number;
    targetWords: number;
    headingCount: number;
    avgSentenceWords: number;
    keywordHits: { keyword: string; count: number; inTitle: boolean; inHeadings: boolean }[];
  };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function countPhrase(text: string, phrase: string): number {
  const p = phrase.trim().toLowerCase();
  if (!p) return 0;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(p).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
  return (text.toLowerCase().match(re) ?? []).length;
}

/**
 * The per-article SEO score (0–100) from keyword use, headings, length against the target and
 * readability (sentence length), each 0–100 and weighted 35/20/25/20, with concrete suggestions.
 */
export function scoreArticle(input: {
  title: string;
  description: string;
  content: string;
  format: 'markdown' | 'html';
  keywords: string[];
  targetWords: number;
}): SeoScoreResult {
  const text = plainText(input.content, input.format);
  const words = countWords(input.content, input.format);
  const hs = headings(input.content, input.format);
  const sub = hs.filter((h) => h.level >= 2);
  const headingText = hs.map((h) => h.text.toLowerCase()).join(' \n ');
  const suggestions: string[] = [];

  // Keywords: each keyword used, in the title or a heading, density 0.5–2.5 %.
  const keywords = [...new Set(input.keywords.map((k) => k.trim()).filter(Boolean))].slice(0, 20);
  const hits = keywords.map((k) => ({
    keyword: k,
    count: countPhrase(text, k),
    inTitle: countPhrase(input.title, k) > 0,
    inHeadings: countPhrase(headingText, k) > 0,
  }));
  let kwScore = 100;
  if (keywords.length) {
    const used = hits.filter((h) => h.count > 0).length;
    const primary = hits[0];
    kwScore = Math.round((used / keywords.length) * 60);
    if (primary?.inTitle) kwScore += 20;
    else if (primary) suggestions.push(`Put the main keyword "${primary.keyword}" in the title.`);
    if (hits.some((h) => h.inHeadings)) kwScore += 10;
    else suggestions.push('Use at least one keyword in a subheading.');
    const density = primary && words ? (primary.count * primary.keyword.split(/\s+/).length * 100) / words : 0;
    if (primary && density > 3)
      suggestions.push(`"${primary.keyword}" makes up ${density.toFixed(1)} % of the words: use it less to avoid keyword stuffing.`);
    else kwScore += 10;
    for (const h of hits.filter((x) => x.count === 0).slice(0, 3)) suggestions.push(`Mention the keyword "${h.keyword}" in the text.`);
    if (primary && countPhrase(input.description, primary.keyword) === 0) suggestions.push(`Use "${primary.keyword}" in the meta description.`);
  } else {
    suggestions.push('Add target keywords to the article so it can be scored for them.');
  }
  kwScore = Math.max(0, Math.min(100, kwScore));

  // Headings: about one subheading per 300 words, at least 2.
  const wantHeadings = Math.max(2, Math.round(words / 300));
  const headScore = Math.min(100, Math.round((Math.min(sub.length, wantHeadings) / wantHeadings) * 100));
  if (sub.length < wantHeadings) suggestions.push(`Add subheadings: ${sub.length} for ${words} words; aim for about ${wantHeadings}.`);
  if (!hs.some((h) => h.level === 1)) suggestions.push('Give the article one H1 title.');

  // Length against the target.
  const target = Math.max(1, input.targetWords);
  const ratio = words / target;
  const lenScore = Math.round(
    ratio >= 0.9 && ratio <= 1.3 ? 100 : ratio < 0.9 ? Math.max(0, ratio / 0.9) * 100 : Math.max(40, 100 - (ratio - 1.3) * 100),
  );
  if (ratio < 0.9) suggestions.push(`Lengthen the article: ${words} of the ${target} target words.`);
  else if (ratio > 1.3) suggestions.push(`Trim the article: ${words} words against a ${target}-word target.`);

  // Readability: average sentence length (15–20 words reads well).
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((s) => s.trim().split(/\s+/).length >= 3);
  const avg = sentences.length ? words / sentences.length : words;
  const readScore = Math.round(avg <= 20 ? 100 : Math.max(0, 100 - (avg - 20) * 5));
  if (avg > 20) suggestions.push(`Shorten sentences: ${avg.toFixed(0)} words on average; aim for under 20.`);

  if (!input.description.trim()) suggestions.push('Write a meta description (up to 160 characters).');
  else if (input.description.length < 70) suggestions.push('Lengthen the meta description to 70–160 characters.');
  if (input.title.length > 65) suggestions.push('Shorten the title to about 60 characters so search results show it whole.');

  const score = Math.round(kwScore * 0.35 + headScore * 0.2 + lenScore * 0.25 + readScore * 0.2);
  return {
    score,
    breakdown: { keywords: kwScore, headings: headScore, length: lenScore, readability: readScore },
    suggestions,
    details: { wordCount: words, targetWords: target, headingCount: sub.length, avgSentenceWords: Math.round(avg * 10) / 10, keywordHits: hits },
  };
}

// ---- markdown → HTML (a small, escaping renderer; exports pass it through a sanitiser too) ----

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Only http(s), relative, anchor and media: references survive as link/image targets. */
function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^(https?:\/\/|\/(?!\/)|#|media:)/i.test(href)) return href;
  if (/^[a-z0-9][a-z0-9._~/-]*$/i.test(href)) return href;
  return null;
}

function inline(text: string): string {
  // Pull images and links out first so their URLs are not touched by emphasis rules.
  const tokens: string[] = [];
  const keep = (html: string) => `\u0000${tokens.push(html) - 1}\u0000`;
  let s = text.replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_m, alt: string, url: string) => {
    const href = safeHref(url);
    return href ? keep(`<img src="${escapeHtml(href)}" alt="${escapeHtml(alt)}">`) : escapeHtml(alt);
  });
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_m, label: string, url: string) => {
    const href = safeHref(url);
    return href ? keep(`<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`) : escapeHtml(label);
  });
  s = s.replace(/`([^`]+)`/g, (_m, code: string) => keep(`<code>${escapeHtml(code)}</code>`));
  s = escapeHtml(s)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\s][^_]*)_(?=[^\w]|$)/g, '$1<em>$2</em>');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: placeholder tokens use NUL on purpose
  return s.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => tokens[Number(i)] ?? '');
}

/** Renders the markdown the writers produce (headings, paragraphs, lists, quotes, images, emphasis) as HTML. */
export function markdownToHtml(md: string): string {
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let list: { type: 'ul' | 'ol'; items: string[] } | null = null;
  const flushPara = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.type}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.type}>`);
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (/^<!--.*-->$/.test(line.trim())) continue;
    const h = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
    const ul = /^\s*[-*+]\s+(.+)$/.exec(line);
    const ol = /^\s*\d+[.)]\s+(.+)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (!line.trim()) {
      flushPara();
      flushList();
    } else if (h) {
      flushPara();
      flushList();
      const level = (h[1] as string).length;
      out.push(`<h${level}>${inline(h[2] as string)}</h${level}>`);
    } else if (ul || ol) {
      flushPara();
      const type = ul ? 'ul' : 'ol';
      if (list && list.type !== type) flushList();
      if (!list) list = { type, items: [] };
      list.items.push(((ul ?? ol) as RegExpExecArray)[1] as string);
    } else if (quote) {
      flushPara();
      flushList();
      out.push(`<blockquote><p>${inline(quote[1] as string)}</p></blockquote>`);
    } else if (/^(?:-{3,}|\*{3,})$/.test(line.trim())) {
      flushPara();
      flushList();
      out.push('<hr>');
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara();
  flushList();
  return out.join('\n');
}
