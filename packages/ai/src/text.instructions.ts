/**
 * Instructions the offline writer can honour ("mention bakery near me", "make it shorter", "about 300 words",
 * "use a friendly tone", "add a section on pricing", "remove the Conclusion section", "rename the heading X to Y",
 * "change the title to Z", "don't mention X"): parsed from free text by rule, then applied to a markdown text
 * deterministically — headings, images and the sentences that carry a requested phrase are kept intact.
 * Used by the SEO refine flow (rewrite with instructions) and by the local text engine (instructions in a prompt).
 */
import { countPhrase } from '@atelier/shared';
import { hashString, Rng } from './common';

export type Tone = 'friendly' | 'formal' | 'persuasive' | 'playful';

export type Instruction =
  | { kind: 'include'; phrase: string; times: number; source: string }
  | { kind: 'exclude'; phrase: string; source: string }
  | { kind: 'length'; words?: number; ratio?: number; source: string }
  | { kind: 'tone'; tone: Tone; source: string }
  | { kind: 'addSection'; heading: string; list: 'checklist' | 'faq' | null; source: string }
  | { kind: 'removeSection'; heading: string; source: string }
  | { kind: 'renameSection'; from: string; to: string; source: string }
  | { kind: 'title'; title: string; source: string };

export interface ParsedInstructions {
  instructions: Instruction[];
  /** The text with the instruction clauses taken out (what the writer should write about). */
  rest: string;
  /** Clauses that read like instructions the offline writer cannot carry out. */
  unsupported: string[];
}

const VERBS =
  "make|add|remove|delete|drop|cut|include|mention|use|rename|retitle|change|shorten|expand|lengthen|keep|write|insert|append|give|avoid|don't|do not|never|trim|condense|call|set|put|work|talk|focus|tighten";
const QUOTE = /^["“”'‘’]+|["“”'‘’]+$/g;
const unquote = (s: string) =>
  s
    .trim()
    .replace(QUOTE, '')
    .replace(/[.!?]+$/, '')
    .trim();

const TONE_WORDS: Record<Tone, RegExp> = {
  friendly: /\b(friendl(?:y|ier)|warm(?:er)?|casual|conversational|relaxed|approachable|informal|chatty)\b/i,
  formal: /\b(formal|professional|serious|authoritative|businesslike|academic)\b/i,
  persuasive: /\b(persuasive|convincing|confident|salesy|compelling|urgent|bolder|assertive)\b/i,
  playful: /\b(playful|fun|funny|enthusiastic|excited|upbeat|energetic|cheerful|lively)\b/i,
};

const NUMBER_WORDS: Record<string, number> = { once: 1, twice: 2, thrice: 3, two: 2, three: 3, four: 4, five: 5 };

/** Splits instruction text into clauses: sentences, and "… and <verb> …" joins. */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .flatMap((s) => s.split(new RegExp(`,?\\s+(?:and|then|also)\\s+(?=(?:${VERBS})\\b)|,\\s+(?=(?:${VERBS})\\b)`, 'i')))
    .map((s) =>
      s
        .trim()
        .replace(/^(?:please|also|and|then)\s+/i, '')
        .replace(/[.;!]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

function parseClause(clause: string): Instruction[] | null {
  const c = clause.trim();
  const source = c;
  const out: Instruction[] = [];
  /** The first of the patterns that matches the clause. */
  const first = (...patterns: RegExp[]): RegExpExecArray | null => {
    for (const re of patterns) {
      const found = re.exec(c);
      if (found) return found;
    }
    return null;
  };
  const g = (found: RegExpExecArray, i: number) => unquote(found[i] ?? '');

  const title = first(/^(?:change|set|make|rename)\s+(?:the\s+)?(?:article\s+)?title\s+(?:to|into|as)\s+(.+)$/i);
  if (title) return [{ kind: 'title', title: g(title, 1), source }];
  const rename = first(
    /^(?:rename|retitle|change|call)\s+(?:the\s+)?(?:section|heading|subheading)\s+(.+?)\s+(?:to|into|as)\s+(.+)$/i,
    /^(?:rename|retitle|change)\s+(?:the\s+)?(.+?)\s+(?:section|heading|subheading)\s+(?:to|into|as)\s+(.+)$/i,
  );
  if (rename) return [{ kind: 'renameSection', from: g(rename, 1), to: g(rename, 2), source }];
  const remove = first(
    /^(?:remove|delete|drop|cut|get rid of|take out)\s+(?:the\s+)?(?:section|heading|part|subheading)\s+(?:on|about|called|titled|named)?\s*(.+)$/i,
    /^(?:remove|delete|drop|cut|get rid of|take out)\s+(?:the\s+)?(.+?)\s+(?:section|heading|part|subheading)$/i,
  );
  if (remove) return [{ kind: 'removeSection', heading: g(remove, 1), source }];
  // add a section: "add an FAQ", "add a short checklist", "add a section on X"
  const special = first(
    /^(?:add|include|write|insert|append|give it)\s+(?:a|an|one more|another|a new)?\s*(?:short\s+|brief\s+|quick\s+)?(checklist|faq|faqs|frequently asked questions|summary|tl;?dr|key takeaways|takeaways|conclusion)(?:\s+section)?(?:\s+(?:on|about|for)\s+(.+))?$/i,
  );
  if (special) {
    const what = (special[1] ?? '').toLowerCase();
    const about = special[2] ? unquote(special[2]) : '';
    const list = what === 'checklist' ? 'checklist' : what.startsWith('faq') || what.startsWith('frequently') ? 'faq' : null;
    const base = list === 'faq' ? 'Frequently asked questions' : what.startsWith('tl') ? 'TL;DR' : what.replace(/^\w/, (x) => x.toUpperCase());
    return [{ kind: 'addSection', heading: about ? `${base}: ${about}` : base, list, source }];
  }
  const add = first(
    /^(?:add|include|write|insert|append)\s+(?:a|an|one more|another|a new)?\s*(?:short\s+|brief\s+)?(?:section|heading|subheading|chapter|part|paragraph)\s+(?:on|about|called|titled|named|for|covering|explaining)\s+(.+)$/i,
  );
  if (add) return [{ kind: 'addSection', heading: g(add, 1), list: null, source }];
  const exclude = first(
    /^(?:don't|do not|never|avoid|stop)\s+(?:mention(?:ing)?|us(?:e|ing)|say(?:ing)?|talk(?:ing)? about)\s+(.+)$/i,
    /^(?:remove|delete|drop|cut)\s+(?:all\s+)?(?:mentions? of|references? to|the (?:word|phrase|term))\s+(.+)$/i,
  );
  if (exclude) return [{ kind: 'exclude', phrase: g(exclude, 1), source }];
  // length
  const words =
    /\b(?:about|around|roughly|approximately|under|at most|no more than|max(?:imum)?|at least|exactly|to|into|of)?\s*(\d{2,4})\s*(?:-\s*)?words?\b/i.exec(
      c,
    );
  if (words && /\b(make|keep|cut|trim|shorten|expand|lengthen|write|bring|get|aim|limit|target|length|long|words?)\b/i.test(c)) {
    out.push({ kind: 'length', words: Number(words[1]), source });
  } else if (/\b(half as long|halve|half the length)\b/i.test(c)) out.push({ kind: 'length', ratio: 0.5, source });
  else if (/\b(twice as long|double the length|double it)\b/i.test(c)) out.push({ kind: 'length', ratio: 2, source });
  else if (/\b(shorter|shorten|trim|condense|tighten|more concise|concise|cut it down|briefer|less wordy|cut down)\b/i.test(c))
    out.push({ kind: 'length', ratio: 0.7, source });
  else if (/\b(longer|expand|lengthen|more detail(?:ed)?|elaborate|flesh (?:it )?out|extend|go deeper)\b/i.test(c))
    out.push({ kind: 'length', ratio: 1.4, source });
  // tone
  if (/\b(tone|voice|sound|style|more|less|make it|write it|keep it|read)\b/i.test(c) || /\b(friendlier|warmer|bolder)\b/i.test(c)) {
    for (const [tone, re] of Object.entries(TONE_WORDS) as [Tone, RegExp][]) {
      if (re.test(c) && !/\bless\s+\w+/i.test(c.slice(0, c.search(re) + 1))) {
        out.push({ kind: 'tone', tone, source });
        break;
      }
    }
  }
  if (out.length) return out;
  // include a phrase: "mention X", "include the keyword X", "use the phrase 'X' twice", "talk about X"
  const m = first(
    /^(?:mention|include|use|add|insert|work in|weave in|talk about|cover|reference)\s+(?:the\s+)?(?:(?:key)?(?:word|phrase|term|keyword)s?\s+)?(.+?)(?:\s+(once|twice|thrice|two times|three times|\d+\s+times|a few times|several times))?(?:\s+(?:in|into|throughout|somewhere in)\s+(?:the\s+)?(?:text|article|copy|post|intro|introduction|draft|piece))?$/i,
  );
  if (m) {
    const quoted = [...(m[1] as string).matchAll(/["“‘']([^"”’']+)["”’']/g)].map((q) => (q[1] as string).trim());
    // "mention glaze safety and kiln temperature" names two phrases; quotes keep a phrase whole
    const plain = unquote(m[1] as string);
    const parts = plain.split(/\s*,\s*|\s+and\s+/).filter(Boolean);
    const phrases = quoted.length ? quoted : parts.length > 1 && parts.every((x) => x.split(' ').length <= 4) ? parts : [plain];
    const timesWord = (m[2] ?? '').toLowerCase();
    const times = timesWord ? (NUMBER_WORDS[timesWord.split(' ')[0] ?? ''] ?? (Number.parseInt(timesWord, 10) || 2)) : 1;
    return phrases
      .filter((p) => p.length > 0 && p.length <= 80)
      .map((phrase) => ({ kind: 'include' as const, phrase, times: Math.min(5, times), source }));
  }
  return null;
}

/** Reads the instructions in a text; what is not an instruction stays in `rest`. */
export function parseInstructions(text: string): ParsedInstructions {
  const instructions: Instruction[] = [];
  const rest: string[] = [];
  const unsupported: string[] = [];
  for (const clause of clauses(text)) {
    const parsed = parseClause(clause);
    if (parsed?.length) instructions.push(...parsed);
    else if (new RegExp(`^(?:${VERBS})\\b`, 'i').test(clause) && !/^(?:write|give|make)\s+(?:me\s+)?(?:an?|the)\s/i.test(clause))
      unsupported.push(clause);
    else rest.push(clause);
  }
  return { instructions, rest: rest.join('. '), unsupported };
}

// ---------------------------------------------------------------------------------------------------------------
// The text as blocks
// ---------------------------------------------------------------------------------------------------------------

type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[]; ordered: boolean }
  | { type: 'other'; text: string };

function toBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of markdown.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const chunk = raw.trim();
    if (!chunk) continue;
    const lines = chunk.split('\n');
    // a heading line followed by text without a blank line: split them
    const h = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/.exec(lines[0] ?? '');
    if (h) {
      blocks.push({ type: 'heading', level: (h[1] as string).length, text: (h[2] as string).trim() });
      if (lines.length > 1) blocks.push(...toBlocks(lines.slice(1).join('\n')));
      continue;
    }
    if (lines.every((l) => /^\s*(?:[-*+]|\d+\.)\s+/.test(l))) {
      blocks.push({ type: 'list', items: lines.map((l) => l.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')), ordered: /^\s*\d+\./.test(lines[0] ?? '') });
      continue;
    }
    if (/^(?:!\[|<|```|>|\||---)/.test(chunk)) {
      blocks.push({ type: 'other', text: chunk });
      continue;
    }
    blocks.push({ type: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}

function fromBlocks(blocks: Block[]): string {
  return `${blocks
    .map((b) => {
      if (b.type === 'heading') return `${'#'.repeat(b.level)} ${b.text}`;
      if (b.type === 'list') return b.items.map((it, i) => `${b.ordered ? `${i + 1}.` : '-'} ${it}`).join('\n');
      return b.text;
    })
    .join('\n\n')
    .trim()}\n`;
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=["“*_(]?[A-Z0-9])/).filter((s) => s.trim());
const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const blockWords = (b: Block) =>
  b.type === 'heading' ? wordCount(b.text) : b.type === 'list' ? wordCount(b.items.join(' ')) : b.type === 'paragraph' ? wordCount(b.text) : 0;
const totalWords = (blocks: Block[]) => blocks.reduce((n, b) => n + blockWords(b), 0);
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The section (heading index .. before the next heading of the same or higher level) a heading names. */
function findHeading(blocks: Block[], name: string): number {
  const want = norm(name);
  const exact = blocks.findIndex((b) => b.type === 'heading' && b.level >= 2 && norm(b.text) === want);
  if (exact >= 0) return exact;
  return blocks.findIndex(
    (b) => b.type === 'heading' && b.level >= 2 && (norm(b.text).includes(want) || (want.length > 3 && want.includes(norm(b.text)))),
  );
}

function sectionEnd(blocks: Block[], start: number): number {
  const level = (blocks[start] as { level: number }).level;
  for (let i = start + 1; i < blocks.length; i++) {
    const b = blocks[i] as Block;
    if (b.type === 'heading' && b.level <= level) return i;
  }
  return blocks.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Sentences the writer adds
// ---------------------------------------------------------------------------------------------------------------

const INCLUDE = [
  'If you are searching for {x}, this is a good place to start.',
  'It is worth saying a word about {x} here, because it matters to many readers.',
  'For anyone comparing options, {x} deserves a closer look.',
  'Many people come to this topic through {x}, and the same ideas apply.',
  'Keep {x} in mind as you read the rest of this guide.',
] as const;

const EXPAND = [
  'In practice, {h} comes down to a few clear choices, made one at a time.',
  'A small, concrete example makes {h} easier to picture: start there, then widen the view.',
  'It helps to revisit {h} after a week or two and keep what worked.',
  'Most of the value in {h} comes from doing the basics consistently.',
  'Write down what you learn about {h} as you go; the next step is then easier to plan.',
  'When in doubt about {h}, ask what your readers need first.',
  'The details of {h} vary from case to case, but the principles stay the same.',
  'Small improvements to {h} add up faster than one big change.',
] as const;

const SECTION_BODY = [
  'This section looks at {h} and why it matters for {topic}.',
  '{H} is often where the practical questions about {topic} come up, so it is worth a closer look.',
  'Here is what to know about {h} before you decide on your next step.',
] as const;

const CHECKLIST = [
  'Decide what you want to achieve with {topic}.',
  'Gather what you need before you start.',
  'Try it once on a small scale and note the result.',
  'Fix one thing at a time and check again.',
  'Set a reminder to review your progress.',
] as const;

const FAQ: readonly (readonly [string, string])[] = [
  ['Where should I start with {topic}?', 'Start small: pick one part of {topic}, try it, and build from what you learn.'],
  ['How long does {topic} take?', 'It depends on your goals, but a little regular time beats one long session.'],
  ['What is the most common mistake?', 'Trying to do everything at once. Focus on the basics of {topic} first.'],
];

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

// Tone rewrites: word-for-word swaps a reader notices, applied to paragraphs and list items (never headings).
const CONTRACT: readonly (readonly [RegExp, string])[] = [
  [/\bdo not\b/g, "don't"],
  [/\bDo not\b/g, "Don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bis not\b/g, "isn't"],
  [/\bare not\b/g, "aren't"],
  [/\bcannot\b/g, "can't"],
  [/\bCannot\b/g, "Can't"],
  [/\bwill not\b/g, "won't"],
  [/\bit is\b/g, "it's"],
  [/\bIt is\b/g, "It's"],
  [/\byou are\b/g, "you're"],
  [/\bYou are\b/g, "You're"],
  [/\bwe are\b/g, "we're"],
  [/\bWe are\b/g, "We're"],
  [/\bthat is\b/g, "that's"],
  [/\bThere is\b/g, "There's"],
  [/\bthere is\b/g, "there's"],
  [/\bHere is\b/g, "Here's"],
  [/\bhere is\b/g, "here's"],
  [/\blet us\b/g, "let's"],
  [/\bLet us\b/g, "Let's"],
];
const EXPAND_CONTRACTIONS: readonly (readonly [RegExp, string])[] = [
  [/\bdon't\b/g, 'do not'],
  [/\bDon't\b/g, 'Do not'],
  [/\bdoesn't\b/g, 'does not'],
  [/\bisn't\b/g, 'is not'],
  [/\baren't\b/g, 'are not'],
  [/\bcan't\b/g, 'cannot'],
  [/\bCan't\b/g, 'Cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\byou're\b/g, 'you are'],
  [/\bYou're\b/g, 'You are'],
  [/\bwe're\b/g, 'we are'],
  [/\bWe're\b/g, 'We are'],
  [/\bthat's\b/g, 'that is'],
  [/\bthere's\b/g, 'there is'],
  [/\bThere's\b/g, 'There is'],
  [/\bhere's\b/g, 'here is'],
  [/\bHere's\b/g, 'Here is'],
  [/\blet's\b/g, 'let us'],
  [/\bLet's\b/g, 'Let us'],
  [/\bI'm\b/g, 'I am'],
  [/\bthey're\b/g, 'they are'],
];
const FRIENDLY_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\butili[sz]e\b/gi, 'use'],
  [/\bpurchase\b/gi, 'buy'],
  [/\bcommence\b/gi, 'start'],
  [/\bassist\b/gi, 'help'],
  [/\bindividuals\b/gi, 'people'],
  [/\bobtain\b/gi, 'get'],
  [/\bnumerous\b/gi, 'lots of'],
  [/\bAdditionally,/g, 'Plus,'],
  [/\bHowever,/g, 'But'],
  [/\bTherefore,/g, 'So'],
];
const FORMAL_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\blots of\b/gi, 'many'],
  [/\ba bunch of\b/gi, 'several'],
  [/\bkids\b/gi, 'children'],
  [/\bgonna\b/gi, 'going to'],
  [/\bPlus,/g, 'Additionally,'],
  [/\bSo,/g, 'Therefore,'],
  [/\bBut\b/g, 'However,'],
  [/\bstuff\b/gi, 'material'],
  [/\bpretty\s+(?=\w)/gi, ''],
];
const HEDGES: readonly (readonly [RegExp, string])[] = [
  [/\bmight\b/g, 'will'],
  [/\bmay want to\b/g, 'should'],
  [/\bcould\b/g, 'can'],
  [/\bperhaps\s+/gi, ''],
  [/\bmaybe\s+/gi, ''],
  [/\busually\s+/g, ''],
  [/\boften\s+/g, ''],
  [/\btry to\s+/g, ''],
];

const OPENERS: Record<Tone, string> = {
  friendly: "Let's dive in — you'll find it's easier than it looks.",
  formal: 'The following sections set out the main considerations in turn.',
  persuasive: 'The good news: with the right approach, results follow quickly.',
  playful: "Ready? Let's have some fun with it!",
};
const CLOSERS: Record<Tone, string> = {
  friendly: "Give it a go — you've got this.",
  formal: 'These points provide a sound basis for further work.',
  persuasive: "Don't wait: start today and see the difference for yourself.",
  playful: 'Now go and enjoy it!',
};

function retone(text: string, tone: Tone): string {
  let t = text;
  const swaps =
    tone === 'friendly' || tone === 'playful'
      ? [...CONTRACT, ...FRIENDLY_WORDS]
      : tone === 'formal'
        ? [...EXPAND_CONTRACTIONS, ...FORMAL_WORDS]
        : [...CONTRACT, ...HEDGES];
  for (const [re, to] of swaps) t = t.replace(re, to);
  if (tone === 'formal') t = t.replace(/!+/g, '.');
  if (tone === 'playful') t = t.replace(/\.(\s|$)/, '!$1');
  return t.replace(/\s{2,}/g, ' ').replace(/(^|[.!?]\s+)([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());
}

// ---------------------------------------------------------------------------------------------------------------
// Applying
// ---------------------------------------------------------------------------------------------------------------

export interface ReviseTextOptions {
  /** Markdown text (an article with `#`/`##` headings, or a section body). */
  text: string;
  /** Free-text instructions, or instructions already parsed. */
  instructions: string | Instruction[];
  /** What the text is about (used in the sentences the writer adds). */
  topic: string;
  /** Deterministic choices: same inputs → same text. */
  seed?: number;
}

export interface ReviseTextResult {
  text: string;
  /** What was done, one line per instruction carried out. */
  applied: string[];
  /** Instructions understood but not possible on this text (e.g. a section that is not there) and clauses not understood. */
  skipped: string[];
}

/** Applies instructions to a markdown text by rule (see the module comment). */
export function reviseText(options: ReviseTextOptions): ReviseTextResult {
  const parsed: ParsedInstructions =
    typeof options.instructions === 'string'
      ? parseInstructions(options.instructions)
      : { instructions: options.instructions, rest: '', unsupported: [] };
  const topic = options.topic.trim() || 'this topic';
  const rng = new Rng(hashString(`${options.seed ?? 0}|${options.text.length}|${topic}`));
  let blocks = toBlocks(options.text);
  const applied: string[] = [];
  const skipped = [...parsed.unsupported.map((u) => `Not understood: "${u}"`)];
  const protectedPhrases = parsed.instructions.filter((i) => i.kind === 'include').map((i) => i.phrase.toLowerCase());
  const order: Instruction['kind'][] = ['title', 'removeSection', 'renameSection', 'addSection', 'exclude', 'tone', 'length', 'include'];
  const sorted = [...parsed.instructions].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const firstParagraph = () => {
    const h1 = blocks.findIndex((b) => b.type === 'heading' && b.level === 1);
    const i = blocks.findIndex((b, k) => k > h1 && b.type === 'paragraph');
    return i;
  };

  for (const ins of sorted) {
    switch (ins.kind) {
      case 'title': {
        const h1 = blocks.findIndex((b) => b.type === 'heading' && b.level === 1);
        if (h1 >= 0) (blocks[h1] as { text: string }).text = ins.title;
        else blocks.unshift({ type: 'heading', level: 1, text: ins.title });
        applied.push(`Title changed to "${ins.title}"`);
        break;
      }
      case 'removeSection': {
        const at = findHeading(blocks, ins.heading);
        if (at < 0) {
          skipped.push(`No section "${ins.heading}" to remove`);
          break;
        }
        const name = (blocks[at] as { text: string }).text;
        blocks.splice(at, sectionEnd(blocks, at) - at);
        applied.push(`Removed the section "${name}"`);
        break;
      }
      case 'renameSection': {
        const at = findHeading(blocks, ins.from);
        if (at < 0) {
          skipped.push(`No section "${ins.from}" to rename`);
          break;
        }
        const old = (blocks[at] as { text: string }).text;
        (blocks[at] as { text: string }).text = ins.to;
        applied.push(`Renamed "${old}" to "${ins.to}"`);
        break;
      }
      case 'addSection': {
        if (
          findHeading(blocks, ins.heading) >= 0 &&
          norm((blocks[findHeading(blocks, ins.heading)] as { text: string }).text) === norm(ins.heading)
        ) {
          skipped.push(`There already is a section "${ins.heading}"`);
          break;
        }
        const v = { h: ins.heading.toLowerCase(), H: cap(ins.heading), topic, Topic: cap(topic) };
        const added: Block[] = [{ type: 'heading', level: 2, text: ins.heading }];
        if (ins.list === 'checklist') {
          added.push(
            { type: 'paragraph', text: fill('Use this checklist to put {topic} into practice.', v) },
            { type: 'list', items: CHECKLIST.map((c) => fill(c, v)), ordered: false },
          );
        } else if (ins.list === 'faq') {
          for (const [q, a] of FAQ) added.push({ type: 'heading', level: 3, text: fill(q, v) }, { type: 'paragraph', text: fill(a, v) });
        } else {
          added.push({ type: 'paragraph', text: `${fill(rng.pick(SECTION_BODY), v)} ${fill(rng.pick(EXPAND), v)}` });
        }
        // before a closing "Conclusion"/"Next steps" section when there is one, else at the end
        const closing = blocks.findIndex(
          (b) => b.type === 'heading' && b.level === 2 && /^(conclusion|next steps|final thoughts|summary|wrapping up)/i.test(b.text),
        );
        const at = ins.list === 'faq' || closing < 0 ? blocks.length : closing;
        blocks.splice(at, 0, ...added);
        applied.push(`Added the section "${ins.heading}"`);
        break;
      }
      case 'exclude': {
        const phrase = ins.phrase.toLowerCase();
        let removed = 0;
        blocks = blocks.flatMap((b): Block[] => {
          if (b.type === 'paragraph') {
            const kept = sentencesOf(b.text).filter((s) => !s.toLowerCase().includes(phrase));
            removed += sentencesOf(b.text).length - kept.length;
            return kept.length ? [{ ...b, text: kept.join(' ') }] : [];
          }
          if (b.type === 'list') {
            const items = b.items.filter((it) => !it.toLowerCase().includes(phrase));
            removed += b.items.length - items.length;
            return items.length ? [{ ...b, items }] : [];
          }
          if (b.type === 'heading' && b.text.toLowerCase().includes(phrase)) {
            removed++;
            const text = b.text
              .replace(new RegExp(ins.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '')
              .replace(/\s{2,}/g, ' ')
              .replace(/(?:\s+(?:with|of|for|and|to|on|about|in|the|a|an))+\s*$/i, '')
              .replace(/^[\s:,-]+|[\s:,-]+$/g, '');
            return [{ ...b, text: text || (b.level === 1 ? cap(topic) : 'Overview') }];
          }
          return [b];
        });
        applied.push(removed ? `Removed ${removed} mention${removed === 1 ? '' : 's'} of "${ins.phrase}"` : `"${ins.phrase}" was not mentioned`);
        break;
      }
      case 'tone': {
        blocks = blocks.map((b) =>
          b.type === 'paragraph'
            ? { ...b, text: retone(b.text, ins.tone) }
            : b.type === 'list'
              ? { ...b, items: b.items.map((it) => retone(it, ins.tone)) }
              : b,
        );
        const first = firstParagraph();
        if (first >= 0) {
          const p = blocks[first] as { text: string };
          if (!p.text.includes(OPENERS[ins.tone])) p.text = `${p.text} ${OPENERS[ins.tone]}`;
        } else blocks.push({ type: 'paragraph', text: OPENERS[ins.tone] });
        const last = blocks.map((b) => b.type).lastIndexOf('paragraph');
        if (last >= 0 && last !== firstParagraph()) (blocks[last] as { text: string }).text += ` ${CLOSERS[ins.tone]}`;
        else blocks.push({ type: 'paragraph', text: CLOSERS[ins.tone] });
        applied.push(`Rewritten in a ${ins.tone} tone`);
        break;
      }
      case 'length': {
        const before = totalWords(blocks);
        const target = Math.max(30, Math.round(ins.words ?? before * (ins.ratio ?? 1)));
        blocks = target < before ? shorten(blocks, target, protectedPhrases) : lengthen(blocks, target, topic, rng);
        applied.push(
          `Length ${before} → ${totalWords(blocks)} words (asked: ${ins.words ? `${ins.words} words` : (ins.ratio ?? 1) < 1 ? 'shorter' : 'longer'})`,
        );
        break;
      }
      case 'include': {
        const have = countPhrase(fromBlocks(blocks), ins.phrase);
        const need = ins.times - have;
        if (need <= 0) {
          applied.push(`"${ins.phrase}" is already mentioned ${have}×`);
          break;
        }
        const templates = [...INCLUDE];
        for (let n = 0; n < need; n++) {
          const sentence = fill(templates.splice(rng.int(0, templates.length - 1), 1)[0] ?? INCLUDE[0], { x: ins.phrase });
          // first mention in the introduction, further ones in the body's paragraphs
          const paragraphs = blocks.map((b, i) => (b.type === 'paragraph' ? i : -1)).filter((i) => i >= 0);
          const target = n === 0 ? firstParagraph() : (paragraphs[Math.min(paragraphs.length - 1, n * 2)] ?? -1);
          if (target >= 0) (blocks[target] as { text: string }).text += ` ${sentence}`;
          else blocks.push({ type: 'paragraph', text: sentence });
        }
        applied.push(`Mentioned "${ins.phrase}" ${ins.times}×`);
        break;
      }
    }
  }
  return { text: fromBlocks(blocks), applied, skipped };
}

/** Drops sentences (last ones of the longest paragraphs first) and surplus list items until the text fits. */
function shorten(input: Block[], target: number, keep: readonly string[]): Block[] {
  const blocks = input.map((b) => (b.type === 'list' ? { ...b, items: [...b.items] } : { ...b }));
  const keeps = (s: string) => keep.some((k) => s.toLowerCase().includes(k));
  for (let guard = 0; guard < 2000 && totalWords(blocks) > target; guard++) {
    // the block with the most removable words
    let best = -1;
    let bestWords = 0;
    blocks.forEach((b, i) => {
      let removable = 0;
      if (b.type === 'paragraph') {
        const s = sentencesOf(b.text);
        if (s.length > 1) removable = wordCount(s.filter((x) => !keeps(x)).slice(-1)[0] ?? '');
      } else if (b.type === 'list' && b.items.length > 2) removable = wordCount(b.items.filter((x) => !keeps(x)).slice(-1)[0] ?? '');
      if (removable > bestWords) {
        best = i;
        bestWords = removable;
      }
    });
    if (best < 0) {
      // only one-sentence paragraphs and short lists are left: drop whole paragraphs (never the first one)
      const first = blocks.findIndex((b) => b.type === 'paragraph');
      const idx = blocks
        .map((b, i) => (b.type === 'paragraph' && i !== first && !keeps(b.text) ? i : -1))
        .filter((i) => i >= 0)
        .pop();
      if (idx === undefined) break;
      blocks.splice(idx, 1);
      continue;
    }
    const b = blocks[best] as Block;
    if (b.type === 'paragraph') {
      const s = sentencesOf(b.text);
      const drop = s
        .map((x, i) => (keeps(x) ? -1 : i))
        .filter((i) => i >= 0)
        .pop() as number;
      s.splice(drop, 1);
      b.text = s.join(' ');
    } else if (b.type === 'list') {
      const drop = b.items
        .map((x, i) => (keeps(x) ? -1 : i))
        .filter((i) => i >= 0)
        .pop() as number;
      b.items.splice(drop, 1);
    }
  }
  // a heading left with nothing under it goes too
  return blocks.filter(
    (b, i) =>
      !(
        b.type === 'heading' &&
        b.level >= 2 &&
        (i === blocks.length - 1 || (blocks[i + 1]?.type === 'heading' && (blocks[i + 1] as { level: number }).level <= b.level))
      ),
  );
}

/** Adds sentences about each section's subject, round-robin over the sections, until the text is long enough. */
function lengthen(input: Block[], target: number, topic: string, rng: Rng): Block[] {
  const blocks = input.map((b) => ({ ...b })) as Block[];
  if (!blocks.some((b) => b.type === 'paragraph')) blocks.push({ type: 'paragraph', text: fill(SECTION_BODY[0], { h: topic, topic }) });
  const used = new Map<number, Set<number>>();
  for (let guard = 0; guard < 400 && totalWords(blocks) < target; guard++) {
    const paragraphs = blocks.map((b, i) => (b.type === 'paragraph' ? i : -1)).filter((i) => i >= 0);
    const at = paragraphs[guard % paragraphs.length] as number;
    let heading = topic;
    for (let k = at; k >= 0; k--) {
      const b = blocks[k] as Block;
      if (b.type === 'heading' && b.level >= 2) {
        heading = b.text;
        break;
      }
    }
    const seen = used.get(at) ?? new Set<number>();
    const free = EXPAND.map((_, i) => i).filter((i) => !seen.has(i));
    if (!free.length) {
      // every sentence used here: start a new paragraph after this one
      blocks.splice(at + 1, 0, { type: 'paragraph', text: fill(rng.pick(EXPAND), { h: heading.toLowerCase(), topic }) });
      continue;
    }
    const pick = free[rng.int(0, free.length - 1)] as number;
    seen.add(pick);
    used.set(at, seen);
    (blocks[at] as { text: string }).text += ` ${fill(EXPAND[pick] as string, { h: heading.toLowerCase(), topic })}`;
  }
  return blocks;
}
