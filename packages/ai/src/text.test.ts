import { describe, expect, it } from 'vitest';
import { draftText, enhancePrompt, extractKeyPhrases, OFFLINE_WRITER_NOTICE, streamDraftText } from './text';

const PROMPT = 'Write a blog post about sustainable urban gardening for small apartments, composting and water saving';

describe('draftText', () => {
  it('is deterministic and labelled as the offline writer', async () => {
    const a = await draftText({ prompt: PROMPT, kind: 'article' });
    const b = await draftText({ prompt: PROMPT, kind: 'article' });
    expect(a.text).toBe(b.text);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.metadata.notice).toBe('Drafted by the offline local writer — not an AI model');
    expect(a.metadata.notice).toBe(OFFLINE_WRITER_NOTICE);
    expect(a.metadata.engine).toBe('local');
    expect(a.mime).toBe('text/markdown');
  });

  it('writes a structured markdown article from the prompt’s key phrases', async () => {
    const { text } = await draftText({ prompt: PROMPT, kind: 'article' });
    expect(text).toMatch(/^# Sustainable Urban Gardening/);
    const headings = text.match(/^## .+$/gm) ?? [];
    expect(headings.length).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/^## Conclusion$/m);
    expect(text).toMatch(/^- /m);
    for (const phrase of ['composting', 'water saving', 'small apartments']) expect(text.toLowerCase()).toContain(phrase);
    expect(extractKeyPhrases(PROMPT)).toEqual(expect.arrayContaining(['composting', 'water saving']));
  });

  it('respects maxWords', async () => {
    const r = await draftText({ prompt: PROMPT, kind: 'article', maxWords: 80 });
    expect(r.metadata.wordCount as number).toBeLessThanOrEqual(80);
    expect(r.text.startsWith('# ')).toBe(true);
  });

  it('answers chat turns with an honest note and streams exactly the same text', async () => {
    const opts = {
      prompt: 'How do I learn TypeScript generics?',
      kind: 'chat' as const,
      history: [{ role: 'user', content: 'Tell me about React hooks' }],
    };
    const reply = await draftText(opts);
    expect(reply.text).toContain('not an AI model');
    expect(reply.text).toMatch(/^1\. /m);
    const tokens: string[] = [];
    for await (const token of streamDraftText(opts)) tokens.push(token);
    expect(tokens.length).toBeGreaterThan(10);
    expect(tokens.join('')).toBe(reply.text);
  });

  it('stops streaming on abort', async () => {
    const controller = new AbortController();
    const received: string[] = [];
    const run = async () => {
      for await (const token of streamDraftText({ prompt: PROMPT, kind: 'article', signal: controller.signal })) {
        received.push(token);
        if (received.length === 5) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(received.length).toBe(5);
  });
});

describe('enhancePrompt', () => {
  it('adds type-specific cues deterministically', () => {
    const image = enhancePrompt({ prompt: 'a lighthouse on a cliff', type: 'image' });
    expect(image).toEqual(enhancePrompt({ prompt: 'a lighthouse on a cliff', type: 'image' }));
    expect(image.prompt.startsWith('a lighthouse on a cliff, ')).toBe(true);
    expect(image.prompt).toMatch(/light/);
    expect(image.prompt).toMatch(/composition|depth/);
    expect(image.engine).toBe('local');

    expect(enhancePrompt({ prompt: 'a lighthouse on a cliff', type: 'video' }).prompt).toMatch(/camera|shot|dolly|drone|push-in/);
    expect(enhancePrompt({ prompt: 'a lighthouse on a cliff', type: 'text' }).prompt).toMatch(/title/);
    const audio = enhancePrompt({ prompt: 'chill beat for studying', type: 'audio' });
    expect(audio.prompt).toMatch(/BPM/);
    expect(audio.prompt).toMatch(/piano|guitar|strings|synth/);
  });

  it('does not repeat cues the prompt already has', () => {
    const r = enhancePrompt({ prompt: 'oil painting of a harbour, dramatic lighting, rule of thirds', type: 'image' });
    expect(r.additions.some((a) => /lighting/.test(a))).toBe(false);
    expect(r.additions.some((a) => /painting|photograph|render|illustration/.test(a))).toBe(false);
  });
});
