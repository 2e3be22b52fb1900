/**
 * Offline text engine: a deterministic template-based draft writer (NOT an AI model). It pulls key phrases out of
 * the prompt and arranges them into a structured markdown draft (title, intro, sections with bullets, conclusion),
 * a chat-style reply, or a general outline. Also a deterministic prompt enhancer.
 */
import { AbortError, type EngineResult, type EngineRunOptions, hashString, progressReporter, Rng, throwIfAborted } from './common';
import { type Instruction, parseInstructions, reviseText } from './text.instructions';

export const OFFLINE_WRITER_NOTICE = 'Drafted by the offline local writer — not an AI model';

export type DraftKind = 'article' | 'chat' | 'general';

export interface ChatTurn {
  role: 'user' | 'assistant' | 'system' | string;
  content: string;
}

export interface DraftTextOptions extends EngineRunOptions {
  prompt: string;
  kind?: DraftKind;
  /** Upper bound on the draft's word count (default: article 700, general 400, chat 250; minimum 40). */
  maxWords?: number;
  /** Earlier conversation turns (chat); the writer only uses them to keep topic continuity. */
  history?: ChatTurn[];
}

export interface DraftTextResult extends EngineResult {
  text: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Phrase extraction
// ---------------------------------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  (
    'a an the and or but nor so yet for of to in on at by with from into onto over under about above below between ' +
    'through during before after around across against among within without via per than then that this these those ' +
    'is am are was were be been being do does did doing have has had having can could should would will shall may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs who whom whose which what ' +
    'when where why how all any both each few more most other some such no not only own same too very just also even ' +
    'please write create make draft give generate tell explain describe list help want need like using use get ' +
    'article blog post essay piece story about regarding something things thing some one ones way ways really lot lots ' +
    "hi hello hey thanks thank ok okay yes there here if as it's i'm let's let me up out off again further once"
  ).split(/\s+/),
);

const INSTRUCTION_PREFIX =
  /^(?:(?:hey|hi|hello)[,!.\s]+)?(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:(?:write|create|draft|generate|compose|produce|make|give me|prepare)\s+(?:me\s+)?(?:an?|the|some)?\s*(?:\d+[- ]word\s+)?(?:short\s+|long\s+|detailed\s+|quick\s+)?(?:article|blog post|blog|post|essay|guide|piece|story|outline|overview|summary|draft|report|list|plan|text|copy)?\s*(?:about|on|for|regarding|covering|of)?\s*|(?:tell me|teach me|explain|describe|summari[sz]e)\s+(?:about\s+)?)/i;

function cleanTopic(prompt: string): string {
  let t = prompt.replace(/\s+/g, ' ').trim();
  t = t.replace(INSTRUCTION_PREFIX, '').trim();
  t = t.replace(/[?.!]+$/, '').trim();
  return t || prompt.trim();
}

function titleCase(text: string): string {
  const small = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'vs']);
  return text
    .split(' ')
    .map((w, i) => {
      if (/[A-Z].*[A-Z]/.test(w) || /\d/.test(w)) return w; // keep acronyms / mixed case / numbers
      const lower = w.toLowerCase();
      if (i > 0 && small.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** Key phrases: runs of non-stopwords (1–4 words), ranked by length, frequency and position. Exported for tests. */
export function extractKeyPhrases(text: string, limit = 6): string[] {
  const tokens = text.replace(/[“”"()[\]{}]/g, ' ').split(/(\s+|[,.;:!?/]+)/);
  const runs: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) runs.push(current);
    current = [];
  };
  for (const raw of tokens) {
    if (/^\s*$/.test(raw)) continue;
    if (/^[,.;:!?/]+$/.test(raw)) {
      flush();
      continue;
    }
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, '');
    if (!word || STOPWORDS.has(word.toLowerCase()) || (word.length < 3 && !/^[A-Z0-9]{2}$/.test(word))) {
      flush();
      continue;
    }
    current.push(word);
  }
  flush();
  const scores = new Map<string, { phrase: string; score: number; first: number }>();
  runs.forEach((run, position) => {
    // split long runs into windows of up to 4 words
    const pieces: string[][] = [];
    if (run.length <= 4) pieces.push(run);
    else for (let i = 0; i < run.length; i += 3) pieces.push(run.slice(i, i + 4));
    for (const piece of pieces) {
      const phrase = piece.join(' ');
      const key = phrase.toLowerCase();
      const existing = scores.get(key);
      if (existing) existing.score += 1.5;
      else scores.set(key, { phrase, score: piece.length * 1.2 + 1 - position * 0.05, first: position });
    }
  });
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || a.first - b.first);
  const chosen: string[] = [];
  for (const r of ranked) {
    const lower = r.phrase.toLowerCase();
    if (chosen.some((c) => c.toLowerCase().includes(lower) || lower.includes(c.toLowerCase()))) continue;
    chosen.push(r.phrase);
    if (chosen.length >= limit) break;
  }
  // restore prompt order for readability
  return chosen.sort((a, b) => (scores.get(a.toLowerCase())?.first ?? 0) - (scores.get(b.toLowerCase())?.first ?? 0));
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

// ---------------------------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------------------------

const HEADINGS = [
  'Understanding {p}',
  'Why {p} matters',
  'How to approach {p}',
  '{P} in practice',
  'Getting {p} right',
  'Common pitfalls with {p}',
  'A closer look at {p}',
] as const;

const SECTION_PARAGRAPHS = [
  '{P} sits at the heart of {topic}. Before going further, it helps to be clear about what it covers, who it affects and what a good outcome looks like.',
  'When it comes to {topic}, {p} is where most of the practical decisions happen. Treat it as a set of choices rather than a single step.',
  'A useful way to think about {p} is to separate the essentials from the nice-to-haves, then tackle the essentials first.',
  '{P} connects directly to {other}. Looking at the two together usually reveals trade-offs that are easy to miss in isolation.',
  'Readers new to {topic} often underestimate {p}. A short checklist and a concrete example go a long way here.',
] as const;

const BULLETS = [
  'Define what {p} means in your context and what success looks like.',
  'List the constraints (time, budget, skills, tools) that shape {p}.',
  'Start with a small, concrete example of {p} before generalising.',
  'Note how {p} relates to {other}.',
  'Identify one metric or signal that shows {p} is working.',
  'Write down open questions about {p} to research or test.',
  'Collect one or two reliable sources or references on {p}.',
  'Decide what to leave out: not every aspect of {p} needs covering.',
  'Check the draft for claims about {p} that need facts or figures.',
  'Add a real-world example or anecdote that illustrates {p}.',
] as const;

const HOW_TO_STEPS: readonly (readonly [string, string])[] = [
  ['Get clear on the goal', 'Decide what "done" looks like for {topic}, and note what you already know and what is missing.'],
  ['Learn the fundamentals', 'Pick one trusted resource and work through the core ideas behind {topic} before branching out.'],
  ['Practise on a small example', 'Apply what you have learned to a tiny, concrete task first; small wins make the bigger picture clearer.'],
  ['Review and fix common mistakes', 'Compare your results with good examples, note what differs, and adjust one thing at a time.'],
  ['Build a routine', 'Set aside a short, regular slot for {topic} so progress compounds instead of stalling.'],
];

/** 'learn X' → 'learning X', 'make X' → 'making X', 'set up X' → 'setting up X' (how-to prompts start with a verb). */
function gerund(phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const w = first.toLowerCase();
  if (!/^[a-z]+$/.test(w) || w.endsWith('ing') || w.length < 2) return phrase;
  let g: string;
  if (w.endsWith('ie')) g = `${w.slice(0, -2)}ying`;
  else if (w.endsWith('e') && !w.endsWith('ee') && w !== 'be') g = `${w.slice(0, -1)}ing`;
  else if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(w)) g = `${w}${w.slice(-1)}ing`;
  else g = `${w}ing`;
  return [g, ...rest].join(' ');
}

const INTROS = [
  'This draft looks at {topic}. It walks through {list}, then closes with practical next steps.',
  '{Topic} is easier to tackle when it is broken into parts. Below, the draft covers {list}, with pointers on what to research and refine.',
  'Here is a structured starting point on {topic}. It is organised around {list}, so each section can be expanded independently.',
] as const;

const CONCLUSIONS = [
  '{Topic} rewards a deliberate approach: clarify the goal, work through {list}, and revisit the plan as you learn more.',
  'Taken together, {list} give a solid frame for {topic}. The next step is to fill each section with specifics, examples and sources.',
  'There is no single right answer for {topic}, but focusing on {list} keeps the work grounded and easy to review.',
] as const;

const NEXT_STEPS = [
  'Pick the section that matters most to your audience and expand it first.',
  'Add facts, figures and sources where the draft makes claims.',
  'Replace the generic bullets with examples from your own context.',
  'Read the draft aloud and tighten anything that feels vague.',
  'Decide on a call to action or takeaway for the reader.',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Drafting
// ---------------------------------------------------------------------------------------------------------------

interface Plan {
  topic: string;
  title: string;
  phrases: string[];
  rng: Rng;
  isQuestion: boolean;
  isHowTo: boolean;
}

function plan(prompt: string, kind: DraftKind): Plan {
  const topic = cleanTopic(prompt);
  let shortTopic = topic;
  if (topic.split(' ').length > 6) {
    // long prompts: the topic is the part before the first list/clause break ("X for Y, A and B" → "X for Y")
    const head = topic.split(/[,;:]|\s(?:with|including|covering|focusing on|and how|so that|because)\s/i)[0]?.trim() ?? '';
    if (head.split(' ').length >= 2 && head.split(' ').length <= 10) shortTopic = head;
    else if (topic.split(' ').length > 10) shortTopic = extractKeyPhrases(topic, 2).join(' and ') || topic.split(' ').slice(0, 10).join(' ');
  }
  let phrases = extractKeyPhrases(topic, 5);
  if (phrases.length === 0) phrases = [shortTopic];
  const rng = new Rng(hashString(`${kind}|${prompt.trim()}`));
  const isQuestion = /\?\s*$/.test(prompt.trim()) || /^(what|why|how|when|where|who|which|is|are|can|should|do|does)\b/i.test(prompt.trim());
  const isHowTo = /^(how (do|can|to|should)|steps to|guide to|ways to)\b/i.test(topic) || /^how\b/i.test(prompt.trim());
  const stripped = shortTopic.replace(/^(how (do|can|should) (i|we|you)|how to|what is|what are|why (is|are|do|does))\s+/i, '');
  const title = isHowTo ? `How to ${titleCase(stripped.replace(/^to\s+/i, ''))}` : titleCase(stripped || shortTopic);
  const textTopic = isHowTo ? gerund((stripped || shortTopic).replace(/^to\s+/i, '')) : stripped || shortTopic;
  return { topic: textTopic, title, phrases, rng, isQuestion, isHowTo };
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0] as T);
  return out;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function sectionFor(p: Plan, phrase: string, index: number, headingTemplate: string, bulletCount: number): string {
  const other = p.phrases[(index + 1) % p.phrases.length] ?? p.topic;
  const vars = { p: phrase, P: cap(phrase), topic: p.topic, Topic: cap(p.topic), other: other === phrase ? p.topic : other };
  const heading = fill(headingTemplate, vars);
  const paragraph = fill(p.rng.pick(SECTION_PARAGRAPHS), vars);
  const bullets = pickDistinct(p.rng, BULLETS, bulletCount).map((b) => `- ${fill(b, vars)}`);
  return `## ${heading}\n\n${paragraph}\n\n${bullets.join('\n')}`;
}

function fitBlocks(blocks: string[], maxWords: number): string {
  const out: string[] = [];
  let used = 0;
  for (const block of blocks) {
    const n = countWords(block);
    if (used + n <= maxWords) {
      out.push(block);
      used += n;
      continue;
    }
    // partially include a block: keep whole lines while they fit (always keep at least the title)
    const lines = block.split('\n');
    const kept: string[] = [];
    for (const line of lines) {
      const ln = countWords(line);
      if (used + ln > maxWords) break;
      kept.push(line);
      used += ln;
    }
    while (kept.length > 0 && /^(#|\s*$)/.test(kept[kept.length - 1] ?? '')) kept.pop(); // no dangling headings
    if (kept.length > 0) out.push(kept.join('\n'));
    break;
  }
  if (out.length === 0) {
    const words = (blocks[0] ?? '').split(/\s+/).slice(0, maxWords);
    out.push(words.join(' '));
  }
  return out.join('\n\n');
}

function draftArticle(p: Plan, maxWords: number): string {
  const phrases = p.phrases.slice(0, 4);
  const list = p.isHowTo ? joinList(HOW_TO_STEPS.slice(0, 3).map(([h]) => h.toLowerCase())) : joinList(phrases);
  const vars = { topic: p.topic, Topic: cap(p.topic), list };
  const headings = pickDistinct(p.rng, HEADINGS, phrases.length);
  const blocks = [`# ${p.title}`];
  if (p.isHowTo) {
    const steps = HOW_TO_STEPS.map(([h, d]) => [h, fill(d, { topic: p.topic })] as const);
    blocks.push(fill(p.rng.pick(INTROS), vars));
    steps.forEach(([h, d], i) => {
      const bullets = pickDistinct(p.rng, BULLETS, 2).map((b) => `- ${fill(b, { p: p.topic, other: 'your goals' })}`);
      blocks.push(`## Step ${i + 1}: ${h}\n\n${d}\n\n${bullets.join('\n')}`);
    });
  } else {
    blocks.push(fill(p.rng.pick(INTROS), vars));
    phrases.forEach((phrase, i) => {
      blocks.push(sectionFor(p, phrase, i, headings[i] ?? HEADINGS[0], 3));
    });
  }
  if (phrases.length < 3 && !p.isHowTo) {
    // thin prompts: add generic but still topic-specific sections
    blocks.push(
      `## Key considerations\n\n${pickDistinct(p.rng, BULLETS, 3)
        .map((b) => `- ${fill(b, { p: p.topic, other: 'your goals' })}`)
        .join('\n')}`,
    );
  }
  blocks.push(`## Conclusion\n\n${fill(p.rng.pick(CONCLUSIONS), vars)}`);
  blocks.push(
    `## Next steps\n\n${pickDistinct(p.rng, NEXT_STEPS, 3)
      .map((s, i) => `${i + 1}. ${s}`)
      .join('\n')}`,
  );
  // keep the conclusion when trimming: fit the body into what is left
  const conclusion = blocks.splice(blocks.length - 2, 2);
  const conclusionWords = countWords(conclusion[0] ?? '');
  const body = fitBlocks(blocks, Math.max(10, maxWords - conclusionWords));
  const remaining = maxWords - countWords(body);
  const tail = fitBlocks(conclusion, Math.max(0, remaining));
  return remaining > 5 && tail ? `${body}\n\n${tail}` : body;
}

function draftGeneral(p: Plan, maxWords: number): string {
  const list = joinList(p.phrases.slice(0, 4));
  const vars = { topic: p.topic, Topic: cap(p.topic), list };
  const keyPoints = p.phrases.slice(0, 5).map((phrase, i) => {
    const b = BULLETS[(hashString(phrase) + i) % BULLETS.length] ?? BULLETS[0];
    return `- **${cap(phrase)}** — ${fill(b, { p: phrase, other: p.phrases[(i + 1) % p.phrases.length] ?? p.topic })}`;
  });
  if (keyPoints.length < 3) {
    for (const b of pickDistinct(p.rng, BULLETS, 4 - keyPoints.length)) keyPoints.push(`- ${fill(b, { p: p.topic, other: 'your goals' })}`);
  }
  const blocks = [
    `# ${p.title}`,
    `## Summary\n\n${fill(p.rng.pick(INTROS), vars)}`,
    `## Key points\n\n${keyPoints.join('\n')}`,
    `## Next steps\n\n${pickDistinct(p.rng, NEXT_STEPS, 3)
      .map((s, i) => `${i + 1}. ${s}`)
      .join('\n')}`,
  ];
  return fitBlocks(blocks, maxWords);
}

function draftChat(p: Plan, prompt: string, maxWords: number, history: ChatTurn[]): string {
  const trimmed = prompt.trim();
  if (/^(hi|hello|hey|good (morning|afternoon|evening)|yo|hiya)[!.,\s]*$/i.test(trimmed)) {
    return (
      'Hello! I am the offline local writer, so I work from templates rather than an AI model. ' +
      'Give me a topic and I can outline an article, list key points or sketch next steps for you.'
    );
  }
  const previousUser = [...history].reverse().find((t) => t.role === 'user' && t.content.trim() && t.content.trim() !== trimmed);
  const previousTopic = previousUser ? cleanTopic(previousUser.content) : undefined;
  const lines: string[] = [];
  const opener = p.isHowTo
    ? `Here is a step-by-step outline for **${p.topic}**:`
    : p.isQuestion
      ? `Good question. Here is a structured way to think about **${p.topic}**:`
      : `Here is a structured take on **${p.topic}**:`;
  if (previousTopic && previousTopic.toLowerCase() !== p.topic.toLowerCase() && previousTopic.split(' ').length <= 12) {
    lines.push(`Building on our earlier thread about *${previousTopic}* — ${opener.charAt(0).toLowerCase()}${opener.slice(1)}`);
  } else lines.push(opener);
  const points = p.isHowTo
    ? HOW_TO_STEPS.slice(0, 4).map(([h, d], i) => `${i + 1}. **${h}** — ${fill(d, { topic: p.topic })}`)
    : p.phrases.slice(0, 4).map((phrase, i) => {
        const b = BULLETS[(hashString(phrase) + i * 3) % BULLETS.length] ?? BULLETS[0];
        return `- **${cap(phrase)}** — ${fill(b, { p: phrase, other: p.phrases[(i + 1) % p.phrases.length] ?? p.topic })}`;
      });
  if (points.length < 3) {
    for (const b of pickDistinct(p.rng, BULLETS, 3 - points.length)) points.push(`- ${fill(b, { p: p.topic, other: 'your goals' })}`);
  }
  lines.push(points.join('\n'));
  lines.push(
    `**Next steps**\n\n${pickDistinct(p.rng, NEXT_STEPS, 2)
      .map((s) => `- ${s}`)
      .join('\n')}`,
  );
  lines.push('Want me to turn this into a full draft?');
  const body = fitBlocks(lines, Math.max(20, maxWords - 20));
  return `${body}\n\n_${OFFLINE_WRITER_NOTICE}. Connect an AI provider for model-written answers._`;
}

function composeDraft(options: DraftTextOptions): { text: string; kind: DraftKind; maxWords: number; plan: Plan; instructions: string[] } {
  const full = (options.prompt ?? '').trim();
  if (!full) throw new Error('draftText: prompt is required');
  const kind: DraftKind = options.kind === 'article' || options.kind === 'chat' ? options.kind : 'general';
  // Instructions in the prompt ("about 300 words", "friendly tone", "mention X", "add a FAQ") are carried out
  // on the draft; the rest of the prompt is what the draft is about.
  const parsed = kind === 'chat' ? null : parseInstructions(full);
  const prompt = parsed?.instructions.length && parsed.rest.trim() ? parsed.rest.trim() : full;
  const asked = parsed?.instructions.find((i): i is Extract<Instruction, { kind: 'length' }> => i.kind === 'length' && Boolean(i.words))?.words;
  const defaultWords = kind === 'article' ? 700 : kind === 'chat' ? 250 : 400;
  const maxWords = Math.max(40, Math.floor(asked ?? (options.maxWords && Number.isFinite(options.maxWords) ? options.maxWords : defaultWords)));
  const p = plan(prompt, kind);
  let text: string;
  if (kind === 'article') text = draftArticle(p, maxWords);
  else if (kind === 'chat') text = draftChat(p, prompt, maxWords, options.history ?? []);
  else text = draftGeneral(p, maxWords);
  let applied: string[] = [];
  if (parsed?.instructions.length) {
    const revised = reviseText({ text, instructions: parsed.instructions, topic: p.topic, seed: hashString(full) });
    text = revised.text;
    applied = revised.applied;
  }
  return { text: `${text.trim()}\n`, kind, maxWords, plan: p, instructions: applied };
}

/** Writes a deterministic markdown draft from the prompt (same input → same text). */
export async function draftText(options: DraftTextOptions): Promise<DraftTextResult> {
  const report = progressReporter(options.onProgress);
  throwIfAborted(options.signal);
  report(0);
  const { text, kind, maxWords, plan: p, instructions } = composeDraft(options);
  throwIfAborted(options.signal);
  report(100);
  return {
    data: Buffer.from(text, 'utf8'),
    mime: 'text/markdown',
    ext: 'md',
    text,
    metadata: {
      engine: 'local',
      model: 'local/text',
      notice: OFFLINE_WRITER_NOTICE,
      kind,
      maxWords,
      wordCount: countWords(text),
      title: p.title,
      keyPhrases: p.phrases,
      ...(instructions.length ? { instructions } : {}),
      historyTurns: options.history?.length ?? 0,
    },
  };
}

export interface StreamDraftTextOptions extends DraftTextOptions {
  /** Optional pause between tokens, to mimic a live model stream (default 0). */
  tokenDelayMs?: number;
}

/**
 * Streams exactly the text `draftText` returns, as word-sized tokens (each token is a word plus its trailing
 * whitespace, so `tokens.join('') === draft.text`). Throws AbortError when the signal fires.
 */
export async function* streamDraftText(options: StreamDraftTextOptions): AsyncGenerator<string, void, undefined> {
  const { signal } = options;
  throwIfAborted(signal);
  const report = progressReporter(options.onProgress);
  const { text } = composeDraft(options);
  const tokens = text.match(/^\s+|\S+\s*/g) ?? [];
  report(0);
  for (let i = 0; i < tokens.length; i++) {
    if (signal?.aborted) throw new AbortError();
    if (options.tokenDelayMs && options.tokenDelayMs > 0) await new Promise<void>((r) => setTimeout(r, options.tokenDelayMs));
    else if (i % 16 === 0) await new Promise<void>((r) => setImmediate(r));
    if (signal?.aborted) throw new AbortError();
    yield tokens[i] ?? '';
    report(((i + 1) / tokens.length) * 100);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Prompt enhancement
// ---------------------------------------------------------------------------------------------------------------

export type EnhanceType = 'image' | 'video' | 'text' | 'audio';

export interface EnhancePromptOptions {
  prompt: string;
  type: EnhanceType;
}

export interface EnhancedPrompt {
  /** The richer prompt. */
  prompt: string;
  original: string;
  type: EnhanceType;
  /** The cue phrases that were added, in order. */
  additions: string[];
  engine: 'local';
  notice: string;
}

interface CueGroup {
  /** skip this group if the prompt already mentions any of these words */
  skipIf: RegExp;
  options: readonly string[];
}

const IMAGE_CUES: CueGroup[] = [
  {
    skipIf: /\b(photo|photograph|painting|illustration|render|3d|watercolou?r|oil|sketch|anime|cartoon|digital art|style)\b/i,
    options: ['highly detailed digital painting', 'cinematic photograph', 'soft watercolour illustration', 'detailed 3D render', 'matte painting'],
  },
  {
    skipIf: /\b(light|lighting|lit|sunset|sunrise|dawn|dusk|night|moonlight|golden hour|neon|glow|shadows?)\b/i,
    options: ['soft golden-hour lighting', 'dramatic rim lighting', 'diffused natural light', 'moody volumetric light'],
  },
  {
    skipIf: /\b(composition|rule of thirds|close-up|wide shot|wide-angle|portrait|symmetr\w*|framing)\b/i,
    options: [
      'rule-of-thirds composition',
      'balanced symmetrical composition',
      'wide establishing composition',
      'layered foreground and background depth',
    ],
  },
  {
    skipIf: /\b(palette|colou?rs?|vibrant|pastel|monochrome)\b/i,
    options: ['rich harmonious colour palette', 'muted earthy palette', 'vibrant complementary colours'],
  },
  { skipIf: /\b(sharp|detailed|4k|8k|high resolution|quality)\b/i, options: ['sharp focus, fine detail'] },
];

const VIDEO_CUES: CueGroup[] = [
  {
    skipIf: /\b(dolly|pan|tracking|zoom|crane|drone|handheld|orbit|tilt|push-in|camera)\b/i,
    options: ['slow dolly-in camera move', 'smooth tracking shot', 'gentle aerial drone sweep', 'slow orbiting camera', 'subtle handheld push-in'],
  },
  {
    skipIf: /\b(lens|mm|depth of field|bokeh|anamorphic)\b/i,
    options: ['35mm lens with shallow depth of field', 'anamorphic widescreen look', '50mm lens, soft bokeh'],
  },
  {
    skipIf: /\b(light|lighting|lit|sunset|sunrise|golden hour|neon|night)\b/i,
    options: ['golden-hour lighting', 'soft overcast light', 'high-contrast cinematic lighting'],
  },
  {
    skipIf: /\b(slow motion|timelapse|time-lapse|pace|pacing|fps)\b/i,
    options: ['steady, unhurried pacing', 'subtle slow motion', 'natural motion at 24 fps'],
  },
  { skipIf: /\b(grade|graded|colou?r grading|film|cinematic)\b/i, options: ['cinematic colour grade', 'filmic contrast with soft highlights'] },
];

const AUDIO_CUES: CueGroup[] = [
  {
    skipIf: /\b(calm|sad|happy|uplifting|dark|energetic|melanchol\w*|mood|chill|epic|dreamy|tense)\b/i,
    options: ['warm, uplifting mood', 'calm and reflective mood', 'energetic, driving mood', 'dreamy, nostalgic mood'],
  },
  {
    skipIf: /\b(piano|guitar|synth\w*|strings|drums|bass|orchestra\w*|pads?|vocals?|brass|violin|instrument\w*)\b/i,
    options: [
      'soft piano and warm synth pads',
      'acoustic guitar with light percussion',
      'lush strings over a deep bass line',
      'analog synths with punchy drums',
    ],
  },
  { skipIf: /\b\d{2,3}\s*bpm\b|\b(tempo|bpm)\b/i, options: ['around 90 BPM', 'around 100 BPM', 'around 110 BPM'] },
  {
    skipIf: /\b(mix|production|produced|master\w*|lo-?fi|hi-?fi)\b/i,
    options: ['clean, modern production with gentle reverb', 'wide stereo mix with a clear low end'],
  },
  { skipIf: /\b(intro|outro|structure|verse|chorus|build)\b/i, options: ['short intro, steady build and a soft outro'] },
];

const TEXT_STRUCTURE = [
  'Structure it with a clear title, a short introduction, three to five sections with descriptive headings, and a concise conclusion.',
  'Use a clear title, an engaging opening paragraph, well-organised sections with headings and bullet points where useful, and a closing summary.',
] as const;
const TEXT_TONES = [
  'Write in a clear, friendly and authoritative tone for a general audience.',
  'Keep the tone practical and concrete, with examples a non-expert can follow.',
  'Aim for an engaging, conversational tone while staying accurate and specific.',
] as const;

/** Deterministically enriches a prompt with style/lighting/composition (image), camera (video), structure (text) or mood/instrumentation (audio) cues. */
export function enhancePrompt(options: EnhancePromptOptions): EnhancedPrompt {
  const original = (options.prompt ?? '').trim();
  if (!original) throw new Error('enhancePrompt: prompt is required');
  const type = options.type;
  const rng = new Rng(hashString(`${type}|${original.toLowerCase()}`));
  const additions: string[] = [];
  let prompt: string;
  if (type === 'text') {
    const topic = cleanTopic(original);
    const phrases = extractKeyPhrases(topic, 4);
    const base = /[.!?]$/.test(original) ? original : `${original}.`;
    const focus = phrases.length > 1 ? `Cover ${joinList(phrases)}.` : '';
    const structure = rng.pick(TEXT_STRUCTURE);
    const tone = /\b(tone|formal|casual|friendly|professional)\b/i.test(original) ? '' : rng.pick(TEXT_TONES);
    for (const part of [focus, structure, tone]) if (part) additions.push(part);
    additions.push('Include concrete examples and end with actionable takeaways.');
    prompt = [base, ...additions].join(' ');
  } else {
    const groups = type === 'image' ? IMAGE_CUES : type === 'video' ? VIDEO_CUES : type === 'audio' ? AUDIO_CUES : undefined;
    if (!groups) throw new RangeError(`enhancePrompt: unsupported type ${String(type)}`);
    for (const g of groups) {
      if (g.skipIf.test(original)) continue;
      let cue = rng.pick(g.options);
      if (type === 'audio' && /BPM/.test(cue)) {
        // keep the tempo cue consistent with the style/mood words
        if (/\b(chill|calm|lo-?fi|ambient|sad|relax\w*|sleep\w*|slow|peaceful|meditat\w*)\b/i.test(original)) cue = 'around 80 BPM';
        else if (/\b(energetic|dance|edm|house|techno|rock|upbeat|workout|fast|party)\b/i.test(original)) cue = 'around 124 BPM';
      }
      additions.push(cue);
    }
    const base = original.replace(/[.,;\s]+$/, '');
    prompt = additions.length > 0 ? `${base}, ${additions.join(', ')}` : base;
  }
  return { prompt, original, type, additions, engine: 'local', notice: 'Enhanced by the offline local prompt helper — not an AI model' };
}
