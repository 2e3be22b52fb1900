import { Badge, Tooltip } from '@mantine/core';
import { ARTICLE_STATUS_META, type ArticleStatus } from './seoData';

/** An article's status as a coloured badge, with what it means on hover. */
export function StatusBadge({ status }: { status: ArticleStatus }) {
  const meta = ARTICLE_STATUS_META[status];
  return (
    <Tooltip label={meta.description}>
      <Badge color={meta.color} variant="light" data-testid="article-status" style={{ flexShrink: 0, overflow: 'visible' }}>
        {meta.label}
      </Badge>
    </Tooltip>
  );
}
