import { MEDIA_REF_PREFIX, markdownToHtml } from '@atelier/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Article output: stored `media:<key>` image references become URLs for the context (signed
 * for the owner's editor, stable public ones for the feed and exports), and every HTML that
 * leaves the server (exports, feeds, HTML-format articles) passes sanitize-html with an
 * allowlist — no scripts, no event handlers, no javascript: URLs, no inline styles.
 */

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['scope'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Text inside dropped script/style is dropped with them (sanitize-html's default nonTextTags).
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  });
}

const MEDIA_REF = new RegExp(`${MEDIA_REF_PREFIX}([A-Za-z0-9._/-]+)`, 'g');

/**
 * The URL a `media:<key>` reference shows in one context, or null when the article may not show
 * that key (the reference is then dropped): see `articleMediaUrls` in seo.articles.ts.
 */
export type MediaRefUrl = (key: string) => string | null;

/** `media:<key>` → the context's URL for it (nothing for a key the article may not show). */
export function resolveMediaRefs(content: string, urlFor: MediaRefUrl): string {
  return content.replace(MEDIA_REF, (_m, key: string) => {
    if (key.includes('..')) return '';
    return urlFor(key) ?? '';
  });
}

/**
 * The reverse, for edited content sent back: our media URLs (signed or public, relative or
 * absolute, `&` HTML-escaped or not) become stable references again.
 */
export function toMediaRefs(content: string): string {
  return content.replace(
    /(?:https?:\/\/[^\s"')<>/]+)?\/media\/([A-Za-z0-9._/-]+)\?(?:(?:exp|g|n)=[A-Za-z0-9._-]+&(?:amp;)?)*sig=[A-Za-z0-9_-]+(?:&(?:amp;)?download=1)?/g,
    (_m, key: string) => (key.includes('..') ? '' : `${MEDIA_REF_PREFIX}${key}`),
  );
}

/** An article's content as safe HTML (markdown rendered, then sanitised), media resolved. */
export function articleHtml(content: string, format: 'markdown' | 'html', urlFor: MediaRefUrl): string {
  const html = format === 'markdown' ? markdownToHtml(stripHtml(content)) : content;
  return sanitizeArticleHtml(resolveMediaRefs(html, urlFor));
}

/** Markdown export: HTML blocks an author may have typed are dropped (no raw HTML in the file). */
export function articleMarkdown(content: string, format: 'markdown' | 'html', urlFor: MediaRefUrl): string {
  if (format === 'html') {
    // An HTML article exported as markdown: sanitise, then turn the structure into markdown.
    const safe = articleHtml(content, 'html', urlFor);
    return htmlToMarkdown(safe);
  }
  return resolveMediaRefs(safeMarkdownLinks(stripHtml(content)), urlFor);
}

/** Link and image targets with a scheme other than http(s), mailto or our media: become '#'. */
export function safeMarkdownLinks(markdown: string): string {
  return markdown.replace(/\]\(\s*(?!https?:|mailto:|media:)[a-z][a-z0-9+.-]*:[^)\s]*\)?/gi, '](#)');
}

/** Markdown articles carry no raw HTML: tags (and script/style contents) an author typed are dropped. */
export function stripHtml(markdown: string): string {
  return sanitizeHtml(markdown, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard', parser: { decodeEntities: false } });
}

/** A small HTML → markdown for sanitised article HTML. */
export function htmlToMarkdown(html: string): string {
  let s = html;
  s = s.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/gi, (_m, n: string, t: string) => `\n\n${'#'.repeat(Number(n))} ${t.trim()}\n\n`);
  s = s.replace(/<img [^>]*src="([^"]*)"[^>]*?(?:alt="([^"]*)")?[^>]*>/gi, (_m, src: string, alt?: string) => `\n\n![${alt ?? ''}](${src})\n\n`);
  s = s.replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, t: string) => `[${t}](${href})`);
  s = s.replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, '**$2**').replace(/<(em|i)>([\s\S]*?)<\/\1>/gi, '*$2*');
  s = s.replace(/<li>([\s\S]*?)<\/li>/gi, '\n- $1').replace(/<\/?(ul|ol)>/gi, '\n');
  s = s.replace(/<br\s*\/?>/gi, '\n').replace(/<hr\s*\/?>/gi, '\n\n---\n\n');
  s = s.replace(/<\/p>/gi, '\n\n').replace(/<[^>]+>/g, '');
  s = s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return `${s.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface FeedArticle {
  id: string;
  title: string;
  description: string;
  slug: string;
  content: string;
  format: 'markdown' | 'html';
  keywords: string[];
  publishedAt: Date;
  updatedAt: Date;
  /** The article's public image URLs. */
  mediaUrl: MediaRefUrl;
}

export function rssFeed(site: { title: string; description: string; link: string; feedUrl: string }, articles: FeedArticle[]): string {
  const items = articles
    .map((a) => {
      const html = articleHtml(a.content, a.format, a.mediaUrl);
      return [
        '    <item>',
        `      <title>${xml(a.title)}</title>`,
        `      <link>${xml(`${site.link}#${a.slug}`)}</link>`,
        `      <guid isPermaLink="false">${xml(a.id)}</guid>`,
        `      <pubDate>${a.publishedAt.toUTCString()}</pubDate>`,
        `      <description>${xml(a.description)}</description>`,
        ...a.keywords.map((k) => `      <category>${xml(k)}</category>`),
        `      <content:encoded>${xml(html)}</content:encoded>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(site.title)}</title>`,
    `    <link>${xml(site.link)}</link>`,
    `    <description>${xml(site.description)}</description>`,
    `    <atom:link href="${xml(site.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    articles[0] ? `    <lastBuildDate>${articles[0].publishedAt.toUTCString()}</lastBuildDate>` : '',
    items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

export function jsonFeed(site: { title: string; description: string; link: string; feedUrl: string }, articles: FeedArticle[]) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: site.title,
    description: site.description,
    home_page_url: site.link,
    feed_url: site.feedUrl,
    items: articles.map((a) => ({
      id: a.id,
      url: `${site.link}#${a.slug}`,
      title: a.title,
      summary: a.description,
      content_html: articleHtml(a.content, a.format, a.mediaUrl),
      tags: a.keywords,
      date_published: a.publishedAt.toISOString(),
      date_modified: a.updatedAt.toISOString(),
    })),
  };
}
