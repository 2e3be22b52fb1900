/**
 * A small, safe markdown parser for chat messages. It turns text into a plain tree (blocks and
 * inlines) that `Markdown.tsx` renders with React elements — never HTML strings — so nothing in a
 * message can inject markup or script. Raw HTML in the text stays visible as text.
 *
 * Supported: headings, paragraphs (single newlines kept as line breaks), bold, italic,
 * strikethrough, inline code, fenced code blocks (an unterminated fence — a reply still streaming —
 * runs to the end), bullet and numbered lists (nested by indentation), block quotes, pipe tables,
 * horizontal rules, links and bare URLs (http and https only; anything else renders as its text).
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type TableAlign = 'left' | 'center' | 'right' | null;

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; lang: string; text: string; closed: boolean }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: TableAlign[]; header: Inline[][]; rows: Inline[][][] }
  | { type: 'hr' };

/** Nesting deeper than this (quotes in lists in quotes…) is shown as plain paragraphs. */
const MAX_DEPTH = 12;

/** Only absolute http(s) URLs become links; javascript:, data:, relative paths… do not. */
export function safeHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;
const HEADING_RE = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*$/;
const HR_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE_RE = /^ {0,3}> ?(.*)$/;
const LIST_RE = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TABLE_SEP_RE = /^ *\|? *:?-{1,}:? *(?:\| *:?-{1,}:? *)*\|? *$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;

function expandTabs(line: string): string {
  return line.includes('\t') ? line.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length)) : line;
}

/** True when `line` starts a block that ends a paragraph. */
function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE_RE.test(line) ||
    HEADING_RE.test(line) ||
    HR_RE.test(line) ||
    QUOTE_RE.test(line) ||
    isListItem(line) ||
    (line.includes('|') && next !== undefined && isTableSeparator(next, line))
  );
}

function isListItem(line: string): boolean {
  const m = LIST_RE.exec(line);
  // A bare "-" or "1." with nothing after it only counts when followed by text on the line.
  return m !== null && (m[1] ?? '').length <= 3 && m[3] !== undefined && m[3].trim() !== '';
}

function isTableSeparator(line: string, headerLine: string): boolean {
  if (!TABLE_SEP_RE.test(line) || !line.includes('-')) return false;
  return splitRow(line).length === splitRow(headerLine).length;
}

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && s[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function alignOf(cell: string): TableAlign {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return null;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  return parseBlocks(lines, 0);
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE_RE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const indent = indentOf(line);
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      const body: string[] = [];
      let closed = false;
      i++;
      while (i < lines.length) {
        const l = lines[i] as string;
        if (closing.test(l)) {
          closed = true;
          i++;
          break;
        }
        body.push(indent > 0 ? l.replace(new RegExp(`^ {0,${indent}}`), '') : l);
        i++;
      }
      blocks.push({ type: 'code', lang: (fence[2] ?? '').toLowerCase(), text: body.join('\n'), closed });
      continue;
    }

    const heading = HEADING_RE.exec(line);
    if (heading) {
      const level = (heading[1] as string).length as 1 | 2 | 3 | 4 | 5 | 6;
      const text = (heading[2] ?? '').replace(/\s+#+\s*$/, '');
      blocks.push({ type: 'heading', level, children: parseInline(text) });
      i++;
      continue;
    }

    if (HR_RE.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
      continue;
    }

    if (QUOTE_RE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length) {
        const l = lines[i] as string;
        const q = QUOTE_RE.exec(l);
        if (q) inner.push(q[1] ?? '');
        else if (!isBlank(l) && !startsBlock(l, lines[i + 1]) && inner.length > 0 && !isBlank(inner.at(-1) as string)) inner.push(l);
        else break;
        i++;
      }
      blocks.push(depth < MAX_DEPTH ? { type: 'quote', children: parseBlocks(inner, depth + 1) } : paragraphOf(inner));
      continue;
    }

    if (isListItem(line)) {
      const parsed = parseList(lines, i, depth);
      blocks.push(parsed.block);
      i = parsed.next;
      continue;
    }

    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && isTableSeparator(next, line)) {
      const header = splitRow(line);
      const align = splitRow(next).map(alignOf);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length) {
        const l = lines[i] as string;
        if (isBlank(l) || !l.includes('|') || (startsBlock(l, lines[i + 1]) && !l.trim().startsWith('|'))) break;
        const cells = splitRow(l);
        rows.push(header.map((_, c) => parseInline(cells[c] ?? '')));
        i++;
      }
      blocks.push({ type: 'table', align, header: header.map((h) => parseInline(h)), rows });
      continue;
    }

    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i] as string;
      if (isBlank(l) || (para.length > 0 && startsBlock(l, lines[i + 1]))) break;
      para.push(l);
      i++;
    }
    blocks.push(paragraphOf(para));
  }
  return blocks;
}

function paragraphOf(lines: string[]): Block {
  return { type: 'paragraph', children: parseInline(lines.map((l) => l.trim()).join('\n')) };
}

function parseList(lines: string[], from: number, depth: number): { block: Block; next: number } {
  const first = LIST_RE.exec(lines[from] as string) as RegExpExecArray;
  const baseIndent = (first[1] as string).length;
  const ordered = /\d/.test(first[2] as string);
  const start = ordered ? Number.parseInt(first[2] as string, 10) : 1;
  const items: Block[][] = [];
  let i = from;

  while (i < lines.length) {
    const m = LIST_RE.exec(lines[i] as string);
    if (!m || !isListItem(lines[i] as string)) break;
    const indent = (m[1] as string).length;
    if (indent > baseIndent + 1 || indent < baseIndent) break;
    if (/\d/.test(m[2] as string) !== ordered) break;
    const contentIndent = indent + (m[2] as string).length + 1;
    const itemLines: string[] = [m[3] ?? ''];
    i++;
    while (i < lines.length) {
      const l = lines[i] as string;
      if (isBlank(l)) {
        // A blank line keeps the item open only when indented content follows.
        let j = i + 1;
        while (j < lines.length && isBlank(lines[j] as string)) j++;
        if (
          j < lines.length &&
          indentOf(lines[j] as string) > baseIndent &&
          indentOf(lines[j] as string) >= Math.min(contentIndent, baseIndent + 2)
        ) {
          for (let k = i; k < j; k++) itemLines.push('');
          i = j;
          continue;
        }
        break;
      }
      const ind = indentOf(l);
      if (ind > baseIndent) {
        itemLines.push(l.slice(Math.min(ind, contentIndent)));
        i++;
        continue;
      }
      // A lazy continuation of the item's paragraph.
      if (!startsBlock(l, lines[i + 1]) && !isBlank(itemLines.at(-1) as string)) {
        itemLines.push(l.trim());
        i++;
        continue;
      }
      break;
    }
    items.push(depth < MAX_DEPTH ? parseBlocks(itemLines, depth + 1) : [paragraphOf(itemLines)]);
  }
  return { block: { type: 'list', ordered, start, items }, next: i };
}

// ---------------------------------------------------------------------------------------------
// Inlines
// ---------------------------------------------------------------------------------------------

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!~|>]/;
const BARE_URL_RE = /^https?:\/\/[^\s<>"']*[^\s<>"'.,:;!?)\]}*_~]/i;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** The index of the closing `delim` for an opener at `from` (content starts at `from`), or -1. */
function findClosing(s: string, delim: string, from: number): number {
  let j = from;
  while (j < s.length) {
    const at = s.indexOf(delim, j);
    if (at === -1) return -1;
    // Skip code spans: delimiters inside them don't count.
    const tick = s.indexOf('`', j);
    if (tick !== -1 && tick < at) {
      const run = /^`+/.exec(s.slice(tick))?.[0] ?? '`';
      const end = s.indexOf(run, tick + run.length);
      if (end !== -1 && end > at) {
        j = end + run.length;
        continue;
      }
    }
    const single = delim.length === 1;
    const before = s[at - 1];
    const after = s[at + delim.length];
    const valid =
      at > from &&
      before !== undefined &&
      !/\s/.test(before) &&
      // A single * or _ must not be half of a double one.
      (!single || (s[at + 1] !== delim && before !== delim)) &&
      // Intraword underscores (snake_case) never close.
      (delim[0] !== '_' || !isWordChar(after));
    // In a run of three (`***`) a double closes on its last two, leaving the single to the inner text.
    if (valid) return !single && s[at + 2] === delim[0] ? at + 1 : at;
    j = at + (single && s[at + 1] === delim ? 2 : 1);
  }
  return -1;
}

/** `[text](url "title")` starting at `i` (the `[`); returns the pieces or null. */
function matchLink(s: string, i: number): { text: string; url: string; end: number } | null {
  let depth = 0;
  let j = i;
  for (; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']') {
      depth--;
      if (depth === 0) break;
    }
  }
  if (depth !== 0 || s[j + 1] !== '(') return null;
  const m = /^\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(s.slice(j + 1));
  if (!m) return null;
  return { text: s.slice(i + 1, j), url: m[1] ?? '', end: j + 1 + m[0].length };
}

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ type: 'text', text: buf });
    buf = '';
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    const prev = s[i - 1];

    if (c === '\\' && i + 1 < s.length && ESCAPABLE.test(s[i + 1] as string)) {
      buf += s[i + 1];
      i += 2;
      continue;
    }

    if (c === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }

    if (c === '`') {
      const run = /^`+/.exec(s.slice(i))?.[0] ?? '`';
      const end = s.indexOf(run, i + run.length);
      // The closing run must be exactly as long.
      if (end !== -1 && s[end + run.length] !== '`') {
        flush();
        let code = s.slice(i + run.length, end).replace(/\n/g, ' ');
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
        out.push({ type: 'code', text: code });
        i = end + run.length;
        continue;
      }
      buf += run;
      i += run.length;
      continue;
    }

    if (c === '~' && s[i + 1] === '~' && s[i + 2] !== undefined && !/\s/.test(s[i + 2] as string)) {
      const end = findClosing(s, '~~', i + 2);
      if (end !== -1) {
        flush();
        out.push({ type: 'del', children: parseInline(s.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }

    if ((c === '*' || c === '_') && !(c === '_' && isWordChar(prev))) {
      const double = s[i + 1] === c;
      const delim = double ? c + c : c;
      const contentStart = i + delim.length;
      const next = s[contentStart];
      if (next !== undefined && !/\s/.test(next)) {
        const end = findClosing(s, delim, contentStart);
        if (end !== -1) {
          flush();
          const children = parseInline(s.slice(contentStart, end));
          out.push(double ? { type: 'strong', children } : { type: 'em', children });
          i = end + delim.length;
          continue;
        }
      }
      buf += delim;
      i += delim.length;
      continue;
    }

    if (c === '!' && s[i + 1] === '[') {
      // Images are not loaded (no third-party requests from a message); the alt text links to them.
      const link = matchLink(s, i + 1);
      if (link) {
        flush();
        const href = safeHref(link.url);
        const alt = link.text.trim() || 'image';
        out.push(href ? { type: 'link', href, children: [{ type: 'text', text: alt }] } : { type: 'text', text: alt });
        i = link.end;
        continue;
      }
    }

    if (c === '[') {
      const link = matchLink(s, i);
      if (link) {
        flush();
        const href = safeHref(link.url);
        const children = parseInline(link.text);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }

    if (c === '<') {
      const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(s.slice(i));
      const href = auto ? safeHref(auto[1] as string) : null;
      if (auto && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: auto[1] as string }] });
        i += auto[0].length;
        continue;
      }
    }

    if ((c === 'h' || c === 'H') && !isWordChar(prev)) {
      const bare = BARE_URL_RE.exec(s.slice(i));
      const href = bare ? safeHref(bare[0]) : null;
      if (bare && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: bare[0] }] });
        i += bare[0].length;
        continue;
      }
    }

    buf += c;
    i++;
  }
  flush();
  return out;
}

/** The text of inlines without formatting (for headings' ids, tests and copy). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'text' || n.type === 'code') return n.text;
      if (n.type === 'br') return '\n';
      return inlineText(n.children);
    })
    .join('');
}
