import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScreenEmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  actions?: ReactNode;
  /** Without a surrounding card, for full-bleed editors that draw their own surfaces. */
  bare?: boolean;
}

/** The real empty state of a screen or panel: what will appear here and the action that creates it. */
export function ScreenEmptyState({ icon, title, description, actions, bare = false }: ScreenEmptyStateProps) {
  const content = (
    <EmptyState icon={icon} title={title} description={description} variant="light" size="md" py={bare ? 'lg' : 48} px="md" data-testid="empty-state">
      {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
    </EmptyState>
  );
  if (bare) return content;
  return (
    <Paper withBorder radius="lg" style={{ borderStyle: 'dashed' }} bg="var(--mantine-color-default)">
      {content}
    </Paper>
  );
}
