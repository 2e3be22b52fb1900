import { ActionIcon, Anchor, Blockquote, Box, Code, CopyButton, Divider, Group, List, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Fragment, memo, type ReactNode, useMemo } from 'react';
import { type Block, type Inline, parseMarkdown } from './markdown';

/**
 * Renders chat markdown as React elements (see markdown.ts): text is always escaped by React, links
 * are http(s) only and open in a new tab without referrer, nothing is injected as HTML.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <Box fz="sm" lh={1.6} style={{ overflowWrap: 'anywhere' }} data-testid="markdown">
      <Blocks blocks={blocks} />
    </Box>
  );
});

function Blocks({ blocks, tight = false }: { blocks: Block[]; tight?: boolean }) {
  return (
    <>
      {blocks.map((block, i) => (
        // Blocks have no ids; their position is stable while a reply streams (it only grows).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>{renderBlock(block, i === 0, i === blocks.length - 1, tight)}</Fragment>
      ))}
    </>
  );
}

function renderBlock(block: Block, first: boolean, last: boolean, tight: boolean): ReactNode {
  const mt = first ? 0 : tight ? 4 : 'sm';
  const mb = last ? 0 : undefined;
  switch (block.type) {
    case 'heading': {
      const order = Math.min(6, block.level + 2) as 3 | 4 | 5 | 6;
      const size = block.level === 1 ? 'h4' : block.level === 2 ? 'h5' : 'h6';
      return (
        <Title order={order} size={size} mt={first ? 0 : 'md'} mb={last ? 0 : 6}>
          <Inlines nodes={block.children} />
        </Title>
      );
    }
    case 'paragraph':
      return (
        <Text component="p" inherit mt={mt} mb={mb ?? 0}>
          <Inlines nodes={block.children} />
        </Text>
      );
    case 'code':
      return (
        <Box mt={mt} mb={mb ?? 0}>
          <CodeBlock code={block.text} lang={block.lang} />
        </Box>
      );
    case 'list':
      return (
        <List
          type={block.ordered ? 'ordered' : 'unordered'}
          start={block.ordered ? block.start : undefined}
          size="sm"
          spacing={4}
          withPadding
          mt={mt}
          mb={mb ?? 0}
          styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}
        >
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional
            <List.Item key={i}>
              <Blocks blocks={item} tight />
            </List.Item>
          ))}
        </List>
      );
    case 'quote':
      return (
        <Blockquote color="gray" p="xs" pl="md" mt={mt} mb={mb ?? 0} radius="sm" fz="sm">
          <Blocks blocks={block.children} />
        </Blockquote>
      );
    case 'table':
      return (
        <Table.ScrollContainer minWidth={360} mt={mt} mb={mb ?? 0}>
          <Table withTableBorder withColumnBorders striped fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                {block.header.map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <Table.Th key={c} ta={block.align[c] ?? undefined}>
                    <Inlines nodes={cell} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <Table.Td key={c} ta={block.align[c] ?? undefined}>
                      <Inlines nodes={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    case 'hr':
      return <Divider my="sm" />;
  }
}

function Inlines({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: inline runs are positional
        <Fragment key={i}>{renderInline(node)}</Fragment>
      ))}
    </>
  );
}

function renderInline(node: Inline): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'br':
      return <br />;
    case 'code':
      return <Code fz="0.85em">{node.text}</Code>;
    case 'strong':
      return (
        <strong>
          <Inlines nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      );
    case 'del':
      return (
        <del>
          <Inlines nodes={node.children} />
        </del>
      );
    case 'link':
      return (
        <Anchor href={node.href} target="_blank" rel="noopener noreferrer nofollow" inherit underline="always">
          <Inlines nodes={node.children} />
        </Anchor>
      );
  }
}

/** A fenced code block: its language, a Copy button, and the code in a horizontally scrolling box. */
export function CodeBlock({ code, lang }: { code: string; lang: string }) {
  return (
    <Paper withBorder radius="md" bg="var(--mantine-color-default-hover)" data-testid="code-block" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="xs" c="dimmed" ff="monospace">
          {lang || 'code'}
        </Text>
        <CopyButton value={code} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy code'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={copied ? 'Copied' : 'Copy code'}>
                {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code block bg="transparent" fz="xs" style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
        {code}
      </Code>
    </Paper>
  );
}
