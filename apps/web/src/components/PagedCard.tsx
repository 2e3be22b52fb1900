import { Box, Card, Group, Pagination, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from './feedback/QueryError';
import { ScreenEmptyState } from './ScreenEmptyState';

/** The part of a paginated query's state the card shows. */
export interface PagedQueryState {
  isPending: boolean;
  error: unknown;
  data: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedCardProps {
  query: PagedQueryState;
  /** Rows on the current page (0 shows the empty state). */
  count: number;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for screen readers: "transactions", "payments". */
  noun: string;
  skeletonRows?: number;
  empty: { icon: ReactNode; title: string; description: string };
  /** Phones: a compact list. */
  list: ReactNode;
  /** Wider screens: a table. */
  table: ReactNode;
}

/**
 * One page of a server-paginated list in a card: skeleton while loading, error with retry,
 * empty state, a compact list on phones and a table elsewhere (dimmed while the next page
 * loads), and the pager.
 */
export function PagedCard({ query, count, page, pages, onPageChange, noun, skeletonRows = 5, empty, list, table }: PagedCardProps) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" p="md" aria-busy="true" aria-label={`Loading ${noun}`}>
        {Array.from({ length: skeletonRows }, (_, i) => `skeleton-${i}`).map((key) => (
          <Skeleton key={key} h={38} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.error && !query.data) {
    body = <QueryError m="md" error={query.error} title={`Could not load the ${noun}`} onRetry={() => void query.refetch()} />;
  } else if (count === 0) {
    body = <ScreenEmptyState bare icon={empty.icon} title={empty.title} description={empty.description} />;
  } else {
    const dim = { opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' };
    body = (
      <>
        <Box hiddenFrom="sm" style={dim}>
          {list}
        </Box>
        <Box visibleFrom="sm" style={dim}>
          {table}
        </Box>
      </>
    );
  }
  return (
    <Card p={0}>
      {body}
      {pages > 1 ? (
        <Group justify="center" p="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm" aria-label={`Pages of ${noun}`} />
        </Group>
      ) : null}
    </Card>
  );
}

/** Row separators for the phone list inside a PagedCard. */
export const listRowStyle = (index: number) => (index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined);
