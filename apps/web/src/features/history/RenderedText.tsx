import { Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string };

/** Splits light markdown (headings, lists, quotes, paragraphs) into blocks. */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of source.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^[-*•]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      blocks.push({ kind: 'heading', level: Math.min(4, heading[1].length) as 1 | 2 | 3 | 4, text: heading[2] });
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      flush();
      const ordered = numbered !== null;
      const text = (numbered?.[1] ?? bullet?.[1] ?? '').trim();
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(text);
      else blocks.push({ kind: 'list', ordered, items: [text] });
    } else if (quote?.[1] !== undefined) {
      flush();
      blocks.push({ kind: 'quote', text: quote[1] });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** **bold**, *emphasis* and `code` inside a line, as React nodes (never HTML). */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${index++}-${at}`;
    if (token.startsWith('**')) out.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith('`')) out.push(<Code key={key}>{token.slice(1, -1)}</Code>);
    else out.push(<em key={key}>{token.slice(1, -1)}</em>);
    last = at + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A text generation's output, rendered (headings, lists, emphasis) rather than shown as raw markdown. */
export function RenderedText({ text }: { text: string }) {
  const blocks = parseBlocks(text);
  return (
    <Stack gap="sm" data-testid="rendered-text">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={key} order={Math.min(4, block.level + 1) as 2 | 3 | 4} fz={block.level === 1 ? 'xl' : block.level === 2 ? 'lg' : 'md'}>
                {inline(block.text)}
              </Title>
            );
          case 'list':
            return (
              <List key={key} type={block.ordered ? 'ordered' : 'unordered'} spacing={4} size="sm">
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items are static text
                  <List.Item key={j}>{inline(item)}</List.Item>
                ))}
              </List>
            );
          case 'quote':
            return (
              <Text key={key} size="sm" c="dimmed" fs="italic" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}>
                {inline(block.text)}
              </Text>
            );
          default:
            return (
              <Text key={key} size="sm" lh={1.6}>
                {inline(block.text)}
              </Text>
            );
        }
      })}
    </Stack>
  );
}
