import { Anchor, Blockquote, Box, Code, Divider, Image, List, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, memo, type ReactNode, useMemo } from 'react';
import { Markdown } from '../chat/Markdown';
import { safeHref } from '../chat/markdown';
import { safeImageSrc } from './seoData';

/**
 * An article's content rendered safely. Markdown goes through the chat's parser (React elements,
 * never HTML); HTML is parsed with DOMParser — an inert document where no script runs and no image
 * loads — and rebuilt as React elements from an allowlist of tags and attributes. Nothing reaches the
 * page through innerHTML: <script>, <style>, <iframe>, event handlers and javascript: URLs are dropped.
 */
export const ArticlePreview = memo(function ArticlePreview({ content, format }: { content: string; format: 'markdown' | 'html' | string }) {
  return (
    <Box data-testid="article-preview" style={{ overflowWrap: 'anywhere' }}>
      {format === 'html' ? <SafeHtml html={content} /> : <MarkdownWithImages text={content} />}
    </Box>
  );
});

const IMAGE_LINE = /^\s*!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)\s*$/;

/** Markdown where a line that is only an image shows the image; everything else is the chat renderer. */
function MarkdownWithImages({ text }: { text: string }) {
  const parts = useMemo(() => {
    const out: Array<{ kind: 'md'; text: string } | { kind: 'img'; alt: string; src: string | null }> = [];
    let buffer: string[] = [];
    let inFence = false;
    for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      const image = inFence ? null : IMAGE_LINE.exec(line);
      if (image) {
        if (buffer.length) out.push({ kind: 'md', text: buffer.join('\n') });
        buffer = [];
        out.push({ kind: 'img', alt: image[1] ?? '', src: safeImageSrc(image[2]) });
      } else {
        buffer.push(line);
      }
    }
    if (buffer.length) out.push({ kind: 'md', text: buffer.join('\n') });
    return out;
  }, [text]);
  return (
    <Stack gap="sm">
      {parts.map((part, i) =>
        part.kind === 'md' ? (
          part.text.trim() ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <Markdown key={i} text={part.text} />
          ) : null
        ) : part.src ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
          <Image key={i} src={part.src} alt={part.alt} radius="md" mah={420} fit="contain" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
          <Text key={i} size="sm" c="dimmed">
            [image: {part.alt || 'unavailable'}]
          </Text>
        ),
      )}
    </Stack>
  );
}

/** Tags whose element (and everything inside) is dropped. Anything not listed anywhere is unwrapped to its children. */
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'head',
  'title',
]);

const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

function SafeHtml({ html }: { html: string }) {
  const nodes = useMemo(() => {
    if (typeof DOMParser === 'undefined') return [html];
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return children(doc.body, 'r');
  }, [html]);
  return (
    <Box fz="sm" lh={1.6}>
      {nodes}
    </Box>
  );
}

function children(node: Node, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  node.childNodes.forEach((child, i) => {
    const rendered = convert(child, `${key}.${i}`);
    if (rendered !== null) out.push(rendered);
  });
  return out;
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    // Whitespace between table rows or cells is not valid React/DOM content there.
    const parent = node.parentElement?.tagName.toLowerCase();
    if (parent && TABLE_PARTS.has(parent) && !text.trim()) return null;
    return text;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const kids = children(el, key);
  switch (tag) {
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Number(tag[1]);
      const order = Math.min(6, level + 2) as 3 | 4 | 5 | 6;
      return (
        <Title key={key} order={order} size={level === 1 ? 'h4' : level === 2 ? 'h5' : 'h6'} mt="md" mb={6}>
          {kids}
        </Title>
      );
    }
    case 'p':
      return (
        <Text key={key} component="p" inherit mt={0} mb="sm">
          {kids}
        </Text>
      );
    case 'br':
      return <br key={key} />;
    case 'hr':
      return <Divider key={key} my="sm" />;
    case 'strong':
    case 'b':
      return <strong key={key}>{kids}</strong>;
    case 'em':
    case 'i':
      return <em key={key}>{kids}</em>;
    case 'del':
    case 's':
      return <del key={key}>{kids}</del>;
    case 'code':
      return (
        <Code key={key} fz="0.85em">
          {el.textContent}
        </Code>
      );
    case 'pre':
      return (
        <Code key={key} block my="sm">
          {el.textContent}
        </Code>
      );
    case 'blockquote':
      return (
        <Blockquote key={key} color="gray" p="xs" pl="md" my="sm" radius="sm" fz="sm">
          {kids}
        </Blockquote>
      );
    case 'ul':
    case 'ol':
      return (
        <List key={key} type={tag === 'ol' ? 'ordered' : 'unordered'} size="sm" spacing={4} withPadding mb="sm">
          {Array.from(el.children)
            .filter((c) => c.tagName.toLowerCase() === 'li')
            .map((li, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: keys are positions in a static, parsed document
              <List.Item key={`${key}.li${i}`}>{children(li, `${key}.li${i}`)}</List.Item>
            ))}
        </List>
      );
    case 'li':
      return <Fragment key={key}>{kids}</Fragment>;
    case 'a': {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (!href) return <Fragment key={key}>{kids}</Fragment>;
      return (
        <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" inherit underline="always">
          {kids}
        </Anchor>
      );
    }
    case 'img': {
      const src = safeImageSrc(el.getAttribute('src'));
      const alt = el.getAttribute('alt') ?? '';
      if (!src) return alt ? <Fragment key={key}>[image: {alt}]</Fragment> : null;
      return <Image key={key} src={src} alt={alt} radius="md" mah={420} fit="contain" my="sm" />;
    }
    case 'figure':
      return (
        <Box key={key} component="figure" m={0} my="sm">
          {kids}
        </Box>
      );
    case 'figcaption':
      return (
        <Text key={key} size="xs" c="dimmed" ta="center">
          {kids}
        </Text>
      );
    case 'table':
      return (
        <Table.ScrollContainer key={key} minWidth={360} my="sm">
          <Table withTableBorder withColumnBorders striped fz="sm">
            {kids}
          </Table>
        </Table.ScrollContainer>
      );
    case 'thead':
      return <Table.Thead key={key}>{kids}</Table.Thead>;
    case 'tbody':
      return <Table.Tbody key={key}>{kids}</Table.Tbody>;
    case 'tr':
      return <Table.Tr key={key}>{kids}</Table.Tr>;
    case 'th':
      return <Table.Th key={key}>{kids}</Table.Th>;
    case 'td':
      return <Table.Td key={key}>{kids}</Table.Td>;
    default:
      // section, article, div, span, header… and unknown tags: keep the content, drop the element.
      return <Fragment key={key}>{kids}</Fragment>;
  }
}
